//! The endgame tables in the session: where they come from (the front end
//! gives a loader, as the session reads no files) and the `tb` command.

use super::Session;
use super::engine::Tools;
use super::history::CongoState;
use crate::congo::tablebase::Tablebase;
use crate::shell::error::ErrorKind;
use crate::shell::reply::{Reply, TbAnswer};
use crate::shell::settings::Settings;
use std::fmt;
use std::sync::Arc;

/// Gives the tables when first asked (the front end reads them from the
/// data directory once); `None` when there are none.
pub type TableLoader = Arc<dyn Fn() -> Option<Arc<Tablebase>> + Send + Sync>;

/// The session's source of tables: none, or a loader.
#[derive(Clone, Default)]
pub struct TableSource(Option<TableLoader>);

impl fmt::Debug for TableSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "TableSource(loader)"
        } else {
            "TableSource(none)"
        })
    }
}

impl TableSource {
    /// The tables, if the `tablebase` setting is on and there are some.
    pub(super) fn get(&self, settings: &Settings) -> Option<Arc<Tablebase>> {
        if !settings.tablebase {
            return None;
        }
        self.0.as_ref().and_then(|load| load())
    }
}

impl Session {
    /// Where the engine and `tb` get the endgame tables from.
    pub fn set_table_loader(&mut self, loader: TableLoader) {
        self.congo.tables = TableSource(Some(loader));
    }
}

impl CongoState {
    /// `tb`: the exact value of the position, from the tables.
    pub(super) fn tb(&self, tools: &Tools<'_>) -> Result<Reply, ErrorKind> {
        self.refuse_finished()?;
        let answer = match tools.tables() {
            None if !tools.settings.tablebase => TbAnswer::Off,
            None => TbAnswer::Missing,
            Some(tb) => match tb.verdict(self.position()) {
                Some(v) => TbAnswer::Verdict(v),
                None => TbAnswer::Outside {
                    max_pieces: tb.max_pieces(),
                },
            },
        };
        Ok(Reply::Tablebase(answer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::tablebase::{Material, Outcome, build};
    use crate::congo::{Piece, Position};
    use crate::interrupt::Never;
    use crate::shell::parse::parse_command;
    use crate::shell::render::search_line;

    /// The tables of a white zebra against the bare lion (and bare lions),
    /// built here (the builder is checked against an independent solver in
    /// `congo::tablebase`).
    fn zebra_tables() -> Arc<Tablebase> {
        let mut tb = Tablebase::new();
        let zebra = Material::new(&[Piece::from_char('Z').unwrap()]).unwrap();
        for m in zebra.closure() {
            let data = build(&m, &tb, &Never, &mut |_, _| {}).unwrap();
            tb.insert(m, data).unwrap();
        }
        Arc::new(tb)
    }

    fn run(session: &mut Session, line: &str) -> Reply {
        let cmd = parse_command(line).unwrap();
        let mut sink: Vec<Reply> = Vec::new();
        session.execute(&cmd, &mut sink).unwrap()
    }

    /// What `line` prints (its reply rendered).
    fn shown(session: &mut Session, line: &str) -> String {
        let mut out = Vec::<u8>::new();
        crate::shell::render::render(&run(session, line), false, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn tb_and_best_read_the_tables() {
        let tables = zebra_tables();
        // Lions on c1 and e7 (no shared line), the zebra on a4's file far off.
        let fen = "4l2/7/7/Z6/7/7/2L4 w 0";
        let pos: Position = fen.parse().unwrap();
        let probe = tables.probe(&pos).unwrap();
        assert_eq!(probe.outcome, Outcome::Win, "the zebra wins here");
        let mut session = Session::new();
        // No loader: says how to get tables.
        run(&mut session, &format!("fen {fen}"));
        assert_eq!(
            shown(&mut session, "tb"),
            "no tablebase: build one with `boardsh tablebase build`\n"
        );
        let t = Arc::clone(&tables);
        session.set_table_loader(Arc::new(move || Some(Arc::clone(&t))));
        let moves = probe.plies.div_ceil(2);
        assert_eq!(
            shown(&mut session, "tb"),
            format!("win in {} plies: White wins in {moves}\n", probe.plies)
        );
        let Reply::Search(info, to_move) = run(&mut session, "best depth 2") else {
            panic!("best gives a search line");
        };
        let line = search_line(&info, to_move);
        assert!(
            line.contains(&format!("score White wins in {moves} (tablebase) depth 2")),
            "{line}"
        );
        // The line is the tables' own: as many plies as the distance, each
        // legal, the last one ending the game.
        assert_eq!(info.pv.len() as u32, probe.plies, "{line}");
        let mut p = pos.clone();
        for mv in &info.pv {
            p = p.after(*mv).unwrap();
        }
        assert!(crate::congo::status(&p).is_over(), "{line}");
        // The move played keeps the fastest win: Black is then lost one
        // ply sooner.
        let next = pos.after(info.best.unwrap()).unwrap();
        let after = tables.probe(&next).unwrap();
        assert_eq!(
            (after.outcome, after.plies),
            (Outcome::Loss, probe.plies - 1)
        );
        // Off: the tables are not read.
        run(&mut session, "set tablebase off");
        assert_eq!(
            shown(&mut session, "tb"),
            "no tablebase: the tablebase setting is off\n"
        );
        // A position outside the tables says so.
        run(&mut session, "set tablebase on");
        run(&mut session, "fen 4l2/7/7/Z6/7/7/Z1L4 w 0");
        assert_eq!(
            shown(&mut session, "tb"),
            "not in the tablebase (it holds both lions in their castles and at most 3 pieces)\n"
        );
        // One ply is said in the singular (issue 38 read `win in 1 plies`):
        // the zebra on c5 takes the lion on d7 (a jump of one file and two
        // ranks), the game's last ply, so White wins in 1 move.
        run(&mut session, "fen 3l3/7/2Z4/7/7/7/2L4 w 0");
        assert_eq!(shown(&mut session, "tb"), "win in 1 ply: White wins in 1\n");
    }
}
