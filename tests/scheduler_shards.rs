//! Sharded jobs driven by an existing scheduler (issue 48, item 5): GNU
//! parallel running `selfplay --shard K/N` and `match --shard K/N` on
//! local slots, and the Slurm array script (`scripts/slurm-shard.sh`) run
//! as its tasks would be. The merged slices equal one process's run of
//! the same seeds: byte for byte for data, the same pairs and totals for
//! a match. Without parallel the parallel tests skip, or fail where
//! `BOARDSH_REQUIRE_TOOLS` is set (CI installs it). Tiny runs only.

use crate::common::Test;
use crate::common::test::{BIN, isolate};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether GNU parallel is installed (said on stderr when it is not; a
/// failure where `BOARDSH_REQUIRE_TOOLS` is set).
fn have_parallel() -> bool {
    let ok = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && o.stdout.starts_with(b"GNU parallel"));
    if !ok {
        crate::common::required_missing("parallel");
        eprintln!("GNU parallel is not installed; the scheduler tests are skipped");
    }
    ok
}

/// Run `template` (a shell command line, `{}` the slice number) through
/// GNU parallel for slices 1, 2 and 3 on 2 local slots, in `dir`, in the
/// tests' isolated environment; every job must succeed.
fn parallel_3_on_2(dir: &Path, template: &str) {
    let out = isolate(&mut Command::new("parallel"))
        .current_dir(dir)
        .args(["--will-cite", "--jobs", "2", "--halt", "now,fail=1"])
        .arg(template)
        .args([":::", "1", "2", "3"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "parallel: {:?}\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The self-play job of these tests: 7 shards of one game (so 3 slices
/// take 3, 2 and 2 of them), short cheap games.
const JOB: &str = "--games 7 --shard-games 1 --nodes 200 --max-plies 30 --seed 9";

/// The files of a directory, sorted by name, with their bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// The one-process run of [`JOB`] into `dir`.
fn whole_job(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let out = Test::new()
        .arg("selfplay")
        .args(JOB.split(' '))
        .arg("--out-dir")
        .arg(dir)
        .output();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = contents(dir);
    // The job file and shards 0 to 6, none empty.
    assert_eq!(files.len(), 8);
    assert!(files.iter().all(|(_, b)| !b.is_empty()));
    files
}

/// Put the job directories `parts` together into `into` (one job file,
/// the same in each: the slices are one job).
fn merge_dirs(parts: &[PathBuf], into: &Path) {
    fs::create_dir(into).unwrap();
    for part in parts {
        for (name, bytes) in contents(part) {
            let to = into.join(&name);
            if to.exists() {
                assert_eq!(name, "job.txt", "shard {name} made twice");
                assert_eq!(fs::read(&to).unwrap(), bytes, "one job");
            }
            fs::write(to, bytes).unwrap();
        }
    }
}

/// Self-play data cut into 3 slices run by parallel on 2 slots, each into
/// a directory of its own (as machines without a shared disk), then put
/// together: byte for byte the one-process run's shards and job file.
/// And the 3 slices into one shared directory: the same.
#[test]
fn selfplay_slices_through_parallel_make_one_runs_data() {
    if !have_parallel() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole_job(&tmp.path().join("whole"));

    parallel_3_on_2(
        tmp.path(),
        &format!("'{BIN}' selfplay {JOB} --out-dir part-{{}} --shard {{}}/3"),
    );
    let parts: Vec<PathBuf> = (1..=3)
        .map(|k| tmp.path().join(format!("part-{k}")))
        .collect();
    // Slice 1 of 3: shards 0, 3 and 6, with the job file.
    let names: Vec<String> = contents(&parts[0]).into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "job.txt",
            "shard-000000.txt",
            "shard-000003.txt",
            "shard-000006.txt"
        ]
    );
    let merged = tmp.path().join("merged");
    merge_dirs(&parts, &merged);
    assert_eq!(contents(&merged), whole);

    parallel_3_on_2(
        tmp.path(),
        &format!("'{BIN}' selfplay {JOB} --out-dir shared --shard {{}}/3"),
    );
    assert_eq!(contents(&tmp.path().join("shared")), whole);
}

/// Deterministic agents (fixed depths on the hand-written evaluation,
/// `newgame` clearing their tables), far enough apart that games are
/// decided: as in `match_shards`.
const AGENTS: &str = "'boardsh agent --depth 1 --net off' 'boardsh agent --depth 3 --net off'";

/// The match of these tests: 4 opening pairs (so 3 slices take pairs
/// 0 and 3, 1, 2), short games.
const MATCH: &str = "--games 8 --time 5 --max-plies 60 --seed 3";

/// The pair lines of a results file, sorted (the header dropped).
fn pair_lines(file: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).unwrap();
    let mut lines: Vec<String> = text.lines().skip(1).map(String::from).collect();
    lines.sort();
    lines
}

