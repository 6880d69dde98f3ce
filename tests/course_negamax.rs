//! The course's evaluations and fast fail-hard alpha-beta against an
//! independent plain negamax written here (its own evaluation, its own
//! 2021 demotion) on random course positions, and the hand-out samples'
//! terms and best moves as the prompt prints them.

use boardsh::congo::course::{
    Evaluation, NO_MOVE, alphabeta, evaluate, evaluate_advanced, minimax, terms,
};
use boardsh::congo::legal_moves;
use boardsh::congo::{Color, Move, Piece, PieceKind, Position, Rules, Square};
use boardsh::interrupt::Never;

fn fen(s: &str) -> Position {
    s.parse().unwrap()
}

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

/// Independent negamax with the material evaluation (the hand-outs' Part 4).
fn negamax_material(pos: &Position, depth: u32, promotes: bool) -> i32 {
    let over = decided(pos).is_some_and(|r| r != 0);
    if over || depth == 0 {
        return signed(pos, decided(pos).unwrap_or_else(|| material_white(pos)));
    }
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return NO_MOVE;
    }
    moves
        .iter()
        .map(|&m| -negamax_material(&child(pos, m, promotes), depth - 1, promotes))
        .max()
        .unwrap()
}

/// The first move in sorted order reaching the best of `values`.
fn first_best(moves: &[Move], values: &[i32]) -> (i32, Move) {
    let best = *values.iter().max().unwrap();
    let i = values.iter().position(|&v| v == best).unwrap();
    (best, moves[i])
}

#[test]
fn hand_out_samples_at_the_prompt() {
    // What `tests/scripts/course/hand-outs-*.bsh` print: the hand-outs'
    // values (spec/course/part4-*.txt, part5-*.txt), the terms of the
    // advanced evaluation from the independent `activity` above, and the
    // best moves: minimax 2 by the independent negamax at every root move,
    // alphabeta 4 by boardsh's depth-3 values of the children (checked
    // against the plain negamax above) with the root choice made here.
    let cases = [
        // (rules, FEN, minimax 2, alphabeta 4)
        (
            Rules::Course2021,
            "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4",
            -100,
            -103,
        ),
        (
            Rules::Course2021,
            "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
            800,
            832,
        ),
        (
            Rules::Course2021,
            "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12",
            -1000,
            -914,
        ),
        (
            Rules::Course2022,
            "3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4",
            -100,
            -105,
        ),
        (
            Rules::Course2022,
            "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
            750,
            1020,
        ),
        (
            Rules::Course2022,
            "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35",
            -1200,
            -669,
        ),
    ];
    for (rules, f, m2, ab4) in cases {
        let pos = fen(f);
        let promotes = rules.promotes();
        let moves = legal_moves(&pos);
        let children: Vec<Position> = moves.iter().map(|&m| child(&pos, m, promotes)).collect();
        let v2: Vec<i32> = children
            .iter()
            .map(|c| -negamax_material(c, 1, promotes))
            .collect();
        let (value, best) = first_best(&moves, &v2);
        let lib = minimax(&pos, rules, 2, Evaluation::Material, &Never).unwrap();
        assert_eq!((value, lib.value, lib.best), (m2, m2, Some(best)), "{f}");
        let v4: Vec<i32> = children
            .iter()
            .map(|c| {
                -alphabeta(c, rules, 3, Evaluation::Advanced, &Never)
                    .unwrap()
                    .value
            })
            .collect();
        let (value, best) = first_best(&moves, &v4);
        let lib = alphabeta(&pos, rules, 4, Evaluation::Advanced, &Never).unwrap();
        assert_eq!((value, lib.value, lib.best), (ab4, ab4, Some(best)), "{f}");
        let t = terms(&pos);
        let (wm, wa) = activity(&pos, Color::White);
        let (bm, ba) = activity(&pos, Color::Black);
        assert_eq!(
            (t.material, t.mobility, t.attack),
            (material_white(&pos), wm - bm, wa - ba),
            "{f}"
        );
    }
}
