//! `boardsh course` through the binary: every official file and hand-out
//! sample of both course years byte for byte (`tests/data/course/`, see
//! its README for the sources), the raw originals with their quirks, and
//! the located errors. Make-move rules: `course_make.rs`; hostile input:
//! `course_hostile.rs`.

use crate::common::Test;
use std::fs;
use std::path::Path;

const DATA: &str = "tests/data/course";

fn read(path: &str) -> Vec<u8> {
    fs::read(Path::new(DATA).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `boardsh course ARGS... DATA/input` must print DATA/expected exactly,
/// with nothing on stderr; and the same from stdin.
fn check(args: &[&str], input: &str, expected: &[u8]) {
    let path = Path::new(DATA).join(input);
    let out = Test::new()
        .at_root()
        .arg("course")
        .args(args)
        .arg(&path)
        .output();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?} {input}: {stderr}");
    assert!(
        out.stdout == expected,
        "{args:?} {input}: output differs\n{}",
        first_difference(&out.stdout, expected)
    );
    assert!(out.stderr.is_empty(), "{stderr}");
    let piped = Test::new()
        .arg("course")
        .args(args)
        .stdin(read(input))
        .output();
    assert!(piped.stdout == expected, "{args:?} {input} from stdin");
}

/// The first line where `actual` and `expected` differ, for a readable failure.
fn first_difference(actual: &[u8], expected: &[u8]) -> String {
    let a = String::from_utf8_lossy(actual);
    let e = String::from_utf8_lossy(expected);
    for (i, (x, y)) in a.lines().zip(e.lines()).enumerate() {
        if x != y {
            return format!("line {}: got {x:?}, expected {y:?}", i + 1);
        }
    }
    format!("lengths {} and {}", actual.len(), expected.len())
}

fn check_file(args: &[&str], stem: &str) {
    check(args, &format!("{stem}.in"), &read(&format!("{stem}.out")));
}

#[test]
fn official_2021_move_lists() {
    for kind in ["lion", "zebra", "elephant", "pawn"] {
        check(
            &[kind, "--year", "2021"],
            "official/2021/movegen-1000.in",
            &read(&format!("official/2021/movegen-1000.{kind}.out")),
        );
    }
}

#[test]
fn official_2021_make_eval_minimax() {
    let y = ["--year", "2021"];
    check_file(&["make", y[0], y[1]], "official/2021/makemove-random50");
    check_file(&["make", y[0], y[1]], "official/2021/makemove-wins50");
    check_file(&["eval", y[0], y[1]], "official/2021/eval4-50");
    check_file(&["minimax", y[0], y[1]], "official/2021/minimax2-500");
}

#[test]
fn official_2022_make_eval_searches() {
    let y = ["--year", "2022"];
    check_file(&["make", y[0], y[1]], "official/2022/makemove-500");
    check_file(&["eval", y[0], y[1]], "official/2022/eval4-500");
    check_file(&["minimax", y[0], y[1]], "official/2022/minimax2-500");
    check_file(&["eval-advanced", y[0], y[1]], "official/2022/eval5-500");
    check_file(&["alphabeta", y[0], y[1]], "official/2022/alphabeta4-25");
}

#[test]
fn without_a_year_2022_inputs_get_2022_answers() {
    // Full rules promote like 2022 and have every 2022 piece.
    check_file(&["make"], "official/2022/makemove-500");
    check_file(&["eval-advanced"], "official/2022/eval5-500");
}

#[test]
fn hand_out_samples_both_years() {
    for year in ["2021", "2022"] {
        for (task, stem) in [
            ("eval", "eval4"),
            ("minimax", "minimax2"),
            ("eval-advanced", "eval5"),
            ("alphabeta", "alphabeta4"),
        ] {
            check_file(&[task, "--year", year], &format!("samples/{year}/{stem}"));
        }
    }
    for kind in ["lion", "zebra", "giraffe", "pawn", "superpawn"] {
        check_file(
            &[kind, "--year", "2022"],
            &format!("samples/2022/movegen-{kind}"),
        );
    }
    check_file(&["make", "--year", "2022"], "samples/2022/makemove");
}

#[test]
fn listing_is_part_one() {
    let out = Test::new()
        .at_root()
        .args(["course", "listing", "tests/data/congo/congo-sample.in"])
        .output();
    assert_eq!(
        out.stdout,
        fs::read("tests/data/congo/congo-sample.out").unwrap()
    );
}

#[test]
fn raw_originals_with_their_quirks() {
    // CRLF line ends: the normalised expected output.
    check(
        &["minimax", "--year", "2021"],
        "official/2021/raw/Part4Sub2TestCasesInput.txt",
        &read("official/2021/minimax2-500.out"),
    );
    // The original output has no final newline; boardsh ends every line.
    let mut raw_out = read("official/2021/raw/Part4Sub2TestCasesOutput.txt");
    assert_ne!(raw_out.last(), Some(&b'\n'));
    raw_out.push(b'\n');
    assert_eq!(raw_out, read("official/2021/minimax2-500.out"));
    // No `N` line and a trailing blank line: --no-count.
    check(
        &["eval", "--year", "2021", "--no-count"],
        "official/2021/raw/in6.txt",
        &read("official/2021/eval4-50.out"),
    );
    // The raw expected output ends with a blank line, which is all it adds.
    let out6 = read("official/2021/raw/out6.txt");
    assert_eq!(
        out6.strip_suffix(b"\n"),
        Some(&read("official/2021/eval4-50.out")[..])
    );
    // Without --no-count, the first FEN is not a count.
    let out = Test::new()
        .at_root()
        .args(["course", "eval", "--year", "2021"])
        .arg(Path::new(DATA).join("official/2021/raw/in6.txt"))
        .output();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("in6.txt:1:1: error: expected the count of cases"),
        "{err}"
    );
}

