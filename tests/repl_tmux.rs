//! The prompt in a real terminal: tmux runs boardsh, send-keys types,
//! capture-pane reads the screen. Without tmux each test returns at once
//! (and says so once on stderr).
//!
//! Run alone with `cargo test --test main repl_tmux`; filter like any test.

use crate::common::test::{BIN, ENV};
use crate::common::tmux::{PATIENCE, Tmux, ask, have_tmux, output_of, prompt_limit};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Start boardsh at the prompt (uncoloured, its history at `history`,
/// `args` added); its process id goes to `status` with `.pid` added, and
/// when it exits its status goes to `status`.
fn start(tag: &str, history: &Path, status: &Path, args: &str) -> Tmux {
    start_after(tag, "", history, status, args)
}

/// [`start`], with `setup` run by the shell that then becomes boardsh.
fn start_after(tag: &str, setup: &str, history: &Path, status: &Path, args: &str) -> Tmux {
    let shell = format!(
        "sh -c \"{setup}echo \\$\\$ > '{}.pid'; exec {ENV} BOARDSH_HISTORY='{}' '{BIN}' --color never {args}\"; \
         echo $? > '{}'; sleep 30",
        status.display(),
        history.display(),
        status.display()
    );
    let tmux = Tmux::new(tag, &shell);
    tmux.prompts(1);
    tmux
}

/// The process id of the boardsh started with `status`.
fn pid(status: &Path) -> i32 {
    let pid = std::fs::read_to_string(format!("{}.pid", status.display())).unwrap();
    pid.trim().parse().unwrap()
}

/// Send `signal` to the boardsh started with `status`.
fn signal(status: &Path, signal: i32) {
    // SAFETY: kill(2) with a process id of our own child's child.
    assert_eq!(
        unsafe { libc::kill(pid(status), signal) },
        0,
        "boardsh runs"
    );
}

/// Wait for the boardsh started with `status` to be gone (ended: a zombie
/// left to an init that reaps slowly counts as gone).
fn gone(status: &Path) {
    let stat = PathBuf::from(format!("/proc/{}/stat", pid(status)));
    let running = || {
        std::fs::read_to_string(&stat).is_ok_and(|s| {
            // `pid (name) state ...`: the state follows the name's `)`.
            s.rsplit_once(')')
                .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
        })
    };
    let start = Instant::now();
    while running() {
        assert!(start.elapsed() < PATIENCE, "boardsh did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait for boardsh to exit; its exit status.
fn exit_status(status: &Path) -> String {
    exit_status_within(status, PATIENCE)
}

/// [`exit_status`], waiting at most `limit`.
fn exit_status_within(status: &Path, limit: Duration) -> String {
    let start = Instant::now();
    while std::fs::read_to_string(status).map_or(true, |s| !s.ends_with('\n')) {
        assert!(start.elapsed() < limit, "boardsh did not exit");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::read_to_string(status).unwrap().trim().to_string()
}

/// The entries of a history file (rustyline's format: `#V2`, then lines).
fn entries(history: &Path) -> Vec<String> {
    std::fs::read_to_string(history)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// The banner greets an interactive start (and only that: piped and `-c`
/// runs are byte-exact elsewhere); `help` wraps to the window, here 40
/// columns wide, cutting no word.
#[test]
fn banner_and_help_wrapped_to_the_window() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let status = dir.path().join("status");
    let tmux = start("banner", &history, &status, "");
    tmux.wait_for("the banner", |s| {
        s.contains("type help for commands, help congo / help yut for the rules")
    });
    // Tall enough for the whole of `help` (about 200 lines at 40 columns):
    // no pager.
    tmux.run(&["resize-window", "-t", "t", "-x", "40", "-y", "300"]);
    tmux.keys(&["help", "Enter"]);
    let screen = tmux.wait_for("help's last line", |s| s.contains("instead."));
    for line in screen.lines() {
        assert!(line.trim_end().chars().count() <= 40, "{line:?}");
    }
    // The usage column is kept: `moves`'s summary starts on its line.
    assert!(screen.contains("  moves [<kind>|<square>]"), "{screen}");
}

#[test]
fn prompt_runs_commands_completes_and_keeps_history() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("data/boardsh/history");
    let status = dir.path().join("status");
    let tmux = start("test", &history, &status, "");

    // A command and its summary line (home + FFFF = 4 steps: yut).
    tmux.keys(&["move A FFFF", "Enter"]);
    tmux.wait_for("the move summary", |s| s.contains("A: home -> yut (4)"));

    // Tab completes a unique command name: `wh` -> `where`.
    tmux.keys(&["wh", "Tab"]);
    tmux.wait_for("completion", |s| s.contains("boardsh> where"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("where's output", |s| {
        s.contains("A: yut") && s.contains("d: home")
    });

    // Ctrl-C abandons a half-typed line; the session goes on.
    // The line is on the screen before the Ctrl-C: keys typed in the same
    // instant as a Ctrl-C at the prompt may be dropped by rustyline, which
    // under load made this test flaky.
    tmux.keys(&["move B FF"]);
    tmux.wait_for("the half-typed line", |s| s.contains("boardsh> move B FF"));
    tmux.keys(&["C-c"]);
    // (rustyline drops what it read past a Ctrl-C: wait for the new prompt.)
    tmux.prompts(4);
    tmux.keys(&["fen", "Enter"]);
    tmux.wait_for("fen", |s| s.contains("GMELECZ w 0"));
    let screen = tmux.screen();
    assert!(
        !screen.contains("B: home -> gae"),
        "the abandoned move did not run"
    );

    // An error shows with a caret and the prompt comes back.
    tmux.keys(&["shwo", "Enter"]);
    tmux.wait_for("the error", |s| s.contains("did you mean `show`?"));

    // Ctrl-D on an empty line ends the session with status 0.
    tmux.at_prompt();
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
    assert_eq!(entries(&history), ["move A FFFF", "where", "fen", "shwo"]);
}

#[test]
fn an_unwritable_history_warns_once_and_the_prompt_goes_on() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The history's parent is a regular file: it can be neither read nor
    // written, nor its directory created.
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "not a directory\n").unwrap();
    let history = plain.join("history");
    let status = dir.path().join("status");
    let tmux = start("history", &history, &status, "");
    tmux.keys(&["move A FFFF", "Enter"]);
    tmux.wait_for("the move", |s| s.contains("A: home -> yut (4)"));
    tmux.keys(&["where", "Enter"]);
    tmux.wait_for("where", |s| s.contains("A: yut") && s.contains("d: home"));
    tmux.at_prompt();
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
    let screen = tmux.screen();
    // Reading it failed at the start; writing is then not reported again.
    let warnings = screen.matches("history `").count();
    assert_eq!(warnings, 1, "one warning about the history:\n{screen}");
    assert!(screen.contains(&format!(
        "boardsh: warning: cannot read history `{}`",
        history.display()
    )));
    assert!(!screen.contains("panicked"));
    assert!(!history.exists());
}

#[test]
fn a_device_as_history_gives_the_prompt_at_once() {
    if !have_tmux() {
        return;
    }
    // Reading /dev/zero as a history never ends; it must not be read.
    let dir = tempfile::tempdir().unwrap();
    let status = dir.path().join("status");
    let started = Instant::now();
    let tmux = start("zero", Path::new("/dev/zero"), &status, "");
    assert!(started.elapsed() < Duration::from_secs(5));
    let screen = tmux.screen();
    assert!(
        screen.contains("history `/dev/zero` is a device, not a regular file"),
        "{screen}"
    );
    let mut n = 1;
    // At the prompt `status` names its game.
    assert_eq!(ask(&tmux, &mut n, "status"), "Congo: Continue");
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
}

/// Set up a session with a change in each game, then run `long` at the
/// prompt, press Ctrl-C after 2 s, and check that the prompt is back within
/// 1 s and that `fen`, `where` and `undo` answer exactly as before it.
fn interrupt_keeps_the_session(tag: &str, long: &str, dir: &Path) {
    let history = dir.join("history");
    let status = dir.join("status");
    let tmux = start(tag, &history, &status, "");
    let mut n = 1;
    ask(&tmux, &mut n, "move A FFFF");
    ask(&tmux, &mut n, "play a2a3");
    let fen = ask(&tmux, &mut n, "fen");
    let wherever = ask(&tmux, &mut n, "where");
    assert!(fen.contains("1PPPPPP"), "a2a3 was played: {fen}");

    tmux.keys(&[long, "Enter"]);
    std::thread::sleep(Duration::from_secs(2));
    let before = tmux.screen();
    assert_eq!(
        before.matches("boardsh>").count(),
        n,
        "`{long}` still runs after 2 s:\n{before}"
    );
    let pressed = Instant::now();
    tmux.keys(&["C-c"]);
    n += 1;
    let screen = tmux.prompts(n);
    let took = pressed.elapsed();
    assert!(took < prompt_limit(), "the prompt took {took:?}");
    assert!(
        output_of(&screen, long).ends_with("interrupted"),
        "{screen}"
    );

    assert_eq!(ask(&tmux, &mut n, "fen"), fen);
    assert_eq!(ask(&tmux, &mut n, "where"), wherever);
    // The interrupted command changed nothing: undo takes back the play.
    assert_eq!(ask(&tmux, &mut n, "undo"), "undid: play a2a3");
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
    // Every entered line is in the history, the interrupted one too.
    let saved = entries(&history);
    assert!(saved.contains(&long.to_string()), "{saved:?}");
}

#[test]
fn ctrl_c_stops_perft_and_keeps_the_session() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    interrupt_keeps_the_session("perft", "perft 8", dir.path());
}

#[test]
fn ctrl_c_stops_divide_and_keeps_the_session() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    interrupt_keeps_the_session("divide", "divide 7", dir.path());
}

#[test]
fn ctrl_c_stops_a_long_source_and_keeps_the_session() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A source that cannot finish: a FIFO fed by `yes` with lines that set
    // the position it already has (each changes nothing and prints
    // nothing), however fast the build. A file of a million lines once
    // finished in 1.2 s in a release build, before the Ctrl-C.
    let fen = "gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ b 0";
    let fifo = dir.path().join("endless.bsh");
    crate::common::mkfifo(&fifo);
    // Opening the FIFO to write waits for the reader (`source`); the
    // writer dies of SIGPIPE once the reader closes it, or is killed below.
    let mut writer = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec yes 'fen {fen}; fen {fen}' > '{}'",
            fifo.display()
        ))
        .spawn()
        .unwrap();
    let cmd = format!("source {}", fifo.display());
    interrupt_keeps_the_session("source", &cmd, dir.path());
    let _ = writer.kill();
    let _ = writer.wait();
}

