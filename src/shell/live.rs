//! What a running command shares with the front end while it works: the
//! interrupt flag (set by Ctrl-C) and live counters (for a progress line).
//!
//! The session owns one [`Live`] behind an `Arc`; the front end clones the
//! `Arc`, sets [`Live::interrupt`] from its signal handler and, while a
//! command runs, reads the counters from another thread. Nothing here
//! touches a terminal.

use crate::congo::moves::PerftProgress;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Shared state of the command being run.
#[derive(Debug, Default)]
pub struct Live {
    /// Set to stop the running command (it then changes nothing).
    pub interrupt: AtomicBool,
    /// Perft/divide counters (nodes, root moves done of all).
    pub perft: PerftProgress,
    /// Nodes searched by the engine or games simulated, for other long work.
    pub work: AtomicU64,
    /// `odds`: games played, and of how many (0: not counting games).
    pub games: [AtomicU64; 2],
    /// What is running, e.g. `perft 7` (empty when nothing long runs).
    label: Mutex<String>,
}

impl Live {
    /// Whether the running command has been asked to stop.
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    /// Reset the counters and the flag before new input runs (the front
    /// end calls this before each line it hands to the runner: a Ctrl-C
    /// pressed before it no longer counts).
    pub fn start(&self, label: &str) {
        self.interrupt.store(false, Ordering::Relaxed);
        self.begin(label);
    }

    /// Name the command that starts now and zero the counters, keeping the
    /// flag (the runner calls this before each command of a line, so a
    /// Ctrl-C between two commands still stops the line).
    pub fn begin(&self, label: &str) {
        self.reset_counters();
        if let Ok(mut l) = self.label.lock() {
            l.clear();
            l.push_str(label);
        }
    }

    /// Zero the counters, keeping the flag and the label: a long command
    /// calls this as it begins its work (it may run inside a `source`,
    /// after others that counted).
    pub fn reset_counters(&self) {
        self.perft.nodes.store(0, Ordering::Relaxed);
        self.perft.roots_done.store(0, Ordering::Relaxed);
        self.perft.roots.store(0, Ordering::Relaxed);
        self.work.store(0, Ordering::Relaxed);
        for n in &self.games {
            n.store(0, Ordering::Relaxed);
        }
    }

    /// What is running now.
    pub fn label(&self) -> String {
        self.label.lock().map(|l| l.clone()).unwrap_or_default()
    }
}
