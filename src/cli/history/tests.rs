//! The history file in a temporary directory: appends, compaction, odd files.

use super::*;

fn lines(path: &Path) -> Vec<String> {
    parse(&fs::read(path).unwrap())
}

#[test]
fn appends_never_rewrite_and_two_writers_keep_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("deep/er/history");
    let mut one = History::open(Some(path.clone())).history;
    let mut two = History::open(Some(path.clone())).history;
    for i in 0..50 {
        assert_eq!(one.record(&format!("one {i}")), None);
        assert_eq!(two.record(&format!("two {i}")), None);
    }
    let saved = lines(&path);
    assert_eq!(saved.len(), 100);
    assert_eq!(saved.first().unwrap(), "one 0");
    assert_eq!(saved.last().unwrap(), "two 49");
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("#V2").count(), 1, "one header");
}

#[test]
fn a_cut_line_does_not_swallow_the_next_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history");
    fs::write(&path, "#V2\nfen\nmove A F").unwrap();
    let mut h = History::open(Some(path.clone())).history;
    h.record("where");
    assert_eq!(lines(&path), ["fen", "move A F", "where"]);
}

#[test]
fn a_long_file_is_compacted_to_its_newest_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history");
    let mut text = b"#V2\n".to_vec();
    for i in 0..(COMPACT_AT + 10) {
        escape(&format!("perft {i}"), &mut text);
    }
    fs::write(&path, &text).unwrap();
    let opened = History::open(Some(path.clone()));
    assert!(opened.warning.is_none(), "{:?}", opened.warning);
    assert_eq!(opened.entries.len(), HISTORY_SIZE);
    let newest = format!("perft {}", COMPACT_AT + 9);
    assert_eq!(opened.entries.last(), Some(&newest));
    let saved = lines(&path);
    assert_eq!(saved, opened.entries, "the file holds what was kept");
    // No temporary file is left beside it.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn only_the_end_of_a_huge_file_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history");
    let mut text = b"#V2\n".to_vec();
    let line = "x".repeat(1000);
    while text.len() < 2 * MAX_READ as usize {
        escape(&line, &mut text);
    }
    escape("newest", &mut text);
    fs::write(&path, &text).unwrap();
    let opened = History::open(Some(path.clone()));
    assert_eq!(opened.entries.last().map(String::as_str), Some("newest"));
    assert!(opened.entries.iter().all(|e| e == "newest" || *e == line));
    assert!(file_len(&path) <= MAX_READ, "compacted");
}

#[test]
fn devices_fifos_and_directories_are_refused_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut odd = vec![(PathBuf::from("/dev/zero"), "a device")];
    odd.push((dir.path().to_path_buf(), "a directory"));
    if made.is_ok_and(|s| s.success()) {
        odd.push((fifo, "a FIFO"));
    }
    for (path, kind) in odd {
        let mut opened = History::open(Some(path.clone()));
        let warning = opened.warning.unwrap();
        assert!(warning.contains(kind), "{warning}");
        assert!(opened.entries.is_empty());
        // Nothing is written to it, and no second warning comes.
        assert_eq!(opened.history.record("fen"), None);
    }
}

#[test]
fn an_unreadable_history_warns_once() {
    let dir = tempfile::tempdir().unwrap();
    // The parent is a regular file: the history can be neither read nor written.
    let plain = dir.path().join("plain");
    fs::write(&plain, "not a directory").unwrap();
    let mut opened = History::open(Some(plain.join("history")));
    let warning = opened.warning.unwrap();
    assert!(warning.starts_with("cannot read history"), "{warning}");
    assert_eq!(opened.history.record("fen"), None, "no second warning");
}

#[test]
fn an_unwritable_history_warns_once() {
    // Missing is fine (created by the first entry), but nothing can be
    // created in /proc, not even by root.
    let mut opened = History::open(Some(PathBuf::from("/proc/boardsh-history")));
    assert!(opened.warning.is_none(), "a missing file is not an error");
    let first = opened.history.record("fen").unwrap();
    assert!(first.starts_with("cannot write history"), "{first}");
    assert_eq!(opened.history.record("where"), None);
}

#[test]
fn a_relative_xdg_data_home_is_ignored() {
    let env = |xdg: &'static str| {
        move |k: &str| match k {
            "HOME" => Some("/home/someone".into()),
            "XDG_DATA_HOME" => Some(xdg.into()),
            _ => None,
        }
    };
    let home = PathBuf::from("/home/someone/.local/share/boardsh/history");
    assert_eq!(path_from(env("relative/data")), Some(home.clone()));
    assert_eq!(path_from(env("")), Some(home));
    assert_eq!(
        path_from(env("/data")),
        Some(PathBuf::from("/data/boardsh/history"))
    );
    let own = |k: &str| (k == "BOARDSH_HISTORY").then(|| "h".into());
    assert_eq!(path_from(own), Some(PathBuf::from("h")));
}

#[test]
fn a_file_without_the_header_is_never_compacted() {
    // `BOARDSH_HISTORY` naming some other long file: before, it was cut to
    // its last 1,000 lines (a `#V2` line put first); now it is left byte
    // for byte, with one warning saying why.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    let text: String = (0..(COMPACT_AT + 500))
        .map(|i| format!("note {i}\n"))
        .collect();
    fs::write(&path, &text).unwrap();
    let opened = History::open(Some(path.clone()));
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    let warning = opened.warning.unwrap();
    assert!(warning.starts_with("cannot compact history `"), "{warning}");
    assert!(
        warning.ends_with(
            "its first line is not `#V2`, so it is not a boardsh history: left as it is"
        ),
        "{warning}"
    );
    // Its last entries are still offered.
    assert_eq!(opened.entries.len(), HISTORY_SIZE);
    let newest = format!("note {}", COMPACT_AT + 499);
    assert_eq!(opened.entries.last(), Some(&newest));
    // Huge too: only its end is read, and it is still left alone.
    let big = dir.path().join("big.txt");
    let mut bytes = Vec::new();
    while bytes.len() < 2 * MAX_READ as usize {
        bytes.extend_from_slice(&[b'y'; 999]);
        bytes.push(b'\n');
    }
    fs::write(&big, &bytes).unwrap();
    assert!(History::open(Some(big.clone())).warning.is_some());
    assert_eq!(fs::read(&big).unwrap(), bytes);
    // The header with no entries yet is a history.
    let fresh = dir.path().join("fresh");
    fs::write(&fresh, "#V2").unwrap();
    let file = File::open(&fresh).unwrap();
    assert!(starts_with_header(&file).unwrap());
}