#[test]
fn a_progress_line_shows_while_perft_runs() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let status = dir.path().join("status");
    let tmux = start("progress", &dir.path().join("h"), &status, "");
    tmux.keys(&["perft 8", "Enter"]);
    // After half a second: what runs, nodes, the rate, root moves of 24
    // (the start position has 24 moves, congo-rules.md's perft 1).
    let screen = tmux.wait_for("the progress line", |s| {
        s.contains("perft 8: ") && s.contains(" nodes/s") && s.contains("/24")
    });
    assert!(screen.contains("Ctrl-C stops"), "{screen}");
    tmux.keys(&["C-c"]);
    let screen = tmux.prompts(2);
    // Cleared once the command ended.
    assert!(!screen.contains("nodes/s"), "{screen}");
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
}

/// `boardsh -c 'perft N' > out` run in the terminal (so stderr is one and
/// the progress line shows there): `out` holds exactly the count.
fn count_to_a_file(tag: &str, depth: u32, count: u64) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let status = dir.path().join("status");
    let shell = format!(
        "{ENV} '{BIN}' -c 'perft {depth}' > '{}'; echo $? > '{}'; sleep 30",
        out.display(),
        status.display()
    );
    let _tmux = Tmux::new(tag, &shell);
    // Each ply costs about 25 times more: a far longer wait past depth 5.
    let limit = PATIENCE * (1 << (2 * depth.saturating_sub(5)));
    assert_eq!(exit_status_within(&status, limit), "0");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{count}\n"));
}

