//! Lazy SMP speed: wall and CPU time to a fixed depth from the start on
//! 1, 2, ... threads, each run on a fresh engine.
//!
//! `cargo run --release --example smp_depth -- [depth] [runs] [max_threads]`
//! (defaults 9, 3, 2). CPU time is the whole process's (every thread), read
//! with getrusage; on a shared machine the wall time depends on the load.
use boardsh::congo::Position;
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::interrupt::Never;
use std::time::Instant;

/// User plus system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes one `rusage` through the pointer, which
    // points to a live, writable, zeroed `rusage`.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &raw mut ru) };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(9);
    let runs: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let max_threads: usize = args.next().and_then(|d| d.parse().ok()).unwrap_or(2);
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
