//! `boardsh-train`: train the Congo NNUE from `FEN;R;S` lines (see the
//! library's documentation, `train/src/lib.rs`, for why it is hand-written).

use boardsh::congo::nnue::{Activation, FeatureSet};
use boardsh_train::best::Best;
use boardsh_train::data::{self, Loaded};
use boardsh_train::model::Model;
use boardsh_train::output::{quantization_error, write_net};
use boardsh_train::train::{CHUNK, LR_FLOOR, Settings, Trainer, mean_loss};
use boardsh_train::{say, warn};
use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Train the Congo NNUE (784 → hidden → 1, or 4 × 784 in lion buckets) on `FEN;R;S` lines: R the game's
/// result for White (1, 0.5, 0), S the search score in centipawns for White.
/// Ctrl-C stops after the current batch and keeps the best network.
#[derive(Parser, Debug)]
#[command(name = "boardsh-train")]
struct Args {
    /// Data files (`FEN;R;S` lines or binary data, told apart by the
    /// binary magic), and directories whose `*.txt` and `*.bin` files are
    /// read (sorted; not `job.txt`, a `boardsh selfplay --out-dir` job's
    /// settings).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The net file to write (the best validation loss so far, atomically).
    /// Checked before any work: an existing file is refused unless
    /// --force; an input, a link, a directory or a device always.
    #[arg(long)]
    out: PathBuf,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
    /// Hidden units.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u16).range(1..=256))]
    hidden: u16,
    /// The hidden layer's activation: `crelu` (clamp to 0..1, a version 1
    /// net file) or `screlu` (clamp, then square: a version 2 file).
    #[arg(long, value_enum, default_value_t = ActivationArg::Crelu)]
    activation: ActivationArg,
    /// Output buckets by the number of pieces, 1 to 8 (more than 1: a
    /// version 3 net file whose output layer the position's pieces pick).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    buckets: u8,
    /// The inputs: `plain` (784: piece kind, own or not, square; feature
    /// set 1) or `lion` (those in 4 blocks by the view's own lion square,
    /// mirrored to files a-d, trained with a shared factoriser; feature
    /// set 2, a net 4 times as large).
    #[arg(long, value_enum, default_value_t = FeaturesArg::Plain)]
    features: FeaturesArg,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// AdamW's first learning rate, above 0 and at most 1 (falls along a
    /// half cosine to 5% of it).
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// AdamW's decoupled weight decay, 0 to 1.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Target = lambda × win chance of S + (1 − lambda) × R; 0 to 1.
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Seed of the initialisation and the shuffle.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    /// Drop positions whose |S| is above this many centipawns.
    #[arg(long, default_value_t = 3000)]
    max_score: i32,
    /// Fraction of games (chosen by a hash of each game's first position)
    /// kept for validation, 0 to 1.
    #[arg(long, default_value_t = 0.02)]
    val_frac: f64,
    /// Also train on each position's left-right mirror image (Congo's
    /// rules are symmetric under it): same result and score; a position
    /// and its mirror count once for deduplication and stay in one set.
    #[arg(long)]
    mirror: bool,
    /// The commit named in the net's description (default: the trainer's source tree's `git rev-parse --short HEAD`).
    #[arg(long)]
    commit: Option<String>,
    /// The net's name: the first line of its description, which `set`
    /// shows beside `default` (one line; the training's details follow
    /// on the next).
    #[arg(long, default_value = "boardsh-train")]
    name: String,
}

// `--buckets`' range is the library's.
const _: () = assert!(boardsh::congo::nnue::MAX_BUCKETS == 8);

/// `--activation`'s values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ActivationArg {
    Crelu,
    Screlu,
}

/// `--features`' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FeaturesArg {
    Plain,
    Lion,
}

impl From<FeaturesArg> for FeatureSet {
    fn from(a: FeaturesArg) -> FeatureSet {
        match a {
            FeaturesArg::Plain => FeatureSet::Plain,
            FeaturesArg::Lion => FeatureSet::LionBuckets,
        }
    }
}

impl From<ActivationArg> for Activation {
    fn from(a: ActivationArg) -> Activation {
        match a {
            ActivationArg::Crelu => Activation::ClippedRelu,
            ActivationArg::Screlu => Activation::SquaredClippedRelu,
        }
    }
}

