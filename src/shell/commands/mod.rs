//! The command registry: the one source of every command of the shell
//! language. Each [`Keyword`] has a [`Spec`]: its keyword and aliases, its
//! usage and help text, an example, the grammar of its arguments, what the
//! prompt hints and completes after each argument, and the error-catalogue
//! examples of the errors it can give. The parser, `help`, the prompt's
//! completion, hints and highlighting all read it.
//!
//! Adding a command: its `Spec` in the file of its group ([`congo`],
//! [`yut`], [`session`], or a new file), one line in the `registry!` list
//! below, a [`Command`](super::Command) variant with its `Display` arm, and
//! its handler arm in `Session::execute`. A keyword without a spec does not
//! compile; a spec without help, hint or completion fails the registry test.

pub mod congo;
pub mod course;
pub mod drill;
pub mod engine;
pub mod groups;
mod other_game;
pub mod retry;
pub mod session;
pub mod svg;
pub mod versus;
pub mod yut;

use super::parse::grammar::ArgsParser;

/// What the prompt completes at one argument position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Complete {
    /// Nothing to offer (a FEN, a number).
    Nothing,
    /// These words, matched case-insensitively.
    Words(&'static [&'static str]),
    /// These words, matched case-sensitively (token letters).
    ExactWords(&'static [&'static str]),
    /// The 16 throws.
    Throws,
    /// The Congo piece kind names.
    PieceKinds,
    /// The piece kind names, then the squares holding a piece of the side
    /// to move (the filters of `moves`).
    KindsAndSquares,
    /// The legal Congo moves of the session.
    LegalMoves,
    /// `stop`, `stats`, `forget`, then the legal moves of the position
    /// of the `drill` under way.
    DrillMoves,
    /// `stop`, then the legal moves of the position of the `retry`
    /// under way (`stop` alone when none is).
    RetryMoves,
    /// Command names.
    Keywords,
    /// What `help` takes: the games' rule topics `congo` and `yut`, then
    /// the command names.
    HelpTopics,
    /// The Yut tokens of the team to move that can still move (all eight
    /// letters once the game is over: free turns still work).
    TokensToMove,
    /// The pending Yut throws by name when there are any, else the 16
    /// throws (a free turn).
    PendingOrThrows,
    /// A file path.
    Path,
    /// Setting names.
    Settings,
    /// A value of the setting named by the previous argument.
    SettingValue,
}

/// One argument position: the hint shown when it comes next, and what
/// completes there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgSpec {
    /// The usage from this argument on, e.g. `<throw>` after `move A`.
    pub hint: &'static str,
    /// What Tab offers here.
    pub complete: Complete,
}

/// One command's registry entry.
#[derive(Clone, Copy)]
pub struct Spec {
    /// The keyword, lower case.
    pub name: &'static str,
    /// Other keywords for the same command (`exit` for `quit`).
    pub aliases: &'static [&'static str],
    /// Usage after the keyword, e.g. `<token> <throw>` (empty: none).
    pub usage: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// A typical use (starts with the keyword).
    pub example: &'static str,
    /// Its argument positions, in order (empty when it takes none).
    pub args: &'static [ArgSpec],
    /// Ids of `docs/errors.md` examples of the errors it can give.
    pub errors: &'static [&'static str],
    /// The grammar of everything after the keyword.
    pub(crate) parse: ArgsParser,
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Spec").field("name", &self.name).finish()
    }
}

