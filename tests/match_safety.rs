//! `boardsh match` under signals and with game records (issue 41): a
//! signal ends a fast match within a second, however many games are
//! queued or however the output blocks, with every printed game recorded;
//! `--pgn` refuses up front a target it would destroy; a resumed match
//! keeps the earlier records; records that cannot be written make the
//! exit status non-zero.

use crate::common::Test;
use crate::common::test::BIN;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const RANDOM: &str = "boardsh agent --engine random";

/// The arguments of a fast match: 200,000 ten-ply games of two random
/// agents (thousands a second here), far more than a test waits for.
fn fast_match(pgn: &Path) -> Vec<String> {
    [
        "match",
        "--games",
        "200000",
        "--time",
        "0.01",
        "--max-plies",
        "10",
        "--concurrency",
        "2",
        "--pgn",
        &pgn.display().to_string(),
        RANDOM,
        RANDOM,
    ]
    .map(String::from)
    .to_vec()
}

/// A fast match running, its stdout and stderr piped to the test, and
/// the tests' isolated environment (no user data directory, no colour).
fn spawn_fast_match(pgn: &Path) -> Child {
    crate::common::command()
        .args(fast_match(pgn))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Send `signal` to `child`.
fn signal(child: &Child, signal: i32) {
    let pid = i32::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on our own child, not yet reaped.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// Wait for `child` at most `limit`: its status code, or a failed test
/// (after killing it) if it lives on.
fn exits_within(child: &mut Child, limit: Duration) -> (Option<i32>, Duration) {
    let from = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status.code(), from.elapsed());
        }
        if from.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running {limit:?} after the signal");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The number of games in a record file (each opens with `# game `).
fn games_in(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let games = text.matches("# game ").count();
    // Every game recorded is whole: it has its result line.
    assert_eq!(text.matches("# result ").count(), games, "{text}");
    games
}

/// Start a fast match, signal it after `after`, and check it ends within
/// a second (3 s allowed for a loaded machine) with status 128 + signal,
/// its summary, and one record per game it printed.
fn stopped_by(sig: i32, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("all.bsh");
    let mut child = spawn_fast_match(&pgn);
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).unwrap();
        s
    });
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, sig);
    let (code, took) = exits_within(&mut child, Duration::from_secs(3));
    let out = reader.join().unwrap();
    assert_eq!(code, Some(128 + sig), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("stopped after "))
        .unwrap_or_else(|| panic!("no stop line in {}", &out[out.len().saturating_sub(500)..]));
    assert!(line.ends_with(&format!(" games: {name}")), "{line}");
    let n: usize = line.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(n > 0 && n < 200_000, "{line}");
    // The summary follows, and every game printed is recorded.
    assert!(out.contains("Elo A - B: "), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), n);
    assert_eq!(games_in(&pgn), n, "took {took:?}");
}

#[test]
fn sigterm_ends_a_fast_match_at_once_with_its_records() {
    // Before: still running 111 s after SIGTERM, rewriting the whole
    // record file after every game of its backlog.
    stopped_by(libc::SIGTERM, "SIGTERM");
}

#[test]
fn sigint_ends_a_fast_match_at_once_with_its_records() {
    stopped_by(libc::SIGINT, "SIGINT");
}

#[test]
fn an_unread_output_holds_the_match_back_and_a_signal_still_ends_it() {
    // Nobody reads stdout: the pipe fills, the referee blocks writing, and
    // the workers wait for it (no backlog grows). SIGTERM ends the process
    // a second later, saying on stderr what was printed and recorded.
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("all.bsh");
    let mut child = spawn_fast_match(&pgn);
    std::thread::sleep(Duration::from_millis(2000));
    signal(&child, libc::SIGTERM);
    let (code, _) = exits_within(&mut child, Duration::from_secs(4));
    assert_eq!(code, Some(143));
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let recorded: usize = err
        .split(", ")
        .find_map(|w| w.strip_suffix(" recorded\n"))
        .unwrap_or_else(|| panic!("{err}"))
        .parse()
        .unwrap();
    assert!(err.contains("stopped by SIGTERM"), "{err}");
    // A pipe holds 64 KiB, about 700 game lines: far from 200,000.
    assert!(recorded > 0 && recorded < 20_000, "{err}");
    assert_eq!(games_in(&pgn), recorded, "{err}");
}