fn main() -> ExitCode {
    // Past `ulimit -f` a write fails (and is reported) rather than kill.
    boardsh::front::signals::ignore_file_size_signal();
    let args = Args::parse();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build();
    let result = match pool {
        Ok(pool) => pool.install(|| run(&args)),
        Err(e) => Err(Failure::Run(format!("cannot start the threads: {e}"))),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Usage(message)) => {
            warn!("{message}");
            ExitCode::from(2)
        }
        Err(Failure::Run(message)) => {
            warn!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Why a run ends early: bad usage or an input or output refused before
/// any work (status 2, as clap's own errors and boardsh's), or a failure
/// while working (status 1).
enum Failure {
    Usage(String),
    Run(String),
}

/// A float flag's value checked: finite and in `lo..=hi` (above `lo`
/// when `open`), or a usage error naming the flag and the value as given
/// (in its own precision: `1e30`, not the digits of its f64).
fn check_float<T>(flag: &str, value: T, lo: f64, hi: f64, open: bool) -> Result<(), Failure>
where
    T: Into<f64> + Copy + std::fmt::Display + std::fmt::LowerExp,
{
    let v: f64 = value.into();
    let above = if open { v > lo } else { v >= lo };
    if v.is_finite() && above && v <= hi {
        return Ok(());
    }
    let shown = if v.is_finite() && (v.abs() >= 1e6 || (v != 0.0 && v.abs() < 1e-4)) {
        format!("{value:e}")
    } else {
        value.to_string()
    };
    // As `boardsh tune --rate`'s: "above 0, at most 10000".
    let from = if open { "above" } else { "from" };
    let to = if open { ", at most" } else { " to" };
    Err(Failure::Usage(format!(
        "{flag} {shown}: expected a number {from} {lo}{to} {hi}"
    )))
}

fn commit(args: &Args) -> String {
    if let Some(c) = &args.commit {
        return c.clone();
    }
    // The trainer's own source tree, wherever it is run from.
    std::process::Command::new("git")
        .args([
            "-C",
            env!("CARGO_MANIFEST_DIR"),
            "rev-parse",
            "--short",
            "HEAD",
        ])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

fn run(args: &Args) -> Result<ExitCode, Failure> {
    // Every float flag: NaN, infinities and absurd values refused (a NaN
    // weight decay trains a network of NaN).
    check_float("--lr", args.lr, 0.0, 1.0, true)?;
    check_float("--weight-decay", args.weight_decay, 0.0, 1.0, false)?;
    check_float("--lambda", args.lambda, 0.0, 1.0, false)?;
    check_float("--val-frac", args.val_frac, 0.0, 1.0, false)?;
    let files = data::input_files(&args.inputs).map_err(Failure::Usage)?;
    if files.is_empty() {
        return Err(Failure::Usage(
            "no data files (a directory is read for its *.txt files)".to_string(),
        ));
    }
    // Up front, before the data is read: the net may not replace an
    // input (named or read from a directory), a link, a directory or a
    // device, nor an existing file unless --force; and its directory must
    // take a file (the first write comes after an epoch).
    let read: Vec<(&str, &Path)> = args
        .inputs
        .iter()
        .chain(&files)
        .map(|p| ("an input", p.as_path()))
        .collect();
    boardsh::front::write::check_target("--out", &args.out, args.force, &read)
        .and_then(|()| boardsh::front::write::check_writable("--out", &args.out))
        .map_err(Failure::Usage)?;
    let start = Instant::now();
    let Loaded {
        train,
        val,
        val_positions,
        counts,
        bad_lines,
    } = data::load_with(
        &files,
        data::Options {
            max_score: args.max_score,
            val_frac: args.val_frac,
            mirror: args.mirror,
            features: FeatureSet::from(args.features),
        },
    )
    .map_err(Failure::Run)?;
    for line in &bad_lines {
        warn!("bad line: {line}");
    }
    say!(
        "data: {} files; {counts}; {:.1} s",
        files.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        return Err(Failure::Run("no training positions left".to_string()));
    }
    let hidden = usize::from(args.hidden);
    let settings = Settings {
        lr: args.lr,
        weight_decay: args.weight_decay,
        batch: args.batch as usize,
        epochs: args.epochs,
        lambda: args.lambda,
        seed: args.seed,
    };
    let activation = Activation::from(args.activation);
    // Named only when it is not the first nets' clipped ReLU, so that
    // those runs print and describe their nets as before.
    let mut activation_note = match activation {
        Activation::ClippedRelu => String::new(),
        a => format!("; activation {}", a.name()),
    };
    let buckets = usize::from(args.buckets);
    if buckets > 1 {
        activation_note.push_str(&format!("; output buckets {buckets}"));
    }
    let features = FeatureSet::from(args.features);
    if features != FeatureSet::Plain {
        activation_note.push_str(&format!("; features {} (factorised)", features.name()));
    }
    say!(
        "lambda {}; hidden {hidden}{activation_note}; epochs {}; batch {}; lr {} (half cosine down to {}% of it), weight decay {}; seed {}; threads {} (chunks of {CHUNK})",
        args.lambda,
        args.epochs,
        args.batch,
        args.lr,
        LR_FLOOR * 100.0,
        args.weight_decay,
        args.seed,
        args.threads
    );
    let train_t = train.targets(args.lambda);
    let val_t = val.targets(args.lambda);
    let mut trainer = Trainer::new(
        Model::init_with(hidden, buckets, features, args.seed).with_activation(activation),
        settings,
        train.len(),
    );

    let stop = Arc::new(AtomicBool::new(false));
    // The first Ctrl-C (or SIGTERM) raises `stop`; a second one, with
    // `stop` already raised, ends the process at once (status 1).
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(signal, 1, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)))
            .map_err(|e| Failure::Run(format!("cannot catch signals: {e}")))?;
    }

    let inputs: Vec<String> = args
        .inputs
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let commit = commit(args);
    // The score kept: the validation loss, or the training loss when there
    // is no validation set.
    let judge = |model: &Model, train_loss: f64| {
        if val.is_empty() {
            train_loss
        } else {
            mean_loss(model, &val, &val_t)
        }
    };
    let mut best = Best::default();
    let mut save_failed = false;
    let mut written = false;
    // Keep the model if its loss is the lowest yet, and write it; a loss
    // that is not a number ends the run (nothing of it is kept).
    let mut consider = |model: &Model, loss: f64, epochs_run: usize| -> Result<(), Failure> {
        let kept = best.offer(model, loss, epochs_run).map_err(|d| {
            Failure::Run(format!(
                "epoch {epochs_run}: the loss is {}: training diverged; stopped ({})",
                d.loss,
                if written {
                    format!("{} holds the best network before it", args.out.display())
                } else {
                    "nothing written".to_string()
                }
            ))
        })?;
        if !kept {
            return Ok(());
        }
        let description = format!(
            "{}\nboardsh-train: data {} ({counts}); lambda {}; hidden {hidden}{activation_note}; epochs {epochs_run} of {}; seed {}; lr {}; batch {}; max score {}; validation loss {loss:.6}; commit {commit}",
            args.name.replace(['\n', '\r'], " "),
            inputs.join(" "),
            args.lambda,
            args.epochs,
            args.seed,
            args.lr,
            args.batch,
            args.max_score
        );
        match write_net(
            &model.quantize(),
            &description,
            &args.out,
            !written,
            args.force,
        ) {
            Ok(()) => {
                save_failed = false;
                written = true;
            }
            Err(e) => {
                warn!("{e}");
                save_failed = true;
            }
        }
        Ok(())
    };
    for e in 1..=args.epochs {
        let t0 = Instant::now();
        let epoch = trainer.epoch(&train, &train_t, &stop);
        let secs = t0.elapsed().as_secs_f64();
        let loss = judge(&trainer.model, epoch.train_loss);
        say!(
            "epoch {e}{}: train loss {:.6}, validation loss {loss:.6}, {secs:.1} s, {:.0} positions/s",
            if epoch.interrupted {
                " (interrupted)"
            } else {
                ""
            },
            epoch.train_loss,
            epoch.positions as f64 / secs.max(1e-9),
        );
        consider(&trainer.model, loss, e)?;
        if stop.load(Ordering::Relaxed) {
            say!("stopped: keeping the best network so far");
            break;
        }
    }
    if let Some((loss, model, epochs_run)) = best.get() {
        let net = model.quantize();
        let (mean, max) = quantization_error(model, &net, &val_positions);
        say!(
            "best: validation loss {loss:.6} after epoch {epochs_run}; quantized vs float on {} validation positions: mean |cp diff| {mean:.2}, max {max:.1}",
            val_positions.len()
        );
        if !save_failed {
            say!("wrote {}", args.out.display());
        }
    }
    if best.get().is_none() {
        say!("no epoch run: nothing written");
    }
    Ok(if save_failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
