//! Command-line arguments (clap).

use super::setting_flags::{SettingFlags, in_range, in_range_u64, range_words};
use crate::shell::Setting;
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

    /// Run these commands (separated by `;`); may be repeated. Files, `-c`
    /// and `-i` run in the order given.
    #[arg(short = 'c', long = "command", value_name = "CMDS", action = clap::ArgAction::Append)]
    pub commands: Vec<String>,

    /// Continue at the prompt after the other arguments; with FILE, replay
    /// it first (in its place among them).
    #[arg(short = 'i', long = "init", value_name = "FILE", num_args = 0..=1)]
    pub init: Option<Option<PathBuf>>,

    /// The settings flags (`--quiet`, `--threads N`, ...), each from its
    /// setting's declaration, and `--color`.
    #[command(flatten)]
    pub settings: SettingFlags,

    /// Files, `-c` and `-i` in the order they were given (filled from the
    /// parsed arguments' positions by [`Cli::parse_ordered`]).
    #[arg(skip)]
    pub order: Vec<Given>,

    /// Open only regular files (set by `boardsh test` for cases with
    /// `.args`; not a flag).
    #[arg(skip)]
    pub regular_only: bool,
}

/// One source of the command line, in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A file to replay (`-` is stdin).
    File(PathBuf),
    /// `-c CMDS`.
    Commands(String),
    /// `-i [FILE]`: the prompt follows the other arguments.
    Init(Option<PathBuf>),
}

