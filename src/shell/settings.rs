//! Session settings: the one home of every switch a session has (`set`
//! lists and changes them; the command-line flags set the same entries).
//!
//! A setting is one [`Setting`] variant with one entry in [`Setting::spec`]
//! (name, what it does, what values it takes, its default): the registry
//! that `set`, `help` and completion read. `set NAME VALUE` parses the
//! value once into a typed [`Value`]; the values live in [`Settings`], a
//! struct with one typed field per setting (`settings.quiet`,
//! `settings.rules`, ...).

use crate::congo::course::Rules;
use crate::yut::{House, Sticks, Team};
use std::fmt;

/// The weakest `level`.
pub const LEVEL_MIN: u64 = 1;
/// The top `level`: full strength (the default).
pub const LEVEL_MAX: u64 = 12;

/// Every session setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// Report each command's wall time (and nodes/s) on stderr.
    Timer,
    /// Silence the change summaries of `move`, `play` and `undo`.
    Quiet,
    /// After an error, go on with the next command.
    KeepGoing,
    /// Worker threads for perft and divide (`auto`: every core). The
    /// engine's search runs on one thread whatever this says.
    Threads,
    /// The engine's transposition table size in megabytes.
    Hash,
    /// The Congo course's rules for `play`, `eval`, `minimax`, `alphabeta`.
    Rules,
    /// Where the Yut sticks' random throws start.
    Seed,
    /// How likely each Yut stick shows its front.
    Sticks,
    /// Which Yut team throws first.
    First,
    /// Probe the endgame tables of the data directory in searches and `tb`.
    Tablebase,
    /// Centipawns a repetition costs the engine when it stands better.
    Contempt,
    /// How strongly the computer plays (`go`, `auto`, versus mode).
    Level,
    /// Which side the computer plays by itself (versus mode).
    Computer,
    /// Whether a Congo position's third occurrence draws (a house rule).
    Draw,
    /// Whether the changed game's board is drawn after every change.
    Show,
    /// The colours at a terminal: for a light or a dark background.
    Theme,
    /// Yut tokens a side, 1 to 5 (a house rule; the contest plays 4).
    Tokens,
    /// Whether the marked Yut stick alone is a back-do (a house rule).
    BackDo,
    /// Whether a Yut catch earns one more throw (the contest: on).
    CatchBonus,
}

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
    /// The colours' background: [`Theme`].
    Theme,
}

/// Which side the computer answers for by itself (versus mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Computer {
    /// Nobody: people move both sides.
    #[default]
    None,
    /// Congo's White.
    White,
    /// Congo's Black.
    Black,
    /// Yut's upper team.
    Upper,
    /// Yut's lower team.
    Lower,
    /// Every side of both games.
    Both,
}

impl Computer {
    /// Every value, in the order `set` offers them.
    pub const ALL: [Computer; 6] = [
        Computer::None,
        Computer::White,
        Computer::Black,
        Computer::Upper,
        Computer::Lower,
        Computer::Both,
    ];

    /// The word `set computer` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Computer::None => "none",
            Computer::White => "white",
            Computer::Black => "black",
            Computer::Upper => "upper",
            Computer::Lower => "lower",
            Computer::Both => "both",
        }
    }
}

/// Whether a Congo position's third occurrence draws (a house rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Draw {
    /// The course's rules: no draw by repetition.
    #[default]
    Off,
    /// The third occurrence of a position draws.
    Repetition,
}

impl Draw {
    /// Every value.
    pub const ALL: [Draw; 2] = [Draw::Off, Draw::Repetition];

    /// The word `set draw` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Draw::Off => "off",
            Draw::Repetition => "repetition",
        }
    }
}

/// When the changed game's board is drawn after a change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Show {
    /// At the prompt against the computer.
    #[default]
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

impl Show {
    /// Every value.
    pub const ALL: [Show; 3] = [Show::Auto, Show::On, Show::Off];

    /// The word `set show` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Show::Auto => "auto",
            Show::On => "on",
            Show::Off => "off",
        }
    }
}

/// The background the colours are chosen for (only the front end colours).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// From the terminal's `COLORFGBG` when it says; else colours that
    /// read on either background.
    #[default]
    Auto,
    /// A light background: white pieces white on black.
    Light,
    /// A dark background: white pieces bright white.
    Dark,
}

impl Theme {
    /// Every value.
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// The word `set theme` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// How many worker threads perft and divide use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Threads {
    /// As many as the machine offers cores.
    #[default]
    Auto,
    /// This many (1 to 256).
    N(u64),
}

