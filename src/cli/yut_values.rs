//! `boardsh yut solve` in values-only mode: a layer solved by Jacobi
//! sweeps (`yut::solve::Jacobi`), in this process or shared out.
//!
//! Beside the table `FILE`: `FILE.values`, the values the current sweep
//! of the layer under way starts from (none: the fresh start, sweep 1),
//! and `FILE.part-K-of-N`, range K of N of that sweep. `--part K/N`
//! solves one range from the values file (mapped read-only, so processes
//! on one machine share its pages) into its part; `--merge N` joins the
//! N parts into the next values file, or into the table when the layer
//! has converged. Every file is written atomically and checksummed: a
//! process killed mid-sweep loses at most its range of that sweep, and a
//! part cut short, damaged or of another sweep is refused by the merge
//! and solved again by the next `--part`. The scheduler (GNU parallel,
//! a Slurm array) runs the parts; nothing here waits for another process.

use super::yut_solve::write_atomic;
use super::{EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK};
use crate::yut::Sticks;
use crate::yut::player::solve::{
    CachePrecision, How, Index, Jacobi, PartHead, Prev, Roles, SweepId, SweepPlan, Table,
    VALUES_TOLERANCE, ValuesHead, copy, error_bound, next_rate, part_bytes, place, read_part,
    read_values_file, solve_values, values_bytes,
};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::time::Instant;

/// Exit status of `--merge` when another sweep is due (sysexits'
/// EX_TEMPFAIL: run the parts and merge again).
pub const EXIT_AGAIN: i32 = 75;

/// The values file beside the table.
pub fn values_path(table: &Path) -> PathBuf {
    beside(table, ".values")
}

/// Part `k` of `n`'s file beside the table.
pub fn part_path(table: &Path, k: u32, n: u32) -> PathBuf {
    beside(table, &format!(".part-{k}-of-{n}"))
}

fn beside(table: &Path, suffix: &str) -> PathBuf {
    let mut name = table.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The layer under way: the last not yet solved from `down_to` up.
pub fn layer_under_way(table: &Table, down_to: usize) -> Option<usize> {
    (down_to..table.index().layers())
        .rev()
        .find(|&e| !table.has_layer(e))
}

/// A values file, mapped read-only.
pub struct Mapped(memmap2::Mmap);

impl Mapped {
    /// Map `path` if it is a regular file; `Ok(None)` if there is none.
    fn open(path: &Path) -> io::Result<Option<Mapped>> {
        // Not waiting for a FIFO's writer: anything but a regular file is
        // refused at once, below.
        let file = match super::files::open_nonblocking(path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        if !file.metadata()?.is_file() {
            return Err(io::Error::other("not a regular file"));
        }
        // SAFETY: the map is only read. Every values file is written to a
        // temporary file and renamed over the old one, never written in
        // place, so the file mapped here does not change while it is
        // mapped (a new sweep's values are a new file).
        let map = unsafe { memmap2::Mmap::map(&file) }?;
        Ok(Some(Mapped(map)))
    }
}

/// The values the current sweep of layer `e` starts from: the values
/// file's, or the fresh start's (sweep 1) where there is none or it is
/// of another layer (one solved since).
///
/// # Errors
///
/// A message naming the file when it is there but not such values.
fn start_of<'m>(
    map: Option<&'m Mapped>,
    path: &Path,
    table: &Table,
    e: usize,
) -> Result<Option<Start<'m>>, String> {
    let Some(map) = map else {
        return Ok(None);
    };
    match read_values_file(&map.0, table) {
        Ok((head, values)) if head.id.layer == e => Ok(Some((head, values))),
        Ok(_) => Ok(None),
        Err(x) => Err(format!(
            "{}: {x}: remove it to start layer {e} afresh",
            path.display()
        )),
    }
}

/// A sweep's start: its header and each role's values as bytes.
type Start<'m> = (ValuesHead, Vec<&'m [u8]>);

/// A part read: its header and each role's values.
type Part = (PartHead, Vec<Vec<u32>>);

/// Little-endian 4-byte words.
fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| {
            let mut w = [0; 4];
            w.copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

fn fresh_head(e: usize) -> ValuesHead {
    ValuesHead {
        id: SweepId { layer: e, sweep: 1 },
        change: f64::INFINITY,
        rate: f64::NAN,
    }
}

/// What `--part` and `--merge` share: the table's file and table, the
/// layer under way and the sticks.
pub struct Shared<'a> {
    pub path: &'a Path,
    pub table: Table,
    pub down_to: usize,
    pub threads: usize,
    pub memory_gb: u16,
    pub stop: &'a AtomicBool,
}

