//! Whether a position continues a game: for a referee that sends each
//! position as a bare FEN, an agent keeps the game's history (and so sees
//! repetitions coming) when the new position is the current one, or one
//! or two plies on from it.

use super::Move;
use super::budget::CONTINUE_MOVES;
use super::make::{Silent, apply};
use super::movegen::generate;
use super::sink::Sink;
use crate::congo::bitboard::Bitboard;
use crate::congo::square::Square;
use crate::congo::{Game, Position};

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

/// Collects moves while the shared budget lasts; `short` once a move had
/// to be left out (the list is then incomplete).
struct Budgeted<'a> {
    moves: Vec<Move>,
    left: &'a mut u64,
    short: bool,
}

impl Budgeted<'_> {
    fn take(&mut self, mv: Move) {
        if *self.left == 0 {
            self.short = true;
        } else {
            *self.left -= 1;
            self.moves.push(mv);
        }
    }
}

impl Sink for Budgeted<'_> {
    fn targets(&mut self, from: Square, targets: u64) {
        for to in Bitboard(targets) {
            self.take(Move::new(from, to));
        }
    }
    fn jump(&mut self, mv: Move) {
        self.take(mv);
    }
    fn done(&self) -> bool {
        self.short
    }
}

/// The legal moves of `pos`, charged to `left`; `None` once the budget
/// runs out before the list is complete.
fn moves_within(pos: &Position, left: &mut u64) -> Option<Vec<Move>> {
    let mut sink = Budgeted {
        moves: Vec::new(),
        left,
        short: false,
    };
    generate(pos, &mut sink);
    (!sink.short).then_some(sink.moves)
}

/// `pos` after `mv`, a move its generator gave (so no second legality
/// check, which would generate the whole list again per move).
fn after_generated(pos: &Position, mv: Move) -> Option<Position> {
    let mut next = pos.clone();
    apply(&mut next, &mv, &mut Silent)?;
    Some(next)
}

/// The moves that lead from `current` to `next`: none when it is the same
/// position, else one or two legal moves (the first such line found).
/// `None`: `next` does not continue `current`, or telling would generate
/// more than [`CONTINUE_MOVES`] moves over both plies (monkey paths can be
/// many), so `next` starts a new history.
fn path_to(current: &Position, next: &Position) -> Option<Vec<Move>> {
    if same(current, next) {
        return Some(Vec::new());
    }
    let mut left = CONTINUE_MOVES;
    let firsts = moves_within(current, &mut left)?;
    // Positions are made afresh in each pass, not kept: a list of them
    // for every monkey path would take far more memory than the moves.
    let one_ply = |m: &Move| after_generated(current, *m);
    if let Some(m) = firsts
        .iter()
        .find(|m| one_ply(m).is_some_and(|p| same(&p, next)))
    {
        return Some(vec![*m]);
    }
    for first in &firsts {
        let Some(mid) = one_ply(first) else { continue };
        for m in moves_within(&mid, &mut left)? {
            if after_generated(&mid, m).is_some_and(|p| same(&p, next)) {
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

    /// The position of issue 41: a white monkey with 96,900 jump paths.
    const LATTICE: &str = "3p2L/ppp1ppp/1p1p1p1/pppl1p1/1p3p1/pppp3/M2p1p1 w 0";

    #[test]
    fn a_position_with_more_moves_than_the_budget_starts_a_new_history() {
        let wide: Position = LATTICE.parse().unwrap();
        // Far more first moves than the budget (counted by the generator).
        assert!(crate::congo::moves::move_count(&wide) > CONTINUE_MOVES);
        // The start is not two plies on from it: no continuation.
        assert_eq!(path_to(&wide, &Position::start()), None);
        // One ply on is a real continuation, but telling it would take
        // more than the budget (the list is never complete), so the new
        // position starts its own history rather than costing a long wait.
        let mv = *crate::congo::moves::legal_moves(&wide).last().unwrap();
        let one = wide.after(mv).unwrap();
        assert_eq!(path_to(&wide, &one), None);
        // The same board needs no moves at all, whatever the budget.
        assert_eq!(path_to(&wide, &wide), Some(Vec::new()));
    }

    #[test]
    fn the_budget_covers_two_plies_of_ordinary_play() {
        // The last reply to the last first move is the last pair the search
        // looks at (every first move's replies are generated before it), so
        // the whole of two plies from the start fits in the budget.
        let start = Position::start();
        let moves = crate::congo::moves::legal_moves(&start);
        let first = *moves.last().unwrap();
        let mid = start.after(first).unwrap();
        let reply = *crate::congo::moves::legal_moves(&mid).last().unwrap();
        let two = mid.after(reply).unwrap();
        assert_eq!(path_to(&start, &two), Some(vec![first, reply]));
    }
}
