//! Engine settings: table size, threads, a switch for each search feature
//! (so a match can measure it against the engine without it) and the
//! evaluation weights.

use super::eval::EvalWeights;

/// How the engine searches and evaluates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// Transposition table size in megabytes.
    pub hash_mb: usize,
    /// Search threads: 1 is the plain search (deterministic at a fixed
    /// depth or node count); more run a lazy SMP search, helpers sharing
    /// the transposition table.
    pub threads: usize,
    /// Probe and fill the transposition table; its move is tried first.
    pub tt: bool,
    /// Cut off on table scores of sufficient depth (off: the table only
    /// orders moves, and fixed-depth values equal a plain negamax's).
    pub tt_cutoffs: bool,
    /// Principal-variation search: null windows after the first move.
    pub pvs: bool,
    /// Captures first, by victim value (the lion first), then attacker.
    pub ordering: bool,
    /// Two killer moves per ply.
    pub killers: bool,
    /// The history heuristic for quiet moves.
    pub history: bool,
    /// History maluses: a quiet move's cut-off also lowers the history of
    /// the quiet moves searched before it at that node, by the same bonus
    /// (off: depth 10 from the start in 4,141,244 nodes instead of
    /// 5,127,339, but SPRT [0, 10] at 8,000 nodes a move rejected it after
    /// 1,796 games, LLR -2.95, 642-465-689, -9 Elo [-23, +5]).
    pub history_malus: bool,
    /// History updates with gravity: a bonus `b` adds `b - h·b/16384`, so
    /// scores saturate at ±16,384 instead of growing until all are halved
    /// (off: with `history_malus`, depth 10 from the start in 3,804,505
    /// nodes, but SPRT [0, 10] at 8,000 nodes a move rejected the pair
    /// after 4,332 games, LLR -2.94, 1608-1104-1620, -1 Elo [-10, +8]).
    pub history_gravity: bool,
    /// Countermoves: the quiet move that last cut off after the opponent's
    /// move (by its from- and to-square) is tried after the killers (off,
    /// not tested by SPRT: depth 10 from the start took more nodes with
    /// it, 5,612,395).
    pub countermove: bool,
    /// Quiescence search over captures at the leaves.
    pub qsearch: bool,
    /// A side whose lion is attacked answers it: one ply deeper in the
    /// search, no standing pat in the first plies of quiescence.
    pub lion_threats: bool,
    /// Null-move pruning (off: SPRT [0, 10] at 8,000 nodes a move, with
    /// LMR and the tuned weights on both sides, rejected after 778 games,
    /// -24 Elo [-43, -4]).
    pub null_move: bool,
    /// Late-move reductions (on in `strongest`: SPRT [0, 10] at 8,000
    /// nodes a move, tuned weights both sides, accepted after 352 games,
    /// +72 Elo [+42, +103]).
    pub lmr: bool,
    /// Reverse futility pruning: a cut near the leaves when the static
    /// evaluation is far above beta (on in `strongest`: SPRT [0, 10] at
    /// 8,000 nodes a move, with LMR and the tuned weights on both sides,
    /// accepted after 932 games, +32 Elo [+13, +51]).
    pub reverse_futility: bool,
    /// Late-move pruning: near the leaves, outside the principal
    /// variation, quiet moves late in the ordering are not searched, after
    /// the first 9, 18 and 33 at depths 1-3 (off: SPRT [0, 10] at 8,000
    /// nodes a move stopped at 2,515 games with no decision, LLR -1.47,
    /// +0 Elo [-12, +12], though depth 10 from the start took 2.7 M nodes
    /// instead of 5.1 M; pruning after 4, 7 and 12 was rejected after 357
    /// pairs, -28 Elo [-49, -7] over the 716 games played, 1.0 M nodes).
    pub late_move_pruning: bool,
    /// Aspiration windows: each depth first searched in a window around
    /// the last depth's score (off: SPRT [0, 10] at 8,000 nodes a move,
    /// stopped at 1,783 games with no decision, LLR -1.08, +1 Elo
    /// [-12, +13]).
    pub aspiration: bool,
    /// Internal iterative reduction: a node at 5 or more plies from the
    /// leaves with no table move is searched a ply shallower (off: depth
    /// 10 from the start in 4,665,893 nodes instead of 5,127,339, but SPRT
    /// [0, 10] at 30,000 nodes a move rejected it after 1,084 games, LLR
    /// -3.04, 364-350-370, -2 Elo [-11, +7] by pairs; a second reduction
    /// from the sixth move instead of the eighth, 4,184,653 nodes, was
    /// rejected after 1,258 games, -13 Elo [-29, +2]).
    pub iir: bool,
    /// Bad captures (the mover worth more than what it takes, onto a
    /// square an enemy piece could take on) are tried after the killers
    /// (on in `strongest`: SPRT [0, 10] at 30,000 nodes a move accepted
    /// it after 1,286 games, LLR 2.95, +22 Elo [+7, +37] by pairs; depth
    /// 10 from the start in 4,228,327 nodes instead of 5,127,339).
    pub bad_captures: bool,
    /// Quiescence leaves out those bad captures (needs `bad_captures`;
    /// off: with them, SPRT [0, 10] at 30,000 nodes a move rejected the
    /// pair after 1,394 games, LLR -2.97, -12 Elo [-26, +3] by pairs).
    pub qs_bad: bool,
    /// Delta pruning: quiescence leaves out a capture that could not lift
    /// the static evaluation to alpha even with a margin (off: with bad
    /// captures ordered late on both sides, SPRT [0, 10] at 30,000 nodes
    /// a move rejected it after 1,740 games, LLR -2.98, -8 Elo [-21, +5]
    /// by pairs).
    pub delta: bool,
    /// Probe the endgame tables given with `Engine::set_tablebase`.
    pub tablebase: bool,
    /// The deepest iteration whatever the limits say (`None`: no cap).
    pub max_depth: Option<u32>,
    /// Centipawns a repetition costs the side that stood better at the
    /// root (and gives the side that stood worse); 0: a repetition is 0.
    pub contempt: i32,
    /// Plies without a capture, drowning or pawn move over which the
    /// evaluation melts to 0 ([`super::progress`]); 0: off, the
    /// evaluation as it is, the default: at 100 (with gen 2), SPRT [0, 5]
    /// at 0.1 s a move stopped undecided after 3,168 games, +6 Elo [-1,
    /// +13] (`docs/engine.md`).
    pub progress: u32,
    /// The evaluation.
    pub eval: EvalWeights,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig::strongest()
    }
}

