//! Real-world input quirks, on the real binary: line endings, byte-order
//! marks, blanks, missing or extra lines, invalid UTF-8, huge inputs,
//! `source` cycles, unreadable files, closed pipes, an unwritable history,
//! and hostile control characters. Big inputs are generated here, in
//! temporary directories, never committed.

use crate::common::Test;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn write(dir: &Path, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The start position's FEN, as `fen` prints it.
const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";

/// `where` with every token home.
const ALL_HOME: &str = "A: home\nB: home\nC: home\nD: home\na: home\nb: home\nc: home\nd: home\n";

/// The listing of an empty board, White to move: every piece line empty.
fn empty_listing() -> String {
    let mut out = String::new();
    for kind in [
        "pawn",
        "superpawn",
        "giraffe",
        "monkey",
        "elephant",
        "lion",
        "crocodile",
        "zebra",
    ] {
        out.push_str(&format!("white {kind}:\nblack {kind}:\n"));
    }
    out.push_str("side to play: white\n");
    out
}

/// The problem-format examples (input, expected output) of both games.
fn examples() -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut all = Vec::new();
    for game in ["congo", "yut"] {
        let dir = Path::new("tests/data").join(game);
        let mut inputs: Vec<PathBuf> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
            let out = fs::read(input.with_extension("out")).unwrap();
            all.push((fs::read(&input).unwrap(), out));
        }
    }
    assert_eq!(all.len(), 5, "two Congo and three Yut examples");
    all
}

/// Run each example, rewritten by `change`, by stdin and as a `.in` file:
/// the output must be the original expected output, byte for byte.
fn examples_survive(what: &str, change: impl Fn(&[u8]) -> Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    for (i, (input, expected)) in examples().into_iter().enumerate() {
        let changed = change(&input);
        assert_ne!(changed, input, "{what}: the change changes something");
        let by_stdin = Test::new().at_root().stdin(changed.clone()).output();
        assert_eq!(by_stdin.status.code(), Some(0), "{what} #{i} (stdin)");
        assert_eq!(text(&by_stdin.stdout), text(&expected), "{what} #{i}");
        assert!(by_stdin.stderr.is_empty(), "{what} #{i}");
        let path = write(dir.path(), &format!("{i}.in"), &changed);
        let by_file = Test::new().at_root().arg(&path).output();
        assert_eq!(by_file.status.code(), Some(0), "{what} #{i} (file)");
        assert_eq!(by_file.stdout, expected, "{what} #{i} (file)");
    }
}

fn crlf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in bytes {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

// ---- line endings, byte-order mark, blanks ----

#[test]
fn crlf_scripts_run_like_lf_and_errors_do_not_echo_the_cr() {
    // FFFF is 4 steps: home -> do, gae, geol, yut.
    let out = Test::new()
        .at_root()
        .stdin("move A FFFF\r\nwhere\r\n")
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        ALL_HOME.replacen("A: home", "A: home -> yut (4)\nA: yut", 1)
    );
    // The error's line is echoed without its \r (no `\x0d` shown), and no
    // command is within two edits of `bogus`, so no suggestion.
    let out = Test::new().at_root().stdin("fen\r\nbogus\r\n").output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), START);
    assert_eq!(
        text(&out.stderr),
        "<stdin>:2:1: error: unknown command `bogus` (try `help`)\n    bogus\n    ^^^^^\n"
    );
}

#[test]
fn crlf_problem_inputs_of_both_games() {
    examples_survive("CRLF", crlf);
}

#[test]
fn byte_order_mark_before_a_script_or_a_problem_input() {
    let out = Test::new().at_root().stdin("\u{feff}fen\n").output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), START);
    examples_survive("BOM", |b| [&b"\xEF\xBB\xBF"[..], b].concat());
    examples_survive("BOM and CRLF", |b| {
        [&b"\xEF\xBB\xBF"[..], &crlf(b)].concat()
    });
}

#[test]
fn trailing_spaces_and_tabs() {
    // Blanks end every line, the count's included.
    examples_survive("trailing blanks", |b| {
        String::from_utf8(b.to_vec())
            .unwrap()
            .replace('\n', " \t \n")
            .into_bytes()
    });
    let out = Test::new()
        .at_root()
        .stdin("move A FFFF \t\nfen\t\nreset \t \n")
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("A: home -> yut (4)\n{START}"));
}

#[test]
fn final_line_without_newline() {
    examples_survive("no final newline", |b| {
        b.strip_suffix(b"\n").expect("ends with a newline").to_vec()
    });
    let out = Test::new().at_root().stdin("move a BBBB\nfen").output();
    // BBBB is 5 steps: mo.
    assert_eq!(text(&out.stdout), format!("a: home -> mo (5)\n{START}"));
}

