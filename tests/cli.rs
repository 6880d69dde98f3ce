//! The real binary: problem-format examples byte for byte, exit codes,
//! located errors, `-c`, `-i`, `--keep-going`, `--quiet` and colour rules.

use crate::common::Test;
use std::fs;
use std::path::{Path, PathBuf};

fn data(dir: &str) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(Path::new("tests/data").join(dir))
        .expect("data dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}

fn check_examples(dir: &str) {
    let inputs = data(dir);
    assert!(!inputs.is_empty());
    for input in inputs {
        let expected = fs::read(input.with_extension("out")).expect("expected output");
        let stdin = fs::read(&input).expect("input");
        let by_stdin = Test::new().at_root().stdin(stdin).output();
        assert_eq!(by_stdin.status.code(), Some(0), "{}", input.display());
        assert_eq!(by_stdin.stdout, expected, "stdin: {}", input.display());
        let by_file = Test::new().at_root().arg(&input).output();
        assert_eq!(by_file.status.code(), Some(0));
        assert_eq!(by_file.stdout, expected, "file: {}", input.display());
        assert!(by_file.stderr.is_empty());
    }
}

#[test]
fn congo_examples_are_byte_exact() {
    check_examples("congo");
}

#[test]
fn yut_examples_are_byte_exact() {
    check_examples("yut");
}

#[test]
fn several_files_run_one_after_another() {
    // Two Congo inputs: each prints its own listings (the second starts
    // from scratch, so no blank line joins them).
    let a = "tests/data/congo/congo-worked-example.in";
    let out = Test::new().at_root().args([a, a]).output();
    let one = fs::read("tests/data/congo/congo-worked-example.out").unwrap();
    assert_eq!(out.stdout, [one.clone(), one].concat());
}

fn write_temp(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn bad_fen_line_is_located_and_earlier_listings_stay() {
    let dir = tempfile::tempdir().unwrap();
    // Line 3 has a rank of 8 squares ("61P" = 6 + 1 + 1) at bytes 2..5.
    let path = write_temp(
        &dir,
        "bad.in",
        "2\n7/7/7/7/7/7/7 w 0\n7/61P/7/7/7/7/7 w 0\n",
    );
    let out = Test::new().at_root().arg(&path).output();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("white pawn:\n"));
    assert!(stdout.ends_with("side to play: white\n"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let expected = format!(
        "{}:3:3: error: rank 6 covers 8 squares, expected 7\n    7/61P/7/7/7/7/7 w 0\n      ^^^\n",
        path.display()
    );
    assert_eq!(stderr, expected);
}

#[test]
fn count_mismatch_is_an_error() {
    let out = Test::new().at_root().stdin("3\nA FFFF\nB FFFF\n").output();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "no board after a failed Yut input");
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "<stdin>:1:1: error: the count says 3 lines but only 2 follow\n    3\n    ^\n"
    );
    let extra = Test::new().at_root().stdin("1\nA FFFF\nB FFFF\n").output();
    assert_eq!(extra.status.code(), Some(1));
    let stderr = String::from_utf8(extra.stderr).unwrap();
    assert!(
        stderr.starts_with("<stdin>:3:1: error: more lines than the count 1"),
        "{stderr}"
    );
}

#[test]
fn missing_file_is_exit_2() {
    Test::new()
        .arg("no/such/file.bsh")
        .stderr("boardsh: error: cannot read `no/such/file.bsh`: no such file\n")
        .status(2)
        .run();
}

#[test]
fn bad_usage_is_exit_2() {
    // clap's usage message goes to stderr; only the status is this test's.
    Test::new()
        .arg("--no-such-flag")
        .status(2)
        .any_stderr()
        .run();
    Test::new()
        .args(["--color", "sometimes", "-c", "fen"])
        .status(2)
        .any_stderr()
        .run();
}

#[test]
fn dash_c_runs_commands_separated_by_semicolons() {
    // Home + FFFF = 4 steps: do, gae, geol, yut.
    let out = Test::new()
        .at_root()
        .args(["-c", "move A FFFF; fen; reset congo # a comment"])
        .output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "A: home -> yut (4)\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n"
    );
}

#[test]
fn dash_c_error_format_and_stop() {
    // `FXFB` starts at byte 12 of "fen; move A FXFB; fen": column 13.
    let out = Test::new()
        .at_root()
        .args(["-c", "fen; move A FXFB; fen"])
        .output();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n",
        "the command after the error does not run"
    );
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "<command line>:1:13: error: expected a throw of four F/B letters, found `FXFB`\n    fen; move A FXFB; fen\n                ^^^^\n"
    );
}

