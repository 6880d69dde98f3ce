//! `boardsh selfplay`: training data for `boardsh tune` from the engine's
//! games against itself ([`crate::congo::search::datagen`]), one `FEN;R`
//! line per quiet position.
//!
//! The lines go to a temporary file beside the output, renamed over it
//! when the games are done or Ctrl-C stops them (the finished games are
//! kept), so the output is never half written. Progress goes to stderr.

use super::signals::{Mode, Signals};
use super::write;
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE};
use crate::congo::Outcome;
use crate::congo::data::BinaryWriter;
use crate::congo::openings::Openings;
use crate::congo::search::datagen::{self, data_line, data_record};
use crate::congo::search::{Engine, EvalWeights, Limits, parse_config, weights};
use crate::shell::Live;
use clap::Args;
use std::fs;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Options of `boardsh selfplay`.
#[derive(Clone, Debug, Args)]
pub struct SelfplayArgs {
    /// The data file (written when done; default: selfplay.txt in the
    /// data directory, $XDG_DATA_HOME/boardsh or ~/.local/share/boardsh).
    /// A name ending in `.bin` gets the compact binary form (about 30
    /// bytes a position, checksummed), any other `FEN;R;S` lines.
    /// An existing file is refused unless --force; the --weights or --net
    /// file, a link or a device always.
    #[arg(long, value_name = "FILE", conflicts_with = "out_dir")]
    pub out: Option<PathBuf>,

    /// Play a resumable job of shards into DIR (for the network's
    /// trainer, e.g. a directory in the data directory): shard K is
    /// shard-K.txt, written whole when its games are done; a run again
    /// with the same settings plays only the missing shards.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,

    /// Games in each shard of --out-dir, 1 to 100,000 (--games is
    /// rounded up to whole shards).
    #[arg(long, default_value_t = 200, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub shard_games: u64,

    /// Shards played at once with --out-dir, each by its own one-thread
    /// engine, 1 to 64.
    #[arg(long, default_value_t = 1, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,

    /// Play only the shards of slice K of N of the --out-dir job (shards
    /// K-1, K-1+N, ...), for N processes or machines that share the job:
    /// each shard is seeded by --seed and its number, so the N slices'
    /// shards are those of one run of the whole job.
    #[arg(long, value_name = "K/N", requires = "out_dir")]
    pub shard: Option<String>,

    /// Replace an existing --out file.
    #[arg(long)]
    pub force: bool,

    /// Games to play, 1 to 10,000,000.
    #[arg(long, default_value_t = 100, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,

    /// Nodes searched per move (at least 1).
    #[arg(long, default_value_t = 5000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,

    /// Seed of the random openings (each game has its own).
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub seed: u64,

    /// Random plies before the engine plays, 0 to 100.
    #[arg(long, default_value_t = 8, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=100))]
    pub opening_plies: u32,

    /// A game still going after this many plies is a draw, 1 to 100,000.
    #[arg(long, default_value_t = 200, value_name = "P",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,

    /// The engine spec (as `boardsh agent --engine`).
    #[arg(long, default_value = "strongest", value_name = "SPEC")]
    pub engine: String,

    /// Evaluation weights from a file (`boardsh tune`'s output).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,

    /// The evaluation network both sides play with: a network file, `off`
    /// (the hand-written evaluation) or `default` (the built-in one).
    #[arg(long, value_name = "FILE|off")]
    pub net: Option<String>,
}

/// The weights of a weights file, over those of `base`.
///
/// # Errors
///
/// The file unread or a bad line, named `FILE:LINE`.
pub fn read_weights(path: &Path, base: &EvalWeights) -> Result<EvalWeights, String> {
    let text = super::files::read_regular_text(path, super::files::WEIGHTS_LIMIT, "a weights file")
        .map_err(|e| format!("{}: {e}", path.display()))?;
    weights::parse(&text, base).map_err(|e| format!("{}:{}: {}", path.display(), e.line, e.message))
}

/// The files `selfplay` reads, by their options: what `--out` may never
/// be. `--net` is one when it names a file (not `off` or `default`).
fn inputs(args: &SelfplayArgs) -> Vec<(&'static str, &Path)> {
    let mut inputs: Vec<(&str, &Path)> = args
        .weights
        .iter()
        .map(|w| ("--weights", w.as_path()))
        .collect();
    if let Some(net) = &args.net
        && let Some(crate::congo::eval::NetChoice::File(_)) =
            crate::congo::eval::NetChoice::parse(net)
    {
        inputs.push(("--net", Path::new(net)));
    }
    inputs
}

