//! The registry walked: every command parses back from its canonical
//! form, has help, an example that parses, hints and completion entries.

use super::*;
use crate::shell::parse::parse_command;

#[test]
fn names_and_aliases_are_unique_and_found_in_any_case() {
    let all: Vec<&str> = names().collect();
    for (i, name) in all.iter().enumerate() {
        assert!(!all[..i].contains(name), "{name} twice");
        assert_eq!(name.to_ascii_lowercase(), *name);
        let (kw, found) = Keyword::find(&name.to_ascii_uppercase()).unwrap();
        assert_eq!(found, *name);
        assert!(kw.spec().name == *name || kw.spec().aliases.contains(name));
    }
    // Exact words only: no prefix, no longer word, any length accepted.
    assert_eq!(Keyword::find("mov"), None);
    assert_eq!(Keyword::find("movesx"), None);
    assert_eq!(Keyword::find("set").map(|(k, _)| k), Some(Keyword::Set));
}

#[test]
fn every_command_is_documented_and_its_example_round_trips() {
    for &kw in Keyword::ALL {
        let spec = kw.spec();
        assert!(!spec.summary.is_empty(), "{}: no summary", spec.name);
        let first = spec.example.split(' ').next().unwrap();
        assert_eq!(
            first, spec.name,
            "{}: the example starts with the keyword",
            spec.name
        );
        // The example parses to this command, and its canonical form
        // (`Display`, as `undo` names it) parses back to the same command.
        for name in std::iter::once(spec.name).chain(spec.aliases.iter().copied()) {
            let shown = example(spec, name);
            let cmd = parse_command(&shown)
                .unwrap_or_else(|e| panic!("{shown}: {e}"))
                .command;
            assert_eq!(cmd.keyword(), kw, "{shown}");
            let canonical = cmd.to_string();
            let again = parse_command(&canonical)
                .unwrap_or_else(|e| panic!("{canonical}: {e}"))
                .command;
            assert_eq!(again, cmd, "{canonical}");
        }
        // Arguments: a hint and a completion entry for each position; the
        // first hint is the whole usage.
        assert_eq!(spec.usage.is_empty(), spec.args.is_empty(), "{}", spec.name);
        if let Some(first) = spec.args.first() {
            assert_eq!(first.hint, spec.usage, "{}", spec.name);
        }
        for a in spec.args {
            assert!(!a.hint.is_empty(), "{}: empty hint", spec.name);
        }
        assert!(!spec.errors.is_empty(), "{}: no error examples", spec.name);
    }
}

#[test]
fn the_catch_all_of_old_is_gone() {
    // `evaluate` is not a command (`eval` is): it must be unknown, not `quit`.
    let e = parse_command("evaluate").unwrap_err();
    assert!(
        e.to_string().starts_with("unknown command `evaluate`"),
        "{e}"
    );
}

#[test]
fn suggestions() {
    assert_eq!(suggest("shwo"), Some("show"));
    assert_eq!(suggest("lst"), Some("list"));
    assert_eq!(suggest("xyzzy"), None);
    assert_eq!(edit_distance("kitten", "sitting"), 3);
    // `divide` and `source` (6 letters) are the longest names: 8 letters
    // can still be 2 edits away, 9 cannot.
    assert_eq!(suggest("dividexx"), Some("divide"));
    assert_eq!(suggest("dividexxx"), None);
    assert_eq!(suggest(&"x".repeat(10_000_000)), None);
}

#[test]
fn alias_help_text_names_the_other_keyword() {
    let spec = Keyword::Quit.spec();
    let base = "end the session, with an exit status 0 to 255 if given";
    assert_eq!(summary(spec, "quit"), format!("{base} (also `exit`)"));
    assert_eq!(summary(spec, "exit"), format!("{base} (also `quit`)"));
    assert_eq!(example(spec, "exit"), "exit 2");
    assert_eq!(
        usage(Keyword::Move.spec(), "move"),
        "move <token> [<throw>]"
    );
}
