//! What the prompt offers as you type: completions and usage hints, as pure
//! functions of the line (the rustyline glue lives in `repl`).

use crate::congo::{PieceKind, Position, legal_moves, move_count_up_to};
use crate::shell::command::Command;
use crate::shell::commands::session::{HELP_CONGO, HELP_YUT};
use crate::shell::commands::{self, Complete, Keyword};
use crate::shell::parse::parse_segment;
use crate::shell::parse::segments;
use crate::shell::settings::Setting;
use crate::shell::words;
use crate::yut::{Phase, Play, Throw, TokenState};

mod path;

pub use path::complete_path;
use path::path_start;

/// What Tab should complete at the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from this byte offset with one of these words.
    Words(usize, Vec<String>),
    /// Complete the file-name argument that starts at this byte offset
    /// (see [`complete_path`]).
    Path(usize),
}

/// All 16 throws, in F/B order.
fn throws() -> Vec<String> {
    (0..16u8)
        .map(|bits| {
            (0..4)
                .map(|i| if bits & (8 >> i) != 0 { 'B' } else { 'F' })
                .collect()
        })
        .collect()
}

/// The text of the command being typed: after the last `;` before `pos`
/// that is outside quotes (the parser's own splitting rule).
fn current(line: &str, pos: usize) -> (usize, &str) {
    let before = line.get(..pos).unwrap_or(line);
    let mut start = 0;
    while let Some((i, b';')) = before.get(start..).and_then(words::split_point) {
        start += i + 1;
    }
    (start, before.get(start..).unwrap_or(""))
}

/// Whether the command text `seg` has reached a `#` comment.
fn in_comment(seg: &str) -> bool {
    matches!(words::split_point(seg), Some((_, b'#')))
}

/// What the registry says completes at argument `index` (0-based) of the
/// command `keyword`; a path argument goes on to the end of the command.
fn arg_completion(keyword: &str, index: usize) -> Option<Complete> {
    let (kw, _) = Keyword::find(keyword)?;
    let args = kw.spec().args;
    match args.get(index) {
        Some(a) => Some(a.complete),
        None => args
            .last()
            .map(|a| a.complete)
            .filter(|c| *c == Complete::Path),
    }
}

/// The position the command starting at byte `seg_start` of `line` sees:
/// `position` with the line's earlier `play` commands replayed (up to the
/// first one that does not parse or is not legal).
fn position_at(line: &str, seg_start: usize, position: &Position) -> Position {
    let mut pos = position.clone();
    let before = line.get(..seg_start).unwrap_or("");
    for seg in segments(before) {
        match parse_segment(before, seg) {
            Ok(Some(cmd)) => {
                if let Command::Play(mv) = cmd.command
                    && pos.play(mv).is_err()
                {
                    break;
                }
            }
            Ok(None) => {}
            Err(_) => break,
        }
    }
    pos
}

/// The legal moves of `position` in notation (`e2e3`), or with `-`
/// between the squares (`e2-e3`) when `dashed`; none when there are
/// absurdly many (a hand-made position), as the prompt must stay quick.
fn move_names(position: &Position, dashed: bool) -> Vec<String> {
    const LIMIT: u64 = crate::congo::moves::budget::LISTED_MOVES;
    if move_count_up_to(position, LIMIT) >= LIMIT {
        return Vec::new();
    }
    legal_moves(position)
        .iter()
        .map(|mv| {
            if dashed {
                let squares: Vec<String> = mv.squares().map(|s| s.to_string()).collect();
                squares.join("-")
            } else {
                mv.to_string()
            }
        })
        .collect()
}

/// What the command being typed sees: its words so far, the word under
/// the cursor, the position it would be played in, and the Yut game.
struct At<'a> {
    words: &'a [&'a str],
    partial: &'a str,
    position: &'a Position,
    yut: &'a Play,
    retry: Option<&'a Position>,
}

/// The session's two games, as the prompt completes from them.
#[derive(Clone, Copy, Debug)]
pub struct Games<'a> {
    /// The Congo position: `play` and `moves` complete from it.
    pub position: &'a Position,
    /// The Yut game: `move` completes its tokens and pending throws.
    pub yut: &'a Play,
    /// The position of the `retry` (or `drill`) under way, if one is:
    /// `retry` and `drill` complete its legal moves.
    pub retry: Option<&'a Position>,
}

/// The tokens `move` offers (those the game plays: `set tokens`): the
/// team to move's that can still move;
/// once the game is over, every token not escaped (free turns work).
fn tokens_to_move(yut: &Play) -> Vec<String> {
    let game = yut.game();
    let team = match yut.phase() {
        Phase::Over(_) => None,
        Phase::Throw(t) | Phase::Move(t) => Some(t),
    };
    game.tokens_in_play()
        .filter(|t| team.is_none_or(|team| t.team() == team))
        .filter(|t| game.state(*t) != TokenState::Escaped)
        .map(|t| t.to_string())
        .collect()
}

