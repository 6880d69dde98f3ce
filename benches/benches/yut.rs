//! Yut Nori throughput: turns applied per second, boards drawn per second.

use std::hint::black_box;
use std::time::Duration;

use boardsh::yut::{Game, Throw, Token, TokenState, write_board};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A small deterministic generator (xorshift64), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `games` valid games of random turns, each played until a team has
/// escaped entirely (or 400 turns): a named escaped token is replaced by the
/// next one that can still move.
fn random_games(games: usize) -> Vec<Vec<(Token, Throw)>> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    (0..games)
        .map(|_| {
            let mut game = Game::new();
            let mut turns = Vec::new();
            while game.winner().is_none() && turns.len() < 400 {
                let r = rng.next();
                let first = (r % 8) as usize;
                let faces = [r & 256 != 0, r & 512 != 0, r & 1024 != 0, r & 2048 != 0];
                let throw = Throw::from_faces(faces);
                let token = (0..8)
                    .filter_map(|k| Token::ALL.get((first + k) % 8).copied())
                    .find(|&t| game.state(t) != TokenState::Escaped);
                let Some(token) = token else { break };
                if game.apply(token, throw).is_ok() {
                    turns.push((token, throw));
                }
            }
            turns
        })
        .collect()
}

fn bench_apply(c: &mut Criterion) {
    let games = random_games(200);
    let turns: usize = games.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("yut");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .throughput(Throughput::Elements(turns as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut escaped = 0usize;
            for game in &games {
                let mut g = Game::new();
                for &(token, throw) in game {
                    if let Ok(r) = g.apply(black_box(token), black_box(throw)) {
                        escaped += usize::from(r.to == TokenState::Escaped);
                    }
                }
                black_box(&g);
            }
            escaped
        })
    });
    group.finish();
}

fn bench_render(c: &mut Criterion) {
    // A snapshot of each random game half-way through: a busy board.
    let positions: Vec<Game> = random_games(200)
        .iter()
        .map(|turns| {
            let mut g = Game::new();
            for &(token, throw) in turns.iter().take(turns.len() / 2) {
                let _ = g.apply(token, throw);
            }
            g
        })
        .collect();
    let mut group = c.benchmark_group("yut");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .throughput(Throughput::Elements(positions.len() as u64));
    let mut out = Vec::with_capacity(2048);
    group.bench_function("write_board", |b| {
        b.iter(|| {
            for g in &positions {
                out.clear();
                write_board(black_box(g), &mut out);
                black_box(&out);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_apply, bench_render);
criterion_main!(benches);
