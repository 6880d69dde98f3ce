//! Why a reviewed move is marked, in one line computed from the lines the
//! search returned, never written by hand: what the played move loses
//! within its refutation (`loses the giraffe: c6c5 takes it on c5`,
//! `allows d7d1, taking the lion`, `the elephant drowns`), or what the
//! better move wins (`missed d6d7, taking the lion`, `e3e4 wins a pawn`).
//!
//! A line is walked with the position's own move application
//! ([`Position::play`]'s [`MoveOutcome`](crate::congo::MoveOutcome):
//! captures and drownings by Congo's rules) from its first move to where
//! it is quiet: the first move always, then each next move while it
//! captures or drowns a piece. Material is counted at the engine's own
//! piece values ([`DEFAULT_VALUES`]); the lion is not material, its loss
//! ends the game and is said as such.

use super::chance::Value;
use crate::congo::search::DEFAULT_VALUES;
use crate::congo::{Color, Move, PieceKind, Position, Square};

/// A piece gone along a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone {
    /// Index into the line of the move that took or drowned it.
    pub ply: usize,
    pub mv: Move,
    pub owner: Color,
    pub kind: PieceKind,
    pub square: Square,
    /// Drowned (its owner's own move) rather than captured.
    pub drowned: bool,
}

/// A line walked to where it is quiet.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Walk {
    /// The pieces gone, in the order they went.
    pub gone: Vec<Gone>,
    /// How many moves of the line were walked.
    pub plies: usize,
}

/// The engine's value of a piece kind in centipawns (the lion: 0, it is
/// not material).
pub fn value_of(kind: PieceKind) -> i32 {
    DEFAULT_VALUES.get(kind.index()).copied().unwrap_or(0)
}

impl Walk {
    /// The material `side` gained along the walk (negative: lost), in
    /// centipawns, the lions left out.
    pub fn net(&self, side: Color) -> i32 {
        self.gone
            .iter()
            .map(|g| {
                let v = value_of(g.kind);
                if g.owner == side { -v } else { v }
            })
            .sum()
    }

    /// `side`'s lion gone along the walk, if it went.
    pub fn lion_of(&self, side: Color) -> Option<&Gone> {
        self.gone
            .iter()
            .find(|g| g.owner == side && g.kind == PieceKind::Lion)
    }

    /// `side`'s most valuable piece gone (the first among equals).
    fn biggest_of(&self, side: Color) -> Option<&Gone> {
        self.gone
            .iter()
            .filter(|g| g.owner == side && g.kind != PieceKind::Lion)
            .fold(None, |best: Option<&Gone>, g| match best {
                Some(b) if value_of(b.kind) >= value_of(g.kind) => Some(b),
                _ => Some(g),
            })
    }
}

/// Walk `line` from `pos`: its first move, then each next one while it
/// takes or drowns a piece (to the end when `whole`). An illegal move
/// ends the walk (not reached: lines come from the search).
pub fn walk(pos: &Position, line: &[Move], whole: bool) -> Walk {
    let mut p = pos.clone();
    let mut out = Walk::default();
    for (ply, &mv) in line.iter().enumerate() {
        let mover = p.side_to_move();
        let Ok(done) = p.play(mv) else {
            break;
        };
        let noisy = !done.captured.is_empty() || !done.drowned.is_empty();
        if ply > 0 && !noisy && !whole {
            break;
        }
        out.plies = ply + 1;
        let taken = done
            .captured
            .iter()
            .map(|&(square, piece)| (square, piece, !mover, false));
        let drowned = done
            .drowned
            .iter()
            .map(|&(square, piece)| (square, piece, mover, true));
        for (square, piece, owner, drowned) in taken.chain(drowned) {
            out.gone.push(Gone {
                ply,
                mv,
                owner,
                kind: piece.kind,
                square,
                drowned,
            });
        }
        if done.game_over() {
            break;
        }
    }
    out
}

/// Why a move is marked, as the review classes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// The mover had a forced win (a found lion capture or a table win)
    /// and the move played keeps none.
    MissedWin,
    /// The move walks into a forced loss from a position not lost.
    AllowsLoss,
    /// The only move (`!`): the best, and the second best loses at least
    /// [`ONLY_GAP`](super::review::ONLY_GAP).
    OnlyMove,
}

impl Note {
    /// How the review's row names it.
    pub fn text(self) -> &'static str {
        match self {
            Note::MissedWin => "missed win",
            Note::AllowsLoss => "allows a forced loss",
            Note::OnlyMove => "only move",
        }
    }
}

