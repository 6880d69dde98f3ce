//! Move lists and move ordering: the per-ply buffers the search reuses,
//! what a move captures, and the killer and history tables.

use super::eval::EvalWeights;
use super::tt::PackedMove;
use crate::congo::moves::attacks::attackers_to;
use crate::congo::moves::{Move, Sink, jumped_square};
use crate::congo::{Bitboard, PieceKind, Position, Square};

/// A node never holds more moves than this: positions with astronomically
/// many monkey paths (set-up positions only) are searched on the first
/// ones generated, so no node can hang the search; the result says so.
pub(crate) const MAX_MOVES: usize = crate::congo::moves::budget::SEARCH_NODE_MOVES;

/// A move with its ordering score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScoredMove {
    pub mv: Move,
    pub score: i32,
    /// Neither a capture nor a lion capture.
    pub quiet: bool,
    /// A capture that likely loses material: the mover is worth more than
    /// what it takes and an enemy piece could take it back on its square
    /// (set only with [`OrderSwitches::bad_captures`]).
    pub bad: bool,
    /// The value of what the move takes: 0 for a quiet move,
    /// [`LION_GAIN`] with the lion.
    pub gain: i32,
}

/// Fills a reusable list (no allocation once it has grown), up to
/// [`MAX_MOVES`] generated moves; `cut` tells whether a move was left out.
/// With `keep` the enemy's squares, it keeps only the captures (moves onto
/// them, monkey jumps) of those first [`MAX_MOVES`] moves: what
/// [`retain_captures`] leaves of a full list, without building it.
pub(crate) struct Collect<'a> {
    pub list: &'a mut Vec<ScoredMove>,
    pub cut: bool,
    /// The target squares whose plain moves are kept (`FULL`: all).
    pub keep: u64,
    /// Moves generated so far, kept or not (at most [`MAX_MOVES`]).
    pub seen: usize,
}

impl Collect<'_> {
    /// An empty collector into `list` keeping plain moves onto `keep`.
    pub fn new(list: &mut Vec<ScoredMove>, keep: u64) -> Collect<'_> {
        Collect {
            list,
            cut: false,
            keep,
            seen: 0,
        }
    }

    fn push(&mut self, mv: Move) {
        self.list.push(ScoredMove {
            mv,
            score: 0,
            quiet: true,
            bad: false,
            gain: 0,
        });
    }

    /// Count one generated move; keep it (if `kept`) while under the limit.
    fn offer(&mut self, mv: Move, kept: bool) {
        if self.seen < MAX_MOVES {
            self.seen += 1;
            if kept {
                self.push(mv);
            }
        } else {
            self.cut = true;
        }
    }
}

impl Sink for Collect<'_> {
    fn targets(&mut self, from: Square, targets: u64) {
        let n = targets.count_ones() as usize;
        if self.seen + n <= MAX_MOVES {
            self.seen += n;
            for to in Bitboard(targets & self.keep) {
                self.push(Move::new(from, to));
            }
        } else {
            for to in Bitboard(targets) {
                self.offer(Move::new(from, to), self.keep & (1 << to.index()) != 0);
            }
        }
    }
    fn jump(&mut self, mv: Move) {
        // Every jump takes a piece.
        self.offer(mv, true);
    }
    fn done(&self) -> bool {
        self.cut
    }
}

/// What `mv` (a generated move) takes: the summed value of its victims and
/// whether one is the lion. `is_monkey`: whether the mover is a monkey.
fn victims_of(pos: &Position, mv: &Move, is_monkey: bool, w: &EvalWeights) -> (i32, bool) {
    let them = pos.by_color(!pos.side_to_move());
    let value_at = |sq: Square| -> (i32, bool) {
        if !them.contains(sq) {
            return (0, false);
        }
        match pos.kind_at(sq) {
            Some(PieceKind::Lion) => (0, true),
            Some(k) => (w.value(k), false),
            None => (0, false),
        }
    };
    let from = mv.from();
    if is_monkey {
        // Steps go to empty squares; every leg of two squares jumps a piece.
        let mut total = (0, false);
        let mut here = from;
        for land in mv.squares().skip(1) {
            if let Some(mid) = jumped_square(here, land) {
                let (v, lion) = value_at(mid);
                total = (total.0 + v, total.1 || lion);
            }
            here = land;
        }
        total
    } else {
        value_at(mv.to())
    }
}

