//! How every integration test launches boardsh (after just's `Test`).
//!
//! [`Test`] is one run of the binary and what it must do: the arguments,
//! files in a fresh directory (the working directory of the run), the
//! environment, stdin, and the expected stdout, stderr and exit status.
//! Stdout and stderr are compared, to the empty text unless the test
//! says what they hold (`.stdout`, `.stdout_contains`, `.stdout_with`)
//! or says in so many words that it does not look (`.any_stdout`); the
//! status is checked, 0 unless told.
//!
//! ```ignore
//! Test::new()
//!     .file("a.bsh", "fen\n")
//!     .args(["a.bsh"])
//!     .stdout("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n")
//!     .run();
//! ```
//!
//! Every run has the same isolated environment ([`isolate`]): no colour
//! variables of the caller, no history file of the caller's, and a data
//! directory of its own. A test that needs the process itself (signals,
//! pipes it holds open, a terminal) takes [`command`], the same binary in
//! the same environment as a `std::process::Command`; a shell command line
//! that starts it (tmux, `sh -c`) puts [`ENV`] before [`BIN`].

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::Duration;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_boardsh");

/// The data directory a run gets unless its test sets one: it does not
/// exist, so no tables the user built (Congo or Yut) and no history file
/// change what a run prints, and nothing is written there.
pub const NO_DATA: &str = "/nonexistent/boardsh-test-data";

/// The isolated environment as a command, for a shell command line
/// that starts [`BIN`] (in tmux, under `sh -c`): `{ENV} '{BIN}' args`.
/// `env`'s own options and settings may follow it.
pub const ENV: &str = "env -u NO_COLOR -u CLICOLOR_FORCE -u BOARDSH_HISTORY \
    XDG_DATA_HOME=/nonexistent/boardsh-test-data";

/// [`ENV`]'s options alone (no setting), for a command line whose own
/// `env` options come after them: `env {UNSET} -u PAGER X=1 ...`.
pub const UNSET: &str = "-u NO_COLOR -u CLICOLOR_FORCE -u BOARDSH_HISTORY";