impl Threads {
    /// The number of threads: `N`, or with `Auto` the cores available.
    pub fn count(self) -> usize {
        match self {
            Threads::N(n) => usize::try_from(n).unwrap_or(1).max(1),
            Threads::Auto => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }
}

/// A setting's value, typed: what `set NAME VALUE` parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Number(u64),
    Threads(Threads),
    Rules(Rules),
    Team(Team),
    Sticks(Sticks),
    Computer(Computer),
    Draw(Draw),
    Show(Show),
    Theme(Theme),
    /// `seed N+K`: the seed N, the sticks' random state K draws on from
    /// it (what `save` writes; the setting itself keeps N).
    SeedAt {
        seed: u64,
        draws: u64,
    },
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(true) => f.write_str("on"),
            Value::Flag(false) => f.write_str("off"),
            Value::Number(n) | Value::Threads(Threads::N(n)) => write!(f, "{n}"),
            Value::Threads(Threads::Auto) => f.write_str("auto"),
            Value::Rules(r) => f.write_str(r.name()),
            Value::Team(t) => f.write_str(team_name(*t)),
            Value::Sticks(s) => write!(f, "{s}"),
            Value::Computer(c) => f.write_str(c.name()),
            Value::Draw(d) => f.write_str(d.name()),
            Value::Show(s) => f.write_str(s.name()),
            Value::Theme(t) => f.write_str(t.name()),
            Value::SeedAt { seed, draws } => write!(f, "{seed}+{draws}"),
        }
    }
}

/// A team's name as the `first` setting spells it.
const fn team_name(team: Team) -> &'static str {
    match team {
        Team::Upper => "upper",
        Team::Lower => "lower",
    }
}

/// One setting's description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub default: Value,
}

