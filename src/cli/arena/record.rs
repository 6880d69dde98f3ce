//! Games recorded as boardsh command scripts (`--pgn`): `fen` with the
//! start position, then one `play` line per move, and comments saying who
//! played and how it ended, so `boardsh FILE` replays the game. A losing
//! bad answer is kept as a comment (it would not play). Files are written
//! whole to a temporary name and renamed, so a reader never sees half.

use super::game::GameResult;
use crate::congo::START_FEN;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Who played a recorded game.
pub struct Header<'a> {
    pub number: usize,
    pub games: usize,
    pub white: &'a str,
    pub black: &'a str,
}

/// The script of one game.
pub fn script(h: &Header<'_>, r: &GameResult, opening_plies: usize) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# game {} of {}", h.number, h.games);
    let _ = writeln!(s, "# white: {}", h.white);
    let _ = writeln!(s, "# black: {}", h.black);
    let _ = writeln!(s, "fen {START_FEN}");
    for (i, mv) in r.moves.iter().enumerate() {
        if i == opening_plies && i > 0 {
            let _ = writeln!(s, "# end of the opening");
        }
        let _ = writeln!(s, "play {mv}");
    }
    if let Some(bad) = &r.bad_answer {
        let _ = writeln!(s, "# losing answer: {}", bad.replace(['\r', '\n'], " "));
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
    /// A directory if `path` is one or ends in `/`, else a file.
    ///
    /// # Errors
    ///
    /// A directory that cannot be created.
    pub fn new(path: &Path) -> io::Result<Sink> {
        let text = path.to_string_lossy();
        if path.is_dir() || text.ends_with('/') {
            fs::create_dir_all(path)?;
            Ok(Sink::Dir(path.to_path_buf()))
        } else {
            Ok(Sink::File(path.to_path_buf()))
        }
    }

    /// Record game `number`; `all` holds every script so far, this one last.
    ///
    /// # Errors
    ///
    /// A file that cannot be written.
    pub fn write(&self, number: usize, all: &[String]) -> io::Result<()> {
        match self {
            Sink::Dir(dir) => {
                let text = all.last().map_or("", String::as_str);
                write_atomic(&dir.join(format!("game-{number:03}.bsh")), text)
            }
            Sink::File(file) => write_atomic(file, &all.join("\n")),
        }
    }
}

/// Write `text` to `path` through a temporary file in the same directory.
fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    fs::write(&tmp, text)?;
    fs::rename(&tmp, path).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
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
        };
        let expected = "# game 2 of 4\n# white: w cmd\n# black: b cmd\n\
            fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n\
            play c2c3\n# end of the opening\nplay c6c5\n\
            # losing answer: a1a7\n\
            # result 0-1 (white played `a1a7`, not a legal move)\n";
        assert_eq!(script(&h, &r, 1), expected);
    }
}
