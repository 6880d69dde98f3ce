//! The solved Yut tables in the session, and the commands that read them:
//! `hint` (the win chance after every way to use the pending throws) and
//! `review` (each decision of the game so far against the best, and each
//! throw's luck). The front end gives a loader, as the session reads no
//! files; it is asked at every `hint`, `review` and `auto`, and looks at
//! the data directory again each time (a table solved meanwhile is used).

use super::Session;
use super::common::Common;
use super::yut_part::YutPart;
use crate::shell::commands::yut::{
    HINT_BUDGET, HINT_DECISION_BUDGET, HINT_GAMES, HINT_SAMPLES, ODDS_PLAYER, REVIEW_GAMES,
};
use crate::shell::error::ErrorKind;
use crate::shell::reply::Reply;
use crate::yut::player::solve::{
    Analysis, AnalysisError, Table, hint_game, hint_team, review_game,
};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Gives the solved tables (the front end looks at the data directory
/// each time, reading a table file only when it is new or changed);
/// empty when there are none.
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
        self.yut.tables = YutTableSource(Some(loader));
    }
}

impl YutPart {
    /// The solved tables (none without a loader).
    pub(super) fn tables(&self) -> Vec<Arc<Table>> {
        self.tables
            .0
            .as_ref()
            .map(|load| load())
            .unwrap_or_default()
    }

    /// The analysis of `hint` and the tutor's check: [`HINT_GAMES`] a use
    /// within the hint's budgets, no progress line.
    pub(super) fn hint_analysis<'a>(
        &'a self,
        c: &'a Common,
        tables: &'a [Arc<Table>],
    ) -> Analysis<'a> {
        self.analysis(
            c,
            tables,
            HINT_GAMES,
            Some(HINT_DECISION_BUDGET),
            HINT_BUDGET,
            None,
        )
    }

    /// The analysis setup of `hint` and `review`: the tables, the odds
    /// player, `games` a use, seeded from the game's random state (which
    /// does not advance: asking twice gives the same answer).
    pub(super) fn analysis<'a>(
        &'a self,
        c: &'a Common,
        tables: &'a [Arc<Table>],
        games: u64,
        decision_budget: Option<u64>,
        budget: u64,
        progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    ) -> Analysis<'a> {
        Analysis {
            tables,
            players: ODDS_PLAYER,
            games,
            decision_budget,
            budget,
            seed: Analysis::seed_of(self),
            samples: HINT_SAMPLES,
            threads: c.settings.threads(),
            stop: &c.live.interrupt,
            progress,
        }
    }

    /// `hint`: every way to use the pending throws with the chance the
    /// team to move wins after it, best first (the solved tables are
    /// asked for once the game is found to have throws to use).
    pub(super) fn hint(&self, c: &Common) -> Result<Reply, ErrorKind> {
        hint_team(self).map_err(ErrorKind::Play)?;
        c.live.reset_counters();
        let tables = self.tables();
        let setup = self.hint_analysis(c, &tables);
        let hint = hint_game(self, &setup).map_err(analysis_error)?;
        Ok(Reply::Hint(Box::new(hint)))
    }

    /// `review`: the Yut game since the last `reset yut`, read from its
    /// record, each decision against the best use of its throws.
    pub(super) fn review(&mut self, c: &Common) -> Result<Reply, ErrorKind> {
        c.live.reset_counters();
        let tables = self.tables();
        // The progress line counts the positions done (the points of
        // the game whose chance is estimated, then the decisions).
        let live = &c.live;
        let progress = |done: u64, of: u64| {
            if let (Some(d), Some(o)) = (live.games.first(), live.games.get(1)) {
                o.store(of, Ordering::Relaxed);
                d.store(done, Ordering::Relaxed);
            }
        };
        let setup = self.analysis(c, &tables, REVIEW_GAMES, None, HINT_BUDGET, Some(&progress));
        let report = review_game(&self.game.0, &setup).map_err(analysis_error)?;
        let seed = setup.seed;
        // The person's `?` and `??` uses, noted for the drill deck.
        self.found_drills(c, &report, seed);
        Ok(Reply::Review(Box::new(report)))
    }
}

