//! `boardsh agent`'s numeric flags have documented ranges (docs/agent.md):
//! a value outside is a usage error (status 2) before anything is
//! allocated or read, not a panic or an abort.

use std::process::{Command, Stdio};

fn agent(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardsh"))
        .arg("agent")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("agent runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn out_of_range_flags_are_usage_errors() {
    for args in [
        ["--hash", "18446744073709551615"],
        ["--hash", "100000"],
        ["--hash", "0"],
        ["--threads", "0"],
        ["--threads", "257"],
        ["--depth", "0"],
        ["--depth", "65"],
        ["--nodes", "0"],
    ] {
        let (rc, err) = agent(&args);
        assert_eq!(rc, 2, "{args:?}: {err}");
        assert!(err.contains(args[0]), "{args:?}: {err}");
    }
}

#[test]
fn in_range_flags_are_taken() {
    // Stdin is empty: the agent starts and ends at EOF with status 0.
    for args in [["--hash", "1"], ["--threads", "256"], ["--depth", "64"]] {
        assert_eq!(agent(&args).0, 0, "{args:?}");
    }
}

#[test]
fn engine_spec_sizes_have_the_same_ranges() {
    let (rc, err) = agent(&["--engine", "strongest,hash=100000"]);
    assert_eq!(rc, 2, "{err}");
    assert!(err.contains("out of range"), "{err}");
}
