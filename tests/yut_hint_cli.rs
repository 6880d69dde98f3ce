//! `hint` and `review` through the binary: what they refuse and what they
//! print on a game with nothing to review. (Their chances are checked in
//! the session's unit tests, against hand-worked positions.)

use crate::common::Test;

#[test]
fn hint_wants_throws_to_use() {
    // A fresh game: upper throws first, so there is nothing to rank; the
    // error names the command and changes nothing.
    Test::new()
        .args(["-c", "hint"])
        .status(1)
        .stderr_contains("upper has to throw first")
        .stderr_contains("hint")
        .run();
}

#[test]
fn review_of_a_game_not_begun() {
    // No move made: no decision, nothing lost. The heading states the
    // thresholds (2%, 5%, 10%) and the games a use (200).
    Test::new()
        .args(["-c", "review"])
        .stdout(
            "review of 0 decisions (exact where a solved table covers the position, \
             else estimated by 200 games a use; inaccuracy from 2%, mistake from 5%, \
             blunder from 10% lost):\nlost in all: upper 0.00%, lower 0.00%\n",
        )
        .run();
}

#[test]
fn review_skips_forced_moves_and_free_turns() {
    // `move a FFBB` is a free turn (throw and move at once, the team to
    // move unchanged): not reviewed; then upper throws a do with every
    // token home, one use only: forced.
    let a = Test::new()
        .args(["-c", "move a FFBB\nthrow FBBB\nmove A\nreview"])
        .any_stdout()
        .run();
    let out = String::from_utf8_lossy(&a.stdout).to_string();
    assert!(
        out.ends_with(
            "review of 0 decisions (exact where a solved table covers the position, \
             else estimated by 200 games a use; inaccuracy from 2%, mistake from 5%, \
             blunder from 10% lost):\n  (1 forced move not reviewed: one use only)\n  \
             (1 free turn not reviewed: `move TOKEN FBFB` throws and moves at once)\n\
             lost in all: upper 0.00%, lower 0.00%\n"
        ),
        "{out}"
    );
}
