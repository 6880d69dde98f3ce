//! Candidates for the tactics suite (`tests/data/tactics.txt`), found in
//! random playouts from the start and proved by the test suite's own
//! prover (`tests/common/prover.rs`, no engine code).
//!
//!     cargo run --release -p boardsh-lab --bin gen_tactics -- SEED GAMES > candidates.txt
//!
//! Each line: `win N FEN` (the side to move wins within N of its moves and
//! not within N - 1) or `defend K MOVE FEN` (every move but MOVE lets the
//! enemy win within K; after MOVE it does not). Per playout at most one
//! position of each kind is kept, and each kind's total is capped, so the
//! positions come from many different games.

#[path = "../../../tests/common/prover.rs"]
mod prover;

use boardsh::congo::{Position, Status, legal_moves, status};
use clap::Parser;
use prover::Prover;
use std::collections::HashSet;

/// Wanted positions per kind: win in 1..=4, defend against 1 and 2.
const WANT: [usize; 6] = [16, 22, 18, 14, 12, 12];
/// Nodes a single proof may take before the candidate is skipped.
const BUDGET: u64 = 400_000;
/// How many positions before a game's end are examined.
const BACK: usize = 9;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn key(pos: &Position) -> String {
    let mut p = pos.clone();
    p.set_move_number(0);
    p.to_string()
}

/// Tactics candidates from random playouts, proved by the tests' prover.
#[derive(Parser)]
struct Args {
    /// The playouts' random seed.
    #[arg(default_value_t = 1)]
    seed: u64,
    /// The most playouts.
    #[arg(default_value_t = 2000)]
    games: u64,
}

fn main() {
    let Args { seed, games } = Args::parse();
    let mut rng = Rng(seed);
    let mut have = [0usize; 6];
    let mut seen = HashSet::new();
    for game in 0..games {
        if have.iter().zip(WANT).all(|(h, w)| *h >= w) {
            break;
        }
        // A random game to its end; then its last positions, backwards,
        // where short forced wins are likely.
        let mut pos = Position::start();
        let mut line = Vec::new();
        for _ in 0..200 {
            if status(&pos) != Status::Continue {
                break;
            }
            line.push(pos.clone());
            let moves = legal_moves(&pos);
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            pos.play(mv).unwrap();
        }
        let mut took = [false; 6];
        for pos in line.iter().rev().take(BACK) {
            if seen.insert(key(pos)) {
                classify(pos, &mut have, &mut took);
            }
        }
        if game % 20 == 0 {
            eprintln!("game {game}: have {have:?}");
        }
    }
    eprintln!("done: have {have:?}");
}

fn classify(pos: &Position, have: &mut [usize; 6], took: &mut [bool; 6]) {
    let mut p = Prover::new();
    p.budget = BUDGET;
    let mut depth = None;
    for n in 1..=4 {
        let slot = (n - 1) as usize;
        let more_wanted = (slot..4).any(|s| have[s] < WANT[s] && !took[s]);
        if !more_wanted {
            break;
        }
        if p.wins_within(pos, n) {
            depth = Some(n);
            break;
        }
        if p.gave_up {
            return;
        }
    }
    if p.gave_up {
        return;
    }
    if let Some(n) = depth {
        let slot = (n - 1) as usize;
        if have[slot] < WANT[slot] && !took[slot] {
            have[slot] += 1;
            took[slot] = true;
            println!("win {n} {pos}");
        }
        return;
    }
    for k in 1..=2u32 {
        let slot = 3 + k as usize;
        if have[slot] >= WANT[slot] || took[slot] {
            continue;
        }
        let mut p = Prover::new();
        p.budget = BUDGET;
        if let Some(mv) = p.only_defence(pos, k)
            && !p.gave_up
        {
            have[slot] += 1;
            took[slot] = true;
            println!("defend {k} {mv} {pos}");
            return;
        }
    }
}
