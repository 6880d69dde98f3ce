//! `boardsh selfplay --out-dir DIR`: self-play data at scale, for the
//! network's trainer, as a resumable job of shards.
//!
//! The games are cut into shards of `--shard-games` games. Shard `k`
//! plays its own openings (seeded by the job's seed and `k`), so every
//! shard is the same whichever run, thread or order plays it. A finished
//! shard is written atomically as `shard-NNNNNN.txt` (temporary file,
//! then a rename), so a file of that name is whole; a run started again
//! skips the shards it finds and plays the rest. Ctrl-C, a hang-up or a
//! kill costs at most the shards in play. `job.txt` holds the settings
//! that decide the data; a run with other settings is refused rather than
//! mixing two jobs in one directory.
//!
//! `--jobs N` plays N shards at once, each thread with its own engine of
//! one search thread. `--shard K/N` plays only slice K of N of the shards
//! ([`super::shard_slice`]), so that N processes or machines (GNU
//! parallel, a Slurm array) share one job, in one directory or in N whose
//! shard files together are one run's. Positions are not deduplicated here (a shard does not
//! see the others): the trainer drops repeated positions as it loads.

use super::selfplay::SelfplayArgs;
use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE};
use crate::congo::eval::Evaluator;
use crate::congo::nnue::Network;
use crate::congo::openings::Openings;
use crate::congo::search::datagen::{self, data_line};
use crate::congo::search::{Engine, EngineConfig, Limits};
use crate::shell::Live;
use std::fs;
use std::io::{self, IsTerminal};
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The name of shard `k`'s file.
pub fn shard_name(k: u64) -> String {
    format!("shard-{k:06}.txt")
}

/// The seed of shard `k`'s openings: the job's seed and `k` mixed
/// (SplitMix64's finaliser), so neighbouring shards share no openings
/// by construction of the seeds.
pub fn shard_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(k.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The settings that decide a job's data, as `job.txt` holds them.
pub fn job_text(args: &SelfplayArgs, net: &str) -> String {
    format!(
        "boardsh selfplay job\nnodes {}\nseed {}\nopening-plies {}\nmax-plies {}\nshard-games {}\nengine {}\nweights {}\nnet {}\n",
        args.nodes,
        args.seed,
        args.opening_plies,
        args.max_plies,
        args.shard_games,
        args.engine,
        args.weights
            .as_ref()
            .map_or_else(|| "none".to_string(), |w| w.display().to_string()),
        net,
    )
}

/// Counts shared by the threads, for the progress line and the summary.
#[derive(Default)]
struct Tally {
    games: AtomicU64,
    positions: AtomicU64,
    plies: AtomicU64,
    /// White's wins, draws, Black's wins.
    wdl: [AtomicU64; 3],
    shards_done: AtomicU64,
}

/// What one thread needs: the shards to play and how.
struct Job<'a> {
    dir: &'a Path,
    args: &'a SelfplayArgs,
    limits: Limits,
    next: AtomicUsize,
    todo: Vec<u64>,
    tally: Tally,
    live: Arc<Live>,
    /// The first write error, which stops every thread.
    failed: Mutex<Option<String>>,
}