/// What a move gives away, from the line after it (`line`: the move, then
/// the search's best replies), or none when the walk loses nothing.
pub fn what_it_loses(pos: &Position, line: &[Move]) -> Option<String> {
    let mover = pos.side_to_move();
    let quiet = walk(pos, line, false);
    if let Some(lion) = quiet.lion_of(mover) {
        return Some(if lion.drowned {
            "the lion drowns".to_string()
        } else if lion.ply == 1 {
            format!("allows {}, taking the lion", lion.mv)
        } else {
            format!(
                "allows {}, taking the lion",
                moves_text(line.get(1..=lion.ply).unwrap_or_default())
            )
        });
    }
    if quiet.net(mover) < 0
        && let Some(g) = quiet.biggest_of(mover)
    {
        return Some(if g.drowned {
            format!("the {} drowns", g.kind.name())
        } else {
            format!(
                "loses the {}: {} takes it on {}",
                g.kind.name(),
                g.mv,
                g.square
            )
        });
    }
    None
}

/// What the better move wins along its line (`line`: the move, then the
/// replies), or none when the walk wins nothing.
pub fn what_it_wins(pos: &Position, line: &[Move]) -> Option<String> {
    let mover = pos.side_to_move();
    let best = line.first()?;
    let quiet = walk(pos, line, false);
    if let Some(lion) = quiet.lion_of(!mover) {
        return Some(if lion.ply == 0 {
            format!("missed {best}, taking the lion")
        } else {
            format!(
                "missed {}, taking the lion",
                moves_text(line.get(..=lion.ply).unwrap_or_default())
            )
        });
    }
    if quiet.net(mover) > 0
        && let Some(g) = quiet.biggest_of(!mover)
    {
        let article = if g.kind == PieceKind::Elephant {
            "an"
        } else {
            "a"
        };
        return Some(if g.ply == 0 {
            format!("{best} wins {article} {}", g.kind.name())
        } else {
            format!(
                "{best} wins {article} {}: {}",
                g.kind.name(),
                moves_text(line.get(..=g.ply).unwrap_or_default())
            )
        });
    }
    None
}

/// The line of a marked move: the lion lost or won first, then the
/// material the move loses, then what the better move wins, else the
/// chances the search gave (never empty).
///
/// `played`: the move and the search's line after it; `best`: the
/// engine's move and its line; the values from the mover's view.
pub fn why_bad(
    pos: &Position,
    note: Option<Note>,
    played: &[Move],
    best: &[Move],
    played_value: Value,
    best_value: Value,
) -> String {
    let mover = pos.side_to_move();
    let loses = what_it_loses(pos, played);
    let wins = what_it_wins(pos, best);
    let lion_lost = walk(pos, played, false).lion_of(mover).is_some();
    match note {
        Some(Note::MissedWin) => {
            if let Some(w) = wins.filter(|w| w.starts_with("missed")) {
                return w;
            }
            // The whole line, said to end with the capture when it does.
            let takes = walk(pos, best, true).lion_of(!mover).is_some();
            let tail = if takes { ", taking the lion" } else { "" };
            return format!("missed a forced win: {}{tail}", moves_text(best));
        }
        Some(Note::AllowsLoss) if !lion_lost => {
            let takes = walk(pos, played, true).lion_of(mover).is_some();
            let tail = if takes { ", taking the lion" } else { "" };
            return format!(
                "allows a forced loss: {}{tail}",
                moves_text(played.get(1..).unwrap_or_default())
            );
        }
        _ => {}
    }
    if let Some(l) = loses {
        return l;
    }
    if let Some(w) = wins {
        return w;
    }
    match best.first() {
        Some(b) => format!(
            "no material changes hands: {b} keeps {}, this move {}",
            chance_text(best_value),
            chance_text(played_value)
        ),
        None => format!("this move keeps {}", chance_text(played_value)),
    }
}

/// The line of an only move: what the next best (`second`: the move and
/// its line) gives away, else its chance against the best's.
pub fn why_only(pos: &Position, second: &[Move], second_value: Value, best_value: Value) -> String {
    let Some(m2) = second.first() else {
        return "the only move".to_string();
    };
    let what = what_it_loses(pos, second).unwrap_or_else(|| {
        format!(
            "falls to {} from {}",
            chance_text(second_value),
            chance_text(best_value)
        )
    });
    format!("the next best, {m2}, {what}")
}

/// A chance as the review shows it: whole percent.
fn chance_text(v: Value) -> String {
    let p = (v.chance.clamp(0.0, 1.0) * 100.0).round();
    // An estimate never reads 0% or 100% (as the review's column).
    let p = if v.exact { p } else { p.clamp(1.0, 99.0) };
    format!("{p:.0}%")
}

/// Moves in notation, separated by blanks.
fn moves_text(line: &[Move]) -> String {
    let names: Vec<String> = line.iter().map(ToString::to_string).collect();
    names.join(" ")
}
