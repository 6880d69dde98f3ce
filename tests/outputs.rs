//! No output destroys data: every subcommand that writes a file (`tune
//! --out`, `selfplay --out`, `yut solve --out`, `tablebase build DIR`)
//! checks its target up front, before any work, and refuses with status 2
//! a target that is one of its own inputs, a link, a directory or a
//! device, and an existing file unless `--force` (what `yut solve` and
//! `tablebase build` resume is theirs to extend, not clobbered).

use crate::common::Test;
use std::fs;
use std::path::Path;
use std::process::Output;

/// The binary in `dir`, with the data directory there too (so a default
/// output never touches the caller's); its output, not checked (the
/// tests check it).
fn run(dir: &Path, args: &[&str]) -> Output {
    Test::new()
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir)
        .env("HOME", dir)
        .output()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A refusal: status 2, nothing on stdout (no work began), and `message`
/// on stderr.
fn refused(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{}", stderr(out));
    assert!(stderr(out).contains(message), "{}", stderr(out));
}

/// One tiny self-play game's data: its quiet positions as `FEN;R;S` lines.
/// 30 plies, 22 of them searched, so that some are kept (12 kept none with
/// gen 5 built in).
const SELFPLAY: &[&str] = &[
    "selfplay",
    "--games",
    "1",
    "--nodes",
    "50",
    "--max-plies",
    "30",
];

#[test]
fn tune_out_onto_its_data_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let start = boardsh::congo::Position::start().to_string();
    let data = format!("{start};1\n");
    fs::write(d.join("d.txt"), &data).unwrap();
    // The same name, even with --force: the input would be destroyed.
    let out = run(d, &["tune", "--data", "d.txt", "--out", "d.txt", "--force"]);
    refused(
        &out,
        "boardsh tune: --out `d.txt` is also --data: writing it would destroy the input (name another file)",
    );
    // A hard link to it is the same file under another name.
    fs::hard_link(d.join("d.txt"), d.join("h.txt")).unwrap();
    let out = run(d, &["tune", "--data", "d.txt", "--out", "h.txt", "--force"]);
    refused(&out, "--out `h.txt` is also --data");
    // The start weights are an input too.
    fs::write(d.join("w.txt"), "pawn 100\n").unwrap();
    let out = run(
        d,
        &[
            "tune",
            "--data",
            "d.txt",
            "--weights",
            "w.txt",
            "--out",
            "w.txt",
            "--force",
        ],
    );
    refused(&out, "--out `w.txt` is also --weights");
    assert_eq!(fs::read_to_string(d.join("d.txt")).unwrap(), data);
    assert_eq!(fs::read_to_string(d.join("w.txt")).unwrap(), "pawn 100\n");
}

#[test]
fn selfplay_out_onto_its_weights_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("w.txt"), "pawn 100\n").unwrap();
    let mut args = SELFPLAY.to_vec();
    args.extend(["--weights", "w.txt", "--out", "w.txt", "--force"]);
    refused(
        &run(d, &args),
        "boardsh selfplay: --out `w.txt` is also --weights: writing it would destroy the input",
    );
    assert_eq!(fs::read_to_string(d.join("w.txt")).unwrap(), "pawn 100\n");
    // Only the weights file is there: no temporary file was made.
    assert_eq!(fs::read_dir(d).unwrap().count(), 1);
}

#[test]
fn an_existing_file_is_refused_without_force_and_replaced_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("data.txt"), "old data\n").unwrap();
    let mut args = SELFPLAY.to_vec();
    args.extend(["--out", "data.txt"]);
    refused(
        &run(d, &args),
        "boardsh selfplay: --out `data.txt` already exists (`--force` overwrites it)",
    );
    assert_eq!(
        fs::read_to_string(d.join("data.txt")).unwrap(),
        "old data\n"
    );
    args.push("--force");
    let out = run(d, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    // Replaced by the games' lines: each `FEN;R;S`.
    let text = fs::read_to_string(d.join("data.txt")).unwrap();
    assert!(!text.is_empty());
    for line in text.lines() {
        let mut parts = line.split(';');
        let (fen, r) = (parts.next().unwrap(), parts.next().unwrap());
        fen.parse::<boardsh::congo::Position>().unwrap();
        assert!(["1", "0.5", "0"].contains(&r), "{line}");
        assert!(parts.next().unwrap().parse::<i32>().is_ok(), "{line}");
    }

    // tune: the same, its weights file replaced by weights.
    fs::write(d.join("w.txt"), "old weights\n").unwrap();
    let tune = [
        "tune", "--data", "data.txt", "--out", "w.txt", "--epochs", "1",
    ];
    refused(
        &run(d, &tune),
        "boardsh tune: --out `w.txt` already exists (`--force` overwrites it)",
    );
    assert_eq!(
        fs::read_to_string(d.join("w.txt")).unwrap(),
        "old weights\n"
    );
    let mut forced = tune.to_vec();
    forced.push("--force");
    let out = run(d, &forced);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = fs::read_to_string(d.join("w.txt")).unwrap();
    let w = boardsh::congo::search::weights::parse(
        &written,
        &boardsh::congo::search::EvalWeights::default(),
    )
    .unwrap();
    // The pawn is fixed by default: it stays 100.
    assert_eq!(w.values[0], 100);

    // The default output (in the data directory) follows the same rule.
    let default = d.join("boardsh").join("selfplay.txt");
    fs::create_dir_all(default.parent().unwrap()).unwrap();
    fs::write(&default, "kept\n").unwrap();
    refused(
        &run(d, SELFPLAY),
        "already exists (`--force` overwrites it)",
    );
    assert_eq!(fs::read_to_string(&default).unwrap(), "kept\n");
}