/// Keep only the captures of `list` (generated in `pos`): moves onto an
/// enemy piece and monkey jumps. What [`Collect`] keeps with `keep` the
/// enemy's squares (the tests check they agree).
#[cfg(test)]
pub(crate) fn retain_captures(pos: &Position, list: &mut Vec<ScoredMove>) {
    let monkeys = pos.by_kind(PieceKind::Monkey);
    let them = pos.by_color(!pos.side_to_move());
    list.retain(|sm| {
        let (from, to) = (sm.mv.from(), sm.mv.to());
        them.contains(to)
            || (monkeys.contains(from) && jumped_square(from, to).is_some())
            || sm.mv.is_multi_jump()
    });
}

/// A lion capture's [`ScoredMove::gain`]: more than any margin is worth
/// (and far from overflowing when added to one).
pub(crate) const LION_GAIN: i32 = 1 << 24;

/// Killer moves (compact) per ply and history scores per (side, from, to).
pub(crate) struct Heuristics {
    killers: Vec<[Option<PackedMove>; 2]>,
    history: Vec<i32>,
    /// The countermove per (side, previous move's from, its to).
    counter: Vec<Option<PackedMove>>,
}

/// The bound history scores approach with gravity updates.
const GRAVITY: i32 = 1 << 14;

/// No previous move (the root, or after a null move): for
/// [`Heuristics::countermove`].
pub(crate) const NO_PREV: u16 = u16::MAX;

/// The countermove index of `mv`'s squares (`from * 49 + to`).
pub(crate) fn prev_index(mv: &Move) -> u16 {
    (mv.from().index() * 49 + mv.to().index()) as u16
}

impl Heuristics {
    pub fn new(plies: usize) -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; plies],
            history: vec![0; 2 * 49 * 49],
            counter: vec![None; 2 * 49 * 49],
        }
    }

    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
        self.counter.fill(None);
    }

    /// Between searches: killers are forgotten, history fades.
    pub fn age(&mut self) {
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 8;
        }
    }

    fn index(side: usize, mv: &Move) -> usize {
        (side * 49 + mv.from().index()) * 49 + mv.to().index()
    }

    /// 0 if not a killer at `ply`, 2 for the first, 1 for the second.
    pub fn killer_rank(&self, ply: usize, code: PackedMove) -> i32 {
        match self.killers.get(ply) {
            Some([a, _]) if *a == Some(code) => 2,
            Some([_, b]) if *b == Some(code) => 1,
            _ => 0,
        }
    }

    pub fn history(&self, side: usize, mv: &Move) -> i32 {
        self.history
            .get(Heuristics::index(side, mv))
            .copied()
            .unwrap_or(0)
    }

    /// The countermove of `side` after the move of index `prev`.
    pub fn countermove(&self, side: usize, prev: u16) -> Option<PackedMove> {
        if prev == NO_PREV {
            return None;
        }
        self.counter
            .get(side * 49 * 49 + usize::from(prev))
            .copied()
            .flatten()
    }

    /// `mv` of `side` cut off after the move of index `prev`.
    pub fn set_countermove(&mut self, side: usize, prev: u16, mv: &Move) {
        if prev != NO_PREV
            && let Some(c) = self.counter.get_mut(side * 49 * 49 + usize::from(prev))
        {
            *c = Some(PackedMove::of(mv));
        }
    }

    /// A quiet move searched before the one that cut off at `depth` plies
    /// left: its history falls by the cut-off's bonus.
    pub fn punish(&mut self, side: usize, mv: &Move, depth: i32, gravity: bool) {
        let malus = depth.max(1) * depth.max(1);
        if let Some(h) = self.history.get_mut(Heuristics::index(side, mv)) {
            *h -= if gravity {
                malus + *h * malus / GRAVITY
            } else {
                malus
            };
            if *h < -(1 << 20) {
                for h in &mut self.history {
                    *h /= 2;
                }
            }
        }
    }

    /// A quiet move caused a cut-off at `ply` with `depth` plies left.
    pub fn reward(
        &mut self,
        ply: usize,
        side: usize,
        mv: &Move,
        depth: i32,
        killers: bool,
        gravity: bool,
    ) {
        if killers {
            let code = Some(PackedMove::of(mv));
            if let Some(k) = self.killers.get_mut(ply)
                && k[0] != code
            {
                k[1] = k[0];
                k[0] = code;
            }
        }
        let bonus = depth.max(1) * depth.max(1);
        if let Some(h) = self.history.get_mut(Heuristics::index(side, mv)) {
            *h += if gravity {
                bonus - *h * bonus / GRAVITY
            } else {
                bonus
            };
            if *h > 1 << 20 {
                for h in &mut self.history {
                    *h /= 2;
                }
            }
        }
    }
}

