//! `boardsh yut solve`: solve Yut Nori with K tokens a side, layer by
//! layer, saving each finished layer so that a stopped run resumes.
//!
//! The table goes to `--out FILE`, else to
//! `$XDG_DATA_HOME/boardsh/yut-solve-kK-capC[-random].bin` (or
//! `~/.local/share/boardsh/...`): generated data, never in git. Progress
//! is drawn on stderr when it is a terminal; Ctrl-C (or SIGTERM, or a
//! closed terminal) stops the solve, keeps the layers already finished,
//! saves the values the layer under way had reached beside the table
//! (`FILE.partial`, where the next run resumes that layer), and exits 130.

use super::args::{SolveMode, YutSolveArgs};
use super::files::read_regular;
use super::yut_values;
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE};
use crate::yut::Sticks;
use crate::yut::player::solve::{
    Board, CachePrecision, Layer, LayerJob, LayerReport, Partial, Progress, Roles, SweepPlan,
    TOLERANCE, Table, layer_memory, layer_states,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The default table file for these options, in the user's data directory.
pub fn default_path(k: usize, cap: u8, roles: Roles) -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let data = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    let suffix = match roles {
        Roles::SelfPlay => "",
        Roles::VsRandom => "-random",
    };
    Some(
        data.join("boardsh")
            .join(format!("yut-solve-k{k}-cap{cap}{suffix}.bin")),
    )
}

/// Write `bytes` to `path` atomically (a temporary file renamed over it;
/// never over a device or a link), creating its directory first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    crate::cli::write::replace(path, bytes)
}

/// Where a stopped layer's values are kept: beside the table.
pub fn partial_path(table: &Path) -> PathBuf {
    let mut name = table.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// The stopped values of layer `e` saved at `path`, if there are any of
/// this game and layer, and whether the file is to go once the layer is
/// in the table (it is this layer's, or a later one's, already solved).
/// A file that is not such values is said and left alone: the layer
/// starts afresh, and the file is replaced only by the next stop.
fn resume(
    path: &Path,
    table: &Table,
    e: usize,
    err: &mut dyn Write,
) -> io::Result<(Option<Partial>, bool)> {
    let why = match read_regular(path, partial_limit(table), "a stopped layer's values file") {
        Err(x) if x.kind() == io::ErrorKind::NotFound => return Ok((None, false)),
        Err(x) => x.to_string(),
        Ok(bytes) => match Partial::from_bytes(&bytes, table) {
            Ok(p) if p.layer == e => return Ok((Some(p), true)),
            Ok(p) => {
                writeln!(
                    err,
                    "boardsh yut solve: {} holds layer {}, not {e}: layer {e} starts afresh",
                    path.display(),
                    p.layer
                )?;
                return Ok((None, p.layer > e));
            }
            Err(x) => x.to_string(),
        },
    };
    writeln!(
        err,
        "boardsh yut solve: {}: {why}: layer {e} starts afresh",
        path.display()
    )?;
    Ok((None, false))
}

/// Write `table` to `path` (atomically); `false` when that failed, said
/// on `err` with the file's name: a full disk or a file size limit (the
/// file is left as it was, the temporary one removed).
fn table_saved(path: &Path, table: &Table, err: &mut dyn Write) -> io::Result<bool> {
    match write_atomic(path, &table.to_bytes()) {
        Ok(()) => Ok(true),
        Err(x) => {
            writeln!(
                err,
                "boardsh yut solve: cannot write {}: {x}",
                path.display()
            )?;
            Ok(false)
        }
    }
}

/// The most bytes a stopped layer's values for `table`'s game can have:
/// its largest layer, as floats, for each role, with the header.
pub fn partial_limit(table: &Table) -> u64 {
    let index = table.index();
    let largest = (0..index.layers())
        .map(|e| index.layer_len(e) as u64)
        .max()
        .unwrap_or(0);
    64 + table.roles().count() as u64 * (8 + 8 * largest)
}

/// Why a table was not read.
pub enum Unread {
    /// The file is not such a table (the message says why): not a
    /// regular file, too large, damaged, edited, of another game.
    Bad(String),
    /// It is, as far as was looked, but there is not the memory to read
    /// it (the message says so).
    Memory(String),
}

/// Read the table at `path` if there is one; `Ok(None)` if there is none.
/// It must be a regular file of at most the size of the whole table
/// ([`Table::max_bytes`]), its checksum matching.
///
/// # Errors
///
/// [`Unread`], with a message naming the file.
pub fn load(path: &Path, k: usize, cap: u8, roles: Roles) -> Result<Option<Table>, Unread> {
    let limit = Table::max_bytes(k, roles);
    let what = format!("a {k}-token table");
    match read_regular(path, limit, &what) {
        Ok(bytes) => Table::from_bytes(&bytes, k, cap, roles)
            .map(Some)
            .map_err(|e| Unread::Bad(format!("{}: {e}", path.display()))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) if e.kind() == io::ErrorKind::OutOfMemory => {
            Err(Unread::Memory(format!("{}: {e}", path.display())))
        }
        Err(e) => Err(Unread::Bad(format!("{}: {e}", path.display()))),
    }
}

/// The solved tables of the data directory (K = 1 to 4, the default cap,
/// best play on both sides). Each call looks at the files again (one
/// `stat` each) and reads only a file that is new or changed since it
/// was last read, so a table solved while the session runs is used from
/// the next `hint`, `review` or `auto` on; a table that cannot be read is
/// left out with a warning on stderr, once for each version of the file.
pub fn default_tables() -> Vec<Arc<Table>> {
    static CACHE: Mutex<TableCache> = Mutex::new(TableCache::new());
    let paths: Vec<Option<PathBuf>> = (1..=4)
        .map(|k| default_path(k, crate::yut::player::solve::DEFAULT_CAP, Roles::SelfPlay))
        .collect();
    // A panic elsewhere while the lock was held leaves a cache that is
    // still consistent (each entry is replaced whole).
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    cache.tables(&paths, &mut io::stderr())
}

/// What identifies a version of a table file without reading it: its
/// size and modification time (a solve replaces the file whole, by a
/// rename, so a new table has a new time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
}

