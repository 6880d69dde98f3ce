//! The evaluation: a score in pawn-hundredths from the side to move's view,
//! as a sum of named terms (so `eval` can print each one).
//!
//! Material values (centipawns), fitted to the engine's own games by
//! Texel's method (see `tune.rs`; the hand-set values they replaced in
//! brackets, see [`EvalWeights::hand_set`]):
//!
//! | piece | value | what it does |
//! |---|---|---|
//! | pawn | 100 (100) | the unit (held fixed: the scale) |
//! | superpawn | 232 (350) | a pawn's captures plus sideways, retreats anywhere |
//! | giraffe | 378 (300) | 16 targets, but captures only by its 2-square jump |
//! | monkey | 252 (350) | multi-captures; the piece most tactics turn on |
//! | elephant | 339 (250) | 8 short orthogonal targets |
//! | lion | 0 | never traded: its capture ends the game (the search scores it) |
//! | crocodile | 446 (400) | a rook toward and along the river |
//! | zebra | 270 (300) | the knight |
//!
//! The weights came from `boardsh selfplay --games 4000 --nodes 4000
//! --seed 1` (stopped after 1,672 games: 107,822 quiet positions) and
//! `boardsh tune --data FILE` (400 epochs, the last 20% held out: loss
//! 0.1525 -> 0.1424 on the held-out games). Against the hand-set weights
//! at 4,000 nodes a move an SPRT [0, 10] accepted them: +128 Elo
//! [+91, +168] over 232 games.
//!
//! `pressure` is 0 (off). A second tuning with it (`boardsh selfplay
//! --games 1000 --nodes 4000 --seed 31` and `--seed 32`, then `boardsh
//! tune`: pressure 6, mobility 15, lion-safety 14, facing 20, pawn-advance
//! 10, crocodile 23, monkey 44, values 238/373/247/344/452/264) passed an
//! SPRT [0, 10] at 8,000 nodes a move (+22 Elo [+7, +36], 1,398 games) but
//! lost at 0.1 s a move (-26 Elo [-51, -2] over 522 games, LLR -2.02,
//! stopped by time), so it is not the default.
//!
//! Positional terms, each computed for both sides and taken as ours minus
//! theirs: mobility (targets of each piece), lion safety (enemy attacks on
//! the lion's neighbourhood and enemy pieces in its castle), facing lions
//! (a lone blocker on the line between the lions is pinned to its owner;
//! an open line wins for the side to move), pawn advance, drowning (a
//! piece of the side to move in the river must leave now: the ones that
//! cannot, or cannot all, are as good as lost), crocodile (in the river it
//! sweeps the whole rank), monkey (enemy pieces it can jump right now),
//! pressure (pieces near the enemy lion: a plan when the position is
//! closed; off by default, above).

use crate::congo::moves::attacks::{
    ELEPHANT, FULL, GIRAFFE_JUMP, KING, KNIGHT, LION_LINE, MONKEY_LEGS, RIVER, at, attacks,
    crocodile, side,
};
use crate::congo::{Bitboard, Color, Piece, PieceKind, Position, Square};

/// The weights of the evaluation; a weight of 0 turns its term off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeights {
    /// Centipawns per piece kind, indexed by [`PieceKind::index`].
    pub values: [i32; 8],
    /// Only material: skip every other term (the baseline's evaluation).
    pub material_only: bool,
    /// Per target square of a piece (quarter-centipawns: 4 = 1 cp).
    pub mobility: i32,
    /// Per enemy attack on the lion's neighbourhood or enemy piece in its castle.
    pub lion_safety: i32,
    /// Penalty for owning the lone blocker between facing lions.
    pub facing: i32,
    /// Per rank a pawn has advanced beyond its second rank.
    pub pawn_advance: i32,
    /// Percent of the value of pieces that will drown that counts as lost.
    pub drowning: i32,
    /// Bonus for a crocodile in the river.
    pub crocodile: i32,
    /// Per enemy piece a monkey can jump right now.
    pub monkey: i32,
    /// Per unit of closeness of a piece to the enemy lion (3 adjacent, 2
    /// two squares away, 1 three away): a plan for a side that leads.
    pub pressure: i32,
}