impl Setting {
    /// Every setting, in the order `set` lists them.
    pub const ALL: &'static [Setting] = &[
        Setting::Timer,
        Setting::Quiet,
        Setting::KeepGoing,
        Setting::Threads,
        Setting::Hash,
        Setting::Rules,
        Setting::Seed,
        Setting::Sticks,
        Setting::First,
        Setting::Tablebase,
        Setting::Contempt,
        Setting::Level,
        Setting::Computer,
        Setting::Draw,
        Setting::Show,
        Setting::Theme,
        Setting::Tokens,
        Setting::BackDo,
        Setting::CatchBonus,
    ];

    /// How many settings there are.
    pub const COUNT: usize = Setting::ALL.len();

    /// The setting's description (one arm per setting, no catch-all).
    pub const fn spec(self) -> SettingSpec {
        match self {
            Setting::Timer => SettingSpec {
                name: "timer",
                summary: "report each command's wall time (and nodes/s) on stderr",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(false),
            },
            Setting::Quiet => SettingSpec {
                name: "quiet",
                summary: "no change summaries from `move`, `play` and `undo`",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(false),
            },
            Setting::KeepGoing => SettingSpec {
                name: "keep-going",
                summary: "after an error, go on with the next command",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(false),
            },
            Setting::Threads => SettingSpec {
                name: "threads",
                summary: "worker threads for perft, divide and timed searches (auto: every core)",
                kind: ValueKind::Threads { min: 1, max: 256 },
                expects: "a number of threads 1..=256, or `auto`",
                default: Value::Threads(Threads::Auto),
            },
            Setting::Hash => SettingSpec {
                name: "hash",
                summary: "the engine's transposition table, in megabytes",
                kind: ValueKind::Number { min: 1, max: 4096 },
                expects: "a size in megabytes 1..=4096",
                default: Value::Number(16),
            },
            Setting::Rules => SettingSpec {
                name: "rules",
                summary: "the Congo course's rules for play, eval, minimax, alphabeta",
                kind: ValueKind::Rules,
                expects: "`2021`, `2022` or `full`",
                default: Value::Rules(Rules::Full),
            },
            Setting::Seed => SettingSpec {
                name: "seed",
                summary: "where the Yut sticks' random throws start (`throw`, `auto`)",
                kind: ValueKind::Number {
                    min: 0,
                    max: u64::MAX,
                },
                expects: "a seed, a whole number 0..=18446744073709551615",
                default: Value::Number(0),
            },
            Setting::Sticks => SettingSpec {
                name: "sticks",
                summary: "how likely each Yut stick lands front up (fair: 0.5)",
                kind: ValueKind::Sticks,
                expects: "a front probability from 0.1 to 0.9",
                default: Value::Sticks(Sticks::FAIR),
            },
            Setting::First => SettingSpec {
                name: "first",
                summary: "which Yut team throws first (now if the game has not begun, else from `reset yut`)",
                kind: ValueKind::Team,
                expects: "`upper` or `lower`",
                default: Value::Team(Team::Upper),
            },
            Setting::Tablebase => SettingSpec {
                name: "tablebase",
                summary: "probe the endgame tables (`boardsh tablebase build`) in best, go, analyze, tb",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(true),
            },
            Setting::Contempt => SettingSpec {
                name: "contempt",
                summary: "centipawns a repetition costs the engine when ahead (gives it when behind)",
                kind: ValueKind::Number { min: 0, max: 1000 },
                expects: "centipawns 0..=1000",
                default: Value::Number(0),
            },
            Setting::Level => SettingSpec {
                name: "level",
                summary: "the computer's strength: Congo 1..=12, Yut 1..=4 (random, greedy, shallow, best); the top is full strength",
                kind: ValueKind::Number {
                    min: LEVEL_MIN,
                    max: LEVEL_MAX,
                },
                expects: "a level 1..=12 (1 weakest, 12 full strength)",
                default: Value::Number(LEVEL_MAX),
            },
            Setting::Computer => SettingSpec {
                name: "computer",
                summary: "the side the computer answers for by itself: white|black (Congo), upper|lower (Yut), both, none",
                kind: ValueKind::Computer,
                expects: "`none`, `white`, `black`, `upper`, `lower` or `both`",
                default: Value::Computer(Computer::None),
            },
            Setting::Draw => SettingSpec {
                name: "draw",
                summary: "a Congo position's third occurrence draws (house rule; `new congo white|black` turns it on)",
                kind: ValueKind::Draw,
                expects: "`repetition` or `off`",
                default: Value::Draw(Draw::Off),
            },
            Setting::Show => SettingSpec {
                name: "show",
                summary: "draw the changed game's board after every change (auto: at the prompt against the computer)",
                kind: ValueKind::Show,
                expects: "`auto`, `on` or `off`",
                default: Value::Show(Show::Auto),
            },
            Setting::Theme => SettingSpec {
                name: "theme",
                summary: "colours for a light or dark terminal (auto: from COLORFGBG, else for either)",
                kind: ValueKind::Theme,
                expects: "`auto`, `light` or `dark`",
                default: Value::Theme(Theme::Auto),
            },
            Setting::Tokens => SettingSpec {
                name: "tokens",
                summary: "Yut tokens a side, 1..=5 (house rule; the contest: 4); from `reset yut`, now if the game has not begun",
                kind: ValueKind::Number {
                    min: House::MIN_TOKENS as u64,
                    max: House::MAX_TOKENS as u64,
                },
                expects: "a number of tokens 1..=5",
                default: Value::Number(House::CONTEST.tokens as u64),
            },
            Setting::BackDo => SettingSpec {
                name: "back-do",
                summary: "the marked Yut stick alone (BBBF) moves a token one station back (house rule; `help yut`)",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(House::CONTEST.back_do),
            },
            Setting::CatchBonus => SettingSpec {
                name: "catch-bonus",
                summary: "a Yut catch earns one more throw (the contest: on; off is a house rule)",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Value::Flag(House::CONTEST.catch_bonus),
            },
        }
    }

    /// The setting's name.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

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

    /// Parse a value for this setting (words in any case).
    ///
    /// # Errors
    ///
    /// The setting's [`SettingSpec::expects`] when `text` is not one of
    /// its values.
    pub fn parse_value(self, text: &str) -> Result<Value, &'static str> {
        let spec = self.spec();
        if self == Setting::Seed
            && let Some((seed, draws)) = text.split_once('+')
        {
            return match (seed.parse(), draws.parse()) {
                (Ok(seed), Ok(draws)) => Ok(Value::SeedAt { seed, draws }),
                _ => Err(spec.expects),
            };
        }
        let value = match spec.kind {
            ValueKind::Flag if text.eq_ignore_ascii_case("on") => Some(Value::Flag(true)),
            ValueKind::Flag if text.eq_ignore_ascii_case("off") => Some(Value::Flag(false)),
            ValueKind::Flag => None,
            ValueKind::Threads { .. } if text.eq_ignore_ascii_case("auto") => {
                Some(Value::Threads(Threads::Auto))
            }
            ValueKind::Number { min, max } => number_in(text, min, max).map(Value::Number),
            ValueKind::Threads { min, max } => {
                number_in(text, min, max).map(|n| Value::Threads(Threads::N(n)))
            }
            ValueKind::Rules => Rules::from_name(text).map(Value::Rules),
            ValueKind::Team => Team::ALL
                .into_iter()
                .find(|&t| team_name(t).eq_ignore_ascii_case(text))
                .map(Value::Team),
            ValueKind::Sticks => text.parse().ok().map(Value::Sticks),
            ValueKind::Computer => Computer::ALL
                .into_iter()
                .find(|c| c.name().eq_ignore_ascii_case(text))
                .map(Value::Computer),
            ValueKind::Draw => Draw::ALL
                .into_iter()
                .find(|d| d.name().eq_ignore_ascii_case(text))
                .map(Value::Draw),
            ValueKind::Show => Show::ALL
                .into_iter()
                .find(|s| s.name().eq_ignore_ascii_case(text))
                .map(Value::Show),
            ValueKind::Theme => Theme::ALL
                .into_iter()
                .find(|t| t.name().eq_ignore_ascii_case(text))
                .map(Value::Theme),
        };
        value.ok_or(spec.expects)
    }

    /// The values to offer when completing (a number offers nothing).
    pub fn completions(self) -> &'static [&'static str] {
        match self.spec().kind {
            ValueKind::Flag => &["on", "off"],
            ValueKind::Number { .. } => &[],
            ValueKind::Threads { .. } => &["auto"],
            ValueKind::Rules => &["2021", "2022", "full"],
            ValueKind::Team => &["upper", "lower"],
            ValueKind::Sticks => &["0.5", "0.6"],
            ValueKind::Computer => &["none", "white", "black", "upper", "lower", "both"],
            ValueKind::Draw => &["off", "repetition"],
            ValueKind::Show => &["auto", "on", "off"],
            ValueKind::Theme => &["auto", "light", "dark"],
        }
    }
}

