//! The course's searches in-process: tiny hand-worked trees, and the fast
//! fail-hard alpha-beta against an independent plain negamax (written
//! here, with its own evaluation) on random course positions.

use boardsh::congo::course::{
    Evaluation, NO_MOVE, Rules, Searched, WIN, alphabeta, evaluate, evaluate_advanced, minimax,
};
use boardsh::congo::moves::legal_moves;
use boardsh::congo::{Color, Move, Piece, PieceKind, Position, Square};
use boardsh::interrupt::Never;

fn fen(s: &str) -> Position {
    s.parse().unwrap()
}

fn search(s: &str, rules: Rules, depth: u32, eval: Evaluation) -> Searched {
    let pos = fen(s);
    let plain = minimax(&pos, rules, depth, eval, &Never).unwrap();
    let fast = alphabeta(&pos, rules, depth, eval, &Never).unwrap();
    assert_eq!((plain.value, plain.best), (fast.value, fast.best), "{s}");
    plain
}

fn best(r: &Searched) -> String {
    r.best.map(|m| m.to_string()).unwrap_or_default()
}

#[test]
fn facing_bare_lions() {
    // Only the lions: rule 1 evaluates 0, but the game is not over: the
    // lions face each other on the open d-file, so the side to move takes
    // the other lion (d1d7, the only capture). The child has no black lion:
    // raw 10000, Black to move -10000, negated +10000, at any depth >= 1.
    let bare = "3l3/7/7/7/7/7/3L3 w 0";
    assert_eq!(evaluate(&fen(bare)), 0);
    for eval in [Evaluation::Material, Evaluation::Advanced] {
        for depth in 1..=4 {
            let r = search(bare, Rules::Course2021, depth, eval);
            assert_eq!((r.value, best(&r).as_str()), (WIN, "d1d7"));
        }
        // Not facing (c1 and e7 share no file or diagonal): every leaf is
        // bare lions, 0.
        let r = search("4l2/7/7/7/7/7/2L4 w 0", Rules::Course2022, 2, eval);
        assert_eq!(r.value, 0);
    }
}

#[test]
fn lion_capture_inside_the_search() {
    // Black lion d7, white zebra c5, white pawn d3 (blocking the d-file),
    // white lion d1; Black to move, depth 2, material.
    // Black's moves are the lion's: d7c6 d7c7 d7d6 d7e6 d7e7. The zebra c5
    // attacks a4 a6 b3 b7 d7 e4 e6 (d3 is its own pawn): after d7e6 it
    // takes the lion (-10000 for Black); after the others White takes
    // nothing and Black's material view is -(300 + 100) = -400. The value
    // is -400 and the first move reaching it is d7c6.
    let pos = "3l3/7/2Z4/7/3P3/7/3L3 b 0";
    let r = search(pos, Rules::Course2021, 2, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (-400, "d7c6"));
    // Inside that tree: after d7e6, White (depth 1) takes the lion.
    let r = search(
        "7/4l2/2Z4/7/3P3/7/3L3 w 1",
        Rules::Course2021,
        1,
        Evaluation::Material,
    );
    assert_eq!((r.value, best(&r).as_str()), (WIN, "c5e6"));
}

#[test]
fn promotion_inside_the_search() {
    // White lion c1, white pawn b6, black lion e7 (no shared line).
    // Depth 1, material: b6a7, b6b7 or b6c7 reaches the far rank: a
    // superpawn (350) in 2022, still a pawn (100) in 2021; the lion's
    // moves keep 100. 2022: 350 by b6a7, the first of the three; 2021:
    // every move gives 100, so the first move, b6a7, again.
    let pos = "4l2/1P5/7/7/7/7/2L4 w 0";
    let r = search(pos, Rules::Course2022, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (350, "b6a7"));
    let r = search(pos, Rules::Course2021, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (100, "b6a7"));
    // Depth 2: Black's lion (d6 d7 e6) cannot reach a7/b7/c7, so the
    // values stand.
    assert_eq!(
        search(pos, Rules::Course2022, 2, Evaluation::Material).value,
        350
    );
    assert_eq!(
        search(pos, Rules::Course2021, 2, Evaluation::Material).value,
        100
    );
}

#[test]
fn drowning_inside_the_search() {
    // White elephant a4 (in the river), white pawn g2, black zebra b4 (in
    // the river), lions c1 and e7. Material now 200 + 100 - 300 = 0.
    // Depth 1: a4b4 takes the zebra and the elephant drowns (from the
    // river into it): 100. The elephant leaving (a2 a3 a5 a6) keeps 0;
    // a4c4 drowns it with the zebra still there: -200; any other move
    // drowns it too: -200. So 100 by a4b4 (without drowning: 300).
    let pos = "4l2/7/7/Ez5/7/6P/2L4 w 0";
    let r = search(pos, Rules::Course2021, 1, Evaluation::Material);
    assert_eq!((r.value, best(&r).as_str()), (100, "a4b4"));
}

#[test]
fn hand_out_searches() {
    // The hand-outs' samples (spec/course/part4-2021.txt, part5-2022.txt).
    let r = search(
        "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
        Rules::Course2021,
        2,
        Evaluation::Material,
    );
    assert_eq!(r.value, 800);
    let pos = fen("1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35");
    let r = alphabeta(&pos, Rules::Course2022, 4, Evaluation::Advanced, &Never).unwrap();
    assert_eq!(r.value, -669);
}

// ---- an independent plain negamax ----