/// Where the data goes by default.
fn default_out() -> Option<PathBuf> {
    Some(super::tablebase::data_dir()?.join("selfplay.txt"))
}

/// A file written beside its final path and placed there at the end
/// ([`write::Staged`]).
struct Staged {
    path: PathBuf,
    out: BufWriter<write::Staged>,
    /// Replace an existing file (`--force`); else the data is placed only
    /// where nothing is, which fails if a file appeared meanwhile.
    force: bool,
}

/// Refuse to replace anything but a regular file (a device such as
/// `/dev/null`, a FIFO or a link), as [`crate::cli::write::replace`] does.
fn refuse_special(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a device, FIFO or link is never replaced)",
        )),
        _ => Ok(()),
    }
}

impl Staged {
    fn create(path: &Path, force: bool) -> io::Result<Staged> {
        refuse_special(path)?;
        Ok(Staged {
            path: path.to_path_buf(),
            out: BufWriter::new(write::Staged::beside(path, write::SHARED)?),
            force,
        })
    }

    fn finish(self) -> io::Result<()> {
        let Staged { path, out, force } = self;
        let staged = out.into_inner().map_err(|e| e.into_error())?;
        refuse_special(&path)?;
        if force {
            return staged.replace(&path);
        }
        match staged.place_new(&path) {
            Ok(()) => Ok(()),
            // A file appeared at the path while the games were played: it
            // stays, and so do the games, under the temporary name.
            Err((e, staged)) if e.kind() == io::ErrorKind::AlreadyExists => {
                let kept = staged.keep()?;
                Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!(
                        "it appeared while playing; not replaced (`--force` overwrites it): the data is in {}",
                        kept.display()
                    ),
                ))
            }
            Err((e, _)) => Err(e),
        }
    }

    /// Give up: the temporary file is removed.
    fn abandon(self) {}
}

/// What a run of self-play games has made so far: games, positions,
/// plies, and White's wins, draws and losses.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counts {
    pub games: u64,
    pub positions: u64,
    pub plies: u64,
    pub wdl: [u64; 3],
}

impl Counts {
    /// Count one game more.
    pub(crate) fn add(&mut self, rec: &datagen::Record) {
        self.games += 1;
        self.positions += rec.positions.len() as u64;
        self.plies += rec.moves.len() as u64;
        let slot = match rec.outcome {
            Outcome::WhiteWins => 0,
            Outcome::Draw => 1,
            Outcome::BlackWins => 2,
        };
        if let Some(n) = self.wdl.get_mut(slot) {
            *n += 1;
        }
    }
}