#[test]
fn perft_5_to_a_file_is_only_the_count() {
    if !have_tmux() {
        return;
    }
    // congo-rules.md: perft 5 of the start position is 9,404,326.
    count_to_a_file("file5", 5, 9_404_326);
}

#[test]
#[ignore = "slow: about 25 s in a debug build"]
fn perft_6_to_a_file_is_only_the_count() {
    if !have_tmux() {
        return;
    }
    // congo-rules.md: perft 6 of the start position is 247,900,251.
    count_to_a_file("file6", 6, 247_900_251);
}

#[test]
fn type_ahead_runs_every_line() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let status = dir.path().join("status");
    let tmux = start("ahead", &dir.path().join("h"), &status, "");
    // Three lines at once, as a paste without bracketed paste arrives.
    tmux.keys(&[
        "move A FFFF",
        "Enter",
        "where",
        "Enter",
        "play a2a3",
        "Enter",
    ]);
    let screen = tmux.prompts(4);
    assert!(screen.contains("A: home -> yut (4)"), "{screen}");
    assert!(screen.contains("A: yut"), "{screen}");
    assert!(screen.contains("a2a3: white pawn"), "{screen}");
    tmux.keys(&["undo", "Enter"]);
    tmux.prompts(5);
    // Lines typed while a command runs (perft 5 takes a while in a debug
    // build) run after it, in order.
    tmux.keys(&["perft 5", "Enter"]);
    std::thread::sleep(Duration::from_millis(100));
    tmux.keys(&["fen", "Enter", "status", "Enter"]);
    let screen = tmux.prompts(8);
    let screen = screen.rsplit_once("boardsh> perft 5").unwrap().1;
    // congo-rules.md: perft 5 of the start position is 9,404,326.
    let count = screen.find("9404326").expect(screen);
    let fen = screen
        .find("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0")
        .expect("fen ran");
    let cont = screen.find("Continue").expect("status ran");
    assert!(count < fen && fen < cont, "{screen}");
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
}

