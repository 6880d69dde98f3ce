//! The trainer's log lines, written so that a standard output or error
//! that cannot be written (a full disk, `ulimit -f`, a closed pipe) never
//! panics, as `println!` does: the first failure is said once on standard
//! error and the log is dropped from then on; training and the network's
//! own write go on and report their own errors.

use std::fmt::Arguments;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once standard output failed: later lines are not tried.
static STDOUT_FAILED: AtomicBool = AtomicBool::new(false);

/// One line on standard output (see the module's doc).
pub fn out(line: Arguments<'_>) {
    if STDOUT_FAILED.load(Ordering::Relaxed) {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        STDOUT_FAILED.store(true, Ordering::Relaxed);
        err(format_args!(
            "cannot write to standard output: {e} (the log stops here; training goes on)"
        ));
    }
}

/// One line on standard error, `boardsh-train: ` first; a failure to write
/// it is ignored (there is nowhere left to say it).
pub fn err(line: Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "boardsh-train: {line}");
}

/// `say!(...)`: [`out`] with `format!`'s arguments.
#[macro_export]
macro_rules! say {
    ($($t:tt)*) => { $crate::say::out(format_args!($($t)*)) };
}

/// `warn!(...)`: [`err`] with `format!`'s arguments.
#[macro_export]
macro_rules! warn {
    ($($t:tt)*) => { $crate::say::err(format_args!($($t)*)) };
}
