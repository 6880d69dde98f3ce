//! The start positions of a `boardsh selfplay --out-dir` data job: the
//! first game's opening of each of its first shards, as a `match
//! --openings` file (one FEN a line). Openings out of the training data,
//! for tests that must not use openings the engine never learned from.
//!
//! `cargo run --release -p boardsh-lab --bin data_openings -- SEED SHARDS [PLIES]`
//!
//! SEED is the job's `--seed`, PLIES its `--opening-plies` (default 8).
//! `lab/passive-openings.txt` is `data_openings 50 10`: gen 2's job
//! (docs/nnue.md), shards 0 to 9.
use boardsh::congo::{Openings, Position};
use boardsh::front::selfplay_shards::shard_seed;
use clap::Parser;

#[derive(Parser)]
struct Args {
    /// The data job's seed.
    seed: u64,
    /// How many shards (one opening each, shards 0 up).
    shards: u64,
    /// Random plies of an opening.
    #[arg(default_value_t = 8)]
    plies: u32,
}

fn main() {
    let args = Args::parse();
    println!(
        "# the first opening of shards 0 to {} of the selfplay job of seed {}, {} plies (data_openings)",
        args.shards.saturating_sub(1),
        args.seed,
        args.plies
    );
    for k in 0..args.shards {
        let Some(line) = Openings::new(shard_seed(args.seed, k), args.plies).next() else {
            continue;
        };
        let mut pos = Position::start();
        for mv in line {
            if pos.play(mv).is_err() {
                break;
            }
        }
        println!("{pos}");
    }
}
