//! `boardsh test` itself: passing and failing cases, diffs, `--bless`,
//! `.err`/`.status`, panics, bad paths, and the user guide's example.

use crate::common::Test;
use boardsh::front::test_runner::{Actual, Config, replay, run_paths};
use std::fs;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).unwrap();
    }
    fs::write(&path, text).unwrap();
    path
}

/// Run `boardsh test` in-process on `paths`: (status, stdout, stderr).
fn run_with(
    paths: &[PathBuf],
    bless: bool,
    runner: &mut dyn FnMut(&Path) -> Actual,
) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let config = Config {
        bless,
        ..Config::default()
    };
    let status = run_paths(paths, config, &mut out, &mut err, runner);
    (
        status,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn run(paths: &[PathBuf], bless: bool) -> (i32, String, String) {
    run_with(paths, bless, &mut replay)
}

fn name(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn a_passing_case() {
    let dir = TempDir::new().unwrap();
    // Home + FFFF = 4 steps: do, gae, geol, yut.
    let script = write(dir.path(), "a.bsh", "move A FFFF\n");
    write(dir.path(), "a.out", "A: home -> yut (4)\n");
    let (status, out, err) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 0);
    assert_eq!(out, format!("ok   {}\n1 passed, 0 failed\n", name(&script)));
    assert_eq!(err, "");
}

#[test]
fn a_failing_case_shows_a_diff_and_exits_1() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.bsh", "move A FFFF\n");
    write(dir.path(), "a.out", "A: home -> yut (4)\n");
    // Home + FFBB = 2 steps: gae, not geol.
    let bad = write(dir.path(), "b.bsh", "move A FFFF\nmove B FFBB\n");
    let bad_out = write(
        dir.path(),
        "b.out",
        "A: home -> yut (4)\nB: home -> geol (3)\n",
    );
    let (status, out, _) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 1);
    let expected = format!(
        "FAIL {}\n  stdout differs from `{}`:\n--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n \
         A: home -> yut (4)\n-B: home -> geol (3)\n+B: home -> gae (2)\n1 passed, 1 failed\n",
        name(&bad),
        name(&bad_out)
    );
    assert!(out.ends_with(&expected), "{out}");
    assert!(out.starts_with("ok   "), "{out}");
}

#[test]
fn colour_marks_removed_and_added_lines() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.bsh", "move A FFFF\n");
    write(dir.path(), "a.out", "A: home -> geol (3)\n");
    let mut out = Vec::new();
    let config = Config {
        color: true,
        ..Config::default()
    };
    let status = run_paths(
        &[dir.path().to_path_buf()],
        config,
        &mut out,
        &mut Vec::new(),
        &mut replay,
    );
    assert_eq!(status, 1);
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("\u{1b}[31m-A: home -> geol (3)\u{1b}[0m"),
        "{out}"
    );
    assert!(
        out.contains("\u{1b}[32m+A: home -> yut (4)\u{1b}[0m"),
        "{out}"
    );
    assert!(out.ends_with("\n0 passed, 1 failed\n"), "{out}");
}

#[test]
fn bless_creates_updates_and_removes_files() {
    let dir = TempDir::new().unwrap();
    let script = write(dir.path(), "s.bsh", "move A FFFF\nmove A FXFB\n");
    // Named directly, a script without .out is a case: blessing creates it.
    // Its second line fails, so the script exits 1: the line says the
    // status is recorded.
    let (status, out, _) = run(std::slice::from_ref(&script), true);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!(
            "blessed {} (created, status 1 recorded)\n1 passed, 0 failed\n",
            name(&script)
        )
    );
    let read = |ext: &str| fs::read_to_string(script.with_extension(ext)).ok();
    assert_eq!(read("out").as_deref(), Some("A: home -> yut (4)\n"));
    assert_eq!(
        read("err").as_deref(),
        Some(
            "s.bsh:2:8: error: expected a throw of four F/B letters, found `FXFB`\n    \
             move A FXFB\n           ^^^^\n"
        )
    );
    assert_eq!(read("status").as_deref(), Some("1\n"));
    // The blessed case now passes.
    assert_eq!(run(&[dir.path().to_path_buf()], false).0, 0);
    // Fixing the script: the stale .err and .status go away.
    fs::write(&script, "move A FFFF\nmove A FFFB\n").unwrap();
    let (status, out, _) = run(&[dir.path().to_path_buf()], true);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!("blessed {} (updated)\n1 passed, 0 failed\n", name(&script))
    );
    // yut + 3 = mo, duet-do, duet-gae.
    assert_eq!(
        read("out").as_deref(),
        Some("A: home -> yut (4)\nA: yut -> duet-gae (3)\n")
    );
    assert_eq!(read("err"), None);
    assert_eq!(read("status"), None);
    let (_, out, _) = run(&[dir.path().to_path_buf()], true);
    assert!(out.starts_with(&format!("blessed {} (unchanged)\n", name(&script))));
}

