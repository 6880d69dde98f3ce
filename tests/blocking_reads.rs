//! Reads that could block or never end (issue 41): a FIFO nobody writes, a
//! pipe that stays open, `/dev/zero`, a file larger than its format, an
//! edited table.
//!
//! - Scripts (`source`, a script argument, `course` inputs, stdin) are read
//!   so that SIGTERM and SIGINT end a run waiting on them: the process must
//!   be gone within [`GONE`] of the signal, with status 128 + the signal;
//!   a process that lives on fails the test (it is killed first).
//! - Files of a fixed format (Yut and Congo tables, weights, tuning data,
//!   openings, results) are refused at once when they are not regular
//!   files, or larger than the format allows.
//! - A Yut table with one byte changed is refused by its checksum.
//!
//! The signal is sent once the run is known to be waiting: its handlers
//! are installed (`SigCgt` in `/proc/PID/status`) and, for a FIFO, it has
//! opened it (`/proc/PID/fd`), so a loaded machine does not make the test
//! signal a process still starting.

use crate::common::test::{BIN, ENV};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How soon a signalled run must be gone: the readers look at the
/// interrupt flag every 100 ms, so 1 s is ample; 3 s leaves room for a
/// loaded 2-core machine.
const GONE: Duration = Duration::from_secs(3);

/// How long a run may take to reach its wait, or to refuse a file (it
/// takes milliseconds; the bound only keeps a broken build from hanging).
const PATIENCE: Duration = Duration::from_secs(30);

use crate::common::mkfifo;

/// The binary, in `dir`, with `data` as its data directory.
fn boardsh(dir: &Path, data: &Path) -> Command {
    let mut cmd = crate::common::command();
    cmd.current_dir(dir).env("XDG_DATA_HOME", data);
    cmd
}

/// Whether process `pid` catches `signal` (its handler is installed).
fn catches(pid: u32, signal: i32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return false;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (signal - 1)) != 0)
}

/// Whether process `pid` has `path` open.
fn has_open(pid: u32, path: &Path) -> bool {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.flatten()
        .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|t| t == path))
}

/// Wait until `ready` holds (or [`PATIENCE`] passes: the caller then
/// signals anyway, and the test fails if that does not end the run).
fn wait_until(mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() && start.elapsed() < PATIENCE {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Its status if `child` ends within `limit`; else it is killed and the
/// test fails.
fn ends_within(child: &mut Child, limit: Duration, what: &str) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running {limit:?} later (killed)");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn kill(child: &Child, signal: i32) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill(2) with our own child's pid and a valid signal.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// What a run waits on.
enum Wait {
    /// A FIFO it opens (made in the run's directory as this name).
    Fifo(&'static str),
    /// Its stdin: a pipe whose writing end this test holds open.
    Stdin,
}

/// Run `args` until it waits, send `signal`, and check it is gone within
/// [`GONE`] with status 128 + `signal`; its stderr.
fn stopped_by(args: &[&str], wait: &Wait, signal: i32) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = boardsh(dir.path(), &dir.path().join("data"));
    cmd.args(args).stdout(Stdio::null()).stderr(Stdio::piped());
    let fifo = match wait {
        Wait::Fifo(name) => {
            let p = dir.path().join(name);
            mkfifo(&p);
            cmd.stdin(Stdio::null());
            Some(p)
        }
        Wait::Stdin => {
            cmd.stdin(Stdio::piped());
            None
        }
    };
    let mut child = cmd.spawn().expect("boardsh starts");
    // Held open, never written: the run waits for its input.
    let _writer = child.stdin.take();
    let pid = child.id();
    wait_until(|| catches(pid, signal) && fifo.as_deref().is_none_or(|f| has_open(pid, f)));
    let what = format!("{args:?} waiting, signal {signal}");
    // The reader waits in 100 ms slices: a signal now lands in a wait.
    std::thread::sleep(Duration::from_millis(200));
    kill(&child, signal);
    let status = ends_within(&mut child, GONE, &what);
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        e.read_to_string(&mut err).unwrap();
    }
    assert_eq!(status.code(), Some(128 + signal), "{what}: {err}");
    err
}

/// Every waiting reader, each stopped by SIGTERM and by SIGINT.
fn each_signal(args: &[&str], wait: &Wait) {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        stopped_by(args, wait, signal);
    }
}

