//! An agent as a child process: its stdin for commands, a reader thread
//! turning its stdout into capped lines on a bounded channel (so an answer
//! can be waited for with a timeout, and a flood of output costs bounded
//! memory), and cleanup that never leaves a process behind: the agent runs
//! in its own process group, and the whole group is killed when it stops.

use super::reader::{CappedLines, MAX_LINE, QUEUE, shown};
use super::seat::{Reply, Seat};
use std::collections::BTreeSet;
use std::io::{BufReader, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long a child may take to exit on its own after its stdin closes.
const EXIT_WAIT: Duration = Duration::from_millis(500);

/// How long an agent that has never answered is waited for: long enough
/// that a slow start is a late answer (a lost game), not a broken agent.
pub const FIRST_ANSWER_WAIT: Duration = Duration::from_secs(5);

/// How often a wait for an answer looks at the stop flag.
const POLL: Duration = Duration::from_millis(20);

/// A running (or stopped) agent process.
pub struct AgentProcess {
    /// The program and its arguments.
    argv: Vec<String>,
    /// Its name in messages (`A`, `B`).
    name: String,
    running: Option<Running>,
    /// Set from outside (a signal) to stop waiting for answers.
    stop_flag: Arc<AtomicBool>,
    /// Whether any process of this agent has ever answered a question.
    answered: bool,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Why a process ended, in words: `it exited with status 2`, `it was
/// killed by signal 11 (SIGSEGV)`.
pub fn describe_exit(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("it exited with status {code}");
    }
    match status.signal() {
        Some(s) => {
            let name = match s {
                libc::SIGSEGV => " (SIGSEGV)",
                libc::SIGABRT => " (SIGABRT)",
                libc::SIGKILL => " (SIGKILL)",
                libc::SIGTERM => " (SIGTERM)",
                libc::SIGINT => " (SIGINT)",
                libc::SIGBUS => " (SIGBUS)",
                libc::SIGFPE => " (SIGFPE)",
                libc::SIGILL => " (SIGILL)",
                libc::SIGPIPE => " (SIGPIPE)",
                _ => "",
            };
            format!("it was killed by signal {s}{name}")
        }
        None => "it ended".to_string(),
    }
}

impl AgentProcess {
    /// An agent for `argv` (not started yet), called `name` in messages.
    /// A program word of exactly `boardsh` means this very executable, so
    /// a match needs no `PATH`. Waits for answers end early once
    /// `stop_flag` is set.
    pub fn new(argv: Vec<String>, name: &str, stop_flag: Arc<AtomicBool>) -> AgentProcess {
        AgentProcess {
            argv,
            name: name.to_string(),
            running: None,
            stop_flag,
            answered: false,
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
            // Its own process group: killed whole at the end, and a
            // Ctrl-C at the terminal reaches the referee only.
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start `{prog}`: {e}"))?;
        register(&child, true);
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            return Err(format!("cannot talk to `{prog}`"));
        };
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        thread::spawn(move || {
            let mut reader = CappedLines::new(BufReader::new(stdout), MAX_LINE);
            while let Ok(Some(line)) = reader.read_line() {
                if tx.send(line.text()).is_err() {
                    return;
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

    /// Stop the process group at once (it stopped answering) and reap it.
    pub fn kill(&mut self) {
        if let Some(mut r) = self.running.take() {
            kill_group(&mut r.child);
        }
    }

    /// Close its stdin, give it a moment to exit, then kill its process
    /// group (children it left behind included); reap it.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            let Running {
                mut child, stdin, ..
            } = r;
            drop(stdin);
            let until = Instant::now() + EXIT_WAIT;
            while Instant::now() < until && !self.stop_flag.load(Ordering::Relaxed) {
                match child.try_wait() {
                    Ok(Some(_)) | Err(_) => break,
                    Ok(None) => thread::sleep(Duration::from_millis(5)),
                }
            }
            kill_group(&mut child);
        }
    }

    fn write_line(&mut self, line: &str) -> bool {
        let Some(r) = &mut self.running else {
            return false;
        };
        let ok = writeln!(r.stdin, "{line}").and_then(|()| r.stdin.flush());
        ok.is_ok()
    }

    /// Why the process is gone, once its output has closed: its exit
    /// status if it ends within a moment. Kills and reaps it.
    fn gone(&mut self, fallback: &str) -> String {
        let Some(mut r) = self.running.take() else {
            return fallback.to_string();
        };
        let until = Instant::now() + EXIT_WAIT;
        let mut why = fallback.to_string();
        while Instant::now() < until {
            match r.child.try_wait() {
                Ok(Some(status)) => {
                    why = describe_exit(status);
                    break;
                }
                Ok(None) => thread::sleep(Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        kill_group(&mut r.child);
        why
    }
}

/// The process groups of the agents running now (their leaders' ids), so
/// a referee that must end at once can kill them all ([`kill_all`]).
static GROUPS: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

/// Kill the process group of every agent still running (for a referee
/// that exits without the workers' usual stop: see `watchdog`).
pub fn kill_all() {
    let groups = match GROUPS.lock() {
        Ok(g) => g.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    };
    for pid in groups {
        // As in `kill_group`: each id leads a group of ours whose leader
        // is not yet reaped (it leaves the set before `wait`).
        kill_leader_group(pid);
    }
}

/// Add or remove `child`'s group in [`GROUPS`].
fn register(child: &Child, running: bool) {
    let Ok(pid) = i32::try_from(child.id()) else {
        return;
    };
    let mut groups = match GROUPS.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    };
    if running {
        groups.insert(pid);
    } else {
        groups.remove(&pid);
    }
}

/// SIGKILL to the process group `pid` leads (killpg(2); gone already is
/// no error worth a word: the group has ended).
fn kill_leader_group(pid: i32) {
    use nix::sys::signal::{Signal, killpg};
    let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
}

/// Kill `child`'s whole process group (it leads one) and reap `child`.
fn kill_group(child: &mut Child) {
    if let Ok(pid) = i32::try_from(child.id())
        && pid > 0
    {
        // The child leads the group `pid` (`process_group(0)`); the group
        // id stays reserved while any member lives, even after the leader
        // exits, and the leader is reaped only below.
        kill_leader_group(pid);
    }
    let _ = child.kill();
    register(child, false);
    let _ = child.wait();
}

impl Seat for AgentProcess {
    fn tell(&mut self, line: &str) -> bool {
        self.write_line(line)
    }

    fn answered_before(&self) -> bool {
        self.answered
    }

    fn ask(&mut self, line: &str, wait: Duration) -> Reply {
        // Lines nobody asked for would be taken for the answer: drop what
        // is queued now (at most the queue's length, so a flood of output
        // cannot keep this loop going).
        if let Some(r) = &self.running {
            let mut first = None;
            let mut count = 0;
            for _ in 0..QUEUE {
                let Ok(stale) = r.lines.try_recv() else { break };
                count += 1;
                first.get_or_insert(stale);
            }
            if let Some(first) = first {
                eprintln!(
                    "boardsh match: ignored {count} unasked line{} from {}, the first `{}`",
                    if count == 1 { "" } else { "s" },
                    self.name,
                    shown(&first)
                );
            }
        }
        if !self.write_line(line) {
            return Reply::Gone(self.gone("its input is closed (it exited)"));
        }
        let start = Instant::now();
        let wait = if self.answered {
            wait
        } else {
            wait.max(FIRST_ANSWER_WAIT)
        };
        loop {
            let Some(r) = &self.running else {
                return Reply::Gone("not running".into());
            };
            if self.stop_flag.load(Ordering::Relaxed) {
                self.kill();
                return Reply::Stopped;
            }
            let left = wait.saturating_sub(start.elapsed());
            match r.lines.recv_timeout(left.min(POLL)) {
                Ok(l) if l.is_empty() => continue,
                Ok(l) => {
                    self.answered = true;
                    return Reply::Line(l, start.elapsed());
                }
                Err(RecvTimeoutError::Timeout) if left > POLL => continue,
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Reply::Timeout(start.elapsed());
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Reply::Gone(self.gone("it closed its output without answering"));
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