/// Ordering score bands: table move, lion capture, captures, killers,
/// then history.
pub(crate) const TT_MOVE: i32 = 1 << 30;
const LION_CAPTURE: i32 = 1 << 29;
const CAPTURE: i32 = 1 << 28;
pub(super) const KILLER: i32 = 1 << 27;
/// A capture that likely loses material: below the killers and the
/// countermove, above every history score (those stay under 2^21).
const BAD_CAPTURE: i32 = 1 << 26;
/// A countermove: above every history score, below the killers (and
/// still reduced by LMR like any quiet move).
const COUNTER: i32 = KILLER - 1;

/// What switches the ordering uses.
#[derive(Clone, Copy)]
pub(crate) struct OrderSwitches {
    pub ordering: bool,
    pub killers: bool,
    pub history: bool,
    /// Captures that likely lose material after the killers.
    pub bad_captures: bool,
}

/// What the node knows of its moves before scoring them.
#[derive(Clone, Copy)]
pub(crate) struct Hints {
    /// The table's move.
    pub tt_move: Option<PackedMove>,
    /// The countermove to the opponent's last move.
    pub counter: Option<PackedMove>,
}

/// Give each move of `list` its ordering score (and quiet flag).
pub(crate) fn score_moves(
    pos: &Position,
    list: &mut [ScoredMove],
    hints: Hints,
    ply: usize,
    heur: &Heuristics,
    sw: OrderSwitches,
    w: &EvalWeights,
) {
    let Hints { tt_move, counter } = hints;
    let side = pos.side_to_move().index();
    let monkeys = pos.by_kind(PieceKind::Monkey);
    let them = pos.by_color(!pos.side_to_move());
    for sm in list.iter_mut() {
        let is_monkey = monkeys.contains(sm.mv.from());
        let (victim, lion) = if is_monkey || them.contains(sm.mv.to()) {
            victims_of(pos, &sm.mv, is_monkey, w)
        } else {
            (0, false)
        };
        sm.quiet = victim == 0 && !lion;
        sm.gain = if lion { LION_GAIN } else { victim };
        sm.bad = false;
        let code = (tt_move.is_some() || (sm.quiet && (sw.killers || counter.is_some())))
            .then(|| PackedMove::of(&sm.mv));
        // Looked up only for a quiet move (the only ones it ranks).
        let killer = if sm.quiet && sw.killers {
            code.map_or(0, |c| heur.killer_rank(ply, c))
        } else {
            0
        };
        sm.score = if tt_move.is_some() && code == tt_move {
            TT_MOVE
        } else if !sw.ordering {
            0
        } else if lion {
            LION_CAPTURE
        } else if !sm.quiet {
            let mover = if is_monkey {
                Some(PieceKind::Monkey)
            } else {
                pos.kind_at(sm.mv.from())
            };
            let attacker = mover.map_or(0, |k| w.value(k));
            let order = victim * 16 - attacker / 16;
            // The lion is worth the game: any capture it makes onto a
            // square the enemy reaches is bad. The landing square: a
            // monkey's last, anyone else's target.
            let risked = if mover == Some(PieceKind::Lion) {
                i32::MAX
            } else {
                attacker
            };
            if sw.bad_captures
                && risked > victim
                && attackers_to(pos, sm.mv.to(), !pos.side_to_move()).0 != 0
            {
                sm.bad = true;
                BAD_CAPTURE + order
            } else {
                CAPTURE + order
            }
        } else if sw.killers && killer > 0 {
            KILLER + killer
        } else if counter.is_some() && code == counter {
            COUNTER
        } else if sw.history {
            heur.history(side, &sm.mv).min(KILLER - 1)
        } else {
            0
        };
    }
}