#[test]
fn source_of_a_fifo_nobody_writes_ends_at_a_signal() {
    // The batch run says `interrupted` and exits 128 + the signal
    // (docs/errors.md, "Unreachable": an interruption is not an error).
    let err = stopped_by(
        &["-c", "source f.bsh\nfen"],
        &Wait::Fifo("f.bsh"),
        libc::SIGTERM,
    );
    assert_eq!(err, "interrupted\n");
    stopped_by(
        &["-c", "source f.bsh\nfen"],
        &Wait::Fifo("f.bsh"),
        libc::SIGINT,
    );
}

#[test]
fn review_of_a_fifo_nobody_writes_says_interrupted_once() {
    // Issue 50: `review FILE` on such a FIFO said `cannot read ...:
    // interrupted` at the command, then `interrupted` again at the end.
    // The interruption is no fault of the file: one line, as `source`.
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let err = stopped_by(&["-c", "review f.bsh\nfen"], &Wait::Fifo("f.bsh"), signal);
        assert_eq!(err, "interrupted\n", "signal {signal}");
    }
}

#[test]
fn a_fifo_as_a_script_argument_ends_at_a_signal() {
    each_signal(&["f.bsh"], &Wait::Fifo("f.bsh"));
    // `-i FILE` reads its file the same way before the prompt.
    each_signal(&["-i", "f.bsh"], &Wait::Fifo("f.bsh"));
}

#[test]
fn a_fifo_as_a_course_input_ends_at_a_signal() {
    each_signal(&["course", "moves", "f.in"], &Wait::Fifo("f.in"));
}

#[test]
fn stdin_that_stays_open_ends_at_a_signal() {
    // `sleep 20 | boardsh -c 'source /dev/stdin; fen'` (the case),
    // piped commands, `-` as a file, and `course` reading stdin.
    each_signal(&["-c", "source /dev/stdin\nfen"], &Wait::Stdin);
    each_signal(&[], &Wait::Stdin);
    each_signal(&["-"], &Wait::Stdin);
    each_signal(&["course", "moves"], &Wait::Stdin);
}

/// Run `args` in a fresh directory with `setup` done in it first (given
/// the directory and the data directory); it must end within
/// [`PATIENCE`]: (status, stdout, stderr).
fn run_bounded(args: &[&str], setup: impl FnOnce(&Path, &Path)) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("boardsh/tb")).unwrap();
    setup(dir.path(), &data);
    let mut child = boardsh(dir.path(), &data)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardsh starts");
    // Read both streams while waiting, so a full pipe cannot stall it.
    let drain = |r: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            if let Some(mut r) = r {
                let _ = r.read_to_string(&mut s);
            }
            s
        })
    };
    let out = drain(child.stdout.take().map(|s| Box::new(s) as _));
    let err = drain(child.stderr.take().map(|s| Box::new(s) as _));
    let status = ends_within(&mut child, PATIENCE, &format!("{args:?}"));
    (status.code(), out.join().unwrap(), err.join().unwrap())
}

/// A link named `name` (under `dir`) to `target`.
fn link(dir: &Path, name: &str, target: &str) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::os::unix::fs::symlink(target, &p).unwrap();
    p
}

/// The data directory's one-token Yut table (default cap 10, best play
/// on both sides), and its Congo table of a white pawn.
const YUT_TABLE: &str = "boardsh/yut-solve-k1-cap10.bin";
const TB_TABLE: &str = "boardsh/tb/wP.ctb";

/// An agent for `match`: this build's own (the agents start before the
/// results file is read).
const AGENT: &str = concat!(env!("CARGO_BIN_EXE_boardsh"), " agent");