/// The tables read so far, by K, with the stamp of the file they were
/// read from (`None`: the file was there but not read, warned once).
pub(crate) struct TableCache {
    entries: [Option<(Stamp, Option<Arc<Table>>)>; 4],
}

impl TableCache {
    /// Nothing read yet.
    pub(crate) const fn new() -> TableCache {
        TableCache {
            entries: [None, None, None, None],
        }
    }

    /// The tables at `paths` (K = 1, 2, ... in order; `None`: no data
    /// directory), reading again only the files whose stamp changed;
    /// warnings go to `err`.
    pub(crate) fn tables(
        &mut self,
        paths: &[Option<PathBuf>],
        err: &mut dyn Write,
    ) -> Vec<Arc<Table>> {
        let cap = crate::yut::player::solve::DEFAULT_CAP;
        let mut out = Vec::new();
        for ((k, entry), path) in (1..).zip(self.entries.iter_mut()).zip(paths) {
            let Some(path) = path else {
                *entry = None;
                continue;
            };
            let stamp = match fs::metadata(path) {
                Ok(m) => Stamp {
                    len: m.len(),
                    modified: m.modified().ok(),
                },
                // No file (or none to look at): nothing, and a file
                // made later is read then.
                Err(_) => {
                    *entry = None;
                    continue;
                }
            };
            if entry.as_ref().is_none_or(|(s, _)| *s != stamp) {
                let table = match load(path, k, cap, Roles::SelfPlay) {
                    Ok(t) => t.map(Arc::new),
                    Err(Unread::Bad(e)) => {
                        let _ = writeln!(
                            err,
                            "boardsh: Yut table not loaded: {e} (remove it; `boardsh yut solve --tokens {k}` makes it again)"
                        );
                        None
                    }
                    Err(Unread::Memory(e)) => {
                        let _ = writeln!(err, "boardsh: Yut table not loaded: {e}");
                        None
                    }
                };
                *entry = Some((stamp, table));
            }
            if let Some((_, Some(t))) = entry {
                out.push(Arc::clone(t));
            }
        }
        out
    }
}

/// `boardsh yut solve`: the exit status.
pub fn run(args: &YutSolveArgs) -> i32 {
    match solve(args) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => super::EXIT_CLOSED_PIPE,
        Err(e) => {
            let _ = writeln!(io::stderr(), "boardsh yut solve: error: {e}");
            EXIT_FAILED
        }
    }
}

