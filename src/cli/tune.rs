//! `boardsh tune`: fit the evaluation's weights to self-play data
//! (`boardsh selfplay`) by Texel's method ([`crate::congo::search::tune`])
//! and write them as a weights file, which `--weights FILE` of `agent`
//! and `selfplay` reads.

use super::selfplay::read_weights;
use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE};
use crate::congo::search::tune::{self, Sample, Schedule};
use crate::congo::search::{EvalWeights, weights};
use crate::shell::Live;
use crate::shell::script::WriteError;
use clap::Args;
use std::fs;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Print a line of the report to standard output. A closed or failing
/// output (`boardsh tune ... | head -1`) never stops the tuning nor its
/// weights file: the first failure is said once on stderr, later lines
/// are dropped (`println!` would panic).
macro_rules! say {
    ($quiet:expr, $($arg:tt)*) => {{
        use std::io::Write as _;
        if !$quiet.get()
            && let Err(e) = writeln!(io::stdout().lock(), $($arg)*)
        {
            $quiet.set(true);
            eprintln!("boardsh tune: cannot write the report ({e}); tuning goes on, its weights are still written");
        }
    }};
}

/// Options of `boardsh tune`.
#[derive(Clone, Debug, Args)]
pub struct TuneArgs {
    /// The data: `FEN;R` lines (R the result for White: 1, 0.5, 0).
    #[arg(long, value_name = "FILE")]
    pub data: PathBuf,

    /// Where the tuned weights go (default: weights.txt in the data
    /// directory, $XDG_DATA_HOME/boardsh or ~/.local/share/boardsh). An
    /// existing file is refused unless --force; the --data or --weights
    /// file, a link or a device always.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Replace an existing --out file.
    #[arg(long)]
    pub force: bool,

    /// The weights to start from (default: the engine's).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,

    /// Passes of gradient descent over the data, 1 to 100,000.
    #[arg(long, default_value_t = 400, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,

    /// The first step size in centipawns (falls to a tenth), above 0.
    #[arg(long, default_value_t = 2.0, value_name = "CP")]
    pub rate: f64,

    /// Percent of the data, its last lines (whole games at the end of a
    /// `selfplay` file), held out: not fitted, but the weights kept are
    /// those that predict it best (0 to 90).
    #[arg(long, default_value_t = 20, value_name = "PCT",
          value_parser = clap::value_parser!(u32).range(0..=90))]
    pub holdout: u32,

    /// Weights held at their start value (default: pawn, the scale).
    /// Repeatable; `none` frees them all.
    #[arg(long, value_name = "NAME")]
    pub fix: Vec<String>,
}

