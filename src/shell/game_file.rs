//! A Congo game read from a boardsh script, for `review FILE`: what `save`
//! writes and what `match --pgn` records are command scripts (`fen` with
//! the start, then a `play` line a move). Each line is read by the shell's
//! own parser; `fen`, `reset`, `reset congo` and `new congo` start a game,
//! `play` plays a move under the `set rules` in force, refused as the
//! `play` command refuses it (the same checks: an ended game, an illegal
//! move, a position over the move budget); other commands
//! (settings, the Yut game's) are passed over. A file that does not parse,
//! plays an illegal move, or holds no Congo move or several games is
//! refused, naming the line.

use super::command::{Command, NewGame, ResetTarget};
use super::parse::parse_line;
use super::session::play_checked;
use super::settings::Change;
use crate::congo::moves::{Illegal, IllegalMove};
use crate::congo::{Game, Position, Rules};

/// The one Congo game of `text` (played under `rules` until a `set rules`
/// line changes them).
///
/// # Errors
///
/// Why the text is not one Congo game, with the line (from 1) it is seen.
pub fn congo_game(text: &str, mut rules: Rules) -> Result<Game, String> {
    let mut game = Game::new(Position::start());
    // The games with moves finished before the current one (a `match
    // --pgn` file appends a game after another).
    let mut done: Option<(Game, usize)> = None;
    let mut first_line = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.strip_prefix('\u{feff}').unwrap_or(line);
        let commands = parse_line(line).map_err(|e| format!("line {n}: {}", e.kind))?;
        for cmd in commands {
            let start = match &cmd.command {
                Command::SetFen(pos) => Some((**pos).clone()),
                Command::Reset(ResetTarget::Both | ResetTarget::Congo)
                | Command::New(NewGame::Congo(_)) => Some(Position::start()),
                Command::Set(Some(Change::Rules(r))) => {
                    rules = *r;
                    None
                }
                Command::Play(mv) => {
                    if game.moves().len() == 0 {
                        first_line = n;
                    }
                    play_checked(&mut game, rules, *mv).map_err(|why| match why {
                        // The position, not the move: `play`'s words.
                        Illegal::TooManyMoves => format!("line {n}: {why}"),
                        // A record's bad move, in the reader's short words.
                        _ => format!("line {n}: {}", IllegalMove(*mv)),
                    })?;
                    None
                }
                _ => None,
            };
            if let Some(pos) = start {
                if game.moves().len() > 0 {
                    if let Some((_, at)) = done {
                        return Err(several(at, first_line));
                    }
                    done = Some((game, first_line));
                }
                game = Game::new(pos);
            }
        }
    }
    match done {
        Some((_, at)) if game.moves().len() > 0 => Err(several(at, first_line)),
        Some((g, _)) => Ok(g),
        None if game.moves().len() > 0 => Ok(game),
        None => Err("no Congo move in it (a game file has `play` lines)".to_string()),
    }
}

/// More than one game: where the first two begin.
fn several(first: usize, second: usize) -> String {
    format!(
        "it holds more than one Congo game (moves from line {first}, then from line {second}): one game a file (`match --pgn DIR` writes a file per game)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_game_reads_from_its_fen() {
        let text = "# saved\nreset\nset rules full\nfen 3l3/7/7/7/7/7/3L3 w 0\nthrow BFFB\nplay d1d2\nplay d7d2\nset seed 0+4\n";
        let g = congo_game(text, Rules::Full).unwrap();
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.start().to_string(), "3l3/7/7/7/7/7/3L3 w 0");
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        // d1d3 is two squares: not a lion's move here.
        let e = congo_game("fen 3l3/7/7/7/7/7/3L3 w 0\nplay d1d3\n", Rules::Full).unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        let e = congo_game("fen 3l3/7/7/7/7/7/3L3 w 0\nfrobnicate\n", Rules::Full).unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        let e = congo_game("set quiet on\n", Rules::Full).unwrap_err();
        assert!(e.starts_with("no Congo move"), "{e}");
        let two = "fen 3l3/7/7/7/7/7/3L3 w 0\nplay d1d2\nfen 3l3/7/7/7/7/7/3L3 w 0\nplay d1c1\n";
        let e = congo_game(two, Rules::Full).unwrap_err();
        assert!(e.contains("line 2, then from line 4"), "{e}");
        // A move from a position with over a million legal moves (White's
        // monkey on a1 and a lattice of black pawns to jump): `play`
        // refuses it, so the reader does, at its line, before listing them.
        let huge = "fen 1plp1pL/pppppp1/1p1p1pp/ccccccc/1p1p1p1/ppppppp/Mp1p1p1 w 1\nplay a1a3\nplay f7g6\n";
        let e = congo_game(huge, Rules::Full).unwrap_err();
        assert_eq!(
            e,
            format!("line 2: {}", crate::congo::moves::Illegal::TooManyMoves)
        );
        // A game then an empty start (a trailing `reset`) is one game.
        let one = "fen 3l3/7/7/7/7/7/3L3 w 0\nplay d1d2\nreset\n";
        assert_eq!(congo_game(one, Rules::Full).unwrap().moves().len(), 1);
    }
}
