//! `drill` through the binary (issue 51 item 5): a review adds the
//! person's `?` and `??` moves to the deck in the data directory; `drill`
//! serves the cards due on the day (`BOARDSH_TODAY`), a right answer
//! moving a card's next date out (1, 2, 4... days) and a wrong one back
//! to tomorrow; a line cut short or damaged is named and skipped, the
//! rest kept; `drill forget N`; two processes appending at once both
//! kept. (The deck's format and schedule are unit-tested in
//! `shell::drill::deck`, the judging in `congo::analysis::retry`.)

use crate::common::{Test, command};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Facing lions on the open d file (as in `congo_retry`): each pawn move
/// throws away a win in one (taking the lion along the file) and hands
/// the opponent one, a `??` each (100 points lost); the last move takes
/// the lion. A two-person game: both sides' mistakes are drills.
/// - 1. White a2a3 in `3l3/p6/7/7/7/PP5/3L3 w 0`, best d1d7;
/// - 1... Black a6a5 in `3l3/p6/7/7/7/P6/1P1L3 b 0`... (the FEN the
///   review gives; its best move d7d1);
/// - 2. White b2b3, best d1d7.
pub(crate) const GAME: &str = "set quiet on; fen 3l3/p6/7/7/7/PP5/3L3 w 0; \
                    play a2a3; play a6a5; play b2b3; play d7d1; review nodes 20000";

/// The same on the other wing (g and f pawns): three other cards.
const MIRROR: &str = "set quiet on; fen 3l3/6p/7/7/7/5PP/3L3 w 0; \
                      play g2g3; play g6g5; play f2f3; play d7d1; review nodes 20000";

/// The first card's position: before White's a2a3.
const FIRST: &str = "3l3/p6/7/7/7/PP5/3L3 w 0";

/// A data directory shared by several runs.
pub(crate) struct Data {
    dir: tempfile::TempDir,
}

