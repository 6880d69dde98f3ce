//! `boardsh tablebase build [DIR]`: solve the endgame tables into the
//! user's data directory (or DIR), and load them back for the shell and
//! the agent.
//!
//! Each material set is one file (`wP-bZ.ctb`), written atomically once
//! solved, so Ctrl-C loses at most the set being solved and a second run
//! goes on where the first stopped. Progress goes to stderr when it is a
//! terminal.

use crate::congo::tablebase::{self, Material, Tablebase, build};
use crate::congo::{Piece, PieceKind};
use crate::shell::Live;
use clap::{Args, Subcommand};
use std::fs;
use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use super::signals::{Mode, Signals};
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE};

/// Options of `boardsh tablebase`.
#[derive(Clone, Debug, Args)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    pub action: Action,
}

/// What `boardsh tablebase` does.
#[derive(Clone, Debug, Subcommand)]
pub enum Action {
    /// Solve every ending of both lions and up to two other pieces (or the
    /// sets named with --only) into DIR (default: the data directory,
    /// $XDG_DATA_HOME/boardsh/tb or ~/.local/share/boardsh/tb). Sets
    /// already there are kept; Ctrl-C stops, keeping the sets finished.
    Build(BuildArgs),
}

/// Options of `boardsh tablebase build`.
#[derive(Clone, Debug, Args)]
pub struct BuildArgs {
    /// Where the tables go (created if missing).
    pub dir: Option<PathBuf>,

    /// The most pieces, lions included (2 to 4).
    #[arg(long, default_value_t = 4, value_name = "N",
          value_parser = clap::value_parser!(u8).range(2..=4))]
    pub pieces: u8,

    /// Only this set and the sets it leads to, named by its pieces besides
    /// the lions as FEN letters (`Pz`: a white pawn and a black zebra; up
    /// to three pieces, so five with the lions). Repeatable.
    #[arg(long, value_name = "SET")]
    pub only: Vec<String>,
}

/// The tables' default home: `$XDG_DATA_HOME/boardsh/tb` (an absolute
/// `XDG_DATA_HOME` only), else `~/.local/share/boardsh/tb`.
pub fn default_dir() -> Option<PathBuf> {
    Some(data_dir()?.join("tb"))
}

/// boardsh's data directory: `$XDG_DATA_HOME/boardsh` (an absolute
/// `XDG_DATA_HOME` only), else `~/.local/share/boardsh`.
pub fn data_dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(data.join("boardsh"))
}

/// A set named by FEN letters, e.g. `Pz`.
fn parse_set(text: &str) -> Result<Material, String> {
    let mut pieces = Vec::new();
    for c in text.chars() {
        match Piece::from_char(c) {
            Some(p) if p.kind != PieceKind::Lion => pieces.push(p),
            _ => {
                return Err(format!(
                    "--only {text}: `{c}` is not a piece letter (P S G M E C Z, lower case for Black; the lions are implied)"
                ));
            }
        }
    }
    Material::new(&pieces).ok_or_else(|| {
        format!(
            "--only {text}: at most {} pieces besides the lions",
            tablebase::MAX_EXTRA
        )
    })
}

/// Read one table file: a regular file of at most
/// [`tablebase::MAX_FILE_BYTES`].
fn read_table(path: &Path) -> Result<(Material, Vec<u8>), String> {
    let bytes = super::files::read_regular(path, tablebase::MAX_FILE_BYTES, "a tablebase file")
        .map_err(|e| format!("{}: {e}", path.display()))?;
    tablebase::decode_table(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Write `bytes` to `path` through a temporary file renamed over it
/// (never over a device or a link).
fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    crate::cli::write::replace(path, bytes)
}

/// Every table in `dir` (files ending `.ctb`), for probing.
///
/// # Errors
///
/// An unreadable directory or a damaged file, named.
pub fn load(dir: &Path) -> Result<Tablebase, String> {
    let mut tb = Tablebase::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|x| x == "ctb") {
            let (m, data) = read_table(&path)?;
            tb.insert(m, data)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(tb)
}

/// The tables of the data directory, loaded once per process on first
/// use; `None` when there are none (or they cannot be read: a warning on
/// stderr says why, once).
pub fn default_tables() -> Option<Arc<Tablebase>> {
    static TABLES: OnceLock<Option<Arc<Tablebase>>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let dir = default_dir()?;
            if !dir.is_dir() {
                return None;
            }
            match load(&dir) {
                Ok(tb) if !tb.is_empty() => Some(Arc::new(tb)),
                Ok(_) => None,
                Err(e) => {
                    eprintln!("boardsh: tablebase not loaded: {e}");
                    None
                }
            }
        })
        .clone()
}

