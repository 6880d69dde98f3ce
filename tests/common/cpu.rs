//! How much CPU time a child process has used, for tests that signal it
//! in the middle of its work: waiting until it has done more work than
//! what must come first takes, not for a wall-clock time, holds on a
//! loaded machine and costs no more than the work.

use std::time::{Duration, Instant};

/// The CPU time (user and system, all its threads) process `pid` has
/// used, from `/proc/PID/stat`, and whether it has ended (a zombie);
/// `None` once it is reaped or gone.
pub fn cpu_time(pid: u32) -> Option<(Duration, bool)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (in parentheses): the state
    // first, utime 12th and stime 13th (proc(5): fields 3, 14 and 15).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    let used = ticks(11)? + ticks(12)?;
    // SAFETY: sysconf only reads a setting of the system.
    let hz = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok()?;
    let ended = fields.first() == Some(&"Z");
    Some((Duration::from_millis(used * 1000 / hz.max(1)), ended))
}

/// Waits until process `pid` has used `cpu` of CPU time. Panics if it
/// ends first, or has not used it within 60 s.
pub fn wait_for_cpu(pid: u32, cpu: Duration) {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        match cpu_time(pid) {
            Some((used, false)) if used >= cpu => return,
            Some((_, false)) => {}
            _ => panic!("process {pid} ended before it used {cpu:?} of CPU time"),
        }
        assert!(
            Instant::now() < until,
            "process {pid} used less than {cpu:?} of CPU time in 60 s"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}
