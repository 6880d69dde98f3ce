//! `boardsh test` (and `--bless`) on a case tree with odd files: links out
//! of the tree and to devices, FIFOs, sockets, hard links between a case's
//! files, directories where files should be. The run must end, report
//! every name escaped and cut, and `--bless` must change only expected
//! files of the tree (never through a link, never the file outside, never
//! a script), leaving no temporary file.
#![no_main]

mod common;
mod tree;

use boardsh::front::test_runner::{Config, replay, run_paths};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;

fn is_expected_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["out", "err", "status"].contains(&e))
}

fuzz_target!(|data: &[u8]| {
    static ROOT: OnceLock<std::path::PathBuf> = OnceLock::new();
    let root = ROOT.get_or_init(tree::root);
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    if common::asks_for_deep_counts(rest) || common::sources_too_often(rest) {
        return;
    }
    let chunks: Vec<&[u8]> = rest.split(|&b| b == 0xff).take(24).collect();
    let tree = tree::build(
        root,
        &chunks,
        &["/dev/null", "/dev/zero", "/dev/full"],
        true,
    );
    let bless = flags & 1 != 0;
    // The whole tree, or one script of it named directly.
    let paths = if flags & 2 != 0 {
        vec![tree.join(tree::NAMES[usize::from(flags >> 4)])]
    } else {
        vec![tree.clone()]
    };
    let before = tree::snapshot(&tree);
    let config = Config {
        bless,
        color: false,
        color_err: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_paths(&paths, config, &mut out, &mut err, &mut replay);
    assert!((0..=2).contains(&status), "status {status}");
    for text in [&out, &err] {
        assert!(
            !tree::has_raw_control(text),
            "raw control: {}",
            String::from_utf8_lossy(text)
        );
        for line in String::from_utf8_lossy(text).lines() {
            assert!(
                line.chars().count() <= 1024,
                "a line of {} chars",
                line.len()
            );
        }
    }
    if status != 2 {
        let out = String::from_utf8_lossy(&out);
        let last = out.lines().last().unwrap_or_default();
        assert!(
            last.ends_with(" failed") && last.contains(" passed, "),
            "{last:?}"
        );
    }
    assert_eq!(
        std::fs::read(root.join("outside.txt")).ok().as_deref(),
        Some(tree::OUTSIDE),
        "the file outside the tree changed"
    );
    let after = tree::snapshot(&tree);
    for (path, was) in &before {
        match after.get(path) {
            Some(now) if now == was => {}
            now => {
                assert!(bless, "{} changed without --bless", path.display());
                assert!(is_expected_file(path), "bless changed {}", path.display());
                assert!(
                    !was.starts_with(b"link:"),
                    "bless replaced the link {}",
                    path.display()
                );
                if let Some(now) = now {
                    assert!(
                        now.starts_with(b"file:"),
                        "{} is no longer a file",
                        path.display()
                    );
                }
            }
        }
    }
    for path in after.keys() {
        let name = path.to_string_lossy();
        assert!(!name.contains(".boardsh-"), "left behind: {name}");
        if !before.contains_key(path) {
            assert!(bless && is_expected_file(path), "new file {name}");
        }
    }
});
