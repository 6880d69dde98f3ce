//! The command table: names, usage and examples, shared by `help`, the
//! prompt's completion and its hints.

/// One command's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandDoc {
    /// The keyword, lower case.
    pub name: &'static str,
    /// Usage after the keyword, e.g. `<token> <throw>`.
    pub args: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// A typical use.
    pub example: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandDoc] = &[
    CommandDoc {
        name: "fen",
        args: "[<placement> [<side> [<move>]]]",
        summary: "set the Congo position, or print its FEN when given nothing",
        example: "fen 2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23",
    },
    CommandDoc {
        name: "list",
        args: "",
        summary: "print the 17-line piece listing of the Congo position",
        example: "list",
    },
    CommandDoc {
        name: "board",
        args: "",
        summary: "draw the Congo position as a 7x7 grid (the river is rank 4)",
        example: "board",
    },
    CommandDoc {
        name: "moves",
        args: "[<kind>|<square>]",
        summary: "list the legal Congo moves, optionally of one piece kind or square",
        example: "moves monkey",
    },
    CommandDoc {
        name: "play",
        args: "<move>",
        summary: "make a Congo move, e.g. e2e3, b1-d3-f5 or e1xd3",
        example: "play c2c3",
    },
    CommandDoc {
        name: "status",
        args: "",
        summary: "print Continue, White wins, Black wins or Game over",
        example: "status",
    },
    CommandDoc {
        name: "perft",
        args: "<depth>",
        summary: "count the leaf nodes of the Congo move tree to a depth",
        example: "perft 3",
    },
    CommandDoc {
        name: "divide",
        args: "<depth>",
        summary: "perft split by root move, then the total",
        example: "divide 2",
    },
    CommandDoc {
        name: "move",
        args: "<token> <throw>",
        summary: "one Yut turn: a token A-D or a-d and four F/B yuts",
        example: "move A FBFB",
    },
    CommandDoc {
        name: "show",
        args: "",
        summary: "draw the 32x32 Yut board",
        example: "show",
    },
    CommandDoc {
        name: "where",
        args: "",
        summary: "list each Yut token's station, home or escaped",
        example: "where",
    },
    CommandDoc {
        name: "reset",
        args: "[congo|yut]",
        summary: "back to the start position and/or all tokens home (both when no argument)",
        example: "reset yut",
    },
    CommandDoc {
        name: "undo",
        args: "",
        summary: "take back the last command that changed the session",
        example: "undo",
    },
    CommandDoc {
        name: "source",
        args: "<file>",
        summary: "replay a script or problem-format file inside this session",
        example: "source scripts/tour.bsh",
    },
    CommandDoc {
        name: "help",
        args: "[<command>]",
        summary: "list the commands, or show one command's usage",
        example: "help move",
    },
    CommandDoc {
        name: "quit",
        args: "",
        summary: "end the session (also `exit`)",
        example: "quit",
    },
    CommandDoc {
        name: "exit",
        args: "",
        summary: "end the session (also `quit`)",
        example: "exit",
    },
];

/// The documentation of the command named `name` (any case).
pub fn find(name: &str) -> Option<&'static CommandDoc> {
    // Every name is 3..=6 bytes: anything else is not a command, and the
    // length check makes this cheap on the hot path of script replay.
    if !(3..=6).contains(&name.len()) {
        return None;
    }
    COMMANDS
        .iter()
        .find(|c| c.name.len() == name.len() && c.name.eq_ignore_ascii_case(name))
}

/// The full usage line of a command, e.g. `move <token> <throw>`.
pub fn usage(doc: &CommandDoc) -> String {
    if doc.args.is_empty() {
        doc.name.to_string()
    } else {
        format!("{} {}", doc.name, doc.args)
    }
}

/// The largest edit distance at which a command name is suggested.
const MAX_SUGGEST_DISTANCE: usize = 2;

/// The closest command name to a mistyped word, if one is close enough.
pub fn suggest(word: &str) -> Option<&'static str> {
    // The distance is at least the difference in length, so a word much
    // longer than every name has no suggestion: this keeps a 10 MB word
    // from costing a 10 MB edit-distance table per command.
    let longest = COMMANDS.iter().map(|c| c.name.len()).max().unwrap_or(0);
    if word.chars().nth(longest + MAX_SUGGEST_DISTANCE).is_some() {
        return None;
    }
    let word = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .map(|c| (edit_distance(&word, c.name), c.name))
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
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(suggest("shwo"), Some("show"));
        assert_eq!(suggest("lst"), Some("list"));
        assert_eq!(suggest("xyzzy"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        // `divide` (6 letters) is the longest name: 8 letters can still be
        // 2 edits away, 9 cannot.
        assert_eq!(suggest("dividexx"), Some("divide"));
        assert_eq!(suggest("dividexxx"), None);
        assert_eq!(suggest(&"x".repeat(10_000_000)), None);
    }

    #[test]
    fn find_is_case_insensitive_and_exact() {
        assert_eq!(find("MoVe").map(|d| d.name), Some("move"));
        assert_eq!(find("moves").map(|d| d.name), Some("moves"));
        assert_eq!(find("mov"), None);
        assert_eq!(find("movesx"), None);
        for doc in COMMANDS {
            assert!(
                (3..=6).contains(&doc.name.len()),
                "{} breaks find's length check",
                doc.name
            );
        }
    }

    #[test]
    fn every_command_has_docs() {
        for doc in COMMANDS {
            assert!(!doc.summary.is_empty());
            assert!(doc.example.to_ascii_lowercase().starts_with(doc.name));
        }
    }
}
