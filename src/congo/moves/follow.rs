//! Whether a position continues a game: for a referee that sends each
//! position as a bare FEN, an agent keeps the game's history (and so sees
//! repetitions coming) when the new position is the current one, or one
//! or two plies on from it.

use super::Move;
use super::movegen::legal_moves;
use crate::congo::{Game, Position};

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

/// The moves that lead from `current` to `next`: none when it is the same
/// position, else one or two legal moves (the first such line found).
/// `None`: `next` does not continue `current`.
fn path_to(current: &Position, next: &Position) -> Option<Vec<Move>> {
    if same(current, next) {
        return Some(Vec::new());
    }
    let firsts: Vec<(Move, Position)> = legal_moves(current)
        .into_iter()
        .filter_map(|m| current.after(m).ok().map(|p| (m, p)))
        .collect();
    if let Some((m, _)) = firsts.iter().find(|(_, p)| same(p, next)) {
        return Some(vec![*m]);
    }
    let mut seen = 0;
    for (first, mid) in &firsts {
        for m in legal_moves(mid) {
            seen += 1;
            if seen > TWO_PLY_LIMIT {
                return None;
            }
            if mid.after(m).is_ok_and(|p| same(&p, next)) {
                return Some(vec![*first, m]);
            }
        }
    }
    None
}

/// The history of `next` (Zobrist keys of the positions before it, oldest
/// first) if it continues the game of `current` with `history`: `next` is
/// `current`, or follows it by one or two legal moves (the first such line
/// found). `None`: `next` starts a new history. Kept for its tests, which
/// pin down what counts as a continuation.
#[cfg(test)]
pub fn continued_history(current: &Position, history: &[u64], next: &Position) -> Option<Vec<u64>> {
    let path = path_to(current, next)?;
    let mut h = history.to_vec();
    let mut pos = current.clone();
    for m in path {
        h.push(pos.zobrist());
        pos = pos.after(m).ok()?;
    }
    Some(h)
}

/// Continue `game` to `next` when `next` is its position or one or two
/// plies on (the same test as `continued_history`); `false` (and `game` unchanged)
/// when it is not.
pub fn continue_game(game: &mut Game, next: &Position) -> bool {
    let Some(path) = path_to(game.position(), next) else {
        return false;
    };
    let before = game.plies();
    for m in path {
        if game.play(m).is_err() {
            while game.plies() > before && game.undo().is_some() {}
            return false;
        }
    }
    true
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

    #[test]
    fn a_game_continues_to_a_position_two_plies_on_or_stays_as_it_was() {
        let start = Position::start();
        let two = play(&play(&start, "c2c3"), "c6c5");
        let mut game = Game::new(start.clone());
        assert!(continue_game(&mut game, &two));
        assert_eq!(game.plies(), 2);
        assert_eq!(game.keys().len(), 2);
        // Not a continuation: the game is left alone.
        assert!(!continue_game(&mut game, &start));
        assert_eq!(game.plies(), 2);
    }
}
