//! Which game each command belongs to, for `help`'s three groups: Congo,
//! Yut, and the session. One exhaustive match, so a new command does not
//! compile until it has its group.

use super::Keyword;

/// A group of commands in `help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The Congo position, its moves and the engine.
    Congo,
    /// The Yut game.
    Yut,
    /// Both games: settings, undo, files, help.
    Session,
}

impl Group {
    /// The groups in the order `help` lists them.
    pub const ALL: [Group; 3] = [Group::Congo, Group::Yut, Group::Session];

    /// The heading `help` gives the group.
    pub const fn heading(self) -> &'static str {
        match self {
            Group::Congo => "Congo (the 7x7 chess variant; `help congo` for the rules):",
            Group::Yut => "Yut Nori (the race game; `help yut` for the rules):",
            Group::Session => {
                "the session, both games (separate commands with `;`, comment with `#`):"
            }
        }
    }

    /// The group's commands, in registry order.
    pub fn keywords(self) -> impl Iterator<Item = Keyword> {
        Keyword::ALL
            .iter()
            .copied()
            .filter(move |kw| kw.group() == self)
    }
}

impl Keyword {
    /// The group `help` lists the command in.
    pub const fn group(self) -> Group {
        match self {
            Keyword::Fen
            | Keyword::List
            | Keyword::Board
            | Keyword::Moves
            | Keyword::Play
            | Keyword::Status
            | Keyword::Perft
            | Keyword::Divide
            | Keyword::Eval
            | Keyword::Minimax
            | Keyword::Alphabeta
            | Keyword::Best
            | Keyword::Go
            | Keyword::Analyze
            | Keyword::Tb
            | Keyword::Hint
            | Keyword::Review
            | Keyword::Retry
            | Keyword::Drill => Group::Congo,
            Keyword::Move
            | Keyword::Throw
            | Keyword::Turn
            | Keyword::Options
            | Keyword::Auto
            | Keyword::Odds
            | Keyword::Show
            | Keyword::Where
            | Keyword::Stations => Group::Yut,
            Keyword::Reset
            | Keyword::New
            | Keyword::Undo
            | Keyword::Redo
            | Keyword::Source
            | Keyword::Set
            | Keyword::History
            | Keyword::Clear
            | Keyword::Save
            | Keyword::SaveForce
            | Keyword::Help
            | Keyword::Quit => Group::Session,
        }
    }
}

/// The quick start at the top of `help`: three lines, real commands.
pub const QUICK_START: &str = "\
play the computer: `new congo white`, moves (`e2e3`), then `review`, `retry`;
or Yut: `new yut upper`, then `throw` and `move A` (the computer is lower);
`set level 1` is the weakest computer, 12 the strongest; `help yut` the rules.
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::parse::parse_command;

    #[test]
    fn every_command_is_in_exactly_one_group() {
        // Walk the registry: each keyword is listed by exactly one group.
        for &kw in Keyword::ALL {
            let n = Group::ALL
                .iter()
                .filter(|g| g.keywords().any(|k| k == kw))
                .count();
            assert_eq!(n, 1, "{}", kw.name());
        }
        let total: usize = Group::ALL.iter().map(|g| g.keywords().count()).sum();
        assert_eq!(total, Keyword::ALL.len());
    }

    #[test]
    fn the_quick_start_is_three_lines_of_real_commands() {
        assert_eq!(QUICK_START.lines().count(), 3);
        // Every command quoted in backticks parses.
        let quoted: Vec<&str> = QUICK_START.split('`').skip(1).step_by(2).collect();
        assert!(quoted.len() >= 6, "{quoted:?}");
        for cmd in quoted {
            assert!(parse_command(cmd).is_ok(), "`{cmd}` does not parse");
        }
        // Each line fits 80 columns, so at 80 the quick start is 3 lines.
        assert!(QUICK_START.lines().all(|l| l.len() <= 80));
        // It names the real top level (full strength, the default).
        let top = crate::shell::settings::LEVEL_MAX;
        assert!(QUICK_START.contains(&format!(", {top} the strongest")));
    }
}