/// `e` with the arguments it echoes made printable, control characters
/// escaped as diagnostics show them (`\x1b`): clap quotes a bad value as
/// typed (`boardsh completions` and its shell name, an unknown option),
/// and with colour on (a terminal) an ESC or a carriage return in it
/// would reach the terminal.
fn printable(mut e: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let has_control = |s: &String| s.contains(char::is_control);
    let escaped: Vec<_> = e
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if has_control(s) => {
                Some((kind, ContextValue::String(super::report::escape(s))))
            }
            ContextValue::Strings(v) if v.iter().any(has_control) => Some((
                kind,
                ContextValue::Strings(v.iter().map(|s| super::report::escape(s)).collect()),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in escaped {
        e.insert(kind, value);
    }
    e
}

impl Cli {
    /// Parse `args` (the program name first) and record the order of the
    /// sources.
    ///
    /// # Errors
    ///
    /// clap's error (usage, `--help`, `--version`).
    pub fn parse_ordered<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::{CommandFactory, FromArgMatches};
        let matches = Cli::command()
            .try_get_matches_from(args)
            .map_err(printable)?;
        let mut cli = Cli::from_arg_matches(&matches).map_err(printable)?;
        let at = |id: &str| -> Vec<usize> {
            matches
                .indices_of(id)
                .map(Iterator::collect)
                .unwrap_or_default()
        };
        let run = &mut cli.run;
        let mut order: Vec<(usize, Given)> = Vec::new();
        for (i, f) in at("files").into_iter().zip(&run.files) {
            order.push((i, Given::File(f.clone())));
        }
        for (i, c) in at("commands").into_iter().zip(&run.commands) {
            order.push((i, Given::Commands(c.clone())));
        }
        if let Some(init) = &run.init {
            // `-i` alone has no value index: its flag's own position counts.
            let i = at("init").first().copied().unwrap_or(usize::MAX);
            order.push((i, Given::Init(init.clone())));
        }
        order.sort_by_key(|(i, _)| *i);
        run.order = order.into_iter().map(|(_, g)| g).collect();
        Ok(cli)
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Sub {
    /// Run regression tests: every script with an expected `.out` beside it.
    Test(TestArgs),
    /// Answer a task of the Congo course (Wits COMS3005A, 2021/2022) in
    /// its judge's format: `N`, then N FENs (make: N FEN + move pairs).
    Course(CourseArgs),
    /// Play Congo as a tournament agent (the course's protocol on stdin/stdout).
    Agent(AgentArgs),
    /// Play agents against each other and measure their strength.
    Match(MatchArgs),
    /// Endgame tablebases: `boardsh tablebase build [DIR]`.
    Tablebase(super::tablebase::TablebaseArgs),
    /// Training data from the engine's games against itself (for `tune`).
    Selfplay(super::selfplay::SelfplayArgs),
    /// Fit the evaluation's weights to `selfplay` data (Texel's method).
    Tune(super::tune::TuneArgs),
    /// Yut Nori tools: `boardsh yut solve --tokens K`.
    #[command(subcommand)]
    Yut(YutSub),
    /// Print a shell completion script for boardsh.
    ///
    /// For bash: `boardsh completions bash >
    /// ~/.local/share/bash-completion/completions/boardsh`.
    Completions(CompletionsArgs),
    /// Print boardsh's manual page (roff).
    ///
    /// `boardsh man > ~/.local/share/man/man1/boardsh.1`, then `man
    /// boardsh`. A file named `man` is replayed as `boardsh ./man`.
    Man,
}

/// Options of `boardsh completions`.
#[derive(Clone, Copy, Debug, Args)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// `boardsh yut` subcommands.
#[derive(Debug, Subcommand)]
pub enum YutSub {
    /// Solve Yut Nori with K tokens a side exactly (value iteration, layer
    /// by layer); prints the first team's winning chance as its last line.
    Solve(YutSolveArgs),
}

/// Options of `boardsh yut solve`.
#[derive(Clone, Debug, Args)]
pub struct YutSolveArgs {
    /// Tokens a side, 1 to 4.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..=4))]
    pub tokens: u8,

    /// The table file (default: in the user's data directory). An
    /// existing table is read and the solve goes on from its layers, and
    /// a stopped layer from the values it had reached (FILE.partial); an
    /// existing file that is not such a table is refused unless --force,
    /// a link or a device always.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Start afresh over an --out file that is not a table of these
    /// options (a table of them is always resumed, never replaced).
    #[arg(long)]
    pub force: bool,

    /// At most N yuts and mos pending in a turn (a longer run has
    /// probability (1/8)^N).
    #[arg(long, value_name = "N", default_value_t = crate::yut::player::solve::DEFAULT_CAP,
          value_parser = clap::value_parser!(u8).range(1..=12))]
    pub cap: u8,

    /// Solve the layers with at least E tokens escaped in all, not the
    /// whole game: 0 to 2K-2 (0, the default, is the whole game).
    #[arg(long, value_name = "E", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=6))]
    pub down_to: u8,

    /// Best play against a uniformly random player instead of against
    /// itself.
    #[arg(long)]
    pub vs_random: bool,

    // Threads, in the `threads` setting's range.
    #[arg(long, value_name = "N", value_parser = in_range::<u16>(Setting::Threads),
          help = format!("Threads, {} (default: every core). One thread gives the same table every run; more can differ below the tolerance", range_words(Setting::Threads)))]
    pub threads: Option<u16>,

    /// Stop before a layer whose working memory is estimated above GB
    /// gigabytes (the layers finished stay saved).
    #[arg(long, value_name = "GB", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub memory: u16,

    /// Solve nothing: print each layer's positions, the in-turn states a
    /// full sweep values and the working memory it is estimated to need.
    #[arg(long)]
    pub estimate: bool,

    /// How a layer is solved: `forms` (policy iteration, fast, the most
    /// memory) or `values` (plain value iteration, values only, more
    /// sweeps); the default is forms where the layer fits --memory,
    /// else values.
    #[arg(long, value_enum, value_name = "MODE")]
    pub mode: Option<SolveMode>,

    /// Values only: solve range K of N of the current sweep of the layer
    /// under way from the values file beside the table (FILE.values),
    /// into its own part file (FILE.part-K-of-N); a part already done is
    /// kept, one cut short or of another sweep is solved again.
    #[arg(long, value_name = "K/N", value_parser = part_of, conflicts_with_all = ["merge", "estimate"])]
    pub part: Option<(u32, u32)>,

    /// Values only: join the N parts of the current sweep into the next
    /// sweep's values, or into the table when the layer has converged.
    /// Status 0 when every layer asked for is solved, 75 when another
    /// sweep is due, 1 when a part is missing or refused.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000),
          conflicts_with = "estimate")]
    pub merge: Option<u32>,
}