#[test]
fn a_script_named_without_out_fails_unless_blessed() {
    let dir = TempDir::new().unwrap();
    let script = write(dir.path(), "new.yut", "move A FFFF\n");
    let (status, out, _) = run(std::slice::from_ref(&script), false);
    assert_eq!(status, 1);
    assert!(
        out.starts_with(&format!(
            "FAIL {}\n  no expected output: `{}` does not exist",
            name(&script),
            name(&script.with_extension("out"))
        )),
        "{out}"
    );
    assert!(out.ends_with("\n0 passed, 1 failed\n"));
}

#[test]
fn err_and_status_mismatches_are_reported() {
    let dir = TempDir::new().unwrap();
    // `undo` in a fresh session: "nothing to undo", status 1.
    let script = write(dir.path(), "u.bsh", "undo\n");
    write(dir.path(), "u.out", "");
    let err_path = write(dir.path(), "u.err", "u.bsh:1:1: error: something else\n");
    write(dir.path(), "u.status", "2\n");
    let (status, out, _) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 1);
    let expected = format!(
        "FAIL {}\n  stderr differs from `{}`:\n--- expected\n+++ actual\n@@ -1 +1,3 @@\n\
         -u.bsh:1:1: error: something else\n+u.bsh:1:1: error: nothing to undo\n+    undo\n\
         +    ^^^^\n  exit status 1, expected 2\n0 passed, 1 failed\n",
        name(&script),
        name(&err_path)
    );
    assert_eq!(out, expected);
}

#[test]
fn stderr_must_be_empty_without_err() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "u.bsh", "undo\n");
    write(dir.path(), "u.out", "");
    write(dir.path(), "u.status", "1");
    let (status, out, _) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 1);
    assert!(
        out.contains("  stderr is not empty (there is no `"),
        "{out}"
    );
    assert!(!out.contains("exit status"), "the status matched: {out}");
}

#[test]
fn a_bad_status_file_is_a_failure() {
    let dir = TempDir::new().unwrap();
    write(dir.path(), "a.bsh", "fen\n");
    write(
        dir.path(),
        "a.out",
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n",
    );
    write(dir.path(), "a.status", "zero\n");
    let (status, out, _) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 1);
    assert!(
        out.contains("should hold an exit status number, found `zero`"),
        "{out}"
    );
}

#[test]
fn a_panicking_case_fails_and_the_run_goes_on() {
    let dir = TempDir::new().unwrap();
    let first = write(dir.path(), "1-boom.bsh", "fen\n");
    write(dir.path(), "1-boom.out", "");
    let second = write(dir.path(), "2-fine.bsh", "fen\n");
    write(dir.path(), "2-fine.out", "fine\n");
    let mut runner = |script: &Path| {
        if script.ends_with("1-boom.bsh") {
            panic!("boom");
        }
        Actual {
            stdout: b"fine\n".to_vec(),
            ..Actual::default()
        }
    };
    let (status, out, _) = run_with(&[dir.path().to_path_buf()], false, &mut runner);
    assert_eq!(status, 1);
    assert!(
        out.starts_with(&format!("FAIL {}\n  panicked: boom", name(&first))),
        "{out}"
    );
    assert!(
        out.ends_with(&format!("ok   {}\n1 passed, 1 failed\n", name(&second))),
        "{out}"
    );
}

#[test]
fn bad_paths_exit_2_and_say_which() {
    let dir = TempDir::new().unwrap();
    let missing = dir.path().join("missing");
    let (status, out, err) = run(std::slice::from_ref(&missing), false);
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "boardsh: error: cannot read `{}`: no such file or directory\n",
            name(&missing)
        )
    );
    // A directory whose scripts have no .out holds no case.
    let empty = dir.path().join("empty");
    write(&empty, "lib.bsh", "fen\n");
    let (status, _, err) = run(std::slice::from_ref(&empty), false);
    assert_eq!(status, 2);
    assert!(err.contains(&format!("`{}` holds no test cases", name(&empty))));
    let not_script = write(dir.path(), "notes.txt", "hi\n");
    let (status, _, err) = run(&[not_script], false);
    assert_eq!(status, 2);
    assert!(err.contains("is not a test script"), "{err}");
}

#[test]
fn two_scripts_with_one_stem_are_an_error() {
    let dir = TempDir::new().unwrap();
    let fen = write(dir.path(), "x.fen", "fen\n");
    let yut = write(dir.path(), "x.yut", "where\n");
    write(dir.path(), "x.out", "");
    let (status, out, err) = run(&[dir.path().to_path_buf()], false);
    assert_eq!(status, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "boardsh: error: `{}` and `{}` would share the expected output `{}`: rename one\n",
            name(&fen),
            name(&yut),
            name(&dir.path().join("x.out"))
        )
    );
    // Naming one of them directly is the same error.
    assert_eq!(run(&[fen], false).0, 2);
}

