//! One set-up of a session from the command line's flags, shared by every
//! entry point: the prompt, files, `-c`, piped stdin, the in-process front
//! end ([`super::streams`]) and `boardsh test` (a case's `.args`), so a
//! flag means the same everywhere.

use super::args::RunArgs;
use crate::shell::settings::ValueKind;
use crate::shell::{Change, Session, Setting};
use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use std::ffi::OsStr;
use std::fmt;

/// The flags that are session settings: the changes they make, in the
/// settings' order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub changes: Vec<Change>,
}

impl Flags {
    /// The settings flags of a parsed command line.
    pub fn of(args: &RunArgs) -> Flags {
        Flags {
            changes: args.settings.given.clone(),
        }
    }
}

/// A fresh session with `flags` applied, each as its `set` command would.
///
/// # Errors
///
/// A change that fails as its `set` would (a network that cannot be
/// used: no flag names one today, but none may be dropped).
pub fn configure(flags: &Flags) -> Result<Session, crate::shell::ErrorKind> {
    let mut session = Session::new();
    session.set_net_reader(std::sync::Arc::new(super::files::read_net));
    for change in flags.changes.iter().cloned() {
        session.apply(change)?;
    }
    Ok(session)
}

/// clap's parser of a settings flag's value: the setting's own
/// ([`Setting::parse`]), so a flag takes what `set` takes, range and all
/// (`--level 13` is refused as `set level 13` is). The words of a setting
/// that takes words are the flag's possible values in `--help`.
#[derive(Clone, Copy, Debug)]
pub struct SettingParser(pub Setting);

/// What a flag's bad value is told: the setting's
/// [`crate::shell::settings::SettingSpec::expects`].
#[derive(Debug)]
struct Expected(&'static str);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.0)
    }
}

impl std::error::Error for Expected {}

impl TypedValueParser for SettingParser {
    type Value = Change;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Change, clap::Error> {
        let setting = self.0;
        StringValueParser::new()
            .try_map(move |text| setting.parse(&text).map_err(Expected))
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        match self.0.spec().kind {
            ValueKind::Rules
            | ValueKind::Team
            | ValueKind::Computer
            | ValueKind::Draw
            | ValueKind::Show
            | ValueKind::Flip
            | ValueKind::Theme
            | ValueKind::Tutor => Some(Box::new(
                self.0.completions().iter().map(|&w| PossibleValue::new(w)),
            )),
            ValueKind::Flag
            | ValueKind::Number { .. }
            | ValueKind::Threads { .. }
            | ValueKind::Sticks
            | ValueKind::Net => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::Cli;
    use crate::shell::settings::{ComputerChange, Threads, YutComputer};

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
        let s = configure(&Flags::of(&cli.run)).unwrap();
        let settings = s.settings();
        assert!(settings.quiet && settings.keep_going && settings.timer);
        assert_eq!(settings.threads, Threads::N(3));
        assert_eq!(settings.seed, 7);
        // The seed restarts the sticks as `set seed 7` does.
        let mut by_set = Session::new();
        by_set
            .apply(Change::Seed {
                seed: 7,
                draws: None,
            })
            .unwrap();
        assert_eq!(s.yut(), by_set.yut());
        // No flags: a fresh session.
        let none = configure(&Flags::default()).unwrap();
        assert_eq!(none.settings(), Session::new().settings());
    }

    #[test]
    fn a_flag_takes_what_its_setting_takes() {
        // The setting's own parser: words in any case, `auto` threads.
        let cli =
            Cli::parse_ordered(["boardsh", "--computer", "Lower", "--threads", "auto"]).unwrap();
        assert_eq!(
            cli.run.settings.given(Setting::Computer),
            Some(&Change::Computer(ComputerChange {
                congo: None,
                yut: Some(YutComputer::Lower)
            }))
        );
        assert_eq!(
            cli.run.settings.given(Setting::Threads),
            Some(&Change::Threads(Threads::Auto))
        );
        // Out of the setting's range (level 1..=12, threads 1..=256), or
        // not a word it takes: refused, with what `set` would say.
        for (flag, bad, expects) in [
            ("--level", "13", Setting::Level.spec().expects),
            ("--level", "top", Setting::Level.spec().expects),
            ("--threads", "0", Setting::Threads.spec().expects),
            ("--computer", "red", Setting::Computer.spec().expects),
            ("--seed", "seven", Setting::Seed.spec().expects),
        ] {
            let err = Cli::parse_ordered(["boardsh", flag, bad]).unwrap_err();
            let text = err.to_string();
            assert!(text.contains(&format!("invalid value '{bad}'")), "{text}");
            assert!(text.contains(expects), "{text}");
        }
    }
}
