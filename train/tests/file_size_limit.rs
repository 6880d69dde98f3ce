//! The trainer under a file size limit (`ulimit -f`): it ignores SIGXFSZ,
//! so writing the net past the limit fails with EFBIG ("File too large"):
//! reported with the file's name, status 1, no temporary file left
//! (issue 50).

// SIGXFSZ is 25 on Linux (set below without the libc crate, which this
// crate does not depend on).
#![cfg(target_os = "linux")]

use std::os::unix::process::CommandExt as _;
use std::path::Path;

const TRAINER: &str = env!("CARGO_BIN_EXE_boardsh-train");

#[test]
fn a_net_past_the_limit_is_an_error_naming_the_file_and_leaves_no_temporary_file() {
    // Before: killed by SIGXFSZ after the epoch (no status, no message),
    // with `.n.nnue.tmpPID` left at the limit's size. A net of 4 hidden
    // units is over 6 KiB (784 x 4 weights of 2 bytes), far past one
    // block of 512 bytes or 1 KiB.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("d.txt"),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0;0.5;10\n",
    )
    .unwrap();
    let script = format!(
        "ulimit -f 1; exec '{TRAINER}' --out n.nnue --epochs 1 --hidden 4 --threads 1 --val-frac 0 d.txt"
    );
    let mut cmd = std::process::Command::new("sh");
    // SAFETY: runs in the child between fork and exec; signal(2) is
    // async-signal-safe. SIGXFSZ at its default, whatever the runner's.
    unsafe {
        cmd.pre_exec(|| {
            if libc_signal_default() {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let out = cmd
        .current_dir(dir.path())
        .args(["-c", &script])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("n.nnue") && err.contains("File too large"),
        "{err}"
    );
    assert_eq!(names(dir.path()), ["d.txt"]);
}

/// Set SIGXFSZ (25 on Linux) to its default disposition.
fn libc_signal_default() -> bool {
    unsafe extern "C" {
        fn signal(sig: i32, handler: usize) -> usize;
    }
    const SIGXFSZ: i32 = 25;
    const SIG_DFL: usize = 0;
    const SIG_ERR: usize = usize::MAX;
    // SAFETY: signal(2) with SIG_DFL installs no handler.
    unsafe { signal(SIGXFSZ, SIG_DFL) != SIG_ERR }
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
