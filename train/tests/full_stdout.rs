//! The trainer's log on a standard output that cannot be written
//! (`/dev/full`: every write fails with ENOSPC): `println!` panicked
//! (status 101) at the first log line; now the failure is said once on
//! standard error, and the training and the net's write go on (issue 50).

#![cfg(target_os = "linux")]

const TRAINER: &str = env!("CARGO_BIN_EXE_boardsh-train");

#[test]
fn a_full_standard_output_is_said_once_and_the_net_is_still_written() {
    let full = std::path::Path::new("/dev/full");
    assert!(full.exists(), "this test needs /dev/full (Linux)");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("d.txt"),
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0;0.5;10\n",
    )
    .unwrap();
    let out = std::process::Command::new(TRAINER)
        .current_dir(dir.path())
        .args([
            "--out",
            "n.nnue",
            "--epochs",
            "2",
            "--hidden",
            "4",
            "--threads",
            "1",
            "--val-frac",
            "0",
            "d.txt",
        ])
        .stdout(std::fs::File::create(full).unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(
        err.matches("cannot write to standard output").count(),
        1,
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(dir.path().join("n.nnue").is_file(), "{err}");
}
