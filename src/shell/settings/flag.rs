//! [`Flag`]: a setting's flag on `boardsh`'s command line, declared with
//! the setting (`boardsh --threads 4` is `set threads 4`).

/// How a setting is given on `boardsh`'s command line: the flag is
/// `--NAME` (the setting's name), its value read by the setting's own
/// parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Its place among the run's options in `--help`, after `-c` and `-i`
    /// (`--color`, not a setting, holds [`Flag::COLOR_PLACE`]).
    pub place: usize,
    /// Its one-letter form (`-q`), if any.
    pub short: Option<char>,
    /// `None`: a switch that turns the setting on; else the name of its
    /// value in `--help` (`N`, `SIDE`).
    pub value_name: Option<&'static str>,
    /// Its line in `--help` (no closing full stop: clap shows none).
    pub help: &'static str,
}

impl Flag {
    /// The place of `--color` among the run's options.
    pub const COLOR_PLACE: usize = 2;

    /// A switch that turns an `on`/`off` setting on.
    pub const fn switch(place: usize, short: Option<char>, help: &'static str) -> Flag {
        Flag {
            place,
            short,
            value_name: None,
            help,
        }
    }

    /// A flag that takes a value, as `set NAME VALUE` does.
    pub const fn value(place: usize, value_name: &'static str, help: &'static str) -> Flag {
        Flag {
            place,
            short: None,
            value_name: Some(value_name),
            help,
        }
    }
}