#[test]
fn empty_and_blank_files_do_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for content in ["", "\n", " \t\n\r\n\n", "\u{feff}"] {
        for name in ["e.bsh", "e.in", "e.fen", "e.yut"] {
            let path = write(dir.path(), name, content);
            let out = Test::new().at_root().arg(&path).output();
            assert_eq!(out.status.code(), Some(0), "{name}: {content:?}");
            assert!(out.stdout.is_empty(), "{name}: {content:?}");
            assert!(out.stderr.is_empty(), "{name}: {content:?}");
        }
        let out = Test::new().at_root().stdin(content).output();
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty() && out.stderr.is_empty());
    }
}

#[test]
fn a_count_of_zero() {
    // Zero lines to list or to play: nothing to print, and no error.
    let dir = tempfile::tempdir().unwrap();
    for content in ["0\n", "0", "  0 \n\n", "000\n"] {
        let out = Test::new().at_root().stdin(content).output();
        assert_eq!(out.status.code(), Some(0), "{content:?}");
        assert!(
            out.stdout.is_empty() && out.stderr.is_empty(),
            "{content:?}"
        );
        for name in ["z.in", "z.fen"] {
            let out = Test::new()
                .at_root()
                .arg(write(dir.path(), name, content))
                .output();
            assert_eq!(out.status.code(), Some(0));
            assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{name}");
        }
    }
    // A `.yut` file is known to be a Yut problem: zero turns leave all
    // tokens home, so its answer is the empty board.
    let out = Test::new()
        .at_root()
        .arg(write(dir.path(), "z.yut", "0\n"))
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), boardsh::yut::EMPTY_BOARD);
}

#[test]
fn more_lines_than_the_count_names_the_first_extra_line() {
    // Congo: the counted line is listed; line 3 is the first extra one and
    // is underlined whole (17 characters).
    let out = Test::new()
        .at_root()
        .stdin("1\n7/7/7/7/7/7/7 w 0\n7/7/7/7/7/7/7 w 0\n")
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), empty_listing());
    assert_eq!(
        text(&out.stderr),
        "<stdin>:3:1: error: more lines than the count 1 on line 1: this line is not counted\n    7/7/7/7/7/7/7 w 0\n    ^^^^^^^^^^^^^^^^^\n"
    );
    // Yut: the blank line 3 is skipped, so line 4 is the extra one; a
    // failed Yut input prints no board.
    let out = Test::new()
        .at_root()
        .stdin("1\nA FFFF\n\nB FFFF\n")
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "<stdin>:4:1: error: more lines than the count 1 on line 1: this line is not counted\n    B FFFF\n    ^^^^^^\n"
    );
}

// ---- invalid UTF-8 ----

/// No U+FFFD replacement character (EF BF BD) anywhere.
fn no_replacement_char(bytes: &[u8]) -> bool {
    !bytes.windows(3).any(|w| w == b"\xEF\xBF\xBD")
}

#[test]
fn invalid_utf8_is_located_and_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "bad.bsh", b"fen\nmove A \xffFFF\nwhere\n");
    let out = Test::new().at_root().arg(&path).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), START, "line 3 does not run");
    // "move A " is 7 valid bytes: the bad byte is column 8, shown as the 4
    // characters `\xff`, each under a caret.
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}:2:8: error: line is not valid UTF-8\n    move A \\xffFFF\n           ^^^^\n",
            path.display()
        )
    );
    assert!(no_replacement_char(&out.stderr));
    // With --keep-going the next line runs.
    let out = Test::new()
        .at_root()
        .arg("--keep-going")
        .arg(&path)
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), format!("{START}{ALL_HOME}"));

    // Latin-1 text, even in a comment: "move A FFFF # caf" is 17 bytes.
    let out = Test::new()
        .at_root()
        .stdin(&b"move A FFFF # caf\xe9\n"[..])
        .output();
    assert_eq!(
        text(&out.stderr),
        "<stdin>:1:18: error: line is not valid UTF-8\n    move A FFFF # caf\\xe9\n                     ^^^^\n"
    );

    // In a problem-format input: line 3 starts with \xfe after one listing.
    let out = Test::new()
        .at_root()
        .stdin(&b"2\n7/7/7/7/7/7/7\n\xfe7/7/7/7/7/7/7\n"[..])
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), empty_listing());
    assert_eq!(
        text(&out.stderr),
        "<stdin>:3:1: error: line is not valid UTF-8\n    \\xfe7/7/7/7/7/7/7\n    ^^^^\n"
    );
    // A UTF-16 file is not UTF-8 from its first byte on.
    let utf16: Vec<u8> = "fen\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
    let out = Test::new()
        .at_root()
        .stdin([&[0xff, 0xfe][..], &utf16].concat())
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr)
            .starts_with("<stdin>:1:1: error: line is not valid UTF-8\n    \\xff\\xfef\\x00"),
        "{}",
        text(&out.stderr)
    );
}