/// How `boardsh yut solve` solves a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolveMode {
    /// Policy iteration with each turn's linear form kept.
    Forms,
    /// Plain value iteration, values only, sweeps shareable by processes.
    Values,
}

/// `K/N` with 1 <= K <= N <= 100,000.
fn part_of(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}` is not K/N with 1 <= K <= N <= 100000 (e.g. 2/8)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n || n > 100_000 {
        return Err(bad());
    }
    Ok((k, n))
}

/// The tasks of `boardsh course`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CourseTask {
    /// Part 1: the piece listing of each position.
    Listing,
    /// Part 2: the lion moves of the side to move.
    Lion,
    /// Part 2: the zebra moves.
    Zebra,
    /// Part 2: the elephant moves (2021).
    Elephant,
    /// Part 2: the giraffe moves (2022).
    Giraffe,
    /// Part 2: the pawn moves.
    Pawn,
    /// Part 2: the superpawn moves (2022).
    Superpawn,
    /// The crocodile moves (boardsh's full rules).
    Crocodile,
    /// The monkey moves (boardsh's full rules).
    Monkey,
    /// All moves of the side to move.
    Moves,
    /// Part 3: play the move; the FEN after it and the game's state.
    Make,
    /// Part 4: the material evaluation.
    Eval,
    /// Part 4: negamax to depth 2 with the material evaluation.
    Minimax,
    /// Part 5: the advanced evaluation (material, mobility, attack).
    EvalAdvanced,
    /// Part 5: fail-hard alpha-beta to depth 4 with the advanced evaluation.
    Alphabeta,
}

/// The rules `boardsh course --year` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CourseYear {
    /// Lion, zebra, elephant, pawn; pawns never promote.
    #[value(name = "2021")]
    Y2021,
    /// Lion, zebra, giraffe, pawn, superpawn; promotion.
    #[value(name = "2022")]
    Y2022,
    /// boardsh's full rules (the default): all eight kinds, promotion.
    Full,
}

/// Options of `boardsh course`.
#[derive(Debug, Args)]
pub struct CourseArgs {
    /// What to answer for each case.
    #[arg(value_enum)]
    pub task: CourseTask,

    /// The course year's rules: promotion (none in 2021) and its piece set
    /// (another piece is an error, except in the listing and move lists).
    /// Without it: boardsh's full rules.
    #[arg(long, value_enum, value_name = "YEAR")]
    pub year: Option<CourseYear>,

    /// Search depth of `minimax` (default 2) and `alphabeta` (default 4),
    /// 0 to 12 (the shell's limit).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=12))]
    pub depth: Option<u32>,

    /// The input has no count line: every non-blank line is a case.
    #[arg(long)]
    pub no_count: bool,

    /// Input files (default, or `-`: standard input), answered in turn.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// When to use colour (in error reports).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

/// Options of `boardsh agent`.
#[derive(Clone, Debug, Args)]
pub struct AgentArgs {
    /// The move chooser: `strongest` (every feature), `baseline` (plain
    /// fixed-depth-4 alpha-beta on material), `random` (a seeded random
    /// mover), `passive` (a seeded defender for tests that never attacks:
    /// pieces shuffle at home, a pawn move or a capture only when forced),
    /// or an engine spec such as `strongest,-qsearch,mobility=0`.
    #[arg(long, default_value = "strongest", value_name = "SPEC")]
    pub engine: String,

    /// Search no deeper than N plies, 1 to 64.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,

    /// Search no more than N nodes per move (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,

    // Transposition table size, in the `hash` setting's range.
    #[arg(long, value_name = "MB", value_parser = in_range_u64(Setting::Hash),
          help = format!("Transposition table size in MB, {} (the shell's `hash`)", range_words(Setting::Hash)))]
    pub hash: Option<u64>,

    // Search threads, in the `threads` setting's range (no `auto`).
    #[arg(long, value_name = "N", value_parser = in_range_u64(Setting::Threads),
          help = format!("Search threads, {}: more than 1 runs a lazy SMP search (helpers share the transposition table; the moves then vary from run to run)", range_words(Setting::Threads)))]
    pub threads: Option<u64>,

    /// Seed of the random mover, and of a weak level's choices.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub seed: u64,

    // The shell's `level`, in its range: the text names the range's ends.
    #[arg(
        long,
        value_name = "N",
        value_parser = in_range::<u8>(Setting::Level),
        conflicts_with_all = ["depth", "nodes"],
        help = level_help()
    )]
    pub level: Option<u8>,

    /// Centipawns a repetition costs the engine when it stands better (and
    /// gives it when worse); default 0.
    #[arg(long, value_name = "CP", value_parser = in_range::<i32>(Setting::Contempt))]
    pub contempt: Option<i32>,

    /// Each finished search depth on stderr.
    #[arg(short, long)]
    pub verbose: bool,

    /// Evaluation weights from a file (`boardsh tune`'s output).
    #[arg(long, value_name = "FILE")]
    pub weights: Option<PathBuf>,

    /// The evaluation network: a network file, `off` (the hand-written
    /// evaluation) or `default` (the built-in one).
    #[arg(long, value_name = "FILE|off")]
    pub net: Option<String>,
}

/// The agent's `--level` help: the ends of the `level` setting's range.
fn level_help() -> String {
    let (min, max) = Setting::Level.range().unwrap_or_default();
    format!(
        "Play at the strength of the shell's `set level N`, {min} (weakest) to {max} (full strength: the engine within each `go`'s time): below {max} a fixed search on one thread that blunders at the level's rate, without the endgame tables. A level sets the budget, so it cannot be given with --depth or --nodes, nor with `--engine random`"
    )
}

/// Options of `boardsh match`.
#[derive(Clone, Debug, Args)]
pub struct MatchArgs {
    /// Number of games (each opening is played twice, colours swapped);
    /// default 2, or no limit with `--sprt`.
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,

    /// Seconds per move (whole or decimal), sent as `go S`.
    #[arg(long, value_name = "S")]
    pub time: Option<f64>,

    /// A game still going after this many plies (opening included) is a draw.
    #[arg(long, default_value_t = 200, value_name = "P")]
    pub max_plies: u32,

    /// Seed of the openings.
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub seed: u64,

    /// Plies of each random opening.
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub opening_plies: u32,

    /// Seconds an answer may come after the limit before it is late.
    #[arg(long, default_value_t = 0.1, value_name = "S")]
    pub grace: f64,

    /// Start no new opening pair after this many seconds; the summary
    /// covers the games played.
    #[arg(long, value_name = "S")]
    pub max_seconds: Option<f64>,

    /// Record each game as a boardsh script: one file per game in a
    /// directory (existing, or a path ending in `/`), else all in one file
    /// (appended a game at a time). An existing record file, or a directory
    /// holding records, is refused unless `--force` (or a run resumed with
    /// `--json`, which appends).
    #[arg(long, value_name = "DIR|FILE")]
    pub pgn: Option<PathBuf>,

    /// Let `--pgn` replace an existing record file or a directory's records.
    #[arg(long, requires = "pgn")]
    pub force: bool,

    /// A sequential probability ratio test on game pairs (logistic Elo):
    /// `elo0=A elo1=B [alpha=0.05] [beta=0.05]`; the match stops when it
    /// accepts or rejects.
    #[arg(long, num_args = 2..=4, value_name = "K=V")]
    pub sprt: Option<Vec<String>>,

    /// Games played at once, each with its own pair of agents (1 to 64).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub concurrency: u32,

    /// Start positions instead of random openings: one FEN a line, each
    /// played twice with colours swapped (the file is cycled).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Results as JSON lines, one per opening pair; a run given a file
    /// that holds pairs of the same match goes on from where it stopped.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Play only the opening pairs of shard K of N (pairs K-1, K-1+N, ...):
    /// the same seed gives every shard the same openings.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,

    /// Sum up JSON results files (the CMD arguments are the files).
    #[arg(long)]
    pub merge: bool,

    /// The first and the second agent's command lines (shell words;
    /// `boardsh` alone is this program).
    #[arg(value_name = "CMD")]
    pub commands: Vec<String>,
}

/// Options of `boardsh test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Write the actual outputs into the expected files.
    #[arg(long)]
    pub bless: bool,

    /// Files or directories (searched recursively); none: `tests/` if it
    /// exists, else the current directory.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}