/// `count` earlier entries, to show that nothing of them is lost.
fn earlier(history: &Path, count: usize) -> Vec<String> {
    let lines: Vec<String> = (0..count).map(|i| format!("perft {}", i % 4)).collect();
    std::fs::create_dir_all(history.parent().unwrap()).unwrap();
    std::fs::write(history, format!("#V2\n{}\n", lines.join("\n"))).unwrap();
    lines
}

#[test]
fn killing_the_terminal_never_loses_history() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let mut want = earlier(&history, 500);
    let mut size = std::fs::metadata(&history).unwrap().len();
    for trial in 0..20 {
        let status = dir.path().join(format!("status{trial}"));
        // With SIGHUP ignored (as under nohup), a closed terminal shows as
        // EIO when the prompt reads.
        let setup = if trial % 4 == 3 { "trap '' HUP; " } else { "" };
        let tmux = start_after(&format!("kill{trial}"), setup, &history, &status, "");
        let line = format!("fen # trial {trial}");
        tmux.keys(&[&line, "Enter"]);
        tmux.prompts(2);
        want.push(line);
        // A line being typed when the terminal goes is lost, nothing else.
        tmux.keys(&["where # never entered"]);
        tmux.wait_for("the typed line", |s| s.contains("# never entered"));
        match trial % 4 {
            // The terminal closes: boardsh gets SIGHUP, or EIO reading.
            0 | 3 => {
                drop(tmux);
                gone(&status);
            }
            // A hang-up or SIGTERM sent to boardsh alone.
            sig => {
                let sig = if sig == 1 {
                    libc::SIGHUP
                } else {
                    libc::SIGTERM
                };
                signal(&status, sig);
                // Ended by the signal: the shell says 128 + its number.
                assert_eq!(exit_status(&status), (128 + sig).to_string());
            }
        }
        let now = std::fs::metadata(&history).unwrap().len();
        assert!(now >= size, "trial {trial}: the history shrank");
        size = now;
        assert_eq!(entries(&history), want, "trial {trial}");
    }
}

#[test]
fn two_prompts_at_once_keep_both_their_lines() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let mut want = earlier(&history, 10);
    let one = start("one", &history, &dir.path().join("s1"), "");
    let two = start("two", &history, &dir.path().join("s2"), "");
    for i in 0..5 {
        for (tmux, name) in [(&one, "one"), (&two, "two")] {
            let line = format!("status # {name} {i}");
            tmux.keys(&[&line, "Enter"]);
            tmux.prompts(i + 2);
            want.push(line);
        }
    }
    one.keys(&["C-d"]);
    assert_eq!(exit_status(&dir.path().join("s1")), "0");
    drop(two); // the second one's terminal closes
    assert_eq!(entries(&history), want);
}

