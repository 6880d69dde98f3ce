//! Every I/O fault reported with its path and the right status (issue 16,
//! item 6), on the real binary: full output devices, files that fail while
//! being read (a directory or `/proc/self/mem` as stdin or a file,
//! named by every reader), an endless line, a FIFO that sources itself,
//! and stdin not counting as a `source` level.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The start position's FEN, as `fen` prints it.
const START: &str = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";

/// The binary in the tests' isolated environment (see `common::test`).
fn boardsh() -> Command {
    crate::common::command()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Wait for `child` at most `limit`; kill it and fail if it takes longer.
fn finish_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Run with stdout on /dev/full: (status, stderr).
fn to_dev_full(args: &[&str]) -> (Option<i32>, String) {
    let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = boardsh()
        .args(args)
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .unwrap();
    (out.status.code(), text(&out.stderr))
}

#[test]
fn a_full_output_device_is_status_1_with_a_message() {
    // Issue 16: `--version > /dev/full` exited 0. Writing fails with ENOSPC
    // (what /dev/full always answers): status 1 and the reason, for the
    // version, the help and ordinary output alike.
    for args in [&["--version"][..], &["--help"], &["-c", "fen"]] {
        let (status, err) = to_dev_full(args);
        assert_eq!(status, Some(1), "{args:?}");
        assert_eq!(
            err, "boardsh: error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn the_test_runner_reports_a_full_output_device() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bsh", "fen\n");
    write(dir.path(), "a.out", START);
    let d = dir.path().to_str().unwrap();
    let (status, err) = to_dev_full(&["test", "--color", "never", d]);
    assert_eq!(status, Some(1));
    assert_eq!(
        err,
        "boardsh: error: cannot write the results: No space left on device (os error 28)\n"
    );
}

/// `/proc/self/mem` opens, but reading it at offset 0 (never mapped)
/// fails with EIO: a file that fails while being read.
const FAILING: &str = "/proc/self/mem";

#[test]
fn a_read_error_in_a_sourced_file_is_located_and_exits_2() {
    // Issue 16: read errors were unlocated, ignored --keep-going and exited
    // 1 where the documentation says 2 (an unreadable file). Now the error is at
    // the `source`, like any unreadable file, and the status is 2.
    let script = "source /proc/self/mem\nfen\n";
    let out = boardsh().args(["-c", script]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    let located = "<command line>:1:8: error: cannot read `/proc/self/mem`: Input/output error \
                   (os error 5)\n    source /proc/self/mem\n           ^^^^^^^^^^^^^^\n";
    assert_eq!(text(&out.stderr), located);
    // --keep-going: the next line runs; the status is still 2.
    let out = boardsh()
        .args(["--keep-going", "-c", script])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), START);
    assert_eq!(text(&out.stderr), located);
}

#[test]
fn a_file_argument_that_fails_while_read_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.bsh", "fen\n");
    let out = boardsh().arg(FAILING).arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "", "stops at the first file");
    let message = "boardsh: error: cannot read `/proc/self/mem`: Input/output error (os error 5)\n";
    assert_eq!(text(&out.stderr), message);
    let out = boardsh()
        .arg("--keep-going")
        .arg(FAILING)
        .arg(&good)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), START, "goes on to the next file");
    assert_eq!(text(&out.stderr), message);
}

#[test]
fn an_endless_line_is_reported_at_once() {
    // Issue 16: `boardsh /dev/zero` hung silently: the 16 MiB line cap was
    // reached, but the rest of the line was skipped forever. Now the line
    // is reported when the cap is reached and the file is given up (with
    // --keep-going, after at most 64 MiB more looking for the line's end).
    for keep_going in [false, true] {
        let mut cmd = boardsh();
        if keep_going {
            cmd.arg("--keep-going");
        }
        let child = cmd
            .arg("/dev/zero")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish_within(child, Duration::from_secs(20), "boardsh /dev/zero");
        assert_eq!(out.status.code(), Some(1));
        let err = text(&out.stderr);
        // The line's first 80 bytes, NULs shown escaped, then `...`.
        let shown = format!("{}...", "\\x00".repeat(80));
        assert_eq!(
            err,
            format!(
                "/dev/zero:1:1: error: line is longer than 16777216 bytes\n    {shown}\n    ^\n"
            )
        );
    }
}

