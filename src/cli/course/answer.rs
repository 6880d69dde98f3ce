//! One case of a course task: its answer, or a located error.

use crate::congo::Rules;
use crate::congo::course::{Evaluation, SearchError, alphabeta, minimax};
use crate::congo::moves::{Illegal, Move, legal_moves, parse_move, too_many_moves, why_illegal};
use crate::congo::{PieceKind, Position, fen, status, write_listing};
use crate::interrupt::Interrupt;
use crate::shell::{ErrorKind, ShellError, Span};
use std::fmt::Write as _;

/// What `boardsh course` answers for each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Part 1: the piece listing (listings separated by a blank line).
    Listing,
    /// Part 2: the moves of one kind (or all) of the side to move, sorted.
    Moves(Option<PieceKind>),
    /// Part 3: the FEN after the move, then `Continue` / `White wins` /
    /// `Black wins`.
    Make,
    /// Part 4: the material evaluation.
    Eval,
    /// Part 4: negamax with the material evaluation.
    Minimax,
    /// Part 5: the advanced evaluation.
    EvalAdvanced,
    /// Part 5: fail-hard alpha-beta with the advanced evaluation.
    Alphabeta,
}

impl Task {
    /// Whether each case is two lines (a FEN, then a move).
    pub fn takes_move(self) -> bool {
        self == Task::Make
    }
}

/// How the cases are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub task: Task,
    pub rules: Rules,
    /// Whether the rules were chosen (`--year`): then their piece set is
    /// enforced on every position.
    pub strict: bool,
    /// `--depth`, for the searches.
    pub depth: Option<u32>,
    /// `--no-count`: no count line.
    pub no_count: bool,
}

impl Config {
    /// The depth of this task's search.
    pub fn search_depth(&self) -> u32 {
        self.depth.unwrap_or(match self.task {
            Task::Alphabeta => 4,
            _ => 2,
        })
    }
}

/// How many bytes of spaces and tabs start `text`.
fn lead(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

/// The byte offset in `fen` of the letter standing on the square with
/// (file, rank) indices `target`; `None` if the text does not reach it.
fn letter_offset(fen: &str, target: (u8, u8)) -> Option<usize> {
    let (mut file, mut rank) = (0u8, 6u8);
    for (i, c) in fen.char_indices() {
        match c {
            ' ' | '\t' => return None,
            '/' => {
                file = 0;
                rank = rank.checked_sub(1)?;
            }
            d if d.is_ascii_digit() => {
                file = file.saturating_add(u8::try_from(d.to_digit(10)?).ok()?);
            }
            _ => {
                if (file, rank) == target {
                    return Some(i);
                }
                file = file.saturating_add(1);
            }
        }
    }
    None
}

/// Read the FEN of a case, checking the year's piece set when asked.
///
/// # Errors
///
/// A located error: a bad FEN, or a piece the chosen rules do not have.
pub fn read_position(text: &str, cfg: &Config) -> Result<Position, ShellError> {
    let start = lead(text);
    let fen_text = text
        .get(start..)
        .unwrap_or("")
        .trim_end_matches([' ', '\t']);
    let pos = fen::parse(fen_text).map_err(|e| {
        let e = e.shifted(start);
        ShellError::new(Span::new(e.offset, e.len), ErrorKind::Fen(e.kind))
    })?;
    if cfg.strict
        && let Some((sq, piece)) = cfg.rules.foreign_piece(&pos)
    {
        let at = (sq.file().index(), sq.rank().index());
        let span = letter_offset(fen_text, at).map_or(Span::new(start, fen_text.len()), |i| {
            Span::new(start + i, 1)
        });
        let kind = ErrorKind::NotInRules {
            square: sq,
            piece,
            rules: cfg.rules,
        };
        return Err(ShellError::new(span, kind));
    }
    Ok(pos)
}

/// A search's failure as a located error on the FEN's line.
fn search_error(text: &str, e: SearchError) -> ShellError {
    let kind = match e {
        SearchError::Interrupted => ErrorKind::Interrupted,
        SearchError::TooManyMoves => ErrorKind::SearchTooBig,
    };
    ShellError::new(Span::new(lead(text), text.trim().len()), kind)
}

/// The answer of a one-line case (every task but `make`), with its final
/// newline; `listed` says how many listings came before (for the blank
/// line between them). The searches stop when `stop` says so (a located
/// `interrupted` error).
///
/// # Errors
///
/// A located error on the line.
pub fn answer_within(
    cfg: &Config,
    pos: &Position,
    text: &str,
    listed: u64,
    stop: &dyn Interrupt,
) -> Result<Vec<u8>, ShellError> {
    let mut out = Vec::with_capacity(64);
    let value = match cfg.task {
        Task::Listing => {
            if listed > 0 {
                out.push(b'\n');
            }
            write_listing(pos, &mut out);
            return Ok(out);
        }
        Task::Moves(kind) => {
            if let Some(why) = too_many_moves(pos) {
                let span = Span::new(lead(text), text.trim().len());
                return Err(ShellError::new(span, ErrorKind::Illegal(why)));
            }
            let mut line = String::new();
            for mv in legal_moves(pos) {
                if kind.is_none_or(|k| pos.piece_at(mv.from()).is_some_and(|p| p.kind == k)) {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    let _ = write!(line, "{mv}");
                }
            }
            line.push('\n');
            return Ok(line.into_bytes());
        }
        Task::Make => return Ok(out),
        Task::Eval | Task::EvalAdvanced => {
            let eval = if cfg.task == Task::Eval {
                Evaluation::Material
            } else {
                Evaluation::Advanced
            };
            minimax(pos, cfg.rules, 0, eval, stop)
        }
        Task::Minimax => minimax(
            pos,
            cfg.rules,
            cfg.search_depth(),
            Evaluation::Material,
            stop,
        ),
        Task::Alphabeta => alphabeta(
            pos,
            cfg.rules,
            cfg.search_depth(),
            Evaluation::Advanced,
            stop,
        ),
    }
    .map_err(|e| search_error(text, e))?
    .value;
    out.extend_from_slice(format!("{value}\n").as_bytes());
    Ok(out)
}

/// The answer of a `make` case: the FEN after `text`'s move, then the
/// game's state, each on its line.
///
/// # Errors
///
/// A located error on the move's line: not a move, or not legal here.
pub fn answer_make(cfg: &Config, pos: &Position, text: &str) -> Result<Vec<u8>, ShellError> {
    let start = lead(text);
    let word = text
        .get(start..)
        .unwrap_or("")
        .trim_end_matches([' ', '\t']);
    let mv: Move = parse_move(word).map_err(|e| {
        let e = e.shifted(start);
        ShellError::new(Span::new(e.offset, e.len), ErrorKind::Move(e.kind))
    })?;
    let span = Span::new(start, word.len());
    if let Some(why) = why_illegal(pos, mv) {
        return Err(ShellError::new(span, ErrorKind::Illegal(why)));
    }
    let mut after = pos.clone();
    after
        .play_under(mv, cfg.rules)
        .map_err(|e| ShellError::new(span, ErrorKind::Illegal(Illegal::Rejected(e))))?;
    Ok(format!("{after}\n{}\n", status(&after)).into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_found_by_square() {
        // `G` on a1 is the first letter of the last rank; `l` on d7 the
        // letter after `3` on the first.
        let fen = "3l3/7/7/7/7/7/G2L3 w 0";
        assert_eq!(letter_offset(fen, (0, 0)), Some(14));
        assert_eq!(letter_offset(fen, (3, 6)), Some(1));
        assert_eq!(letter_offset(fen, (1, 0)), None);
    }
}
