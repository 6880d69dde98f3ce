//! `boardsh yut solve`: the value printed is the table's, the table is
//! written where asked and read back on the next run, and a file that is
//! not a table is refused and left alone; a stopped layer's values
//! beside it are resumed from.

use crate::common::Test;
use boardsh::yut::solve::{Board, Partial, Roles, Table};

/// `boardsh yut solve ARGS`, to run with the status it must end with
/// (0 unless told); stdout and stderr are the test's to look at.
fn solve(args: &[&str]) -> Test {
    Test::new()
        .args(["yut", "solve"])
        .args(args)
        .any_stdout()
        .any_stderr()
}

fn last_line(out: &[u8]) -> String {
    String::from_utf8_lossy(out)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

#[test]
fn prints_the_tables_value_and_resumes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("k1.bin");
    let path = file.to_str().expect("utf-8");
    let first = solve(&["--tokens", "1", "--cap", "3", "--out", path]).run();
    let out = first.stdout.clone();
    let printed: f64 = last_line(&out).parse().expect("a number last");
    // The file holds the table; its start value is the one printed.
    let bytes = std::fs::read(&file).expect("written");
    let table = Table::from_bytes(&bytes, 1, 3, Roles::SelfPlay).expect("a table");
    let value = table.value(Board::start(1), 0).expect("solved");
    assert!((printed - value).abs() < 1e-10, "{printed} vs {value}");
    // Moving first is an advantage, but a small one.
    assert!(printed > 0.5 && printed < 0.55);
    // A second run reads the layer back and prints the same value.
    let again = solve(&["--tokens", "1", "--cap", "3", "--out", path]).run();
    let out2 = again.stdout.clone();
    assert!(String::from_utf8_lossy(&out2).contains("layer 0: read from the table"));
    assert_eq!(last_line(&out2), last_line(&out));
}

#[test]
fn resumes_a_stopped_layer_from_its_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("k2.bin");
    let partial = dir.path().join("k2.bin.partial");
    let args = |f: &std::path::Path, down_to: &str| {
        let p = f.to_str().expect("utf-8").to_string();
        vec!["--tokens", "2", "--cap", "1", "--down-to", down_to, "--out"]
            .into_iter()
            .map(String::from)
            .chain([p])
            .collect::<Vec<_>>()
    };
    let run = |v: Vec<String>| solve(&v.iter().map(String::as_str).collect::<Vec<_>>());
    // Values of a layer 1 stopped part way (here every position at 0.9,
    // as far from most values as a start can be: any start converges).
    let table = Table::new(2, 1, Roles::SelfPlay);
    let n = table.index().layer_len(1);
    let stopped = Partial {
        layer: 1,
        sweeps: 4,
        values: vec![vec![0.9; n]],
    };
    std::fs::write(&partial, stopped.to_bytes(&table)).expect("write");
    let a = run(args(&file, "1")).run();
    let out = String::from_utf8_lossy(&a.stdout).to_string();
    assert!(
        out.contains("layer 1: resuming from the values a stopped solve reached in 4 full sweeps"),
        "{out}"
    );
    // The layer is in the table now, so its stopped values are gone.
    assert!(!partial.exists());
    let read = |f: &std::path::Path| {
        Table::from_bytes(&std::fs::read(f).expect("written"), 2, 1, Roles::SelfPlay)
            .expect("a table")
    };
    // The unstopped values: the library's solve of the same game and
    // layers, shared with tests/yut_solve.rs (a second run of the binary
    // from scratch would solve them again).
    let (x, y) = (crate::yut_solve::two_token_last_layers(), read(&file));
    let mut worst = 0.0f64;
    for at in 0..n {
        let b = x.index().board(1, at).expect("in range");
        if b.clash() {
            continue;
        }
        if let (Some(u), Some(v)) = (x.value(b, 0), y.value(b, 0)) {
            worst = worst.max((u - v).abs());
        }
    }
    // Both stop when a sweep moves no value by 1e-9.
    assert!(worst < 1e-8, "largest difference {worst:e}");
    // A file there that is not such values is said, left alone, and the
    // layer solved afresh (layer 2, the first solved, is enough: `resume`
    // reads the file as each layer starts).
    let other = dir.path().join("other.bin");
    let junk = dir.path().join("other.bin.partial");
    std::fs::write(&junk, "half a layer\n").expect("write");
    let b = run(args(&other, "2")).run();
    let err = String::from_utf8_lossy(&b.stderr).to_string();
    assert!(
        err.contains("other.bin.partial") && err.contains("layer 2 starts afresh"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&junk).expect("kept"),
        "half a layer\n"
    );
    assert!(read(&other).has_layer(2));
}