impl Job<'_> {
    /// Play the shards this thread takes until none is left, the job is
    /// stopped or a write fails.
    fn work(&self, mut engine: Engine) {
        let max_plies = usize::try_from(self.args.max_plies).unwrap_or(usize::MAX);
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&k) = self.todo.get(i) else { return };
            if self.stopped() {
                return;
            }
            let mut openings =
                Openings::new(shard_seed(self.args.seed, k), self.args.opening_plies);
            let mut text = String::new();
            let mut counts = super::selfplay::Counts::default();
            for _ in 0..self.args.shard_games {
                let Some(opening) = openings.next() else {
                    break;
                };
                let Ok(rec) = datagen::play(
                    &mut engine,
                    &opening,
                    &self.limits,
                    max_plies,
                    &self.live.interrupt,
                ) else {
                    return;
                };
                for (pos, &score) in rec.positions.iter().zip(&rec.scores) {
                    text.push_str(&data_line(pos, score, rec.outcome));
                    text.push('\n');
                }
                counts.add(&rec);
                if self.stopped() {
                    return;
                }
            }
            let path = self.dir.join(shard_name(k));
            if let Err(e) = super::write::replace(&path, text.as_bytes()) {
                let mut failed = self.failed.lock().unwrap_or_else(|p| p.into_inner());
                failed.get_or_insert_with(|| format!("{}: {e}", path.display()));
                return;
            }
            let super::selfplay::Counts {
                games,
                positions,
                plies,
                wdl,
            } = counts;
            let t = &self.tally;
            t.games.fetch_add(games, Ordering::Relaxed);
            t.positions.fetch_add(positions, Ordering::Relaxed);
            t.plies.fetch_add(plies, Ordering::Relaxed);
            for (a, n) in t.wdl.iter().zip(wdl) {
                a.fetch_add(n, Ordering::Relaxed);
            }
            t.shards_done.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn stopped(&self) -> bool {
        self.live.interrupt.load(Ordering::Relaxed)
            || self
                .failed
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .is_some()
    }

    fn line(&self, shards: u64, started: Instant) -> String {
        let t = &self.tally;
        let w = |i: usize| t.wdl.get(i).map_or(0, |a| a.load(Ordering::Relaxed));
        format!(
            "selfplay: {}/{} shards this run ({shards} in all), {} games, {} positions, White +{} ={} -{}, {:.0} s",
            t.shards_done.load(Ordering::Relaxed),
            self.todo.len(),
            t.games.load(Ordering::Relaxed),
            t.positions.load(Ordering::Relaxed),
            w(0),
            w(1),
            w(2),
            started.elapsed().as_secs_f64()
        )
    }
}

