//! `save` then replay: for random sessions (Congo moves, free Yut turns,
//! throws and moves under the rules, `auto`, `undo`, `redo`, `fen`, resets), the
//! saved script, replayed in a fresh session, gives the same FEN, the same
//! Yut board and the same `history` (with `undo N` and `redo` among them).
//! With settings, `source` and random throws among the commands, the
//! replay also answers every query alike (`set` included) and throws the
//! same sticks next: the seed and the random state are saved.

use crate::common::files::NoDeck;
use boardsh::shell::{Diagnostic, Reporter, Runner, Session};
use proptest::prelude::*;

/// Ignores diagnostics (a random command may be refused: that is fine).
pub(crate) struct Quiet;

impl Reporter for Quiet {
    fn report(&mut self, _: &Diagnostic<'_>) {}
    fn message(&mut self, _: &str) {}
}

/// The output of `line` run in `runner`.
pub(crate) fn run(runner: &mut Runner<'_>, line: &str) -> String {
    let mut out = Vec::new();
    runner.run_line("<test>", 1, line, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

const FENS: [&str; 3] = [
    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
    "3l3/7/2p4/7/4P2/7/3L3 b 7",
    "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4",
];
const THROWS: [&str; 5] = ["FBBB", "FFBB", "FFFB", "FFFF", "BBBB"];
const TOKENS: [&str; 8] = ["A", "B", "C", "D", "a", "b", "c", "d"];

/// One random command, chosen by `pick` (moves are picked from the
/// session's legal ones).
fn command(session: &Session, pick: (u8, u8)) -> String {
    let (kind, n) = (usize::from(pick.0), usize::from(pick.1));
    match kind % 9 {
        0..=2 => {
            let moves = session.legal_move_names();
            match moves.get(n % moves.len().max(1)) {
                Some(m) => format!("play {m}"),
                None => "status".to_string(),
            }
        }
        3 => format!("move {} {}", TOKENS[n % 8], THROWS[n % 5]),
        4 => "throw".to_string(),
        5 => format!("move {}", TOKENS[n % 8]),
        6 => ["undo", "undo 2", "redo"][n % 3].to_string(),
        7 => match n % 4 {
            0 => "reset congo".to_string(),
            1 => "reset yut".to_string(),
            2 => "auto".to_string(),
            _ => format!("fen {}", FENS[n % 3]),
        },
        _ => format!("set seed {n}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn save_then_replay_rebuilds_the_session(picks in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..40)) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("saved.bsh");
        let file = file.to_str().unwrap();
        let (mut loader, mut quiet) = (NoDeck, Quiet);
        let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, true);
        for &pick in &picks {
            let line = command(&runner.session, pick);
            run(&mut runner, &line);
        }
        let want = run(&mut runner, "fen; show; history");
        run(&mut runner, &format!("save {file}"));
        drop(runner);

        let (mut loader, mut quiet) = (NoDeck, Quiet);
        let mut again = Runner::new(Session::new(), &mut loader, &mut quiet, false);
        run(&mut again, &format!("source {file}"));
        prop_assert_eq!(again.errors, 0, "the saved script replays without error");
        let got = run(&mut again, "fen; show; history");
        prop_assert_eq!(got, want);
    }
}

const SETS: [&str; 15] = [
    "set rules 2021",
    "set rules 2022",
    "set rules full",
    "set first lower",
    "set first upper",
    "set sticks 0.7",
    "set sticks 0.5",
    "set hash 2",
    "set quiet on",
    // The Yut house rules: the tokens a side from the next game (or now
    // on a game not begun), back-do and the catch bonus at once.
    "set tokens 2",
    "set tokens 5",
    "set back-do on",
    "set back-do off",
    "set catch-bonus off",
    "set catch-bonus on",
];

/// One random command of a wider mix: the above, settings, `source`.
pub(crate) fn wider(session: &Session, pick: (u8, u8), sourced: &str) -> String {
    let (kind, n) = (usize::from(pick.0), usize::from(pick.1));
    match kind % 12 {
        9 | 10 => SETS[n % SETS.len()].to_string(),
        11 => format!("source {sourced}"),
        _ => command(session, pick),
    }
}

/// Every query whose answer depends on the session.
const QUERIES: &str = "fen; board; show; turn; history; set";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_saved_session_comes_back_whole(picks in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..40)) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("saved.bsh");
        let file = file.to_str().unwrap();
        // A script to source: a Congo move, a random throw and a setting
        // (its changes are one `undo`).
        let sourced = dir.path().join("part.bsh");
        std::fs::write(&sourced, "throw\nset rules 2022\nreset congo\nplay c2c3\n").unwrap();
        let sourced = sourced.to_str().unwrap();
        let (mut loader, mut quiet) = (NoDeck, Quiet);
        let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, true);
        for &pick in &picks {
            let line = wider(&runner.session, pick, sourced);
            run(&mut runner, &line);
        }
        let want = run(&mut runner, QUERIES);
        run(&mut runner, &format!("save {file}"));
        // What comes next: ten random throws, ten turns of the computer.
        let next = "throw; throw; throw; throw; throw; throw; throw; throw; throw; throw; \
                    auto; auto; auto; auto; auto; auto; auto; auto; auto; auto";
        let want_next = run(&mut runner, next);
        drop(runner);

        let (mut loader, mut quiet) = (NoDeck, Quiet);
        let mut again = Runner::new(Session::new(), &mut loader, &mut quiet, false);
        run(&mut again, &format!("source {file}"));
        prop_assert_eq!(again.errors, 0, "the saved script replays without error");
        prop_assert_eq!(run(&mut again, QUERIES), want);
        prop_assert_eq!(run(&mut again, next), want_next);
    }
}

/// The case: a `set` made after a change that `undo` took back
/// stays in force, and the saved file says so.
#[test]
fn a_setting_after_an_undone_change_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s6.bsh");
    let file = file.to_str().unwrap();
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut runner = Runner::new(Session::new(), &mut loader, &mut quiet, true);
    run(
        &mut runner,
        &format!("fen 3l3/P6/7/7/7/7/3L3 w 0; play d1d2; set rules 2021; undo; save! {file}"),
    );
    // Under 2021 a pawn on the far rank stays a pawn (`P`); under the
    // full rules it would promote to a superpawn (`S`).
    let want = run(&mut runner, "play a6a7; fen");
    assert!(want.ends_with("P2l3/7/7/7/7/7/3L3 b 0\n"), "{want}");
    drop(runner);
    let (mut loader, mut quiet) = (NoDeck, Quiet);
    let mut again = Runner::new(Session::new(), &mut loader, &mut quiet, false);
    run(&mut again, &format!("source {file}"));
    assert_eq!(run(&mut again, "play a6a7; fen"), want);
}
