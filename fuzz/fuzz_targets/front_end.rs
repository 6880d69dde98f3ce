//! The command-line front end in-process: an argument vector (options,
//! subcommands, file names, raw bytes) over files in a temporary directory
//! made from the input (see `tree.rs`), with a given stdin. Every run must
//! end with status 0, 1 or 2, and what boardsh itself writes to stderr must
//! hold no raw control character (only clap's usage errors echo arguments
//! as they are, and colour is asked for by `--color always`).
#![no_main]

mod common;
mod tree;

use boardsh::front::streams::run_with;
use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::sync::OnceLock;

/// Arguments a chunk starting with a byte below 0x20 stands for.
const WORDS: [&str; 24] = [
    "-c",
    "--keep-going",
    "-q",
    "--quiet",
    "-i",
    "--color",
    "never",
    "always",
    "auto",
    "test",
    "--bless",
    "--",
    "-",
    "--help",
    "--version",
    "--init",
    "--command",
    "tree",
    "tree/sub",
    "fen; moves; undo",
    "source a.bsh",
    "where; board",
    "-h",
    "tree/nowhere",
];

fuzz_target!(|data: &[u8]| {
    static ROOT: OnceLock<std::path::PathBuf> = OnceLock::new();
    let root = ROOT.get_or_init(|| {
        let root = tree::root();
        // Relative names (`tree/a.bsh`, `-c 'source ...'`) resolve here.
        std::env::set_current_dir(&root).expect("enter the fuzz directory");
        root
    });
    if common::asks_for_deep_counts(data) || common::sources_too_often(data) {
        return;
    }
    // Sections split by 0xfe: files (chunks split by 0xff), arguments
    // (chunks split by 0xff), stdin.
    let mut sections = data.splitn(3, |&b| b == 0xfe);
    let files: Vec<&[u8]> = sections
        .next()
        .unwrap_or_default()
        .split(|&b| b == 0xff)
        .take(24)
        .collect();
    // Only /dev/null: reading /dev/zero is slow (16 MiB a line) and
    // already covered by tests/io_faults.rs.
    let tree = tree::build(root, &files, &["/dev/null"], false);
    let mut args = vec![OsString::from("boardsh")];
    for chunk in sections
        .next()
        .unwrap_or_default()
        .split(|&b| b == 0xff)
        .take(16)
    {
        match chunk.split_first() {
            Some((&b, rest)) if b < 0x20 => {
                let word = WORDS[usize::from(b) % WORDS.len()];
                if b >= 0x18 && !rest.is_empty() {
                    // A name of the tree.
                    let i = usize::from(rest[0]) % tree::NAMES.len();
                    args.push(tree.join(tree::NAMES[i]).into_os_string());
                } else {
                    args.push(word.into());
                }
            }
            _ => args.push(OsString::from_vec(chunk.to_vec())),
        }
    }
    // `test --bless` writes: it must stay in this process's directory, so
    // raw arguments that could name anything else are dropped then.
    if args.iter().any(|a| a == "test") {
        let inside = tree.to_string_lossy().into_owned();
        args.retain(|a| {
            let text = a.to_string_lossy();
            let b = a.as_encoded_bytes();
            let in_tree =
                !b.contains(&b'/') || text.starts_with(&*inside) || text.starts_with("tree/");
            in_tree && !b.windows(2).any(|w| w == b"..") && !b.starts_with(b"~")
        });
    }
    let mut stdin = sections.next().unwrap_or_default();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_with(&args, &mut stdin, &mut out, &mut err);
    assert!((0..=2).contains(&status), "status {status}");
    let colour = args
        .iter()
        .any(|a| a.as_encoded_bytes().windows(6).any(|w| w == b"always"));
    let from_clap = err.starts_with(b"error: ") || err.starts_with(b"Usage");
    if !colour && !from_clap {
        assert!(
            !tree::has_raw_control(&err),
            "raw control on stderr: {}",
            String::from_utf8_lossy(&err)
        );
    }
    assert_eq!(
        std::fs::read(root.join("outside.txt")).ok().as_deref(),
        Some(tree::OUTSIDE),
        "the file outside the tree changed"
    );
});
