//! A small builder for command-line cases (after just's `Test`): the
//! arguments, files in a fresh directory (the working directory of the
//! run), stdin, and the expected stdout, stderr and exit status. Unset
//! expectations are not checked, but the status is (0 unless told).
//!
//! ```ignore
//! Test::new()
//!     .file("a.bsh", "fen\n")
//!     .args(["a.bsh"])
//!     .stdout("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n")
//!     .run();
//! ```

use assert_cmd::Command;
use std::ffi::OsString;
use std::path::Path;
use std::process::Output;

/// The binary, with the colour variables of the caller's environment
/// removed (so colour follows the flags and the terminal only), and a
/// data directory that does not exist (so no tables the user built, Congo
/// or Yut, change what a run prints; a test that wants some sets its own).
pub fn boardsh() -> Command {
    let mut cmd = Command::cargo_bin("boardsh").expect("binary builds");
    cmd.env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("XDG_DATA_HOME", "/nonexistent/boardsh-test-data");
    cmd
}

/// One run of the binary and what it must do.
pub struct Test {
    dir: tempfile::TempDir,
    args: Vec<OsString>,
    stdin: Vec<u8>,
    stdout: Option<String>,
    stderr: Option<String>,
    status: i32,
}

impl Test {
    pub fn new() -> Test {
        Test {
            dir: tempfile::tempdir().expect("a temporary directory"),
            args: Vec::new(),
            stdin: Vec::new(),
            stdout: None,
            stderr: None,
            status: 0,
        }
    }

    /// The directory the run starts in (its files are there).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Write `text` to `name` in the run's directory.
    pub fn file(self, name: &str, text: &str) -> Test {
        let path = self.dir.path().join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("a directory");
        }
        std::fs::write(path, text).expect("a file");
        self
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Test {
        self.args.push(arg.into());
        self
    }

    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Test {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    pub fn stdin(mut self, text: impl Into<Vec<u8>>) -> Test {
        self.stdin = text.into();
        self
    }

    pub fn stdout(mut self, text: impl Into<String>) -> Test {
        self.stdout = Some(text.into());
        self
    }

    pub fn stderr(mut self, text: impl Into<String>) -> Test {
        self.stderr = Some(text.into());
        self
    }

    pub fn status(mut self, code: i32) -> Test {
        self.status = code;
        self
    }

    /// Run and check; the output, for further checks.
    pub fn run(self) -> Output {
        let out = boardsh()
            .current_dir(self.dir.path())
            .args(&self.args)
            .write_stdin(self.stdin.clone())
            .output()
            .expect("runs");
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        assert_eq!(
            out.status.code(),
            Some(self.status),
            "status of {:?}; stderr:\n{}",
            self.args,
            text(&out.stderr)
        );
        if let Some(expected) = &self.stdout {
            assert_eq!(&text(&out.stdout), expected, "stdout of {:?}", self.args);
        }
        if let Some(expected) = &self.stderr {
            assert_eq!(&text(&out.stderr), expected, "stderr of {:?}", self.args);
        }
        out
    }
}