#[test]
fn keep_going_reports_and_continues() {
    let dir = tempfile::tempdir().unwrap();
    let script = write_temp(&dir, "s.bsh", "move Q FFFF\nmove A FBBB\nbogus\nwhere\n");
    let stop = Test::new().at_root().arg(&script).output();
    assert_eq!(stop.status.code(), Some(1));
    assert!(stop.stdout.is_empty());
    let go = Test::new()
        .at_root()
        .arg("--keep-going")
        .arg(&script)
        .output();
    assert_eq!(go.status.code(), Some(1), "errors still fail the run");
    let stdout = String::from_utf8(go.stdout).unwrap();
    // FBBB is one step: home -> do.
    assert!(
        stdout.starts_with("A: home -> do (1)\nA: do\nB: home\n"),
        "{stdout}"
    );
    let stderr = String::from_utf8(go.stderr).unwrap();
    assert_eq!(stderr.matches("error:").count(), 2);
}

#[test]
fn keep_going_runs_the_rest_of_a_line() {
    // The case: the bad throw `FXFF` is skipped, B still moves and
    // `where` still lists (FFFF is 4 steps: home -> yut for each).
    let line = "move A FFFF; move A FXFF; move B FFFF; where";
    let go = Test::new()
        .at_root()
        .args(["--keep-going", "-c", line])
        .output();
    assert_eq!(go.status.code(), Some(1), "the error still fails the run");
    let stdout = String::from_utf8(go.stdout).unwrap();
    assert!(
        stdout.starts_with("A: home -> yut (4)\nB: home -> yut (4)\nA: yut\nB: yut\nC: home\n"),
        "{stdout}"
    );
    // Without it the first error stops the line: only A's move printed.
    let stop = Test::new().at_root().args(["-c", line]).output();
    assert_eq!(stop.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(stop.stdout).unwrap(),
        "A: home -> yut (4)\n"
    );
}

#[test]
fn keep_going_after_a_failed_problem_file() {
    let dir = tempfile::tempdir().unwrap();
    // A problem-format Congo file whose FEN has the bad digit 9.
    let bad = write_temp(&dir, "bad.fen", "1\n7/7/7/7/7/7/9\n");
    let good = write_temp(&dir, "good.bsh", "where\n");
    let line = format!("move A FFFF; source {}; where", bad.display());
    // Sourced: with --keep-going the command after it runs.
    let go = Test::new()
        .at_root()
        .args(["--keep-going", "-c", &line])
        .output();
    assert_eq!(go.status.code(), Some(1));
    let stdout = String::from_utf8(go.stdout).unwrap();
    assert!(
        stdout.starts_with("A: home -> yut (4)\nA: yut\n"),
        "{stdout}"
    );
    let stop = Test::new().at_root().args(["-c", &line]).output();
    assert_eq!(
        String::from_utf8(stop.stdout).unwrap(),
        "A: home -> yut (4)\n"
    );
    // As file arguments: the next file runs after the failed one.
    let go = Test::new()
        .at_root()
        .arg("--keep-going")
        .args([&bad, &good])
        .output();
    assert_eq!(go.status.code(), Some(1));
    assert!(
        String::from_utf8(go.stdout)
            .unwrap()
            .starts_with("A: home\n")
    );
    let stop = Test::new().at_root().args([&bad, &good]).output();
    assert_eq!(stop.status.code(), Some(1));
    assert!(
        stop.stdout.is_empty(),
        "without --keep-going good.bsh never runs"
    );
}

#[test]
fn quiet_silences_every_change_summary_never_a_query() {
    // `move`, `play` and `undo` print nothing; `fen`, `where`, `status` do.
    // After undoing c2c3 the position is the start again (white to move).
    let out = Test::new()
        .at_root()
        .args([
            "--quiet",
            "-c",
            "move A FFFF; play c2c3; undo; fen; status; where",
        ])
        .output();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nContinue\nA: yut\n"),
        "{stdout}"
    );
    // The flag is the `quiet` setting: `set` shows it on.
    let out = Test::new().at_root().args(["-q", "-c", "set"]).output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("\nquiet       on "), "{stdout}");
}

#[test]
fn quiet_silences_move_summaries() {
    let out = Test::new()
        .at_root()
        .args(["--quiet", "-c", "move A FFFF; where"])
        .output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("A: yut\n"), "{stdout}");
}

