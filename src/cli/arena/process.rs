//! An agent as a child process: its stdin for commands, a reader thread
//! turning its stdout into lines on a channel (so an answer can be waited
//! for with a timeout), and cleanup that never leaves a child behind.

use super::seat::{Reply, Seat};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a child may take to exit on its own after its stdin closes.
const EXIT_WAIT: Duration = Duration::from_millis(500);

/// A running (or stopped) agent process.
pub struct AgentProcess {
    /// The program and its arguments.
    argv: Vec<String>,
    running: Option<Running>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl AgentProcess {
    /// An agent for `argv` (not started yet). A program word of exactly
    /// `boardsh` means this very executable, so a match needs no `PATH`.
    pub fn new(argv: Vec<String>) -> AgentProcess {
        AgentProcess {
            argv,
            running: None,
        }
    }

    /// Start the process if it is not running; `true` if it was started
    /// now.
    ///
    /// # Errors
    ///
    /// Why it could not be started.
    pub fn ensure_started(&mut self) -> Result<bool, String> {
        if self.running.is_some() {
            return Ok(false);
        }
        let Some((prog, args)) = self.argv.split_first() else {
            return Err("empty command".into());
        };
        let program = if prog == "boardsh" {
            std::env::current_exe().unwrap_or_else(|_| PathBuf::from(prog))
        } else {
            PathBuf::from(prog)
        };
        let mut child = Command::new(&program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start `{prog}`: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot talk to `{prog}`"));
        };
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        self.running = Some(Running {
            child,
            stdin,
            lines: rx,
        });
        Ok(true)
    }

    /// Stop the process at once (it stopped answering) and reap it.
    pub fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    /// Close its stdin, give it a moment to exit, then kill it; reap it.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            let Running {
                mut child, stdin, ..
            } = r;
            drop(stdin);
            let until = Instant::now() + EXIT_WAIT;
            while Instant::now() < until {
                match child.try_wait() {
                    Ok(Some(_)) | Err(_) => return,
                    Ok(None) => thread::sleep(Duration::from_millis(5)),
                }
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn write_line(&mut self, line: &str) -> bool {
        let Some(r) = &mut self.running else {
            return false;
        };
        let ok = writeln!(r.stdin, "{line}").and_then(|()| r.stdin.flush());
        ok.is_ok()
    }
}

impl Seat for AgentProcess {
    fn tell(&mut self, line: &str) -> bool {
        self.write_line(line)
    }

    fn ask(&mut self, line: &str, wait: Duration) -> Reply {
        // Lines nobody asked for would be taken for the answer: drop them.
        if let Some(r) = &self.running {
            while let Ok(stale) = r.lines.try_recv() {
                eprintln!("boardsh match: ignored unasked output `{stale}`");
            }
        }
        if !self.write_line(line) {
            return Reply::Gone("its input is closed (it exited)".into());
        }
        let start = Instant::now();
        let Some(r) = &self.running else {
            return Reply::Gone("not running".into());
        };
        loop {
            let left = wait.saturating_sub(start.elapsed());
            match r.lines.recv_timeout(left) {
                Ok(l) if l.is_empty() => continue,
                Ok(l) => return Reply::Line(l, start.elapsed()),
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Reply::Timeout(start.elapsed());
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.kill();
                    return Reply::Gone("it exited without answering".into());
                }
            }
        }
    }
}

impl Drop for AgentProcess {
    fn drop(&mut self) {
        self.stop();
    }
}
