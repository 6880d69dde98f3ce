//! The solved Yut tables in the session, and the commands that read them:
//! `hint` (the win chance of every use of the pending throws) and
//! `review` (each decision of the game so far against the best). The
//! front end gives a loader, as the session reads no files; the tables
//! are loaded when first asked.

use super::Session;
use super::yut_game::YutPart;
use crate::shell::command::{Command, ResetTarget};
use crate::shell::commands::yut::{
    HINT_BUDGET, HINT_DECISION_BUDGET, HINT_GAMES, ODDS_PLAYER, REVIEW_GAMES,
};
use crate::shell::error::ErrorKind;
use crate::shell::live::Live;
use crate::shell::reply::{HintCut, Reply, ReviewReport};
use crate::yut::player::solve::{Players, Table, board_of, covers, hint_within, review};
use crate::yut::{House, Phase, Play, PlayError, Team, Use};
use std::fmt;
use std::sync::Arc;

/// Gives the solved tables when first asked (the front end reads them
/// from the data directory once); empty when there are none.
pub type YutTableLoader = Arc<dyn Fn() -> Vec<Arc<Table>> + Send + Sync>;

/// The session's source of solved Yut tables: none, or a loader.
#[derive(Clone, Default)]
pub struct YutTableSource(Option<YutTableLoader>);

impl fmt::Debug for YutTableSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "YutTableSource(loader)"
        } else {
            "YutTableSource(none)"
        })
    }
}

impl Session {
    /// Where `hint`, `review` and `auto` get the solved Yut tables from.
    pub fn set_yut_table_loader(&mut self, loader: YutTableLoader) {
        self.yut_tables = YutTableSource(Some(loader));
    }

    /// The solved tables (none without a loader).
    pub(super) fn yut_tables(&self) -> Vec<Arc<Table>> {
        self.yut_tables
            .0
            .as_ref()
            .map(|load| load())
            .unwrap_or_default()
    }

    /// A table that values `play`'s position, if any.
    fn table_for(tables: &[Arc<Table>], play: &Play) -> Option<Arc<Table>> {
        let (board, _) = board_of(play);
        tables.iter().find(|t| covers(t, board)).cloned()
    }

    /// `hint`, with the solved tables when first asked.
    pub(super) fn hint(&mut self) -> Result<Reply, ErrorKind> {
        self.yut.hint(&self.live, || self.yut_tables())
    }

    /// `review`: the Yut game since the last `reset yut`, replayed from
    /// the record, each decision against the best use of its throws.
    pub(super) fn review(&mut self) -> Result<Reply, ErrorKind> {
        let (decisions, skipped) = self.yut_decisions()?;
        self.live.reset_counters();
        let tables = self.yut_tables();
        // Seeded from the game's random state, which does not advance:
        // asking twice gives the same answer.
        let mut rng = self.yut.rng();
        let seed = rng.next_u64();
        let sticks = self.yut.sticks();
        let mut up = ODDS_PLAYER.build(sticks, seed ^ 1);
        let mut low = ODDS_PLAYER.build(sticks, seed ^ 2);
        let mut out = Vec::new();
        let mut total = [0.0; 2];
        let mut forced = 0;
        for (play, used) in decisions {
            // One use only (say every token at home): no choice, no loss.
            if play.uses().len() <= 1 {
                forced += 1;
                continue;
            }
            let table = Self::table_for(&tables, &play);
            let team = play.to_move();
            let (mut one, _) = review(
                &[(play, used)],
                table.as_deref(),
                &mut *up,
                &mut *low,
                REVIEW_GAMES,
                seed,
                &self.live.interrupt,
            )
            .map_err(|_| ErrorKind::Interrupted)?;
            if let Some(r) = one.pop() {
                if let Some(t) = total.get_mut(team as usize) {
                    *t += r.loss;
                }
                out.push((team, r));
            }
        }
        Ok(Reply::Review(Box::new(ReviewReport {
            decisions: out,
            total,
            skipped,
            forced,
            games: REVIEW_GAMES,
        })))
    }