/// Run `boardsh tablebase`; returns the exit status.
pub fn run(args: &TablebaseArgs) -> i32 {
    match &args.action {
        Action::Build(b) => run_build(b),
    }
}

fn run_build(args: &BuildArgs) -> i32 {
    let Some(dir) = args.dir.clone().or_else(default_dir) else {
        eprintln!("boardsh tablebase: no data directory (HOME is not set): name a DIR");
        return EXIT_USAGE;
    };
    let mut order = Vec::new();
    if args.only.is_empty() {
        order = Material::all(usize::from(args.pieces) - 2);
    } else {
        for text in &args.only {
            match parse_set(text) {
                Ok(m) => order.extend(m.closure()),
                Err(e) => {
                    eprintln!("boardsh tablebase: {e}");
                    return EXIT_USAGE;
                }
            }
        }
        let all = Material::all(tablebase::MAX_EXTRA);
        order.sort_by_key(|m| all.iter().position(|x| x == m));
        order.dedup();
    }
    // Up front: DIR must be a directory (or nothing yet), and no set file
    // to be written may be a link, a directory or a device. An existing
    // regular file is a set kept (or, damaged, solved again and replaced:
    // the directory is the tables' own).
    if let Ok(m) = fs::metadata(&dir)
        && !m.is_dir()
    {
        let kind = if m.is_file() {
            "a file"
        } else {
            super::files::kind_name(m.file_type())
        };
        eprintln!(
            "boardsh tablebase: {}: it is {kind}, not a directory",
            dir.display()
        );
        return EXIT_USAGE;
    }
    for m in &order {
        let path = dir.join(m.file_name());
        let special = fs::symlink_metadata(&path).is_ok_and(|x| !x.is_file());
        // A link to the right table is read and kept, never written.
        let kept = || {
            fs::metadata(&path).is_ok_and(|x| x.is_file())
                && read_table(&path).is_ok_and(|(found, _)| found == *m)
        };
        if special
            && !kept()
            && let Err(e) = super::write::check_target("the table", &path, true, &[])
        {
            eprintln!("boardsh tablebase: {e}");
            return EXIT_USAGE;
        }
    }
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("boardsh tablebase: {}: {e}", dir.display());
        return EXIT_FAILED;
    }
    let live = Arc::new(Live::default());
    // Without handlers Ctrl-C would kill the process: the sets already
    // written stay, so that is no loss, but the report would be.
    let _signals = Signals::install(Arc::clone(&live), Mode::Batch).ok();
    let show = io::stderr().is_terminal();
    let started = Instant::now();
    let mut tb = Tablebase::new();
    let (mut built, mut kept, mut bytes) = (0usize, 0usize, 0u64);
    let total = order.len();
    for (k, m) in order.iter().enumerate() {
        let path = dir.join(m.file_name());
        if path.is_file()
            && let Ok((found, data)) = read_table(&path)
            && found == *m
        {
            bytes += data.len() as u64;
            if tb.insert(found, data).is_ok() {
                kept += 1;
                continue;
            }
        }
        let set_start = Instant::now();
        let mut last = Instant::now();
        let result = build(m, &tb, &live.interrupt, &mut |done, all| {
            if show && last.elapsed().as_millis() >= 200 {
                last = Instant::now();
                eprint!(
                    "\r\x1b[Ktablebase: set {}/{total} {m} {:.0}%",
                    k + 1,
                    done as f64 * 100.0 / all.max(1) as f64
                );
            }
        });
        if show {
            eprint!("\r\x1b[K");
        }
        match result {
            Ok(data) => {
                let file = tablebase::encode_table(m, &data);
                if let Err(e) = write_atomic(&path, &file) {
                    eprintln!("boardsh tablebase: {}: {e}", path.display());
                    return EXIT_FAILED;
                }
                bytes += data.len() as u64;
                built += 1;
                if show || order.len() <= 40 {
                    eprintln!(
                        "tablebase: {m} solved in {:.1} s",
                        set_start.elapsed().as_secs_f64()
                    );
                }
                if let Err(e) = tb.insert(*m, data) {
                    eprintln!("boardsh tablebase: {e}");
                    return EXIT_FAILED;
                }
            }
            Err(tablebase::BuildError::Interrupted) => {
                println!(
                    "interrupted: {} of {total} sets in {} ({built} built now); run again to finish",
                    built + kept,
                    dir.display()
                );
                return EXIT_INTERRUPTED;
            }
            Err(e) => {
                eprintln!("boardsh tablebase: {m}: {e}");
                return EXIT_FAILED;
            }
        }
    }
    println!(
        "{total} sets in {} ({built} built, {kept} already there): {:.1} MB, {:.1} s",
        dir.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    EXIT_OK
}