/// What `move TOKEN` offers next: the pending throws by name, else the
/// 16 throws of a free turn.
fn pending_or_throws(yut: &Play) -> Vec<String> {
    if yut.pending().is_empty() {
        throws()
    } else {
        yut.pending()
            .distinct()
            .map(|r| r.name().to_string())
            .collect()
    }
}

/// The words a completion entry offers.
fn offered(complete: Complete, at: &At<'_>) -> Vec<String> {
    let owned = |list: &[&str]| list.iter().map(|w| (*w).to_string()).collect();
    match complete {
        Complete::Nothing | Complete::Path => Vec::new(),
        Complete::Words(list) | Complete::ExactWords(list) => owned(list),
        Complete::Throws => throws(),
        Complete::PieceKinds => kinds(),
        Complete::KindsAndSquares => {
            let side = at.position.by_color(at.position.side_to_move());
            let mut out = kinds();
            out.extend(side.map(|sq| sq.to_string()));
            out
        }
        Complete::LegalMoves => move_names(at.position, at.partial.contains('-')),
        Complete::DrillMoves => {
            let mut out = ["stop", "stats", "forget"].map(str::to_string).to_vec();
            if let Some(p) = at.retry {
                out.extend(move_names(p, at.partial.contains('-')));
            }
            out
        }
        Complete::RetryMoves => {
            let mut out = vec!["stop".to_string()];
            if let Some(p) = at.retry {
                out.extend(move_names(p, at.partial.contains('-')));
            }
            out
        }
        Complete::Keywords => commands::names().map(str::to_string).collect(),
        Complete::HelpTopics => [HELP_CONGO, HELP_YUT]
            .into_iter()
            .chain(commands::names())
            .map(str::to_string)
            .collect(),
        Complete::TokensToMove => tokens_to_move(at.yut),
        Complete::PendingOrThrows => pending_or_throws(at.yut),
        Complete::Settings => Setting::ALL.iter().map(|s| s.name().to_string()).collect(),
        Complete::SettingValue => at
            .words
            .get(1)
            .and_then(|name| Setting::find(name))
            .map(|s| owned(s.completions()))
            .unwrap_or_default(),
    }
}

/// The Congo piece kind names.
fn kinds() -> Vec<String> {
    PieceKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect()
}

