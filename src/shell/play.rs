//! The Congo move commands' logic: `moves`, `play`, `status`, `perft`,
//! `divide` — checking a typed move against the position and saying what
//! happened, in words.

use super::command::MovesFilter;
use crate::congo::moves::{
    Move, MoveOutcome, Status, divide, legal_moves, move_count_up_to, status,
};
use crate::congo::{Piece, Position, Square};

/// The most legal moves the shell will list or search through. A set-up
/// position can give a monkey astronomically many jump paths (each a move);
/// past this many the move commands refuse instead of hanging.
pub const MOVE_LIMIT: u64 = 1_000_000;

/// An explanation when `pos` has more than [`MOVE_LIMIT`] legal moves.
pub fn too_many_moves(pos: &Position) -> Option<String> {
    (move_count_up_to(pos, MOVE_LIMIT) >= MOVE_LIMIT).then(|| {
        format!(
            "this position has over {MOVE_LIMIT} legal moves (monkey jump paths); \
             boardsh will not list or search them"
        )
    })
}

/// The legal moves passing `filter`, sorted as strings, space-separated.
pub fn moves_line(pos: &Position, filter: MovesFilter) -> String {
    let mut names: Vec<String> = legal_moves(pos)
        .into_iter()
        .filter(|mv| match filter {
            MovesFilter::All => true,
            MovesFilter::From(sq) => mv.from() == sq,
            MovesFilter::Kind(kind) => pos.piece_at(mv.from()).is_some_and(|p| p.kind == kind),
        })
        .map(|mv| mv.to_string())
        .collect();
    names.sort_unstable();
    names.join(" ")
}

/// Why a typed move cannot be played, in words that help fix it.
pub fn why_illegal(pos: &Position, mv: Move) -> Option<String> {
    let st = status(pos);
    if st.is_over() {
        return Some(match st {
            Status::GameOver => "the game is over: there are no lions".to_string(),
            st => format!("the game is over: {st}"),
        });
    }
    let side = pos.side_to_move();
    let from = mv.from();
    let piece = match pos.piece_at(from) {
        None => return Some(format!("there is no piece on {from}")),
        Some(p) if p.color != side => {
            return Some(format!("{from} holds a {p}, and it is {side} to move"));
        }
        Some(p) => p,
    };
    if let Some(why) = too_many_moves(pos) {
        return Some(why);
    }
    let legal = legal_moves(pos);
    if legal.contains(&mv) {
        return None;
    }
    let mut own: Vec<String> = legal
        .iter()
        .filter(|m| m.from() == from)
        .map(Move::to_string)
        .collect();
    own.sort_unstable();
    Some(if own.is_empty() {
        format!("`{mv}` is not legal: the {piece} on {from} has no legal move")
    } else {
        format!(
            "`{mv}` is not legal: the {piece} on {from} can play {}",
            own.join(" ")
        )
    })
}

/// `Continue`, `White wins`, `Black wins` or `Game over`.
pub fn describe_status(st: Status) -> String {
    st.to_string()
}

fn piece_list(items: &[(Square, Piece)]) -> String {
    let parts: Vec<String> = items.iter().map(|(sq, p)| format!("{p} on {sq}")).collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One summary line for a played move, e.g.
/// `b1d3f5: white monkey, captures black pawn on c2 and black pawn on e4`.
pub fn summary(outcome: &MoveOutcome, after: &Position) -> String {
    let mut line = format!("{}: {}", outcome.mv, outcome.piece);
    if !outcome.captured.is_empty() {
        line.push_str(", captures ");
        line.push_str(&piece_list(&outcome.captured));
    }
    if outcome.promoted {
        line.push_str(", promotes to superpawn");
    }
    if !outcome.drowned.is_empty() {
        line.push_str(", drowns ");
        line.push_str(&piece_list(&outcome.drowned));
    }
    let st = status(after);
    if st.is_over() {
        line.push_str("; ");
        line.push_str(&describe_status(st));
    }
    line
}

/// `divide`: each root move with its count, sorted, then the total.
pub fn divide_text(pos: &Position, depth: u32) -> String {
    let mut rows: Vec<(String, u64)> = divide(pos, depth)
        .into_iter()
        .map(|(mv, n)| (mv.to_string(), n))
        .collect();
    rows.sort_unstable();
    let total: u64 = rows.iter().map(|(_, n)| n).sum();
    let mut out = String::new();
    for (mv, n) in rows {
        out.push_str(&format!("{mv}: {n}\n"));
    }
    out.push_str(&format!("total: {total}\n"));
    out
}
