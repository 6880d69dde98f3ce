//! Games recorded as boardsh command scripts (`--pgn`): `fen` with the
//! start position, then one `play` line per move, and comments saying who
//! played and how it ended, so `boardsh FILE` replays the game. A losing
//! bad answer is kept as a comment (it would not play), and the agents'
//! commands are escaped like it, so no text of theirs runs on replay. A
//! directory gets a file per game, written whole to a temporary name and
//! renamed; one file gets each game appended as it ends.

use super::game::GameResult;
use super::reader::shown;
use crate::congo::Position;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// Who played a recorded game.
pub struct Header<'a> {
    pub number: u64,
    pub games: u64,
    pub white: &'a str,
    pub black: &'a str,
    /// The position the game started from (before the opening's moves).
    pub start: &'a Position,
}

/// The script of one game.
pub fn script(h: &Header<'_>, r: &GameResult, opening_plies: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# game {} of {}", h.number, h.games);
    let _ = writeln!(s, "# white: {}", escaped(h.white));
    let _ = writeln!(s, "# black: {}", escaped(h.black));
    let _ = writeln!(s, "fen {}", h.start);
    for (i, mv) in r.moves.iter().enumerate() {
        if i == opening_plies && i > 0 {
            let _ = writeln!(s, "# end of the opening");
        }
        let _ = writeln!(s, "play {mv}");
    }
    if let Some(bad) = &r.bad_answer {
        let _ = writeln!(s, "# losing answer: {}", shown(bad));
    }
    let _ = writeln!(s, "# result {} ({})", r.outcome.notation(), r.reason);
    s
}

/// `text` on one comment line, whole: control characters (a newline would
/// end the comment and make the rest a command on replay) and backslashes
/// escaped as Rust does.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || c == '\\' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// How `--pgn` may treat what is already at its path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Existing {
    /// `--force`: an existing record file (or a directory's game files) is
    /// replaced.
    pub force: bool,
    /// The match resumes from `--json`: the earlier games' records are
    /// kept and the new ones appended.
    pub resuming: bool,
}

/// Where the records go.
#[derive(Debug)]
pub enum Sink {
    /// One file per game in this directory, each written atomically.
    Dir(PathBuf),
    /// Every game in one file, appended a game at a time (a blank line
    /// between games), so a record costs its own size, not the file's.
    File {
        path: PathBuf,
        /// Opened at the first game (truncated first under `--force`).
        file: Option<fs::File>,
        replace: bool,
        /// Whether the file holds a game already (the next one is then
        /// preceded by a blank line).
        started: bool,
    },
}

/// The name of a directory's record of game `number`.
fn game_file(dir: &Path, number: u64) -> PathBuf {
    dir.join(format!("game-{number:03}.bsh"))
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

impl Sink {
    /// Where `path` sends the records: a directory if it is one or ends in
    /// `/`, else a file. Checked before the first game: a link, a device,
    /// a FIFO or an input of the match (`inputs`) is refused; so is an
    /// existing file with records unless `existing` allows it; and an
    /// unwritable place is found by writing and removing a temporary file.
    ///
    /// # Errors
    ///
    /// Why the records cannot go there (the text after `--pgn PATH: `).
    pub fn new(path: &Path, existing: Existing, inputs: &[&Path]) -> Result<Sink, String> {
        let text = path.to_string_lossy();
        let meta = fs::symlink_metadata(path).ok();
        if let Some(m) = &meta
            && !m.is_file()
            && !m.is_dir()
        {
            return Err(format!(
                "it is {}; records go to a regular file or a directory",
                crate::cli::files::kind_name(m.file_type())
            ));
        }
        if let Some(input) = inputs.iter().find(|i| same_file(path, i)) {
            return Err(format!(
                "it is an input of this match ({}); records go elsewhere",
                input.display()
            ));
        }
        let is_dir = meta.as_ref().is_some_and(fs::Metadata::is_dir);
        if is_dir || text.ends_with('/') {
            fs::create_dir_all(path).map_err(|e| e.to_string())?;
            if !existing.force && !existing.resuming {
                let old = fs::read_dir(path)
                    .map_err(|e| e.to_string())?
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with("game-") && n.ends_with(".bsh"))
                    .min();
                if let Some(name) = old {
                    return Err(format!(
                        "the directory holds records already ({name}); --force replaces them"
                    ));
                }
            }
            probe(&path.join("probe"))?;
            return Ok(Sink::Dir(path.to_path_buf()));
        }
        let size = meta.as_ref().map_or(0, fs::Metadata::len);
        if size > 0 && !existing.force && !existing.resuming {
            return Err(format!(
                "the file exists ({size} bytes); --force replaces it, a run resumed with --json appends to it"
            ));
        }
        probe(path)?;
        Ok(Sink::File {
            path: path.to_path_buf(),
            file: None,
            replace: existing.force,
            started: false,
        })
    }

    /// Where game `number` is written.
    pub fn path(&self, number: u64) -> PathBuf {
        match self {
            Sink::Dir(dir) => game_file(dir, number),
            Sink::File { path, .. } => path.clone(),
        }
    }

    /// Record game `number`, whose script is `script`.
    ///
    /// # Errors
    ///
    /// A file that cannot be opened or written.
    pub fn write(&mut self, number: u64, script: &str) -> io::Result<()> {
        match self {
            Sink::Dir(dir) => write_atomic(&game_file(dir, number), script),
            Sink::File {
                path,
                file,
                replace,
                started,
            } => {
                if file.is_none() {
                    let mut options = fs::OpenOptions::new();
                    options.create(true);
                    if *replace {
                        options.write(true).truncate(true);
                    } else {
                        options.append(true);
                    }
                    let opened = options.open(&*path)?;
                    *started = opened.metadata()?.len() > 0;
                    *file = Some(opened);
                }
                let Some(f) = file.as_mut() else {
                    return Err(io::Error::other("the record file is not open"));
                };
                let mut text = String::with_capacity(script.len() + 1);
                if *started {
                    text.push('\n');
                }
                text.push_str(script);
                // One write of the whole game; one that fails part way (a
                // full disk, a file size limit) is cut off again, so the
                // file holds whole games only.
                let before = f.metadata()?.len();
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|()| f.flush()) {
                    let _ = f.set_len(before);
                    return Err(e);
                }
                *started = true;
                Ok(())
            }
        }
    }
}