/// The layer under way, its values file and that file mapped (if there
/// is one); `Err(EXIT_OK)` when every layer asked for is solved (said on
/// `out`).
fn under_way(s: &Shared, out: &mut dyn Write) -> io::Result<Result<UnderWay, i32>> {
    let Some(e) = layer_under_way(&s.table, s.down_to) else {
        writeln!(out, "every layer from {} up is solved", s.down_to)?;
        return Ok(Err(EXIT_OK));
    };
    let vpath = values_path(s.path);
    let map = Mapped::open(&vpath).map_err(|x| named(&vpath, x))?;
    Ok(Ok((e, vpath, map)))
}

/// A layer under way: its number, its values file, that file mapped.
type UnderWay = (usize, PathBuf, Option<Mapped>);

/// [`start_of`], its error said on `err` (then `None`).
fn start_said<'m>(
    map: Option<&'m Mapped>,
    path: &Path,
    table: &Table,
    e: usize,
    err: &mut dyn Write,
) -> io::Result<Option<Option<Start<'m>>>> {
    match start_of(map, path, table, e) {
        Ok(start) => Ok(Some(start)),
        Err(why) => {
            writeln!(err, "boardsh yut solve: {why}")?;
            Ok(None)
        }
    }
}

/// The sweep under way, as `--part` and `--merge` begin it: its layer,
/// the values file, the sweep's header, the layer's index and plan, and
/// the values file's values when the sweep starts from them.
struct Sweep<'m> {
    e: usize,
    vpath: &'m Path,
    head: ValuesHead,
    index: Index,
    plan: SweepPlan,
    start: Option<Vec<&'m [u8]>>,
}

impl<'m> Sweep<'m> {
    /// The values the sweep starts from, by role: the values file's, or
    /// the fresh start's (made into `fresh`, only when asked for: a
    /// layer's worth of each role).
    fn prev<'a>(&'a self, roles: usize, fresh: &'a mut Vec<Vec<u8>>) -> Vec<&'a [u8]> {
        if let Some(v) = &self.start {
            return v.clone();
        }
        let n = self.index.layer_len(self.e);
        *fresh = (0..roles)
            .map(|_| crate::yut::player::solve::fresh(n))
            .collect();
        fresh.iter().map(Vec::as_slice).collect()
    }
}

/// Runs `then` on the sweep under way with stdout and stderr, for
/// `--part` and `--merge`: its status, or [`EXIT_OK`] when every layer
/// asked for is solved (said on stdout) and [`EXIT_FAILED`] when the
/// values file is refused (said on stderr).
fn on_sweep(
    s: &mut Shared,
    then: impl FnOnce(&mut Shared, Sweep<'_>, &mut dyn Write, &mut dyn Write) -> io::Result<i32>,
) -> io::Result<i32> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr();
    let (e, vpath, map) = match under_way(s, &mut out)? {
        Ok(found) => found,
        Err(status) => return Ok(status),
    };
    let Some(start) = start_said(map.as_ref(), &vpath, &s.table, e, &mut err)? else {
        return Ok(EXIT_FAILED);
    };
    let index = s.table.index().clone();
    let plan = SweepPlan::new(&index, e, s.table.cap());
    let (head, start) = match start {
        Some((head, values)) => (head, Some(values)),
        None => (fresh_head(e), None),
    };
    let sweep = Sweep {
        e,
        vpath: &vpath,
        head,
        index,
        plan,
        start,
    };
    then(s, sweep, &mut out, &mut err)
}

/// `--part K/N`: solve range K of N of the current sweep.
pub fn part(s: &mut Shared, k: u32, n: u32) -> io::Result<i32> {
    on_sweep(s, |s, sw, out, err| part_of(s, &sw, k, n, out, err))
}