/// A whole number in `min..=max`.
fn number_in(text: &str, min: u64, max: u64) -> Option<u64> {
    text.parse::<u64>().ok().filter(|n| (min..=max).contains(n))
}

/// The values of every setting of one session, one typed field each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub timer: bool,
    pub quiet: bool,
    pub keep_going: bool,
    pub threads: Threads,
    /// The engine's table, in megabytes.
    pub hash_mb: u64,
    pub rules: Rules,
    pub seed: u64,
    pub sticks: Sticks,
    pub first: Team,
    /// Whether the engine probes the endgame tables.
    pub tablebase: bool,
    /// Centipawns a repetition costs the engine when ahead, 0..=1000.
    pub contempt: i32,
    /// The computer's strength, `LEVEL_MIN..=LEVEL_MAX`.
    pub level: u64,
    /// The side the computer plays by itself.
    pub computer: Computer,
    /// The repetition house rule.
    pub draw: Draw,
    /// When boards are drawn after changes.
    pub show: Show,
    /// The colours' background.
    pub theme: Theme,
    /// The Yut house rules: tokens a side, back-do, the catch bonus.
    pub house: House,
}

impl Default for Settings {
    /// Every setting at its [`SettingSpec::default`] (a test checks).
    fn default() -> Settings {
        Settings {
            timer: false,
            quiet: false,
            keep_going: false,
            threads: Threads::Auto,
            hash_mb: 16,
            rules: Rules::Full,
            seed: 0,
            sticks: Sticks::FAIR,
            first: Team::Upper,
            tablebase: true,
            contempt: 0,
            level: LEVEL_MAX,
            computer: Computer::None,
            draw: Draw::Off,
            show: Show::Auto,
            theme: Theme::Auto,
            house: House::CONTEST,
        }
    }
}

impl Settings {
    /// The value of `setting`, as `set` shows it.
    pub fn get(&self, setting: Setting) -> Value {
        match setting {
            Setting::Timer => Value::Flag(self.timer),
            Setting::Quiet => Value::Flag(self.quiet),
            Setting::KeepGoing => Value::Flag(self.keep_going),
            Setting::Threads => Value::Threads(self.threads),
            Setting::Hash => Value::Number(self.hash_mb),
            Setting::Rules => Value::Rules(self.rules),
            Setting::Seed => Value::Number(self.seed),
            Setting::Sticks => Value::Sticks(self.sticks),
            Setting::First => Value::Team(self.first),
            Setting::Tablebase => Value::Flag(self.tablebase),
            Setting::Contempt => Value::Number(u64::try_from(self.contempt).unwrap_or(0)),
            Setting::Level => Value::Number(self.level),
            Setting::Computer => Value::Computer(self.computer),
            Setting::Draw => Value::Draw(self.draw),
            Setting::Show => Value::Show(self.show),
            Setting::Theme => Value::Theme(self.theme),
            Setting::Tokens => Value::Number(u64::from(self.house.tokens)),
            Setting::BackDo => Value::Flag(self.house.back_do),
            Setting::CatchBonus => Value::Flag(self.house.catch_bonus),
        }
    }

