//! [`Change`]: one setting with its new value, typed.

use super::{ComputerChange, Draw, Flip, Show, Theme, Threads, Tutor, team_name};
use crate::congo::Rules;
use crate::congo::eval::NetChoice;
use crate::yut::{Sticks, Team};
use std::fmt;

/// A setting and its value, typed per setting: what `set NAME VALUE` and
/// the command line's flags parse ([`Setting::parse`]), what
/// [`super::Settings::apply`] makes and [`super::Settings::get`] reads.
/// A value of another setting's kind cannot be written. Its setting,
/// [`Change::setting`], comes with the declarations ([`super::table`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Timer(bool),
    Quiet(bool),
    KeepGoing(bool),
    Threads(Threads),
    /// The engine's table, in megabytes.
    Hash(u64),
    Rules(Rules),
    /// `seed N`, or `seed N+K`: the seed N, the sticks' random state K
    /// draws on from it (what `save` writes; the setting itself keeps N).
    Seed {
        seed: u64,
        draws: Option<u64>,
    },
    Sticks(Sticks),
    First(Team),
    Tablebase(bool),
    /// Centipawns.
    Contempt(i32),
    /// Milliseconds.
    HintTime(u64),
    Level(u64),
    /// Each game's new computer side, or its own kept.
    Computer(ComputerChange),
    Draw(Draw),
    Show(Show),
    Flip(Flip),
    Theme(Theme),
    Tokens(u8),
    BackDo(bool),
    CatchBonus(bool),
    /// The Congo engine's network.
    Net(NetChoice),
    /// The tutor's threshold.
    Tutor(Tutor),
}

/// The value as `set` shows it and takes it back (the setting's own
/// parser reads it: a test checks every setting).
impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = |b: bool| if b { "on" } else { "off" };
        match self {
            Change::Timer(b)
            | Change::Quiet(b)
            | Change::KeepGoing(b)
            | Change::Tablebase(b)
            | Change::BackDo(b)
            | Change::CatchBonus(b) => f.write_str(on(*b)),
            Change::Threads(Threads::Auto) => f.write_str("auto"),
            Change::Threads(Threads::N(n))
            | Change::Hash(n)
            | Change::Level(n)
            | Change::HintTime(n) => {
                write!(f, "{n}")
            }
            Change::Contempt(n) => write!(f, "{n}"),
            Change::Tokens(n) => write!(f, "{n}"),
            Change::Rules(r) => f.write_str(r.name()),
            Change::Seed { seed, draws: None } => write!(f, "{seed}"),
            Change::Seed {
                seed,
                draws: Some(draws),
            } => write!(f, "{seed}+{draws}"),
            Change::Sticks(s) => write!(f, "{s}"),
            Change::First(t) => f.write_str(team_name(*t)),
            Change::Computer(c) => write!(f, "{c}"),
            Change::Draw(d) => f.write_str(d.name()),
            Change::Show(s) => f.write_str(s.name()),
            Change::Flip(s) => f.write_str(s.name()),
            Change::Theme(t) => f.write_str(t.name()),
            Change::Tutor(t) => f.write_str(t.name()),
            Change::Net(NetChoice::Off) => f.write_str("off"),
            Change::Net(NetChoice::Default) => f.write_str("default"),
            // Quoted as `set net` reads a file name back (a file named
            // `off` is written `./off` by whoever names it so).
            Change::Net(NetChoice::File(path)) => f.write_str(&crate::shell::words::quote(path)),
        }
    }
}