#[cfg(unix)]
#[test]
fn a_link_and_a_device_are_refused_even_with_force() {
    use std::os::unix::fs::{FileTypeExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let start = boardsh::congo::Position::start().to_string();
    fs::write(d.join("d.txt"), format!("{start};1\n")).unwrap();
    // A dangling link: writing through it would make a file elsewhere.
    symlink(d.join("elsewhere.txt"), d.join("link.txt")).unwrap();
    let tune = |out: &str| run(d, &["tune", "--data", "d.txt", "--out", out, "--force"]);
    refused(
        &tune("link.txt"),
        "boardsh tune: --out `link.txt`: it is a symbolic link; not replaced",
    );
    refused(
        &tune("/dev/null"),
        "boardsh tune: --out `/dev/null`: it is a character device; not replaced",
    );
    fs::create_dir(d.join("sub")).unwrap();
    refused(&tune("sub"), "boardsh tune: --out `sub`: it is a directory");
    let mut args = SELFPLAY.to_vec();
    args.extend(["--out", "/dev/null", "--force"]);
    refused(
        &run(d, &args),
        "boardsh selfplay: --out `/dev/null`: it is a character device; not replaced",
    );
    let solve = |out: &str| {
        run(
            d,
            &[
                "yut", "solve", "--tokens", "1", "--cap", "1", "--out", out, "--force",
            ],
        )
    };
    refused(
        &solve("/dev/null"),
        "boardsh yut solve: --out `/dev/null`: it is a character device; not replaced",
    );
    refused(
        &solve("link.txt"),
        "boardsh yut solve: --out `link.txt`: it is a symbolic link; not replaced",
    );
    // The stopped layer's file beside the table is written too.
    symlink("/dev/null", d.join("t.bin.partial")).unwrap();
    refused(
        &solve("t.bin"),
        "boardsh yut solve: --out `t.bin.partial`: it is a symbolic link; not replaced",
    );
    assert!(!d.join("t.bin").exists());
    // Everything is as it was: the link is a link to nothing, the device
    // a device.
    assert!(
        fs::symlink_metadata(d.join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(!d.join("elsewhere.txt").exists());
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

#[cfg(unix)]
#[test]
fn tablebase_build_refuses_a_device_for_a_set_but_keeps_a_linked_table() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Two pieces: the one set of the bare lions, `bare.ctb`.
    let build = |dir: &str| run(d, &["tablebase", "build", dir, "--pieces", "2"]);
    refused(
        &build("/dev/null"),
        "boardsh tablebase: /dev/null: it is a character device, not a directory",
    );
    fs::create_dir(d.join("bad")).unwrap();
    symlink("/dev/null", d.join("bad").join("bare.ctb")).unwrap();
    refused(
        &build("bad"),
        "boardsh tablebase: the table `bad/bare.ctb`: it is a symbolic link; not replaced",
    );
    // A link to a good table is read and kept, not written.
    let out = build("good");
    assert!(out.status.success(), "{}", stderr(&out));
    fs::create_dir(d.join("linked")).unwrap();
    symlink(
        d.join("good").join("bare.ctb"),
        d.join("linked").join("bare.ctb"),
    )
    .unwrap();
    let out = build("linked");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(0 built, 1 already there)"), "{text}");
}

#[test]
fn yut_solve_resumes_its_table_and_starts_afresh_over_another_file_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let solve = |extra: &[&str]| {
        let mut args = vec![
            "yut", "solve", "--tokens", "1", "--cap", "1", "--out", "t.bin",
        ];
        args.extend(extra);
        run(d, &args)
    };
    fs::write(d.join("t.bin"), "my notes\n").unwrap();
    let out = solve(&[]);
    refused(&out, "not a boardsh yut solve table");
    assert!(stderr(&out).contains("`--force` to start afresh over it"));
    assert_eq!(fs::read_to_string(d.join("t.bin")).unwrap(), "my notes\n");
    let out = solve(&["--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("starting afresh"), "{}", stderr(&out));
    let table = fs::read(d.join("t.bin")).unwrap();
    assert_ne!(table, b"my notes\n");
    // Its own table is resumed without --force: every layer read, the
    // file the same.
    let out = solve(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("layer 0: read from the table"), "{text}");
    assert_eq!(fs::read(d.join("t.bin")).unwrap(), table);
}

/// Every (sub)command with an `--out` option, found from the command
/// line's own definition (not a list kept by hand): its path of names,
/// e.g. `["yut", "solve"]`, and its arguments.
fn commands_with_out() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(cmd: &clap::Command, path: Vec<String>, found: &mut Vec<(Vec<String>, clap::Command)>) {
        if cmd.get_arguments().any(|a| a.get_long() == Some("out")) {
            found.push((path.clone(), cmd.clone()));
        }
        for sub in cmd.get_subcommands() {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            walk(sub, p, found);
        }
    }
    let mut found = Vec::new();
    let top = <boardsh::front::args::Cli as clap::CommandFactory>::command();
    walk(&top, Vec::new(), &mut found);
    found
}

/// Whether an argument takes a file (its value name says FILE: `FILE`,
/// `FILE|off`).
fn takes_a_file(arg: &clap::Arg) -> bool {
    arg.get_value_names()
        .is_some_and(|names| names.iter().any(|n| n.as_str().contains("FILE")))
}

#[test]
fn every_file_input_of_every_command_is_protected_from_its_out() {
    // For each command that writes `--out`, each other option or argument
    // that reads a file is pointed at the output file, with `--force`:
    // it must be refused (status 2, naming the input), the file left as
    // it was. A new input option cannot be forgotten in the command's
    // list of inputs: this test finds it from the command line.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut tried = Vec::new();
    for (path, cmd) in commands_with_out() {
        let inputs: Vec<&clap::Arg> = cmd
            .get_arguments()
            .filter(|a| a.get_long() != Some("out") && takes_a_file(a))
            .collect();
        for input in &inputs {
            let name = input
                .get_long()
                .map_or_else(|| input.get_id().to_string(), |l| format!("--{l}"));
            fs::write(d.join("same.txt"), "the input\n").unwrap();
            fs::write(d.join("other.txt"), "another input\n").unwrap();
            let mut args: Vec<String> = path.clone();
            args.extend(["--out".into(), "same.txt".into(), "--force".into()]);
            match input.get_long() {
                Some(long) => args.push(format!("--{long}=same.txt")),
                None => args.push("same.txt".into()),
            }
            // The command's other required arguments: files get another
            // file; anything else must be taught to this test.
            for req in cmd.get_arguments().filter(|a| a.is_required_set()) {
                if req.get_id() == input.get_id() || req.get_long() == Some("out") {
                    continue;
                }
                assert!(
                    takes_a_file(req),
                    "{path:?}: give this test a value for the required {:?}",
                    req.get_id()
                );
                match req.get_long() {
                    Some(long) => args.push(format!("--{long}=other.txt")),
                    None => args.push("other.txt".into()),
                }
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(d, &args);
            refused(
                &out,
                &format!(
                    "boardsh {}: --out `same.txt` is also {name}: writing it would destroy the input",
                    path.join(" ")
                ),
            );
            assert_eq!(
                fs::read_to_string(d.join("same.txt")).unwrap(),
                "the input\n",
                "{args:?}"
            );
            tried.push(format!("{} {name}", path.join(" ")));
        }
    }
    // The enumeration finds what is known to be there (and more, should a
    // command gain an input).
    for known in [
        "tune --data",
        "tune --weights",
        "selfplay --weights",
        "selfplay --net",
    ] {
        assert!(
            tried.iter().any(|t| t == known),
            "{known} not tried: {tried:?}"
        );
    }
}

#[test]
fn selfplay_writes_an_out_whose_name_is_at_the_length_limit() {
    // A name of 250 bytes is a valid name (the limit is 255), so the run
    // must write it. The temporary file beside it must not be named after
    // it: `.NAME.PID.tmp` would pass 255 and fail with "File name too
    // long" before a game is played.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = "s".repeat(250);
    let mut args = SELFPLAY.to_vec();
    args.extend(["--out", &name]);
    let out = run(d, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = fs::read_to_string(d.join(&name)).unwrap();
    assert!(text.lines().count() > 0);
    // Only the output is there: no temporary file left.
    assert_eq!(fs::read_dir(d).unwrap().count(), 1);
}