/// Run `boardsh selfplay`; returns the exit status.
pub fn run(args: &SelfplayArgs) -> i32 {
    let fail = |msg: String, code: i32| {
        eprintln!("boardsh selfplay: {msg}");
        code
    };
    let mut config = match parse_config(&args.engine) {
        Ok(c) => c,
        Err(e) => return fail(format!("--engine: {e}"), EXIT_USAGE),
    };
    if let Some(dir) = &args.out_dir {
        if let Some(path) = &args.weights {
            match read_weights(path, &config.eval) {
                Ok(w) => config.eval = w,
                Err(e) => return fail(format!("--weights {e}"), EXIT_USAGE),
            }
        }
        let net = match super::files::net_with_weights(args.net.as_deref(), args.weights.as_deref())
        {
            Ok(net) => net,
            Err(e) => return fail(e, EXIT_USAGE),
        };
        let id = super::selfplay_shards::net_id(net.net().map(|n| &**n));
        return super::selfplay_shards::run(args, dir, &id, &|| {
            super::selfplay_shards::engine_of(config, net.clone())
        });
    }
    let Some(path) = args.out.clone().or_else(default_out) else {
        return fail(
            "no data directory (HOME is not set): give --out FILE".into(),
            EXIT_USAGE,
        );
    };
    // Up front, before the first game: no output may destroy an input or
    // clobber a file unasked.
    let inputs = inputs(args);
    if let Err(e) = crate::cli::write::check_target("--out", &path, args.force, &inputs) {
        return fail(e, EXIT_USAGE);
    }
    if let Some(path) = &args.weights {
        match read_weights(path, &config.eval) {
            Ok(w) => config.eval = w,
            Err(e) => return fail(format!("--weights {e}"), EXIT_USAGE),
        }
    }
    let net = match super::files::net_with_weights(args.net.as_deref(), args.weights.as_deref()) {
        Ok(net) => net,
        Err(e) => return fail(e, EXIT_USAGE),
    };
    config.threads = 1;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = fs::create_dir_all(dir)
    {
        return fail(format!("{}: {e}", dir.display()), EXIT_FAILED);
    }
    let mut staged = match Staged::create(&path, args.force) {
        Ok(s) => s,
        Err(e) => return fail(format!("{}: {e}", path.display()), EXIT_FAILED),
    };
    // The binary form, by the name: its records gather here, block by
    // block, and go to the file after each game as the text does.
    let mut binary = if path.extension().is_some_and(|x| x == "bin") {
        BinaryWriter::new(Vec::new()).ok()
    } else {
        None
    };
    let live = Arc::new(Live::default());
    let _signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let show = io::stderr().is_terminal();
    let started = Instant::now();
    let mut engine = match Engine::try_new(config) {
        Ok(e) => e,
        Err(e) => {
            staged.abandon();
            return fail(
                format!("{e}: give a smaller hash= in --engine"),
                EXIT_FAILED,
            );
        }
    };
    engine.set_evaluator(net);
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let max_plies = usize::try_from(args.max_plies).unwrap_or(usize::MAX);
    let mut openings = Openings::new(args.seed, args.opening_plies);
    let mut counts = Counts::default();
    let mut last = Instant::now();
    let mut interrupted = false;
    while counts.games < args.games {
        let Some(opening) = openings.next() else {
            break;
        };
        let rec = match datagen::play(&mut engine, &opening, &limits, max_plies, &live.interrupt) {
            Ok(r) => r,
            Err(_) => {
                interrupted = true;
                break;
            }
        };
        let mut text = String::new();
        for (pos, &score) in rec.positions.iter().zip(&rec.scores) {
            if let Some(w) = binary.as_mut() {
                w.push(&data_record(pos, score, rec.outcome)).ok();
            } else {
                text.push_str(&data_line(pos, score, rec.outcome));
                text.push('\n');
            }
        }
        let bytes = match binary.as_mut() {
            Some(w) => w.take_written(),
            None => text.into_bytes(),
        };
        if let Err(e) = staged.out.write_all(&bytes) {
            staged.abandon();
            return fail(format!("{}: {e}", path.display()), EXIT_FAILED);
        }
        counts.add(&rec);
        let Counts {
            games,
            positions,
            wdl,
            ..
        } = counts;
        let line = format!(
            "selfplay: {games}/{} games, {positions} positions, White +{} ={} -{}, {:.0} s",
            args.games,
            wdl[0],
            wdl[1],
            wdl[2],
            started.elapsed().as_secs_f64()
        );
        if show && last.elapsed().as_millis() >= 200 {
            last = Instant::now();
            eprint!("\r\x1b[K{line}");
        } else if !show && games.is_multiple_of(100) {
            eprintln!("{line}");
        }
    }
    if show {
        eprint!("\r\x1b[K");
    }
    let last_block = binary.map_or(Ok(Vec::new()), BinaryWriter::finish);
    if let Err(e) = last_block.and_then(|b| staged.out.write_all(&b)) {
        staged.abandon();
        return fail(format!("{}: {e}", path.display()), EXIT_FAILED);
    }
    if let Err(e) = staged.finish() {
        return fail(format!("{}: {e}", path.display()), EXIT_FAILED);
    }
    let Counts {
        games,
        positions,
        plies,
        wdl,
    } = counts;
    let summary = format!(
        "{games} games (White +{} ={} -{}, {:.1} plies a game), {positions} positions in {}, {:.1} s",
        wdl[0],
        wdl[1],
        wdl[2],
        plies as f64 / games.max(1) as f64,
        path.display(),
        started.elapsed().as_secs_f64()
    );
    if interrupted {
        println!("interrupted: {summary}");
        EXIT_INTERRUPTED
    } else {
        println!("{summary}");
        EXIT_OK
    }
}
