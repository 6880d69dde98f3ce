//! One set-up of a session from the command line's flags, shared by every
//! entry point: the prompt, files, `-c`, piped stdin, the in-process front
//! end ([`super::streams`]) and `boardsh test` (a case's `.args`), so a
//! flag means the same everywhere.

use super::args::RunArgs;
use crate::shell::settings::{Computer, Threads};
use crate::shell::{Session, Setting, Value};

/// The flags that are session settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// `--level N`: the `level` setting.
    pub level: Option<u64>,
    /// `--computer SIDE`: the `computer` setting.
    pub computer: Option<Computer>,
    /// `--quiet`: the `quiet` setting.
    pub quiet: bool,
    /// `--keep-going`: the `keep-going` setting.
    pub keep_going: bool,
    /// `--timer`: the `timer` setting.
    pub timer: bool,
    /// `--threads N`: the `threads` setting (else `auto`).
    pub threads: Option<u64>,
    /// `--seed N`: the `seed` setting (else 0; the prompt then picks one
    /// from the clock).
    pub seed: Option<u64>,
}

impl Flags {
    /// The settings flags of a parsed command line.
    pub fn of(args: &RunArgs) -> Flags {
        Flags {
            quiet: args.quiet,
            keep_going: args.keep_going,
            timer: args.timer,
            threads: args.threads,
            seed: args.seed,
            level: args.level,
            computer: args.computer.as_deref().and_then(|w| {
                match Setting::Computer.parse_value(w) {
                    Ok(Value::Computer(c)) => Some(c),
                    _ => None,
                }
            }),
        }
    }
}

/// A fresh session with `flags` applied, each as its `set` command would.
pub fn configure(flags: &Flags) -> Session {
    let mut session = Session::new();
    let on = |b: bool| Value::Flag(b);
    session.set_setting(Setting::Quiet, on(flags.quiet));
    session.set_setting(Setting::KeepGoing, on(flags.keep_going));
    session.set_setting(Setting::Timer, on(flags.timer));
    if let Some(n) = flags.threads {
        session.set_setting(Setting::Threads, Value::Threads(Threads::N(n)));
    }
    if let Some(seed) = flags.seed {
        session.set_setting(Setting::Seed, Value::Number(seed));
    }
    if let Some(level) = flags.level {
        session.set_setting(Setting::Level, Value::Number(level));
    }
    if let Some(side) = flags.computer {
        session.set_setting(Setting::Computer, Value::Computer(side));
    }
    session
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::Cli;

    #[test]
    fn every_settings_flag_reaches_the_session() {
        let cli = Cli::parse_ordered([
            "boardsh",
            "--quiet",
            "--keep-going",
            "--timer",
            "--threads",
            "3",
            "--seed",
            "7",
        ])
        .unwrap();
        let s = configure(&Flags::of(&cli.run));
        let settings = s.settings();
        assert!(settings.quiet && settings.keep_going && settings.timer);
        assert_eq!(settings.threads, Threads::N(3));
        assert_eq!(settings.seed, 7);
        // The seed restarts the sticks as `set seed 7` does.
        let mut by_set = Session::new();
        by_set.set_setting(Setting::Seed, Value::Number(7));
        assert_eq!(s.yut(), by_set.yut());
        // No flags: a fresh session.
        let none = configure(&Flags::default());
        assert_eq!(none.settings(), Session::new().settings());
    }
}
