//! Yut drills through the binary (issue 51 item 5, both games): a Yut
//! review's `?` and `??` uses by the person go to the same deck as
//! Congo's, with the decision's state; `drill` serves both games in one
//! queue, a Yut decision drawn as `show` draws the board and answered as
//! `move` takes a use; right and wrong answers move the schedule as
//! Congo's; `drill stats` splits by game and `drill forget N` takes
//! either; a damaged Yut line is named and skipped, an old line without
//! `game` read as Congo's. (The state's form is unit-tested in
//! `shell::drill::yut_state`, the deck's reading in `shell::drill::deck`.)

use crate::common::Test;
use crate::drill::Data;
use serde_json::Value;

/// A one-token game (the solved one-token table covers every position
/// of it, so every chance is exact) with a planted blunder of upper's.
/// The throws are typed, so the game is the same on every run:
/// - upper: mo and gae; A home -> mo, then mo -> mo-gae (the shortcut);
/// - lower: mo, yut, mo, gae; a home -> mo -> sok-yut -> nal-geol ->
///   cham-meoki (the last station: any throw takes it out);
/// - the computer takes lower from here (upper is the person's);
/// - upper throws a yut and a do, A on mo-gae, a on cham-meoki, and
///   plays `move A yut`: along the mo shortcut A passes bang and stops
///   on chi-mo, the do (forced) takes it to nal-do, no catch, no throw
///   earned. Lower then throws: every result (1 to 5 steps, no back-do
///   under the contest's rules) takes a past cham-meoki, out: lower's
///   only token escaped, lower wins. Upper's chance after `A yut` is 0.
///   After `A do` instead, A stops on bang and the yut from bang (bang,
///   saryeo, anchi, cham-meoki, out) escapes it: upper wins, chance 1.
///   The use lost 100 points, a blunder (`??` from 10), exact.
const GAME: &str = "set quiet on; set tokens 1; \
    throw BBBB; throw FFBB; move A mo; move A gae; \
    throw BBBB; throw FFFF; throw BBBB; throw FFBB; \
    move a mo; move a yut; move a mo; move a gae; \
    set computer lower; throw FFFF; throw FBBB; move A yut; move A do; review";

/// What `drill` says of the planted decision.
const POSED: &str = "Yut, upper to move: A mo-gae, a cham-meoki; yut (4), do (1) pending\n\
     on 2026-12-07 you played move A yut here (??, upper's chance 0%, exact)\n";

/// A data directory (the Congo drills' tests' own) with the solved
/// one-token table.
fn solved() -> Data {
    let data = Data::new();
    Test::new()
        .env("XDG_DATA_HOME", data.path())
        .args(["yut", "solve", "--tokens", "1"])
        .any_stdout()
        .any_stderr()
        .run();
    data
}

/// The deck after the review of [`GAME`] on 2026-12-07.
fn reviewed() -> Data {
    let data = solved();
    // The review's output is as it was (the deck is written quietly).
    data.run("2026-12-07", GAME)
        .stdout_with(|s| s.contains("upper move A yut: lost 100.00%") && !s.contains("drill"))
        .run();
    data
}

#[test]
fn a_yut_review_adds_the_persons_blunder_with_its_state_once() {
    let data = reviewed();
    let lines = data.lines();
    // Upper's one blunder; lower is the computer's, so its uses are not
    // the person's; upper's first decision (mo before gae, the shortcut)
    // lost nothing.
    assert_eq!(lines.len(), 1, "{lines:?}");
    let card = &lines[0];
    assert_eq!(card["v"], 1);
    assert_eq!(card["kind"], "add");
    assert_eq!(card["game"], "yut");
    assert_eq!(card["side"], "upper");
    assert_eq!(card["played"], "A yut");
    assert_eq!(card["mark"], "??");
    assert_eq!(card["played_chance"], 0.0);
    assert_eq!(card["good"][0]["move"], "A do");
    assert_eq!(card["good"][0]["chance"], 1.0);
    assert_eq!(card["date"], "2026-12-07");
    assert!(card.get("fen").is_none());
    let state = &card["yut"];
    assert_eq!(state["format"], 1);
    assert_eq!(state["tokens"], 1);
    assert_eq!(state["board"], "A mo-gae, a cham-meoki");
    assert_eq!(state["to_move"], "upper");
    assert_eq!(state["pending"], serde_json::json!(["yut", "do"]));
    assert_eq!(state["exact"], true);
    assert_eq!(state["back_do"], false);
    assert_eq!(state["catch_bonus"], true);
    // The same game reviewed again adds nothing.
    data.run("2026-12-08", GAME).any_stdout().run();
    assert_eq!(data.lines().len(), 1);
}