#[test]
fn dash_i_replays_then_reads_stdin_when_not_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let init = write_temp(&dir, "init.bsh", "move a BBBB\n");
    // Not a terminal: after the init file, boardsh ends (no prompt).
    let out = Test::new().at_root().arg("-i").arg(&init).output();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "a: home -> mo (5)\n"
    );
}

#[test]
fn piped_commands_on_stdin() {
    let out = Test::new()
        .at_root()
        .stdin("move b FFBB\n\nwhere # all tokens\n")
        .output();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("b: home -> gae (2)\nA: home\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nb: gae\n"));
}

#[test]
fn colour_rules() {
    let esc = |o: &std::process::Output| o.stdout.contains(&0x1b);
    let always = Test::new()
        .at_root()
        .args(["--color", "always", "-c", "move A FFFF; show"])
        .output();
    assert!(esc(&always), "--color always colours piped output");
    let auto = Test::new()
        .at_root()
        .args(["-c", "move A FFFF; show"])
        .output();
    assert!(!esc(&auto), "piped output is plain by default");
    let no_color = Test::new()
        .at_root()
        .env("NO_COLOR", "1")
        .args(["-c", "move A FFFF; show"])
        .output();
    assert!(!esc(&no_color));
    let forced = Test::new()
        .at_root()
        .env("CLICOLOR_FORCE", "1")
        .args(["-c", "board"])
        .output();
    assert!(esc(&forced), "CLICOLOR_FORCE colours a pipe");
    // Coloured output differs from plain only by escape codes.
    let strip = |bytes: &[u8]| {
        let text = String::from_utf8(bytes.to_vec()).unwrap();
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    assert_eq!(
        strip(&always.stdout),
        String::from_utf8(auto.stdout).unwrap()
    );
    let err = Test::new()
        .at_root()
        .args(["--color", "always", "-c", "bogus"])
        .output();
    assert!(err.stderr.contains(&0x1b), "error: is coloured");
}

#[test]
fn version_and_help() {
    let v = Test::new().at_root().arg("--version").output();
    assert_eq!(v.status.code(), Some(0));
    assert!(String::from_utf8(v.stdout).unwrap().starts_with("boardsh "));
    let h = Test::new().at_root().arg("--help").output();
    assert!(
        String::from_utf8(h.stdout)
            .unwrap()
            .contains("--keep-going")
    );
}

#[test]
fn quit_and_exit_take_an_exit_status() {
    // `quit N` ends the session at once with status N: the `where` after it
    // never runs, so stdout holds only what came before.
    let out = Test::new()
        .at_root()
        .args(["-c", "fen; quit 3; where"])
        .output();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n"
    );
    // The same from a piped script, with the alias.
    let out = Test::new().at_root().stdin("exit 7\nfen\n").output();
    assert_eq!(out.status.code(), Some(7));
    assert!(out.stdout.is_empty());
    // Plain `quit` exits 0 as before...
    let out = Test::new().at_root().args(["-c", "quit"]).output();
    assert_eq!(out.status.code(), Some(0));
    // ...and a status out of range is an error that runs nothing.
    let out = Test::new().at_root().args(["-c", "quit 256"]).output();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_timer_reports_each_command_on_stderr_only() {
    // `set timer on` (and `--timer`): one `time:` line per command of its
    // own, after it; a count adds its nodes (perft 3 of the start position
    // is 14,332 in congo-rules.md). stdout is exactly what it was.
    for args in [
        &["-c", "set timer on; perft 3; fen"][..],
        &["--timer", "-c", "perft 3; fen"],
    ] {
        let out = Test::new().at_root().args(args).output();
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "14332\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(lines[0].starts_with("time: ") && lines[0].contains(" s (14,332 nodes, "));
        assert!(lines[0].ends_with(" nodes/s)"), "{err}");
        assert!(
            lines[1].starts_with("time: ") && lines[1].ends_with(" s"),
            "{err}"
        );
    }
    // Commands inside a file are not timed one by one.
    let out = Test::new()
        .at_root()
        .args(["--timer"])
        .stdin("perft 2\nfen\n")
        .output();
    assert!(out.stderr.is_empty());
}

/// Start `args` with `stdin` piped in, send `signal` once it has used
/// 0.2 s of CPU time (deep in the long command: starting and `fen` take a
/// few ms), and return (status, stdout, stderr).
fn signalled(args: &[&str], stdin: &str, signal: i32) -> (Option<i32>, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = crate::common::command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    crate::common::cpu::wait_for_cpu(child.id(), std::time::Duration::from_millis(200));
    let pid = i32::try_from(child.id()).unwrap();
    // SAFETY: kill(2) on our own child.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn a_signal_in_batch_mode_flushes_then_exits_128_plus_it() {
    // perft 8 runs for minutes: the signal comes while it counts. What was
    // printed before it (the FEN, still in the output buffer) is kept.
    let fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n";
    for (signal, status) in [
        (libc::SIGINT, 130),
        (libc::SIGTERM, 143),
        (libc::SIGHUP, 129),
    ] {
        let (code, out, err) = signalled(&["-c", "fen; perft 8; status"], "", signal);
        assert_eq!(code, Some(status), "signal {signal}: {err}");
        assert_eq!(out, fen);
        assert_eq!(err, "interrupted\n");
    }
    // Commands from piped stdin, and a script file, stop the same way.
    let (code, out, _) = signalled(&[], "fen\nperft 8\nstatus\n", libc::SIGINT);
    assert_eq!((code, out.as_str()), (Some(130), fen));
    let dir = tempfile::tempdir().unwrap();
    let script = write_temp(&dir, "long.bsh", "fen\nperft 8\nstatus\n");
    let (code, out, _) = signalled(&[script.to_str().unwrap()], "", libc::SIGTERM);
    assert_eq!((code, out.as_str()), (Some(143), fen));
}

#[test]
fn files_commands_and_dash_run_in_the_order_given() {
    // -c is repeatable and everything runs in command-line order: the move
    // (home + FFFF = yut) comes first, the file's `where` after it sees A on
    // yut, then the second -c.
    let dir = tempfile::tempdir().unwrap();
    let file = write_temp(&dir, "w.bsh", "where\n");
    let out = Test::new()
        .at_root()
        .arg("-c")
        .arg("move A FFFF")
        .arg(&file)
        .args(["-c", "status"])
        .output();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first(), Some(&"A: home -> yut (4)"));
    assert_eq!(lines.get(1), Some(&"A: yut"));
    assert_eq!(lines.last(), Some(&"Continue"));
    // `-` is stdin, in its place: here between two -c.
    let out = Test::new()
        .at_root()
        .args(["-c", "fen 7/7/7/7/7/7/3L3 w 0", "-", "-c", "fen"])
        .stdin("status\n")
        .output();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        // No black lion: White has won; then the FEN as set.
        "White wins\n7/7/7/7/7/7/3L3 w 0\n"
    );
}