/// A failed analysis as the shell says it.
fn analysis_error(e: AnalysisError) -> ErrorKind {
    match e {
        AnalysisError::Play(e) => ErrorKind::Play(e),
        AnalysisError::Interrupted => ErrorKind::Interrupted,
        AnalysisError::Replay(e) => ErrorKind::Problem(format!("cannot review the Yut game: {e}")),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::yut_game::YutGame;
    use super::*;
    use crate::interrupt::Never;
    use crate::shell::parse::parse_command;
    use crate::shell::reply::YutHint;
    use crate::yut::player::solve::Roles;
    use crate::yut::{Game, Play, Record, Roll, Station, Sticks, Team, Token, TokenState, Use};

    /// The one-token table, solved here (the solver is checked against an
    /// independent brute force in `tests/yut_solve.rs`); a cap of 2 keeps
    /// it quick.
    pub(in crate::shell::session) fn one_token_table() -> Arc<Table> {
        let mut table = Table::new(1, 2, Roles::SelfPlay);
        table.solve(Sticks::FAIR, &Never).expect("no interrupt");
        Arc::new(table)
    }

    /// Upper's A at home, lower's a on do, every other token escaped (a
    /// position the one-token table covers); upper has thrown a yut (a
    /// throw again) and then a do.
    pub(in crate::shell::session) fn catch_or_run() -> Play {
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

    /// The hint `run` gives, or a panic.
    /// Upper's A to do, lower's a to geol, upper's gae used by B: three
    /// moves, the last passing over a catch (A do -> geol takes a).
    fn missed_catch() -> Session {
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
        s
    }

    fn hint_of(s: &mut Session) -> YutHint {
        match run(s, "hint") {
            Ok(Reply::Hint(h)) => *h,
            other => panic!("a hint: {other:?}"),
        }
    }

    #[test]
    fn hint_ranks_the_catch_first_from_the_table() {
        // Upper's only token A is home, a yut and a do pending. Two
        // plans: the do first catches a on do (a goes home, upper throws
        // again, the yut still to use); the yut first takes A to yut and
        // the do then to mo, catching nothing and ending the turn. The
        // catch is worth more: A ends no further, a is a step further,
        // and upper has one throw less. The table's values are exact (no
        // interval), and the best plan's value is the best use's value
        // of the per-use ranking (the same solver under the same table).
        let mut s = Session::new();
        let table = one_token_table();
        let t = Arc::clone(&table);
        s.set_yut_table_loader(Arc::new(move || vec![Arc::clone(&t)]));
        s.yut.game = YutGame(Record::new(catch_or_run()));
        let hint = hint_of(&mut s);
        assert_eq!(hint.team, Team::Upper);
        let lines = &hint.turns.lines;
        let do_ = Use {
            token: Token::A,
            roll: Roll::Do,
        };
        let yut = Use {
            token: Token::A,
            roll: Roll::Yut,
        };
        let orders: Vec<&[Use]> = lines.iter().map(|l| l.plan.uses.as_slice()).collect();
        assert_eq!(orders, [&[do_][..], &[yut, do_][..]], "{lines:?}");
        assert!(lines.iter().all(|l| l.interval.is_none()), "{lines:?}");
        assert!(lines[0].chance > lines[1].chance + 1e-9, "{lines:?}");
        assert!(!lines[1].equal);
        use crate::yut::solve::{Mode, Turn, exact_choices};
        let mut turn =
            Turn::new(Sticks::FAIR.odds(), table.cap(), Mode::Max).reading_catch_starts();
        let uses = exact_choices(&table, &mut turn, &catch_or_run()).expect("covered");
        assert!(
            (uses[0].1 - lines[0].chance).abs() < 1e-12,
            "{uses:?} {lines:?}"
        );
        // The game is unchanged; the text says the values are exact, and
        // what each plan does.
        assert_eq!(*s.yut, catch_or_run());
        let text = crate::shell::render_yut_solve::hint_text(&hint);
        assert!(
            text.starts_with("upper to move, yut (4), do (1) pending: "),
            "{text}"
        );
        assert!(text.contains("(exact, from the solved table; "), "{text}");
        assert!(
            text.contains(
                "\n  move A do: A home -> do, catches a; throws again, then uses yut (4): "
            ),
            "{text}"
        );
        assert!(
            text.contains("\n  move A yut, then move A do: A home -> mo: "),
            "{text}"
        );
    }

    #[test]
    fn the_tables_answer_only_under_their_rules() {
        // The tables were solved for the contest's rules: with back-do on
        // or the catch bonus off the same position is not theirs to value
        // (a back-do changes the odds, no bonus changes the turn), and
        // `hint` says so in its heading.
        use crate::yut::House;
        use crate::yut::solve::{Mode, Turn, TurnHint, TurnLine, exact_choices, plans};
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
        let plan = plans(&play).0.remove(0);
        let hint = YutHint {
            team: Team::Upper,
            start: play,
            turns: TurnHint {
                lines: vec![TurnLine {
                    plan,
                    chance: 0.5,
                    interval: Some((0.4, 0.6)),
                    equal: false,
                    games: 1000,
                }],
                whole: true,
                games: 1000,
                played: 1000,
                positions: 0,
                cut: false,
                samples_cut: false,
            },
            outside: Some("back-do is on"),
        };
        let text = crate::shell::render_yut_solve::hint_text(&hint);
        assert!(
            text.contains("; the solved tables are for the contest's rules, and back-do is on):\n"),
            "{text}"
        );
    }

    #[test]
    fn a_hint_cut_by_its_budget_says_so() {
        // Lower with every token home has thrown a gae: one plan, a home
        // to gae. The heading names the games played instead of 1000,
        // and the positions that passed the budget; the line is as ever.
        use crate::yut::solve::{TurnHint, TurnLine, plans};
        let mut play = Play::new(Team::Lower, 0);
        play.throw("FFBB".parse().expect("gae")).expect("due");
        let (list, whole) = plans(&play);
        assert!(whole);
        let line = |plan, games| TurnLine {
            plan,
            chance: 1.0,
            interval: Some((0.962, 1.0)),
            equal: false,
            games,
        };
        let cut = |games, positions, lines| YutHint {
            team: Team::Lower,
            start: play,
            turns: TurnHint {
                lines,
                whole: true,
                games,
                played: games,
                positions,
                cut: true,
                samples_cut: false,
            },
            outside: None,
        };
        let text = crate::shell::render_yut_solve::hint_text(&cut(
            98,
            10_004_321,
            list.iter().cloned().map(|p| line(p, 98)).collect(),
        ));
        assert_eq!(
            text,
            "lower to move, gae (2) pending: the chance to win after every way to use them (orders that end alike as one), best first (estimated by 98 games a plan, not 1000: the games searched 10004321 positions, past the budget of 10000000; ai1 vs ai1, with 95% intervals; = marks a plan whose interval meets the best's):\n  move a gae: a home -> gae: 100.0% (96.2-100.0%)\n"
        );
        // One game is one game.
        let text = crate::shell::render_yut_solve::hint_text(&cut(
            1,
            10_000_000,
            list.into_iter().map(|p| line(p, 1)).collect(),
        ));
        assert!(
            text.contains("(estimated by 1 game a plan, not 1000: "),
            "{text}"
        );
    }

    #[test]
    fn review_counts_its_positions_for_the_progress_line() {
        // Three throws and three moves: seven points of the game (the
        // start and after each), none covered by a table, so seven
        // chances estimated; then the one decision with a choice (the
        // first two moves had one use each). The progress line's count
        // ends at 8 of 8.
        let mut s = missed_catch();
        let Ok(Reply::Review(_)) = run(&mut s, "review") else {
            panic!("a review");
        };
        let count = s
            .common
            .live
            .games
            .each_ref()
            .map(|n| n.load(Ordering::Relaxed));
        assert_eq!(count, [8, 8]);
    }

    #[test]
    fn hint_needs_throws_to_use() {
        // A fresh game: upper must throw first; nothing changes.
        let mut s = Session::new();
        let e = run(&mut s, "hint").expect_err("refused");
        assert!(e.0.contains("upper has to throw first"), "{e:?}");
        assert_eq!(*s.yut, Play::default());
    }

    #[test]
    fn auto_plays_the_tables_best_use() {
        // The catch position: with the table, `auto` (only picking, as the
        // throws were recorded) uses the do first and catches a.
        let mut s = Session::new();
        let table = one_token_table();
        s.set_yut_table_loader(Arc::new(move || vec![Arc::clone(&table)]));
        s.yut.game = YutGame(Record::new(catch_or_run()));
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
        let mut s = missed_catch();
        let before = s.yut.game.clone();
        let Ok(Reply::Review(report)) = run(&mut s, "review") else {
            panic!("a review");
        };
        assert_eq!(s.yut.game, before);
        assert_eq!(report.decisions.len(), 1, "{report:?}");
        assert_eq!(report.forced, 2);
        let (team, third) = &report.decisions[0];
        assert_eq!(*team, Team::Upper);
        assert_eq!(third.played.token, Token::B);
        assert_eq!(third.best.choice.token, Token::A, "{third:?}");
        assert!(third.loss > 0.0, "{third:?}");
        assert_eq!(report.total, [third.loss, 0.0]);
        let text = crate::shell::render_yut_solve::review_text(&report, 80, false);
        assert!(text.contains("\n  1. upper move B gae: lost "), "{text}");
        assert!(text.contains("(best move A gae "), "{text}");
        assert!(text.contains("2 forced moves"), "{text}");
        // Three throws (do, geol, gae), each with its luck, estimated (no
        // table): an interval each; lower's luck in all is its one
        // throw's. The chart has a point at the start and after each of
        // the three throws and three moves.
        let luck = &report.luck;
        assert_eq!(luck.throws.len(), 3);
        assert!(luck.estimated);
        assert!(luck.throws.iter().all(|t| t.interval.is_some()));
        let teams: Vec<Team> = luck.throws.iter().map(|t| t.team).collect();
        assert_eq!(teams, [Team::Upper, Team::Lower, Team::Upper]);
        assert_eq!(luck.total[1], luck.throws[1].luck);
        assert_eq!(luck.points.len(), 7);
        assert!(text.contains("\n  2. lower geol: "), "{text}");
        assert!(text.contains("\nluck in all: upper "), "{text}");
        // After `reset yut` there is nothing to review.
        run(&mut s, "reset yut").expect("resets");
        let Ok(Reply::Review(report)) = run(&mut s, "review") else {
            panic!("a review");
        };
        assert!(report.decisions.is_empty());
    }
}
