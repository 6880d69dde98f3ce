//! `boardsh match` end to end: real agent processes (boardsh's own agent,
//! a random mover, and misbehaving shell scripts), a fixed seed, the
//! result lines, the summary and the recorded games.

use crate::common::Test;
use crate::common::matches::run_match_within;
use std::path::Path;

/// The binary, failing the test if it runs past 120 s (a match that stops
/// answering must not hang the suite).
fn boardsh() -> Test {
    Test::new().timeout(120)
}

fn run_match(args: &[&str]) -> (String, String, Option<i32>) {
    run_match_within(120, args)
}

/// The result notation of each `game` line.
fn results(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split_whitespace().nth(7).unwrap().trim_end_matches(':'))
        .collect()
}

/// A's wins, draws and losses counted from the game lines: A is White in
/// odd games (the first of each opening pair), Black in even ones.
fn count_for_a(out: &str) -> (usize, usize, usize) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for (i, r) in results(out).iter().enumerate() {
        let a_white = i % 2 == 0;
        match (*r, a_white) {
            ("1/2-1/2", _) => d += 1,
            ("1-0", true) | ("0-1", false) => w += 1,
            _ => l += 1,
        }
    }
    (w, d, l)
}

#[test]
fn random_mover_against_boardsh_with_a_fixed_seed() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = format!("{}/", dir.path().join("games").display());
    let args = [
        "--games",
        "4",
        // Far more than either agent needs (a few ms), so that a loaded
        // machine never makes an answer late and the games stay the same.
        "--time",
        "5",
        "--max-plies",
        "80",
        "--seed",
        "7",
        "--pgn",
        &pgn,
        // The run is made twice into the same directory (below): the
        // second replaces the first's records.
        "--force",
        "boardsh agent --engine random --seed 3",
        "boardsh agent --depth 2",
    ];
    let (out, err, code) = run_match(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(results(&out).len(), 4, "{out}");
    let (w, d, l) = count_for_a(&out);
    assert!(
        out.contains(&format!("A: {w} wins, {d} draws, {l} losses in 4 games")),
        "{out}"
    );
    assert!(out.contains("Elo A - B: "), "{out}");
    assert!(out.contains("slowest answer of A: "), "{out}");
    // Games 1 and 2 share an opening, as do 3 and 4; the two openings differ.
    let openings: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| l.split("; opening ").nth(1).unwrap())
        .collect();
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_ne!(openings[0], openings[2]);
    assert_eq!(openings[0].split(' ').count(), 4);
    // The same seeds give the same games: both movers are deterministic
    // (a seeded random mover; a fixed-depth search far inside its time).
    let (again, _, _) = run_match(&args);
    let games = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect()
    };
    assert_eq!(games(&out), games(&again));
    // Each record replays in boardsh and ends where the result says.
    for (i, r) in results(&out).iter().enumerate() {
        let file = Path::new(&pgn).join(format!("game-{:03}.bsh", i + 1));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(&format!("# result {r} (")), "{text}");
        let replay = boardsh()
            .arg("--quiet")
            .arg(&file)
            .args(["-c", "status"])
            .output();
        assert_eq!(
            replay.status.code(),
            Some(0),
            "{text}{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        let status = String::from_utf8(replay.stdout).unwrap();
        let line = out
            .lines()
            .filter(|l| l.starts_with("game "))
            .nth(i)
            .unwrap();
        let expected = match *r {
            "1-0" if line.contains("captured the lion") => "White wins\n",
            "0-1" if line.contains("captured the lion") => "Black wins\n",
            // Drawn at the ply limit or by repetition: the game goes on.
            "1/2-1/2" => "Continue\n",
            _ => panic!("unexpected result line {line}"),
        };
        assert!(status.ends_with(expected), "{line}: {status}");
    }
}

/// A shell-script agent answering every `go` with `answer`.
fn script_agent(answer: &str) -> String {
    format!("sh -c 'while read l; do case \"$l\" in go*) {answer};; esac; done'")
}