#[test]
fn dash_i_without_a_file_goes_on_after_the_other_arguments() {
    // Not a terminal: after -c, `-i` reads the commands of stdin.
    let out = Test::new()
        .at_root()
        .args(["-i", "-c", "move a FFFB"])
        .stdin("where\n")
        .output();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // FFFB: three F = geol (3).
    assert!(text.starts_with("a: home -> geol (3)\n"), "{text}");
    assert!(text.contains("a: geol\n"), "{text}");
}

/// `--color always -c SCRIPT` with `COLORFGBG` as given: stdout.
fn colored(script: &str, colorfgbg: Option<&str>) -> String {
    let test = Test::new().args(["--color", "always", "-c", script]);
    let test = match colorfgbg {
        Some(v) => test.env("COLORFGBG", v),
        None => test.env_remove("COLORFGBG"),
    };
    String::from_utf8(test.any_stdout().run().stdout).expect("utf-8")
}

#[test]
fn the_theme_draws_white_pieces_white_on_a_known_background() {
    // SGR 97: bright white; 40: on black; 30: black; 35: magenta (the
    // colours for either background, when it is not known).
    let white_pawn = |text: &str, sgr: &str| text.contains(&format!("\u{1b}[{sgr}mP\u{1b}[0m"));
    let dark = colored("set theme dark; board", None);
    assert!(white_pawn(&dark, "97;1"), "{dark:?}");
    let light = colored("set theme light; board", None);
    assert!(white_pawn(&light, "97;40;1"), "{light:?}");
    assert!(
        light.contains("\u{1b}[30;1mp"),
        "black pieces black: {light:?}"
    );
    // `auto`: COLORFGBG's background 15 is light, 0 dark, unset unknown.
    assert!(white_pawn(&colored("board", Some("0;15")), "97;40;1"));
    assert!(white_pawn(&colored("board", Some("15;0")), "97;1"));
    assert!(white_pawn(&colored("board", None), "35;1"));
}