/// `boardsh match` with `args` (two random agents), within a minute.
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Test::new()
        .arg("match")
        .args(args)
        .args([RANDOM, RANDOM])
        .timeout(60)
        .output();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn pgn_refuses_links_devices_and_existing_files_before_the_first_game() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious.txt");
    std::fs::write(&precious, "my notes\n").unwrap();
    let link = dir.path().join("link.bsh");
    std::os::unix::fs::symlink(&precious, &link).unwrap();
    let dangling = dir.path().join("dangling.bsh");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    for (target, why) in [
        (
            precious.as_path(),
            "the file exists (9 bytes); --force replaces it",
        ),
        (link.as_path(), "it is a symbolic link"),
        (dangling.as_path(), "it is a symbolic link"),
        (Path::new("/dev/null"), "it is a character device"),
    ] {
        let t = target.display().to_string();
        let (out, err, code) = run(&["--games", "2", "--time", "0.1", "--pgn", &t]);
        assert_eq!(code, Some(2), "{t}: {out}{err}");
        assert!(
            err.contains(&format!("--pgn {t}: cannot write there: {why}")),
            "{t}: {err}"
        );
        assert!(!out.contains("game 1"), "{t}: {out}");
    }
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "my notes\n");

    // With --force the file is replaced by the records.
    let t = precious.display().to_string();
    let (out, err, code) = run(&["--games", "2", "--time", "0.1", "--force", "--pgn", &t]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(games_in(&precious), 2);
    assert!(
        !std::fs::read_to_string(&precious)
            .unwrap()
            .contains("my notes")
    );
}

#[test]
fn pgn_refuses_an_input_of_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings.fen");
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
    std::fs::write(&openings, start).unwrap();
    let o = openings.display().to_string();
    let (out, err, code) = run(&[
        "--games",
        "2",
        "--time",
        "0.1",
        "--openings",
        &o,
        "--force",
        "--pgn",
        &o,
    ]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("it is an input of this match"), "{err}");
    assert_eq!(std::fs::read_to_string(&openings).unwrap(), start);

    let results = dir.path().join("r.jsonl");
    let r = results.display().to_string();
    let (_, err, code) = run(&["--games", "2", "--time", "0.1", "--json", &r]);
    assert_eq!(code, Some(0), "{err}");
    let before = std::fs::read_to_string(&results).unwrap();
    let (_, err, code) = run(&[
        "--games", "4", "--time", "0.1", "--json", &r, "--force", "--pgn", &r,
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("it is an input of this match"), "{err}");
    assert_eq!(std::fs::read_to_string(&results).unwrap(), before);
}

#[test]
fn a_directory_with_records_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let games = format!("{}/", dir.path().join("games").display());
    let (_, err, code) = run(&["--games", "2", "--time", "0.1", "--pgn", &games]);
    assert_eq!(code, Some(0), "{err}");
    let (_, err, code) = run(&["--games", "2", "--time", "0.1", "--pgn", &games]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("holds records already (game-001.bsh)"),
        "{err}"
    );
    let (_, err, code) = run(&["--games", "2", "--time", "0.1", "--force", "--pgn", &games]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_resumed_match_keeps_the_earlier_records() {
    // Before: the resumed run rewrote the record file with its own games.
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path().join("r.jsonl").display().to_string();
    let pgn = dir.path().join("g.bsh");
    let p = pgn.display().to_string();
    let (out, err, code) = run(&["--games", "2", "--time", "0.1", "--json", &r, "--pgn", &p]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(games_in(&pgn), 2);
    let (out, err, code) = run(&["--games", "6", "--time", "0.1", "--json", &r, "--pgn", &p]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("resumed from"), "{out}");
    // Games 1-2 from the first run, 3-6 from the second, in one file that
    // replays as a script.
    assert_eq!(games_in(&pgn), 6);
    let text = std::fs::read_to_string(&pgn).unwrap();
    for n in 1..=6 {
        assert!(text.contains(&format!("# game {n} of ")), "{n}: {text}");
    }
    Test::new().arg("--quiet").arg(&pgn).any_stdout().run();
}

#[test]
fn records_that_cannot_be_written_make_the_status_non_zero() {
    // A file size limit of 1 KiB (`ulimit -f 1`, with SIGXFSZ ignored so a
    // write past it fails with EFBIG) holds two or three records of about
    // 300-500 bytes; the rest cannot be written. Each such game is said on
    // stderr, the file keeps whole games only, and the status is 1.
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("g.bsh");
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec '{BIN}' match --games 10 --time 0.1 --pgn '{}' '{RANDOM}' '{RANDOM}'",
        pgn.display()
    );
    let out = crate::common::test::isolate(&mut std::process::Command::new("sh"))
        .args(["-c", &script])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let kept = games_in(&pgn);
    assert!((1..10).contains(&kept), "{kept}: {err}");
    assert!(
        err.contains(&format!(
            "{} of 10 game records could not be written",
            10 - kept
        )),
        "{err}"
    );
}

/// The game numbers of the records in `path`, in file order; every
/// record is whole (the `# result` line before the next game's), but for
/// the last when `torn_tail`: a SIGKILL can cut the record being written
/// (nothing can stop that), which the next resume drops. Its number,
/// when its first line is whole, is counted all the same, so a game
/// recorded twice is still seen.
fn numbers_in(path: &Path, torn_tail: bool) -> Vec<u64> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let records: Vec<&str> = text.split("\n\n").filter(|r| !r.is_empty()).collect();
    let mut numbers = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let cut =
            torn_tail && i + 1 == records.len() && !crate::common::matches::is_whole_record(record);
        let first = record.lines().next().unwrap_or_default();
        // The number ends at a space (`# game 139 of 200000`): a first
        // line cut inside the number is no number.
        let n = first
            .strip_prefix("# game ")
            .and_then(|r| r.split_once(' '))
            .and_then(|(n, _)| n.parse().ok());
        let Some(n) = n else {
            assert!(cut, "not a record: {record}");
            continue;
        };
        assert!(
            cut || crate::common::matches::is_whole_record(record),
            "game {n} is not whole: {record}"
        );
        numbers.push(n);
    }
    numbers
}

