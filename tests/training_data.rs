//! The training data's two forms (issue 48): `boardsh selfplay --out
//! FILE.bin` writes the compact binary form, holding the very records the
//! text form holds for the same games; `boardsh tune` reads either, and
//! refuses a damaged binary file with its name and the place. Tiny runs.

use crate::tune_cli::{boardsh, text};
use boardsh::congo::data::read_binary;
use std::path::Path;
use std::process::Output;

/// Two games at fixed nodes (deterministic), into `name` under `dir`.
pub(crate) fn selfplay(dir: &Path, name: &str) -> Output {
    let out = dir.join(name);
    boardsh(
        &[
            "selfplay",
            "--games",
            "2",
            "--nodes",
            "200",
            "--max-plies",
            "30",
            "--seed",
            "5",
            "--out",
            out.to_str().unwrap(),
        ],
        dir,
    )
}

#[test]
fn binary_selfplay_holds_the_text_records_and_tune_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = selfplay(d, "d.txt");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = selfplay(d, "d.bin");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    let lines = std::fs::read_to_string(d.join("d.txt")).unwrap();
    let bytes = std::fs::read(d.join("d.bin")).unwrap();
    let records = read_binary(&bytes).unwrap();
    let n = records.len();
    assert!(n > 0);
    assert!(
        summary.contains(&format!(" {n} positions in ")),
        "{summary}"
    );
    // Record by record the text file's lines (same games, same seeds).
    let from_binary: Vec<String> = records.iter().map(|(_, r)| r.to_text()).collect();
    assert_eq!(from_binary, lines.lines().collect::<Vec<_>>());
    // At most 32 bytes a position: 12 of header and 16 a block besides.
    assert!(
        bytes.len() <= 12 + 16 + 32 * n,
        "{} bytes, {n} positions",
        bytes.len()
    );
    // No temporary file left beside them.
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 2);

    // tune reads either form to the same positions.
    for name in ["d.txt", "d.bin"] {
        let data = d.join(name);
        let w = d.join(format!("w-{name}"));
        let args = [
            "tune",
            "--data",
            data.to_str().unwrap(),
            "--out",
            w.to_str().unwrap(),
            "--epochs",
            "2",
        ];
        let out = boardsh(&args, d);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let report = text(&out.stdout);
        assert!(
            report.starts_with(&format!("data: {n} positions from {}", data.display())),
            "{report}"
        );
    }

    // A damaged binary file is refused, named with the block and byte.
    let mut bad = bytes.clone();
    bad[40] ^= 1;
    let file = d.join("bad.bin");
    std::fs::write(&file, bad).unwrap();
    let w = d.join("w-bad.txt");
    let out = boardsh(
        &[
            "tune",
            "--data",
            file.to_str().unwrap(),
            "--out",
            w.to_str().unwrap(),
        ],
        d,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "boardsh tune: {}: checksum mismatch in the block at byte 12 (records 0 to {})",
            file.display(),
            n - 1
        )),
        "{err}"
    );
    assert!(!w.exists());
}
