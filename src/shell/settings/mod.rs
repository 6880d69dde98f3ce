//! Session settings: the one home of every switch a session has (`set`
//! lists and changes them; the command-line flags set the same entries).
//!
//! A setting is declared once, in [`table`]: its name, what it does, what
//! values it takes (a range written there only), its field in
//! [`Settings`] with its one default, its command-line flag and its
//! `help set` note; [`declare`]'s macro makes the [`Setting`] enum, its
//! list and [`Setting::spec`] from it. `set`, `set NAME`, `save`, `help
//! set`, `did you mean`, completion, `boardsh`'s flags and the agent's
//! ranges all read that table.
//! `set NAME VALUE` parses the value once, with the setting's own parser
//! ([`Setting::parse`]), into a [`Change`]: one variant per setting, each
//! carrying its typed value, so a value of the wrong kind cannot reach a
//! setting. The values live in [`Settings`], one typed field per setting,
//! read by [`Settings::get`] and changed by [`Settings::apply`], each one
//! exhaustive match: with the `Change` variant, `parse` and `Display`,
//! the setting's use, which the compiler asks for.

mod change;
mod declare;
mod flag;
mod table;
mod values;

pub use flag::Flag;
pub use table::{Setting, Settings};

pub use change::Change;
pub use values::{
    Computer, ComputerChange, CongoComputer, Draw, Flip, Show, Theme, Threads, Tutor, YutComputer,
};

use crate::congo::Rules;
use crate::congo::eval::NetChoice;
use crate::yut::{House, Team};

/// The weakest `level`.
pub const LEVEL_MIN: u64 = 1;
/// The top `level`: full strength (the default).
pub const LEVEL_MAX: u64 = 12;

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// `on` or `off`.
    Flag,
    /// A whole number in `min..=max`.
    Number { min: u64, max: u64 },
    /// A number of threads in `min..=max`, or `auto` (every core).
    Threads { min: u64, max: u64 },
    /// The Congo course's rules: `2021`, `2022` or `full`.
    Rules,
    /// A Yut team: `upper` or `lower`.
    Team,
    /// A front probability for the Yut sticks, 0.1 to 0.9.
    Sticks,
    /// The side the computer plays: [`Computer`].
    Computer,
    /// The repetition house rule: [`Draw`].
    Draw,
    /// When boards are drawn after changes: [`Show`].
    Show,
    /// When the Congo board is turned: [`Flip`].
    Flip,
    /// The colours' background: [`Theme`].
    Theme,
    /// A network: `off`, `default` or a file name.
    Net,
    /// The tutor's threshold: [`Tutor`].
    Tutor,
}

/// A team's name as the `first` setting spells it.
pub(crate) const fn team_name(team: Team) -> &'static str {
    match team {
        Team::Upper => "upper",
        Team::Lower => "lower",
    }
}

/// One setting's description.
#[derive(Clone, Debug)]
pub struct SettingSpec {
    /// The name `set` takes, lower case.
    pub name: &'static str,
    /// What it does, one line.
    pub summary: &'static str,
    /// Its values.
    pub kind: ValueKind,
    /// What a bad value is told it should be, e.g. "`on` or `off`".
    pub expects: &'static str,
    /// Its value in a fresh session.
    pub default: Change,
    /// Its flag on `boardsh`'s command line, if it has one.
    pub flag: Option<Flag>,
    /// A paragraph `help set` shows after the command's own lines.
    pub note: Option<fn() -> String>,
}

impl Setting {
    /// How many settings there are.
    pub const COUNT: usize = Setting::ALL.len();

