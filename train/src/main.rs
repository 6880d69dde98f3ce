//! `boardsh-train`: train the Congo NNUE from `FEN;R;S` lines (see the
//! library's documentation, `train/src/lib.rs`, for why it is hand-written).

use boardsh_train::data::{self, Loaded};
use boardsh_train::model::Model;
use boardsh_train::output::{quantization_error, write_net};
use boardsh_train::train::{CHUNK, LR_FLOOR, Settings, Trainer, mean_loss};
use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Train the Congo NNUE (784 → hidden → 1) on `FEN;R;S` lines: R the game's
/// result for White (1, 0.5, 0), S the search score in centipawns for White.
/// Ctrl-C stops after the current batch and keeps the best network.
#[derive(Parser, Debug)]
#[command(name = "boardsh-train")]
struct Args {
    /// Data files, and directories whose `*.txt` files are read (sorted; not
    /// `job.txt`, a `boardsh selfplay --out-dir` job's settings).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The net file to write (the best validation loss so far, atomically).
    #[arg(long)]
    out: PathBuf,
    /// Hidden units.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u16).range(1..=256))]
    hidden: u16,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// AdamW's first learning rate (falls along a half cosine to 5% of it).
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Target = lambda × win chance of S + (1 − lambda) × R.
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
    /// Fraction of games (chosen by a hash of each game's first position) kept for validation.
    #[arg(long, default_value_t = 0.02)]
    val_frac: f64,
    /// The commit named in the net's description (default: the trainer's source tree's `git rev-parse --short HEAD`).
    #[arg(long)]
    commit: Option<String>,
    /// The net's name: the first line of its description, which `set`
    /// shows beside `default` (one line; the training's details follow
    /// on the next).
    #[arg(long, default_value = "boardsh-train")]
    name: String,
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
        Err(e) => Err(format!("cannot start the threads: {e}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("boardsh-train: {message}");
            ExitCode::FAILURE
        }
    }
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

fn run(args: &Args) -> Result<ExitCode, String> {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(format!("--lambda must be in 0..=1, not {}", args.lambda));
    }
    if !(0.0..=1.0).contains(&args.val_frac) {
        return Err(format!(
            "--val-frac must be in 0..=1, not {}",
            args.val_frac
        ));
    }
    if !(args.lr > 0.0 && args.lr.is_finite()) {
        return Err(format!("--lr must be positive, not {}", args.lr));
    }
    let files = data::input_files(&args.inputs)?;
    if files.is_empty() {
        return Err("no data files (a directory is read for its *.txt files)".to_string());
    }
    let start = Instant::now();
    let Loaded {
        train,
        val,
        val_positions,
        counts,
        bad_lines,
    } = data::load(&files, args.max_score, args.val_frac)?;
    for line in &bad_lines {
        eprintln!("boardsh-train: bad line: {line}");
    }
    println!(
        "data: {} files; {counts}; {:.1} s",
        files.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        return Err("no training positions left".to_string());
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
    println!(
        "lambda {}; hidden {hidden}; epochs {}; batch {}; lr {} (half cosine down to {}% of it), weight decay {}; seed {}; threads {} (chunks of {CHUNK})",
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
    let mut trainer = Trainer::new(Model::init(hidden, args.seed), settings, train.len());

    let stop = Arc::new(AtomicBool::new(false));
    // The first Ctrl-C (or SIGTERM) raises `stop`; a second one, with
    // `stop` already raised, ends the process at once (status 1).
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register_conditional_shutdown(signal, 1, Arc::clone(&stop))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)))
            .map_err(|e| format!("cannot catch signals: {e}"))?;
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
    let mut best: Option<(f64, Model, usize)> = None;
    let mut save_failed = false;
    let mut consider = |model: &Model, loss: f64, epochs_run: usize| {
        if best.as_ref().is_some_and(|(b, _, _)| *b <= loss) {
            return;
        }
        best = Some((loss, model.clone(), epochs_run));
        let description = format!(
            "{}\nboardsh-train: data {} ({counts}); lambda {}; hidden {hidden}; epochs {epochs_run} of {}; seed {}; lr {}; batch {}; max score {}; validation loss {loss:.6}; commit {commit}",
            args.name.replace(['\n', '\r'], " "),
            inputs.join(" "),
            args.lambda,
            args.epochs,
            args.seed,
            args.lr,
            args.batch,
            args.max_score
        );
        match write_net(&model.quantize(), &description, &args.out) {
            Ok(()) => save_failed = false,
            Err(e) => {
                eprintln!("boardsh-train: {e}");
                save_failed = true;
            }
        }
    };
    for e in 1..=args.epochs {
        let t0 = Instant::now();
        let epoch = trainer.epoch(&train, &train_t, &stop);
        let secs = t0.elapsed().as_secs_f64();
        let loss = judge(&trainer.model, epoch.train_loss);
        println!(
            "epoch {e}{}: train loss {:.6}, validation loss {loss:.6}, {secs:.1} s, {:.0} positions/s",
            if epoch.interrupted {
                " (interrupted)"
            } else {
                ""
            },
            epoch.train_loss,
            epoch.positions as f64 / secs.max(1e-9),
        );
        consider(&trainer.model, loss, e);
        if stop.load(Ordering::Relaxed) {
            println!("stopped: keeping the best network so far");
            break;
        }
    }
    if let Some((loss, model, epochs_run)) = &best {
        let net = model.quantize();
        let (mean, max) = quantization_error(model, &net, &val_positions);
        println!(
            "best: validation loss {loss:.6} after epoch {epochs_run}; quantized vs float on {} validation positions: mean |cp diff| {mean:.2}, max {max:.1}",
            val_positions.len()
        );
        if !save_failed {
            println!("wrote {}", args.out.display());
        }
    }
    if best.is_none() {
        println!("no epoch run: nothing written");
    }
    Ok(if save_failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
