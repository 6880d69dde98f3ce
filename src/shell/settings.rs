//! Session settings: the one home of every switch a session has (`set`
//! lists and changes them; the command-line flags set the same entries).
//!
//! A setting is one [`Setting`] variant with one entry in [`Setting::spec`]
//! (name, what it does, what values it takes, its default). Values live in
//! [`Settings`], read with [`Settings::flag`] / [`Settings::number`] /
//! [`Settings::word`].

use std::fmt;

/// The weakest `level`.
pub const LEVEL_MIN: u64 = 1;
/// The top `level`: full strength (the default).
pub const LEVEL_MAX: u64 = 7;

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
    /// How strongly the computer plays (`go`, `auto`, versus mode).
    Level,
    /// Which side the computer plays by itself (versus mode).
    Computer,
    /// Whether a Congo position's third occurrence draws (a house rule).
    Draw,
    /// Whether the changed game's board is drawn after every change.
    Show,
}

/// What values a setting takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// `on` or `off`.
    Flag,
    /// A whole number in `min..=max`.
    Number { min: u64, max: u64 },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`, or `auto` (the setting then follows
    /// the machine, e.g. its cores; the value is `Word("auto")`).
    NumberOrAuto { min: u64, max: u64 },
    /// A front probability for the Yut sticks, 0.1 to 0.9.
    Sticks,
}

/// A setting's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Number(u64),
    Word(&'static str),
    Sticks(crate::yut::Sticks),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Flag(true) => f.write_str("on"),
            Value::Flag(false) => f.write_str("off"),
            Value::Number(n) => write!(f, "{n}"),
            Value::Word(w) => f.write_str(w),
            Value::Sticks(s) => write!(f, "{s}"),
        }
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
        Setting::Level,
        Setting::Computer,
        Setting::Draw,
        Setting::Show,
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
                summary: "worker threads for perft and divide (auto: every core)",
                kind: ValueKind::NumberOrAuto { min: 1, max: 256 },
                expects: "a number of threads 1..=256, or `auto`",
                default: Value::Word("auto"),
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
                kind: ValueKind::Choice(&["2021", "2022", "full"]),
                expects: "`2021`, `2022` or `full`",
                default: Value::Word("full"),
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
                default: Value::Sticks(crate::yut::Sticks::FAIR),
            },
            Setting::First => SettingSpec {
                name: "first",
                summary: "which Yut team throws first (now if the game has not begun, else from `reset yut`)",
                kind: ValueKind::Choice(&["upper", "lower"]),
                expects: "`upper` or `lower`",
                default: Value::Word("upper"),
            },
            Setting::Level => SettingSpec {
                name: "level",
                summary: "the computer's strength: Congo 1..=7, Yut 1..=4 (random, greedy, shallow, best); the top is full strength",
                kind: ValueKind::Number {
                    min: LEVEL_MIN,
                    max: LEVEL_MAX,
                },
                expects: "a level 1..=7 (1 weakest, 7 full strength)",
                default: Value::Number(LEVEL_MAX),
            },
            Setting::Computer => SettingSpec {
                name: "computer",
                summary: "the side the computer answers for by itself: white|black (Congo), upper|lower (Yut), both, none",
                kind: ValueKind::Choice(&["none", "white", "black", "upper", "lower", "both"]),
                expects: "`none`, `white`, `black`, `upper`, `lower` or `both`",
                default: Value::Word("none"),
            },
            Setting::Draw => SettingSpec {
                name: "draw",
                summary: "a Congo position's third occurrence draws (house rule; `new congo white|black` turns it on)",
                kind: ValueKind::Choice(&["off", "repetition"]),
                expects: "`repetition` or `off`",
                default: Value::Word("off"),
            },
            Setting::Show => SettingSpec {
                name: "show",
                summary: "draw the changed game's board after every change (auto: at the prompt against the computer)",
                kind: ValueKind::Choice(&["auto", "on", "off"]),
                expects: "`auto`, `on` or `off`",
                default: Value::Word("auto"),
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
        let value = match spec.kind {
            ValueKind::Flag if text.eq_ignore_ascii_case("on") => Some(Value::Flag(true)),
            ValueKind::Flag if text.eq_ignore_ascii_case("off") => Some(Value::Flag(false)),
            ValueKind::Flag => None,
            ValueKind::NumberOrAuto { .. } if text.eq_ignore_ascii_case("auto") => {
                Some(Value::Word("auto"))
            }
            ValueKind::Number { min, max } | ValueKind::NumberOrAuto { min, max } => text
                .parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .map(Value::Number),
            ValueKind::Choice(words) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(text))
                .map(|w| Value::Word(w)),
            ValueKind::Sticks => text.parse().ok().map(Value::Sticks),
        };
        value.ok_or(spec.expects)
    }

    /// The values to offer when completing (a number offers nothing).
    pub fn completions(self) -> &'static [&'static str] {
        match self.spec().kind {
            ValueKind::Flag => &["on", "off"],
            ValueKind::Number { .. } => &[],
            ValueKind::NumberOrAuto { .. } => &["auto"],
            ValueKind::Choice(words) => words,
            ValueKind::Sticks => &["0.5", "0.6"],
        }
    }
}

/// The values of every setting of one session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    values: [Value; Setting::COUNT],
}

impl Default for Settings {
    fn default() -> Settings {
        let mut values = [Value::Flag(false); Setting::COUNT];
        for (value, setting) in values.iter_mut().zip(Setting::ALL) {
            *value = setting.spec().default;
        }
        Settings { values }
    }
}

impl Settings {
    /// The value of `setting`.
    pub fn get(&self, setting: Setting) -> Value {
        self.values
            .get(setting.index())
            .copied()
            .unwrap_or(setting.spec().default)
    }

    /// Change `setting` (the value is one [`Setting::parse_value`] gave).
    pub fn set(&mut self, setting: Setting, value: Value) {
        if let Some(slot) = self.values.get_mut(setting.index()) {
            *slot = value;
        }
    }

    /// An on/off setting's value (`false` for a setting of another kind).
    pub fn flag(&self, setting: Setting) -> bool {
        matches!(self.get(setting), Value::Flag(true))
    }

    /// A number setting's value (0 for a setting of another kind).
    pub fn number(&self, setting: Setting) -> u64 {
        match self.get(setting) {
            Value::Number(n) => n,
            _ => 0,
        }
    }

    /// A word setting's value (`""` for a setting of another kind).
    pub fn word(&self, setting: Setting) -> &'static str {
        match self.get(setting) {
            Value::Word(w) => w,
            _ => "",
        }
    }

    /// How many worker threads a long count or search uses: the
    /// `threads` setting, or with `auto` the cores the machine offers.
    pub fn threads(&self) -> usize {
        match self.get(Setting::Threads) {
            Value::Number(n) => usize::try_from(n).unwrap_or(1).max(1),
            _ => std::thread::available_parallelism().map_or(1, usize::from),
        }
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
        }
        assert_eq!(Setting::find("time"), None);
    }

    #[test]
    fn flags_take_on_and_off_only() {
        let mut settings = Settings::default();
        assert!(!settings.flag(Setting::Quiet));
        assert_eq!(Setting::Quiet.parse_value("ON"), Ok(Value::Flag(true)));
        assert_eq!(Setting::Quiet.parse_value("yes"), Err("`on` or `off`"));
        settings.set(Setting::Quiet, Value::Flag(true));
        assert!(settings.flag(Setting::Quiet));
        assert!(!settings.flag(Setting::Timer));
    }

    #[test]
    fn threads_take_a_number_or_auto() {
        let mut settings = Settings::default();
        // `auto` is the cores the machine offers: at least one.
        assert_eq!(settings.get(Setting::Threads), Value::Word("auto"));
        assert!(settings.threads() >= 1);
        assert_eq!(Setting::Threads.parse_value("4"), Ok(Value::Number(4)));
        assert_eq!(
            Setting::Threads.parse_value("AUTO"),
            Ok(Value::Word("auto"))
        );
        for bad in ["0", "257", "two", "-1", ""] {
            assert_eq!(
                Setting::Threads.parse_value(bad),
                Err("a number of threads 1..=256, or `auto`"),
                "{bad:?}"
            );
        }
        settings.set(Setting::Threads, Value::Number(3));
        assert_eq!(settings.threads(), 3);
        assert_eq!(Setting::Threads.completions(), ["auto"]);
    }
}
