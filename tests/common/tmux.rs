//! A tmux server of a test's own: send-keys types, capture-pane reads the
//! screen. Shared by the prompt tests (`repl_tmux`) and the Ctrl-C tests
//! (`interrupt_tmux`).

use std::process::Command;
use std::time::{Duration, Instant};

/// How long any wait lasts before the test fails (generous: other work
/// may load the machine).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// One tmux server, killed when dropped.
pub struct Tmux {
    /// The server's socket, in a directory removed with it.
    socket: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Tmux {
    /// A tmux server of its own running `shell` in a 120x40 session `t`.
    pub fn new(tag: &str, shell: &str) -> Tmux {
        let dir = tempfile::Builder::new()
            .prefix(&format!("boardsh-tmux-{tag}"))
            .tempdir()
            .unwrap();
        let tmux = Tmux {
            socket: dir.path().join("socket"),
            _dir: dir,
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "120",
            "-y",
            "40",
            shell,
        ]);
        tmux
    }

    /// Run a tmux command on this server; its stdout.
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Type `keys` (tmux key names: "Enter", "C-c", or literal text).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// The visible screen with the scrollback.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-t", "t", "-p", "-S", "-2000"])
    }

    /// Wait until the screen satisfies `ok` (or fail after [`PATIENCE`]).
    pub fn wait_for(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "timed out waiting for {what}; screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait for the `n`th prompt to be on the screen; the screen then.
    pub fn prompts(&self, n: usize) -> String {
        self.wait_for(&format!("prompt {n}"), |s| {
            s.matches("boardsh>").count() >= n
        })
    }

    /// Wait until the prompt is back and empty (the screen's last line is
    /// `boardsh>`): a key sent while a command's output is still being
    /// drawn, before the prompt reads the terminal again, can be lost (a
    /// Ctrl-D above all, which then never ends the session).
    pub fn at_prompt(&self) -> String {
        self.wait_for("an empty prompt", |s| {
            s.lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| l.trim_end() == "boardsh>")
        })
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// Whether tmux is installed (said once on stderr when it is not: the
/// tests that need it then return at once; under CI, where
/// `BOARDSH_REQUIRE_TOOLS` is set, they fail instead).
pub fn have_tmux() -> bool {
    static HAVE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAVE.get_or_init(|| {
        let ok = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            super::required_missing("tmux");
            eprintln!("tmux is not installed; the terminal tests are skipped");
        }
        ok
    })
}

/// What the screen shows after the last `boardsh> {cmd}` line, up to the
/// next prompt.
pub fn output_of(screen: &str, cmd: &str) -> String {
    let echo = format!("boardsh> {cmd}");
    let after = screen.rsplit_once(echo.as_str()).map_or("", |(_, a)| a);
    let body = after.split_once("boardsh>").map_or(after, |(b, _)| b);
    body.trim_matches('\n').to_string()
}

/// Run `cmd` at the prompt (the `n`th prompt is then on the screen) and
/// return its output.
pub fn ask(tmux: &Tmux, n: &mut usize, cmd: &str) -> String {
    tmux.keys(&[cmd, "Enter"]);
    *n += 1;
    output_of(&tmux.prompts(*n), cmd)
}

/// How soon the prompt must be back after Ctrl-C: 1 s, as issue 11 asks;
/// 3 s when other work loads the machine past twice its cores (the
/// measure then holds tmux's own delays more than boardsh's).
pub fn prompt_limit() -> Duration {
    let load: f64 = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    #[allow(clippy::cast_precision_loss)]
    let busy = load > 2.0 * cores as f64;
    Duration::from_secs(if busy { 3 } else { 1 })
}