#[test]
fn illegal_silent_and_dead_agents_lose() {
    // Illegal: a1a7 is never a legal move from the start (nothing moves
    // six squares along a file there).
    let illegal = script_agent("echo a1a7");
    let (out, err, code) = run_match(&[
        "--games",
        "2",
        "--time",
        "5",
        &illegal,
        "boardsh agent --engine random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("A: 0 wins, 0 draws, 2 losses"), "{out}");
    assert!(out.contains("played `a1a7`, not a legal move"), "{out}");
    assert!(out.contains("Elo A - B: -inf"), "{out}");

    // Silent after its first answer: an illegal first answer (so it has
    // answered once), then nothing; it loses on time and the manager goes
    // on (the agent is killed and restarted). An agent silent from the
    // start is an error, not a loss (tests/match_referee.rs).
    let silent = "sh -c 'n=0; while read l; do case \"$l\" in go*) [ $n = 0 ] && echo a1a7; n=1;; esac; done'";
    // Only the silent agent is waited for on time: A answers once in
    // game 1 (a first answer, given 5 s), and in game 2 the silent agent
    // is White after the opening, so the game ends on its time.
    let (out, _, code) = run_match(&[
        "--games",
        "2",
        "--time",
        "0.2",
        "--grace",
        "0.2",
        "boardsh agent --engine random",
        silent,
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("A: 2 wins, 0 draws, 0 losses"), "{out}");
    assert!(out.contains("did not answer within 0.400 s"), "{out}");

    // Dead after its first answer: answers a1a7, then exits.
    let dead = "sh -c 'while read l; do case \"$l\" in go*) echo a1a7; exit 0;; esac; done'";
    // B only has to move (its moves do not matter): the random mover
    // answers at once where the engine thinks for a second.
    let (out, _, code) = run_match(&[
        "--games",
        "2",
        "--time",
        "5",
        dead,
        "boardsh agent --engine random",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("A: 0 wins, 0 draws, 2 losses"), "{out}");
    assert!(
        out.contains("black gave no answer: it exited with status 0"),
        "{out}"
    );

    // Late: answers a legal first move, but long after the limit and grace
    // (0.6 s for 0.1 + 0.1: a sleep is never shorter; a first answer is
    // waited for 5 s, so it comes and is judged late).
    let late = script_agent("sleep 0.6; echo c2c3");
    let (out, _, _) = run_match(&[
        "--games",
        "1",
        "--time",
        "0.1",
        "--grace",
        "0.1",
        &late,
        "boardsh agent",
    ]);
    assert!(out.contains("A: 0 wins, 0 draws, 1 losses"), "{out}");
    assert!(out.contains("white answered late: "), "{out}");
}

#[test]
fn bad_usage_is_status_2() {
    let (_, err, code) = run_match(&["--time", "0", "boardsh agent", "boardsh agent"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--time"), "{err}");
    let (_, err, code) = run_match(&["--time", "1", "'unterminated", "boardsh agent"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unterminated single quote"), "{err}");
    let (_, err, code) = run_match(&["--time", "1", "/nonexistent/agent", "boardsh agent"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot start"), "{err}");
}

#[test]
fn one_record_file_holds_every_game_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("match.bsh");
    let illegal = script_agent("echo a1a7");
    let (out, err, code) = run_match(&[
        "--games",
        "3",
        "--time",
        "5",
        "--pgn",
        file.to_str().unwrap(),
        "boardsh agent --engine random",
        &illegal,
    ]);
    assert_eq!(code, Some(0), "{err}");
    // The script agent loses each game at its first answer; its losing
    // answer is kept as a comment, so the record still replays.
    assert!(out.contains("A: 3 wins, 0 draws, 0 losses"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("# game ").count(), 3, "{text}");
    assert_eq!(text.matches("# losing answer: a1a7").count(), 3, "{text}");
    assert_eq!(
        text.matches("fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0")
            .count(),
        3
    );
    let replay = boardsh().arg("--quiet").arg(&file).output();
    assert_eq!(replay.status.code(), Some(0));
    // No temporary file is left beside the record.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["match.bsh"]);
}
