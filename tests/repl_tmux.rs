//! The prompt in a real terminal: tmux runs boardsh, send-keys types,
//! capture-pane reads the screen. Skipped when tmux is not installed.

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-t", "t", "-p"])
    }

    /// Wait until the screen satisfies `ok` (or fail after a few seconds).
    fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// Start boardsh in a detached tmux session `t` (uncoloured, with its
/// history at `history`); when it exits its status goes to `status`.
fn start(tag: &str, history: &std::path::Path, status: &std::path::Path) -> Tmux {
    let tmux = Tmux {
        socket: format!("boardsh-{tag}-{}", std::process::id()),
    };
    let shell = format!(
        "BOARDSH_HISTORY='{}' '{}' --color never; echo $? > '{}'; sleep 30",
        history.display(),
        env!("CARGO_BIN_EXE_boardsh"),
        status.display()
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "120",
        "-y",
        "40",
        &shell,
    ]);
    tmux.wait_for("the prompt", |s| s.contains("boardsh>"));
    tmux
}

/// Wait for boardsh to exit; its exit status.
fn exit_status(status: &std::path::Path) -> String {
    let start = Instant::now();
    while std::fs::read_to_string(status).map_or(true, |s| !s.ends_with('\n')) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "boardsh did not exit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::read_to_string(status).unwrap().trim().to_string()
}

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn prompt_runs_commands_completes_and_keeps_history() {
    if !tmux_available() {
        eprintln!("tmux not installed: skipping the terminal test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let history = dir.path().join("data/boardsh/history");
    let status = dir.path().join("status");
    let tmux = start("test", &history, &status);

    // A command and its summary line (home + FFFF = 4 steps: yut).
    tmux.run(&["send-keys", "-t", "t", "move A FFFF", "Enter"]);
    tmux.wait_for("the move summary", |s| s.contains("A: home -> yut (4)"));

    // Tab completes a unique command name: `wh` -> `where`.
    tmux.run(&["send-keys", "-t", "t", "wh", "Tab"]);
    tmux.wait_for("completion", |s| s.contains("boardsh> where"));
    tmux.run(&["send-keys", "-t", "t", "Enter"]);
    tmux.wait_for("where's output", |s| {
        s.contains("A: yut") && s.contains("d: home")
    });

    // Ctrl-C abandons a half-typed line; the session goes on.
    tmux.run(&["send-keys", "-t", "t", "move B FF", "C-c"]);
    tmux.run(&["send-keys", "-t", "t", "fen", "Enter"]);
    tmux.wait_for("fen", |s| s.contains("GMELECZ w 0"));
    let screen = tmux.screen();
    assert!(
        !screen.contains("B: home -> gae"),
        "the abandoned move did not run"
    );

    // An error shows with a caret and the prompt comes back.
    tmux.run(&["send-keys", "-t", "t", "shwo", "Enter"]);
    tmux.wait_for("the error", |s| s.contains("did you mean `show`?"));

    // Ctrl-D on an empty line ends the session with status 0 and saves history.
    tmux.run(&["send-keys", "-t", "t", "C-d"]);
    assert_eq!(exit_status(&status), "0");
    let saved = std::fs::read_to_string(&history).expect("history written");
    let lines: Vec<&str> = saved.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines, ["move A FFFF", "where", "fen", "shwo"]);
}

#[test]
fn an_unwritable_history_warns_once_and_the_prompt_goes_on() {
    if !tmux_available() {
        eprintln!("tmux not installed: skipping the terminal test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The history's parent is a regular file: it can be neither read nor
    // written, nor its directory created.
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "not a directory\n").unwrap();
    let history = plain.join("history");
    let status = dir.path().join("status");
    let tmux = start("history", &history, &status);
    tmux.run(&["send-keys", "-t", "t", "move A FFFF", "Enter"]);
    tmux.wait_for("the move", |s| s.contains("A: home -> yut (4)"));
    tmux.run(&["send-keys", "-t", "t", "where", "Enter"]);
    tmux.wait_for("where", |s| s.contains("A: yut") && s.contains("d: home"));
    tmux.run(&["send-keys", "-t", "t", "C-d"]);
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
