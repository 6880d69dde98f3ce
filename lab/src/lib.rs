//! What the lab's programs share: the CPU time of the process or of the
//! calling thread, read in one place.
//!
//! On a shared machine the CPU time of a run is the steadier figure; the
//! wall time shows what threads gain and what the load cost.

/// CPU seconds this process has used so far, user and system, every
/// thread: the 14th and 15th fields of `/proc/self/stat` (in clock ticks
/// of 1/100 s). `None` where that file cannot be read (not Linux).
pub fn cpu_seconds() -> Option<f64> {
    stat_seconds("/proc/self/stat")
}

/// CPU seconds the calling thread has used so far, user and system
/// (`/proc/thread-self/stat`): a search thread's own time, whatever the
/// other threads do. `None` where that file cannot be read.
pub fn thread_cpu_seconds() -> Option<f64> {
    stat_seconds("/proc/thread-self/stat")
}

/// utime + stime in seconds from the `stat` file at `path`.
fn stat_seconds(path: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(path).ok()?;
    Some(parse_stat(&stat)? / 100.0)
}

/// utime + stime in ticks from the text of `/proc/PID/stat`. The command
/// name, in parentheses, may hold blanks and parentheses itself, so the
/// fields are counted from the last `)`: utime and stime are then the
/// 12th and 13th.
fn parse_stat(stat: &str) -> Option<f64> {
    let rest = stat.rsplit_once(')')?.1;
    let mut fields = rest.split_whitespace().skip(11);
    let utime: f64 = fields.next()?.parse().ok()?;
    let stime: f64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_utime_and_stime_after_the_name() {
        // proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags
        // minflt cminflt majflt cmajflt utime stime ...; a name with
        // blanks and a `)` in it still ends at the last `)`.
        let line = "42 (a b) c)) R 1 42 42 0 -1 4194304 10 0 0 0 250 17 0 0 20 0";
        assert_eq!(parse_stat(line), Some(267.0));
        assert_eq!(parse_stat("42 (x) R 1"), None);
        assert!(cpu_seconds().is_none_or(|s| s >= 0.0));
        assert!(thread_cpu_seconds().is_none_or(|s| s >= 0.0));
    }
}
