//! `boardsh match` for long engine tests (issue 22, item 1): games in
//! parallel, results as JSON lines, resumed runs, shards and their merge,
//! start positions from a file.

use crate::common::Test;
use crate::common::matches::run_match_within;
use std::path::Path;

/// The binary, failing the test if it runs past 300 s (a match that stops
/// answering must not hang the suite).
fn boardsh() -> Test {
    Test::new().timeout(300)
}

fn run_match(args: &[&str]) -> (String, String, Option<i32>) {
    run_match_within(300, args)
}

/// Two deterministic agents: fixed-depth searches (`newgame` clears their
/// tables), far inside their time, so a pair's games depend on its
/// opening only, whichever process plays them and in whatever order.
const A: &str = "boardsh agent --depth 1";
const B: &str = "boardsh agent --depth 2";

/// The match's fixed part: 8 games, seed 3, short games.
fn base(json: &Path) -> Vec<String> {
    base_plies(json, "30")
}

/// The same with games of at most `plies` plies.
fn base_plies(json: &Path, plies: &str) -> Vec<String> {
    [
        "--games",
        "8",
        "--time",
        "5",
        "--max-plies",
        plies,
        "--seed",
        "3",
        "--json",
    ]
    .iter()
    .map(ToString::to_string)
    .chain([json.display().to_string()])
    .collect()
}

/// The pair lines of a results file, sorted (the header line dropped).
fn pair_lines(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines: Vec<String> = text.lines().skip(1).map(String::from).collect();
    lines.sort();
    lines
}

/// The lines of the summary that the totals make.
fn totals(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            l.starts_with("A: ") && l.contains(" wins, ")
                || l.starts_with("Elo ")
                || l.starts_with("pairs of A")
        })
        .collect()
}

/// Deterministic agents far enough apart that games are decided (depth
/// 1 against depth 2 draws at short ply limits), on the hand-written
/// evaluation: with gen 2 built in, depth 1 against depth 3 drew all 8
/// games at 60 plies, and the test is of shards, not of a network.
const A1: &str = "boardsh agent --depth 1 --net off";
const B3: &str = "boardsh agent --depth 3 --net off";

#[test]
fn shards_merged_give_the_totals_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let all = dir.path().join("all.jsonl");
    // One run, two games at a time.
    let mut args = base_plies(&all, "60");
    args.extend(["--concurrency", "2", A1, B3].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (one, err, code) = run_match(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        one.lines().filter(|l| l.starts_with("game ")).count(),
        8,
        "{one}"
    );
    assert_eq!(pair_lines(&all).len(), 4);

    // Shards 1/2 and 2/2, each in its own file: pairs 0, 2 and 1, 3.
    let mut files = Vec::new();
    for k in ["1/2", "2/2"] {
        let file = dir.path().join(format!("shard{}.jsonl", &k[..1]));
        let mut args = base_plies(&file, "60");
        args.extend(["--shard", k, A1, B3].map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (out, err, code) = run_match(&args);
        assert_eq!(code, Some(0), "{err}");
        let numbers: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("game "))
            .map(|l| l.split(':').next().unwrap())
            .collect();
        let expected = if k == "1/2" {
            ["game 1", "game 2", "game 5", "game 6"]
        } else {
            ["game 3", "game 4", "game 7", "game 8"]
        };
        assert_eq!(numbers, expected, "{out}");
        files.push(file);
    }
    // The same pairs, game for game, as the single run.
    let mut sharded: Vec<String> = files.iter().flat_map(|f| pair_lines(f)).collect();
    sharded.sort();
    assert_eq!(sharded, pair_lines(&all));

    let merged = boardsh().args(["match", "--merge"]).args(&files).output();
    let (merged, err, code) = (
        String::from_utf8(merged.stdout).unwrap(),
        String::from_utf8(merged.stderr).unwrap(),
        merged.status.code(),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        merged.contains("merged 2 files: 8 games in 4 pairs"),
        "{merged}"
    );
    assert_eq!(totals(&merged), totals(&one), "{merged}\n{one}");
    assert_eq!(totals(&one).len(), 3, "{one}");
    // Decided games, so the comparison is not of draws alone.
    assert!(!one.contains("A: 0 wins, 8 draws"), "{one}");
}