/// `f` on the games of `position` and a fresh Yut game, no retry (tests).
#[cfg(test)]
fn in_fresh_yut<T>(position: &Position, f: impl FnOnce(Games<'_>) -> T) -> T {
    f(Games {
        position,
        yut: &Play::default(),
        retry: None,
    })
}

/// Candidates for the word under the cursor in `line`; `position` is the
/// session's Congo position (moves after `play` are those of it after the
/// line's earlier `play` commands), the Yut game a fresh one (tests).
#[cfg(test)]
pub fn complete(line: &str, pos: usize, position: &Position) -> Completion {
    in_fresh_yut(position, |games| complete_in(line, pos, games))
}

/// Candidates for the word under the cursor in `line`, in the session's
/// two games: moves after `play` are those of the Congo position after
/// the line's earlier `play` commands; `move` offers the Yut tokens of the
/// team to move, then its pending throws.
pub fn complete_in(line: &str, pos: usize, games: Games<'_>) -> Completion {
    let position = games.position;
    let (seg_start, seg) = current(line, pos);
    if in_comment(seg) {
        return Completion::Words(pos, Vec::new());
    }
    if let Some(start) = path_start(seg) {
        return Completion::Path(seg_start + start);
    }
    let word_start = seg.rfind([' ', '\t']).map_or(0, |i| i + 1);
    let partial = seg.get(word_start..).unwrap_or("");
    let start = seg_start + word_start;
    let words: Vec<&str> = seg.split_whitespace().collect();
    let index = if partial.is_empty() {
        words.len()
    } else {
        words.len().saturating_sub(1)
    };
    let (options, fold) = match (index, words.first()) {
        (0, _) => (commands::names().map(str::to_string).collect(), true),
        (_, Some(keyword)) => match arg_completion(keyword, index - 1) {
            Some(c) => (
                offered(
                    c,
                    &At {
                        words: &words,
                        partial,
                        position: &position_at(line, seg_start, position),
                        yut: games.yut,
                        retry: games.retry,
                    },
                ),
                !matches!(c, Complete::ExactWords(_) | Complete::TokensToMove),
            ),
            None => (Vec::new(), true),
        },
        (_, None) => (Vec::new(), true),
    };
    let matches = options
        .into_iter()
        .filter(|o| {
            if fold {
                o.to_ascii_lowercase()
                    .starts_with(&partial.to_ascii_lowercase())
            } else {
                o.starts_with(partial)
            }
        })
        .collect();
    Completion::Words(start, matches)
}

/// The words Tab offers at `pos` of `line` (from [`complete_in`]) as pairs
/// of what the list shows and what is inserted: a word completed uniquely
/// is followed by a blank, as a shell's Tab does, so the next argument can
/// be typed at once (unless a blank already follows the cursor). Several
/// words insert only what they share, so they get none.
pub fn with_blank(line: &str, pos: usize, words: Vec<String>) -> Vec<(String, String)> {
    let blank_follows = line
        .get(pos..)
        .is_some_and(|rest| rest.starts_with([' ', '\t']));
    let unique = words.len() == 1;
    words
        .into_iter()
        .map(|w| {
            let replacement = if unique && !blank_follows {
                format!("{w} ")
            } else {
                w.clone()
            };
            (w, replacement)
        })
        .collect()
}

/// A greyed usage hint for the command being typed, shown after the cursor
/// at the end of the line: the rest of a uniquely typed keyword, then its
/// arguments; after an argument and a blank, the usage of what comes next.
/// `None` when there is nothing useful to say. The Yut game is a fresh
/// one (tests).
#[cfg(test)]
pub fn hint(line: &str, pos: usize, position: &Position) -> Option<String> {
    in_fresh_yut(position, |games| hint_in(line, pos, games))
}

/// A greyed usage hint for the command being typed (see `hint`), in the
/// session's two games: after `move A ` it names the pending throws.
pub fn hint_in(line: &str, pos: usize, games: Games<'_>) -> Option<String> {
    if pos < line.len() {
        return None;
    }
    let (_, seg) = current(line, pos);
    let seg = seg.trim_start();
    if seg.is_empty() || in_comment(seg) {
        return None;
    }
    let (word, rest) = match seg.split_once([' ', '\t']) {
        Some((w, r)) => (w, Some(r)),
        None => (seg, None),
    };
    match rest {
        None => {
            let (kw, name) = match Keyword::find(word) {
                Some(found) => found,
                None => {
                    let lower = word.to_ascii_lowercase();
                    let mut found = commands::names().filter(|n| n.starts_with(&lower));
                    let name = found.next()?;
                    if found.next().is_some() {
                        return None;
                    }
                    Keyword::find(name)?
                }
            };
            let spec = kw.spec();
            let tail = name.get(word.len()..).unwrap_or("");
            if spec.usage.is_empty() {
                (!tail.is_empty()).then(|| tail.to_string())
            } else {
                Some(format!("{tail} {}", spec.usage))
            }
        }
        Some(r) if r.is_empty() || r.ends_with([' ', '\t']) => {
            // Right after a blank: the next argument's usage.
            let (kw, _) = Keyword::find(word)?;
            let typed = r.split_whitespace().count();
            let arg = kw.spec().args.get(typed)?;
            Some(match arg.complete {
                Complete::Throws => format!("{}: {}", arg.hint, throw_values()),
                Complete::PendingOrThrows if !games.yut.pending().is_empty() => {
                    format!("{}: pending {}", arg.hint, games.yut.pending())
                }
                Complete::PendingOrThrows => format!("{}: {}", arg.hint, throw_values()),
                _ => arg.hint.to_string(),
            })
        }
        Some(r) => {
            // Inside an argument: the rest of it, when only one fits.
            let partial = r.rsplit([' ', '\t']).next().unwrap_or(r);
            match complete_in(line, pos, games) {
                Completion::Words(_, options) => match options.as_slice() {
                    [only] => only
                        .get(partial.len()..)
                        .filter(|tail| !tail.is_empty())
                        .map(str::to_string),
                    _ => None,
                },
                Completion::Path(_) => None,
            }
        }
    }
}

/// The throws that give 1 to 5 steps, as `FBBB=1 ... BBBB=5`: what a
/// throw argument's hint lists.
fn throw_values() -> String {
    let values: Vec<String> = (1..=5)
        .filter_map(|steps| Throw::from_steps(steps).map(|t| format!("{t}={steps}")))
        .collect();
    values.join(" ")
}

/// Byte ranges of the keywords in `line` (first word of each command),
/// for highlighting; `true` when the keyword is known, or the command is
/// a Congo move alone (`e2e3` plays it).
pub fn keywords(line: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    for seg in segments(line) {
        let offset = (seg.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
        let lead = seg.len() - seg.trim_start().len();
        let mut words = seg.split_whitespace();
        if let Some(word) = words.next() {
            let bare_move = words.next().is_none() && crate::congo::moves::parse_move(word).is_ok();
            out.push((
                offset + lead,
                word.len(),
                Keyword::find(word).is_some() || bare_move,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests;