fn bar(total: usize, layer: usize) -> ProgressBar {
    let target = if io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total as u64), target);
    if let Ok(style) =
        ProgressStyle::with_template("layer {prefix} {msg} [{bar:30}] {pos}/{len} {elapsed}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(layer.to_string());
    bar
}

/// The parts `--estimate` gives a shared-out sweep's memory for (the CPU
/// for the second).
const PARTS: [usize; 3] = [8, 64, 512];
/// Full sweeps a layer with forms, and the CPU of an in-turn state in
/// them (the forms' sweeps included), measured: docs/yut-solver.md.
const FORMS_SWEEPS: f64 = 10.0;
const FORMS_NS: f64 = 31.0;
/// Jacobi sweeps a layer values only, and the CPU of an in-turn state in
/// them, measured (2026-12-07): 32, 56 and 70 sweeps in four tokens'
/// layers 6, 5 and 4 (more as more tokens are in play: the most seen is
/// taken), 12.6 ns a state on one thread (the two-token game):
/// docs/yut-solver.md.
const VALUES_SWEEPS: f64 = 70.0;
const VALUES_NS: f64 = 13.0;

/// `--estimate`: each layer from the last down to `--down-to`, its size and
/// what solving it would take, from [`layer_memory`] and [`layer_states`];
/// nothing is solved or written.
fn estimate(args: &YutSolveArgs, k: usize, roles: Roles) -> io::Result<i32> {
    let mut out = io::stdout().lock();
    let index = crate::yut::player::solve::Index::new(k);
    writeln!(
        out,
        "Yut Nori, {k} token{} a side, at most {} yuts and mos pending{}: what each layer needs (positions with clashes; memory as solved, then with the catches' states in fixed point)",
        if k == 1 { "" } else { "s" },
        args.cap,
        if args.vs_random {
            ", best play against a random player"
        } else {
            ""
        }
    )?;
    let (mut positions, mut states) = (0u64, 0u64);
    let (mut forms_hours, mut values_hours) = (0.0, 0.0);
    for e in (usize::from(args.down_to)..index.layers()).rev() {
        let n = index.layer_len(e) as u64;
        let s = layer_states(&index, e, args.cap, roles);
        let float = layer_memory(&index, e, args.cap, roles, CachePrecision::Float);
        let fixed = layer_memory(&index, e, args.cap, roles, CachePrecision::Fixed);
        positions += n;
        states += s;
        // Values only, the catches' states in fixed point, one thread a
        // process: in one process, and the largest of PARTS processes
        // with the blocks their catches lead to solved again in each.
        let plan = SweepPlan::new(&index, e, args.cap);
        let one = plan.memory(&index, roles, CachePrecision::Fixed, 0..plan.len(), 1);
        let mut most = [0u64; 3];
        let mut all = 0u64;
        for (m, parts) in most.iter_mut().zip(PARTS) {
            for k in 0..parts {
                let r = plan.range(k, parts);
                *m = (*m).max(plan.memory(&index, roles, CachePrecision::Fixed, r.clone(), 1));
                if parts == PARTS[1] {
                    all += plan.states(r).1 * roles.count() as u64;
                }
            }
        }
        let hours = |states: u64, sweeps: f64, ns: f64| states as f64 * sweeps * ns / 3.6e12;
        let forms = hours(s, FORMS_SWEEPS, FORMS_NS);
        let values = hours(all, VALUES_SWEEPS, VALUES_NS);
        forms_hours += forms;
        values_hours += values;
        writeln!(
            out,
            "layer {e}: {n} positions, {s} in-turn states a full sweep, about {:.2} GB ({:.2} GB); values only {:.2} GB in one process, a process in {} / {} / {} parts {:.2} / {:.2} / {:.2} GB; CPU about {forms:.2} h with forms, {values:.2} h values only in {} parts ({:.2} times the states of a sweep)",
            float as f64 / 1e9,
            fixed as f64 / 1e9,
            one as f64 / 1e9,
            PARTS[0],
            PARTS[1],
            PARTS[2],
            most[0] as f64 / 1e9,
            most[1] as f64 / 1e9,
            most[2] as f64 / 1e9,
            PARTS[1],
            all as f64 / s.max(1) as f64,
        )?;
    }
    writeln!(
        out,
        "in all: {positions} positions, {states} in-turn states a full sweep of every layer; CPU about {forms_hours:.1} h with forms ({FORMS_SWEEPS} full sweeps a layer at {FORMS_NS} ns a state), {values_hours:.1} h values only in {} parts ({VALUES_SWEEPS} sweeps at {VALUES_NS} ns)",
        PARTS[1]
    )?;
    Ok(EXIT_OK)
}