impl Data {
    pub(crate) fn new() -> Data {
        Data {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub(crate) fn path(&self) -> &Path {
        self.dir.path()
    }

    pub(crate) fn deck(&self) -> PathBuf {
        self.path().join("boardsh/drills.jsonl")
    }

    /// The deck's lines, each read as JSON.
    pub(crate) fn lines(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(self.deck()).unwrap();
        assert!(text.ends_with('\n'), "whole lines: {text}");
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// A run of `-c script` in this data directory on `day`.
    pub(crate) fn run(&self, day: &str, script: &str) -> Test {
        Test::new()
            .env("XDG_DATA_HOME", self.path())
            .env("BOARDSH_TODAY", day)
            .args(["-c", script])
    }
}

/// The deck after the review of [`GAME`] on 2026-12-07.
fn reviewed() -> Data {
    let data = Data::new();
    // The review's output is as it was (the deck is written quietly).
    data.run("2026-12-07", GAME)
        .stdout_with(|s| s.contains("White: accuracy") && !s.contains("drill"))
        .run();
    assert_eq!(data.lines().len(), 3);
    data
}

#[test]
fn a_review_adds_both_sides_mistakes_to_the_deck_once() {
    let data = reviewed();
    let lines = data.lines();
    assert_eq!(lines.len(), 3);
    let first = &lines[0];
    assert_eq!(first["v"], 1);
    assert_eq!(first["kind"], "add");
    assert_eq!(first["game"], "congo");
    assert_eq!(first["fen"], FIRST);
    assert_eq!(first["side"], "white");
    assert_eq!(first["played"], "a2a3");
    assert_eq!(first["mark"], "??");
    assert_eq!(first["played_chance"], 0.0);
    assert_eq!(first["good"][0]["move"], "d1d7");
    assert_eq!(first["good"][0]["chance"], 1.0);
    assert_eq!(first["budget"], "nodes 20000");
    assert_eq!(first["date"], "2026-12-07");
    // Black's blunder too (two people), then White's second.
    let played: Vec<&str> = lines
        .iter()
        .map(|l| l["played"].as_str().unwrap())
        .collect();
    assert_eq!(played, ["a2a3", "a6a5", "b2b3"]);
    assert_eq!(lines[1]["side"], "black");
    assert_eq!(lines[1]["good"][0]["move"], "d7d1");
    // The same game reviewed again adds nothing.
    data.run("2026-12-08", GAME).any_stdout().run();
    assert_eq!(data.lines().len(), 3);
}

#[test]
fn without_a_data_directory_the_review_is_as_before() {
    // The tests' data directory does not exist: nothing is kept, and
    // nothing said.
    Test::new()
        .args(["-c", GAME])
        .stdout_with(|s| s.contains("White: accuracy") && !s.contains("drill"))
        .run();
}

#[test]
fn a_right_answer_moves_the_card_out_and_a_wrong_one_back_to_tomorrow() {
    let data = reviewed();
    // Day 1: all three due. d1d7 is the review's best (right); a6a5 is
    // the move Black played (wrong); the third is skipped.
    data.run("2026-12-07", "drill; drill d1d7; drill a6a5; drill; drill stats")
        .stdout_with(|s| {
            s.contains("drill 1 of 3 due (3 in the deck): White to move\n")
                && s.contains("on 2026-12-07 you played a2a3 here (??, White's chance 0%)\n")
                && s.contains("d1d7: right, the best move (White's chance 100%); next in 1 day, on 2026-12-08\n")
                && s.contains("drill 2 of 3 due (3 in the deck): Black to move\n")
                && s.contains("a6a5: the move you played (Black's chance 0%); the better move: d7d1, Black's chance 100%; back tomorrow, 2026-12-08\n")
                && s.contains("skipped: the better move was d1d7, White's chance 100%\n")
                && s.contains("drills done: 1 right, 1 wrong, 1 skipped\n")
                && s.contains("drill deck: 3 positions, 1 due today (2026-12-07); answers: 1 right, 1 wrong\n")
        })
        .run();
    let lines = data.lines();
    assert_eq!(lines.len(), 5, "two answers appended");
    let due = |i: usize| {
        let l = &lines[i];
        assert_eq!(l["kind"], "due");
        (
            l["id"].clone(),
            l["right"].as_bool().unwrap(),
            l["next"].as_str().unwrap().to_string(),
            l["interval"].as_u64().unwrap(),
        )
    };
    assert_eq!(
        due(3),
        (lines[0]["id"].clone(), true, "2026-12-08".into(), 1)
    );
    assert_eq!(
        due(4),
        (lines[1]["id"].clone(), false, "2026-12-08".into(), 0)
    );
    // Still on day 1: only the skipped card is due.
    data.run("2026-12-07", "drill")
        .stdout_contains("drill 1 of 1 due (3 in the deck): White to move\n")
        .run();
    // Day 2: all three due again; right again, the first waits 2 days.
    data.run("2026-12-08", "drill; drill d1d7")
        .stdout_with(|s| {
            s.contains("drill 1 of 3 due")
                && s.contains("d1d7: right, the best move (White's chance 100%); next in 2 days, on 2026-12-10\n")
        })
        .run();
    let lines = data.lines();
    assert_eq!(
        (lines[5]["next"].as_str(), lines[5]["interval"].as_u64()),
        (Some("2026-12-10"), Some(2))
    );
    // Day 3: the first is not due; the others are.
    data.run("2026-12-09", "drill stats")
        .stdout_contains(
            "drill deck: 3 positions, 2 due today (2026-12-09); answers: 2 right, 1 wrong\n",
        )
        .run();
    // Nothing due: when the next is.
    data.run("2026-12-07", "drill; drill stop; drill stats")
        .stdout_contains("drills stopped: 0 right, 0 wrong, 0 skipped; 1 left due\n")
        .run();
}

#[test]
fn an_empty_deck_and_nothing_due_are_said() {
    let data = Data::new();
    data.run("2026-12-07", "drill")
        .stdout(
            "no drills yet: a `review` of a Congo or Yut game adds your mistakes (? and ??) to the deck\n",
        )
        .run();
    let data = reviewed();
    // Each card answered right on day 1: due again on day 2.
    data.run("2026-12-07", "drill; drill d1d7; drill d7d1; drill d1d7")
        .stdout_contains("drills done: 3 right, 0 wrong, 0 skipped\n")
        .run();
    data.run("2026-12-07", "drill")
        .stdout("no drills due today (3 in the deck; the next is due on 2026-12-08)\n")
        .run();
}

#[test]
fn a_line_cut_short_is_named_and_every_whole_entry_kept() {
    let data = reviewed();
    // A crash mid-append: the start of a fourth line, no newline.
    let whole = std::fs::read_to_string(data.deck()).unwrap();
    let torn = &whole.lines().next().unwrap()[..60];
    std::fs::write(data.deck(), format!("{whole}{torn}")).unwrap();
    data.run("2026-12-07", "drill stats")
        .stdout_contains("drill deck: 3 positions, 3 due today")
        .stderr_with(|e| {
            e.contains("line 4: cut short (no end of line)")
                && e.contains("the entry is skipped")
                && e.lines().count() == 1
        })
        .run();
    // The next append starts a line of its own: the answer is kept, the
    // torn line alone is still skipped (named at each reading of the
    // deck: no longer the last line after the answer).
    data.run("2026-12-07", "drill; drill d1d7; drill stats")
        .stdout_contains("answers: 1 right, 0 wrong")
        .stderr_with(|e| {
            e.matches("line 4: cut short").count() == 2
                && e.matches("line 4: not a JSON entry").count() == 1
                && e.lines().count() == 3
        })
        .run();
    let text = std::fs::read_to_string(data.deck()).unwrap();
    assert_eq!(text.lines().nth(3), Some(torn));
    assert!(text.lines().nth(4).unwrap().starts_with('{'));
}

#[test]
fn a_killed_appender_leaves_every_whole_entry() {
    // A process killed while it appends: at most its last line is cut
    // short, every whole line before it reads back.
    let data = reviewed();
    let before = data.lines().len();
    let mut child = command()
        .env("XDG_DATA_HOME", data.path())
        .env("BOARDSH_TODAY", "2026-12-07")
        .args(["-c", MIRROR])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it whenever it is (searching, or writing): SIGKILL.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    child.wait().unwrap();
    let text = std::fs::read_to_string(data.deck()).unwrap();
    let whole = text
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .count();
    assert!(whole >= before);
    data.run("2026-12-07", "drill stats")
        .stdout_with(move |s| s.starts_with(&format!("drill deck: {whole} positions")))
        .any_stderr()
        .run();
}

#[test]
fn a_damaged_line_is_named_and_skipped() {
    let data = reviewed();
    let text = std::fs::read_to_string(data.deck()).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(1, "{\"v\":1,\"kind\":\"add\",\"fen\":");
    lines.insert(
        3,
        "{\"v\":7,\"kind\":\"forget\",\"id\":\"x\",\"date\":\"2026-12-07\"}",
    );
    std::fs::write(data.deck(), lines.join("\n") + "\n").unwrap();
    let deck = data.deck().display().to_string();
    data.run("2026-12-07", "drill stats")
        .stdout_contains("drill deck: 3 positions, 3 due today")
        .stderr_with(move |e| {
            let l: Vec<&str> = e.lines().collect();
            l.len() == 2
                && l[0].contains(&format!("drill deck `{deck}` line 2: not a JSON entry"))
                && l[1].contains(
                    "line 4: version 7 is not the version 1 read here; the entry is skipped",
                )
        })
        .run();
}

#[test]
fn forget_removes_a_card_by_its_number() {
    let data = reviewed();
    data.run("2026-12-07", "drill forget 2; drill stats")
        .stdout_with(|s| {
            s.starts_with(
                "forget drill 2: a6a5 (??) in "
                    .replace("forget", "forgot")
                    .as_str(),
            ) && s.contains("(2 left in the deck)\n")
                && s.contains("drill deck: 2 positions")
                && !s.contains("a6a5,")
        })
        .run();
    assert_eq!(data.lines().last().unwrap()["kind"], "forget");
    data.run("2026-12-07", "drill forget 3")
        .status(1)
        .stderr_contains("error: no drill 3: the deck holds 2 (`drill stats` numbers them)")
        .run();
    // Reviewed again, the forgotten mistake comes back as a new card.
    data.run("2026-12-07", GAME).any_stdout().run();
    let lines = data.lines();
    assert_eq!(lines.last().unwrap()["played"], "a6a5");
    data.run("2026-12-07", "drill stats")
        .stdout_contains("drill deck: 3 positions")
        .run();
}

#[test]
fn two_processes_appending_at_once_both_keep_theirs() {
    let data = Data::new();
    let spawn = |script: &str| {
        command()
            .env("XDG_DATA_HOME", data.path())
            .env("BOARDSH_TODAY", "2026-12-07")
            .args(["-c", script])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let (mut a, mut b) = (spawn(GAME), spawn(MIRROR));
    assert!(a.wait().unwrap().success());
    assert!(b.wait().unwrap().success());
    let mut played: Vec<String> = data
        .lines()
        .iter()
        .map(|l| l["played"].as_str().unwrap().to_string())
        .collect();
    played.sort();
    assert_eq!(played, ["a2a3", "a6a5", "b2b3", "f2f3", "g2g3", "g6g5"]);
}

#[test]
fn a_bad_today_is_refused() {
    reviewed()
        .run("2026-02-30", "drill")
        .status(1)
        .stderr_contains("BOARDSH_TODAY=`2026-02-30`: not a date YYYY-MM-DD (1970 to 9999)")
        .run();
}

#[test]
fn a_fifo_in_the_decks_place_is_refused_at_once() {
    // Opened blocking, a FIFO nobody writes held `drill` in `open` for
    // good; now it is refused as not a regular file, status 1.
    let data = Data::new();
    std::fs::create_dir_all(data.path().join("boardsh")).unwrap();
    crate::common::mkfifo(&data.deck());
    data.run("2026-12-07", "drill")
        .timeout(30)
        .status(1)
        .stderr_contains("is not a regular file")
        .run();
}
