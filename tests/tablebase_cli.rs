//! `boardsh tablebase build`: the files it writes, a second run keeping
//! them, bad options, and the shell reading them from the data directory.

use crate::common::{Test, command};
use boardsh::congo::Position;

/// `boardsh ARGS` with `data` as its data directory; its output, not
/// checked (the tests check it).
fn boardsh(args: &[&str], data: &std::path::Path) -> std::process::Output {
    Test::new()
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("HOME", data)
        .output()
}

#[test]
fn build_keep_and_read_the_three_piece_tables() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("boardsh").join("tb");
    // No DIR: the data directory. Three pieces: bare lions and the 14 sets
    // of one more piece (7 kinds, 2 colours).
    let out = boardsh(&["tablebase", "build", "--pieces", "3"], data.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(&format!(
            "15 sets in {} (15 built, 0 already there): ",
            dir.display()
        )),
        "{text}"
    );
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, 15);
    assert!(dir.join("bare.ctb").is_file() && dir.join("bZ.ctb").is_file());
    // Again: everything is kept.
    let out = boardsh(&["tablebase", "build", "--pieces", "3"], data.path());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("(0 built, 15 already there)"), "{text}");
    // The shell finds them: `tb` says what the files say.
    let tables = boardsh::front::tablebase::load(&dir).unwrap();
    let fen = "4l2/7/7/Z6/7/7/2L4 w 0";
    let pos: Position = fen.parse().unwrap();
    let verdict = tables.verdict(&pos).unwrap();
    let out = boardsh(&["-c", &format!("fen {fen}; tb")], data.path());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("win in {} plies: {verdict}\n", verdict.probe.plies)
    );
}

#[test]
fn bad_options_are_refused_and_write_nothing() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("t");
    let d = dir.to_str().unwrap();
    let out = boardsh(&["tablebase", "build", d, "--only", "Lz"], data.path());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "boardsh tablebase: --only Lz: `L` is not a piece letter (P S G M E C Z, lower case for Black; the lions are implied)\n"
    );
    let out = boardsh(&["tablebase", "build", d, "--only", "PPPP"], data.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("at most 3 pieces besides the lions")
    );
    let out = boardsh(&["tablebase", "build", d, "--pieces", "5"], data.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.exists());
}

#[test]
fn ctrl_c_keeps_the_sets_finished() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("tb");
    let child = command()
        .args(["tablebase", "build", dir.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the small sets (the four-piece ones take far longer in a
    // debug build), then interrupt.
    let count = || {
        std::fs::read_dir(&dir).map_or(0, |d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ctb"))
            })
            .count()
        })
    };
    while count() < 15 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // SAFETY: kill(2) on the child's pid, which is still ours to signal.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8(out.stdout).unwrap();
    let done = count();
    assert!((15..120).contains(&done), "{done}");
    assert_eq!(
        text,
        format!(
            "interrupted: {done} of 120 sets in {} ({done} built now); run again to finish\n",
            dir.display()
        )
    );
    // Every file left is whole (no temporary file either).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), done);
    assert_eq!(boardsh::front::tablebase::load(&dir).unwrap().len(), done);
}
