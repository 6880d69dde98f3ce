//! `boardsh selfplay` and `boardsh tune`: the data file (in the data
//! directory by default, every line a legal position with a result), the
//! weights file the tuner writes and `agent --weights` reads, and bad input
//! refused with the file and line named. Tiny runs only.

use crate::common::{Test, command};
use boardsh::congo::Position;
use boardsh::congo::search::{EvalWeights, weights};
use std::path::Path;
use std::process::{Command, Output};

/// `boardsh ARGS` with `data` as its data directory; its output, not
/// checked (the tests check it).
pub(crate) fn boardsh(args: &[&str], data: &Path) -> Output {
    Test::new()
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("HOME", data)
        .output()
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn selfplay_then_tune_then_an_agent_reads_the_weights() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("boardsh").join("selfplay.txt");
    let out = boardsh(
        &[
            "selfplay",
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "30",
        ],
        data.path(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    assert!(summary.starts_with("2 games (White +"), "{summary}");
    assert!(summary.contains(&file.display().to_string()), "{summary}");
    // Every line: a position that parses, and a result of the three.
    let lines = std::fs::read_to_string(&file).unwrap();
    let n = lines.lines().count();
    assert!(n > 0);
    assert!(
        summary.contains(&format!(" {n} positions in ")),
        "{summary}"
    );
    for line in lines.lines() {
        let mut parts = line.split(';');
        parts.next().unwrap().parse::<Position>().unwrap();
        assert!(["1", "0.5", "0"].contains(&parts.next().unwrap()), "{line}");
        // The search's score for White: a whole number of centipawns, not
        // a win score (those positions are not kept).
        let score: i32 = parts.next().unwrap().parse().unwrap();
        assert!(score.abs() < 20_000, "{line}");
        assert_eq!(parts.next(), None, "{line}");
    }
    // Nothing else left beside it (the temporary file was renamed).
    assert_eq!(
        std::fs::read_dir(file.parent().unwrap()).unwrap().count(),
        1
    );

    let w = data.path().join("w.txt");
    let out = boardsh(
        &[
            "tune",
            "--data",
            file.to_str().unwrap(),
            "--out",
            w.to_str().unwrap(),
            "--epochs",
            "5",
        ],
        data.path(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.starts_with(&format!("data: {n} positions from ")),
        "{report}"
    );
    assert!(
        report.contains("pawn                100 ->    100 (fixed)"),
        "{report}"
    );
    let tuned = weights::parse(
        &std::fs::read_to_string(&w).unwrap(),
        &EvalWeights::default(),
    );
    assert_eq!(tuned.unwrap().values[0], 100);

    // The agent plays with them; a bad file is refused, named with its line.
    let agent = |file: &Path| {
        let mut child = command()
            .args(["agent", "--depth", "1", "--weights", file.to_str().unwrap()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(b"go 1\nquit\n");
        drop(stdin);
        child.wait_with_output().unwrap()
    };
    let out = agent(&w);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    let bad = data.path().join("bad.txt");
    std::fs::write(&bad, "pawn 100\nqueen 900\n").unwrap();
    let out = agent(&bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(&format!(
            "--weights {}:2: unknown weight `queen`",
            bad.display()
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_data_is_refused_with_its_line() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("d.txt");
    let start = Position::start().to_string();
    std::fs::write(&file, format!("{start};1\n{start};draw\n")).unwrap();
    let w = data.path().join("w.txt");
    let out = boardsh(
        &[
            "tune",
            "--data",
            file.to_str().unwrap(),
            "--out",
            w.to_str().unwrap(),
        ],
        data.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!("{}:2: result `draw`", file.display())),
        "{}",
        text(&out.stderr)
    );
    assert!(!w.exists());
    let out = boardsh(
        &["tune", "--data", file.to_str().unwrap(), "--fix", "queen"],
        data.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--fix queen: unknown weight"));
}

#[test]
fn ctrl_c_keeps_the_finished_games() {
    // A run of a million games, stopped by SIGINT once the first games are
    // in the temporary file: exit 130, the summary says interrupted, and
    // the data file holds whole lines of the finished games only.
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("d.txt");
    let child = command()
        .args([
            "selfplay",
            "--games",
            "1000000",
            "--nodes",
            "100",
            "--max-plies",
            "20",
        ])
        .args(["--out", file.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let waited = std::time::Instant::now();
    let started = loop {
        let tmp = std::fs::read_dir(data.path())
            .unwrap()
            .filter_map(Result::ok)
            .any(|e| e.metadata().is_ok_and(|m| m.len() > 0));
        if tmp || waited.elapsed().as_secs() > 120 {
            break tmp;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert!(started, "no game finished in 120 s");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    assert!(summary.starts_with("interrupted: "), "{summary}");
    let lines = std::fs::read_to_string(&file).unwrap();
    assert!(lines.ends_with('\n'));
    assert!(summary.contains(&format!(" {} positions in ", lines.lines().count())));
    for line in lines.lines() {
        let (fen, _) = line.split_once(';').unwrap();
        fen.parse::<Position>().unwrap();
    }
    // Only the data file is left.
    assert_eq!(std::fs::read_dir(data.path()).unwrap().count(), 1);
}

#[test]
fn weights_are_never_ignored_for_a_network() {
    // `--weights` sets the hand-written evaluation's weights; a network
    // replaces that evaluation. Named together, they are refused (status
    // 2, before any game); `--weights` alone plays the hand-written
    // evaluation with them (before, the built-in network played and the
    // weights were silently unused).
    let data = tempfile::tempdir().unwrap();
    let d = data.path();
    let w = d.join("w.txt");
    std::fs::write(&w, "pawn 100\n").unwrap();
    let w = w.to_str().unwrap();
    let message = |net: &str| {
        format!(
            "--weights with --net `{net}`: the weights are the hand-written evaluation's, which a network replaces; give --net off, or no --weights\n"
        )
    };
    for net in ["default", "Default"] {
        let out = boardsh(&["agent", "--weights", w, "--net", net], d);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            format!("boardsh agent: {}", message(net))
        );
        let games = d.join("games.txt");
        let games = games.to_str().unwrap();
        let out = boardsh(
            &[
                "selfplay",
                "--games",
                "1",
                "--weights",
                w,
                "--net",
                net,
                "--out",
                games,
            ],
            d,
        );
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr),
            format!("boardsh selfplay: {}", message(net))
        );
        assert!(!Path::new(games).exists());
    }
    // A network file named: refused too, before it is read.
    let out = boardsh(&["agent", "--weights", w, "--net", "missing.nnue"], d);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("boardsh agent: {}", message("missing.nnue"))
    );
    // With `--net off`, or no `--net`, the weights play: a selfplay job
    // names its network in job.txt, `off` (not the built-in one's
    // checksum).
    for net in [&["--net", "off"][..], &[]] {
        let dir = tempfile::tempdir().unwrap();
        let job = dir.path().join("gen");
        let mut args = vec![
            "selfplay",
            "--games",
            "1",
            "--nodes",
            "50",
            "--max-plies",
            "8",
            "--weights",
            w,
            "--out-dir",
            job.to_str().unwrap(),
        ];
        args.extend(net);
        let out = boardsh(&args, d);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let settings = std::fs::read_to_string(job.join("job.txt")).unwrap();
        assert!(settings.ends_with("\nnet off\n"), "{net:?}: {settings}");
    }
}

/// `boardsh tune ... | head -1`: the report's output closed before the
/// first line. The tuning goes on and writes its weights, the closed
/// output said once on stderr, status 0 (it panicked, status 101, at
/// the first `println!`).
#[test]
fn a_closed_output_neither_stops_the_tuning_nor_loses_the_weights() {
    let data = tempfile::tempdir().unwrap();
    let out = crate::training_data::selfplay(data.path(), "d.txt");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = data.path().join("d.txt");
    let w = data.path().join("w.txt");
    // The reading end closed before the tuner starts: every write of the
    // report fails (closing it after the start raced the tuner's output
    // into the pipe's buffer).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = command()
        .args([
            "tune",
            "--data",
            file.to_str().unwrap(),
            "--out",
            w.to_str().unwrap(),
            "--epochs",
            "5",
        ])
        .env("XDG_DATA_HOME", data.path())
        .env("HOME", data.path())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(err.matches("cannot write the report").count(), 1, "{err}");
    let tuned = weights::parse(
        &std::fs::read_to_string(&w).unwrap(),
        &EvalWeights::default(),
    );
    assert!(tuned.is_ok(), "{err}");
}
