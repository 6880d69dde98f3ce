//! The grammar: the fast path against nom, spans, errors, keywords.

use super::*;
use crate::shell::command::ResetTarget;

#[test]
fn fast_path_agrees_with_the_grammar() {
    // Every token, every throw spelling (F/B in both cases), keyword cases.
    for kw in ["move", "MOVE", "Move"] {
        for t in "ABCDabcdxE1 ".chars() {
            for bits in 0..256u32 {
                let throw: String = (0..4)
                    .map(|i| ['F', 'B', 'f', 'b'][((bits >> (2 * i)) & 3) as usize])
                    .collect();
                let line = format!("{kw} {t} {throw}");
                let fast = fast_move(&line, &line);
                let nom = parse_segment_nom(&line, &line);
                match fast {
                    Some(l) => assert_eq!(Ok(Some(l)), nom, "{line}"),
                    None => assert!(!"ABCDabcd".contains(t), "{line} missed"),
                }
            }
        }
    }
    // Not the exact form: left to the grammar.
    assert_eq!(fast_move("move  A FFFF", "move  A FFFF"), None);
    assert_eq!(fast_move("moveA FFFFF", "moveA FFFFF"), None);
    assert_eq!(fast_move("move A FXFB", "move A FXFB"), None);
}

#[test]
fn segments_split_on_semicolons_until_a_comment() {
    let segs: Vec<&str> = segments("a; b ;c # d; e").collect();
    assert_eq!(segs, ["a", " b ", "c "]);
    assert_eq!(segments("").collect::<Vec<_>>(), [""]);
    assert_eq!(segments("#x").collect::<Vec<_>>(), [""]);
    assert_eq!(segments("a;").collect::<Vec<_>>(), ["a", ""]);
    assert_eq!(segments(";#;").collect::<Vec<_>>(), ["", ""]);
}

#[test]
fn spans_are_relative_to_the_line() {
    let line = "show; move A FFBB";
    let seg = segments(line).nth(1).unwrap();
    let located = parse_segment(line, seg).unwrap().unwrap();
    // " move A FFBB" starts at byte 5; the fast path needs no padding,
    // so this one went through the grammar: `move` at 6, `A` at 11.
    assert_eq!(located.span, Span::new(6, 11));
    assert_eq!(located.arg, Span::new(11, 1));
    let fast = parse_segment("show;move A FFBB", "move A FFBB").unwrap();
    assert!(fast.is_some());
}

#[test]
fn errors_point_at_arguments() {
    let e = parse_command("move A FXFB").unwrap_err();
    assert_eq!(e.span, Span::new(7, 4));
    let e = parse_command("move Q FFFF").unwrap_err();
    assert_eq!(e.span, Span::new(5, 1));
    let e = parse_command("fen 7/7/7/7/7/7/7 q").unwrap_err();
    assert_eq!(e.span, Span::new(18, 1));
    let e = parse_command("perft 99").unwrap_err();
    assert_eq!(e.span, Span::new(6, 2));
    let e = parse_command("reset all").unwrap_err();
    assert_eq!(e.span, Span::new(6, 3));
    let e = parse_command("show me").unwrap_err();
    assert_eq!(e.span, Span::new(5, 2));
    let e = parse_command("frobnicate").unwrap_err();
    assert_eq!(e.span, Span::new(0, 10));
}

#[test]
fn keywords_are_case_insensitive_and_comments_ignored() {
    assert_eq!(
        parse_line("LIST # list it").unwrap()[0].command,
        Command::List
    );
    assert_eq!(parse_line("  ;; # nothing").unwrap(), []);
    let cmds = parse_line("reset YUT; Help move; exit").unwrap();
    assert_eq!(cmds[0].command, Command::Reset(ResetTarget::Yut));
    assert_eq!(cmds[1].command, Command::Help(Some("move")));
    assert_eq!(cmds[2].command, Command::Quit(None));
    assert_eq!(
        parse_line("source \"my file.bsh\"").unwrap()[0].command,
        Command::Source("my file.bsh".into())
    );
}
