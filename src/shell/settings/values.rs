//! The word-valued settings' types: who the computer plays, the
//! repetition rule, when boards are drawn, the colours' background, and
//! the perft threads.

/// Which sides of Congo the computer plays by itself (versus mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CongoComputer {
    /// Nobody: people move both sides.
    #[default]
    None,
    /// White.
    White,
    /// Black.
    Black,
    /// Both sides.
    Both,
}

/// Which Yut teams the computer plays by itself (versus mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum YutComputer {
    /// Nobody: people play both teams.
    #[default]
    None,
    /// The upper team.
    Upper,
    /// The lower team.
    Lower,
    /// Both teams.
    Both,
}

impl CongoComputer {
    /// Every value.
    pub const ALL: [CongoComputer; 4] = [
        CongoComputer::None,
        CongoComputer::White,
        CongoComputer::Black,
        CongoComputer::Both,
    ];

    /// The word `set computer congo` takes.
    pub const fn name(self) -> &'static str {
        match self {
            CongoComputer::None => "none",
            CongoComputer::White => "white",
            CongoComputer::Black => "black",
            CongoComputer::Both => "both",
        }
    }
}

impl YutComputer {
    /// Every value.
    pub const ALL: [YutComputer; 4] = [
        YutComputer::None,
        YutComputer::Upper,
        YutComputer::Lower,
        YutComputer::Both,
    ];

    /// The word `set computer yut` takes.
    pub const fn name(self) -> &'static str {
        match self {
            YutComputer::None => "none",
            YutComputer::Upper => "upper",
            YutComputer::Lower => "lower",
            YutComputer::Both => "both",
        }
    }
}

/// Which sides the computer answers for by itself, each game its own
/// (versus mode): `new congo white` makes it Congo's Black and leaves
/// the Yut opponent as it was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Computer {
    pub congo: CongoComputer,
    pub yut: YutComputer,
}

impl Computer {
    /// The computer plays nothing.
    pub const NONE: Computer = Computer {
        congo: CongoComputer::None,
        yut: YutComputer::None,
    };

    /// Whether the computer plays no side of either game.
    pub fn is_off(self) -> bool {
        self == Computer::NONE
    }

    /// Whether the computer plays Congo's `side`.
    pub fn plays_congo(self, side: crate::congo::Color) -> bool {
        use crate::congo::Color;
        match self.congo {
            CongoComputer::Both => true,
            CongoComputer::White => side == Color::White,
            CongoComputer::Black => side == Color::Black,
            CongoComputer::None => false,
        }
    }

    /// Whether the computer plays the Yut `team`.
    pub fn plays_yut(self, team: crate::yut::Team) -> bool {
        use crate::yut::Team;
        match self.yut {
            YutComputer::Both => true,
            YutComputer::Upper => team == Team::Upper,
            YutComputer::Lower => team == Team::Lower,
            YutComputer::None => false,
        }
    }
}

/// A change of the `computer` setting: each game's new value, or `None`
/// where the game keeps its own (`set computer white` changes Congo's
/// alone; `none` and `both` change both games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ComputerChange {
    pub congo: Option<CongoComputer>,
    pub yut: Option<YutComputer>,
}

impl ComputerChange {
    /// Both games set to `c`.
    pub const fn all(c: Computer) -> ComputerChange {
        ComputerChange {
            congo: Some(c.congo),
            yut: Some(c.yut),
        }
    }

    /// `c` in the shortest words that say it, when applied after
    /// `set computer none` (as `save` writes it): `none`, `both`, one
    /// side's word when the other game has no computer (`white`,
    /// `upper`, `congo both`), else both games (`congo black, yut upper`).
    pub fn shown(c: Computer) -> ComputerChange {
        match (c.congo, c.yut) {
            (CongoComputer::None, YutComputer::None) | (CongoComputer::Both, YutComputer::Both) => {
                ComputerChange::all(c)
            }
            (congo, YutComputer::None) => ComputerChange {
                congo: Some(congo),
                yut: None,
            },
            (CongoComputer::None, yut) => ComputerChange {
                congo: None,
                yut: Some(yut),
            },
            _ => ComputerChange::all(c),
        }
    }

    /// `c` with this change made.
    pub fn applied_to(self, c: Computer) -> Computer {
        Computer {
            congo: self.congo.unwrap_or(c.congo),
            yut: self.yut.unwrap_or(c.yut),
        }
    }