#[test]
fn refuses_a_file_that_is_not_its_table() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "my notes\n").expect("write");
    let path = file.to_str().expect("utf-8");
    // Refused up front as a usage error (status 2): an existing file
    // that is not the table to resume is replaced only with --force.
    let a = solve(&["--tokens", "1", "--out", path]).status(2).run();
    let err = String::from_utf8_lossy(&a.stderr).to_string();
    assert!(
        err.contains("notes.txt") && err.contains("not a boardsh yut solve table"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "my notes\n");
    // Bad tokens: a usage error from the argument parser.
    solve(&["--tokens", "5"]).status(2).run();
}

#[test]
fn down_to_has_a_range() {
    // K tokens a side make layers 0 to 2K-2 escaped in all (a team with
    // all K home has won, so each has at most K-1): past that is a usage
    // error naming the flag and the range, and nothing is written.
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("k2.bin");
    let path = file.to_str().expect("utf-8");
    let a = solve(&["--tokens", "1", "--down-to", "1", "--out", path])
        .status(2)
        .run();
    let err = String::from_utf8_lossy(&a.stderr).to_string();
    assert!(
        err.contains("--down-to 1") && err.contains("0 to 0"),
        "{err}"
    );
    let b = solve(&["--tokens", "2", "--down-to", "3", "--out", path])
        .status(2)
        .run();
    let err = String::from_utf8_lossy(&b.stderr).to_string();
    assert!(
        err.contains("--down-to 3") && err.contains("0 to 2"),
        "{err}"
    );
    assert!(!file.exists());
    // Past the largest game's last layer (K = 4: 6) clap refuses it.
    solve(&["--tokens", "4", "--down-to", "7", "--out", path])
        .status(2)
        .run();
    solve(&["--tokens", "1", "--down-to", "-1", "--out", path])
        .status(2)
        .run();
    // The last layer itself is in range: K = 2, E = 2 is one token a
    // side left, the one-token game's size; the start is not in it.
    let ok = solve(&[
        "--tokens",
        "2",
        "--cap",
        "3",
        "--down-to",
        "2",
        "--out",
        path,
    ])
    .run();
    let out = String::from_utf8_lossy(&ok.stdout).to_string();
    assert!(
        out.contains("layer 2: ") && out.contains("the start needs layer 0"),
        "{out}"
    );
    assert!(!out.contains("layer 1: "), "{out}");
}

#[test]
fn estimate_counts_the_layers_and_solves_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("k2.bin");
    let path = file.to_str().expect("utf-8");
    let a = solve(&["--tokens", "2", "--estimate", "--out", path]).run();
    let out = String::from_utf8_lossy(&a.stdout).to_string();
    // Positions by counting: a team's lone token is at home or on one of
    // the 29 stations (30 states), two tokens are a multiset of those,
    // C(31, 2) = 465. Layer 2 (one token each): 30 x 30; layer 1 (one
    // team has both left, either team to move): 2 x 465 x 30; layer 0:
    // 465 x 465.
    let positions: Vec<u64> = out
        .lines()
        .filter(|l| l.starts_with("layer "))
        .filter_map(|l| l.split(": ").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(positions, vec![900, 2 * 465 * 30, 465 * 465], "{out}");
    assert!(
        out.lines().last().is_some_and(
            |l| l.starts_with(&format!("in all: {} positions", 900 + 27_900 + 216_225))
        ),
        "{out}"
    );
    // Nothing solved, nothing written.
    assert!(!file.exists());
}