/// Run the sharded job into `dir` with engines built by `make_engine`;
/// returns the exit status.
pub fn run(
    args: &SelfplayArgs,
    dir: &Path,
    net: &str,
    make_engine: &(dyn Fn() -> Result<Engine, String> + Sync),
) -> i32 {
    let fail = |msg: String, code: i32| {
        eprintln!("boardsh selfplay: {msg}");
        code
    };
    let slice = match args.shard.as_deref().map(super::shard_slice::parse) {
        None => (1, 1),
        Some(Ok(slice)) => slice,
        Some(Err(e)) => return fail(e, EXIT_USAGE),
    };
    if let Err(e) = fs::create_dir_all(dir) {
        return fail(format!("--out-dir {}: {e}", dir.display()), EXIT_FAILED);
    }
    let job = job_text(args, net);
    let job_path = dir.join("job.txt");
    let shards = args.games.div_ceil(args.shard_games);
    // This run's shards: all of them, or its slice's (`--shard K/N`).
    let mine: Vec<u64> = (0..shards)
        .filter(|&k| super::shard_slice::takes(slice, k))
        .collect();
    // Up front: the files of the job are regular files or nothing. A link
    // (to /dev/zero, to another job's shard) or a device is never read as
    // the job's settings nor taken for a finished shard.
    for path in
        std::iter::once(job_path.clone()).chain(mine.iter().map(|&k| dir.join(shard_name(k))))
    {
        if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file())
            && let Err(e) = super::write::check_target("--out-dir", &path, true, &[])
        {
            return fail(e, EXIT_USAGE);
        }
    }
    let read = super::files::read_regular_text(&job_path, super::files::JOB_LIMIT, "a job file");
    match read {
        Ok(old) if old != job => {
            return fail(
                format!(
                    "--out-dir `{}`: its job.txt is another job's (other settings); give another directory, or the same settings to go on with it",
                    dir.display()
                ),
                EXIT_USAGE,
            );
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Err(e) = super::write::replace(&job_path, job.as_bytes()) {
                return fail(format!("{}: {e}", job_path.display()), EXIT_FAILED);
            }
        }
        // Too large, not text, unreadable: refused before any game.
        Err(e) => return fail(format!("{}: {e}", job_path.display()), EXIT_USAGE),
    }
    // A shard is done when its name is a regular file (not through a
    // link: checked above).
    let todo: Vec<u64> = mine
        .iter()
        .copied()
        .filter(|&k| !fs::symlink_metadata(dir.join(shard_name(k))).is_ok_and(|m| m.is_file()))
        .collect();
    let kept = mine.len() - todo.len();
    if kept > 0 {
        let of = match slice {
            (1, 1) => format!("{shards} shards"),
            (k, n) => format!("the {} shards of --shard {k}/{n}", mine.len()),
        };
        eprintln!(
            "selfplay: {kept} of {of} already in {}; playing the other {}",
            dir.display(),
            todo.len()
        );
    }
    let engines: Result<Vec<Engine>, String> = (0..usize::from(args.jobs).min(todo.len().max(1)))
        .map(|_| make_engine())
        .collect();
    let engines = match engines {
        Ok(e) => e,
        Err(e) => return fail(e, EXIT_FAILED),
    };
    let live = Arc::new(Live::default());
    let _signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let job = Job {
        dir,
        args,
        limits: Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        },
        next: AtomicUsize::new(0),
        todo,
        tally: Tally::default(),
        live: Arc::clone(&live),
        failed: Mutex::new(None),
    };
    let show = io::stderr().is_terminal();
    let started = Instant::now();
    let running = AtomicUsize::new(engines.len());
    std::thread::scope(|s| {
        for engine in engines {
            let (job, running) = (&job, &running);
            s.spawn(move || {
                job.work(engine);
                running.fetch_sub(1, Ordering::Relaxed);
            });
        }
        let mut last_log = Instant::now();
        while running.load(Ordering::Relaxed) > 0 {
            std::thread::sleep(Duration::from_millis(200));
            if show {
                eprint!("\r\x1b[K{}", job.line(shards, started));
            } else if last_log.elapsed() >= Duration::from_secs(60) {
                last_log = Instant::now();
                eprintln!("{}", job.line(shards, started));
            }
        }
    });
    if show {
        eprint!("\r\x1b[K");
    }
    let summary = job.line(shards, started);
    let summary = summary.trim_start_matches("selfplay: ");
    let plies = job.tally.plies.load(Ordering::Relaxed);
    let games = job.tally.games.load(Ordering::Relaxed);
    let summary = format!(
        "{summary}, {:.1} plies a game, in {}",
        plies as f64 / games.max(1) as f64,
        dir.display()
    );
    if let Some(e) = job.failed.lock().unwrap_or_else(|p| p.into_inner()).take() {
        eprintln!("boardsh selfplay: {e}");
        println!("stopped: {summary}");
        return EXIT_FAILED;
    }
    if live.interrupt.load(Ordering::Relaxed) {
        println!("interrupted: {summary}; run the same command again to go on");
        EXIT_INTERRUPTED
    } else {
        println!("{summary}");
        EXIT_OK
    }
}

/// A one-thread engine of `config` evaluating with `eval`, or why not.
pub fn engine_of(config: EngineConfig, eval: Evaluator) -> Result<Engine, String> {
    let mut engine = Engine::try_new(EngineConfig {
        threads: 1,
        ..config
    })
    .map_err(|e| format!("{e}: give a smaller hash= in --engine"))?;
    engine.set_evaluator(eval);
    Ok(engine)
}

/// The network as `job.txt` names it: `off`, or a checksum of its weights
/// (not the file's name, so a moved file is the same job and a new
/// built-in network is another).
pub fn net_id(net: Option<&Network>) -> String {
    match net {
        None => "off".to_string(),
        Some(net) => format!(
            "xxh3 {:016x}",
            xxhash_rust::xxh3::xxh3_64(&net.to_bytes(""))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_seeds_differ_and_are_fixed() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|k| shard_seed(1, k)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_eq!(shard_seed(5, 3), shard_seed(5, 3));
        assert_ne!(shard_seed(5, 3), shard_seed(6, 3));
        assert_eq!(shard_name(42), "shard-000042.txt");
    }
}