/// Check that a file can be made at `probe`'s place: make and remove a
/// temporary file beside it.
fn probe(probe: &Path) -> Result<(), String> {
    crate::cli::write::Staged::beside(probe, crate::cli::write::SHARED)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// Write `text` to `path` through a temporary file in the same directory
/// (never over a device or a link: [`crate::cli::write::replace`]).
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    crate::cli::write::replace(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::arena::game::Outcome;

    #[test]
    fn a_script_replays_the_moves_and_says_the_result() {
        let r = GameResult {
            outcome: Outcome::BlackWins,
            reason: "white played `a1a7`, not a legal move".into(),
            moves: vec!["c2c3".parse().unwrap(), "c6c5".parse().unwrap()],
            bad_answer: Some("a1a7".into()),
            answers: Vec::new(),
        };
        let h = Header {
            number: 2,
            games: 4,
            white: "w cmd",
            black: "b cmd",
            start: &Position::start(),
        };
        let expected = "# game 2 of 4\n# white: w cmd\n# black: b cmd\n\
            fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n\
            play c2c3\n# end of the opening\nplay c6c5\n\
            # losing answer: a1a7\n\
            # result 0-1 (white played `a1a7`, not a legal move)\n";
        assert_eq!(script(&h, &r, 1), expected);
    }

    #[test]
    fn a_raw_losing_answer_is_escaped() {
        // An answer with an escape sequence and a newline would otherwise
        // end the comment and become a command when the record replays.
        let r = GameResult {
            outcome: Outcome::BlackWins,
            reason: "why".into(),
            moves: Vec::new(),
            bad_answer: Some("\x1b[2J\nquit".into()),
            answers: Vec::new(),
        };
        let h = Header {
            number: 1,
            games: 1,
            white: "w",
            black: "b",
            start: &Position::start(),
        };
        let text = script(&h, &r, 0);
        assert!(
            text.contains("# losing answer: \\u{1b}[2J\\nquit\n"),
            "{text}"
        );
        assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 1);
    }

    #[test]
    fn agent_commands_are_comments_whatever_they_hold() {
        // Issue 41: a newline in an agent's command ended the `# white:`
        // comment, and the rest ran as a command when the record replayed.
        let r = GameResult {
            outcome: Outcome::Draw,
            reason: "ply limit".into(),
            moves: vec!["c2c3".parse().unwrap()],
            bad_answer: None,
            answers: Vec::new(),
        };
        let h = Header {
            number: 1,
            games: 1,
            white: "sh -c 'x'\nsave! /tmp/owned",
            black: "a\\b\r",
            start: &Position::start(),
        };
        let text = script(&h, &r, 0);
        assert!(
            text.contains("# white: sh -c 'x'\\nsave! /tmp/owned\n"),
            "{text}"
        );
        assert!(text.contains("# black: a\\\\b\\r\n"), "{text}");
        // Only the `fen` and the one `play` line are commands.
        let commands: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(commands.len(), 2, "{text}");
    }

    #[test]
    fn an_unwritable_place_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/match.bsh");
        let new = |p: &Path| Sink::new(p, Existing::default(), &[]);
        assert!(new(&missing).is_err());
        assert!(new(&dir.path().join("ok.bsh")).is_ok());
        // The probe leaves nothing behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