    /// The setting called `name` (any case).
    pub fn find(name: &str) -> Option<Setting> {
        Setting::ALL
            .iter()
            .copied()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The place of the setting in [`Setting::ALL`] (which lists them in
    /// declaration order; a test checks).
    #[cfg(test)]
    fn index(self) -> usize {
        self as usize
    }

    /// Parse a value for this setting (words in any case): the one parser
    /// of its values, which `set` and the command line's flags both call.
    ///
    /// # Errors
    ///
    /// The setting's [`SettingSpec::expects`] when `text` is not one of
    /// its values (a word for a number, a number out of its range, a
    /// number for `on`/`off`, ...).
    pub fn parse(self, text: &str) -> Result<Change, &'static str> {
        let change = match self {
            Setting::Timer => flag(text).map(Change::Timer),
            Setting::Quiet => flag(text).map(Change::Quiet),
            Setting::KeepGoing => flag(text).map(Change::KeepGoing),
            Setting::Threads if text.eq_ignore_ascii_case("auto") => {
                Some(Change::Threads(Threads::Auto))
            }
            Setting::Threads => self.number(text).map(|n| Change::Threads(Threads::N(n))),
            Setting::Hash => self.number(text).map(Change::Hash),
            Setting::Rules => Rules::from_name(text).map(Change::Rules),
            Setting::Seed => match text.split_once('+') {
                // `seed N+K`: what `save` writes (the seed and the draws
                // made from it).
                Some((seed, draws)) => match (seed.parse(), draws.parse()) {
                    (Ok(seed), Ok(draws)) => Some(Change::Seed {
                        seed,
                        draws: Some(draws),
                    }),
                    _ => None,
                },
                None => self
                    .number(text)
                    .map(|seed| Change::Seed { seed, draws: None }),
            },
            Setting::Sticks => text.parse().ok().map(Change::Sticks),
            Setting::First => word(text, Team::ALL, team_name).map(Change::First),
            Setting::Tablebase => flag(text).map(Change::Tablebase),
            Setting::Contempt => self
                .number(text)
                .and_then(|n| i32::try_from(n).ok())
                .map(Change::Contempt),
            Setting::HintTime => self.number(text).map(Change::HintTime),
            Setting::Level => self.number(text).map(Change::Level),
            Setting::Computer => ComputerChange::parse(text).map(Change::Computer),
            Setting::Draw => word(text, Draw::ALL, Draw::name).map(Change::Draw),
            Setting::Show => word(text, Show::ALL, Show::name).map(Change::Show),
            Setting::Flip => word(text, Flip::ALL, Flip::name).map(Change::Flip),
            Setting::Theme => word(text, Theme::ALL, Theme::name).map(Change::Theme),
            Setting::Tokens => self
                .number(text)
                .and_then(|n| u8::try_from(n).ok())
                .map(Change::Tokens),
            Setting::BackDo => flag(text).map(Change::BackDo),
            Setting::CatchBonus => flag(text).map(Change::CatchBonus),
            Setting::Net => NetChoice::parse(text).map(Change::Net),
            Setting::Tutor => word(text, Tutor::ALL, Tutor::name).map(Change::Tutor),
        };
        change.ok_or(self.declared().3)
    }

    /// The range of a numeric setting's values (its kind's, written once
    /// in [`Setting::spec`]); `None` for the others.
    pub fn range(self) -> Option<(u64, u64)> {
        match self.declared().2 {
            ValueKind::Number { min, max } | ValueKind::Threads { min, max } => Some((min, max)),
            _ => None,
        }
    }

    /// A whole number in the setting's range.
    fn number(self, text: &str) -> Option<u64> {
        let (min, max) = self.range()?;
        text.parse::<u64>().ok().filter(|n| (min..=max).contains(n))
    }

    /// `n` brought into the setting's range (`n` itself for a setting
    /// without one).
    fn clamp(self, n: u64) -> u64 {
        self.range().map_or(n, |(min, max)| n.clamp(min, max))
    }

    /// The values to offer when completing (a number offers nothing).
    pub fn completions(self) -> &'static [&'static str] {
        match self.declared().2 {
            ValueKind::Flag => &["on", "off"],
            ValueKind::Number { .. } => &[],
            ValueKind::Threads { .. } => &["auto"],
            ValueKind::Rules => &["2021", "2022", "full"],
            ValueKind::Team => &["upper", "lower"],
            ValueKind::Sticks => &["0.5", "0.6"],
            ValueKind::Computer => &["none", "white", "black", "upper", "lower", "both"],
            ValueKind::Draw => &["off", "repetition"],
            ValueKind::Show | ValueKind::Flip => &["auto", "on", "off"],
            ValueKind::Theme => &["auto", "light", "dark"],
            ValueKind::Net => &["off", "default"],
            ValueKind::Tutor => &["off", "?!", "?", "??"],
        }
    }
}

/// `on` or `off`, any case.
fn flag(text: &str) -> Option<bool> {
    if text.eq_ignore_ascii_case("on") {
        Some(true)
    } else if text.eq_ignore_ascii_case("off") {
        Some(false)
    } else {
        None
    }
}