/// The summary lines that the totals make.
fn totals(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| {
            l.starts_with("A: ") && l.contains(" wins, ")
                || l.starts_with("Elo ")
                || l.starts_with("pairs of A")
        })
        .map(String::from)
        .collect()
}

/// A match cut into 3 slices run by parallel on 2 slots, each with its
/// own results file, merged: the same pairs, game for game, and the same
/// totals as one process playing the whole match.
#[test]
fn match_slices_through_parallel_merge_to_one_runs_totals() {
    if !have_parallel() {
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let all = tmp.path().join("all.jsonl");
    let one = isolate(&mut Command::new("sh"))
        .current_dir(tmp.path())
        .arg("-c")
        .arg(format!(
            "exec '{BIN}' match {MATCH} --json all.jsonl {AGENTS}"
        ))
        .output()
        .unwrap();
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let one = String::from_utf8(one.stdout).unwrap();
    assert_eq!(pair_lines(&all).len(), 4);

    parallel_3_on_2(
        tmp.path(),
        &format!("'{BIN}' match {MATCH} --json r-{{}}.jsonl --shard {{}}/3 {AGENTS}"),
    );
    let files: Vec<PathBuf> = (1..=3)
        .map(|k| tmp.path().join(format!("r-{k}.jsonl")))
        .collect();
    // Slice 1 of 3: pairs 0 and 3.
    assert_eq!(pair_lines(&files[0]).len(), 2);
    let mut sharded: Vec<String> = files.iter().flat_map(|f| pair_lines(f)).collect();
    sharded.sort();
    assert_eq!(sharded, pair_lines(&all));

    let merged = Test::new().args(["match", "--merge"]).args(&files).output();
    assert!(merged.status.success());
    let merged = String::from_utf8(merged.stdout).unwrap();
    assert!(
        merged.contains("merged 3 files: 8 games in 4 pairs"),
        "{merged}"
    );
    assert_eq!(totals(&merged), totals(&one), "{merged}\n{one}");
    assert_eq!(totals(&one).len(), 3, "{one}");
    // Decided games, so the comparison is not of draws alone.
    assert!(!one.contains("A: 0 wins, 8 draws"), "{one}");
}

/// The Slurm array script, run as tasks 1 to 3 of an array of 3 would be
/// (the variables Slurm sets, `{k}` in an argument): the tasks' data
/// directories put together are the one-process run's, byte for byte. An
/// array that is not one step apart, or no task at all, is refused
/// before boardsh runs. Needs bash only.
#[test]
fn the_slurm_array_script_runs_its_slice() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm-shard.sh");
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .status()
        .unwrap();
    assert!(syntax.success());
    let tmp = tempfile::tempdir().unwrap();
    let whole = whole_job(&tmp.path().join("whole"));
    let task = |vars: &[(&str, &str)], args: &[&str]| {
        let mut cmd = Command::new("bash");
        isolate(&mut cmd)
            .current_dir(tmp.path())
            .arg(&script)
            .args(args)
            .env("BOARDSH", BIN)
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("SLURM_ARRAY_TASK_COUNT")
            .env_remove("SLURM_ARRAY_TASK_MIN")
            .env_remove("SLURM_ARRAY_TASK_MAX")
            .env_remove("SLURM_ARRAY_TASK_STEP");
        for (k, v) in vars {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let mut args = vec!["selfplay"];
    args.extend(JOB.split(' '));
    args.extend(["--out-dir", "task-{k}-of-{n}"]);
    // An array 0-2 (Slurm's numbers from 0): tasks 0, 1, 2 are slices 1 to 3.
    for id in ["0", "1", "2"] {
        let out = task(
            &[
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "2"),
            ],
            &args,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let parts: Vec<PathBuf> = (1..=3)
        .map(|k| tmp.path().join(format!("task-{k}-of-3")))
        .collect();
    let merged = tmp.path().join("merged");
    merge_dirs(&parts, &merged);
    assert_eq!(contents(&merged), whole);

    // A stepped array (tasks 1, 3, 5) would leave slices unplayed.
    let out = task(
        &[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
            ("SLURM_ARRAY_TASK_MAX", "5"),
        ],
        &args,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "slurm-shard.sh: task 3 of the array 1-5:2 of 3 tasks; give a plain --array=1-N\n"
    );
    // Not an array task.
    let out = task(&[], &args);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a Slurm array task"));
    assert!(!tmp.path().join("task-{k}-of-{n}").exists());
}
