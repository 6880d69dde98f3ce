//! The binary's files for in-process runs, without its drill deck.
//!
//! `FsLoader` keeps the drill deck in the data directory of the process
//! (`$XDG_DATA_HOME/boardsh`, else `~/.local/share/boardsh`). A spawned
//! run is given a data directory of its own ([`super::test::isolate`]),
//! but an in-process `Runner` reads the test process's environment: a
//! review run with `FsLoader` there appended its cards to the deck of
//! whoever ran the tests. Every in-process run uses [`NoDeck`] instead.

use boardsh::front::files::FsLoader;
use boardsh::shell::{Loader, Opened, WriteError};

/// [`FsLoader`]'s files (`source`, `save`, `review svg`), and no drill
/// deck (the [`Loader`] defaults: none read, none kept).
pub struct NoDeck;

impl Loader for NoDeck {
    fn open(&mut self, from: Option<&str>, path: &str) -> Result<Opened, String> {
        FsLoader.open(from, path)
    }

    fn identify(&mut self, from: Option<&str>, path: &str) -> Option<String> {
        FsLoader.identify(from, path)
    }

    fn write(
        &mut self,
        from: Option<&str>,
        path: &str,
        text: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        FsLoader.write(from, path, text, force)
    }

    fn check_write(
        &mut self,
        from: Option<&str>,
        path: &str,
        force: bool,
    ) -> Result<(), WriteError> {
        FsLoader.check_write(from, path, force)
    }
}

/// No test module but this one names `FsLoader`: one that did would run
/// in-process with the deck of whoever runs the tests (fails when a
/// module uses it again).
#[test]
fn in_process_runs_keep_no_drill_deck() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut users = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if text.contains("FsLoader") {
                users.push(path.display().to_string());
            }
        }
    }
    assert!(
        users.is_empty(),
        "in-process runs with the user's deck: {users:?}"
    );
    let mut loader = NoDeck;
    assert!(!loader.keeps_drills());
    assert!(loader.read_deck().is_err());
}