/// The value of `values` whose name (by `name`) is `text`, any case.
fn word<T: Copy, const N: usize>(
    text: &str,
    values: [T; N],
    name: fn(T) -> &'static str,
) -> Option<T> {
    values
        .into_iter()
        .find(|&v| name(v).eq_ignore_ascii_case(text))
}

impl Settings {
    /// The value of `setting`, as `set` shows it (one arm per setting).
    pub fn get(&self, setting: Setting) -> Change {
        match setting {
            Setting::Timer => Change::Timer(self.timer),
            Setting::Quiet => Change::Quiet(self.quiet),
            Setting::KeepGoing => Change::KeepGoing(self.keep_going),
            Setting::Threads => Change::Threads(self.threads),
            Setting::Hash => Change::Hash(self.hash_mb),
            Setting::Rules => Change::Rules(self.rules),
            Setting::Seed => Change::Seed {
                seed: self.seed,
                draws: None,
            },
            Setting::Sticks => Change::Sticks(self.sticks),
            Setting::First => Change::First(self.first),
            Setting::Tablebase => Change::Tablebase(self.tablebase),
            Setting::Contempt => Change::Contempt(self.contempt),
            Setting::HintTime => Change::HintTime(self.hint_ms),
            Setting::Level => Change::Level(self.level),
            Setting::Computer => Change::Computer(ComputerChange::shown(self.computer)),
            Setting::Draw => Change::Draw(self.draw),
            Setting::Show => Change::Show(self.show),
            Setting::Flip => Change::Flip(self.flip),
            Setting::Theme => Change::Theme(self.theme),
            Setting::Tokens => Change::Tokens(self.tokens),
            Setting::BackDo => Change::BackDo(self.back_do),
            Setting::CatchBonus => Change::CatchBonus(self.catch_bonus),
            Setting::Net => Change::Net(self.net.clone()),
            Setting::Tutor => Change::Tutor(self.tutor),
        }
    }

    /// Make `change` (one arm per setting, no catch-all). A number out of
    /// its setting's range, which only code can build ([`Setting::parse`]
    /// refuses it), is brought into the range.
    pub fn apply(&mut self, change: Change) {
        match change {
            Change::Timer(b) => self.timer = b,
            Change::Quiet(b) => self.quiet = b,
            Change::KeepGoing(b) => self.keep_going = b,
            Change::Threads(t) => self.threads = t,
            Change::Hash(n) => self.hash_mb = Setting::Hash.clamp(n),
            Change::Rules(r) => self.rules = r,
            // `seed N+K` sets the seed N (the draws are the game's).
            Change::Seed { seed, .. } => self.seed = seed,
            Change::Sticks(s) => self.sticks = s,
            Change::First(t) => self.first = t,
            Change::Tablebase(b) => self.tablebase = b,
            Change::Contempt(n) => {
                let n = Setting::Contempt.clamp(u64::try_from(n).unwrap_or(0));
                self.contempt = i32::try_from(n).unwrap_or(0);
            }
            Change::HintTime(n) => self.hint_ms = Setting::HintTime.clamp(n),
            Change::Level(n) => self.level = Setting::Level.clamp(n),
            Change::Computer(c) => self.computer = c.applied_to(self.computer),
            Change::Draw(d) => self.draw = d,
            Change::Show(s) => self.show = s,
            Change::Flip(f) => self.flip = f,
            Change::Theme(t) => self.theme = t,
            Change::Tokens(n) => {
                let n = Setting::Tokens.clamp(u64::from(n));
                self.tokens = u8::try_from(n).unwrap_or(House::CONTEST.tokens);
            }
            Change::BackDo(b) => self.back_do = b,
            Change::CatchBonus(b) => self.catch_bonus = b,
            Change::Net(choice) => self.net = choice,
            Change::Tutor(t) => self.tutor = t,
        }
    }

    /// The Yut house rules: tokens a side, back-do, the catch bonus.
    pub fn house(&self) -> House {
        House {
            tokens: self.tokens,
            back_do: self.back_do,
            catch_bonus: self.catch_bonus,
        }
    }

    /// How many worker threads a long count uses (the `threads` setting).
    pub fn threads(&self) -> usize {
        self.threads.count()
    }

    /// Every setting with its value, in [`Setting::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Setting, Change)> + '_ {
        Setting::ALL.iter().map(|&s| (s, self.get(s)))
    }
}

#[cfg(test)]
mod tests;
