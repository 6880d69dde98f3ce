//! Lazy SMP speed: wall and CPU time to a fixed depth from the start on
//! 1, 2, ... threads, each run on a fresh engine.
//!
//! `cargo run --release -p boardsh-lab --bin smp_depth -- [depth] [runs] [max_threads]`
//! (defaults 9, 3, 2). CPU time is the whole process's (every thread), from
//! `/proc/self/stat`; on a shared machine the wall time depends on the load.
use boardsh::congo::Position;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::interrupt::Never;
use boardsh_lab::cpu_seconds;
use clap::Parser;
use std::time::Instant;

/// Lazy SMP: time to a fixed depth on 1 to MAX_THREADS threads.
#[derive(Parser)]
struct Args {
    #[arg(default_value_t = 9)]
    depth: u32,
    #[arg(default_value_t = 3)]
    runs: u32,
    #[arg(default_value_t = 2)]
    max_threads: usize,
}

fn main() {
    let Args {
        depth,
        runs,
        max_threads,
    } = Args::parse();
    // Unknown CPU time (no /proc) prints as NaN.
    let cpu_seconds = || cpu_seconds().unwrap_or(f64::NAN);
    for run in 1..=runs {
        for threads in 1..=max_threads {
            let mut engine = Engine::new(EngineConfig {
                threads,
                ..EngineConfig::strongest()
            });
            let (wall, cpu) = (Instant::now(), cpu_seconds());
            let info = engine.search(
                &Position::start(),
                &[],
                &Limits::depth(depth),
                &Never,
                &mut |_| {},
            );
            println!(
                "run {run} threads {threads} depth {depth}: wall {:.2} s cpu {:.2} s nodes {} best {} score {}",
                wall.elapsed().as_secs_f64(),
                cpu_seconds() - cpu,
                info.nodes,
                info.best.map_or_else(|| "none".into(), |m| m.to_string()),
                info.score
            );
        }
    }
}