/// Set the isolated environment on `cmd`: the colour variables of the
/// caller's environment removed (so colour follows the flags and the
/// terminal only), no `BOARDSH_HISTORY` of the caller's, and the data
/// directory [`NO_DATA`]. A test that wants a data directory (or colour
/// variables, or a history file) sets its own after this.
///
/// The run also starts with SIGINT, SIGHUP, SIGQUIT and SIGTERM at their
/// default dispositions, whatever the test runner had: under `nohup`, or
/// started with `&` by a script, the runner ignores SIGINT and SIGHUP,
/// boardsh leaves a signal it finds ignored ignored (as it should), and a
/// test that sends one would wait on a command that never stops.
pub fn isolate(cmd: &mut std::process::Command) -> &mut std::process::Command {
    use std::os::unix::process::CommandExt as _;
    // SAFETY: the closure runs in the child between fork and exec, and
    // only calls signal(2), which is async-signal-safe and allocates
    // nothing.
    unsafe {
        cmd.pre_exec(|| {
            for s in [libc::SIGINT, libc::SIGHUP, libc::SIGQUIT, libc::SIGTERM] {
                if libc::signal(s, libc::SIG_DFL) == libc::SIG_ERR {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    cmd.env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("BOARDSH_HISTORY")
        .env("XDG_DATA_HOME", NO_DATA)
}

/// The binary in the isolated environment, as a `std::process::Command`:
/// for a test that spawns the process and holds it (signals, pipes, a
/// child it waits on with a deadline).
pub fn command() -> std::process::Command {
    let mut cmd = std::process::Command::new(BIN);
    isolate(&mut cmd);
    cmd
}

/// The binary in the isolated environment, as an `assert_cmd::Command`
/// (for its `write_stdin` and `timeout`). Prefer [`Test`].
pub fn boardsh() -> assert_cmd::Command {
    assert_cmd::Command::from_std(command())
}

/// What a test expects of one output stream.
enum Expect {
    /// Exactly this text.
    Is(String),
    /// Text holding each of these.
    Contains(Vec<String>),
    /// Text for which the check holds (it asserts, or returns false).
    With(Box<dyn Fn(&str) -> bool>),
    /// Not compared: the test said so.
    Any,
}

impl Expect {
    fn contains(self, part: String) -> Expect {
        match self {
            Expect::Contains(mut parts) => {
                parts.push(part);
                Expect::Contains(parts)
            }
            _ => Expect::Contains(vec![part]),
        }
    }

    #[track_caller]
    fn check(&self, name: &str, args: &[OsString], text: &str) {
        match self {
            Expect::Is(expected) => assert_eq!(text, expected, "{name} of {args:?}"),
            Expect::Contains(parts) => {
                for part in parts {
                    assert!(
                        text.contains(part.as_str()),
                        "{name} of {args:?} lacks {part:?}; it is:\n{text}"
                    );
                }
            }
            Expect::With(ok) => assert!(ok(text), "{name} of {args:?} fails its check:\n{text}"),
            Expect::Any => {}
        }
    }
}

/// One run of the binary and what it must do.
#[must_use = "a Test does nothing until `.run()` or `.output()`"]
pub struct Test {
    dir: tempfile::TempDir,
    cwd: Option<PathBuf>,
    args: Vec<OsString>,
    env: Vec<(OsString, Option<OsString>)>,
    stdin: Vec<u8>,
    stdin_from: Option<Stdio>,
    timeout: Option<Duration>,
    stdout: Expect,
    stderr: Expect,
    status: Option<i32>,
}

impl Default for Test {
    fn default() -> Test {
        Test::new()
    }
}

impl Test {
    #[track_caller]
    pub fn new() -> Test {
        Test {
            dir: tempfile::tempdir().expect("a temporary directory"),
            cwd: None,
            args: Vec::new(),
            env: Vec::new(),
            stdin: Vec::new(),
            stdin_from: None,
            timeout: None,
            stdout: Expect::Is(String::new()),
            stderr: Expect::Is(String::new()),
            status: Some(0),
        }
    }

    /// The run's own directory (its files are there; the run starts
    /// there unless [`Test::current_dir`] says otherwise).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Write `text` to `name` in the run's directory.
    #[track_caller]
    pub fn file(self, name: &str, text: impl AsRef<[u8]>) -> Test {
        let path = self.dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("a directory");
        }
        std::fs::write(path, text).expect("a file");
        self
    }

    /// Start the run in `dir` instead of its own directory.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Test {
        self.cwd = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Start the run at the repository's root, for a test that names the
    /// repository's files (`tests/data/...`) by relative paths.
    pub fn at_root(self) -> Test {
        self.current_dir(env!("CARGO_MANIFEST_DIR"))
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Test {
        self.args.push(arg.into());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Test {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Set `key` to `value` for the run (after the isolation, so a test
    /// may give its own data directory or colour variables).
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Test {
        self.env.push((
            key.as_ref().to_os_string(),
            Some(value.as_ref().to_os_string()),
        ));
        self
    }

    /// Remove `key` from the run's environment.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Test {
        self.env.push((key.as_ref().to_os_string(), None));
        self
    }

    /// Give the run a data directory of its own, a fresh one inside the
    /// run's directory (`data/`), as `XDG_DATA_HOME` and `HOME`.
    #[track_caller]
    pub fn fresh_data(self) -> Test {
        let data = self.dir.path().join("data");
        std::fs::create_dir_all(&data).expect("a data directory");
        self.env("XDG_DATA_HOME", &data).env("HOME", &data)
    }

    /// The run's standard input (text or bytes; empty unless set).
    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Test {
        self.stdin = input.into();
        self
    }

    /// The run's standard input from `from` (a file, a directory,
    /// `Stdio::null()`) instead of bytes.
    pub fn stdin_from(mut self, from: impl Into<Stdio>) -> Test {
        self.stdin_from = Some(from.into());
        self
    }

    /// Fail the run (and kill the process) if it lasts longer than
    /// `secs` seconds; give a loaded machine room.
    pub fn timeout(mut self, secs: u64) -> Test {
        self.timeout = Some(Duration::from_secs(secs));
        self
    }

    /// Stdout must be exactly `text`.
    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Expect::Is(text.into());
        self
    }

    /// Stdout must hold `part` (and any other part asked for so).
    pub fn stdout_contains(mut self, part: impl Into<String>) -> Test {
        self.stdout = self.stdout.contains(part.into());
        self
    }

    /// Stdout must pass `ok` (which may assert itself, or return false).
    pub fn stdout_with(mut self, ok: impl Fn(&str) -> bool + 'static) -> Test {
        self.stdout = Expect::With(Box::new(ok));
        self
    }

    /// Stdout is not compared: the test looks at it in the returned
    /// output, or it does not matter to the test.
    pub fn any_stdout(mut self) -> Test {
        self.stdout = Expect::Any;
        self
    }

    /// Stderr must be exactly `text`.
    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Expect::Is(text.into());
        self
    }

    /// Stderr must hold `part` (and any other part asked for so).
    pub fn stderr_contains(mut self, part: impl Into<String>) -> Test {
        self.stderr = self.stderr.contains(part.into());
        self
    }

    /// Stderr must pass `ok` (which may assert itself, or return false).
    pub fn stderr_with(mut self, ok: impl Fn(&str) -> bool + 'static) -> Test {
        self.stderr = Expect::With(Box::new(ok));
        self
    }

    /// Stderr is not compared: the test looks at it in the returned
    /// output, or it does not matter to the test.
    pub fn any_stderr(mut self) -> Test {
        self.stderr = Expect::Any;
        self
    }

    /// The exit status the run must end with (0 unless told).
    pub fn status(mut self, code: i32) -> Test {
        self.status = Some(code);
        self
    }

    /// The exit status is not compared (the test looks at it itself).
    pub fn any_status(mut self) -> Test {
        self.status = None;
        self
    }

    /// Run without checking anything (but the timeout): the output, for a
    /// test that checks properties of it.
    #[track_caller]
    pub fn output(mut self) -> Output {
        self.launch()
    }

    #[track_caller]
    fn launch(&mut self) -> Output {
        let mut std = command();
        std.current_dir(self.cwd.as_deref().unwrap_or(self.dir.path()))
            .args(&self.args);
        for (key, value) in &self.env {
            match value {
                Some(value) => std.env(key, value),
                None => std.env_remove(key),
            };
        }
        if let Some(from) = self.stdin_from.take() {
            // assert_cmd always pipes stdin: this run is std's.
            assert!(
                self.timeout.is_none(),
                "a Test with stdin_from has no timeout"
            );
            return std.stdin(from).output().expect("boardsh runs");
        }
        let mut cmd = assert_cmd::Command::from_std(std);
        cmd.write_stdin(self.stdin.clone());
        if let Some(timeout) = self.timeout {
            cmd.timeout(timeout);
        }
        let out = cmd.output().expect("boardsh runs");
        if let Some(timeout) = self.timeout {
            // assert_cmd kills a run that outlives its timeout; the kill
            // shows as a status with no code.
            assert!(
                out.status.code().is_some(),
                "{:?} did not end within {timeout:?} ({})",
                self.args,
                out.status
            );
        }
        out
    }

    /// Run and check status, stdout and stderr; the output, for further
    /// checks.
    #[track_caller]
    pub fn run(mut self) -> Output {
        let out = self.launch();
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        if let Some(status) = self.status {
            assert_eq!(
                out.status.code(),
                Some(status),
                "status of {:?}; stderr:\n{}",
                self.args,
                text(&out.stderr)
            );
        }
        self.stdout.check("stdout", &self.args, &text(&out.stdout));
        self.stderr.check("stderr", &self.args, &text(&out.stderr));
        out
    }
}
