//! The openings of a match: short random move sequences from the start
//! position, fixed by a seed, all different, none ending the game.

use super::rng::Rng;
use crate::congo::moves::{legal_moves, status};
use crate::congo::{Move, Position, Status};

/// How many tries a distinct opening gets before duplicates are allowed.
const TRIES: u32 = 1000;

/// `count` openings of `plies` moves each, the same for the same seed.
pub fn openings(seed: u64, count: usize, plies: u32) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Vec<Move>> = Vec::with_capacity(count);
    while out.len() < count {
        let mut tries = 0;
        let line = loop {
            tries += 1;
            let line = random_line(&mut rng, plies);
            if tries >= TRIES || !out.contains(&line) {
                break line;
            }
        };
        out.push(line);
    }
    out
}

/// One random line that leaves the game going (or shorter, if every try
/// of a ply ended the game, which the start position never forces).
fn random_line(rng: &mut Rng, plies: u32) -> Vec<Move> {
    let mut pos = Position::start();
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        // Prefer a move after which the game goes on.
        let mut chosen = None;
        for _ in 0..8 {
            let Some(&mv) = moves.get(rng.below(moves.len())) else {
                break;
            };
            if pos
                .after(mv)
                .is_ok_and(|next| status(&next) == Status::Continue)
            {
                chosen = Some(mv);
                break;
            }
        }
        let Some(mv) = chosen else { break };
        if pos.play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_distinct_and_legal() {
        let a = openings(5, 20, 4);
        assert_eq!(a, openings(5, 20, 4));
        assert_ne!(a, openings(6, 20, 4));
        for (i, line) in a.iter().enumerate() {
            assert_eq!(line.len(), 4);
            assert!(!a[..i].contains(line));
            let mut pos = Position::start();
            for mv in line {
                pos.play(*mv).unwrap();
            }
            assert_eq!(status(&pos), Status::Continue);
        }
    }
}