#[test]
fn drill_poses_the_decision_and_the_schedule_moves() {
    let data = reviewed();
    // Day 1: the use played again is wrong: back tomorrow.
    data.run("2026-12-07", "drill; drill A yut")
        .stdout_with(|s| {
            s.contains(&format!(
                "drill 1 of 1 due (0 Congo, 1 Yut; 1 in the deck): {POSED}"
            )) && s.contains("..----..----..") // the Yut board first
                && s.contains("move A yut: the use you played (upper's chance 0%, exact); the better use: A do, upper's chance 100%, exact; back tomorrow, 2026-12-08\n")
                && s.contains("drills done: 0 right, 1 wrong, 0 skipped\n")
        })
        .run();
    data.run("2026-12-07", "drill")
        .stdout("no drills due today (1 in the deck; the next is due on 2026-12-08)\n")
        .run();
    // Day 2: the do first is right: a day out. The throw may be given
    // by its steps, as `move` takes it.
    data.run("2026-12-08", "drill; drill A 1")
        .stdout_contains("move A do: right, the best use (upper's chance 100%, exact); next in 1 day, on 2026-12-09\n")
        .run();
    // Day 3: with two kinds pending the throw must be named; then right
    // again, two days out.
    data.run("2026-12-09", "drill; drill A")
        .status(1)
        .any_stdout()
        .stderr_contains("error: name the throw to use: yut (4), do (1) pending (`drill A yut`)")
        .run();
    data.run("2026-12-09", "drill; drill A do; drill stats")
        .stdout_with(|s| {
            s.contains("next in 2 days, on 2026-12-11\n")
                && s.contains("drill deck: 1 position, 0 due today (2026-12-09); answers: 2 right, 1 wrong\nby game: Congo 0 (0 due), Yut 1 (0 due)\n")
        })
        .run();
    let due: Vec<(bool, u64, String)> = data.lines()[1..]
        .iter()
        .map(|l| {
            assert_eq!(l["kind"], "due");
            assert_eq!(l["id"], data.lines()[0]["id"]);
            (
                l["right"].as_bool().unwrap(),
                l["interval"].as_u64().unwrap(),
                l["next"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        due,
        [
            (false, 0, "2026-12-08".to_string()),
            (true, 1, "2026-12-09".to_string()),
            (true, 2, "2026-12-11".to_string()),
        ]
    );
}

#[test]
fn both_games_in_one_queue_stats_by_game_and_forget_either() {
    let data = reviewed();
    // Three Congo cards (`drill`'s own test game) after the Yut one.
    data.run("2026-12-07", crate::drill::GAME)
        .any_stdout()
        .run();
    assert_eq!(data.lines().len(), 4);
    data.run("2026-12-07", "drill stats")
        .stdout_with(|s| {
            s.starts_with("drill deck: 4 positions, 4 due today (2026-12-07); answers: 0 right, 0 wrong\nby game: Congo 3 (3 due), Yut 1 (1 due)\n")
                && s.contains("  1. upper ?? Yut: A mo-gae, a cham-meoki; yut (4), do (1) pending; played A yut, better A do; added 2026-12-07, due 2026-12-07\n")
                && s.contains("  2. White ??")
        })
        .run();
    // One queue, in deck order: the Yut decision, then Congo's; each
    // takes its own game's answer (the other refused, nothing changed).
    data.run("2026-12-07", "drill; drill d1d7")
        .status(1)
        .stdout_contains(format!(
            "drill 1 of 4 due (3 Congo, 1 Yut; 4 in the deck): {POSED}"
        ))
        .stderr_contains("error: this drill is a Yut decision: answer with a token and a throw, as `move` takes them (`drill A do`)")
        .run();
    assert_eq!(data.lines().len(), 4);
    data.run("2026-12-07", "drill; drill A do; drill A do")
        .status(1)
        .stdout_contains("drill 2 of 4 due (3 Congo, 1 Yut; 4 in the deck): White to move\n")
        .stderr_contains("error: this drill is a Congo position: answer with a move (`drill d1d7`)")
        .run();
    assert_eq!(data.lines().len(), 5);
    // Forget the Yut card (1), then card 2 of the three left (each
    // `drill forget` numbers the deck as it is then: Black's a6a5).
    data.run("2026-12-07", "drill forget 1; drill forget 2; drill stats")
        .stdout_with(|s| {
            s.contains("forgot drill 1: A yut (??) in Yut: A mo-gae, a cham-meoki; yut (4), do (1) pending (3 left in the deck)\n")
                && s.contains("forgot drill 2: a6a5 (??) in ")
                && s.contains(" (2 left in the deck)\n")
                // Congo's alone again: no line by game.
                && s.contains("drill deck: 2 positions, 2 due today (2026-12-07); answers: 0 right, 0 wrong\n  1. White ?? 3l3/p6/7/7/7/PP5/3L3 w 0 played a2a3")
        })
        .run();
}

#[test]
fn a_damaged_yut_line_is_named_and_skipped_and_an_old_congo_line_read() {
    let data = reviewed();
    let good = std::fs::read_to_string(data.deck()).unwrap();
    let mut card: Value = serde_json::from_str(good.trim_end()).unwrap();
    // Both teams on one station: no board the rules reach.
    card["yut"]["board"] = "A mo-gae, a mo-gae".into();
    card["id"] = "other".into();
    let shared = card.to_string();
    // A state of a later format.
    card["yut"]["board"] = "A mo-gae, a cham-meoki".into();
    card["yut"]["format"] = 2.into();
    let later = card.to_string();
    // A line as the first decks wrote it: no `game`, Congo's.
    let old = r#"{"v":1,"kind":"add","id":"1","fen":"3l3/7/7/7/7/7/3L3 w 0","side":"white","played":"d1d2","mark":"??","played_chance":0.0,"good":[{"move":"d1d7","chance":1.0}],"budget":"nodes 100","date":"2026-12-07"}"#;
    std::fs::write(data.deck(), format!("{shared}\n{good}{later}\n{old}\n")).unwrap();
    data.run("2026-12-07", "drill stats")
        .stdout_with(|s| {
            s.starts_with("drill deck: 2 positions, 2 due today (2026-12-07); answers: 0 right, 0 wrong\nby game: Congo 1 (1 due), Yut 1 (1 due)\n")
                && s.contains("  2. White ?? 3l3/7/7/7/7/7/3L3 w 0 played d1d2, better d1d7;")
        })
        .stderr_with(|e| {
            let l: Vec<&str> = e.lines().collect();
            l.len() == 2
                && l[0].contains("line 1: `A mo-gae, a mo-gae` is not a Yut board; the entry is skipped")
                && l[1].contains("line 3: Yut state format 2 is not the format 1 read here; the entry is skipped")
        })
        .run();
}