/// Tab on a path with blanks inserts a quoted name that `source` reads
/// back: `sub` -> `"sub dir/"` -> `"sub dir/my file.bsh"`, which runs
/// (its `move A FFFF` moves A home -> yut, 4 steps for four fronts).
#[test]
fn tab_completes_a_quoted_path_that_source_reads() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub dir")).unwrap();
    std::fs::write(dir.path().join("sub dir/my file.bsh"), "move A FFFF\n").unwrap();
    let history = dir.path().join("history");
    let status = dir.path().join("status");
    let setup = format!("cd '{}'; ", dir.path().display());
    let tmux = start_after("path", &setup, &history, &status, "");
    tmux.keys(&["source sub", "Tab"]);
    tmux.wait_for("the directory", |s| {
        s.contains("boardsh> source \"sub dir/\"")
    });
    tmux.keys(&["Tab"]);
    tmux.wait_for("the file", |s| {
        s.contains("boardsh> source \"sub dir/my file.bsh\"")
    });
    tmux.keys(&["Enter"]);
    tmux.wait_for("the sourced move", |s| s.contains("A: home -> yut (4)"));
}

/// Tab leaves a blank after a command it completes (issue 38), so the
/// argument typed next is a word of its own: `thr`, Tab, `FFFF` runs
/// `throw FFFF` (four fronts: a yut, 4 steps, and another throw), where
/// `throwFFFF` would be an unknown command. The history keeps the line
/// without the blank Tab left.
#[test]
fn tab_leaves_a_blank_after_a_completed_command() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let status = dir.path().join("status");
    let tmux = start("blank", &history, &status, "");
    tmux.keys(&["thr", "Tab"]);
    tmux.wait_for("the completion", |s| s.contains("boardsh> throw"));
    tmux.keys(&["FFFF", "Enter"]);
    tmux.wait_for("the throw", |s| s.contains("FFFF: yut (4)"));
    tmux.keys(&["wh", "Tab"]);
    tmux.wait_for("the second completion", |s| s.contains("boardsh> where"));
    tmux.keys(&["Enter"]);
    // The whole of `where` and the third prompt: a Ctrl-D sent before
    // the prompt reads the terminal again can be lost.
    tmux.wait_for("where's output", |s| s.contains("d: home"));
    tmux.prompts(3);
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
    assert_eq!(entries(&history), ["throw FFFF", "where"]);
}

/// After `play e2e3; ` Tab offers Black's replies: of the c6 pawn's
/// moves (c6b5, c6c5, c6d5) only c6c5 starts with `c6c`.
#[test]
fn tab_completes_replies_after_earlier_plays() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("history");
    let status = dir.path().join("status");
    let tmux = start("replies", &history, &status, "");
    tmux.keys(&["play e2e3; play c6c", "Tab"]);
    tmux.wait_for("the reply", |s| s.contains("boardsh> play e2e3; play c6c5"));
}

