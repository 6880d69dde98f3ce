//! `boardsh selfplay --out-dir`: the sharded, resumable data job of the
//! network's trainer. A shard is whole or absent, the same shard is the
//! same bytes whichever run plays it, a second run plays only what is
//! missing, and another job's directory is refused. Tiny runs only.

use crate::common::Test;
use boardsh::congo::Position;
use std::fs;
use std::path::Path;

const ARGS: [&str; 9] = [
    "selfplay",
    "--games",
    "4",
    "--shard-games",
    "2",
    "--nodes",
    "200",
    "--max-plies",
    "30",
];

fn run(dir: &Path, extra: &[&str]) -> std::process::Output {
    Test::new()
        .args(ARGS)
        .arg("--out-dir")
        .arg(dir)
        .args(extra)
        .fresh_data()
        .output()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn shards_are_whole_repeatable_and_resumed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    let out = run(&dir, &["--jobs", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = String::from_utf8_lossy(&out.stdout).into_owned();
    // 4 games in shards of 2: two shards, nothing else but the job file.
    assert!(
        summary.starts_with("2/2 shards this run (2 in all), 4 games"),
        "{summary}"
    );
    assert_eq!(
        names(&dir),
        ["job.txt", "shard-000000.txt", "shard-000001.txt"]
    );
    let first = fs::read(dir.join("shard-000000.txt")).unwrap();
    let second = fs::read(dir.join("shard-000001.txt")).unwrap();
    let mut lines = 0;
    for line in String::from_utf8(first.clone()).unwrap().lines() {
        let mut parts = line.split(';');
        parts.next().unwrap().parse::<Position>().unwrap();
        assert!(["1", "0.5", "0"].contains(&parts.next().unwrap()), "{line}");
        parts.next().unwrap().parse::<i32>().unwrap();
        assert_eq!(parts.next(), None);
        lines += 1;
    }
    assert!(lines > 0);
    // The two shards play different openings (their own seeds).
    assert_ne!(first, second);

    // Again: nothing to play, nothing changed.
    let out = run(&dir, &[]);
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("2 of 2 shards already in"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("0/0 shards this run"));
    // A lost shard is played again, one thread this time, to the same
    // bytes: a shard depends on its number and the job, not on the run.
    fs::remove_file(dir.join("shard-000001.txt")).unwrap();
    let out = run(&dir, &["--jobs", "1"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("1/1 shards this run (2 in all)"));
    assert_eq!(fs::read(dir.join("shard-000001.txt")).unwrap(), second);
    assert_eq!(fs::read(dir.join("shard-000000.txt")).unwrap(), first);
}

#[test]
fn another_jobs_directory_is_refused_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    assert!(run(&dir, &[]).status.success());
    let before: Vec<Vec<u8>> = names(&dir)
        .iter()
        .map(|n| fs::read(dir.join(n)).unwrap())
        .collect();
    // Other nodes a move: other data, so not the same job.
    let out = Test::new()
        .args([
            "selfplay",
            "--games",
            "6",
            "--shard-games",
            "2",
            "--nodes",
            "300",
        ])
        .arg("--out-dir")
        .arg(&dir)
        .fresh_data()
        .output();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("job.txt is another job's"), "{err}");
    let after: Vec<Vec<u8>> = names(&dir)
        .iter()
        .map(|n| fs::read(dir.join(n)).unwrap())
        .collect();
    assert_eq!(before, after);
}

/// `--net` reaches the engines of a sharded job: the hand-written
/// evaluation scores the same openings differently from the built-in
/// network (which is also what no `--net` means), and `job.txt` names the
/// network, so the two jobs cannot share a directory.
#[test]
fn the_jobs_network_plays_and_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let job = |name: &str, extra: &[&str]| {
        let dir = tmp.path().join(name);
        let out = run(&dir, extra);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = fs::read_to_string(dir.join("job.txt")).unwrap();
        let shard = fs::read(dir.join("shard-000000.txt")).unwrap();
        (text, shard)
    };
    let (plain_job, plain) = job("plain", &[]);
    let (default_job, default) = job("default", &["--net", "default"]);
    let (off_job, off) = job("off", &["--net", "off"]);
    assert_eq!((&plain_job, &plain), (&default_job, &default));
    assert!(off_job.ends_with("\nnet off\n"), "{off_job}");
    let net_line = default_job.lines().last().unwrap();
    assert!(net_line.starts_with("net xxh3 "), "{default_job}");
    assert_ne!(off, default);
    // The same job otherwise: only the net line differs.
    assert_eq!(
        off_job
            .lines()
            .filter(|l| !l.starts_with("net "))
            .collect::<Vec<_>>(),
        default_job
            .lines()
            .filter(|l| !l.starts_with("net "))
            .collect::<Vec<_>>()
    );
    // A directory of the network's job refuses the hand-written one.
    let out = run(&tmp.path().join("default"), &["--net", "off"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("job.txt is another job's"));
}

#[cfg(unix)]
#[test]
fn a_job_file_that_is_a_link_a_device_or_too_large_is_refused_at_once() {
    use std::os::unix::fs::symlink;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    fs::create_dir(&dir).unwrap();
    // A link to /dev/zero: read whole, it would be endless (the old
    // reader took 2.1 GB before failing). Refused before any read or game.
    symlink("/dev/zero", dir.join("job.txt")).unwrap();
    let out = run(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.starts_with("boardsh selfplay: --out-dir `")
            && err.ends_with("gen/job.txt`: it is a symbolic link; not replaced\n"),
        "{err}"
    );
    assert_eq!(names(&dir), ["job.txt"]);
    // A regular job file over its limit (1 MiB; sparse, nothing to read):
    // named with its size, nothing played.
    fs::remove_file(dir.join("job.txt")).unwrap();
    let big = fs::File::create(dir.join("job.txt")).unwrap();
    big.set_len((1 << 20) + 1).unwrap();
    let out = run(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.ends_with(
            "job.txt: it is 1048577 bytes, more than the 1048576 bytes a job file may be\n"
        ),
        "{err}"
    );
    assert_eq!(names(&dir), ["job.txt"]);
}

#[cfg(unix)]
#[test]
fn a_linked_shard_is_not_taken_for_a_finished_one() {
    // A finished job of two shards; shard 1 then becomes a link to a copy
    // of itself elsewhere. A link is not a shard this job wrote: it is
    // not counted as done (the old run said "2 of 2 shards already in"),
    // and it is not written through either, so the run stops up front,
    // naming it, and leaves it as it is.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    assert!(run(&dir, &[]).status.success());
    let shard = dir.join("shard-000001.txt");
    let elsewhere = tmp.path().join("elsewhere.txt");
    fs::rename(&shard, &elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &shard).unwrap();
    let kept = fs::read(&elsewhere).unwrap();
    let out = run(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.ends_with("gen/shard-000001.txt`: it is a symbolic link; not replaced\n")
            && !err.contains("already in"),
        "{err}"
    );
    assert!(
        fs::symlink_metadata(&shard)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(&elsewhere).unwrap(), kept);
}

/// The files of a job directory, by name, with their bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir)
        .into_iter()
        .map(|n| {
            let bytes = fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect()
}

/// `--shard K/N` plays slice K of the job's shard files (shards K-1,
/// K-1+N, ...), whatever the other slices do: five shards of one game cut
/// into 2 slices are shards 0, 2, 4 and 1, 3. Slices run into one
/// directory, or into two whose files put together, give byte for byte
/// the directory of one run of the whole job (the same job file; each
/// shard seeded by the job's seed and its number, never by the slice).
#[test]
fn slices_of_a_job_make_the_whole_jobs_shards() {
    const JOB: [&str; 9] = [
        "selfplay",
        "--games",
        "5",
        "--shard-games",
        "1",
        "--nodes",
        "200",
        "--max-plies",
        "30",
    ];
    let sliced = |dir: &Path, extra: &[&str]| {
        let out = Test::new()
            .args(JOB)
            .arg("--out-dir")
            .arg(dir)
            .args(extra)
            .fresh_data()
            .output();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    sliced(&whole, &[]);

    // Slice 2 of 2 alone: shards 1 and 3 of the 5.
    let shared = tmp.path().join("shared");
    let (out, _) = sliced(&shared, &["--shard", "2/2"]);
    assert!(
        out.starts_with("2/2 shards this run (5 in all), 2 games"),
        "{out}"
    );
    assert_eq!(
        names(&shared),
        ["job.txt", "shard-000001.txt", "shard-000003.txt"]
    );
    // Slice 1 of 2 in the same directory: the same job, its own shards.
    let (out, _) = sliced(&shared, &["--shard", "1/2", "--jobs", "2"]);
    assert!(
        out.starts_with("3/3 shards this run (5 in all), 3 games"),
        "{out}"
    );
    assert_eq!(contents(&shared), contents(&whole));
    // Again: the slice's shards are all there.
    let (out, err) = sliced(&shared, &["--shard", "1/2"]);
    assert!(out.starts_with("0/0 shards this run"), "{out}");
    assert!(
        err.contains("selfplay: 3 of the 3 shards of --shard 1/2 already in "),
        "{err}"
    );

    // Slices in directories of their own (machines without a shared
    // disk), their shard files then put together.
    let merged = tmp.path().join("merged");
    fs::create_dir(&merged).unwrap();
    for k in ["1/3", "2/3", "3/3"] {
        let part = tmp.path().join(format!("part{}", &k[..1]));
        sliced(&part, &["--shard", k]);
        for (name, bytes) in contents(&part) {
            let to = merged.join(&name);
            if name == "job.txt" && to.exists() {
                assert_eq!(fs::read(&to).unwrap(), bytes, "one job");
            }
            fs::write(to, bytes).unwrap();
        }
    }
    assert_eq!(contents(&merged), contents(&whole));
}

/// A bad `--shard` is a usage error naming it, before anything is made.
#[test]
fn a_bad_slice_is_refused_before_anything_is_made() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    for bad in ["3/2", "0/1", "1/x"] {
        let out = run(&dir, &["--shard", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "boardsh selfplay: --shard `{bad}`: expected K/N with 1 <= K <= N <= 1000000\n"
            )
        );
        assert!(!dir.exists(), "{bad}");
    }
}