#[test]
fn cases_run_in_sorted_order_once_each() {
    let dir = TempDir::new().unwrap();
    for name in ["b/z.bsh", "a.bsh", "b/a.bsh", "c.fen"] {
        write(dir.path(), name, "fen\n");
        write(
            dir.path(),
            &name.replace(".bsh", ".out").replace(".fen", ".out"),
            "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n",
        );
    }
    let d = dir.path().to_path_buf();
    let (status, out, _) = run(&[d.clone(), d.join("b")], false);
    assert_eq!(status, 0);
    let order: Vec<&str> = out.lines().collect();
    let p = |n: &str| format!("ok   {}", name(&d.join(n)));
    assert_eq!(
        order,
        [
            p("a.bsh"),
            p("b/a.bsh"),
            p("b/z.bsh"),
            p("c.fen"),
            "4 passed, 0 failed".to_string()
        ]
    );
}

#[test]
fn err_paths_are_relative_to_the_case_directory() {
    // The same case passes whether its path is absolute or relative.
    let dir = TempDir::new().unwrap();
    let sub = dir.path().join("cases");
    write(&sub, "s.bsh", "source lib/x.bsh\n");
    write(&sub, "lib/x.bsh", "bogus\n");
    write(&sub, "s.out", "");
    write(
        &sub,
        "s.err",
        "lib/x.bsh:1:1: error: unknown command `bogus` (try `help`)\n    bogus\n    ^^^^^\n",
    );
    write(&sub, "s.status", "1\n");
    let (status, out, _) = run(std::slice::from_ref(&sub), false);
    assert_eq!(status, 0, "{out}");
    let (status, out, _) = run(&[sub.join(".").join("s.bsh")], false);
    assert_eq!(status, 0, "{out}");
}

#[test]
fn the_binary_runs_the_suite_command() {
    Test::new()
        .args(["test", "--color", "never", "no/such/dir"])
        .status(2)
        .stderr("boardsh: error: cannot read `no/such/dir`: no such file or directory\n")
        .run();
}

/// The user guide's example (docs/guide.md, "Regression tests"; it was
/// the README's): its files and its output are quoted exactly.
#[test]
fn readme_example_is_true() {
    let guide = fs::read_to_string("docs/guide.md").unwrap();
    let section = guide
        .split("\n## Regression tests\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap();
    let indent = |text: &str| -> String {
        text.lines()
            .map(|l| {
                if l.is_empty() {
                    "\n".to_string()
                } else {
                    format!("    {l}\n")
                }
            })
            .collect()
    };
    let dir = Path::new("tests/runner/readme-example");
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 8, "3 scripts, 3 .out, one .err, one .status");
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let label = format!("`{}`", file.file_name().unwrap().to_string_lossy());
        assert!(section.contains(&label), "the guide names {label}");
        assert!(
            section.contains(&indent(&text)),
            "the guide quotes {}",
            file.display()
        );
    }
    let run = Test::new()
        .current_dir(std::env::current_dir().unwrap())
        .args(["test", "--color", "never", "tests/runner/readme-example"])
        .status(1)
        .any_stdout()
        .run();
    let quoted = format!(
        "    $ boardsh test tests/runner/readme-example\n{}",
        indent(&String::from_utf8(run.stdout).unwrap())
    );
    assert!(
        section.contains(&quoted),
        "the guide quotes the run:\n{quoted}"
    );
}

#[test]
fn without_a_path_it_runs_tests_if_present_else_the_current_directory() {
    // One passing case (`fen` prints the start FEN) under tests/, and one
    // failing case beside it in the directory itself: which one runs tells
    // which directory was searched.
    let dir = tempfile::tempdir().unwrap();
    let start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
    std::fs::create_dir(dir.path().join("tests")).unwrap();
    std::fs::write(dir.path().join("tests/a.bsh"), "fen\n").unwrap();
    std::fs::write(dir.path().join("tests/a.out"), start).unwrap();
    std::fs::write(dir.path().join("top.bsh"), "fen\n").unwrap();
    std::fs::write(dir.path().join("top.out"), "wrong\n").unwrap();
    // A failing case in a directory marked `.notest` is passed by.
    std::fs::create_dir(dir.path().join("tests/data")).unwrap();
    std::fs::write(dir.path().join("tests/data/.notest"), "").unwrap();
    std::fs::write(dir.path().join("tests/data/b.bsh"), "fen\n").unwrap();
    std::fs::write(dir.path().join("tests/data/b.out"), "wrong\n").unwrap();
    Test::new()
        .arg("test")
        .current_dir(dir.path())
        .stdout_with(|text| text.ends_with("1 passed, 0 failed\n"))
        .run();
    // Without tests/, the current directory: both cases, one failing.
    std::fs::remove_dir_all(dir.path().join("tests")).unwrap();
    Test::new()
        .arg("test")
        .current_dir(dir.path())
        .status(1)
        .stdout_with(|text| text.ends_with("0 passed, 1 failed\n"))
        .run();
}
