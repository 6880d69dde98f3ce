//! The word-valued settings' types: who the computer plays, the
//! repetition rule, when boards are drawn, the colours' background, and
//! the perft threads.

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