impl EngineConfig {
    /// Every feature that gains, with the tuned evaluation.
    pub fn strongest() -> EngineConfig {
        EngineConfig {
            hash_mb: 16,
            threads: 1,
            tt: true,
            tt_cutoffs: true,
            pvs: true,
            ordering: true,
            killers: true,
            history: true,
            history_malus: false,
            history_gravity: false,
            countermove: false,
            qsearch: true,
            lion_threats: true,
            null_move: false,
            lmr: true,
            reverse_futility: true,
            late_move_pruning: false,
            aspiration: false,
            iir: false,
            bad_captures: true,
            qs_bad: false,
            delta: false,
            tablebase: true,
            max_depth: None,
            contempt: 0,
            progress: 0,
            eval: EvalWeights::default(),
        }
    }

    /// The baseline of the matches: plain fixed-depth-4 alpha-beta on
    /// material only (no table, no ordering, no quiescence), like the
    /// public C# engine but one ply shallower.
    pub fn material_depth4() -> EngineConfig {
        EngineConfig {
            hash_mb: 1,
            threads: 1,
            tt: false,
            pvs: false,
            ordering: false,
            killers: false,
            history: false,
            history_malus: false,
            history_gravity: false,
            countermove: false,
            max_depth: Some(4),
            contempt: 0,
            progress: 0,
            eval: EvalWeights::material_only(),
            // And nothing that changes the value: quiescence, pruning,
            // tables off.
            ..EngineConfig::exact()
        }
    }

    /// The configuration whose fixed-depth values must equal a plain
    /// negamax's: every ordering feature on (they change the tree searched,
    /// never the value), nothing that changes the value.
    pub fn exact() -> EngineConfig {
        EngineConfig {
            tt_cutoffs: false,
            qsearch: false,
            lion_threats: false,
            null_move: false,
            lmr: false,
            reverse_futility: false,
            late_move_pruning: false,
            aspiration: false,
            iir: false,
            bad_captures: false,
            qs_bad: false,
            delta: false,
            tablebase: false,
            // The value as the rules give it: no scaling by quiet plies.
            progress: 0,
            ..EngineConfig::strongest()
        }
    }
}
