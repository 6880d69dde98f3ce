//! A file size limit (`ulimit -f`): boardsh ignores SIGXFSZ, so a write
//! past the limit fails with EFBIG ("File too large") instead of killing
//! the process mid-write. The error names the file, the status is 1, no
//! temporary file is left, and match records and results lines stay
//! whole (issue 50).

use crate::common::test::BIN;
use std::path::Path;
use std::process::Output;

const RANDOM: &str = "boardsh agent --engine random";

/// `script` run by `sh -c` in `dir`, with SIGXFSZ at its default (as a
/// login shell has it, whatever the test runner's is), in the tests'
/// isolated environment.
fn sh_in(dir: &Path, script: &str) -> Output {
    use std::os::unix::process::CommandExt as _;
    let mut cmd = std::process::Command::new("sh");
    crate::common::test::isolate(&mut cmd);
    // SAFETY: runs in the child between fork and exec; signal(2) is
    // async-signal-safe and allocates nothing.
    unsafe {
        cmd.pre_exec(|| {
            if libc::signal(libc::SIGXFSZ, libc::SIG_DFL) == libc::SIG_ERR {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd.current_dir(dir).args(["-c", script]).output().unwrap()
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

#[test]
fn an_svg_past_the_limit_is_an_error_naming_the_file() {
    // Before: killed by SIGXFSZ (no status, no message), with the
    // temporary file `.boardsh-PID-0.tmp` left at the limit's size. The
    // start position's SVG is several KiB, far past one block.
    let dir = tempfile::tempdir().unwrap();
    let out = sh_in(
        dir.path(),
        &format!("ulimit -f 1; exec '{BIN}' -c 'board svg b.svg'"),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write `b.svg`: File too large"),
        "{err}"
    );
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

#[test]
fn a_match_past_the_limit_keeps_whole_records_and_results_lines() {
    // Before: killed by SIGXFSZ at the first record past the limit, with
    // no message and a record cut off at the limit. A game's record is
    // 300-3,000 bytes, a results line about 250: the limit (512 bytes or
    // 1 KiB by the shell's block) holds a game or two.
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "ulimit -f 1; exec '{BIN}' match --games 6 --time 0.1 --json r.jsonl --pgn g.bsh '{RANDOM}' '{RANDOM}'"
    );
    let out = sh_in(dir.path(), &script);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot write the record of game ")
            && err.contains(" to g.bsh: File too large"),
        "{err}"
    );
    assert_eq!(names(dir.path()), ["g.bsh", "r.jsonl"]);
    // Whole records only: each opens with its `# game` line and ends
    // with its `# result` line.
    let records = std::fs::read_to_string(dir.path().join("g.bsh")).unwrap();
    for record in records.split("\n\n").filter(|r| !r.is_empty()) {
        assert!(crate::common::matches::is_whole_record(record), "{record}");
    }
    // Whole results lines only: the header, then pair lines with their
    // check, each ended.
    let results = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    assert!(results.ends_with("}\n"), "{results}");
    for line in results.lines().skip(1) {
        assert!(
            line.starts_with("{\"pair\":") && line.contains("\"check\":"),
            "{line}"
        );
    }
}

#[test]
fn a_yut_table_past_the_limit_is_an_error_naming_the_file() {
    // Before: killed by SIGXFSZ (no message), `.boardsh-PID-0.tmp` left;
    // with SIGXFSZ ignored but no name, `boardsh yut solve: error: File
    // too large`. The one-token table has 871 positions of 8 bytes and
    // more: past one block.
    let dir = tempfile::tempdir().unwrap();
    let script = format!("ulimit -f 1; exec '{BIN}' yut solve --tokens 1 --out y.bin");
    let out = sh_in(dir.path(), &script);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("boardsh yut solve: cannot write y.bin: File too large"),
        "{err}"
    );
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}