    /// The decisions of the Yut game since the last `reset yut`: the game
    /// before each move by a pending throw, and the use made; with the
    /// number of free turns (`move A FBFB`) passed over.
    fn yut_decisions(&self) -> Result<(Vec<(Play, Use)>, usize), ErrorKind> {
        let problem = |why: &str| ErrorKind::Problem(format!("cannot review the Yut game: {why}"));
        let commands = self.record.transcript.yut_commands().map_err(problem)?;
        let start = |first: Team, house: House| {
            let mut play = Play::default();
            play.set_sticks(self.yut.sticks());
            play.set_first(first);
            play.set_house(house);
            play
        };
        let mut play = start(self.yut.first(), self.yut.house());
        // A game begins with the first throw or move after a reset, with
        // the team that command ran under throwing first.
        let mut fresh = true;
        let mut out = Vec::new();
        let mut skipped = 0;
        for (cmd, first, house) in commands {
            if fresh
                && matches!(
                    cmd,
                    Command::Throw(_) | Command::MoveBy(..) | Command::Move(..)
                )
            {
                play = start(first, house);
                fresh = false;
            }
            match cmd {
                Command::Reset(ResetTarget::Both | ResetTarget::Yut) => {
                    fresh = true;
                    play = start(self.yut.first(), self.yut.house());
                    out.clear();
                    skipped = 0;
                }
                Command::Throw(Some(t)) => {
                    // Back-do and the catch bonus as they were for it.
                    play.set_house(house);
                    play.throw(*t)
                        .map_err(|_| problem("a throw does not replay"))?;
                }
                Command::MoveBy(token, Some(roll)) => {
                    play.set_house(house);
                    let before = play;
                    play.play(*token, *roll)
                        .map_err(|_| problem("a move does not replay"))?;
                    out.push((
                        before,
                        Use {
                            token: *token,
                            roll: *roll,
                        },
                    ));
                }
                Command::Move(token, throw) => {
                    play.replay(*token, *throw)
                        .map_err(|_| problem("a free turn does not replay"))?;
                    skipped += 1;
                }
                _ => {}
            }
        }
        if play.game() != self.yut.game() {
            return Err(problem("the record does not lead to the game on the board"));
        }
        Ok((out, skipped))
    }
}