// ---- big inputs ----

const TEN_MB: usize = 10 * 1024 * 1024;

/// Run `line` as a one-line script file: returns (status, stderr, time).
fn run_big(dir: &Path, line: &[u8]) -> (Option<i32>, Vec<u8>, Duration) {
    let path = write(dir, "big.bsh", line);
    let start = Instant::now();
    let out = Test::new().at_root().arg(&path).output();
    (out.status.code(), out.stderr, start.elapsed())
}

#[test]
fn a_ten_megabyte_line_gives_a_short_error_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let x = "x".repeat(TEN_MB);
    let cases: [(String, &str); 4] = [
        // One unknown 10 MB word (this took a minute and printed 10 MB).
        (x.clone(), "big.bsh:1:1: error: unknown command `xxxxx"),
        // A 10 MB throw.
        (
            format!("move A {}\n", "F".repeat(TEN_MB)),
            "big.bsh:1:8: error: expected a throw of four F/B letters, found `FFFF",
        ),
        // One 10 MB rank: the six missing ranks are reported at its end,
        // column 4 + 10 MB + 1.
        (
            format!("fen {}", "p".repeat(TEN_MB)),
            &format!(
                "big.bsh:1:{}: error: expected 7 ranks separated by `/`, found 1",
                TEN_MB + 5
            ),
        ),
        // Control characters: each echoes as 4, still bounded.
        (
            format!("fen 7/7/7/7/7/7/7 w 0 {}", "\u{1b}".repeat(TEN_MB)),
            "big.bsh:1:23: error: unexpected text after the FEN: `\\x1b\\x1b",
        ),
    ];
    for (line, head) in cases {
        let (code, stderr, time) = run_big(dir.path(), line.as_bytes());
        let stderr = text(&stderr);
        assert_eq!(code, Some(1));
        assert!(
            stderr.starts_with(&format!("{}/{head}", dir.path().display())),
            "{}",
            stderr.get(..300).unwrap_or(&stderr)
        );
        assert!(stderr.len() < 2048, "{} bytes of stderr", stderr.len());
        assert_eq!(stderr.lines().count(), 3, "message, line, caret");
        assert!(time < Duration::from_secs(30), "took {time:?}");
    }
    // A 10 MB comment is fine.
    let (code, stderr, _) = run_big(dir.path(), format!("# {x}\nfen\n").as_bytes());
    assert_eq!(code, Some(0));
    assert!(stderr.is_empty());
}

#[test]
fn a_line_over_16_mib_is_reported_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let limit = 16 * 1024 * 1024;
    let mut bytes = b"move A ".to_vec();
    bytes.resize(limit + 1, b'F');
    bytes.extend_from_slice(b"\nfen\n");
    let path = write(dir.path(), "huge.bsh", &bytes);
    let out = Test::new()
        .at_root()
        .arg("--keep-going")
        .arg(&path)
        .output();
    assert_eq!(out.status.code(), Some(1));
    // The line after it still runs.
    assert_eq!(text(&out.stdout), START);
    // Its start is shown (80 bytes, then `...`), the caret at column 1.
    let shown = format!("move A {}...", "F".repeat(80 - 7));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}:1:1: error: line is longer than {limit} bytes\n    {shown}\n    ^\n",
            path.display()
        )
    );
}

#[test]
fn a_million_line_script() {
    // 142,857 rounds of six moves and a reset, then `where`: 1,000,000 lines.
    // Each round takes A from home to yut, then 4 more steps each time,
    // and the reset sends it home, so `where` finds every token home.
    let mut script = String::with_capacity(12_000_000);
    for _ in 0..142_857 {
        for _ in 0..6 {
            script.push_str("move A FFFF\n");
        }
        script.push_str("reset yut\n");
    }
    script.push_str("where\n");
    assert_eq!(script.lines().count(), 1_000_000);
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "million.bsh", &script);
    let start = Instant::now();
    let out = Test::new().at_root().arg("--quiet").arg(&path).output();
    let time = start.elapsed();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), ALL_HOME);
    // About 5 s for the debug build on a quiet machine.
    assert!(time < Duration::from_secs(90), "took {time:?}");
}