#[test]
fn dev_zero_is_refused_at_once_by_every_file_of_a_fixed_format() {
    // Each message: the file as named, then what it is (a character
    // device); the status is each command's for a bad argument (2) or a
    // failed run (1), as before for a missing file.
    let dev = "/dev/zero: it is a character device, not a regular file";
    let cases: &[(&[&str], i32, String)] = &[
        (
            &["tune", "--data", "/dev/zero"],
            1,
            format!("boardsh tune: {dev}\n"),
        ),
        (
            &["tune", "--data", "d.txt", "--weights", "/dev/zero"],
            2,
            format!("boardsh tune: --weights {dev}\n"),
        ),
        (
            &["selfplay", "--games", "1", "--weights", "/dev/zero"],
            2,
            format!("boardsh selfplay: --weights {dev}\n"),
        ),
        (
            &["match", "--time", "1", "--openings", "/dev/zero", "a", "b"],
            2,
            "boardsh match: --openings /dev/zero: cannot read it: it is a character device, not a regular file\n".to_string(),
        ),
        (
            &["match", "--time", "1", "--json", "/dev/zero", AGENT, AGENT],
            2,
            "boardsh match: --json /dev/zero: cannot read it: it is a character device, not a regular file\n".to_string(),
        ),
        (
            &["match", "--merge", "/dev/zero"],
            2,
            "boardsh match: /dev/zero: cannot read it: it is a character device, not a regular file\n".to_string(),
        ),
        (
            // An output first: refused as a target before it is read
            // (`write::check_target`, the rules every `--out` follows).
            &["yut", "solve", "--tokens", "1", "--out", "/dev/zero"],
            2,
            "boardsh yut solve: --out `/dev/zero`: it is a character device; not replaced\n"
                .to_string(),
        ),
    ];
    for (args, status, err) in cases {
        let (code, _, stderr) = run_bounded(args, |dir, _| {
            std::fs::write(dir.join("d.txt"), "").unwrap();
        });
        assert_eq!(code, Some(*status), "{args:?}: {stderr}");
        assert_eq!(&stderr, err, "{args:?}");
    }
}

#[test]
fn dev_zero_and_fifos_in_the_data_directory_are_refused_at_once() {
    // `review` of a game with a throw loads the Yut tables (and has no
    // decision to review); `tb` loads the Congo tables. A table that is a link to
    // /dev/zero or a FIFO is left out with a warning, and the command
    // answers as without it.
    for target in ["/dev/zero", "FIFO"] {
        let (code, out, err) = run_bounded(&["-c", "throw FBBB\nreview\ntb"], |_, data| {
            for name in [YUT_TABLE, TB_TABLE] {
                if target == "FIFO" {
                    mkfifo(&data.join(name));
                } else {
                    link(data, name, target);
                }
            }
        });
        assert_eq!(code, Some(0), "{target}: {err}");
        let kind = if target == "FIFO" {
            "a FIFO"
        } else {
            "a character device"
        };
        assert!(
            err.contains(&format!(
                "{YUT_TABLE}: it is {kind}, not a regular file (remove it; `boardsh yut solve --tokens 1` makes it again)"
            )),
            "{err}"
        );
        assert!(
            err.contains(&format!("{TB_TABLE}: it is {kind}, not a regular file")),
            "{err}"
        );
        assert!(out.contains("review of 0 decisions"), "{out}");
        assert!(out.contains("no tablebase"), "{out}");
    }
}