    /// The words `set computer` takes (any case; a comma may separate
    /// the games): `none` (or `off`) and `both` for both games; a side's
    /// own word (`white`, `black`, `upper`, `lower`) for its game alone;
    /// `congo X` or `yut X` for one game (X a side, `both` or `none`);
    /// `congo X yut Y` for both.
    pub fn parse(text: &str) -> Option<ComputerChange> {
        let words: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let is = |w: &str, name: &str| w.eq_ignore_ascii_case(name);
        let congo = |w: &str| CongoComputer::ALL.into_iter().find(|c| is(w, c.name()));
        let yut = |w: &str| YutComputer::ALL.into_iter().find(|c| is(w, c.name()));
        let mut change = ComputerChange::default();
        match words.as_slice() {
            [w] if is(w, "none") || is(w, "off") => {
                return Some(ComputerChange::all(Computer::NONE));
            }
            [w] if is(w, "both") => {
                return Some(ComputerChange::all(Computer {
                    congo: CongoComputer::Both,
                    yut: YutComputer::Both,
                }));
            }
            [w] => {
                change.congo = congo(w).filter(|c| *c != CongoComputer::None);
                change.yut = yut(w).filter(|c| *c != YutComputer::None);
            }
            pairs if pairs.len() == 2 || pairs.len() == 4 => {
                for pair in pairs.chunks(2) {
                    let [game, value] = pair else { return None };
                    if is(game, "congo") && change.congo.is_none() {
                        change.congo = Some(congo(value)?);
                    } else if is(game, "yut") && change.yut.is_none() {
                        change.yut = Some(yut(value)?);
                    } else {
                        return None;
                    }
                }
            }
            _ => return None,
        }
        (change.congo.is_some() || change.yut.is_some()).then_some(change)
    }
}

impl std::fmt::Display for ComputerChange {
    /// The words [`ComputerChange::parse`] reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.congo, self.yut) {
            (Some(CongoComputer::None), Some(YutComputer::None)) => f.write_str("none"),
            (Some(CongoComputer::Both), Some(YutComputer::Both)) => f.write_str("both"),
            (Some(c), Some(y)) => write!(f, "congo {}, yut {}", c.name(), y.name()),
            (Some(c @ (CongoComputer::White | CongoComputer::Black)), None) => {
                f.write_str(c.name())
            }
            (Some(c), None) => write!(f, "congo {}", c.name()),
            (None, Some(y @ (YutComputer::Upper | YutComputer::Lower))) => f.write_str(y.name()),
            (None, Some(y)) => write!(f, "yut {}", y.name()),
            (None, None) => f.write_str("unchanged"),
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

/// Whether the Congo board is drawn from Black's side (rank 1 at the
/// top, file g on the left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Flip {
    /// When the person plays Black against the computer (versus mode).
    #[default]
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

impl Flip {
    /// Every value.
    pub const ALL: [Flip; 3] = [Flip::Auto, Flip::On, Flip::Off];

    /// The word `set flip` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Flip::Auto => "auto",
            Flip::On => "on",
            Flip::Off => "off",
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

/// How bad a person's move must be for the tutor to stop it before it is
/// played (versus mode): the review's marks, `off` for never.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tutor {
    /// The tutor never stops a move.
    #[default]
    Off,
    /// An inaccuracy (`?!`) or worse.
    Inaccuracy,
    /// A mistake (`?`) or worse.
    Mistake,
    /// A blunder (`??`) only.
    Blunder,
}

impl Tutor {
    /// Every value.
    pub const ALL: [Tutor; 4] = [
        Tutor::Off,
        Tutor::Inaccuracy,
        Tutor::Mistake,
        Tutor::Blunder,
    ];

    /// The word `set tutor` takes: `off` or the review's mark.
    pub const fn name(self) -> &'static str {
        match self {
            Tutor::Off => "off",
            Tutor::Inaccuracy => "?!",
            Tutor::Mistake => "?",
            Tutor::Blunder => "??",
        }
    }

    /// The least mark a move is stopped for (`None`: off).
    pub const fn least(self) -> Option<crate::congo::analysis::Mark> {
        use crate::congo::analysis::Mark;
        match self {
            Tutor::Off => None,
            Tutor::Inaccuracy => Some(Mark::Inaccuracy),
            Tutor::Mistake => Some(Mark::Mistake),
            Tutor::Blunder => Some(Mark::Blunder),
        }
    }
}
