//! The course's Part 5 search: boardsh's fail-hard alpha-beta against a
//! straightforward implementation of the hand-out's pseudocode, both at
//! depth 4 with the advanced evaluation, over the course's own positions
//! (the 500 of 2022's `random.in`, the 1000 of 2021's move-generation file).
//!
//! The straightforward one is what a student writes from the hand-out:
//! generate the move list, make each move with the checked `after`, and
//! evaluate by listing both sides' moves and looking at each target
//! square. Both must give the same values (checked before timing).
//!
//! `cargo bench -p boardsh-benches --bench course` (from the repository
//! root); each measurement is a whole file, so divide by 5 (or 10) for the
//! time per hundred positions.

use boardsh::congo::Rules;
use boardsh::congo::course::{Evaluation, alphabeta};
use boardsh::congo::legal_moves;
use boardsh::congo::{Color, Move, Piece, PieceKind, Position, Square};
use boardsh::interrupt::Never;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn positions(path: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(path).expect("course data");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().parse().expect("FEN"))
        .collect()
}

// ---- the hand-out's pseudocode, written the plain way ----

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

fn lion(pos: &Position, color: Color) -> bool {
    pos.lion(color).is_some()
}

fn evaluate(pos: &Position) -> i32 {
    let all: Vec<Piece> = Square::all().filter_map(|s| pos.piece_at(s)).collect();
    let raw = if all.len() == 2 && all.iter().all(|p| p.kind == PieceKind::Lion) {
        0
    } else if !lion(pos, Color::Black) {
        10_000
    } else if !lion(pos, Color::White) {
        -10_000
    } else {
        let mut score = 0;
        for p in &all {
            let v = value(p.kind);
            score += if p.color == Color::White { v } else { -v };
        }
        for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
            let mut turned = pos.clone();
            turned.set_side_to_move(color);
            let moves = legal_moves(&turned);
            let mut attack = 0;
            for m in &moves {
                if let Some(p) = pos.piece_at(m.to())
                    && p.color != color
                {
                    attack += 1;
                    if p.kind == PieceKind::Lion {
                        attack += 10;
                    }
                }
            }
            score += sign * (moves.len() as i32 + attack);
        }
        score
    };
    if pos.side_to_move() == Color::White {
        raw
    } else {
        -raw
    }
}

fn game_over(pos: &Position) -> bool {
    !lion(pos, Color::White) || !lion(pos, Color::Black)
}

fn plain_alphabeta(pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if game_over(pos) || depth == 0 {
        return evaluate(pos);
    }
    let moves: Vec<Move> = legal_moves(pos);
    for m in moves {
        let next = pos.after(m).expect("legal");
        let eval = -plain_alphabeta(&next, depth - 1, -beta, -alpha);
        if eval >= beta {
            return beta;
        }
        if eval > alpha {
            alpha = eval;
        }
    }
    alpha
}

fn search(c: &mut Criterion) {
    let files = [
        (
            "2022-500",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../tests/data/course/official/2022/eval5-500.in"
            ),
            Rules::Course2022,
        ),
        (
            "2021-1000",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../tests/data/course/official/2021/movegen-1000.in"
            ),
            Rules::Course2021,
        ),
    ];
    let mut group = c.benchmark_group("alphabeta4");
    group.sample_size(10);
    for (name, path, rules) in files {
        let all = positions(path);
        // The plain search promotes (boardsh's `after`): compare it on the
        // 2022 file, where that is the rule.
        if rules == Rules::Course2022 {
            for pos in all.iter().take(25) {
                let fast = alphabeta(pos, rules, 4, Evaluation::Advanced, &Never).expect("value");
                assert_eq!(fast.value, plain_alphabeta(pos, 4, -10_000_000, 10_000_000));
            }
            let first100 = &all[..100];
            group.bench_function(format!("plain/{name}/first-100"), |b| {
                b.iter(|| {
                    first100
                        .iter()
                        .map(|p| plain_alphabeta(black_box(p), 4, -10_000_000, 10_000_000))
                        .sum::<i32>()
                })
            });
        }
        group.bench_function(format!("boardsh/{name}"), |b| {
            b.iter(|| {
                all.iter()
                    .map(|p| {
                        alphabeta(black_box(p), rules, 4, Evaluation::Advanced, &Never)
                            .map_or(0, |r| r.value)
                    })
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = search
}
criterion_main!(benches);