/// Run `boardsh course ARGS` on `input` from stdin.
fn run(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = Test::new().arg("course").args(args).stdin(input).output();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn a_piece_the_year_lacks_is_a_located_error() {
    // Column 16: `G` follows "3l3/7/7/7/7/7/" (14 bytes) and "2" (c1 is
    // the third square of rank 1, after two empty ones).
    let (status, out, err) = run(&["eval", "--year", "2021"], "1\n3l3/7/7/7/7/7/2GL3 w 0\n");
    assert_eq!(status, Some(1));
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "<stdin>:2:16: error: `G` on c1 is a white giraffe: the 2021 course has no giraffe\n    \
             3l3/7/7/7/7/7/2GL3 w 0\n    {}^\n",
            " ".repeat(15)
        )
    );
    // The move lists take any piece (the 2022 hand-out lists giraffe moves
    // beside an elephant), and full rules take all eight kinds.
    let (status, out, _) = run(
        &["giraffe", "--year", "2022"],
        "1\n3l3/7/7/7/7/7/2GLE2 w 0\n",
    );
    // The giraffe c1 steps to the empty b1 b2 c2 d2 and jumps to a1 a3 c3
    // e3 (e1 holds its own elephant).
    assert_eq!(
        (status, out.as_str()),
        (Some(0), "c1a1 c1a3 c1b1 c1b2 c1c2 c1c3 c1d2 c1e3\n")
    );
    // Asking for a kind the year lacks is a usage error.
    let (status, _, err) = run(&["giraffe", "--year", "2021"], "0\n");
    assert_eq!(status, Some(2));
    assert_eq!(
        err,
        "boardsh: error: the 2021 course has no giraffe: no giraffe moves to list\n"
    );
}

#[test]
fn count_and_case_errors_are_located() {
    // Answers before the error are printed; the error says where.
    let (status, out, err) = run(&["eval"], "3\n3l3/7/7/7/7/7/3L3 w 0\n3l3/7/7/7\n");
    assert_eq!(status, Some(1));
    assert_eq!(out, "0\n");
    assert!(err.starts_with("<stdin>:3:"), "{err}");
    let (status, _, err) = run(&["eval"], "2\n3l3/7/7/7/7/7/3L3 w 0\n");
    assert_eq!(status, Some(1));
    assert!(
        err.starts_with("<stdin>:1:1: error: the count says 2 cases but only 1 follows"),
        "{err}"
    );
    let (status, _, err) = run(
        &["eval"],
        "1\n3l3/7/7/7/7/7/3L3 w 0\n3l3/7/7/7/7/7/3L3 w 0\n",
    );
    assert_eq!(status, Some(1));
    assert!(
        err.starts_with("<stdin>:3:1: error: more lines than the count 1"),
        "{err}"
    );
    // make: an illegal move is reported on its own line, at the move.
    let (status, out, err) = run(&["make"], "1\n3l3/7/7/7/7/7/3L3 w 0\n  d1d4\n");
    assert_eq!((status, out.as_str()), (Some(1), ""));
    assert!(
        err.starts_with("<stdin>:3:3: error: `d1d4` is not legal: the white lion on d1 can play"),
        "{err}"
    );
    // make: a FEN without its move line.
    let (status, _, err) = run(&["make"], "1\n3l3/7/7/7/7/7/3L3 w 0\n");
    assert_eq!(status, Some(1));
    assert!(
        err.starts_with("<stdin>:2:1: error: this FEN has no move line"),
        "{err}"
    );
    // An unreadable file: exit status 2.
    Test::new()
        .args(["course", "eval", "no/such.in"])
        .status(2)
        .any_stderr()
        .run();
}

#[test]
fn crlf_blank_lines_and_no_final_newline() {
    let input = "\u{feff}2\r\n\r\n3l3/7/7/7/7/7/3L3 w 0\r\n   \r\n3l3/7/7/7/7/P6/3L3 b 1";
    // Bare lions: 0; a white pawn, Black to move: -100.
    let (status, out, err) = run(&["eval"], input);
    assert_eq!(
        (status, out.as_str(), err.as_str()),
        (Some(0), "0\n-100\n", "")
    );
}