// ---- source ----

#[test]
fn a_file_that_sources_itself_is_a_cycle_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    // "source " is 7 bytes: the path starts at column 8.
    let me = write(dir.path(), "self.bsh", "source self.bsh\n");
    let out = Test::new().at_root().arg(&me).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{d}/self.bsh:1:8: error: `self.bsh` is already being sourced (a file may not source itself)\n    source self.bsh\n           ^^^^^^^^\n"
        )
    );
    // a -> b -> a: the error is in b, the file that closes the cycle.
    let a = write(dir.path(), "a.bsh", "move A FFFF\nsource b.bsh\n");
    write(dir.path(), "b.bsh", "source a.bsh\n");
    let out = Test::new().at_root().arg(&a).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "A: home -> yut (4)\n");
    assert_eq!(
        text(&out.stderr),
        format!(
            "{d}/b.bsh:1:8: error: `a.bsh` is already being sourced (a file may not source itself)\n    source a.bsh\n           ^^^^^\n"
        )
    );
}

#[test]
fn a_chain_of_a_hundred_sources_stops_at_the_depth_limit() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..100 {
        write(
            dir.path(),
            &format!("f{i}.bsh"),
            format!("source f{}.bsh\n", i + 1),
        );
    }
    write(dir.path(), "f100.bsh", "fen\n");
    let out = Test::new()
        .at_root()
        .arg(dir.path().join("f0.bsh"))
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "f100 is never reached");
    // f0 (the argument) is the first of 64 nested files, so f63 may not
    // source f64. One error, reported once.
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}/f63.bsh:1:8: error: sources nested more than 64 deep\n    source f64.bsh\n           ^^^^^^^\n",
            dir.path().display()
        )
    );
}

// ---- files that cannot be read ----

#[test]
fn a_directory_is_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("d.bsh");
    fs::create_dir(&sub).unwrap();
    let out = Test::new().at_root().arg(&sub).output();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "boardsh: error: cannot read `{}`: it is a directory\n",
            sub.display()
        )
    );
    // Sourcing it is a failing command (status 1), located in the script.
    let script = write(dir.path(), "s.bsh", "source d.bsh\n");
    let out = Test::new().at_root().arg(&script).output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}:1:8: error: cannot read `d.bsh`: it is a directory\n    source d.bsh\n           ^^^^^\n",
            script.display()
        )
    );
}

#[test]
fn an_unreadable_file_is_exit_2() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "secret.bsh", "fen\n");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&path).is_ok() {
        // Running as root: permissions do not stop reading.
        eprintln!("mode 000 does not stop this user reading: skipping");
        return;
    }
    let out = Test::new().at_root().arg(&path).output();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "boardsh: error: cannot read `{}`: permission denied\n",
            path.display()
        )
    );
}

// ---- a closed output pipe ----

/// The status of a run whose output is closed before it finished: 141
/// (128 + SIGPIPE), what a shell reports for `cat` or `yes` stopped the
/// same way, so `set -o pipefail` sees an unfinished run.
const CLOSED_PIPE: i32 = 141;

/// Spawn boardsh, read one line of its output, close the pipe, wait:
/// it must stop with status 141 and print nothing on stderr.
fn quiet_on_a_closed_pipe(args: &[&str], stdin: Stdio) {
    let mut child = crate::common::command()
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    {
        let stdout = child.stdout.take().unwrap();
        BufReader::new(stdout).read_line(&mut first).unwrap();
    } // The read end is closed here.
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!first.is_empty());
    assert_eq!(stderr, "", "no panic message, no error");
    assert_eq!(status.code(), Some(CLOSED_PIPE));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    // 20,000 listings of 17 lines: far more than a pipe buffer holds.
    let n = 20_000;
    let mut fens = format!("{n}\n");
    for _ in 0..n {
        fens.push_str("2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23\n");
    }
    let big = write(dir.path(), "big.fen", &fens);
    quiet_on_a_closed_pipe(&[big.to_str().unwrap()], Stdio::null());
    // A command script printing a lot, from stdin.
    let script = write(dir.path(), "help.bsh", "help\n".repeat(50_000));
    quiet_on_a_closed_pipe(&[], Stdio::from(fs::File::open(script).unwrap()));
    // `-c 'help; ...; bogus'`: the pipe closes during the helps, so the
    // run stops there, unfinished (141); `bogus` is never reached (it
    // would be an error on stderr and status 1).
    let mut line = "help; ".repeat(200);
    line.push_str("bogus");
    quiet_on_a_closed_pipe(&["-c", &line], Stdio::null());
}