impl YutPart {
    /// `hint`: every use of the pending throws with the chance the team
    /// to move wins after it, best first (`tables`: the solved tables,
    /// asked for once the game is found to have throws to use).
    fn hint(
        &self,
        live: &Live,
        tables: impl FnOnce() -> Vec<Arc<Table>>,
    ) -> Result<Reply, ErrorKind> {
        let team = match self.phase() {
            Phase::Over(w) => return Err(ErrorKind::Play(PlayError::Over(w))),
            Phase::Throw(t) => return Err(ErrorKind::Play(PlayError::MustThrow(t))),
            Phase::Move(t) => t,
        };
        live.reset_counters();
        let tables = tables();
        let table = Session::table_for(&tables, &self.0);
        // Seeded from the game's random state, which does not advance:
        // asking twice gives the same answer.
        let mut rng = self.rng();
        let seed = rng.next_u64();
        let sticks = self.sticks();
        let mut up = ODDS_PLAYER.build_bounded(sticks, seed ^ 1, HINT_DECISION_BUDGET);
        let mut low = ODDS_PLAYER.build_bounded(sticks, seed ^ 2, HINT_DECISION_BUDGET);
        let players = Players {
            upper: &mut *up,
            lower: &mut *low,
        };
        let report = hint_within(
            &self.0,
            table.as_deref(),
            players,
            HINT_GAMES,
            seed,
            HINT_BUDGET,
            &live.interrupt,
        )
        .map_err(|_| ErrorKind::Interrupted)?;
        // Tables exist but these house rules are not theirs: say why the
        // chances are estimated.
        let outside = self.rules().outside_tables().filter(|_| !tables.is_empty());
        let cut = report.cut.then_some(HintCut {
            games: report.games,
            positions: report.positions,
        });
        Ok(Reply::Hint(team, report.lines, outside, cut))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::shell::parse::parse_command;
    use crate::yut::player::solve::{Roles, solve_layer};
    use crate::yut::{Game, Roll, Station, Sticks, Token, TokenState};

    /// The one-token table, solved here (the solver is checked against an
    /// independent brute force in `tests/yut_solve.rs`); a cap of 2 keeps
    /// it quick.
    fn one_token_table() -> Arc<Table> {
        let mut table = Table::new(1, 2, Roles::SelfPlay);
        for e in (0..table.index().layers()).rev() {
            solve_layer(&mut table, e, Sticks::FAIR.odds(), &Never, &mut |_| {})
                .expect("no interrupt");
        }
        Arc::new(table)
    }

    /// Upper's A at home, lower's a on do, every other token escaped (a
    /// position the one-token table covers); upper has thrown a yut (a
    /// throw again) and then a do.
    fn catch_or_run() -> Play {
        let mut g = Game::new();
        for t in [Token::B, Token::C, Token::D, Token::b, Token::c, Token::d] {
            while g.state(t) != TokenState::Escaped {
                g.apply(t, Roll::Mo.throw()).expect("a free move");
            }
        }
        g.apply(Token::a, Roll::Do.throw()).expect("a free move");
        assert_eq!(g.state(Token::a), TokenState::On(Station::Do));
        let mut play = Play::new(Team::Upper, 0);
        play.set_board(g);
        play.throw("FFFF".parse().expect("yut")).expect("due");
        play.throw("FBBB".parse().expect("do")).expect("due");
        play
    }

    fn run(s: &mut Session, line: &str) -> Result<Reply, ExecErrorText> {
        let cmd = parse_command(line).expect("parses");
        s.execute(&cmd, &mut Vec::<Reply>::new())
            .map_err(|e| ExecErrorText(e.to_string()))
    }

    #[derive(Debug)]
    struct ExecErrorText(String);

    #[test]
    fn hint_ranks_the_catch_first_from_the_table() {
        // Using the do first catches a on do: a goes home and upper
        // throws again, then the yut takes A on to mo. Using the yut first
        // takes A to yut, the do then to mo, and nothing is caught: A
        // ends no further, a is a step further, and upper has one throw
        // less. So the catch is worth more, and the table's values (exact:
        // no interval) say so.
        let mut s = Session::new();
        let table = one_token_table();
        s.set_yut_table_loader(Arc::new(move || vec![Arc::clone(&table)]));
        s.yut.0 = catch_or_run();
        let Ok(Reply::Hint(team, lines, _, _)) = run(&mut s, "hint") else {
            panic!("a hint");
        };
        assert_eq!(team, Team::Upper);
        let rolls: Vec<Roll> = lines.iter().map(|l| l.choice.roll).collect();
        assert_eq!(rolls, [Roll::Do, Roll::Yut], "{lines:?}");
        assert!(lines.iter().all(|l| l.interval.is_none()), "{lines:?}");
        assert!(lines[0].chance > lines[1].chance, "{lines:?}");
        // The game is unchanged; the text says the values are exact.
        assert_eq!(s.yut.0, catch_or_run());
        let text = crate::shell::render_yut_solve::hint_text(team, &lines, None, None);
        assert!(text.starts_with("upper to move: "), "{text}");
        assert!(text.contains("(exact, from the solved table)"), "{text}");
        assert!(text.contains("\n  move A do: "), "{text}");
    }

    #[test]
    fn the_tables_answer_only_under_their_rules() {
        // The tables were solved for the contest's rules: with back-do on
        // or the catch bonus off the same position is not theirs to value
        // (a back-do changes the odds, no bonus changes the turn), and
        // `hint` says so in its heading.
        use crate::yut::House;
        use crate::yut::solve::{HintLine, Mode, Turn, exact_choices};
        let table = one_token_table();
        let mut turn = Turn::new(Sticks::FAIR.odds(), table.cap(), Mode::Max);
        let play = catch_or_run();
        assert!(exact_choices(&table, &mut turn, &play).is_some());
        for house in [
            House {
                back_do: true,
                ..House::CONTEST
            },
            House {
                catch_bonus: false,
                ..House::CONTEST
            },
        ] {
            let mut p = play;
            p.set_house(house);
            assert!(exact_choices(&table, &mut turn, &p).is_none(), "{house:?}");
            assert!(p.rules().outside_tables().is_some());
        }
        let line = HintLine {
            choice: Use {
                token: Token::A,
                roll: Roll::Do,
            },
            chance: 0.5,
            interval: Some((0.4, 0.6)),
        };
        let text = crate::shell::render_yut_solve::hint_text(
            Team::Upper,
            &[line],
            Some("back-do is on"),
            None,
        );
        assert!(
            text.contains("; the solved tables are for the contest's rules, and back-do is on):\n"),
            "{text}"
        );
    }

    #[test]
    fn a_hint_cut_by_its_budget_says_so() {
        // The heading names the games played instead of 1000, and the
        // positions that passed the budget; the lines are as ever.
        use crate::shell::reply::HintCut;
        use crate::yut::solve::HintLine;
        let line = HintLine {
            choice: Use {
                token: Token::a,
                roll: Roll::Mo,
            },
            chance: 1.0,
            interval: Some((0.962, 1.0)),
        };
        let cut = HintCut {
            games: 98,
            positions: 10_004_321,
        };
        let text = crate::shell::render_yut_solve::hint_text(Team::Lower, &[line], None, Some(cut));
        assert_eq!(
            text,
            "lower to move: the chance to win after each use, best first (estimated by 98 games a use, not 1000: the games searched 10004321 positions, past the budget of 10000000; ai1 vs ai1, with 95% intervals):\n  move a mo: 100.0% (96.2-100.0%)\n"
        );
        // One game is one game.
        let one = HintCut {
            games: 1,
            positions: 10_000_000,
        };
        let text = crate::shell::render_yut_solve::hint_text(Team::Lower, &[line], None, Some(one));
        assert!(
            text.contains("(estimated by 1 game a use, not 1000: "),
            "{text}"
        );
    }

    #[test]
    fn hint_needs_throws_to_use() {
        // A fresh game: upper must throw first; nothing changes.
        let mut s = Session::new();
        let e = run(&mut s, "hint").expect_err("refused");
        assert!(e.0.contains("upper has to throw first"), "{e:?}");
        assert_eq!(s.yut.0, Play::default());
    }

    #[test]
    fn auto_plays_the_tables_best_use() {
        // The catch position: with the table, `auto` (only picking, as the
        // throws were recorded) uses the do first and catches a.
        let mut s = Session::new();
        let table = one_token_table();
        s.set_yut_table_loader(Arc::new(move || vec![Arc::clone(&table)]));
        s.yut.0 = catch_or_run();
        let Ok(Reply::Auto(steps)) = run(&mut s, "auto") else {
            panic!("a turn");
        };
        let Some(crate::yut::Step::Moved(first)) = steps.first() else {
            panic!("{steps:?}");
        };
        assert_eq!(first.roll, Roll::Do, "{steps:?}");
        // a went home.
        assert_eq!(s.yut.game().state(Token::a), TokenState::Home);
    }

    #[test]
    fn review_replays_the_record_and_prices_a_missed_catch() {
        // Upper's A to do, lower's a to geol, then upper throws a gae: A
        // (do -> geol) catches a, sending it back three stations, and
        // throws again; B (home -> gae) moves as far but catches nothing
        // and ends the turn. Upper plays B: the catch was worth more (the
        // same two steps, an extra throw, and a three steps back). The
        // first two moves had one use each (the tokens at home are one
        // group): forced, not reviewed. (No table covers these
        // positions: the chances are estimated by games played out,
        // paired across the uses.)
        let mut s = Session::new();
        for line in [
            "throw FBBB",
            "move A",
            "throw FFFB",
            "move a",
            "throw FFBB",
            "move B",
        ] {
            run(&mut s, line).expect("plays");
        }
        let before = s.yut;
        let Ok(Reply::Review(report)) = run(&mut s, "review") else {
            panic!("a review");
        };
        assert_eq!(s.yut, before);
        assert_eq!(report.decisions.len(), 1, "{report:?}");
        assert_eq!(report.forced, 2);
        let (team, third) = &report.decisions[0];
        assert_eq!(*team, Team::Upper);
        assert_eq!(third.played.token, Token::B);
        assert_eq!(third.best.choice.token, Token::A, "{third:?}");
        assert!(third.loss > 0.0, "{third:?}");
        assert_eq!(report.total, [third.loss, 0.0]);
        let text = crate::shell::render_yut_solve::review_text(&report);
        assert!(text.contains("\n  1. upper move B gae: lost "), "{text}");
        assert!(text.contains("(best move A gae "), "{text}");
        assert!(text.contains("2 forced moves"), "{text}");
        // After `reset yut` there is nothing to review.
        run(&mut s, "reset yut").expect("resets");
        let Ok(Reply::Review(report)) = run(&mut s, "review") else {
            panic!("a review");
        };
        assert!(report.decisions.is_empty());
    }
}
