//! Signals: Ctrl-C stops the running command, not the shell.
//!
//! One watcher thread (signal-hook's self-pipe iterator, so no code of ours
//! runs inside a signal handler) receives SIGINT, SIGTERM and SIGHUP and
//! acts on them by what the program is doing, as set with
//! [`Signals::set_mode`]:
//!
//! - [`Mode::Batch`] (files, `-c`, piped stdin): any of the three sets the
//!   session's interrupt flag and is remembered; the running command stops,
//!   the front end flushes what was already printed and exits with
//!   `128 + signal` (130 for Ctrl-C).
//! - [`Mode::Command`] (a command entered at the prompt runs): SIGINT sets the
//!   interrupt flag (the command stops, the prompt comes back); SIGTERM and
//!   SIGHUP stop the command too and are remembered, so the session ends
//!   once the output is flushed.
//! - [`Mode::Prompt`] (waiting at the prompt; the terminal is in raw mode,
//!   so Ctrl-C arrives as a key, not a signal): SIGTERM and SIGHUP end the
//!   process as they would without a handler (the history is already
//!   saved line by line); a stray SIGINT is ignored.
//!
//! A signal already ignored when boardsh starts (under `nohup`, or SIGINT
//! for a job started with `&` by a script) is left ignored. With SIGHUP
//! ignored, a closed terminal shows as `EIO` at the prompt, which ends the
//! session with status 1 (the history is saved line by line anyway).

use crate::shell::Live;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals as Iter;
use signal_hook::iterator::backend::Handle;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicI32, AtomicU8, Ordering};

/// What the program is doing, which decides what a signal means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Mode {
    /// Replaying files, `-c` or piped stdin.
    Batch = 0,
    /// Waiting at the prompt.
    Prompt = 1,
    /// Running a command entered at the prompt.
    Command = 2,
}

/// What the watcher thread shares with the front end.
#[derive(Debug)]
struct Shared {
    live: Arc<Live>,
    mode: AtomicU8,
    /// The first terminating signal received (0: none).
    caught: AtomicI32,
}

/// The installed handlers; dropping this stops the watcher thread (the
/// signals then stay caught and ignored, so keep it for the whole run).
pub struct Signals {
    shared: Arc<Shared>,
    handle: Handle,
}

impl Signals {
    /// Install the handlers; signals set `live`'s interrupt flag.
    ///
    /// # Errors
    ///
    /// When the handlers or the thread cannot be set up.
    pub fn install(live: Arc<Live>, mode: Mode) -> io::Result<Signals> {
        let shared = Arc::new(Shared {
            live,
            mode: AtomicU8::new(mode as u8),
            caught: AtomicI32::new(0),
        });
        // A signal ignored when boardsh started (`nohup`, `&` in a script)
        // stays ignored: catching it would undo what the caller asked for.
        let caught: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
            .into_iter()
            .filter(|&s| !ignored(s))
            .collect();
        let mut iter = Iter::new(caught)?;
        let handle = iter.handle();
        let watcher = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("signals".to_string())
            .spawn(move || {
                for signal in iter.forever() {
                    watcher.receive(signal);
                }
            })?;
        Ok(Signals { shared, handle })
    }

    /// Say what the program is doing now.
    pub fn set_mode(&self, mode: Mode) {
        self.shared.mode.store(mode as u8, Ordering::SeqCst);
    }

    /// The first signal that should end the run (SIGINT in batch mode,
    /// SIGTERM or SIGHUP in any mode), if one came.
    pub fn caught(&self) -> Option<i32> {
        match self.shared.caught.load(Ordering::SeqCst) {
            0 => None,
            s => Some(s),
        }
    }

    /// The exit status for a run ended by [`Signals::caught`]: 128 + signal.
    pub fn exit_status(&self) -> Option<i32> {
        self.caught().map(|s| 128 + s)
    }
}

/// Ignore SIGXFSZ, for the whole process: past a file size limit
/// (`ulimit -f`) a write then fails with `EFBIG` ("File too large"),
/// which every writer reports with its file's name and cleans up after
/// (a temporary file removed, a record cut back to the last whole one),
/// instead of the process dying silently mid-write. Called first thing
/// by `boardsh` and by `boardsh-train`.
pub fn ignore_file_size_signal() {
    // SAFETY: signal(2) with SIG_IGN installs no handler of ours; it only
    // sets the disposition of a signal that otherwise kills the process.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Whether `signal` is ignored (its disposition is `SIG_IGN`).
fn ignored(signal: i32) -> bool {
    // SAFETY: sigaction(2) with a null new action only reads the current
    // one into `old`, a zeroed, writable `sigaction`.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &raw mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        self.handle.close();
    }
}

impl Shared {
    fn receive(&self, signal: i32) {
        let mode = self.mode.load(Ordering::SeqCst);
        let ends = signal != SIGINT || mode == Mode::Batch as u8;
        if mode == Mode::Prompt as u8 {
            if ends {
                // Nothing runs and nothing is buffered: end as if unhandled.
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
            return;
        }
        if ends {
            let _ = self
                .caught
                .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
        }
        self.live.interrupt.store(true, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared(mode: Mode) -> Shared {
        Shared {
            live: Arc::new(Live::default()),
            mode: AtomicU8::new(mode as u8),
            caught: AtomicI32::new(0),
        }
    }

    #[test]
    fn ctrl_c_at_the_prompt_stops_the_command_only() {
        let s = shared(Mode::Command);
        s.receive(SIGINT);
        assert!(s.live.interrupted());
        assert_eq!(s.caught.load(Ordering::SeqCst), 0, "the session goes on");
    }

    #[test]
    fn in_batch_mode_ctrl_c_ends_the_run_with_130() {
        let s = shared(Mode::Batch);
        s.receive(SIGINT);
        s.receive(SIGTERM);
        assert!(s.live.interrupted());
        // The first signal decides the status: 128 + 2.
        assert_eq!(s.caught.load(Ordering::SeqCst), SIGINT);
        assert_eq!(128 + SIGINT, 130);
    }

    #[test]
    fn a_caught_signal_is_not_ignored() {
        // The test harness leaves SIGTERM at its default.
        assert!(!ignored(SIGTERM));
    }

    #[test]
    fn sigterm_during_a_command_stops_it_and_ends_the_session() {
        let s = shared(Mode::Command);
        s.receive(SIGTERM);
        assert!(s.live.interrupted());
        assert_eq!(s.caught.load(Ordering::SeqCst), SIGTERM);
    }
}