    /// Change `setting` to `value`, one [`Setting::parse_value`] gave for
    /// it; a value of another kind changes nothing.
    pub fn set(&mut self, setting: Setting, value: Value) {
        match (setting, value) {
            (Setting::Timer, Value::Flag(b)) => self.timer = b,
            (Setting::Quiet, Value::Flag(b)) => self.quiet = b,
            (Setting::KeepGoing, Value::Flag(b)) => self.keep_going = b,
            (Setting::Threads, Value::Threads(t)) => self.threads = t,
            (Setting::Hash, Value::Number(n)) => self.hash_mb = n,
            (Setting::Rules, Value::Rules(r)) => self.rules = r,
            // `seed N+K` sets the seed N (the draws are the game's).
            (Setting::Seed, Value::Number(n) | Value::SeedAt { seed: n, .. }) => self.seed = n,
            (Setting::Sticks, Value::Sticks(s)) => self.sticks = s,
            (Setting::First, Value::Team(t)) => self.first = t,
            (Setting::Tablebase, Value::Flag(b)) => self.tablebase = b,
            (Setting::Contempt, Value::Number(n)) => {
                self.contempt = i32::try_from(n).unwrap_or(i32::MAX);
            }
            (Setting::Level, Value::Number(n)) => self.level = n.clamp(LEVEL_MIN, LEVEL_MAX),
            (Setting::Computer, Value::Computer(c)) => self.computer = c,
            (Setting::Draw, Value::Draw(d)) => self.draw = d,
            (Setting::Show, Value::Show(s)) => self.show = s,
            (Setting::Theme, Value::Theme(t)) => self.theme = t,
            (Setting::Tokens, Value::Number(n)) => {
                let max = u64::from(House::MAX_TOKENS);
                let n = n.clamp(u64::from(House::MIN_TOKENS), max);
                self.house.tokens = u8::try_from(n).unwrap_or(House::CONTEST.tokens);
            }
            (Setting::BackDo, Value::Flag(b)) => self.house.back_do = b,
            (Setting::CatchBonus, Value::Flag(b)) => self.house.catch_bonus = b,
            _ => {}
        }
    }

    /// How many worker threads a long count uses (the `threads` setting).
    pub fn threads(&self) -> usize {
        self.threads.count()
    }

