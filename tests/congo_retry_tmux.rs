//! `retry` at the prompt in a real terminal (tmux): a game lost to the
//! level 1 computer, reviewed, then retried (issue 38 item 3). Without
//! tmux the test returns at once (under CI, where `BOARDSH_REQUIRE_TOOLS`
//! is set, it fails instead).

use crate::common::test::{BIN, UNSET};
use crate::common::tmux::{Tmux, ask, have_tmux};

/// A middle game, White to move: White's pawn on d5 is all that stands
/// between the lions on d3 and d7 (d4 and d6 are empty). Any move of that
/// pawn off the d file (d5e6 and d5c6 capture diagonally) opens the file,
/// and Black's lion takes White's along it, as even the level 1 computer
/// does (it always takes a lion it is offered).
const MIDDLE: &str = "gm1lecz/p1e1p1p/pp1Pp2/7/3L3/PPP1PPP/GME1ECZ w 5";

#[test]
fn a_game_lost_at_level_1_is_reviewed_and_retried() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shell = format!(
        "exec env {UNSET} BOARDSH_HISTORY='{}' XDG_DATA_HOME='{}' '{BIN}' --color never",
        dir.path().join("history").display(),
        dir.path().display(),
    );
    let tmux = Tmux::new("retry", &shell);
    tmux.prompts(1);
    let mut n = 1;
    ask(&tmux, &mut n, "set level 1");
    ask(&tmux, &mut n, "new congo white");
    ask(&tmux, &mut n, &format!("fen {MIDDLE}"));
    // The blunder: the computer answers by taking the lion.
    let shown = ask(&tmux, &mut n, "play d5e6");
    assert!(
        shown.contains("d7d3: black lion, captures white lion on d3; Black wins"),
        "{shown}"
    );
    // The review marks it (`6.`: White's move from the FEN's `w 5`, as
    // `history` numbers it): after it Black wins in 1 (White's chance a
    // certain 0%), a loss of whatever White's chance was before, and the
    // best move is named.
    let shown = ask(&tmux, &mut n, "review nodes 20000");
    let row = shown
        .lines()
        .find(|l| l.starts_with("  6.   White d5e6 "))
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(row.contains("Black wins in 1    0%"), "{row}");
    let best = shown
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("best "))
        .and_then(|l| l.split(' ').next())
        .unwrap_or_else(|| panic!("no best move in:\n{shown}"))
        .to_string();
    // The position before the blunder, drawn as `board` draws it, and
    // the question; only White's moves (the person's) are retried.
    let shown = ask(&tmux, &mut n, "retry");
    assert!(shown.contains("5 p p . P p . . 5\n"), "{shown}");
    assert!(shown.contains("3 . . . L . . . 3\n"), "{shown}");
    assert!(shown.contains("white to move, move 6.\n"), "{shown}");
    assert!(
        shown.contains("retry 1 of 1: White played 6. d5e6 ?? here"),
        "{shown}"
    );
    assert!(
        shown.ends_with(
            "find a better move for White: `retry <move>` (`retry` skips it, `retry stop` ends)"
        ),
        "{shown}"
    );
    // d5c6 opens the file too: Black takes the lion at once (a certain
    // 0%), and the better move is shown; that was the only position.
    let shown = ask(&tmux, &mut n, "retry d5c6");
    assert!(shown.starts_with("d5c6: White's chance 0%, "), "{shown}");
    assert!(
        shown.contains("(line d5c6 d7d3)\nthe better move: "),
        "{shown}"
    );
    assert!(
        shown.ends_with("no more mistakes to retry: 0 found, 1 shown, 0 skipped of 1"),
        "{shown}"
    );
    // Again, with the review's best move: found.
    ask(&tmux, &mut n, "retry");
    let shown = ask(&tmux, &mut n, &format!("retry {best}"));
    assert!(
        shown.starts_with(&format!("{best}: found, the best move (White's chance ")),
        "{shown}"
    );
    assert!(
        shown.ends_with("no more mistakes to retry: 1 found, 0 shown, 0 skipped of 1"),
        "{shown}"
    );
    // A move alone on a line, as the quick start teaches, answers the
    // retry under way (issue 51 item 8): it is judged as `retry d5c6`
    // was, and the computer does not answer in the game.
    ask(&tmux, &mut n, "retry");
    let shown = ask(&tmux, &mut n, "d5c6");
    assert!(shown.starts_with("d5c6: White's chance 0%, "), "{shown}");
    assert!(
        shown.ends_with("no more mistakes to retry: 0 found, 1 shown, 0 skipped of 1"),
        "{shown}"
    );
    // The game is as it ended: lost, the black lion on d3.
    let shown = ask(&tmux, &mut n, "status");
    assert!(shown.contains("Black wins"), "{shown}");
    let shown = ask(&tmux, &mut n, "fen");
    assert!(
        shown.ends_with("gm2ecz/p1e1P1p/pp2p2/7/3l3/PPP1PPP/GME1ECZ w 6"),
        "{shown}"
    );
}