#[test]
fn files_larger_than_their_format_are_refused_at_once() {
    // Sparse files: their size is set, nothing is written. A one-token
    // Yut table is at most 3639 bytes: the magic line (18), 4 header
    // bytes, one layer of 900 positions (1 + 8 + 3600) and the checksum
    // (8). A Congo table at most 19,059,158: 20 bytes of header and
    // checksum and 2 x 81 x 49^3 entries. A weights file 1 MiB.
    let big = |p: &Path, len: u64| {
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        File::create(p).unwrap().set_len(len).unwrap();
    };
    let (code, _, err) = run_bounded(&["-c", "throw FBBB\nreview\ntb"], |_, data| {
        big(&data.join(YUT_TABLE), 1 << 30);
        big(&data.join(TB_TABLE), 19_059_159);
    });
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "{YUT_TABLE}: it is 1073741824 bytes, more than the 3639 bytes a 1-token table may be"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{TB_TABLE}: it is 19059159 bytes, more than the 19059158 bytes a tablebase file may be"
        )),
        "{err}"
    );
    let (code, _, err) = run_bounded(
        &["selfplay", "--games", "1", "--weights", "w.txt"],
        |dir, _| big(&dir.join("w.txt"), (1 << 20) + 1),
    );
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "boardsh selfplay: --weights w.txt: it is 1048577 bytes, more than the 1048576 bytes a weights file may be\n"
    );
}

#[test]
fn source_of_dev_zero_ends_at_the_line_limit() {
    // `source` reads devices (a terminal, `/dev/stdin`): /dev/zero is one
    // endless line, refused once 16 MiB of it are read (docs/errors.md,
    // `LineTooLong`).
    let (code, _, err) = run_bounded(&["-c", "source /dev/zero"], |_, _| {});
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("/dev/zero:1:1: error: line is longer than 16777216 bytes"),
        "{err}"
    );
}

#[test]
fn an_edited_yut_table_is_refused_by_its_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.bin");
    let solved = boardsh(dir.path(), dir.path())
        .args(["yut", "solve", "--tokens", "1", "--out"])
        .arg(&table)
        .output()
        .unwrap();
    assert!(solved.status.success());
    // The first value of layer 0: after the magic line (18 bytes), the
    // version, tokens, cap and roles (4), the layer's flag (1) and count
    // (8). Any four bytes are a chance in fixed point: only the checksum
    // can tell.
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[31] ^= 0x10;
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("boardsh")).unwrap();
    std::fs::write(data.join(YUT_TABLE), &bytes).unwrap();
    std::fs::write(&table, &bytes).unwrap();
    // In the data directory: left out with a warning.
    let out = boardsh(dir.path(), &data)
        .args(["-c", "throw FBBB\nreview"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "yut-solve-k1-cap10.bin: the checksum does not match: the file was changed or damaged after it was written"
        ),
        "{err}"
    );
    // As `yut solve --out`: refused, not solved on from.
    let again = boardsh(dir.path(), &data)
        .args(["yut", "solve", "--tokens", "1", "--out", "t.bin"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&again.stderr),
        "boardsh yut solve: t.bin: the checksum does not match: the file was changed or damaged after it was written: remove it, give another --out, or `--force` to start afresh over it\n"
    );
    assert_eq!(std::fs::read(&table).unwrap(), bytes, "left as it was");
}