/// The pair numbers of the whole lines of results file `path`.
fn pairs_in(path: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .filter_map(|l| l.strip_prefix("{\"pair\":"))
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect()
}

/// A fast match of `games` games with `--json` and `--pgn` in `dir`.
fn resumable(dir: &Path, games: u64) -> std::process::Command {
    let mut cmd = crate::common::command();
    cmd.args(["match", "--games", &games.to_string()])
        .args(["--time", "0.01", "--max-plies", "10", "--concurrency", "2"])
        .arg("--json")
        .arg(dir.join("r.jsonl"))
        .arg("--pgn")
        .arg(dir.join("g.bsh"))
        .args([RANDOM, RANDOM])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

#[test]
fn a_match_killed_and_resumed_records_each_game_once() {
    // Issue 50: a game is recorded when it ends, its pair's results line
    // when both games have. A match stopped in between (SIGKILL, SIGTERM)
    // left a record of a game its results file does not hold; the resume
    // played the game again and appended it a second time (5,843 records
    // for 5,842 games, two "game 5839" with different moves).
    let dir = tempfile::tempdir().unwrap();
    let (pgn, json) = (dir.path().join("g.bsh"), dir.path().join("r.jsonl"));
    // Whether a kill by each signal left a record of an unfinished pair
    // (what the next resume must not record again). At a random moment
    // each of the two workers is in the second game of its pair about
    // half the time, so a few rounds are enough; on a loaded machine the
    // odds are lower (10 rounds once left no SIGKILL's), so up to 40, the
    // loop ending as soon as both were seen.
    let mut left = [false; 2];
    for round in 0..40 {
        let sig = [libc::SIGKILL, libc::SIGTERM][round % 2];
        let before = pairs_in(&json).len();
        let mut child = resumable(dir.path(), 200_000).spawn().unwrap();
        let from = Instant::now();
        while pairs_in(&json).len() < before + 10 {
            assert!(from.elapsed() < Duration::from_secs(60), "no progress");
            std::thread::sleep(Duration::from_millis(5));
        }
        signal(&child, sig);
        let (code, _) = exits_within(&mut child, Duration::from_secs(5));
        let want = if sig == libc::SIGKILL {
            None
        } else {
            Some(143)
        };
        assert_eq!(code, want, "round {round}");
        // Every game at most once, whatever the earlier rounds left.
        let mut numbers = numbers_in(&pgn, sig == libc::SIGKILL);
        let recorded = numbers.len();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(
            numbers.len(),
            recorded,
            "a game recorded twice: round {round}"
        );
        // Two games a pair: records beyond them are of unfinished pairs.
        if recorded > 2 * pairs_in(&json).len() {
            left[round % 2] = true;
        }
        if left == [true, true] {
            break;
        }
    }
    assert_eq!(left, [true, true], "no kill left an unfinished pair");
    // Resumed to the end: every game of every pair once, 1 to `games`.
    let last = pairs_in(&json).into_iter().max().unwrap();
    let games = 2 * (last + 1) + 10;
    let status = resumable(dir.path(), games).status().unwrap();
    assert!(status.success());
    let mut numbers = numbers_in(&pgn, false);
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=games).collect::<Vec<_>>());
    let mut pairs = pairs_in(&json);
    pairs.sort_unstable();
    assert_eq!(pairs, (0..games / 2).collect::<Vec<_>>());
}
