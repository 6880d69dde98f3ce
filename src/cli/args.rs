//! Command-line arguments (clap).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour only on a terminal (and not under NO_COLOR).
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// A shell for Congo positions and Yut Nori games.
///
/// With no FILE and no -c, reads commands at a prompt when stdin is a
/// terminal, else from stdin (commands or a problem-format input).
#[derive(Debug, Parser)]
#[command(name = "boardsh", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Sub>,

    #[command(flatten)]
    pub run: RunArgs,
}

/// Options of a normal run.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Files to replay in one session: scripts or problem-format inputs.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Run these commands (separated by `;`), then exit.
    #[arg(short = 'c', long = "command", value_name = "CMDS")]
    pub commands: Option<String>,

    /// Replay FILE, then continue at the prompt.
    #[arg(short = 'i', long = "init", value_name = "FILE")]
    pub init: Option<PathBuf>,

    /// Report an error and go on instead of stopping at the first one.
    #[arg(long)]
    pub keep_going: bool,

    /// No summary lines from `move` and `play`.
    #[arg(short, long)]
    pub quiet: bool,

    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// At the prompt, report each line's wall time (and nodes/s of a count) on stderr.
    #[arg(long)]
    pub timer: bool,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Sub {
    /// Run regression tests: every script with an expected `.out` beside it.
    Test(TestArgs),
}

/// Options of `boardsh test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Write the actual outputs into the expected files.
    #[arg(long)]
    pub bless: bool,

    /// Files or directories (searched recursively).
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}
