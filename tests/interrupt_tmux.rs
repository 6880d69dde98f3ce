//! Every long command at the prompt stops at Ctrl-C: tmux runs boardsh,
//! types the command, presses Ctrl-C after a second and checks that the
//! prompt is back within 1 s (3 s on a machine loaded past twice its
//! cores, as in `repl_tmux.rs`) and that the session answers as before.
//! Passes without checking when tmux is not installed.

use crate::common::test::{BIN, ENV};
use crate::common::tmux::{Tmux, ask, have_tmux, output_of, prompt_limit};
use std::path::Path;
use std::time::{Duration, Instant};

/// The prompt in tmux, its history in `dir`, and `dir` its data
/// directory: the user's solved Yut tables (hundreds of MB, read at the
/// first `hint` or `auto`) are not this test's to time.
fn start(tag: &str, dir: &Path) -> Tmux {
    let shell = format!(
        "{ENV} BOARDSH_HISTORY='{}' XDG_DATA_HOME='{}' '{BIN}' --color never; sleep 30",
        dir.join("history").display(),
        dir.display(),
    );
    let tmux = Tmux::new(tag, &shell);
    tmux.prompts(1);
    tmux
}

/// Run `setup` lines, then `long`; Ctrl-C after 1 s; the prompt must be
/// back in time, and `fen` and `turn` answer as before. A command that
/// finished within the second (a bounded `auto` in a fast build) passes
/// too: nothing was left to stop.
fn stops_at_ctrl_c(tag: &str, setup: &[&str], long: &str) {
    // `analyze` ends at Ctrl-C as its normal end, with its best line;
    // `review` shows the decisions it reviewed and says it stopped.
    let says_interrupted = long != "analyze" && long != "review";
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = start(tag, dir.path());
    let mut n = 1;
    for line in setup {
        ask(&tmux, &mut n, line);
    }
    let fen = ask(&tmux, &mut n, "fen");
    let turn = ask(&tmux, &mut n, "turn");
    tmux.keys(&[long, "Enter"]);
    std::thread::sleep(Duration::from_secs(1));
    let running = tmux.screen().matches("boardsh>").count() == n;
    let pressed = Instant::now();
    tmux.keys(&["C-c"]);
    n += 1;
    let screen = tmux.prompts(n);
    let took = pressed.elapsed();
    if running {
        assert!(took < prompt_limit(), "`{long}`: the prompt took {took:?}");
        let out = output_of(&screen, long);
        assert!(
            !says_interrupted || out.ends_with("interrupted"),
            "`{long}`:\n{screen}"
        );
        // Yut's `review` keeps the decisions reviewed before the Ctrl-C.
        assert!(
            long != "review"
                || (out.contains("(stopped: ") && out.contains(" decisions reviewed)")),
            "`{long}`:\n{screen}"
        );
        // `odds` reports the games it played before the Ctrl-C.
        assert!(
            !long.starts_with("odds ")
                || out
                    .lines()
                    .rev()
                    .nth(1)
                    .is_some_and(|l| l.contains(" of 1000000 games played)")),
            "`{long}`:\n{screen}"
        );
        // `analyze`'s last line, printed at Ctrl-C, says it is partial. A
        // long line wraps at the window's edge (at a space or mid-word), so
        // the text after the last `best ` is compared without whitespace.
        let last: String = out
            .rsplit("best ")
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert!(
            long != "analyze"
                || (last.ends_with(')') && last.contains("(partial:stoppedduringdepth")),
            "`{long}`:\n{screen}"
        );
    }
    // A Ctrl-C at the prompt itself (the command already done) only
    // clears the line; either way the session answers as before.
    std::thread::sleep(Duration::from_millis(200));
    n = tmux.screen().matches("boardsh>").count();
    if running {
        assert_eq!(ask(&tmux, &mut n, "fen"), fen);
        assert_eq!(ask(&tmux, &mut n, "turn"), turn);
    }
}

#[test]
fn ctrl_c_stops_auto_on_a_run_of_yuts() {
    // Fourteen yuts and a do pending: every order of their uses.
    let mut setup = vec!["throw FFFF"; 14];
    setup.push("throw FBBB");
    stops_at_ctrl_c("auto", &setup, "auto");
}

#[test]
fn ctrl_c_stops_odds() {
    stops_at_ctrl_c("odds", &[], "odds 1000000 ai4 ai4");
}

#[test]
fn ctrl_c_stops_perft() {
    stops_at_ctrl_c("perft", &[], "perft 9");
}

#[test]
fn ctrl_c_stops_best() {
    stops_at_ctrl_c("best", &[], "best depth 40");
}

#[test]
fn ctrl_c_stops_analyze() {
    stops_at_ctrl_c("analyze", &[], "analyze");
}

#[test]
fn ctrl_c_stops_a_course_search() {
    stops_at_ctrl_c("alphabeta", &[], "alphabeta 12");
}

// Issue 24, Build: every long command at the prompt, not only the ones
// the attack named, gives the prompt back within the limit of a Ctrl-C.

#[test]
fn ctrl_c_stops_go() {
    stops_at_ctrl_c("go", &[], "go depth 40");
}

#[test]
fn ctrl_c_stops_a_course_minimax() {
    stops_at_ctrl_c("minimax", &[], "minimax 12");
}

#[test]
fn ctrl_c_stops_hint_on_a_run_of_yuts() {
    // Fourteen yuts and a do pending: every use estimated by games.
    let mut setup = vec!["throw FFFF"; 14];
    setup.push("throw FBBB");
    stops_at_ctrl_c("hint", &setup, "hint");
}

#[test]
fn ctrl_c_stops_review() {
    // A game of many decisions, each priced by games when no table
    // covers it.
    let setup = vec!["auto"; 40];
    stops_at_ctrl_c("review", &setup, "review");
}