/// The material values of the hand-outs (boardsh's own for C and M).
fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Elephant => 200,
        PieceKind::Zebra => 300,
        PieceKind::Superpawn | PieceKind::Crocodile => 350,
        PieceKind::Giraffe => 400,
        PieceKind::Monkey => 300,
        PieceKind::Lion => 0,
    }
}

fn pieces(pos: &Position) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
        .collect()
}

/// Rules 1-3 of the hand-outs, from White's side.
fn decided(pos: &Position) -> Option<i32> {
    let all = pieces(pos);
    let lion = |c| {
        all.iter()
            .any(|(_, p)| *p == Piece::new(c, PieceKind::Lion))
    };
    let (w, b) = (lion(Color::White), lion(Color::Black));
    if w && b && all.iter().all(|(_, p)| p.kind == PieceKind::Lion) {
        Some(0)
    } else if !b {
        Some(10_000)
    } else if !w {
        Some(-10_000)
    } else {
        None
    }
}

fn signed(pos: &Position, raw: i32) -> i32 {
    if pos.side_to_move() == Color::White {
        raw
    } else {
        -raw
    }
}

fn material_white(pos: &Position) -> i32 {
    pieces(pos)
        .iter()
        .map(|(_, p)| {
            if p.color == Color::White {
                value(p.kind)
            } else {
                -value(p.kind)
            }
        })
        .sum()
}

/// Mobility and attack of `color`: its moves as listed, and for each the
/// piece on the target square (plus 10 when it is the lion).
fn activity(pos: &Position, color: Color) -> (i32, i32) {
    let mut turned = pos.clone();
    turned.set_side_to_move(color);
    let moves = legal_moves(&turned);
    let attack = moves
        .iter()
        .map(|m| match pos.piece_at(m.to()) {
            Some(p) if p.color != color => 1 + if p.kind == PieceKind::Lion { 10 } else { 0 },
            _ => 0,
        })
        .sum();
    (moves.len() as i32, attack)
}

fn advanced(pos: &Position) -> i32 {
    let raw = decided(pos).unwrap_or_else(|| {
        let (wm, wa) = activity(pos, Color::White);
        let (bm, ba) = activity(pos, Color::Black);
        material_white(pos) + (wm - bm) + (wa - ba)
    });
    signed(pos, raw)
}

/// The child after `mv`, with the 2021 demotion done by hand.
fn child(pos: &Position, mv: Move, promotes: bool) -> Position {
    let mut next = pos.after(mv).unwrap();
    if !promotes
        && let Some(p) = next.piece_at(mv.to())
        && p.kind == PieceKind::Superpawn
        && pos.piece_at(mv.from()).map(|q| q.kind) == Some(PieceKind::Pawn)
    {
        next.set(mv.to(), Some(Piece::new(p.color, PieceKind::Pawn)));
    }
    next
}

fn negamax(pos: &Position, depth: u32, promotes: bool) -> i32 {
    let over = decided(pos).is_some_and(|r| r != 0);
    if over || depth == 0 {
        return advanced(pos);
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return NO_MOVE;
    }
    moves
        .iter()
        .map(|&m| -negamax(&child(pos, m, promotes), depth - 1, promotes))
        .max()
        .unwrap()
}

/// A small xorshift generator: the same positions on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random position of `rules`' pieces: the lions in their castles, then
/// `extra` more pieces on empty squares, either side to move.
fn random_position(rng: &mut Rng, rules: Rules, extra: usize) -> Position {
    let mut pos = Position::empty();
    let castle = |rng: &mut Rng, ranks: [u8; 3]| {
        let file = ["c", "d", "e"][rng.below(3) as usize];
        let rank = ranks[rng.below(3) as usize];
        format!("{file}{rank}").parse::<Square>().unwrap()
    };
    let wl = castle(rng, [1, 2, 3]);
    let bl = castle(rng, [5, 6, 7]);
    pos.set(wl, Some(Piece::new(Color::White, PieceKind::Lion)));
    pos.set(bl, Some(Piece::new(Color::Black, PieceKind::Lion)));
    let kinds: Vec<PieceKind> = rules
        .kinds()
        .iter()
        .copied()
        .filter(|k| *k != PieceKind::Lion)
        .collect();
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
        let kind = kinds[rng.below(kinds.len() as u64) as usize];
        pos.set(sq, Some(Piece::new(color, kind)));
        placed += 1;
    }
    pos.set_side_to_move(if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    pos
}

#[test]
fn evaluations_agree_with_the_independent_ones() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..400 {
        let rules = [Rules::Course2021, Rules::Course2022][i % 2];
        let pos = random_position(&mut rng, rules, 1 + i % 14);
        assert_eq!(evaluate_advanced(&pos), advanced(&pos), "{pos}");
        let material = decided(&pos).unwrap_or_else(|| material_white(&pos));
        assert_eq!(evaluate(&pos), signed(&pos, material), "{pos}");
    }
}

#[test]
fn alphabeta_equals_plain_negamax_on_random_positions() {
    // Depth 3 on positions of 2..6 extra pieces, depth 4 on 1..2: small
    // enough for a debug build, big enough for captures, promotions,
    // drownings and lion captures inside the trees.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for i in 0..24 {
        let rules = [Rules::Course2021, Rules::Course2022][i % 2];
        let (depth, extra) = if i % 4 == 0 {
            (4, 1 + i % 2)
        } else {
            (3, 2 + i % 5)
        };
        let pos = random_position(&mut rng, rules, extra);
        let expected = negamax(&pos, depth, rules.promotes());
        let fast = alphabeta(&pos, rules, depth, Evaluation::Advanced, &Never).unwrap();
        assert_eq!(fast.value, expected, "{rules} depth {depth}: {pos}");
    }
}
