//! Whether a position continues a game: for a referee that sends each
//! position as a bare FEN, an agent keeps the game's history (and so sees
//! repetitions coming) when the new position is the current one, or one
//! or two plies on from it.

use super::movegen::legal_moves;
use crate::congo::Position;

/// At most this many two-ply positions are looked at (monkey paths can be
/// many); past it only the one-ply step is recognised.
const TWO_PLY_LIMIT: usize = 20_000;

/// Whether two positions hold the same board and side to move (the move
/// number aside: referees count it differently).
fn same(a: &Position, b: &Position) -> bool {
    a.zobrist() == b.zobrist()
        && a.side_to_move() == b.side_to_move()
        && a.occupied() == b.occupied()
        && crate::congo::PieceKind::ALL
            .iter()
            .all(|&k| a.by_kind(k) == b.by_kind(k))
        && crate::congo::Color::ALL
            .iter()
            .all(|&c| a.by_color(c) == b.by_color(c))
}

/// The history of `next` (Zobrist keys of the positions before it, oldest
/// first) if it continues the game of `current` with `history`: `next` is
/// `current`, or follows it by one or two legal moves (the first such line
/// found). `None`: `next` starts a new history.
pub fn continued_history(current: &Position, history: &[u64], next: &Position) -> Option<Vec<u64>> {
    if same(current, next) {
        return Some(history.to_vec());
    }
    let extend = |keys: &[u64]| {
        let mut h = history.to_vec();
        h.extend_from_slice(keys);
        h
    };
    let firsts: Vec<Position> = legal_moves(current)
        .into_iter()
        .filter_map(|m| current.after(m).ok())
        .collect();
    if firsts.iter().any(|p| same(p, next)) {
        return Some(extend(&[current.zobrist()]));
    }
    let mut seen = 0;
    for mid in &firsts {
        for m in legal_moves(mid) {
            seen += 1;
            if seen > TWO_PLY_LIMIT {
                return None;
            }
            if mid.after(m).is_ok_and(|p| same(&p, next)) {
                return Some(extend(&[current.zobrist(), mid.zobrist()]));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(pos: &Position, mv: &str) -> Position {
        pos.after(mv.parse().unwrap()).unwrap()
    }

    #[test]
    fn zero_one_or_two_plies_on_keep_the_history() {
        let start = Position::start();
        let history = [7u64, 8];
        // The same position (move number aside) keeps the history as is.
        let mut same_board = start.clone();
        same_board.set_move_number(5);
        assert_eq!(
            continued_history(&start, &history, &same_board),
            Some(history.to_vec())
        );
        // One ply on: the current position joins the history.
        let one = play(&start, "c2c3");
        assert_eq!(
            continued_history(&start, &history, &one),
            Some(vec![7, 8, start.zobrist()])
        );
        // Two plies on: the current and the middle position join it.
        let two = play(&one, "c6c5");
        assert_eq!(
            continued_history(&start, &history, &two),
            Some(vec![7, 8, start.zobrist(), one.zobrist()])
        );
        // Three plies on, or a position of another game: a new history.
        let three = play(&two, "d2d3");
        assert_eq!(continued_history(&start, &history, &three), None);
        // Back from `one` to the start is not a forward step.
        assert_eq!(continued_history(&one, &history, &start), None);
    }
}
