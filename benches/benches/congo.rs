//! Congo benchmarks: perft from the start position and the piece listing.
//!
//! Short measurement times keep a run under half a minute; use
//! `cargo bench -p boardsh-benches --bench congo` and compare against the targets in the
//! brief (perft 5 < 0.5 s).

use boardsh::congo::{START_FEN, fen, perft, write_listing};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn perft_start(c: &mut Criterion) {
    let pos = fen::parse(START_FEN).expect("start FEN");
    let mut group = c.benchmark_group("perft_start");
    group.sample_size(10);
    group.bench_function("depth_4", |b| b.iter(|| perft(black_box(&pos), 4)));
    group.bench_function("depth_5", |b| b.iter(|| perft(black_box(&pos), 5)));
    group.finish();
}

fn listing(c: &mut Criterion) {
    let pos = fen::parse("4l2/3g1pP/1p2e2/3sMe1/E2zSpp/4S2/2sL3 w 0").expect("FEN");
    let mut out = Vec::with_capacity(512);
    c.bench_function("write_listing", |b| {
        b.iter(|| {
            out.clear();
            write_listing(black_box(&pos), &mut out);
            out.len()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = perft_start, listing
}
criterion_main!(benches);
