//! What the prompt puts on a real terminal's screen (tmux), issue 51 item
//! 8: a review taller than the window goes through the pager, `hint`,
//! `review` and `retry` wrap at spaces to the window, `clear` clears it,
//! and `boardsh -i FILE` ends with the board drawn. Without tmux each
//! test returns at once (under CI, where `BOARDSH_REQUIRE_TOOLS` is set,
//! it fails instead).

use crate::common::test::{BIN, UNSET};
use crate::common::tmux::{Tmux, ask, have_tmux};
use crate::common::{Test, boardsh};
use std::path::Path;

/// boardsh at the prompt in a `columns` x `rows` window (uncoloured,
/// its history and data directory in `dir`), `env` added to its
/// environment, `args` to its command line.
fn start(tag: &str, dir: &Path, env: &str, args: &str, columns: u32, rows: u32) -> Tmux {
    let shell = format!(
        "exec env {UNSET} {env} BOARDSH_HISTORY='{}' XDG_DATA_HOME='{}' '{BIN}' --color never {args}",
        dir.join("history").display(),
        dir.display(),
    );
    let tmux = Tmux::new(tag, &shell);
    let (x, y) = (columns.to_string(), rows.to_string());
    tmux.run(&["resize-window", "-t", "t", "-x", &x, "-y", &y]);
    tmux.prompts(1);
    tmux
}

/// The visible window alone (no scrollback).
fn visible(tmux: &Tmux) -> String {
    tmux.run(&["capture-pane", "-t", "t", "-p"])
}

/// A game of 24 moves (12 each) by the engine at depth 1: the same every
/// run.
fn game() -> String {
    ["go depth 1"; 24].join("; ")
}

#[test]
fn a_review_taller_than_the_window_goes_through_the_pager() {
    if !have_tmux() {
        return;
    }
    let have_less = std::process::Command::new("less")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_less {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // No $PAGER: `less -RFX`.
    let tmux = start("reviewpager", dir.path(), "-u PAGER", "", 80, 24);
    tmux.keys(&[&format!("set quiet on; {}", game()), "Enter"]);
    tmux.prompts(2);
    // 24 rows, a heading, two summaries, the chart's heading and three
    // rows: 31 lines or more, taller than 24.
    tmux.keys(&["review nodes 2000", "Enter"]);
    let screen = tmux.wait_for("the pager's first screen", |_| {
        let v = visible(&tmux);
        v.contains("Congo review, 2000 nodes") && v.trim_end().ends_with(':')
    });
    // The pager holds the first screen: the review's first rows, not its
    // end (the summaries) nor a new prompt.
    let shown = visible(&tmux);
    assert!(
        shown
            .lines()
            .any(|l| l.trim_start().starts_with("1. ") && l.contains(" White ")),
        "{shown}"
    );
    assert!(!shown.contains("Black: accuracy"), "{shown}");
    assert!(!screen.contains("boardsh> \n"), "{screen}");
    // The pager pages on: the summaries come; `q` gives the prompt back,
    // and the text stays on the screen (`-X`: not cleared away, as `less
    // -R` cleared `help`).
    tmux.keys(&["Space"]);
    tmux.wait_for("the review's end", |_| {
        visible(&tmux).contains("Black: accuracy")
    });
    tmux.keys(&["q"]);
    let after = tmux.prompts(3);
    assert!(after.contains("Black: accuracy"), "{after}");
}

#[test]
fn hint_review_and_retry_wrap_at_spaces_at_60_columns() {
    if !have_tmux() {
        return;
    }
    // A blunder to retry: White's pawn move off the d file lets Black's
    // lion take White's (see congo_retry_tmux).
    // One thread: the node budgets give the same lines every run.
    let setup = "set quiet on; set threads 1; fen gm1lecz/p1e1p1p/pp1Pp2/7/3L3/PPP1PPP/GME1ECZ w 5";
    let commands = [
        "hint nodes 2000",
        "play d5e6; play d7d3",
        "review nodes 2000",
        "retry",
        "retry d5c6",
    ];
    // What each prints with no window (a script): the words to find.
    let script = format!("{setup}; {}", commands.join("; "));
    let plain = Test::new().args(["-c", &script]).any_stdout().output();
    let plain = String::from_utf8(plain.stdout).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tmux = start("wrap60", dir.path(), "PAGER=", "", 60, 40);
    let mut n = 1;
    ask(&tmux, &mut n, setup);
    let mut shown = String::new();
    for cmd in commands {
        let out = ask(&tmux, &mut n, cmd);
        // Every line fits the window: never longer than 60 columns (the
        // game's end too: its `next:` line is the prompt's alone)...
        for line in out.lines() {
            assert!(line.chars().count() <= 60, "{line:?} in:\n{out}");
        }
        if !cmd.starts_with("play") {
            shown.push_str(&out);
            shown.push('\n');
        }
    }
    // ...and some were long: the heading of the review is 127 columns.
    assert!(plain.lines().any(|l| l.chars().count() > 60), "{plain}");
    // Broken only at spaces: the words are those of the unwrapped text,
    // whole and in order (a word cut in two would be two words).
    let words = |t: &str| -> Vec<String> { t.split_whitespace().map(str::to_string).collect() };
    let chart = |l: &&str| !l.starts_with('|');
    let plain: String = plain.lines().filter(chart).collect::<Vec<_>>().join("\n");
    let shown: String = shown.lines().filter(chart).collect::<Vec<_>>().join("\n");
    assert_eq!(words(&shown), words(&plain));
}

#[test]
fn clear_clears_the_screen_at_the_prompt_and_does_nothing_in_a_script() {
    // In a script: a note, and nothing changes (status 0).
    Test::new()
        .args(["-c", "clear; fen"])
        .stdout(
            "clear: nothing to clear in a script (at the prompt it clears the screen)\n\
             gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n",
        )
        .run();
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = start("clear", dir.path(), "", "", 80, 24);
    let mut n = 1;
    ask(&tmux, &mut n, "fen");
    tmux.keys(&["clear", "Enter"]);
    // The screen holds the new prompt alone.
    // (The visible part: tmux may keep the cleared lines in its
    // scrollback, as a terminal does.)
    tmux.wait_for("a cleared screen", |_| {
        let v = visible(&tmux);
        v.trim() == "boardsh>"
    });
    let screen = visible(&tmux);
    assert!(!screen.contains("GMELECZ w 0"), "{screen}");
}

#[test]
fn a_session_file_given_with_i_ends_with_its_board() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    boardsh()
        .current_dir(dir.path())
        .args(["-c", "play e2e3; save saved.bsh"])
        .assert()
        .success();
    let file = dir.path().join("saved.bsh");
    let tmux = start(
        "initboard",
        dir.path(),
        "",
        &format!("-i '{}'", file.display()),
        80,
        24,
    );
    // The board of the game the file played, before the first prompt:
    // e2e3 played, Black to move at Black's first move.
    let screen = tmux.prompts(1);
    assert!(screen.contains("3 . . . . P . . 3\n"), "{screen}");
    assert!(
        screen.contains("black to move, move 1..., last move 1. e2e3\n"),
        "{screen}"
    );
}
