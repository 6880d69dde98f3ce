//! An exhaustive AND-OR prover of forced wins, written apart from the
//! engine: it uses only the rules (`legal_moves`, `Position::after`,
//! `status`) and no evaluation, ordering or search code of the engine.
//!
//! "`pos` wins within n" means: the side to move has a move after which
//! it has won (the enemy lion is captured, or the enemy has no legal
//! move), or, with n > 1, a move after which every enemy reply leaves a
//! position that wins within n - 1 for it again. Moves are counted for
//! the winning side only (a win in 3 is at most 5 plies). The only help
//! to speed is a "killer" per depth: the enemy reply that refuted a
//! sibling is tried first, which changes the order, never the answer.
//! Shared by `tests/tactics.rs` and `lab/src/bin/gen_tactics.rs`.

#![allow(dead_code)]

use boardsh::congo::{Color, Move, Position, Status, legal_moves, status};

/// The prover with its killers and a node count.
pub struct Prover {
    killers: [Option<Move>; 16],
    pub nodes: u64,
    /// Give up after this many nodes (the generator's guard; tests leave
    /// it at the maximum). Answers after giving up mean nothing.
    pub budget: u64,
    pub gave_up: bool,
}

impl Default for Prover {
    fn default() -> Prover {
        Prover {
            killers: [None; 16],
            nodes: 0,
            budget: u64::MAX,
            gave_up: false,
        }
    }
}

/// Whether `status` says `color` has won.
fn won(st: Status, color: Color) -> bool {
    st.winner() == Some(color)
}

impl Prover {
    pub fn new() -> Prover {
        Prover::default()
    }

    /// Whether the side to move in `pos` wins within `n` of its moves.
    pub fn wins_within(&mut self, pos: &Position, n: u32) -> bool {
        self.winning_move(pos, n).is_some()
    }

    /// The first move (in sorted order) that wins within `n`, if any.
    pub fn winning_move(&mut self, pos: &Position, n: u32) -> Option<Move> {
        if n == 0 || status(pos) != Status::Continue {
            return None;
        }
        let us = pos.side_to_move();
        let moves = legal_moves(pos);
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            self.nodes += 1;
            if self.nodes > self.budget {
                self.gave_up = true;
                return None;
            }
            let Ok(next) = pos.after(mv) else { continue };
            let st = status(&next);
            if won(st, us) {
                return Some(mv);
            }
            if st == Status::Continue {
                children.push((mv, next));
            }
        }
        if n == 1 {
            return None;
        }
        children
            .into_iter()
            .find(|(_, next)| self.all_replies_lose(next, n - 1))
            .map(|(mv, _)| mv)
    }

    /// Whether `move_wins(pos, mv, n)`: after `mv` the mover has won, or
    /// every reply leaves a win within `n - 1` for it.
    pub fn move_wins(&mut self, pos: &Position, mv: Move, n: u32) -> bool {
        let Ok(next) = pos.after(mv) else {
            return false;
        };
        let st = status(&next);
        if won(st, pos.side_to_move()) {
            return true;
        }
        n > 1 && st == Status::Continue && self.all_replies_lose(&next, n - 1)
    }

    /// The side to move in `pos` (the defender) cannot stop the other side
    /// winning within `n` of its moves.
    pub fn all_replies_lose(&mut self, pos: &Position, n: u32) -> bool {
        let defender = pos.side_to_move();
        let mut replies = legal_moves(pos);
        let slot = usize::try_from(n).unwrap_or(0).min(15);
        if let Some(k) = self.killers[slot]
            && let Some(i) = replies.iter().position(|m| *m == k)
        {
            replies.swap(0, i);
        }
        for r in replies {
            self.nodes += 1;
            let next = pos.after(r).unwrap();
            let st = status(&next);
            let refuted = match st {
                Status::Continue => !self.wins_within(&next, n),
                // The defender won, or both lions went (no win for anyone).
                _ => !won(st, !defender),
            };
            if refuted {
                self.killers[slot] = Some(r);
                return false;
            }
        }
        true
    }

    /// The smallest n in 1..=max with a win within n, if any.
    pub fn win_depth(&mut self, pos: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.wins_within(pos, n))
    }

    /// For the side to move, facing a threat: the one move after which the
    /// enemy does NOT win within `k`, when every other move lets it (and the
    /// side to move has no win in one of its own). `None` otherwise.
    pub fn only_defence(&mut self, pos: &Position, k: u32) -> Option<Move> {
        if status(pos) != Status::Continue || self.wins_within(pos, 1) {
            return None;
        }
        let me = pos.side_to_move();
        let mut safe = None;
        for mv in legal_moves(pos) {
            let next = pos.after(mv).unwrap();
            let st = status(&next);
            let loses = match st {
                Status::Continue => self.wins_within(&next, k),
                _ => !won(st, me),
            };
            if !loses {
                if safe.is_some() {
                    return None;
                }
                safe = Some(mv);
            }
        }
        safe
    }
}
