//! The engine: Zobrist keys against a from-scratch hash over random games,
//! fixed-depth values against an independent plain negamax written here,
//! and mate-distance scoring on hand-worked positions.

use boardsh::congo::search::{Engine, EngineConfig, EvalWeights, Limits, Score, evaluate_with};
use boardsh::congo::{Color, Piece, PieceKind, Position, Square, fen, legal_moves};
use boardsh::interrupt::Never;
use std::collections::HashMap;

/// xorshift64: a small seeded generator, so every run tests the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The board and side to move as text, without the move number: what a
/// Zobrist key must be a function of.
fn board_of(pos: &Position) -> String {
    let fen = pos.to_string();
    fen.rsplit_once(' ')
        .map(|(b, _)| b.to_string())
        .unwrap_or(fen)
}

/// The same as [`board_of`] (every square's piece, the side to move) as
/// bytes: the plain negamax compares its path with this at every node, and
/// formatting a FEN there was about half of that search's time.
type BoardKey = [u8; 50];

fn key_of(pos: &Position) -> BoardKey {
    let mut key = [b'.'; 50];
    for (i, k) in key.iter_mut().take(49).enumerate() {
        let sq = Square::new(i as u8).unwrap();
        if let Some(p) = pos.piece_at(sq) {
            *k = p.char() as u8;
        }
    }
    key[49] = match pos.side_to_move() {
        Color::White => b'w',
        Color::Black => b'b',
    };
    key
}

#[test]
fn zobrist_matches_from_scratch_over_random_games() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    // Every key seen, with the board it belongs to: equal boards must have
    // equal keys, different boards (almost surely) different ones.
    let mut seen: HashMap<u64, String> = HashMap::new();
    for _game in 0..200 {
        let mut pos = Position::start();
        for _ply in 0..120 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play(mv).unwrap();
            assert_eq!(
                pos.zobrist(),
                pos.zobrist_from_scratch(),
                "after {mv} in {pos}"
            );
            let board = board_of(&pos);
            let prev = seen.entry(pos.zobrist()).or_insert_with(|| board.clone());
            assert_eq!(*prev, board, "two boards share a key");
        }
    }
    assert!(seen.len() > 10_000);
}

#[test]
fn zobrist_follows_setup_and_ignores_move_number() {
    let mut pos = Position::empty();
    assert_eq!(pos.zobrist(), 0);
    let d4: Square = "d4".parse().unwrap();
    pos.set(d4, Some(Piece::new(Color::White, PieceKind::Monkey)));
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    let with_monkey = pos.zobrist();
    // Replacing the piece, then clearing the square, goes back to empty.
    pos.set(d4, Some(Piece::new(Color::Black, PieceKind::Zebra)));
    assert_ne!(pos.zobrist(), with_monkey);
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    pos.set(d4, None);
    assert_eq!(pos.zobrist(), 0);
    pos.set_side_to_move(Color::Black);
    assert_ne!(pos.zobrist(), 0);
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    pos.set_side_to_move(Color::Black);
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    let before = pos.zobrist();
    pos.set_move_number(17);
    assert_eq!(pos.zobrist(), before);
    // FEN parsing sets up through the same calls.
    let a = fen::parse("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0").unwrap();
    let b = fen::parse("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 9").unwrap();
    assert_eq!(a.zobrist(), Position::start().zobrist());
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(a.zobrist(), a.zobrist_from_scratch());
}

#[test]
fn zobrist_consistent_through_captures_promotion_drowning() {
    // Random games from crowded random set-ups: monkey chains, drowning and
    // promotion happen far more often than from the start.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300 {
        let mut pos = random_position(&mut rng, 14);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        for _ply in 0..40 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play(mv).unwrap();
            assert_eq!(
                pos.zobrist(),
                pos.zobrist_from_scratch(),
                "after {mv} in {pos}"
            );
        }
    }
}