/// [`part`] on the sweep under way.
fn part_of(
    s: &Shared,
    sw: &Sweep<'_>,
    k: u32,
    n: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<i32> {
    let (e, index, plan) = (sw.e, &sw.index, &sw.plan);
    let sweep = sw.head.id.sweep;
    let range = plan.range(k as usize - 1, n as usize);
    let ppath = part_path(s.path, k, n);
    let want = PartHead {
        id: sw.head.id,
        part: k - 1,
        parts: n,
        blocks: range.clone(),
        change: 0.0,
        nodes: 0,
    };
    match check_part(&ppath, &s.table, plan, &want) {
        Ok(Some(_)) => {
            writeln!(
                out,
                "layer {e}, sweep {sweep}, part {k}/{n}: done already ({}), {}",
                ppath.display(),
                peak()
            )?;
            return Ok(EXIT_OK);
        }
        Ok(None) => {}
        Err(why) => writeln!(
            err,
            "boardsh yut solve: {why}: solving part {k}/{n} of sweep {sweep} again"
        )?,
    }
    let limit = u64::from(s.memory_gb) * 1_000_000_000;
    let roles = s.table.roles();
    let Some(precision) = precision_within(plan, index, roles, range.clone(), s.threads, limit)
    else {
        let need = plan.memory(index, roles, CachePrecision::Fixed, range, s.threads);
        writeln!(
            err,
            "boardsh yut solve: part {k}/{n} of layer {e} needs about {:.1} GB, more than {} GB (`--memory`): give more parts",
            need as f64 / 1e9,
            s.memory_gb
        )?;
        return Ok(EXIT_FAILED);
    };
    let mut fresh = Vec::new();
    let slices = sw.prev(roles.count(), &mut fresh);
    let started = Instant::now();
    let jacobi = Jacobi::new(
        &s.table,
        plan,
        Prev::new(&slices),
        Sticks::FAIR.odds(),
        precision,
        s.threads,
    );
    let swept = match jacobi.sweep(range.clone(), s.stop, &AtomicUsize::new(0), &mut |_| {}) {
        Ok(x) => x,
        Err(_) => {
            writeln!(
                err,
                "boardsh yut solve: interrupted in part {k}/{n} of sweep {sweep} of layer {e}: nothing of it is kept; run it again"
            )?;
            return Ok(EXIT_INTERRUPTED);
        }
    };
    let head = PartHead {
        change: swept.change,
        nodes: swept.nodes,
        ..want
    };
    if let Err(x) = write_atomic(&ppath, &part_bytes(&s.table, &head, &swept.values)) {
        writeln!(
            err,
            "boardsh yut solve: cannot write {}: {x}",
            ppath.display()
        )?;
        return Ok(EXIT_FAILED);
    }
    writeln!(
        out,
        "layer {e}, sweep {sweep}, part {k}/{n}: blocks {}..{} of {}, {} positions, largest change {:.1e}, {} in-turn states, {:.1} s, {} (estimated {:.1} MB)",
        range.start,
        range.end,
        plan.len(),
        plan.positions(range.clone()),
        swept.change,
        swept.nodes,
        started.elapsed().as_secs_f64(),
        peak(),
        plan.memory(index, roles, precision, range.clone(), s.threads) as f64 / 1e6
    )?;
    Ok(EXIT_OK)
}

/// The catches' states as solved where the range fits `limit` so, else
/// in fixed point; `None` if it fits neither way.
pub fn precision_within(
    plan: &SweepPlan,
    index: &Index,
    roles: Roles,
    range: std::ops::Range<usize>,
    threads: usize,
    limit: u64,
) -> Option<CachePrecision> {
    [CachePrecision::Float, CachePrecision::Fixed]
        .into_iter()
        .find(|&p| plan.memory(index, roles, p, range.clone(), threads) <= limit)
}

/// The part at `path` if it is the one `want` describes (its sweep,
/// number, parts and blocks), with its values as `u32`s by role;
/// `Ok(None)` if there is none.
///
/// # Errors
///
/// Why the file there is not that part.
fn check_part(
    path: &Path,
    table: &Table,
    plan: &SweepPlan,
    want: &PartHead,
) -> Result<Option<Part>, String> {
    // A part holds at most a layer's values of every role: a FIFO, a
    // device or a larger file is refused at once.
    let limit = super::yut_solve::partial_limit(table);
    let bytes = match super::files::read_regular(path, limit, "a sweep's part file") {
        Ok(b) => b,
        Err(x) if x.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(x) => return Err(format!("{}: {x}", path.display())),
    };
    let (head, values) = read_part(&bytes, table, |h| plan.positions(h.blocks.clone()))
        .map_err(|x| format!("{}: {x}", path.display()))?;
    if head.id != want.id {
        return Err(format!(
            "{}: of layer {} sweep {}, not of layer {} sweep {}",
            path.display(),
            head.id.layer,
            head.id.sweep,
            want.id.layer,
            want.id.sweep
        ));
    }
    if (head.part, head.parts, &head.blocks) != (want.part, want.parts, &want.blocks) {
        return Err(format!(
            "{}: part {} of {} (blocks {}..{}), not {} of {} (blocks {}..{})",
            path.display(),
            head.part + 1,
            head.parts,
            head.blocks.start,
            head.blocks.end,
            want.part + 1,
            want.parts,
            want.blocks.start,
            want.blocks.end
        ));
    }
    let values = values.iter().map(|b| words(b)).collect();
    Ok(Some((head, values)))
}

/// `--merge N`: join the N parts of the current sweep.
pub fn merge_parts(s: &mut Shared, n: u32) -> io::Result<i32> {
    on_sweep(s, |s, sw, out, err| merge_of(s, sw, n, out, err))
}

/// [`merge_parts`] on the sweep under way.
fn merge_of(
    s: &mut Shared,
    sw: Sweep<'_>,
    n: u32,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<i32> {
    let (e, head, index, plan) = (sw.e, sw.head, &sw.index, &sw.plan);
    // Each part checked and put in place as it is read, so the merge
    // holds the previous values (mapped), the next ones and one part.
    let roles = s.table.roles().count();
    let mut fresh = Vec::new();
    let slices = sw.prev(roles, &mut fresh);
    let mut values = copy(index.layer_len(e), roles, Prev::new(&slices));
    let mut missing = Vec::new();
    let (mut change, mut nodes) = (0.0f64, 0u64);
    for k in 1..=n {
        let want = PartHead {
            id: head.id,
            part: k - 1,
            parts: n,
            blocks: plan.range(k as usize - 1, n as usize),
            change: 0.0,
            nodes: 0,
        };
        let ppath = part_path(s.path, k, n);
        match check_part(&ppath, &s.table, plan, &want) {
            Ok(Some((h, v))) => {
                change = change.max(h.change);
                nodes += h.nodes;
                place(plan, index, &mut values, h.blocks, &v);
            }
            Ok(None) => missing.push(format!("part {k}/{n} ({}) is missing", ppath.display())),
            Err(why) => missing.push(format!("{why}: refused")),
        }
    }
    if !missing.is_empty() {
        for m in &missing {
            writeln!(err, "boardsh yut solve: {m}")?;
        }
        writeln!(
            err,
            "boardsh yut solve: layer {e}, sweep {}: {} of {n} parts not ready: run them (--part K/{n}) and merge again",
            head.id.sweep,
            missing.len()
        )?;
        return Ok(EXIT_FAILED);
    }
    let next = ValuesHead {
        id: SweepId {
            layer: e,
            sweep: head.id.sweep + 1,
        },
        change,
        rate: next_rate(head.rate, change, head.change),
    };
    let status = if change < VALUES_TOLERANCE {
        s.table.set_layer(e, values);
        if let Err(x) = write_atomic(s.path, &s.table.to_bytes()) {
            writeln!(
                err,
                "boardsh yut solve: cannot write {}: {x}",
                s.path.display()
            )?;
            return Ok(EXIT_FAILED);
        }
        writeln!(out, "{}", converged_line(e, &next, nodes, false))?;
        if layer_under_way(&s.table, s.down_to).is_some() {
            EXIT_AGAIN
        } else {
            EXIT_OK
        }
    } else {
        if let Err(x) = write_atomic(sw.vpath, &values_bytes(&s.table, next, &values)) {
            writeln!(
                err,
                "boardsh yut solve: cannot write {}: {x}",
                sw.vpath.display()
            )?;
            return Ok(EXIT_FAILED);
        }
        writeln!(
            out,
            "layer {e}: sweep {} merged from {n} parts: largest change {:.1e}, {} in-turn states; sweep {} is due",
            head.id.sweep, change, nodes, next.id.sweep
        )?;
        EXIT_AGAIN
    };
    // The parts are spent (and the values file once the layer is in the
    // table): what is left is a later run's to ignore. (The values file
    // is still mapped: unlinked, its pages stay readable until unmapped.)
    for k in 1..=n {
        let _ = fs::remove_file(part_path(s.path, k, n));
    }
    if status != EXIT_AGAIN || layer_under_way(&s.table, s.down_to) != Some(e) {
        let _ = fs::remove_file(sw.vpath);
    }
    Ok(status)
}

/// The line said when layer `e` has converged, after the sweep that
/// made `head`.
fn converged_line(e: usize, head: &ValuesHead, nodes: u64, whole: bool) -> String {
    let bound = match error_bound(head.change, head.rate) {
        Some(b) => format!(
            "within {b:.1e} of the fixed point at the contraction seen, {:.2}",
            head.rate
        ),
        None => "no contraction seen to bound the error by".to_string(),
    };
    format!(
        "layer {e}: values only, {} sweeps, last change {:.1e} ({bound}), {nodes} in-turn states{}",
        head.id.sweep - 1,
        head.change,
        if whole { "" } else { " in the last sweep" }
    )
}

/// Layer `e` solved by Jacobi sweeps in this process, resumed from the
/// values file if it holds the layer's, each sweep's values written to
/// it; the layer then goes into the table (written by the caller).
/// `Ok(None)`: done; `Ok(Some(status))`: stopped with that status.
pub fn in_process(
    path: &Path,
    table: &mut Table,
    e: usize,
    precision: CachePrecision,
    threads: usize,
    stop: &AtomicBool,
) -> io::Result<Option<i32>> {
    let mut out = io::stdout().lock();
    let mut err = io::stderr();
    let vpath = values_path(path);
    let start = {
        let map = Mapped::open(&vpath).map_err(|x| named(&vpath, x))?;
        match start_of(map.as_ref(), &vpath, table, e) {
            Ok(Some((h, v))) => Some((h, v.iter().map(|b| words(b)).collect())),
            Ok(None) => None,
            Err(why) => {
                writeln!(err, "boardsh yut solve: {why}")?;
                return Ok(Some(EXIT_FAILED));
            }
        }
    };
    if let Some((h, _)) = &start {
        writeln!(
            out,
            "layer {e}: values only, resuming at sweep {} ({})",
            h.id.sweep,
            vpath.display()
        )?;
    }
    let started = Instant::now();
    let mut failed = None;
    let mut last = start.as_ref().map_or(fresh_head(e), |x| x.0);
    // The files' header names the game only: an empty table of it.
    let game = Table::new(table.tokens(), table.cap(), table.roles());
    let report = solve_values(
        table,
        e,
        How {
            probs: Sticks::FAIR.odds(),
            precision,
            threads,
        },
        start,
        stop,
        &mut |head, values| {
            last = *head;
            if let Err(x) = write_atomic(&vpath, &values_bytes(&game, *head, values)) {
                failed = Some(x);
            }
            eprintln!(
                "layer {e}: values only, sweep {} changed a value by at most {:.1e} ({:.0} s)",
                head.id.sweep - 1,
                head.change,
                started.elapsed().as_secs_f64()
            );
        },
    );
    if let Some(x) = failed {
        writeln!(
            err,
            "boardsh yut solve: cannot write {}: {x} (a stop would lose the sweeps)",
            vpath.display()
        )?;
    }
    match report {
        Ok(r) => {
            let head = ValuesHead {
                id: SweepId {
                    layer: e,
                    sweep: r.sweeps + 1,
                },
                change: r.change,
                rate: r.rate,
            };
            writeln!(
                out,
                "{}, {:.1} s, {}",
                converged_line(e, &head, r.nodes, true),
                started.elapsed().as_secs_f64(),
                peak()
            )?;
            Ok(None)
        }
        Err(_) => {
            writeln!(
                err,
                "boardsh yut solve: interrupted in layer {e}; the values after sweep {} are saved in {}: run again to resume",
                last.id.sweep - 1,
                vpath.display()
            )?;
            Ok(Some(EXIT_INTERRUPTED))
        }
    }
}

/// This process's peak resident memory so far (`VmHWM`, Linux), said.
pub fn peak() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|t| {
            let kb: f64 = t
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))?
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse()
                .ok()?;
            Some(format!("peak memory {:.1} MB", kb * 1024.0 / 1e6))
        })
        .unwrap_or_else(|| "peak memory not known".to_string())
}

/// The values file goes once its layer is in the table.
pub fn spent(path: &Path) {
    let _ = fs::remove_file(values_path(path));
}

fn named(path: &Path, x: io::Error) -> io::Error {
    io::Error::new(x.kind(), format!("{}: {x}", path.display()))
}
