//! The settings' flags on `boardsh`'s command line (`--threads 4`,
//! `--quiet`), made from the settings' declarations
//! ([`crate::shell::settings::Flag`]): a setting declared with a flag has
//! it, its value read by the setting's own parser; and the ranges other
//! commands' flags share with a setting (the agent's `--hash`), read from
//! the same declaration.

use super::args::ColorChoice;
use super::configure::SettingParser;
use crate::shell::settings::Flag;
use crate::shell::{Change, Setting};
use clap::builder::{RangedI64ValueParser, RangedU64ValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};

/// The settings flags given, each as the change its `set` command makes,
/// in the settings' order; and `--color`, not a setting, which sits among
/// them in `--help`, the man page and the completion scripts (each lists
/// the options in the order they are added).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingFlags {
    pub given: Vec<Change>,
    /// `--color WHEN`.
    pub color: ColorChoice,
}

/// `--color`, declared by clap's derive (its values and their help come
/// from [`ColorChoice`]).
#[derive(Debug, clap::Args)]
struct ColorFlag {
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

impl SettingFlags {
    /// The change `setting`'s flag asked for, if it was given.
    pub fn given(&self, setting: Setting) -> Option<&Change> {
        self.given.iter().find(|c| c.setting() == setting)
    }
}

/// Every setting with a flag, and the flag, in the flags' places.
fn flags() -> Vec<(Setting, Flag)> {
    let mut flags: Vec<(Setting, Flag)> = Setting::ALL
        .iter()
        .filter_map(|&s| s.spec().flag.map(|flag| (s, flag)))
        .collect();
    flags.sort_by_key(|(_, flag)| flag.place);
    flags
}

/// The clap argument of `setting`'s flag: `--NAME`, named by the setting.
fn arg(setting: Setting, flag: Flag) -> Arg {
    let name = setting.name();
    let arg = Arg::new(name).long(name).help(flag.help);
    let arg = match flag.short {
        Some(c) => arg.short(c),
        None => arg,
    };
    match flag.value_name {
        None => arg.action(ArgAction::SetTrue),
        Some(value) => arg
            .value_name(value)
            .action(ArgAction::Set)
            .value_parser(SettingParser(setting)),
    }
}

impl clap::Args for SettingFlags {
    fn augment_args(mut cmd: Command) -> Command {
        let mut color = Some(());
        for (setting, flag) in flags() {
            if flag.place > Flag::COLOR_PLACE && color.take().is_some() {
                cmd = <ColorFlag as clap::Args>::augment_args(cmd);
            }
            cmd = cmd.arg(arg(setting, flag));
        }
        if color.is_some() {
            cmd = <ColorFlag as clap::Args>::augment_args(cmd);
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for (setting, flag) in flags() {
            let id = setting.name();
            if flag.value_name.is_none() {
                // A switch: given, it turns its setting on.
                if matches.get_flag(id) {
                    let on = setting.parse("on").map_err(|what| {
                        clap::Error::raw(clap::error::ErrorKind::InvalidValue, what)
                    })?;
                    given.push(on);
                }
            } else if let Some(change) = matches.get_one::<Change>(id) {
                given.push(change.clone());
            }
        }
        let color = <ColorFlag as clap::FromArgMatches>::from_arg_matches(matches)?.color;
        Ok(SettingFlags { given, color })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// `setting`'s range (the whole `u64` for a setting without one).
fn range(setting: Setting) -> (u64, u64) {
    setting.range().unwrap_or((0, u64::MAX))
}

/// A parser of a `u64` in `setting`'s range (clap's own, with its words
/// for a value out of range).
pub fn in_range_u64(setting: Setting) -> RangedU64ValueParser<u64> {
    let (min, max) = range(setting);
    RangedU64ValueParser::new().range(min..=max)
}

/// A parser of a `T` in `setting`'s range.
pub fn in_range<T>(setting: Setting) -> RangedI64ValueParser<T>
where
    T: TryFrom<i64> + Clone + Send + Sync + 'static,
    <T as TryFrom<i64>>::Error: std::error::Error + Send + Sync + 'static,
{
    let (min, max) = range(setting);
    let wide = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    RangedI64ValueParser::new().range(wide(min)..=wide(max))
}

/// `MIN to MAX`: `setting`'s range in words, as the flags' help says it.
pub fn range_words(setting: Setting) -> String {
    let (min, max) = range(setting);
    format!("{min} to {max}")
}