/// Values of the default evaluation (tuned), by [`PieceKind::index`]:
/// pawn, superpawn, giraffe, monkey, elephant, lion, crocodile, zebra.
pub const DEFAULT_VALUES: [i32; 8] = [100, 232, 378, 252, 339, 0, 446, 270];

impl Default for EvalWeights {
    /// The tuned weights (module comment).
    fn default() -> EvalWeights {
        EvalWeights {
            values: DEFAULT_VALUES,
            material_only: false,
            mobility: 17,
            lion_safety: 18,
            facing: 26,
            pawn_advance: 16,
            drowning: 80,
            crocodile: 29,
            monkey: 50,
            pressure: 0,
        }
    }
}

impl EvalWeights {
    /// The hand-set weights the tuned ones replaced (kept to measure
    /// against them).
    pub fn hand_set() -> EvalWeights {
        EvalWeights {
            values: [100, 350, 300, 350, 250, 0, 400, 300],
            material_only: false,
            mobility: 8,
            lion_safety: 12,
            facing: 40,
            pawn_advance: 6,
            drowning: 80,
            crocodile: 30,
            monkey: 15,
            pressure: 0,
        }
    }

    /// Material only: the baseline's evaluation.
    pub fn material_only() -> EvalWeights {
        EvalWeights {
            material_only: true,
            ..EvalWeights::default()
        }
    }

    /// The value of `kind`.
    #[inline]
    pub fn value(&self, kind: PieceKind) -> i32 {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }
}

/// Bonus to the side to move when the lions face each other on an open line
/// (it captures the lion now); only seen at leaves without quiescence.
const OPEN_FACING: i32 = 2_000;

/// The castles: White c1-e3, Black c5-e7 (index = file * 7 + rank).
const CASTLES: [u64; 2] = [
    (0b111 << 14) | (0b111 << 21) | (0b111 << 28),
    (0b111_0000 << 14) | (0b111_0000 << 21) | (0b111_0000 << 28),
];

/// The evaluation's terms, side-to-move view, in centipawns: named data
/// (the `eval` command's renderer gives each its label).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub material: i32,
    pub mobility: i32,
    pub lion_safety: i32,
    pub facing: i32,
    pub pawn_advance: i32,
    pub drowning: i32,
    pub crocodile: i32,
    pub monkey: i32,
    pub pressure: i32,
}

impl Terms {
    /// Their sum: the evaluation.
    pub fn total(&self) -> i32 {
        self.material
            + self.mobility
            + self.lion_safety
            + self.facing
            + self.pawn_advance
            + self.drowning
            + self.crocodile
            + self.monkey
            + self.pressure
    }
}

/// What one side's pieces reach.
#[derive(Default)]
struct Reach {
    /// Squares its pieces could capture on.
    attacks: u64,
    /// Target squares summed over its pieces.
    mobility: i32,
    /// Enemy pieces its monkeys can jump now.
    monkey_jumps: i32,
}

/// Single monkey jumps from `from`: (count, landing squares).
fn monkey_jump_count(from: Square, enemy: u64, empty: u64) -> (i32, u64) {
    let mut n = 0;
    let mut lands = 0;
    if let Some(legs) = MONKEY_LEGS.get(from.index()) {
        for leg in legs {
            if leg.mid & enemy != 0 && leg.land & empty != 0 {
                n += 1;
                lands |= leg.land;
            }
        }
    }
    (n, lands)
}

/// The targets of the piece of `color` and `kind` on `from`, and whether
/// they are capture targets (`attacks`) — a cheap superset-free sketch of
/// move generation used by mobility, lion safety and drowning.
fn targets(board: &Board, color: Color, kind: PieceKind, from: Square) -> (u64, u64) {
    let Board { own, enemy, .. } = *board;
    let occupied = own | enemy;
    let empty = !occupied & FULL;
    let a = attacks(Piece::new(color, kind), from, occupied);
    match kind {
        PieceKind::Giraffe => ((a & !own) | (at(&KING, from) & empty), a),
        PieceKind::Superpawn => {
            let back = side(color).back.iter().fold(0, |m, b| m | at(&b[0], from));
            ((a & !own) | (back & empty), a)
        }
        PieceKind::Monkey => {
            let (_, lands) = monkey_jump_count(from, enemy, empty);
            ((at(&KING, from) & empty) | lands, a)
        }
        _ => (a & !own, a),
    }
}

