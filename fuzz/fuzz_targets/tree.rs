//! Files in a temporary directory, made from fuzz input: regular files,
//! directories, links of every kind (to a file of the tree, outside it, to
//! a device, dangling, to themselves), hard links, FIFOs and sockets. One
//! directory per process, emptied before each input.

// Each target uses part of this module.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

/// The names a tree's entries can have (relative to its root).
pub const NAMES: [&str; 16] = [
    "a.bsh",
    "a.out",
    "a.err",
    "a.status",
    "b.fen",
    "b.out",
    "b.status",
    "sub/c.yut",
    "sub/c.out",
    "sub/c.err",
    "sub/deep/d.in",
    "sub/deep/d.out",
    "e.bsh",
    "e.out",
    "lib.bsh",
    "sub/lib.in",
];

/// What the file outside the tree holds (links may point at it; nothing
/// may change it).
pub const OUTSIDE: &[u8] = b"outside the tree\n";

/// A directory of its own for this process: `root()/tree` is the tree,
/// `root()/outside.txt` a file beside it. In memory (`/dev/shm`) where
/// there is one: each input makes and removes a whole tree, 6 to 15 times
/// slower on a disk's file system than the rest of the input.
pub fn root() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!("boardsh-fuzz-{}", std::process::id()));
    let _ = fs::create_dir_all(&dir);
    dir
}

fn mkfifo(path: &Path) {
    if let Ok(c) = CString::new(path.as_os_str().as_bytes()) {
        // SAFETY: a valid NUL-terminated path; mkfifo only reads it.
        unsafe {
            libc::mkfifo(c.as_ptr(), 0o644);
        }
    }
}

/// Empty `root`'s tree and make it anew from `chunks`: each chunk is one
/// entry, its first byte choosing the name (low 4 bits) and the kind (high
/// 4 bits), the rest its contents or the entry it links to.
/// Links to devices point at one of `devices`; FIFOs are made only when
/// `fifos` (else sockets: opening a FIFO waits for a writer, as it should
/// outside `boardsh test`).
pub fn build(root: &Path, chunks: &[&[u8]], devices: &[&str], fifos: bool) -> PathBuf {
    let tree = root.join("tree");
    let _ = fs::remove_dir_all(&tree);
    fs::create_dir_all(tree.join("sub/deep")).expect("make the tree");
    let outside = root.join("outside.txt");
    fs::write(&outside, OUTSIDE).expect("write the outside file");
    for chunk in chunks {
        let Some((&head, rest)) = chunk.split_first() else {
            continue;
        };
        let path = tree.join(NAMES[usize::from(head & 0x0f)]);
        let other = || {
            let i = rest.first().map_or(0, |&b| usize::from(b) % NAMES.len());
            tree.join(NAMES[i])
        };
        let _ = fs::remove_file(&path);
        let _ = match head >> 4 {
            0..=6 => fs::write(&path, rest),
            7 => fs::create_dir(&path),
            8 => symlink(other(), &path),
            9 => symlink(&outside, &path),
            10 => {
                let i = rest
                    .first()
                    .map_or(0, |&b| usize::from(b) % devices.len().max(1));
                symlink(devices.get(i).copied().unwrap_or("/dev/null"), &path)
            }
            11 => symlink(&path, &path),
            12 => symlink(tree.join("nowhere"), &path),
            13 => fs::hard_link(other(), &path),
            14 if fifos => {
                mkfifo(&path);
                Ok(())
            }
            _ => std::os::unix::net::UnixListener::bind(&path).map(drop),
        };
    }
    tree
}

/// What is at `path` and below, by relative path: `file:` and a file's
/// bytes, `link:` and a link's target, `dir`, or `special` (FIFOs,
/// sockets).
pub fn snapshot(path: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut all = BTreeMap::new();
    walk(path, path, &mut all);
    all
}

fn walk(root: &Path, dir: &Path, all: &mut BTreeMap<PathBuf, Vec<u8>>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let rel = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        let kind = meta.file_type();
        let seen = if kind.is_symlink() {
            let mut v = b"link:".to_vec();
            v.extend(
                fs::read_link(&path)
                    .map(|t| t.into_os_string().into_encoded_bytes())
                    .unwrap_or_default(),
            );
            v
        } else if kind.is_dir() {
            walk(root, &path, all);
            b"dir".to_vec()
        } else if kind.is_file() {
            // Marked, so a file holding `link:...` is not taken for a link.
            let mut v = b"file:".to_vec();
            v.extend(fs::read(&path).unwrap_or_else(|_| b"unreadable".to_vec()));
            v
        } else {
            b"special".to_vec()
        };
        all.insert(rel, seen);
    }
}

/// Whether `bytes` hold a raw control character other than `\n` and `\t`
/// (or DEL, or a C1 control): what must never reach a terminal unescaped.
pub fn has_raw_control(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
}