#[test]
fn a_run_resumes_from_its_results_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.jsonl");
    let mut first = base(&file);
    first[1] = "4".into(); // --games 4
    first.extend([A, B].map(String::from));
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    let (out, err, code) = run_match(&first);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 4);
    // A crash while writing leaves a torn last line: it is dropped.
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("{\"pair\":2,\"sta");
    std::fs::write(&file, text).unwrap();

    let mut again = base(&file);
    again.extend([A, B].map(String::from));
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    let (out, err, code) = run_match(&again);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("resumed from "), "{out}");
    assert!(out.contains(": 4 games in 2 pairs already played"), "{out}");
    let numbers: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(numbers, ["game 5", "game 6", "game 7", "game 8"], "{out}");
    assert!(out.contains(" in 8 games; score "), "{out}");
    assert_eq!(pair_lines(&file).len(), 4);

    // The same as one run of 8 games from scratch.
    let fresh = dir.path().join("fresh.jsonl");
    let mut whole = base(&fresh);
    whole.extend([A, B].map(String::from));
    let whole: Vec<&str> = whole.iter().map(String::as_str).collect();
    let (one, _, _) = run_match(&whole);
    assert_eq!(totals(&out), totals(&one));
    assert_eq!(pair_lines(&file), pair_lines(&fresh));

    // Another match's file is refused, and left as it was.
    let before = std::fs::read_to_string(&file).unwrap();
    let mut other = base(&file);
    other[7] = "4".into(); // --seed 4
    other.extend([A, B].map(String::from));
    let other: Vec<&str> = other.iter().map(String::as_str).collect();
    let (_, err, code) = run_match(&other);
    assert_eq!(code, Some(2));
    assert!(err.contains("holds another match's results"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

#[test]
fn openings_from_a_file_are_played_twice_each() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    // Two positions where the side to move takes the enemy lion at once
    // along an open file (lions facing each other), whatever it plays
    // otherwise: each position is won by whoever moves first, so in each
    // pair the agent with White wins one game and the other the next.
    std::fs::write(
        &book,
        "# lions facing\n3l3/7/7/7/7/7/3L3 w 0\n\n2l4/7/7/7/7/7/2L4 w 0\n",
    )
    .unwrap();
    let book_arg = book.display().to_string();
    let (out, err, code) = run_match(&[
        "--games",
        "4",
        "--time",
        "5",
        "--openings",
        &book_arg,
        "boardsh agent --depth 1",
        "boardsh agent --depth 1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for g in &games[..2] {
        assert!(g.ends_with("; opening 3l3/7/7/7/7/7/3L3 w 0"), "{g}");
    }
    for g in &games[2..] {
        assert!(g.ends_with("; opening 2l4/7/7/7/7/7/2L4 w 0"), "{g}");
    }
    assert!(out.contains("A: 2 wins, 0 draws, 2 losses"), "{out}");

    // A bad line is located, before any game.
    std::fs::write(&book, "3l3/7/7/7/7/7/3L3 w 0\n3l3/7/7/7/7/7/3X3 w 0\n").unwrap();
    let (out, err, code) = run_match(&[
        "--time",
        "5",
        "--openings",
        &book_arg,
        "boardsh agent",
        "boardsh agent",
    ]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.contains(&format!(
            "--openings {book_arg}:2: bad FEN `3l3/7/7/7/7/7/3X3 w 0`"
        )),
        "{err}"
    );
    assert_eq!(out, "");
}

#[test]
fn merging_other_matches_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.jsonl");
    let b = dir.path().join("b.jsonl");
    std::fs::write(&a, "{\"boardsh_match\":1,\"A\":\"x\",\"seed\":\"1\"}\n").unwrap();
    std::fs::write(&b, "{\"boardsh_match\":1,\"A\":\"x\",\"seed\":\"2\"}\n").unwrap();
    let out = boardsh()
        .args(["match", "--merge"])
        .arg(&a)
        .arg(&b)
        .output();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("another match's results than"), "{err}");
    std::fs::write(
        &b,
        "{\"boardsh_match\":1,\"A\":\"x\",\"seed\":\"1\"}\n{\"pair\":0}\n",
    )
    .unwrap();
    let out = boardsh()
        .args(["match", "--merge"])
        .arg(&a)
        .arg(&b)
        .output();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("b.jsonl:2: `games` is missing"), "{err}");
}