/// The occupancy seen from one side.
#[derive(Clone, Copy)]
struct Board {
    own: u64,
    enemy: u64,
}

impl Board {
    fn of(pos: &Position, color: Color) -> Board {
        Board {
            own: pos.by_color(color).0,
            enemy: pos.by_color(!color).0,
        }
    }
}

/// What `color`'s pieces reach: each kind in a loop of its own, the
/// per-piece sums of [`targets`] without its dispatch (the evaluation runs
/// at every leaf; the totals are the same, sums and unions being unordered).
fn reach(pos: &Position, color: Color) -> Reach {
    let own = pos.by_color(color).0;
    let enemy = pos.by_color(!color).0;
    let empty = !(own | enemy) & FULL;
    let occupied = own | enemy;
    let t = side(color);
    let mine = |kind: PieceKind| Bitboard(pos.by_kind(kind).0 & own);
    let mut attacks = 0;
    let mut mobility = 0;
    // Pieces whose targets are their attacks off their own pieces.
    let mut plain = |a: u64| {
        attacks |= a;
        mobility += (a & !own).count_ones();
    };
    for from in mine(PieceKind::Pawn) {
        plain(at(&t.pawn, from));
    }
    for from in mine(PieceKind::Zebra) {
        plain(at(&KNIGHT, from));
    }
    for from in mine(PieceKind::Elephant) {
        plain(at(&ELEPHANT, from));
    }
    for from in mine(PieceKind::Lion) {
        plain(at(&t.lion, from));
    }
    for from in mine(PieceKind::Crocodile) {
        plain(crocodile(from, occupied));
    }
    for from in mine(PieceKind::Giraffe) {
        let a = at(&GIRAFFE_JUMP, from);
        attacks |= a;
        mobility += ((a & !own) | (at(&KING, from) & empty)).count_ones();
    }
    for from in mine(PieceKind::Superpawn) {
        let a = at(&t.superpawn, from);
        let back = t.back.iter().fold(0, |m, b| m | at(&b[0], from));
        attacks |= a;
        mobility += ((a & !own) | (back & empty)).count_ones();
    }
    let mut monkey_jumps = 0;
    for from in mine(PieceKind::Monkey) {
        let (n, lands) = monkey_jump_count(from, enemy, empty);
        attacks |= at(&KING, from);
        mobility += ((at(&KING, from) & empty) | lands).count_ones();
        monkey_jumps += n;
    }
    Reach {
        attacks,
        mobility: mobility as i32,
        monkey_jumps,
    }
}

/// How exposed `color`'s lion is: enemy attacks on its neighbourhood plus
/// enemy pieces inside its castle.
fn lion_danger(pos: &Position, color: Color, enemy_attacks: u64) -> i32 {
    let Some(lion) = pos.lion(color) else {
        return 0;
    };
    let zone = at(&KING, lion) | Bitboard::from_square(lion).0;
    let castle = CASTLES.get(color.index()).copied().unwrap_or(0);
    let intruders = castle & pos.by_color(!color).0;
    (zone & enemy_attacks).count_ones() as i32 + 2 * intruders.count_ones() as i32
}

/// How close `color`'s pieces stand to the enemy lion: for each piece but
/// the lion, 4 less its king-step distance, when positive.
fn closeness(pos: &Position, color: Color) -> i32 {
    let Some(target) = pos.lion(!color) else {
        return 0;
    };
    let (tf, tr) = (
        i32::from(target.file().index()),
        i32::from(target.rank().index()),
    );
    let lions = pos.by_kind(PieceKind::Lion).0;
    Bitboard(pos.by_color(color).0 & !lions)
        .map(|sq| {
            let df = (i32::from(sq.file().index()) - tf).abs();
            let dr = (i32::from(sq.rank().index()) - tr).abs();
            (4 - df.max(dr)).max(0)
        })
        .sum()
}