/// Run `boardsh tune`; returns the exit status.
pub fn run(args: &TuneArgs) -> i32 {
    let quiet = std::cell::Cell::new(false);
    let fail = |msg: String, code: i32| {
        eprintln!("boardsh tune: {msg}");
        code
    };
    if !(args.rate.is_finite() && args.rate > 0.0 && args.rate <= 1.0e4) {
        return fail(
            format!(
                "--rate {}: expected a number above 0, at most 10000",
                args.rate
            ),
            EXIT_USAGE,
        );
    }
    let mut fixed = [false; weights::COUNT];
    let names: Vec<&str> = if args.fix.is_empty() {
        vec!["pawn"]
    } else {
        args.fix.iter().map(String::as_str).collect()
    };
    for name in names.into_iter().filter(|n| *n != "none") {
        match weights::index_of(name).and_then(|i| fixed.get_mut(i)) {
            Some(f) => *f = true,
            None => {
                return fail(
                    format!(
                        "--fix {name}: unknown weight (known: {})",
                        weights::NAMES.join(" ")
                    ),
                    EXIT_USAGE,
                );
            }
        }
    }
    let Some(out) = args
        .out
        .clone()
        .or_else(|| Some(super::tablebase::data_dir()?.join("weights.txt")))
    else {
        return fail(
            "no data directory (HOME is not set): give --out FILE".into(),
            EXIT_USAGE,
        );
    };
    // Up front: no output may destroy an input or clobber a file unasked.
    let mut inputs = vec![("--data", args.data.as_path())];
    if let Some(w) = &args.weights {
        inputs.push(("--weights", w.as_path()));
    }
    if let Err(e) = crate::cli::write::check_target("--out", &out, args.force, &inputs) {
        return fail(e, EXIT_USAGE);
    }
    let start = match &args.weights {
        Some(p) => match read_weights(p, &EvalWeights::default()) {
            Ok(w) => w,
            Err(e) => return fail(format!("--weights {e}"), EXIT_USAGE),
        },
        None => EvalWeights::default(),
    };
    let started = Instant::now();
    let bytes = match super::files::read_regular(
        &args.data,
        super::files::TUNE_DATA_LIMIT,
        "tuning data",
    ) {
        Ok(b) => b,
        Err(e) => return fail(format!("{}: {e}", args.data.display()), EXIT_FAILED),
    };
    let mut samples = Vec::new();
    if crate::congo::data::is_binary(&bytes) {
        // The binary form: refused whole when damaged, else every record.
        match crate::congo::data::read_binary(&bytes) {
            Ok(records) => {
                for (_, r) in records {
                    let result = r.result.for_white();
                    samples.push(Sample::new(r.pos, result, &start));
                }
            }
            Err(e) => return fail(format!("{}: {e}", args.data.display()), EXIT_FAILED),
        }
    } else {
        let text = match super::files::utf8_text(bytes) {
            Ok(t) => t,
            Err(e) => return fail(format!("{}: {e}", args.data.display()), EXIT_FAILED),
        };
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match tune::parse_line(line) {
                Ok((pos, r)) => samples.push(Sample::new(pos, r, &start)),
                Err(e) => {
                    return fail(
                        format!("{}:{}: {e}", args.data.display(), n + 1),
                        EXIT_FAILED,
                    );
                }
            }
        }
    }
    if samples.is_empty() {
        return fail(
            format!("{}: no positions", args.data.display()),
            EXIT_FAILED,
        );
    }
    say!(
        quiet,
        "data: {} positions from {} ({:.1} s)",
        samples.len(),
        args.data.display(),
        started.elapsed().as_secs_f64()
    );
    let cut = samples.len() - samples.len() * args.holdout as usize / 100;
    let (train, holdout) = samples.split_at(cut);
    let before = tune::evals(train, &start);
    let k = tune::fit_k(train, &before, 0.05, 5.0);
    let loss_before = tune::loss_of(train, &before, k);
    let held_before = tune::loss_of(holdout, &tune::evals(holdout, &start), k);
    say!(
        quiet,
        "K = {k:.4}: loss {loss_before:.6} with the start weights ({} positions fitted, {} held out: {held_before:.6})",
        train.len(),
        holdout.len()
    );
    let live = Arc::new(Live::default());
    let _signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let show = io::stderr().is_terminal();
    let every = (args.epochs / 10).max(1);
    let schedule = Schedule {
        epochs: args.epochs,
        rate: args.rate,
    };
    let tuned = tune::tune(
        tune::Split { train, holdout },
        &start,
        k,
        &fixed,
        schedule,
        &live.interrupt,
        &mut |t, loss, held| {
            let line = format!(
                "tune: epoch {t}/{}: loss {loss:.6}, held out {held:.6}",
                args.epochs
            );
            if show {
                eprint!("\r\x1b[K{line}");
            } else if t % every == 0 || t == 1 {
                eprintln!("{line}");
            }
        },
    );
    if show {
        eprint!("\r\x1b[K");
    }
    let Ok(tuned) = tuned else {
        say!(quiet, "interrupted: nothing written");
        return EXIT_INTERRUPTED;
    };
    let loss_after = tune::loss_of(train, &tune::evals(train, &tuned), k);
    let held_after = tune::loss_of(holdout, &tune::evals(holdout, &tuned), k);
    say!(
        quiet,
        "loss of the evaluation at K = {k:.4}: fitted {loss_before:.6} -> {loss_after:.6}, held out {held_before:.6} -> {held_after:.6}"
    );
    for (i, name) in weights::NAMES.iter().enumerate() {
        let (a, b) = (weights::get(&start, i), weights::get(&tuned, i));
        let note = if fixed.get(i).copied().unwrap_or(false) {
            " (fixed)"
        } else {
            ""
        };
        say!(quiet, "  {name:<16} {a:>6} -> {b:>6}{note}");
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = fs::create_dir_all(dir)
    {
        return fail(format!("{}: {e}", dir.display()), EXIT_FAILED);
    }
    // Without --force the file is placed by a hard link, which fails if
    // one appeared meanwhile: an existing file is never replaced unasked.
    let text = weights::to_text(&tuned);
    match crate::cli::write::write_new(&out, &text, args.force) {
        Ok(()) => {}
        Err(WriteError::Exists) => {
            return fail(
                format!(
                    "{}: it appeared while tuning; not replaced (`--force` overwrites it)",
                    out.display()
                ),
                EXIT_FAILED,
            );
        }
        Err(WriteError::Failed(e)) => {
            return fail(format!("{}: {e}", out.display()), EXIT_FAILED);
        }
    }
    say!(
        quiet,
        "weights written to {} ({:.1} s)",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    EXIT_OK
}