/// The same rule whatever the commands come from, when the reader is
/// gone before the first byte (`boardsh -c 'perft 5' | head -c 0`): the
/// pipe's read end is closed before boardsh starts, so every write fails.
/// The run stops at its first output, quietly, with 141; the `bogus`
/// after it never runs.
#[test]
fn output_closed_before_the_start_stops_every_source_alike() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "count.bsh", "perft 2\nbogus\n");
    let sources: [(&[&str], Option<&Path>); 3] = [
        (&["-c", "perft 2; bogus"], None),
        (&[file.to_str().unwrap()], None),
        (&[], Some(file.as_path())),
    ];
    for (args, stdin) in sources {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let stdin = match stdin {
            Some(path) => Stdio::from(fs::File::open(path).unwrap()),
            None => Stdio::null(),
        };
        let out = crate::common::command()
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::from(writer))
            .output()
            .unwrap();
        assert_eq!(text(&out.stderr), "", "{args:?}");
        assert_eq!(out.status.code(), Some(CLOSED_PIPE), "{args:?}");
    }
}

// ---- hostile text ----

/// No raw control character but newline and tab, no C1 control, no
/// bidirectional override: what a terminal would act on.
fn assert_inert(stderr: &[u8]) {
    let text = text(stderr);
    for c in text.chars() {
        assert!(
            c == '\n' || c == '\t' || !(c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)),
            "raw {c:?} in stderr:\n{text}"
        );
    }
    assert!(!stderr.contains(&0x1b));
}

#[test]
fn control_characters_in_errors_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        "\u{1b}[31mred",                      // unknown command
        "fen 7/7/7/\u{1b}[2J/7/7/7",          // unknown piece
        "move \u{1b}[1m FFFF",                // bad token
        "move A F\u{9b}FB",                   // bad throw (C1 CSI)
        "source \u{1b}[2Jpwned\u{7}",         // missing file
        "help \u{8}\u{8}\u{8}",               // bad help topic
        "fen 7/7/7/7/7/7/7 w 0 \u{202e}live", // trailing text, RTL override
        "fen\rbogus",                         // a lone CR inside a line
        "\u{7f}\u{0}",                        // DEL and NUL
    ];
    let script = write(dir.path(), "evil.bsh", lines.join("\n"));
    let out = Test::new()
        .at_root()
        .args(["--color", "never", "--keep-going"])
        .arg(&script)
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert_inert(&out.stderr);
    let stderr = text(&out.stderr);
    assert_eq!(stderr.matches(": error: ").count(), lines.len(), "{stderr}");
    // The first error in full: ESC is one byte but four characters shown,
    // so the 8-byte word (ESC, `[31m`, `red`) is underlined by 4 + 7 = 11
    // carets; no command is close.
    let first = format!(
        "{}:1:1: error: unknown command `\\x1b[31mred` (try `help`)\n    \\x1b[31mred\n    ^^^^^^^^^^^\n",
        script.display()
    );
    assert!(stderr.starts_with(&first), "{stderr}");
    assert!(stderr.contains("unknown piece letter `\\x1b`"));
    assert!(stderr.contains("cannot read `\\x1b[2Jpwned\\x07`: no such file"));
    assert!(stderr.contains("after the FEN: `\\u{202e}live`"));

    // A file name with escapes, as an origin and in a file-level message.
    let named = write(dir.path(), "\u{1b}[2J.bsh", "bogus\n");
    let out = Test::new()
        .at_root()
        .args(["--color", "never"])
        .arg(&named)
        .output();
    assert_inert(&out.stderr);
    assert!(text(&out.stderr).contains("\\x1b[2J.bsh:1:1: error: unknown command"));
    let missing = dir.path().join("\u{1b}]0;x\u{7}.bsh");
    let out = Test::new()
        .at_root()
        .args(["--color", "never"])
        .arg(&missing)
        .output();
    assert_eq!(out.status.code(), Some(2));
    assert_inert(&out.stderr);

    // In a problem-format Yut turn and a FEN line, by stdin.
    for input in ["1\n\u{1b}[2J FFFF\n", "1\n7/7/\u{1b}c/7/7/7/7\n"] {
        let out = Test::new()
            .at_root()
            .args(["--color", "never"])
            .stdin(input)
            .output();
        assert_eq!(out.status.code(), Some(1));
        assert_inert(&out.stderr);
        assert!(text(&out.stderr).contains("\\x1b"));
    }
}

// The prompt with an unwritable history file is tested in `repl_tmux.rs`,
// beside the other terminal tests.