    /// Every setting with its value, in [`Setting::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Setting, Value)> + '_ {
        Setting::ALL.iter().map(|&s| (s, self.get(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_findable_and_defaults_fit_their_kind() {
        for (i, s) in Setting::ALL.iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(Setting::find(&s.name().to_ascii_uppercase()), Some(*s));
            let spec = s.spec();
            assert!(!spec.summary.is_empty());
            // The default must be a value the setting's own parser accepts.
            assert_eq!(s.parse_value(&spec.default.to_string()), Ok(spec.default));
            // A fresh session's settings are the registry's defaults.
            assert_eq!(Settings::default().get(*s), spec.default);
        }
        assert_eq!(Setting::find("time"), None);
    }

    #[test]
    fn flags_take_on_and_off_only() {
        let mut settings = Settings::default();
        assert!(!settings.quiet);
        assert_eq!(Setting::Quiet.parse_value("ON"), Ok(Value::Flag(true)));
        assert_eq!(Setting::Quiet.parse_value("yes"), Err("`on` or `off`"));
        settings.set(Setting::Quiet, Value::Flag(true));
        assert!(settings.quiet);
        assert!(!settings.timer);
        // A value of another kind changes nothing.
        settings.set(Setting::Timer, Value::Number(1));
        assert!(!settings.timer);
    }

    #[test]
    fn threads_take_a_number_or_auto() {
        let mut settings = Settings::default();
        // `auto` is the cores the machine offers: at least one.
        assert_eq!(settings.threads, Threads::Auto);
        assert!(settings.threads() >= 1);
        assert_eq!(
            Setting::Threads.parse_value("4"),
            Ok(Value::Threads(Threads::N(4)))
        );
        assert_eq!(
            Setting::Threads.parse_value("AUTO"),
            Ok(Value::Threads(Threads::Auto))
        );
        for bad in ["0", "257", "two", "-1", ""] {
            assert_eq!(
                Setting::Threads.parse_value(bad),
                Err("a number of threads 1..=256, or `auto`"),
                "{bad:?}"
            );
        }
        settings.set(Setting::Threads, Value::Threads(Threads::N(3)));
        assert_eq!(settings.threads(), 3);
        assert_eq!(Setting::Threads.completions(), ["auto"]);
    }

    #[test]
    fn house_rules_are_typed_and_default_to_the_contest() {
        let mut settings = Settings::default();
        assert_eq!(settings.house, House::CONTEST);
        assert_eq!(Setting::find("back-do"), Some(Setting::BackDo));
        assert_eq!(Setting::find("Catch-Bonus"), Some(Setting::CatchBonus));
        assert_eq!(Setting::Tokens.parse_value("5"), Ok(Value::Number(5)));
        for bad in ["0", "6", "four", ""] {
            assert_eq!(
                Setting::Tokens.parse_value(bad),
                Err("a number of tokens 1..=5"),
                "{bad:?}"
            );
        }
        settings.set(Setting::Tokens, Value::Number(2));
        settings.set(Setting::BackDo, Value::Flag(true));
        settings.set(Setting::CatchBonus, Value::Flag(false));
        let want = House {
            tokens: 2,
            back_do: true,
            catch_bonus: false,
        };
        assert_eq!(settings.house, want);
        assert_eq!(settings.get(Setting::Tokens).to_string(), "2");
        assert_eq!(settings.get(Setting::BackDo).to_string(), "on");
        assert_eq!(settings.get(Setting::CatchBonus).to_string(), "off");
        assert_eq!(Setting::BackDo.completions(), ["on", "off"]);
    }

    #[test]
    fn versus_settings_are_typed() {
        let mut settings = Settings::default();
        assert_eq!(settings.level, LEVEL_MAX);
        // The setting's top is the engine's full-strength level.
        assert_eq!(LEVEL_MAX, u64::from(crate::congo::search::TOP_LEVEL));
        assert_eq!(Setting::Level.parse_value("3"), Ok(Value::Number(3)));
        assert_eq!(Setting::Level.parse_value("12"), Ok(Value::Number(12)));
        for bad in ["0", "13", "top"] {
            assert_eq!(
                Setting::Level.parse_value(bad),
                Err("a level 1..=12 (1 weakest, 12 full strength)"),
                "{bad:?}"
            );
        }
        settings.set(Setting::Level, Value::Number(3));
        assert_eq!(settings.level, 3);
        assert_eq!(
            Setting::Computer.parse_value("Black"),
            Ok(Value::Computer(Computer::Black))
        );
        assert!(Setting::Computer.parse_value("red").is_err());
        settings.set(Setting::Computer, Value::Computer(Computer::Both));
        assert_eq!(settings.computer, Computer::Both);
        assert_eq!(
            Setting::Draw.parse_value("repetition"),
            Ok(Value::Draw(Draw::Repetition))
        );
        settings.set(Setting::Draw, Value::Draw(Draw::Repetition));
        assert_eq!(settings.get(Setting::Draw).to_string(), "repetition");
        assert_eq!(Setting::Show.parse_value("OFF"), Ok(Value::Show(Show::Off)));
        // A value of another kind changes nothing.
        settings.set(Setting::Show, Value::Flag(true));
        assert_eq!(settings.show, Show::Auto);
        assert_eq!(
            Setting::Theme.parse_value("Light"),
            Ok(Value::Theme(Theme::Light))
        );
        assert_eq!(
            Setting::Theme.parse_value("grey"),
            Err("`auto`, `light` or `dark`")
        );
        settings.set(Setting::Theme, Value::Theme(Theme::Dark));
        assert_eq!(settings.get(Setting::Theme).to_string(), "dark");
        // Every word each takes is offered when completing.
        for (setting, words) in [
            (
                Setting::Computer,
                Computer::ALL.map(Computer::name).to_vec(),
            ),
            (Setting::Draw, Draw::ALL.map(Draw::name).to_vec()),
            (Setting::Show, Show::ALL.map(Show::name).to_vec()),
            (Setting::Theme, Theme::ALL.map(Theme::name).to_vec()),
        ] {
            assert_eq!(setting.completions(), words.as_slice());
        }
    }
}