fn solve(args: &YutSolveArgs) -> io::Result<i32> {
    let mut err = io::stderr();
    let k = usize::from(args.tokens);
    // The layers run from 0 to 2K-2 escaped tokens in all (a team with
    // all K escaped has won, so both have at most K-1): a lower bound
    // past the last layer is a usage error.
    let last = 2 * k - 2;
    if usize::from(args.down_to) > last {
        writeln!(
            err,
            "boardsh yut solve: --down-to {} is out of range: with --tokens {k} it is 0 to {last}",
            args.down_to
        )?;
        return Ok(EXIT_USAGE);
    }
    let roles = if args.vs_random {
        Roles::VsRandom
    } else {
        Roles::SelfPlay
    };
    if args.estimate {
        return estimate(args, k, roles);
    }
    let Some(path) = args
        .out
        .clone()
        .or_else(|| default_path(k, args.cap, roles))
    else {
        writeln!(
            err,
            "boardsh yut solve: no data directory (HOME unset): give --out FILE"
        )?;
        return Ok(EXIT_USAGE);
    };
    // Up front: the table and the stopped layer's file beside it are
    // written, so neither may be a link, a directory or a device. An
    // existing file is what the solve resumes, checked below.
    for target in [path.clone(), partial_path(&path)] {
        if let Err(e) = super::write::check_target("--out", &target, true, &[]) {
            writeln!(err, "boardsh yut solve: {e}")?;
            return Ok(EXIT_USAGE);
        }
    }
    let mut table = match load(&path, k, args.cap, roles) {
        Ok(Some(t)) => t,
        Ok(None) => Table::new(k, args.cap, roles),
        Err(Unread::Memory(e)) => {
            writeln!(err, "boardsh yut solve: {e}")?;
            return Ok(EXIT_FAILED);
        }
        // A device or a FIFO never gets here: the target was checked up
        // front (`write::check_target`).
        Err(Unread::Bad(e)) if args.force => {
            writeln!(
                err,
                "boardsh yut solve: {e}: starting afresh (--force: it is replaced when the first layer is solved)"
            )?;
            Table::new(k, args.cap, roles)
        }
        Err(Unread::Bad(e)) => {
            writeln!(
                err,
                "boardsh yut solve: {e}: remove it, give another --out, or `--force` to start afresh over it"
            )?;
            return Ok(EXIT_USAGE);
        }
    };
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let sticks = Sticks::FAIR;
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    if args.part.is_some() || args.merge.is_some() {
        let mut shared = yut_values::Shared {
            path: &path,
            table,
            down_to: usize::from(args.down_to),
            threads,
            memory_gb: args.memory,
            stop: stop.as_ref(),
        };
        return match (args.part, args.merge) {
            (Some((k, n)), _) => yut_values::part(&mut shared, k, n),
            (_, Some(n)) => yut_values::merge_parts(&mut shared, n),
            _ => Ok(EXIT_USAGE),
        };
    }
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Yut Nori, {k} token{} a side, at most {} yuts and mos pending, sweeps to a change below {TOLERANCE:e}: {}",
        if k == 1 { "" } else { "s" },
        args.cap,
        path.display()
    )?;
    let lowest = usize::from(args.down_to);
    for e in (lowest..table.index().layers()).rev() {
        if table.has_layer(e) {
            writeln!(out, "layer {e}: read from the table")?;
            continue;
        }
        // Forms where the layer fits so (the catches' states as solved,
        // else in the table's fixed point), else values only; `--mode`
        // tells which.
        let limit = u64::from(args.memory) * 1_000_000_000;
        let float = layer_memory(table.index(), e, args.cap, roles, CachePrecision::Float);
        let fixed = layer_memory(table.index(), e, args.cap, roles, CachePrecision::Fixed);
        let plan = SweepPlan::new(table.index(), e, args.cap);
        let whole = 0..plan.len();
        let values = yut_values::precision_within(
            &plan,
            table.index(),
            roles,
            whole.clone(),
            threads,
            limit,
        );
        let forms = if float <= limit {
            Some(CachePrecision::Float)
        } else if fixed <= limit {
            Some(CachePrecision::Fixed)
        } else {
            None
        };
        let pick = match (args.mode, forms, values) {
            (Some(SolveMode::Forms) | None, Some(p), _) => Some((SolveMode::Forms, p)),
            (Some(SolveMode::Values) | None, _, Some(p)) => Some((SolveMode::Values, p)),
            _ => None,
        };
        let Some((mode, precision)) = pick else {
            let need = match args.mode {
                Some(SolveMode::Values) => {
                    plan.memory(table.index(), roles, CachePrecision::Fixed, whole, threads)
                }
                _ => fixed,
            };
            writeln!(
                err,
                "boardsh yut solve: layer {e} has {} positions and needs about {:.1} GB, more than {} GB (`--memory`): stopping (the layers finished are saved in {})",
                table.index().layer_len(e),
                need as f64 / 1e9,
                args.memory,
                path.display()
            )?;
            return Ok(EXIT_FAILED);
        };
        if mode == SolveMode::Values {
            let need = plan.memory(table.index(), roles, precision, whole, threads);
            if args.mode.is_none() {
                writeln!(
                    out,
                    "layer {e}: values only, about {:.1} GB (with forms it would need {:.1} GB, more than {} GB)",
                    need as f64 / 1e9,
                    fixed as f64 / 1e9,
                    args.memory
                )?;
            }
            drop(plan);
            if let Some(status) =
                yut_values::in_process(&path, &mut table, e, precision, threads, stop.as_ref())?
            {
                return Ok(status);
            }
            if !table_saved(&path, &table, &mut err)? {
                return Ok(EXIT_FAILED);
            }
            yut_values::spent(&path);
            continue;
        }
        drop(plan);
        if precision == CachePrecision::Fixed {
            writeln!(
                out,
                "layer {e}: about {:.1} GB with the catches' states in fixed point (as solved it would need {:.1} GB, more than {} GB)",
                fixed as f64 / 1e9,
                float as f64 / 1e9,
                args.memory
            )?;
        }
        let saved = partial_path(&path);
        let (start, spent) = resume(&saved, &table, e, &mut err)?;
        if let Some(p) = &start {
            writeln!(
                out,
                "layer {e}: resuming from the values a stopped solve reached in {} full sweep{} ({})",
                p.sweeps,
                if p.sweeps == 1 { "" } else { "s" },
                saved.display()
            )?;
        }
        let started = Instant::now();
        let pb = bar(table.index().layer_len(e), e);
        // Without a terminal (a script, `nohup`) the bar is hidden: a line
        // as each full sweep begins says the run is alive and converging.
        let plain = !io::stderr().is_terminal();
        let mut sweep_seen = 0;
        let mut show = |p: Progress| {
            if plain && p.sweep != sweep_seen {
                sweep_seen = p.sweep;
                let last = if p.last_change.is_finite() {
                    format!(
                        ", the last changed a value by at most {:.1e}",
                        p.last_change
                    )
                } else {
                    String::new()
                };
                eprintln!(
                    "layer {e}: full sweep {} of {} positions{last} ({:.0} s)",
                    p.sweep,
                    p.total,
                    started.elapsed().as_secs_f64()
                );
            }
            pb.set_position(p.done as u64);
            if p.last_change.is_finite() {
                pb.set_message(format!(
                    "sweep {} (last change {:.1e})",
                    p.sweep, p.last_change
                ));
            } else {
                pb.set_message(format!("sweep {}", p.sweep));
            }
        };
        let report = LayerJob::new(&mut table, Layer(e), sticks)
            .threads(threads)
            .precision(precision)
            .resume(start)
            .solve(stop.as_ref(), &mut show);
        pb.finish_and_clear();
        let report: LayerReport = match report {
            Ok(r) => r,
            Err(partial) => {
                let kept = match write_atomic(&saved, &partial.to_bytes(&table)) {
                    Ok(()) => format!(
                        "its values after {} full sweep{} begun are saved in {}",
                        partial.sweeps,
                        if partial.sweeps == 1 { "" } else { "s" },
                        saved.display()
                    ),
                    Err(x) => format!(
                        "its values could not be saved in {} ({x}), so it will start afresh",
                        saved.display()
                    ),
                };
                writeln!(
                    err,
                    "boardsh yut solve: interrupted in layer {e}; {kept}; the layers finished are saved in {}: run again to resume",
                    path.display()
                )?;
                return Ok(EXIT_INTERRUPTED);
            }
        };
        if !table_saved(&path, &table, &mut err)? {
            return Ok(EXIT_FAILED);
        }
        // The layer is in the table now: its stopped values are spent.
        let removed = if spent {
            fs::remove_file(&saved)
        } else {
            Ok(())
        };
        if let Err(x) = removed {
            writeln!(
                err,
                "boardsh yut solve: {}: {x} (the layer is saved; the file can go)",
                saved.display()
            )?;
        }
        writeln!(
            out,
            "layer {e}: {} positions, {} sweeps ({} more of the linear forms, {} terms), last change {:.1e}, {} in-turn states, {:.1} s",
            report.positions,
            report.sweeps,
            report.linear_sweeps,
            report.terms,
            report.change,
            report.nodes,
            started.elapsed().as_secs_f64()
        )?;
    }
    let start = Board::start(k);
    match (roles, table.value(start, 0)) {
        (_, None) => {
            writeln!(
                out,
                "layers {lowest} and up solved; the start needs layer 0"
            )?;
        }
        (Roles::SelfPlay, Some(v)) => {
            writeln!(
                out,
                "the first team wins with best play on both sides with probability"
            )?;
            writeln!(out, "{v:.10}")?;
        }
        (Roles::VsRandom, Some(v)) => {
            let second = 1.0 - table.value(start, 1).unwrap_or(1.0);
            writeln!(
                out,
                "best play against a uniformly random player wins, moving first and moving second:"
            )?;
            writeln!(out, "{v:.10} {second:.10}")?;
        }
    }
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interrupt::Never;
    use crate::yut::player::solve::DEFAULT_CAP;

    /// The one-token table at the default cap (no state of one token a
    /// side reaches a cap of 6, so it solves at once).
    fn one_token_bytes() -> Vec<u8> {
        let mut table = Table::new(1, DEFAULT_CAP, Roles::SelfPlay);
        table.solve(Sticks::FAIR, &Never).expect("no interrupt");
        table.to_bytes()
    }

    #[test]
    fn a_table_written_later_is_read_at_the_next_call_and_only_then() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("yut-solve-k1-cap10.bin");
        let paths = [Some(path.clone()), None, None, None];
        let mut cache = TableCache::new();
        let mut err = Vec::new();
        // No file yet: no table, nothing said.
        assert!(cache.tables(&paths, &mut err).is_empty());
        // Solved since (written by another process, as a solve does):
        // the next call reads it.
        std::fs::write(&path, one_token_bytes()).unwrap();
        let first = cache.tables(&paths, &mut err);
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].tokens(), 1);
        // Unchanged: the same table, not read again.
        let again = cache.tables(&paths, &mut err);
        assert!(Arc::ptr_eq(&first[0], &again[0]));
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
        // Replaced by bytes that are no table (a different size, so a
        // different stamp whatever the clock's grain): left out, with
        // one warning for this version of the file, not one a call.
        std::fs::write(&path, b"not a table").unwrap();
        assert!(cache.tables(&paths, &mut err).is_empty());
        assert!(cache.tables(&paths, &mut err).is_empty());
        let said = String::from_utf8_lossy(&err);
        assert_eq!(said.matches("Yut table not loaded").count(), 1, "{said}");
        assert!(said.contains("yut-solve-k1-cap10.bin"), "{said}");
        // Gone: nothing; back: read again.
        std::fs::remove_file(&path).unwrap();
        assert!(cache.tables(&paths, &mut err).is_empty());
        std::fs::write(&path, one_token_bytes()).unwrap();
        assert_eq!(cache.tables(&paths, &mut err).len(), 1);
    }
}