/// The prompt under tmux: `source` of a FIFO nobody writes waits; Ctrl-C
/// brings the prompt back, says `interrupted`, and the session is as it
/// was (the FEN and whose turn it is). Then `hint` with a FIFO as a Yut
/// table.
#[test]
fn ctrl_c_at_the_prompt_stops_a_source_waiting_on_a_fifo() {
    use crate::common::tmux::{Tmux, ask, have_tmux, output_of, prompt_limit};
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.bsh");
    mkfifo(&fifo);
    std::fs::create_dir(dir.path().join("boardsh")).unwrap();
    mkfifo(&dir.path().join(YUT_TABLE));
    let shell = format!(
        "cd '{}' && {ENV} BOARDSH_HISTORY='{}' XDG_DATA_HOME='{}' '{BIN}' --color never; sleep 30",
        dir.path().display(),
        dir.path().join("history").display(),
        dir.path().display(),
    );
    let tmux = Tmux::new("fifo", &shell);
    tmux.prompts(1);
    let mut n = 1;
    ask(&tmux, &mut n, "play c2c3");
    let fen = ask(&tmux, &mut n, "fen");
    let turn = ask(&tmux, &mut n, "turn");
    assert!(fen.contains(" b "), "Black to move after c2c3: {fen}");
    tmux.keys(&["source f.bsh", "Enter"]);
    // Waiting on the FIFO: no prompt comes back by itself.
    std::thread::sleep(Duration::from_secs(1));
    let screen = tmux.screen();
    assert_eq!(screen.matches("boardsh>").count(), n, "{screen}");
    let pressed = Instant::now();
    tmux.keys(&["C-c"]);
    n += 1;
    let screen = tmux.prompts(n);
    let took = pressed.elapsed();
    assert!(took < prompt_limit(), "the prompt took {took:?}");
    assert_eq!(
        output_of(&screen, "source f.bsh"),
        "interrupted",
        "{screen}"
    );
    assert_eq!(ask(&tmux, &mut n, "fen"), fen);
    assert_eq!(ask(&tmux, &mut n, "turn"), turn);

    // `hint` with a FIFO in place of a Yut table in the data directory:
    // the FIFO is refused with a warning (it used to wait in open(2),
    // where Ctrl-C did not reach), and the hint runs without the table.
    // Ctrl-C stops it if it still runs after a second.
    ask(&tmux, &mut n, "throw FFFB");
    let turn = ask(&tmux, &mut n, "turn");
    tmux.keys(&["hint", "Enter"]);
    tmux.wait_for("the warning", |s| {
        s.contains("yut-solve-k1-cap10.bin: it is a FIFO, not a regular file")
    });
    std::thread::sleep(Duration::from_millis(200));
    let running = tmux.screen().matches("boardsh>").count() == n;
    let pressed = Instant::now();
    tmux.keys(&["C-c"]);
    let screen = tmux.prompts(n + 1);
    let took = pressed.elapsed();
    if running {
        assert!(took < prompt_limit(), "`hint`: the prompt took {took:?}");
        // Stopped, or finished on its own between the look at the screen
        // and the key (the hint is capped at 4000 games, about a second):
        // either way whole, never cut off or waiting on the FIFO.
        let out = output_of(&screen, "hint");
        assert!(
            out.ends_with("interrupted") || out.contains("Yut hint (upper to move)"),
            "{screen}"
        );
    }
    // A Ctrl-C that came after the hint ended met an empty prompt and
    // drew another: count the prompts again once the screen is still.
    std::thread::sleep(Duration::from_millis(300));
    n = tmux.at_prompt().matches("boardsh>").count();
    assert_eq!(ask(&tmux, &mut n, "turn"), turn);
}

/// A FIFO written in two parts, with a pause between, is read to its end,
/// which comes when the writer closes: the open without blocking and the
/// waits in poll(2) change nothing of what is read.
#[test]
fn a_fifo_written_slowly_is_read_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.bsh");
    mkfifo(&fifo);
    let mut child = boardsh(dir.path(), dir.path())
        .args(["-c", "source f.bsh\nfen"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening for writing waits for boardsh to open it for reading.
    let mut w = File::options().write(true).open(&fifo).unwrap();
    std::io::Write::write_all(&mut w, b"play c2c3\nfen\n").unwrap();
    // Long enough for boardsh to read the first part and wait again.
    std::thread::sleep(Duration::from_millis(500));
    std::io::Write::write_all(&mut w, b"play c6c5\n").unwrap();
    drop(w);
    let status = ends_within(&mut child, PATIENCE, "the FIFO's end");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(status.success(), "{out}");
    // `play` names each move. After c2c3 the pawn is on rank 3 (the third
    // rank from the bottom), Black to move; after c6c5 Black's pawn is on
    // rank 5, White to move: the `fen` of `-c`, after the FIFO's end.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "c2c3: white pawn");
    assert!(
        lines[1].starts_with("gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ b "),
        "{out}"
    );
    assert_eq!(lines[2], "c6c5: black pawn");
    assert!(
        lines[3].starts_with("gmelecz/pp1pppp/2p4/7/2P4/PP1PPPP/GMELECZ w "),
        "{out}"
    );
}