/// Lions in their castles plus `extra` random other pieces on random
/// squares (anything goes in a set-up position), either side to move.
fn random_position(rng: &mut Rng, extra: usize) -> Position {
    let mut pos = Position::empty();
    let castle = |rng: &mut Rng, ranks: [u8; 3]| -> Square {
        let file = b"cde"[rng.below(3)] as char;
        let rank = (b'0' + ranks[rng.below(3)]) as char;
        format!("{file}{rank}").parse().unwrap()
    };
    let w = castle(rng, [1, 2, 3]);
    let b = castle(rng, [5, 6, 7]);
    pos.set(w, Some(Piece::new(Color::White, PieceKind::Lion)));
    pos.set(b, Some(Piece::new(Color::Black, PieceKind::Lion)));
    let kinds = [
        PieceKind::Pawn,
        PieceKind::Superpawn,
        PieceKind::Giraffe,
        PieceKind::Monkey,
        PieceKind::Elephant,
        PieceKind::Crocodile,
        PieceKind::Zebra,
    ];
    let mut placed = 0;
    while placed < extra {
        let sq = Square::new(rng.below(49) as u8).unwrap();
        if pos.piece_at(sq).is_some() {
            continue;
        }
        let color = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        pos.set(sq, Some(Piece::new(color, kinds[rng.below(kinds.len())])));
        placed += 1;
    }
    pos.set_side_to_move(if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    pos
}

/// The win value convention, written out independently: capturing the
/// enemy lion at ply `p` is worth `MATE - p`; a side to move without its
/// lion, or without a legal move, has `-(MATE - p)`.
const MATE: i32 = 30_000;

/// Plain negamax, no pruning: every legal move to `depth` plies, the
/// evaluation at the leaves, a repeated position on the path a draw.
fn negamax(pos: &Position, depth: u32, ply: i32, path: &mut Vec<BoardKey>, w: &EvalWeights) -> i32 {
    let us = pos.side_to_move();
    let has = |c| pos.pieces(Piece::new(c, PieceKind::Lion)).any();
    match (has(us), has(!us)) {
        (false, false) => return 0,
        (false, true) => return -(MATE - ply),
        (true, false) => return MATE - ply,
        (true, true) => {}
    }
    let board = key_of(pos);
    if path.contains(&board) {
        return 0;
    }
    if depth == 0 {
        return evaluate_with(pos, w);
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return -(MATE - ply);
    }
    path.push(board);
    let mut best = i32::MIN;
    for mv in moves {
        let next = pos.after(mv).unwrap();
        best = best.max(-negamax(&next, depth - 1, ply + 1, path, w));
    }
    path.pop();
    best
}

/// The score the engine must report for a root value `v`: distances in
/// moves of the winner (ply 1 = our first move, ply 2 = their first).
fn expected_score(v: i32) -> Score {
    if v > MATE - 1000 {
        Score::WinIn(((MATE - v) as u32).div_ceil(2))
    } else if v < -(MATE - 1000) {
        Score::LossIn(((MATE + v) as u32) / 2)
    } else {
        Score::Cp(v)
    }
}

fn search(config: EngineConfig, pos: &Position, depth: u32) -> boardsh::congo::search::SearchInfo {
    let mut engine = Engine::new(config);
    engine.search(pos, &[], &Limits::depth(depth), &Never, &mut |_| {})
}

/// Compare the engine at `depth` with the plain negamax on `count` random
/// positions of `extra` pieces; returns how many had a decided (won/lost)
/// value, so the caller can check both kinds were covered.
fn compare(config: EngineConfig, seed: u64, count: usize, extra: usize, depth: u32) -> usize {
    let mut rng = Rng(seed);
    let mut decided = 0;
    for _ in 0..count {
        let pos = random_position(&mut rng, extra);
        let expected = negamax(&pos, depth, 0, &mut Vec::new(), &config.eval);
        let info = search(config, &pos, depth);
        assert_eq!(
            info.score,
            expected_score(expected),
            "value of {pos} at depth {depth}"
        );
        // The move it names must reach that value too.
        if let Some(best) = info.best {
            let next = pos.after(best).unwrap();
            let mut path = vec![key_of(&pos)];
            let v = -negamax(&next, depth - 1, 1, &mut path, &config.eval);
            assert_eq!(v, expected, "best move {best} of {pos} at depth {depth}");
        } else {
            assert!(legal_moves(&pos).is_empty());
        }
        if expected.abs() > MATE - 1000 {
            decided += 1;
        }
    }
    decided
}

#[test]
fn fixed_depth_equals_plain_negamax_full_eval() {
    // Table (ordering only), PVS, killers, history, capture ordering on.
    let decided = compare(EngineConfig::exact(), 0x1234_5678_9abc_def1, 100, 5, 3);
    assert!(decided > 0, "no won or lost position among the samples");
}

#[test]
fn fixed_depth_equals_plain_negamax_material() {
    let config = EngineConfig {
        eval: EvalWeights::material_only(),
        ..EngineConfig::exact()
    };
    compare(config, 0x0bad_cafe_f00d_0001, 20, 4, 4);
}

#[test]
fn aspiration_windows_keep_the_plain_negamax_value() {
    // Depth 4 is the first searched in a window (±40 cp around depth 3's
    // score); material steps are 100 cp or more, so a change of material
    // between depths fails low or high and is searched again: the value
    // must not change.
    let config = EngineConfig {
        eval: EvalWeights::material_only(),
        aspiration: true,
        ..EngineConfig::exact()
    };
    compare(config, 0x0a5b_1c2d_3e4f_5061, 20, 4, 4);
}

#[test]
fn baseline_is_plain_depth4_negamax_on_material() {
    let config = EngineConfig::material_depth4();
    let mut rng = Rng(0x5151_5151_5151_5151);
    for _ in 0..12 {
        let pos = random_position(&mut rng, 5);
        let expected = negamax(&pos, 4, 0, &mut Vec::new(), &EvalWeights::material_only());
        // Asked for more, the baseline still searches 4 plies.
        let info = search(config, &pos, 9);
        assert_eq!(info.score, expected_score(expected), "{pos}");
        assert!(info.depth <= 4);
    }
}

fn pos(f: &str) -> Position {
    fen::parse(f).unwrap()
}

#[test]
fn facing_lions_win_in_one() {
    // Lions on the open d-file: the side to move captures at once (ply 1).
    let p = pos("3l3/7/7/7/7/7/3L3 w 0");
    for depth in [1, 2, 5] {
        let info = search(EngineConfig::strongest(), &p, depth);
        assert_eq!(info.score, Score::WinIn(1));
        assert_eq!(info.best.unwrap().to_string(), "d1d7");
    }
}

#[test]
fn forced_loss_in_one_and_win_in_two() {
    // Black: lion d7 alone; it must step to c7, c6, d6, e6 or e7. White
    // zebras a5 (reaches c6) and b5 (c7, d6), and the white lion on e3
    // faces e6 and e7 up the empty e-file: every step is captured next
    // ply. Nothing white stands in the river, so nothing drowns.
    let black = pos("3l3/7/ZZ5/7/4L2/P6/7 b 0");
    for depth in [2, 3, 4] {
        let info = search(EngineConfig::strongest(), &black, depth);
        assert_eq!(info.score, Score::LossIn(1), "depth {depth}");
    }
    // White to move: no capture of d7 now (no zebra leap or lion line
    // reaches it), but a waiting move (a2a3) leaves Black in the position
    // above: win on White's second move (ply 3).
    let white = pos("3l3/7/ZZ5/7/4L2/P6/7 w 0");
    // Without quiescence (which would try the capture beyond the horizon)
    // two plies cannot see it.
    let info = search(EngineConfig::exact(), &white, 2);
    assert!(matches!(info.score, Score::Cp(_)), "no win within 2 plies");
    for depth in [3, 4, 5] {
        let info = search(EngineConfig::strongest(), &white, depth);
        assert_eq!(info.score, Score::WinIn(2), "depth {depth}");
    }
}

#[test]
fn prefers_the_fastest_win() {
    // Same set-up plus the lions facing on the open d-file: White can wait
    // (win in 2) or capture now (win in 1); it must capture now.
    let p = pos("3l3/7/ZZ5/7/7/P6/3L3 w 0");
    let info = search(EngineConfig::strongest(), &p, 5);
    assert_eq!(info.score, Score::WinIn(1));
    assert_eq!(info.best.unwrap().to_string(), "d1d7");
}

#[test]
fn no_move_when_the_game_is_over() {
    // No white lion: the game is over, White has lost, nothing to play.
    let info = search(EngineConfig::strongest(), &pos("3l3/7/7/7/7/7/7 w 0"), 3);
    assert_eq!(info.best, None);
    assert_eq!(info.score, Score::LossIn(0));
}

#[test]
fn stops_at_node_limit_with_a_move() {
    let mut engine = Engine::new(EngineConfig::strongest());
    let start = Position::start();
    let info = engine.search(&start, &[], &Limits::nodes(500), &Never, &mut |_| {});
    assert!(info.best.is_some());
    assert!(info.nodes <= 500);
    // The same limit gives the same answer (after forgetting the tables).
    engine.new_game();
    let again = engine.search(&start, &[], &Limits::nodes(500), &Never, &mut |_| {});
    assert_eq!(
        (again.best, again.score, again.nodes),
        (info.best, info.score, info.nodes)
    );
}

#[test]
fn interrupted_at_once_still_returns_a_legal_move() {
    let mut engine = Engine::new(EngineConfig::strongest());
    let flag = std::sync::atomic::AtomicBool::new(true);
    let start = Position::start();
    let info = engine.search(&start, &[], &Limits::default(), &flag, &mut |_| {});
    let best = info.best.unwrap();
    assert!(legal_moves(&start).contains(&best));
}

#[test]
fn repetition_in_history_is_a_draw() {
    // White's zebra f1 can take the black giraffe on g3 (+3 pawns of
    // material); no other white move captures anything, and the lions (c1,
    // e7) share no file or diagonal. With the position after f1g3 in the
    // game's history, playing it repeats a position: a draw (0), so at
    // depth 1 nothing is worth a piece any more.
    let p = pos("4l2/7/7/7/6g/7/2L2Z1 w 0");
    let capture = "f1g3".parse().unwrap();
    let after = p.after(capture).unwrap();
    let mut engine = Engine::new(EngineConfig::strongest());
    let free = engine.search(&p, &[], &Limits::depth(1), &Never, &mut |_| {});
    assert_eq!(free.best, Some(capture));
    assert!(
        matches!(free.score, Score::Cp(v) if v >= 200),
        "{:?}",
        free.score
    );
    engine.new_game();
    let history = [Position::start().zobrist(), after.zobrist()];
    let rep = engine.search(&p, &history, &Limits::depth(1), &Never, &mut |_| {});
    assert!(
        matches!(rep.score, Score::Cp(v) if v < 200),
        "{:?}",
        rep.score
    );
}
