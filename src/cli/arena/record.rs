//! Games recorded as boardsh command scripts (`--pgn`): `fen` with the
//! start position, then one `play` line per move, and comments saying who
//! played and how it ended, so `boardsh FILE` replays the game. A losing
//! bad answer is kept as a comment (it would not play). Files are written
//! whole to a temporary name and renamed, so a reader never sees half.

use super::game::GameResult;
use super::reader::shown;
use crate::congo::Position;
use std::fmt::Write as _;
use std::fs;
use std::io;
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
    let _ = writeln!(s, "# white: {}", h.white);
    let _ = writeln!(s, "# black: {}", h.black);
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

/// Where the records go.
#[derive(Clone, Debug)]
pub enum Sink {
    /// One file per game in this directory.
    Dir(PathBuf),
    /// Every game in one file.
    File(PathBuf),
}

impl Sink {
    /// A directory if `path` is one or ends in `/`, else a file; checked
    /// by writing and removing a temporary file where the records will go,
    /// so an unwritable place is found before the first game.
    ///
    /// # Errors
    ///
    /// A directory that cannot be created or written to.
    pub fn new(path: &Path) -> io::Result<Sink> {
        let text = path.to_string_lossy();
        let (sink, probe) = if path.is_dir() || text.ends_with('/') {
            fs::create_dir_all(path)?;
            (Sink::Dir(path.to_path_buf()), path.join("probe"))
        } else {
            (Sink::File(path.to_path_buf()), path.to_path_buf())
        };
        let tmp = temp_name(&probe);
        fs::write(&tmp, "")?;
        fs::remove_file(&tmp)?;
        Ok(sink)
    }

    /// Where game `number` is written.
    pub fn path(&self, number: u64) -> PathBuf {
        match self {
            Sink::Dir(dir) => dir.join(format!("game-{number:03}.bsh")),
            Sink::File(file) => file.clone(),
        }
    }

    /// Record game `number`; `all` holds every script so far, this one last.
    ///
    /// # Errors
    ///
    /// A file that cannot be written.
    pub fn write(&self, number: u64, all: &[String]) -> io::Result<()> {
        match self {
            Sink::Dir(_) => {
                let text = all.last().map_or("", String::as_str);
                write_atomic(&self.path(number), text)
            }
            Sink::File(file) => write_atomic(file, &all.join("\n")),
        }
    }
}

/// The temporary name beside `path` that [`write_atomic`] uses.
fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
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
    fn an_unwritable_place_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no/such/dir/match.bsh");
        assert!(Sink::new(&missing).is_err());
        assert!(Sink::new(&dir.path().join("ok.bsh")).is_ok());
        // The probe leaves nothing behind.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