/// Move the best-scored move of `list[i..]` to `i` (the first on ties, so
/// equal scores keep generation order) and return it.
pub(crate) fn pick(list: &mut [ScoredMove], i: usize) -> Option<ScoredMove> {
    let rest = list.get(i..)?;
    if rest.is_empty() {
        return None;
    }
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (j, sm) in rest.iter().enumerate() {
        if sm.score > best_score {
            best_score = sm.score;
            best = j;
        }
    }
    list.swap(i, i + best);
    list.get(i).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::moves::attacks::FULL;
    use crate::congo::moves::generate;

    /// Collecting captures only keeps what filtering the full list keeps,
    /// in the same order, over the positions of seeded random games.
    #[test]
    fn capture_collection_matches_filtering() {
        let mut checked = 0;
        for line in crate::congo::openings::openings(5, 40, 40) {
            let mut pos = Position::start();
            for mv in line {
                let mut all = Vec::new();
                generate(&pos, &mut Collect::new(&mut all, FULL));
                retain_captures(&pos, &mut all);
                let mut caps = Vec::new();
                let enemy = pos.by_color(!pos.side_to_move()).0;
                generate(&pos, &mut Collect::new(&mut caps, enemy));
                let a: Vec<Move> = all.iter().map(|sm| sm.mv).collect();
                let b: Vec<Move> = caps.iter().map(|sm| sm.mv).collect();
                assert_eq!(a, b, "{pos}");
                checked += a.len();
                if pos.play(mv).is_err() {
                    break;
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// A capture by a piece worth more than its victim onto a square the
    /// enemy reaches is bad; an even trade is not; without the switch
    /// nothing is. Rules: a black pawn on c5 steps (and takes) toward
    /// rank 1, straight or diagonally, so it defends d4; White's elephant
    /// d3 takes d4 by one step up (339 for a 100 pawn), White's pawn e3
    /// takes it diagonally (100 for 100).
    #[test]
    fn bad_captures_rank_after_the_killers() {
        let pos: Position = "3l3/7/2p4/3p3/3EP2/7/3L3 w 0".parse().expect("fen");
        let scored = |bad_captures: bool| {
            let mut list = Vec::new();
            generate(&pos, &mut Collect::new(&mut list, FULL));
            let sw = OrderSwitches {
                ordering: true,
                killers: true,
                history: true,
                bad_captures,
            };
            let hints = Hints {
                tt_move: None,
                counter: None,
            };
            let heur = Heuristics::new(4);
            score_moves(
                &pos,
                &mut list,
                hints,
                0,
                &heur,
                sw,
                &EvalWeights::default(),
            );
            let find = |m: &str| {
                list.iter()
                    .find(|sm| sm.mv.to_string() == m)
                    .copied()
                    .expect(m)
            };
            (find("d3d4"), find("e3d4"))
        };
        let (elephant, pawn) = scored(true);
        assert!(elephant.bad && !elephant.quiet && elephant.gain == 100);
        assert!(elephant.score < KILLER && elephant.score > 1 << 21);
        assert!(!pawn.bad && pawn.score >= CAPTURE);
        let (elephant, pawn) = scored(false);
        assert!(!elephant.bad && !pawn.bad && elephant.score >= CAPTURE);
    }
}