/// Versus mode at the prompt: a whole Congo game against the computer at
/// level 1, the person's moves typed (the engine's depth-2 choice, read
/// from `best`), each answered at once; a refused move on the computer's
/// turn; Ctrl-C during its thinking (full strength, 3 s) leaves its turn
/// pending and `go` resumes; `undo` takes back a full move.
#[test]
fn versus_congo_to_a_result_with_ctrl_c_and_undo() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (history, status) = (dir.path().join("history"), dir.path().join("status"));
    let tmux = start("versus-congo", &history, &status, "");
    let mut n = 1;
    // A fresh game, its board drawn (`show auto` against the computer).
    let fresh = ask(&tmux, &mut n, "new congo white");
    assert!(
        fresh.ends_with("1 G M E L E C Z 1\n  a b c d e f g\nwhite to move, move 1."),
        "{fresh}"
    );
    // Full strength thinks 3 s: Ctrl-C after 1 s stops it; c2c3 stays.
    tmux.keys(&["play c2c3", "Enter"]);
    std::thread::sleep(Duration::from_secs(1));
    tmux.keys(&["C-c"]);
    n += 1;
    let out = output_of(&tmux.prompts(n), "play c2c3");
    assert!(
        out.starts_with(
            "c2c3: white pawn\nstopped: the computer's turn is pending (`go` resumes)\n"
        ),
        "{out}"
    );
    // The board is drawn after the change (`show auto` in versus mode).
    assert!(
        out.ends_with("black to move, move 1..., last move 1. c2c3"),
        "{out}"
    );
    // On the computer's turn the person's move is refused.
    let refused = ask(&tmux, &mut n, "play a2a3");
    assert!(
        refused.contains("it is the computer's move (black): `go` lets it play"),
        "{refused}"
    );
    ask(&tmux, &mut n, "set level 1");
    let reply = ask(&tmux, &mut n, "go");
    assert!(reply.contains(": black "), "{reply}");
    // Undo takes back the reply and c2c3 together: White to move at the start.
    let undone = ask(&tmux, &mut n, "undo");
    assert!(undone.contains("undid: play c2c3\n"), "{undone}");
    assert!(undone.ends_with("white to move, move 1."), "{undone}");
    assert!(ask(&tmux, &mut n, "fen").ends_with(" w 0"));
    // The game: the person plays the depth-2 best move, the computer
    // answers each, until a side wins.
    let mut last = String::new();
    for _ in 0..150 {
        let best = ask(&tmux, &mut n, "best depth 2");
        let mv = best.split_whitespace().nth(1).unwrap().to_string();
        last = ask(&tmux, &mut n, &format!("play {mv}"));
        assert!(last.starts_with(&format!("{mv}: white ")), "{last}");
        if last.contains(" wins") {
            break;
        }
        // The person's move and the computer's answer, then the board.
        let summaries = last.lines().filter(|l| l.contains(": ")).count();
        assert_eq!(summaries, 2, "the computer answered: {last}");
        assert!(last.contains("white to move, move "), "{last}");
    }
    assert!(
        last.contains("White wins") || last.contains("Black wins"),
        "{last}"
    );
    let st = ask(&tmux, &mut n, "status");
    assert!(
        st == "Congo: White wins" || st == "Congo: Black wins",
        "{st}"
    );
    let over = ask(&tmux, &mut n, "go");
    assert!(over.contains("the game is over"), "{over}");
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
}

/// The same for Yut: the person (upper) throws and lets `auto` use the
/// throws, the computer (lower, level 1) answers each turn; a throw on
/// its turn is refused; undo returns to the person; the game ends with a
/// winner.
#[test]
fn versus_yut_to_a_winner() {
    if !have_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (history, status) = (dir.path().join("history"), dir.path().join("status"));
    let tmux = start("versus-yut", &history, &status, "--seed 3");
    let mut n = 1;
    ask(&tmux, &mut n, "set level 1");
    ask(&tmux, &mut n, "new yut upper");
    // Upper throws first: the computer's side would be refused.
    ask(&tmux, &mut n, "set computer upper");
    let refused = ask(&tmux, &mut n, "throw");
    assert!(
        refused.contains("it is the computer's turn (upper)"),
        "{refused}"
    );
    ask(&tmux, &mut n, "set computer lower");
    let mut won = String::new();
    let mut undone = false;
    for _ in 0..400 {
        let thrown = ask(&tmux, &mut n, "throw");
        let played = ask(&tmux, &mut n, "auto");
        let both = format!("{thrown}\n{played}");
        if both.contains(" wins") {
            won = both;
            break;
        }
        let lower_moved = played
            .lines()
            .any(|l| l.starts_with(|c: char| c.is_ascii_lowercase()));
        if !undone && lower_moved {
            // Lower (the computer) answered: undo takes back its turn and
            // upper's moves, back to upper with its throw pending.
            let u = ask(&tmux, &mut n, "undo");
            assert!(u.starts_with("undid: auto\nundid: auto\n"), "{u}");
            assert!(ask(&tmux, &mut n, "turn").starts_with("Yut: upper to move"));
            undone = true;
            let again = ask(&tmux, &mut n, "auto");
            if again.contains(" wins") {
                won = again;
                break;
            }
        }
    }
    assert!(
        won.contains("upper wins") || won.contains("lower wins"),
        "{won}"
    );
    tmux.keys(&["C-d"]);
    assert_eq!(exit_status(&status), "0");
}
