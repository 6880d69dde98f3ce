//! The tutor (`set tutor off|?!|?|??`): in versus mode a person's move
//! that loses the setting's mark or more is stopped before it is played,
//! with what it loses and the better move; typed again right after (or
//! `play MOVE!`) it is played.

use crate::common::Test;

/// The lions face each other on the d file with White's pawn d2 between
/// them (Black: lion d7, pawns a5 g5; White: lion d1, pawns a3 g3 d2).
/// d2c3 (or d2e3) opens the file and Black's lion takes White's at once
/// (`d7d1`): the game is lost, White's chance 0%, whatever else White
/// has. d2d3 keeps the file shut.
const FACING: &str = "3l3/7/p5p/7/P5P/3P3/3L3 w 0";

/// Black's lion taking White's after d2c3.
const LION_TAKEN: &str = "d7d1: black lion, captures white lion on d1; Black wins";

/// Run `lines` (one command a line, going on after errors) in versus
/// mode as White against the computer, the position [`FACING`] set up.
fn versus(tutor: &str, lines: &[&str]) -> Test {
    let mut script =
        format!("set keep-going on\nset tutor {tutor}\nnew congo white\nfen {FACING}\n");
    for line in lines {
        script.push_str(line);
        script.push('\n');
    }
    Test::new().stdin(script).timeout(300)
}

#[test]
fn a_blunder_is_stopped_and_the_game_is_unchanged() {
    // The check refuses d2c3: a `??` (a loss of 15 points or more: the
    // move leaves White 0%), the position as it was.
    versus("?", &["play d2c3", "fen"])
        .status(1)
        .stdout(format!("{FACING}\n"))
        .stderr_with(|err| {
            err.contains("error: the tutor stops d2c3 (??): it loses ")
                && err.contains(" points of your chance to win (0% against ")
                && err.contains("type d2c3 again, or `play d2c3!`, to play it anyway")
        })
        .run();
}

#[test]
fn a_stopped_move_typed_again_is_played() {
    versus("?", &["play d2c3", "play d2c3"])
        .status(1)
        .stdout_contains(LION_TAKEN)
        .stderr_contains("the tutor stops d2c3 (??)")
        .run();
    // A bare move is `play`: typed again it is played too.
    versus("??", &["d2c3", "d2c3"])
        .status(1)
        .stdout_contains(LION_TAKEN)
        .stderr_contains("the tutor stops d2c3 (??)")
        .run();
}

#[test]
fn a_stopped_move_is_stopped_again_after_another_command() {
    // "Again" means right after: `fen` between the two tries, and the
    // second is checked (and stopped) afresh.
    let out = versus("?", &["play d2c3", "fen", "play d2c3", "fen"])
        .status(1)
        .stdout(format!("{FACING}\n{FACING}\n"))
        .any_stderr()
        .run();
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(err.matches("the tutor stops d2c3").count(), 2, "{err}");
}

#[test]
fn play_with_a_bang_plays_at_once() {
    versus("?", &["play d2c3!"])
        .stdout_contains(LION_TAKEN)
        .run();
}

#[test]
fn a_good_move_is_played_without_a_word() {
    // d2d3 keeps the file shut: no loss to speak of, no message.
    versus("?!", &["play d2d3"])
        .stdout_contains("d2d3: white pawn\n")
        .run();
}

#[test]
fn the_tutor_off_never_stops() {
    versus("off", &["play d2c3"])
        .stdout_contains(LION_TAKEN)
        .run();
}

#[test]
fn two_people_are_not_tutored() {
    // No computer: no versus mode, no tutor.
    Test::new()
        .args(["-c", &format!("set tutor ?; fen {FACING}; play d2c3")])
        .stdout("d2c3: white pawn\n")
        .run();
}

#[test]
fn the_setting_is_listed_saved_and_checked() {
    Test::new()
        .args(["-c", "set tutor ?!; set tutor"])
        .stdout_with(|out| out.starts_with("tutor       ?!     against the computer, stop a move"))
        .run();
    Test::new()
        .args([
            "-c",
            "set tutor ??; save s.bsh; set tutor off; source s.bsh; set tutor",
        ])
        .stdout_contains("tutor       ??  ")
        .run();
    Test::new()
        .args(["-c", "set tutor ???"])
        .status(1)
        .stderr_contains("`off`, `?!`, `?` or `??`")
        .run();
}
