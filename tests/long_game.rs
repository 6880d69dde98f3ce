//! A long Congo game at the prompt: 64,000 plies replayed, then undone
//! and redone, within a 200 MB address space. Each move's undo record used
//! to copy the whole game (the record keeps 1,000 changes: about 1.5 GB at
//! this length, and quadratic time); now a move keeps the game's length,
//! and the game keeps the position before each ply.

use crate::common::test::{BIN, isolate};
use std::process::{Command, Output, Stdio};

/// The zebras shuffle out and back: g1f3 g7f5 f3g1 f5g7, over and over.
/// At the prompt a repetition does not end the game, so every ply is legal.
const CYCLE: [&str; 4] = ["g1f3", "g7f5", "f3g1", "f5g7"];

/// `plies` moves of the shuffle, a `play` line each.
fn shuffle(plies: usize) -> String {
    (0..plies)
        .map(|i| format!("play {}\n", CYCLE[i % 4]))
        .collect()
}

/// `script` run by the binary under an address-space limit of `kib` KiB
/// (`ulimit -v`); status 99 when the shell cannot set it.
fn limited(kib: u64, script: &str) -> Output {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.bsh");
    std::fs::File::create(&path)
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    isolate(&mut Command::new("sh"))
        .arg("-c")
        .arg(format!("ulimit -v {kib} || exit 99; exec \"$0\" \"$@\""))
        .arg(BIN)
        .arg(&path)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn a_64000_ply_game_replays_and_undoes_in_200_mb() {
    let mut script = shuffle(64_000);
    script.push_str("undo 3\nfen\nredo 2\nfen\n");
    let out = limited(200_000, &script);
    if out.status.code() == Some(99) {
        eprintln!("ulimit -v is not available here: skipped");
        return;
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
    let tail: Vec<&str> = stdout.lines().rev().take(7).collect();
    // Undo 3 takes back plies 64,000 (f5g7), 63,999 (f3g1) and 63,998
    // (g7f5): after ply 63,997 (g1f3, a cycle's first) the white zebra
    // stands on f3 and Black is to move; 63,997 = 2 x 31,998 + 1, so the
    // move number (Black's moves made) is 31,998. Redo 2 plays g7f5 and
    // f3g1 again: the white zebra home, the black one on f5, Black to
    // move after ply 63,999 = 2 x 31,999 + 1.
    assert_eq!(
        tail,
        [
            "gmelec1/ppppppp/5z1/7/7/PPPPPPP/GMELECZ b 31999",
            "redid: play f3g1",
            "redid: play g7f5",
            "gmelecz/ppppppp/7/7/5Z1/PPPPPPP/GMELEC1 b 31998",
            "undid: play g7f5",
            "undid: play f3g1",
            "undid: play f5g7",
        ],
        "{}",
        &stdout[stdout.len().saturating_sub(400)..]
    );
    assert_eq!(stdout.lines().count(), 64_000 + 7);
}
