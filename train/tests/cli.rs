//! `boardsh-train` end to end: what it refuses before any training (its
//! `--out` target, its float flags), and a run that writes a network.

use boardsh::congo::Position;
use boardsh::congo::nnue::Network;
use std::fs;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_boardsh-train");

/// A few `FEN;R;S` lines: the start and the positions after each of its
/// first moves (distinct boards, one game's worth).
fn data() -> String {
    let start = Position::start();
    let mut text = format!("{start};0.5;0\n");
    for mv in boardsh::congo::legal_moves(&start).into_iter().take(6) {
        text.push_str(&format!("{};0.5;10\n", start.after(mv).unwrap()));
    }
    text
}

/// The trainer run in `dir` with a small, quick training and `args`.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(["--epochs", "2", "--hidden", "4", "--batch", "64"])
        .args(["--commit", "test", "--threads", "1"])
        .args(args)
        .output()
        .unwrap()
}

/// [`run`] with every position for training (no validation set).
fn train(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["--val-frac", "0"];
    all.extend(args);
    run(dir, &all)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Refused as a usage error (status 2) with `part` in the message, before
/// any training: nothing on stdout (the data's line, the epochs).
#[track_caller]
fn refused(out: &Output, part: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("boardsh-train: "), "{err}");
    assert!(err.contains(part), "expected {part:?} in {err:?}");
    assert_eq!(text(&out.stdout), "", "trained before refusing");
}

/// Every name in `dir`, sorted: no temporary file may be left.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn out_targets_are_checked_before_training() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let data = data();
    fs::write(d.join("d.txt"), &data).unwrap();
    fs::write(d.join("other.txt"), "unrelated\n").unwrap();
    std::os::unix::fs::symlink("other.txt", d.join("link.nnue")).unwrap();
    fs::create_dir(d.join("sub")).unwrap();
    fs::write(d.join("sub/more.txt"), &data).unwrap();

    // The input itself, even with --force: the data would become a net.
    refused(
        &train(d, &["--out", "d.txt", "--force", "d.txt"]),
        "--out `d.txt` is also an input: writing it would destroy the input",
    );
    // A file a directory input is read for: an input too.
    refused(
        &train(d, &["--out", "sub/more.txt", "--force", "sub"]),
        "--out `sub/more.txt` is also an input",
    );
    // A symbolic link, even with --force: the link stays a link.
    refused(
        &train(d, &["--out", "link.nnue", "--force", "d.txt"]),
        "--out `link.nnue`: it is a symbolic link; not replaced",
    );
    // An existing unrelated file without --force.
    refused(
        &train(d, &["--out", "other.txt", "d.txt"]),
        "--out `other.txt` already exists (`--force` overwrites it)",
    );
    // A directory.
    refused(
        &train(d, &["--out", "sub", "--force", "d.txt"]),
        "--out `sub`: it is a directory",
    );
    // A directory that is not there: found before the first epoch, not
    // after it.
    refused(
        &train(d, &["--out", "no/such/n.nnue", "d.txt"]),
        "--out `no/such/n.nnue`: cannot write in `no/such`: no such directory",
    );
    assert_eq!(fs::read_to_string(d.join("d.txt")).unwrap(), data);
    assert_eq!(fs::read_to_string(d.join("sub/more.txt")).unwrap(), data);
    assert_eq!(
        fs::read_to_string(d.join("other.txt")).unwrap(),
        "unrelated\n"
    );
    let link = fs::symlink_metadata(d.join("link.nnue")).unwrap();
    assert!(link.file_type().is_symlink());
    assert!(fs::metadata(d.join("sub")).unwrap().is_dir());
    assert_eq!(
        names(d),
        ["d.txt", "link.nnue", "other.txt", "sub"],
        "a file was made"
    );
}

#[test]
fn a_device_is_never_replaced() {
    // As root the trainer could turn /dev/null into a file, so the test
    // never risks it: it makes a null device of its own in its directory
    // (mknod(1), root only). Otherwise /dev/null is safe to name (a user
    // cannot replace it) and is the device tried.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("d.txt"), data()).unwrap();
    let root = fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    let device = if root {
        let made = Command::new("mknod")
            .current_dir(d)
            .args(["null", "c", "1", "3"])
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("skipped: root, but mknod cannot make a device here");
            return;
        }
        d.join("null")
    } else {
        "/dev/null".into()
    };
    let shown = device.to_str().unwrap().to_string();
    refused(
        &train(d, &["--out", &shown, "--force", "d.txt"]),
        "it is a character device; not replaced",
    );
    assert!(fs::metadata(&device).unwrap().file_type().is_char_device());
}

#[test]
fn float_flags_refuse_non_finite_and_absurd_values() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("d.txt"), data()).unwrap();
    let cases: &[(&str, &str)] = &[
        ("--weight-decay", "NaN"),
        ("--weight-decay", "inf"),
        ("--weight-decay", "1e30"),
        ("--weight-decay", "-0.1"),
        ("--lr", "NaN"),
        ("--lr", "inf"),
        ("--lr", "0"),
        ("--lr", "1e30"),
        ("--lambda", "NaN"),
        ("--lambda", "1.5"),
        ("--val-frac", "inf"),
        ("--val-frac", "NaN"),
    ];
    for (flag, value) in cases {
        // `--flag=value`, so that `-0.1` is a value.
        let given = format!("{flag}={value}");
        let out = run(d, &["--out", "n.nnue", &given, "d.txt"]);
        refused(&out, &format!("boardsh-train: {flag} "));
        // The value as given, not an f32's long digits (`1e30`).
        let shown = match *value {
            "NaN" | "inf" | "-0.1" | "0" | "1.5" => value.to_string(),
            other => other
                .parse::<f64>()
                .map_or(other.to_string(), |v| format!("{v:e}")),
        };
        assert!(
            text(&out.stderr).contains(&format!("{flag} {shown}: expected")),
            "{}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains("expected a number"),
            "{flag} {value}"
        );
        assert!(!d.join("n.nnue").exists(), "{flag} {value}: written");
    }
}

#[test]
fn a_run_writes_a_network_and_force_replaces_its_own_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("d.txt"), data()).unwrap();
    let out = train(d, &["--out", "n.nnue", "d.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("wrote n.nnue"));
    let (net, description) = Network::from_bytes(&fs::read(d.join("n.nnue")).unwrap()).unwrap();
    assert_eq!(net.hidden(), 4);
    assert!(description.contains("commit test"), "{description}");
    // Again: the file exists now, so only --force writes it.
    refused(
        &train(d, &["--out", "n.nnue", "d.txt"]),
        "already exists (`--force` overwrites it)",
    );
    let out = train(d, &["--out", "n.nnue", "--force", "d.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(names(d), ["d.txt", "n.nnue"]);
}

/// `--mirror` adds each position's mirror image: the data's line counts
/// them, and without the flag the line is as before. The start's back
/// rank (GMELECZ) is not symmetric, so none of the 7 boards of [`data`]
/// is its own mirror, nor the mirror of another: 14 kept.
#[test]
fn mirror_doubles_the_positions_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("d.txt"), data()).unwrap();
    let out = train(d, &["--out", "m.nnue", "--mirror", "d.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("kept 14 (train 14, validation 0), of which 7 mirror images;"),
        "{stdout}"
    );
    let out = train(d, &["--out", "p.nnue", "d.txt"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("kept 7 (train 7, validation 0); "),
        "{stdout}"
    );
}