/// Pawn advance of `color`: ranks beyond the second, summed (a pawn `n`
/// ranks past its second is in `n` of the [`AHEAD`] masks).
fn pawn_steps(pos: &Position, color: Color) -> i32 {
    let pawns = pos.pieces(Piece::new(color, PieceKind::Pawn)).0;
    AHEAD.get(color.index()).map_or(0, |masks| {
        masks.iter().map(|m| (pawns & m).count_ones() as i32).sum()
    })
}

/// For each colour, the squares at least `k` ranks from its first rank,
/// for `k` = 2 to 6 (index `k - 2`).
const AHEAD: [[u64; 5]; 2] = ahead();

// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn ahead() -> [[u64; 5]; 2] {
    let mut t = [[0; 5]; 2];
    let mut i = 0;
    while i < 49 {
        let r = i % 7;
        let mut k = 2;
        while k <= 6 {
            if r >= k {
                t[0][k - 2] |= 1 << i;
            }
            if 6 - r >= k {
                t[1][k - 2] |= 1 << i;
            }
            k += 1;
        }
        i += 1;
    }
    t
}

/// The value of the side to move's river pieces that will drown: those with
/// no way out of the river, and of the rest all but the most valuable (only
/// one piece moves).
fn drowning_loss(pos: &Position, w: &EvalWeights) -> i32 {
    let us = pos.side_to_move();
    let river = pos.by_color(us).0 & RIVER & !pos.by_kind(PieceKind::Crocodile).0;
    if river == 0 {
        return 0;
    }
    let mut lost = 0;
    let mut saveable_best = 0;
    let mut saveable_sum = 0;
    for sq in Bitboard(river) {
        let Some(kind) = pos.kind_at(sq) else {
            continue;
        };
        let v = w.value(kind);
        let (moves, _) = targets(&Board::of(pos, us), us, kind, sq);
        if moves & !RIVER == 0 {
            lost += v;
        } else {
            saveable_sum += v;
            saveable_best = saveable_best.max(v);
        }
    }
    lost + saveable_sum - saveable_best
}

/// All terms for `pos` under `w`.
pub(crate) fn terms(pos: &Position, w: &EvalWeights) -> Terms {
    let us = pos.side_to_move();
    let them = !us;
    let (ours_bb, theirs_bb) = (pos.by_color(us).0, pos.by_color(them).0);
    let material = PieceKind::ALL
        .into_iter()
        .map(|k| {
            let bb = pos.by_kind(k).0;
            w.value(k) * ((bb & ours_bb).count_ones() as i32 - (bb & theirs_bb).count_ones() as i32)
        })
        .sum();
    let mut t = Terms {
        material,
        ..Terms::default()
    };
    if w.material_only {
        return t;
    }
    let ours = reach(pos, us);
    let theirs = reach(pos, them);
    t.mobility = (ours.mobility - theirs.mobility) * w.mobility / 4;
    t.lion_safety = (lion_danger(pos, them, ours.attacks) - lion_danger(pos, us, theirs.attacks))
        * w.lion_safety;
    if let (Some(a), Some(b)) = (pos.lion(us), pos.lion(them)) {
        let between = LION_LINE
            .get(a.index())
            .and_then(|row| row.get(b.index()))
            .copied()
            .unwrap_or(FULL);
        if between != FULL {
            let blockers = between & pos.occupied().0;
            match blockers.count_ones() {
                0 => t.facing = OPEN_FACING,
                1 if blockers & pos.by_color(us).0 != 0 => t.facing = -w.facing,
                1 => t.facing = w.facing,
                _ => {}
            }
        }
    }
    t.pawn_advance = (pawn_steps(pos, us) - pawn_steps(pos, them)) * w.pawn_advance;
    t.drowning = -drowning_loss(pos, w) * w.drowning / 100;
    let crocs_in_river =
        |c: Color| (pos.pieces(Piece::new(c, PieceKind::Crocodile)).0 & RIVER).count_ones() as i32;
    t.crocodile = (crocs_in_river(us) - crocs_in_river(them)) * w.crocodile;
    t.monkey = (ours.monkey_jumps - theirs.monkey_jumps) * w.monkey;
    if w.pressure != 0 {
        t.pressure = (closeness(pos, us) - closeness(pos, them)) * w.pressure;
    }
    t
}

