//! The openings of a match: short random move sequences from the start
//! position, fixed by a seed, all different, none ending the game and
//! none leaving a lion that the side to move can take at once (such an
//! opening decides its two games by the colour alone).

use crate::congo::moves::{legal_moves, status};
use crate::congo::{Move, Position, Status};
use crate::rng::Rng;
use std::collections::HashSet;

/// How many tries a distinct opening gets before duplicates are allowed.
const TRIES: u32 = 1000;

/// How many openings are remembered to keep later ones distinct: beyond
/// that, a run of millions of games repeats some (as it must with short
/// openings), and memory stays bounded.
const REMEMBERED: usize = 100_000;

/// The openings of a seed, made one at a time as the match needs them
/// (a match of millions of games starts at once): the same sequence for
/// the same seed and plies, each checked against the ones before in
/// constant time.
#[derive(Clone, Debug)]
pub struct Openings {
    rng: Rng,
    plies: u32,
    seen: HashSet<Vec<Move>>,
}

impl Openings {
    /// The openings of `plies` moves each for `seed`.
    pub fn new(seed: u64, plies: u32) -> Openings {
        Openings {
            rng: Rng::new(seed),
            plies,
            seen: HashSet::new(),
        }
    }
}

impl Iterator for Openings {
    type Item = Vec<Move>;

    fn next(&mut self) -> Option<Vec<Move>> {
        let mut tries = 0;
        let line = loop {
            tries += 1;
            let line = random_line(&mut self.rng, self.plies);
            let fresh = !self.seen.contains(&line) && !lion_hangs(&line);
            if tries >= TRIES || fresh {
                break line;
            }
        };
        if self.seen.len() < REMEMBERED {
            self.seen.insert(line.clone());
        }
        Some(line)
    }
}

/// `count` openings of `plies` moves each, the same for the same seed.
pub fn openings(seed: u64, count: usize, plies: u32) -> Vec<Vec<Move>> {
    Openings::new(seed, plies).take(count).collect()
}

/// Whether the side to move after `line` can capture the enemy lion.
fn lion_hangs(line: &[Move]) -> bool {
    let mut pos = Position::start();
    for mv in line {
        if pos.play(*mv).is_err() {
            return false;
        }
    }
    let enemy = !pos.side_to_move();
    legal_moves(&pos)
        .into_iter()
        .any(|mv| pos.after(mv).is_ok_and(|next| next.lion(enemy).is_none()))
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
        // Seed 1's first 100 random lines include some that leave a lion
        // en prise (a 0.1 s match saw games won by a capture at ply 5).
        let a = openings(1, 100, 4);
        assert_eq!(a, openings(1, 100, 4));
        assert_ne!(a, openings(6, 100, 4));
        for (i, line) in a.iter().enumerate() {
            assert_eq!(line.len(), 4);
            assert!(!a[..i].contains(line));
            let mut pos = Position::start();
            for mv in line {
                pos.play(*mv).unwrap();
            }
            assert_eq!(status(&pos), Status::Continue);
            // No immediate lion capture for the side to move.
            let enemy = !pos.side_to_move();
            for mv in legal_moves(&pos) {
                assert!(pos.after(mv).unwrap().lion(enemy).is_some(), "{pos} {mv}");
            }
        }
    }
}