#[test]
fn a_fifo_that_sources_itself_is_a_cycle_not_a_hang() {
    // Issue 16: the FIFO was opened (which waits for a writer) before the
    // cycle check. Now its identity is checked first.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("loop.bsh");
    crate::common::mkfifo(&fifo);
    let child = boardsh()
        .arg(&fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening for writing waits for boardsh to open it for reading.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = File::options().write(true).open(fifo).unwrap();
            f.write_all(b"source loop.bsh\n").unwrap();
        })
    };
    let out = finish_within(child, Duration::from_secs(20), "a FIFO sourcing itself");
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}:1:8: error: `loop.bsh` is already being sourced (a file may not source itself)\n    \
             source loop.bsh\n           ^^^^^^^^\n",
            fifo.display()
        )
    );
}

#[test]
fn stdin_is_not_a_source_level() {
    // 64 nested files are allowed (docs/errors.md, `SourceDepth`). A chain
    // f1 -> ... -> f64 where f64 runs `fen` is 64 files: it runs the same
    // whether f1 is named on the command line, sourced by `-c`, or sourced
    // from stdin (issue 16: stdin counted as a level, so it failed there).
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 1..64 {
        write(d, &format!("f{i}.bsh"), &format!("source f{}.bsh\n", i + 1));
    }
    write(d, "f64.bsh", "fen\n");
    let runs = [
        boardsh().current_dir(d).arg("f1.bsh").output().unwrap(),
        boardsh()
            .current_dir(d)
            .args(["-c", "source f1.bsh"])
            .output()
            .unwrap(),
        {
            let mut child = boardsh()
                .current_dir(d)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"source f1.bsh\n")
                .unwrap();
            child.wait_with_output().unwrap()
        },
    ];
    for out in runs {
        assert_eq!(text(&out.stderr), "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stdout), START);
    }
    // One more file is one too many, from stdin too.
    write(d, "f64.bsh", "source f65.bsh\n");
    write(d, "f65.bsh", "fen\n");
    let mut child = boardsh()
        .current_dir(d)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"source f1.bsh\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("f64.bsh:1:8: error: sources nested more than 64 deep\n"),
        "{}",
        text(&out.stderr)
    );
}

// ---- inputs that fail at the first read, named ----

#[cfg(target_os = "linux")]
#[test]
fn course_names_the_input_that_failed_to_read() {
    // `/proc/self/mem` opens but fails at the first read (EIO).
    crate::common::Test::new()
        .args(["course", "listing", "/proc/self/mem"])
        .stdin_from(Stdio::null())
        .status(2)
        .any_stdout()
        .stderr_contains("cannot read `/proc/self/mem`: ")
        .run();
    // A directory as standard input: EISDIR at the first read.
    let dir = std::fs::File::open("/").unwrap();
    crate::common::Test::new()
        .args(["course", "listing"])
        .stdin_from(dir)
        .status(2)
        .any_stdout()
        .stderr_contains("cannot read `<stdin>`: ")
        .run();
}

#[cfg(target_os = "linux")]
#[test]
fn a_directory_on_stdin_is_named_by_every_reader() {
    // Issue 24, Low: a directory as standard input gave the system's bare
    // `Is a directory (os error 21)`; `boardsh agent` did not even say
    // what it failed to read, and exited 1 as for a write error. Now every
    // reader names `<stdin>` and says it as for a named file (`it is a
    // directory`), with the status of an unreadable input: 2.
    let cases: [(&[&str], &str); 3] = [
        (
            &[],
            "boardsh: error: cannot read `<stdin>`: it is a directory\n",
        ),
        (
            &["course", "listing"],
            "cannot read `<stdin>`: it is a directory",
        ),
        (
            &["agent", "--engine", "random"],
            "boardsh agent: error: cannot read `<stdin>`: it is a directory\n",
        ),
    ];
    for (args, want) in cases {
        let dir = std::fs::File::open("/").unwrap();
        crate::common::Test::new()
            .args(args)
            .stdin_from(dir)
            .status(2)
            .stderr_with(move |err| err.contains(want) && !err.contains("os error"))
            .run();
    }
}