/// The evaluation of `pos` under `w`, side to move's view.
pub fn evaluate_with(pos: &Position, w: &EvalWeights) -> i32 {
    terms(pos, w).total()
}

/// The default evaluation's terms for `pos`, side to move's view, in
/// centipawns ([`Terms::total`] is their sum).
pub fn evaluate_terms(pos: &Position) -> Terms {
    terms(pos, &EvalWeights::default())
}

/// The evaluation as a linear function of its weights, for the tuner:
/// `features[i]` is what weight `i` (in [`super::weights::NAMES`] order)
/// multiplies, `constant` the part no weight scales (an open line between
/// the lions). [`evaluate_with`] equals `Σ weight·feature + constant` up to
/// its integer rounding of the mobility and drowning terms (under 2 cp);
/// the drowning feature is priced with `w`'s piece values.
pub(crate) fn linear(pos: &Position, w: &EvalWeights) -> ([f64; super::weights::COUNT], f64) {
    let us = pos.side_to_move();
    let them = !us;
    let mut f = [0.0; super::weights::COUNT];
    let kinds = PieceKind::NOT_LION;
    for (slot, kind) in f.iter_mut().zip(kinds) {
        let count = |c: Color| pos.pieces(Piece::new(c, kind)).count() as f64;
        *slot = count(us) - count(them);
    }
    if w.material_only {
        return (f, 0.0);
    }
    let ours = reach(pos, us);
    let theirs = reach(pos, them);
    let mut constant = 0.0;
    let facing = if let (Some(a), Some(b)) = (pos.lion(us), pos.lion(them)) {
        let between = LION_LINE
            .get(a.index())
            .and_then(|row| row.get(b.index()))
            .copied()
            .unwrap_or(FULL);
        if between == FULL {
            0.0
        } else {
            let blockers = between & pos.occupied().0;
            match blockers.count_ones() {
                0 => {
                    constant = f64::from(OPEN_FACING);
                    0.0
                }
                1 if blockers & pos.by_color(us).0 != 0 => -1.0,
                1 => 1.0,
                _ => 0.0,
            }
        }
    } else {
        0.0
    };
    let crocs_in_river =
        |c: Color| (pos.pieces(Piece::new(c, PieceKind::Crocodile)).0 & RIVER).count_ones() as f64;
    let rest = [
        f64::from(ours.mobility - theirs.mobility) / 4.0,
        f64::from(lion_danger(pos, them, ours.attacks) - lion_danger(pos, us, theirs.attacks)),
        facing,
        f64::from(pawn_steps(pos, us) - pawn_steps(pos, them)),
        -f64::from(drowning_loss(pos, w)) / 100.0,
        crocs_in_river(us) - crocs_in_river(them),
        f64::from(ours.monkey_jumps - theirs.monkey_jumps),
        f64::from(closeness(pos, us) - closeness(pos, them)),
    ];
    for (slot, v) in f.iter_mut().skip(kinds.len()).zip(rest) {
        *slot = v;
    }
    (f, constant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pressure_counts_closeness_to_the_enemy_lion() {
        // Black's lion on d7. White: a zebra on d6 (one king step: 4 - 1 =
        // 3), a pawn on b4 (files b-d, ranks 4-7: three steps, 1), a pawn
        // on a1 (six steps, 0); the white lion d1 does not count. Black
        // has only its lion, so its closeness is 0.
        let pos: Position = "3l3/3Z3/7/1P5/7/7/P2L3 w 0".parse().unwrap();
        assert_eq!(closeness(&pos, Color::White), 3 + 1);
        assert_eq!(closeness(&pos, Color::Black), 0);
        let w = EvalWeights {
            pressure: 5,
            ..EvalWeights::default()
        };
        assert_eq!(terms(&pos, &w).pressure, 4 * 5);
        // Black to move: the same term from Black's side.
        let black: Position = "3l3/3Z3/7/1P5/7/7/P2L3 b 0".parse().unwrap();
        assert_eq!(terms(&black, &w).pressure, -4 * 5);
        // Weight 0: the term is not computed.
        let off = EvalWeights {
            pressure: 0,
            ..EvalWeights::default()
        };
        assert_eq!(terms(&pos, &off).pressure, 0);
    }
}
