//! Small things that could hang or hide where they went wrong: `analyze`
//! in a script, and `course` reading a file that fails mid-read.

use std::process::{Command, Stdio};

fn boardsh(args: &[&str], stdin: Stdio) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardsh"))
        .args(args)
        .stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn analyze_in_a_script_is_refused_not_endless() {
    // It searches until Ctrl-C: outside the prompt it would never end.
    let (code, out, err) = boardsh(&["-c", "analyze; fen"], Stdio::null());
    assert_eq!(code, Some(1));
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("<command line>:1:1: error: `analyze` searches until Ctrl-C"),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn course_names_the_input_that_failed_to_read() {
    // `/proc/self/mem` opens but fails at the first read (EIO).
    let (code, _, err) = boardsh(&["course", "listing", "/proc/self/mem"], Stdio::null());
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot read `/proc/self/mem`: "), "{err}");
    // A directory as standard input: EISDIR at the first read.
    let dir = std::fs::File::open("/").unwrap();
    let (code, _, err) = boardsh(&["course", "listing"], Stdio::from(dir));
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot read `<stdin>`: "), "{err}");
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
        let (code, out, err) = boardsh(args, Stdio::from(dir));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
    }
}
