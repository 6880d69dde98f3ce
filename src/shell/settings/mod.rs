//! Session settings: the one home of every switch a session has (`set`
//! lists and changes them; the command-line flags set the same entries).
//!
//! A setting is one [`Setting`] variant with one entry in [`Setting::spec`]
//! (name, what it does, what values it takes, its default): the registry
//! that `set`, `help`, completion and the command line's flags read.
//! `set NAME VALUE` parses the value once, with the setting's own parser
//! ([`Setting::parse`]), into a [`Change`]: one variant per setting, each
//! carrying its typed value, so a value of the wrong kind cannot reach a
//! setting. The values live in [`Settings`], a struct with one typed field
//! per setting, read by [`Settings::get`] and changed by
//! [`Settings::apply`], each one exhaustive match.

mod change;
mod values;

pub use change::Change;
pub use values::{
    Computer, ComputerChange, CongoComputer, Draw, Flip, Show, Theme, Threads, Tutor, YutComputer,
};

use crate::congo::Rules;
use crate::congo::nnue::{NetChoice, STARTUP_NET};
use crate::yut::{House, Sticks, Team};

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
    /// Milliseconds Congo's `hint` thinks (and `review` a position).
    HintTime,
    /// How strongly the computer plays (`go`, `auto`, versus mode).
    Level,
    /// Which side the computer plays by itself (versus mode).
    Computer,
    /// Whether a Congo position's third occurrence draws (a house rule).
    Draw,
    /// Whether the changed game's board is drawn after every change.
    Show,
    /// Whether the Congo board is drawn from Black's side.
    Flip,
    /// The colours at a terminal: for a light or a dark background.
    Theme,
    /// Yut tokens a side, 1 to 5 (a house rule; the contest plays 4).
    Tokens,
    /// Whether the marked Yut stick alone is a back-do (a house rule).
    BackDo,
    /// Whether a Yut catch earns one more throw (the contest: on).
    CatchBonus,
    /// The Congo engine's evaluation network: none, the built-in one or a
    /// network file.
    Net,
    /// How bad a person's move must be for the tutor to stop it before it
    /// is played (versus mode).
    Tutor,
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
        Setting::HintTime,
        Setting::Level,
        Setting::Computer,
        Setting::Draw,
        Setting::Show,
        Setting::Flip,
        Setting::Theme,
        Setting::Tokens,
        Setting::BackDo,
        Setting::CatchBonus,
        Setting::Net,
        Setting::Tutor,
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
                default: Change::Timer(false),
            },
            Setting::Quiet => SettingSpec {
                name: "quiet",
                summary: "no change summaries from `move`, `play` and `undo`",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Change::Quiet(false),
            },
            Setting::KeepGoing => SettingSpec {
                name: "keep-going",
                summary: "after an error, go on with the next command",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Change::KeepGoing(false),
            },
            Setting::Threads => SettingSpec {
                name: "threads",
                summary: "worker threads for perft, divide and timed searches (auto: every core)",
                kind: ValueKind::Threads { min: 1, max: 256 },
                expects: "a number of threads 1 to 256, or `auto`",
                default: Change::Threads(Threads::Auto),
            },
            Setting::Hash => SettingSpec {
                name: "hash",
                summary: "the engine's transposition table, in megabytes",
                kind: ValueKind::Number { min: 1, max: 4096 },
                expects: "a size in megabytes 1 to 4096",
                default: Change::Hash(16),
            },
            Setting::Rules => SettingSpec {
                name: "rules",
                summary: "the Congo course's rules for play, eval, minimax, alphabeta",
                kind: ValueKind::Rules,
                expects: "`2021`, `2022` or `full`",
                default: Change::Rules(Rules::Full),
            },
            Setting::Seed => SettingSpec {
                name: "seed",
                summary: "where the Yut sticks' random throws start (`throw`, `auto`)",
                kind: ValueKind::Number {
                    min: 0,
                    max: u64::MAX,
                },
                expects: "a seed, a whole number 0 to 18446744073709551615",
                default: Change::Seed {
                    seed: 0,
                    draws: None,
                },
            },
            Setting::Sticks => SettingSpec {
                name: "sticks",
                summary: "how likely each Yut stick lands front up (fair: 0.5)",
                kind: ValueKind::Sticks,
                expects: "a front probability from 0.1 to 0.9",
                default: Change::Sticks(Sticks::FAIR),
            },
            Setting::First => SettingSpec {
                name: "first",
                summary: "which Yut team throws first (now if the game has not begun, else from `reset yut`)",
                kind: ValueKind::Team,
                expects: "`upper` or `lower`",
                default: Change::First(Team::Upper),
            },
            Setting::Tablebase => SettingSpec {
                name: "tablebase",
                summary: "probe the endgame tables (`boardsh tablebase build`) in best, go, analyze, tb",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Change::Tablebase(true),
            },
            Setting::Contempt => SettingSpec {
                name: "contempt",
                summary: "centipawns a repetition costs the engine when ahead (gives it when behind)",
                kind: ValueKind::Number { min: 0, max: 1000 },
                expects: "centipawns 0 to 1000",
                default: Change::Contempt(0),
            },
            Setting::HintTime => SettingSpec {
                name: "hint-time",
                summary: "milliseconds Congo's `hint` thinks, and `review` a position (`hint nodes N` for the same answer every run)",
                kind: ValueKind::Number {
                    min: 10,
                    max: 600_000,
                },
                expects: "milliseconds 10 to 600000",
                default: Change::HintTime(1000),
            },
            Setting::Level => SettingSpec {
                name: "level",
                summary: "the computer's strength: Congo 1 to 12, Yut 1 to 4 (random, greedy, shallow, best); the top is full strength",
                kind: ValueKind::Number {
                    min: LEVEL_MIN,
                    max: LEVEL_MAX,
                },
                expects: "a level 1 to 12 (1 weakest, 12 full strength)",
                default: Change::Level(LEVEL_MAX),
            },
            Setting::Computer => SettingSpec {
                name: "computer",
                summary: "the side the computer answers for, each game its own: white|black (Congo), upper|lower (Yut), `congo X`, `yut X`, `congo X, yut Y`, both, none",
                kind: ValueKind::Computer,
                expects: "`none`, `both`, a side (`white`, `black`, `upper`, `lower`) or a game and its side (`congo black`, `yut none`)",
                default: Change::Computer(ComputerChange::all(Computer::NONE)),
            },
            Setting::Draw => SettingSpec {
                name: "draw",
                summary: "a Congo position's third occurrence draws (house rule; `new congo white|black` turns it on)",
                kind: ValueKind::Draw,
                expects: "`repetition` or `off`",
                default: Change::Draw(Draw::Off),
            },
            Setting::Show => SettingSpec {
                name: "show",
                summary: "draw the changed game's board after every change (auto: at the prompt against the computer)",
                kind: ValueKind::Show,
                expects: "`auto`, `on` or `off`",
                default: Change::Show(Show::Auto),
            },
            Setting::Flip => SettingSpec {
                name: "flip",
                summary: "draw the Congo board from Black's side (auto: when you play Black against the computer)",
                kind: ValueKind::Flip,
                expects: "`auto`, `on` or `off`",
                default: Change::Flip(Flip::Auto),
            },
            Setting::Theme => SettingSpec {
                name: "theme",
                summary: "colours for a light or dark terminal (auto: from COLORFGBG, else for either)",
                kind: ValueKind::Theme,
                expects: "`auto`, `light` or `dark`",
                default: Change::Theme(Theme::Auto),
            },
            Setting::Tokens => SettingSpec {
                name: "tokens",
                summary: "Yut tokens a side, 1 to 5 (house rule; the contest: 4); from `reset yut`, now if the game has not begun",
                kind: ValueKind::Number {
                    min: House::MIN_TOKENS as u64,
                    max: House::MAX_TOKENS as u64,
                },
                expects: "a number of tokens 1 to 5",
                default: Change::Tokens(House::CONTEST.tokens),
            },
            Setting::BackDo => SettingSpec {
                name: "back-do",
                summary: "the marked Yut stick alone (BBBF) moves a token one station back (house rule; `help yut`)",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Change::BackDo(House::CONTEST.back_do),
            },
            Setting::CatchBonus => SettingSpec {
                name: "catch-bonus",
                summary: "a Yut catch earns one more throw (the contest: on; off is a house rule)",
                kind: ValueKind::Flag,
                expects: "`on` or `off`",
                default: Change::CatchBonus(House::CONTEST.catch_bonus),
            },
            Setting::Net => SettingSpec {
                name: "net",
                summary: "the Congo engine's evaluation network: off, default (built in) or a network file (`set net FILE`)",
                kind: ValueKind::Net,
                expects: "`off`, `default` or a network file's name",
                default: Change::Net(STARTUP_NET),
            },
            Setting::Tutor => SettingSpec {
                name: "tutor",
                summary: "against the computer, stop a move of yours as bad as this mark (?!, ? or ??) before it is played; type it again (or `play MOVE!`) to play it",
                kind: ValueKind::Tutor,
                expects: "`off`, `?!`, `?` or `??`",
                default: Change::Tutor(Tutor::Off),
            },
        }
    }

    /// The setting's name.
    pub fn name(self) -> &'static str {
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
            Setting::Net => net_choice(text).map(Change::Net),
            Setting::Tutor => word(text, Tutor::ALL, Tutor::name).map(Change::Tutor),
        };
        change.ok_or(self.spec().expects)
    }

    /// The range of a numeric setting's values (its kind's, written once
    /// in [`Setting::spec`]); `None` for the others.
    pub fn range(self) -> Option<(u64, u64)> {
        match self.spec().kind {
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
        match self.spec().kind {
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

/// `off`, `default` (any case) or a file name (any other text but the
/// empty one).
pub(crate) fn net_choice(text: &str) -> Option<NetChoice> {
    if text.eq_ignore_ascii_case("off") {
        Some(NetChoice::Off)
    } else if text.eq_ignore_ascii_case("default") {
        Some(NetChoice::Default)
    } else if text.is_empty() {
        None
    } else {
        Some(NetChoice::File(text.to_string()))
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
    /// Milliseconds Congo's `hint` thinks, and `review` a position.
    pub hint_ms: u64,
    /// The computer's strength, `LEVEL_MIN..=LEVEL_MAX`.
    pub level: u64,
    /// The sides the computer plays by itself, each game its own.
    pub computer: Computer,
    /// The repetition house rule.
    pub draw: Draw,
    /// When boards are drawn after changes.
    pub show: Show,
    /// When the Congo board is drawn from Black's side.
    pub flip: Flip,
    /// The colours' background.
    pub theme: Theme,
    /// The Yut house rules: tokens a side, back-do, the catch bonus.
    pub house: House,
    /// The Congo engine's network (the session holds the network read).
    pub net: NetChoice,
    /// The tutor's threshold (versus mode).
    pub tutor: Tutor,
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
            hint_ms: 1000,
            level: LEVEL_MAX,
            computer: Computer::NONE,
            draw: Draw::Off,
            show: Show::Auto,
            flip: Flip::Auto,
            theme: Theme::Auto,
            house: House::CONTEST,
            net: STARTUP_NET,
            tutor: Tutor::Off,
        }
    }
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
            Setting::Tokens => Change::Tokens(self.house.tokens),
            Setting::BackDo => Change::BackDo(self.house.back_do),
            Setting::CatchBonus => Change::CatchBonus(self.house.catch_bonus),
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
                self.house.tokens = u8::try_from(n).unwrap_or(House::CONTEST.tokens);
            }
            Change::BackDo(b) => self.house.back_do = b,
            Change::CatchBonus(b) => self.house.catch_bonus = b,
            Change::Net(choice) => self.net = choice,
            Change::Tutor(t) => self.tutor = t,
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