/// Declares [`Keyword`], [`Keyword::ALL`] and [`Keyword::spec`] from one
/// list, so the match is exhaustive by construction.
macro_rules! registry {
    ($($(#[$doc:meta])* $kw:ident => $spec:path,)*) => {
        /// Every command of the shell language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Keyword {
            $($(#[$doc])* $kw,)*
        }

        impl Keyword {
            /// Every command, in the order `help` lists them.
            pub const ALL: &'static [Keyword] = &[$(Keyword::$kw,)*];

            /// The command's registry entry.
            pub fn spec(self) -> &'static Spec {
                match self {
                    $(Keyword::$kw => &$spec,)*
                }
            }
        }
    };
}

registry! {
    /// `fen [<placement> [<side> [<move>]]]`
    Fen => congo::FEN,
    /// `list`
    List => congo::LIST,
    /// `board`
    Board => congo::BOARD,
    /// `moves [<kind>|<square>]`
    Moves => congo::MOVES,
    /// `play <move>`
    Play => congo::PLAY,
    /// `status`
    Status => congo::STATUS,
    /// `perft <depth>`
    Perft => congo::PERFT,
    /// `divide <depth>`
    Divide => congo::DIVIDE,
    /// `eval material|advanced`
    Eval => course::EVAL,
    /// `minimax [<depth>]`
    Minimax => course::MINIMAX,
    /// `alphabeta [<depth>]`
    Alphabeta => course::ALPHABETA,
    /// `best [depth <n>|time <s>|nodes <n>]`
    Best => engine::BEST,
    /// `go [depth <n>|time <s>|nodes <n>]`
    Go => engine::GO,
    /// `analyze`
    Analyze => engine::ANALYZE,
    /// `tb`
    Tb => engine::TB,
    /// `move <token> [<throw>]`
    Move => yut::MOVE,
    /// `throw [<sticks>]`
    Throw => yut::THROW,
    /// `turn`
    Turn => yut::TURN,
    /// `options [<throw>]`
    Options => yut::OPTIONS,
    /// `auto`
    Auto => yut::AUTO,
    /// `odds [<games> [<upper> <lower>]]`
    Odds => yut::ODDS,
    /// `hint`
    Hint => yut::HINT,
    /// `review`
    Review => yut::REVIEW,
    /// `retry [<move>|stop]`
    Retry => retry::RETRY,
    /// `drill [<move>|stop|stats|forget <n>]`
    Drill => drill::DRILL,
    /// `show`
    Show => yut::SHOW,
    /// `where`
    Where => yut::WHERE,
    /// `stations`
    Stations => yut::STATIONS,
    /// `reset [congo|yut]`
    Reset => session::RESET,
    /// `new congo [white|black]`, `new yut [upper|lower]`
    New => versus::NEW,
    /// `undo`
    Undo => session::UNDO,
    /// `redo`
    Redo => session::REDO,
    /// `source <file>`
    Source => session::SOURCE,
    /// `set [<name> <value>]`
    Set => session::SET,
    /// `help [<command>]`
    /// `history`
    History => session::HISTORY,
    /// `clear`
    Clear => session::CLEAR,
    /// `save <file>`
    Save => session::SAVE,
    /// `save! <file>`
    SaveForce => session::SAVE_FORCE,
    Help => session::HELP,
    /// `quit`, `exit`
    Quit => session::QUIT,
}

impl Keyword {
    /// The command whose keyword or alias is `word` (any case), with the
    /// name as written in the registry.
    pub fn find(word: &str) -> Option<(Keyword, &'static str)> {
        // A plain loop: this runs once per command of every replayed line.
        let w = word.as_bytes();
        let same = |name: &str| name.len() == w.len() && name.as_bytes().eq_ignore_ascii_case(w);
        for &kw in Keyword::ALL {
            let spec = kw.spec();
            if same(spec.name) {
                return Some((kw, spec.name));
            }
            for &alias in spec.aliases {
                if same(alias) {
                    return Some((kw, alias));
                }
            }
        }
        None
    }

    /// The command's canonical keyword.
    pub fn name(self) -> &'static str {
        self.spec().name
    }
}

/// Every keyword and alias, in registry order (for completion).
pub fn names() -> impl Iterator<Item = &'static str> {
    Keyword::ALL.iter().flat_map(|kw| {
        let spec = kw.spec();
        std::iter::once(spec.name).chain(spec.aliases.iter().copied())
    })
}

/// The full usage line of `name` (a keyword or alias), e.g.
/// `move <token> <throw>`.
pub fn usage(spec: &Spec, name: &str) -> String {
    if spec.usage.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", spec.usage)
    }
}

/// The summary of `spec` as shown under the name `name`: the other names
/// of the command follow it, e.g. `end the session (also `exit`)`.
pub fn summary(spec: &Spec, name: &str) -> String {
    let others: Vec<String> = std::iter::once(spec.name)
        .chain(spec.aliases.iter().copied())
        .filter(|n| *n != name)
        .map(|n| format!("`{n}`"))
        .collect();
    if others.is_empty() {
        spec.summary.to_string()
    } else {
        format!("{} (also {})", spec.summary, others.join(", "))
    }
}

/// The example of `spec` as shown under the name `name` (an alias's
/// example uses the alias).
pub fn example(spec: &Spec, name: &str) -> String {
    match spec.example.split_once(' ') {
        _ if name == spec.name => spec.example.to_string(),
        Some((_, rest)) => format!("{name} {rest}"),
        None => name.to_string(),
    }
}

/// The largest edit distance at which a command name is suggested.
const MAX_SUGGEST_DISTANCE: usize = 2;

/// The closest command name to a mistyped word, if one is close enough.
pub fn suggest(word: &str) -> Option<&'static str> {
    suggest_among(word, names)
}

/// The closest of the `names` to a mistyped word, if one is close
/// enough (command names, setting names).
pub fn suggest_among<I: Iterator<Item = &'static str>>(
    word: &str,
    names: impl Fn() -> I,
) -> Option<&'static str> {
    // The distance is at least the difference in length, so a word much
    // longer than every name has no suggestion: this keeps a 10 MB word
    // from costing a 10 MB edit-distance table per name.
    let longest = names().map(str::len).max().unwrap_or(0);
    if word.chars().nth(longest + MAX_SUGGEST_DISTANCE).is_some() {
        return None;
    }
    let word = word.to_ascii_lowercase();
    names()
        .map(|name| (edit_distance(&word, name), name))
        .filter(|&(d, name)| d <= MAX_SUGGEST_DISTANCE && d < name.len())
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// Levenshtein distance over chars (inputs are short words).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, &cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX - 1);
            let left = row.get(j).copied().unwrap_or(usize::MAX - 1);
            let value = (prev + usize::from(ca != cb)).min(above + 1).min(left + 1);
            prev = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests;
