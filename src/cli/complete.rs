//! What the prompt offers as you type: completions and usage hints, as pure
//! functions of the line (the rustyline glue lives in `repl`).

use crate::congo::{PieceKind, Position, legal_moves, move_count_up_to};
use crate::shell::command::Command;
use crate::shell::commands::{self, Complete, Keyword};
use crate::shell::parse::parse_segment;
use crate::shell::parse::segments;
use crate::shell::settings::Setting;
use crate::shell::words;

/// What Tab should complete at the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from this byte offset with one of these words.
    Words(usize, Vec<String>),
    /// Complete the file-name argument that starts at this byte offset
    /// (see [`complete_path`]).
    Path(usize),
}

/// All 16 throws, in F/B order.
fn throws() -> Vec<String> {
    (0..16u8)
        .map(|bits| {
            (0..4)
                .map(|i| if bits & (8 >> i) != 0 { 'B' } else { 'F' })
                .collect()
        })
        .collect()
}

/// The text of the command being typed: after the last `;` before `pos`
/// that is outside quotes (the parser's own splitting rule).
fn current(line: &str, pos: usize) -> (usize, &str) {
    let before = line.get(..pos).unwrap_or(line);
    let mut start = 0;
    while let Some((i, b';')) = before.get(start..).and_then(words::split_point) {
        start += i + 1;
    }
    (start, before.get(start..).unwrap_or(""))
}

/// Whether the command text `seg` has reached a `#` comment.
fn in_comment(seg: &str) -> bool {
    matches!(words::split_point(seg), Some((_, b'#')))
}

/// Byte offsets where the blank-separated words of `seg` start.
fn word_starts(seg: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut prev_blank = true;
    for (i, c) in seg.char_indices() {
        let blank = c == ' ' || c == '\t';
        if prev_blank && !blank {
            out.push(i);
        }
        prev_blank = blank;
    }
    out
}

/// Completions of a file-name argument typed so far (`arg`, from its start
/// to the cursor): pairs of what to show and what replaces the whole
/// argument. `home` is what `~` stands for; `list(dir)` lists the entries
/// of directory `dir` (`""`: the current one) as (name, is a directory).
/// Each replacement is written by [`words::quote`], so the parser reads it
/// back as exactly the completed path; a directory ends in `/` so that Tab
/// can go on into it.
pub fn complete_path(
    arg: &str,
    home: Option<&str>,
    list: impl Fn(&str) -> Vec<(String, bool)>,
) -> Vec<(String, String)> {
    let (typed, _) = words::read_partial(arg, home);
    let cut = typed.rfind('/').map_or(0, |i| i + 1);
    let (dir, base) = typed.split_at(cut);
    // A leading `~/` typed by the user stays `~/` (then quoted text).
    let tilde = home
        .filter(|h| (arg == "~" || arg.starts_with("~/")) && typed.starts_with(h))
        .map(|h| h.len() + 1);
    let mut out: Vec<(String, String)> = list(dir)
        .into_iter()
        .filter(|(name, _)| name.starts_with(base))
        .map(|(name, is_dir)| {
            let slash = if is_dir { "/" } else { "" };
            let full = format!("{dir}{name}{slash}");
            let replacement = match tilde.and_then(|n| full.get(n..)) {
                Some(rest) if !rest.is_empty() => format!("~/{}", words::quote(rest)),
                _ => words::quote(&full),
            };
            (format!("{name}{slash}"), replacement)
        })
        .collect();
    out.sort();
    out
}

/// What the registry says completes at argument `index` (0-based) of the
/// command `keyword`; a path argument goes on to the end of the command.
fn arg_completion(keyword: &str, index: usize) -> Option<Complete> {
    let (kw, _) = Keyword::find(keyword)?;
    let args = kw.spec().args;
    match args.get(index) {
        Some(a) => Some(a.complete),
        None => args
            .last()
            .map(|a| a.complete)
            .filter(|c| *c == Complete::Path),
    }
}

/// The position the command starting at byte `seg_start` of `line` sees:
/// `position` with the line's earlier `play` commands replayed (up to the
/// first one that does not parse or is not legal).
fn position_at(line: &str, seg_start: usize, position: &Position) -> Position {
    let mut pos = position.clone();
    let before = line.get(..seg_start).unwrap_or("");
    for seg in segments(before) {
        match parse_segment(before, seg) {
            Ok(Some(cmd)) => {
                if let Command::Play(mv) = cmd.command
                    && pos.play(mv).is_err()
                {
                    break;
                }
            }
            Ok(None) => {}
            Err(_) => break,
        }
    }
    pos
}

/// The legal moves of `position` in notation (`e2e3`), or with `-`
/// between the squares (`e2-e3`) when `dashed`; none when there are
/// absurdly many (a hand-made position), as the prompt must stay quick.
fn move_names(position: &Position, dashed: bool) -> Vec<String> {
    const LIMIT: u64 = 10_000;
    if move_count_up_to(position, LIMIT) >= LIMIT {
        return Vec::new();
    }
    legal_moves(position)
        .iter()
        .map(|mv| {
            if dashed {
                let squares: Vec<String> = mv.squares().map(|s| s.to_string()).collect();
                squares.join("-")
            } else {
                mv.to_string()
            }
        })
        .collect()
}

/// What the command being typed sees: its words so far, the word under
/// the cursor, and the position it would be played in.
struct At<'a> {
    words: &'a [&'a str],
    partial: &'a str,
    position: &'a Position,
}

/// The words a completion entry offers.
fn offered(complete: Complete, at: &At<'_>) -> Vec<String> {
    let owned = |list: &[&str]| list.iter().map(|w| (*w).to_string()).collect();
    match complete {
        Complete::Nothing | Complete::Path => Vec::new(),
        Complete::Words(list) | Complete::ExactWords(list) => owned(list),
        Complete::Throws => throws(),
        Complete::PieceKinds => kinds(),
        Complete::KindsAndSquares => {
            let side = at.position.by_color(at.position.side_to_move());
            let mut out = kinds();
            out.extend(side.map(|sq| sq.to_string()));
            out
        }
        Complete::LegalMoves => move_names(at.position, at.partial.contains('-')),
        Complete::Keywords => commands::names().map(str::to_string).collect(),
        Complete::Settings => Setting::ALL.iter().map(|s| s.name().to_string()).collect(),
        Complete::SettingValue => at
            .words
            .get(1)
            .and_then(|name| Setting::find(name))
            .map(|s| owned(s.completions()))
            .unwrap_or_default(),
    }
}

/// The Congo piece kind names.
fn kinds() -> Vec<String> {
    PieceKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect()
}

/// Where the file-name argument of the command text `seg` starts, when
/// the cursor (at the end of `seg`) is in it: a file name is the last
/// argument and runs to the end of the command, blanks and quotes included.
fn path_start(seg: &str) -> Option<usize> {
    let starts = word_starts(seg);
    let (kw, _) = Keyword::find(seg.get(*starts.first()?..)?.split([' ', '\t']).next()?)?;
    let at = kw
        .spec()
        .args
        .iter()
        .position(|a| a.complete == Complete::Path)?;
    // The words before the path must be ones the other entries accept.
    for i in 0..at {
        let word = seg.get(*starts.get(i + 1)?..)?.split([' ', '\t']).next()?;
        if let Some(c) = kw.spec().args.get(i).map(|a| a.complete) {
            let ok = matches!(c, Complete::Words(l) | Complete::ExactWords(l)
                if l.iter().any(|o| o.eq_ignore_ascii_case(word)));
            if !ok && !matches!(c, Complete::Nothing) {
                return None;
            }
        }
    }
    match starts.get(at + 1) {
        Some(&s) => Some(s),
        // Not typed yet: only once the words before it are complete.
        None => (starts.len() == at + 1 && seg.ends_with([' ', '\t'])).then_some(seg.len()),
    }
}

/// Candidates for the word under the cursor in `line`; `position` is the
/// session's Congo position (moves after `play` are those of it after the
/// line's earlier `play` commands).
pub fn complete(line: &str, pos: usize, position: &Position) -> Completion {
    let (seg_start, seg) = current(line, pos);
    if in_comment(seg) {
        return Completion::Words(pos, Vec::new());
    }
    if let Some(start) = path_start(seg) {
        return Completion::Path(seg_start + start);
    }
    let word_start = seg.rfind([' ', '\t']).map_or(0, |i| i + 1);
    let partial = seg.get(word_start..).unwrap_or("");
    let start = seg_start + word_start;
    let words: Vec<&str> = seg.split_whitespace().collect();
    let index = if partial.is_empty() {
        words.len()
    } else {
        words.len().saturating_sub(1)
    };
    let (options, fold) = match (index, words.first()) {
        (0, _) => (commands::names().map(str::to_string).collect(), true),
        (_, Some(keyword)) => match arg_completion(keyword, index - 1) {
            Some(c) => (
                offered(
                    c,
                    &At {
                        words: &words,
                        partial,
                        position: &position_at(line, seg_start, position),
                    },
                ),
                !matches!(c, Complete::ExactWords(_)),
            ),
            None => (Vec::new(), true),
        },
        (_, None) => (Vec::new(), true),
    };
    let matches = options
        .into_iter()
        .filter(|o| {
            if fold {
                o.to_ascii_lowercase()
                    .starts_with(&partial.to_ascii_lowercase())
            } else {
                o.starts_with(partial)
            }
        })
        .collect();
    Completion::Words(start, matches)
}

/// A greyed usage hint for the command being typed, shown after the cursor
/// at the end of the line: the rest of a uniquely typed keyword, then its
/// arguments; after an argument and a blank, the usage of what comes next.
/// `None` when there is nothing useful to say.
pub fn hint(line: &str, pos: usize) -> Option<String> {
    if pos < line.len() {
        return None;
    }
    let (_, seg) = current(line, pos);
    let seg = seg.trim_start();
    if seg.is_empty() || in_comment(seg) {
        return None;
    }
    let (word, rest) = match seg.split_once([' ', '\t']) {
        Some((w, r)) => (w, Some(r)),
        None => (seg, None),
    };
    match rest {
        None => {
            let (kw, name) = match Keyword::find(word) {
                Some(found) => found,
                None => {
                    let lower = word.to_ascii_lowercase();
                    let mut found = commands::names().filter(|n| n.starts_with(&lower));
                    let name = found.next()?;
                    if found.next().is_some() {
                        return None;
                    }
                    Keyword::find(name)?
                }
            };
            let spec = kw.spec();
            let tail = name.get(word.len()..).unwrap_or("");
            if spec.usage.is_empty() {
                (!tail.is_empty()).then(|| tail.to_string())
            } else {
                Some(format!("{tail} {}", spec.usage))
            }
        }
        Some(r) => {
            // Only right after a blank: the next argument's usage.
            if !r.is_empty() && !r.ends_with([' ', '\t']) {
                return None;
            }
            let (kw, _) = Keyword::find(word)?;
            let typed = r.split_whitespace().count();
            kw.spec().args.get(typed).map(|a| a.hint.to_string())
        }
    }
}

/// Byte ranges of the keywords in `line` (first word of each command),
/// for highlighting; `true` when the keyword is known.
pub fn keywords(line: &str) -> Vec<(usize, usize, bool)> {
    let mut out = Vec::new();
    for seg in segments(line) {
        let offset = (seg.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
        let lead = seg.len() - seg.trim_start().len();
        if let Some(word) = seg.split_whitespace().next() {
            out.push((offset + lead, word.len(), Keyword::find(word).is_some()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> (usize, Vec<String>) {
        match complete(line, line.len(), &Position::start()) {
            Completion::Words(s, w) => (s, w),
            Completion::Path(_) => panic!("unexpected path completion"),
        }
    }

    #[test]
    fn command_names() {
        assert_eq!(words("sh"), (0, vec!["show".to_string()]));
        assert_eq!(words("RE"), (0, vec!["reset".to_string()]));
        let (_, all) = words("mo");
        assert_eq!(all, ["moves", "move"]);
        // After a `;`, a new command starts at byte 6.
        assert_eq!(words("show; un"), (6, vec!["undo".to_string()]));
    }

    #[test]
    fn arguments() {
        assert_eq!(words("move ").1.len(), 8);
        assert_eq!(words("move a").1, ["a"], "token letters are case-sensitive");
        assert_eq!(words("move A FFB").1, ["FFBF", "FFBB"]);
        assert_eq!(words("reset y").1, ["yut"]);
        assert_eq!(
            complete("source sc", 9, &Position::start()),
            Completion::Path(7)
        );
        assert_eq!(words("set ke").1, ["keep-going"]);
        assert_eq!(words("set quiet o").1, ["on", "off"]);
        assert_eq!(words("help ex").1, ["exit"]);
    }

    #[test]
    fn hints() {
        assert_eq!(hint("move", 4).as_deref(), Some(" <token> [<throw>]"));
        assert_eq!(hint("move ", 5).as_deref(), Some("<token> [<throw>]"));
        // The rest of the keyword, then its usage (as for `move`).
        assert_eq!(hint("sh", 2).as_deref(), Some("ow [svg[!] <file>]"));
        assert_eq!(hint("mov", 3), None, "move and moves both match");
        assert_eq!(hint("move A", 6), None);
        assert_eq!(hint("move A ", 7).as_deref(), Some("[<throw>]"));
        assert_eq!(hint("move A FFFF ", 12), None, "nothing after the throw");
        assert_eq!(hint("set ", 4).as_deref(), Some("[<name> <value>]"));
        assert_eq!(hint("xyz", 3), None);
    }

    /// The registry walked from the prompt's side: every keyword and alias
    /// completes to itself, is highlighted as known, shows its usage as a
    /// hint, and each argument position has a completion entry and a hint.
    #[test]
    fn every_registry_entry_completes_and_hints() {
        for &kw in Keyword::ALL {
            let spec = kw.spec();
            for name in std::iter::once(spec.name).chain(spec.aliases.iter().copied()) {
                assert!(words(name).1.contains(&name.to_string()), "{name}");
                assert_eq!(keywords(name), [(0, name.len(), true)], "{name}");
                let typed = format!("{name} ");
                let hint = hint(&typed, typed.len());
                if spec.usage.is_empty() {
                    assert_eq!(hint, None, "{name}");
                } else {
                    assert_eq!(hint.as_deref(), Some(spec.usage), "{name}");
                }
                for (i, a) in spec.args.iter().enumerate() {
                    assert_eq!(arg_completion(name, i), Some(a.complete), "{name} arg {i}");
                }
            }
        }
    }

    /// A fake file system: `sub dir/` holding `my file.bsh`, plus `plain.bsh`.
    fn fake(dir: &str) -> Vec<(String, bool)> {
        match dir {
            "" => vec![("sub dir".into(), true), ("plain.bsh".into(), false)],
            "sub dir/" | "/h/sub dir/" => vec![("my file.bsh".into(), false)],
            "/h/" => vec![("sub dir".into(), true)],
            _ => Vec::new(),
        }
    }

    /// What `source <replacement>` parses to.
    fn sourced(replacement: &str) -> Option<String> {
        match crate::shell::parse::parse_line(&format!("source {replacement}")) {
            Ok(cmds) => match cmds.as_slice() {
                [one] => match &one.command {
                    crate::shell::command::Command::Source(p) => Some(p.clone()),
                    _ => None,
                },
                _ => None,
            },
            Err(_) => None,
        }
    }

    #[test]
    fn paths_complete_to_what_the_parser_reads() {
        let start = Position::start();
        assert_eq!(complete("source sub", 10, &start), Completion::Path(7));
        assert_eq!(complete("show svg a b", 12, &start), Completion::Path(9));
        assert_eq!(
            complete("show; source \"a;b", 17, &start),
            Completion::Path(13)
        );
        let dir = complete_path("sub", None, fake);
        assert_eq!(dir, [("sub dir/".to_string(), "\"sub dir/\"".to_string())]);
        // Into the directory, whether typed quoted, escaped or plain.
        for typed in ["\"sub dir/\"", "sub\\ dir/my", "'sub dir/'m", "\"sub dir/m"] {
            let got = complete_path(typed, None, fake);
            assert_eq!(got.len(), 1, "{typed}");
            let (_, r) = &got[0];
            assert_eq!(
                sourced(r).as_deref(),
                Some("sub dir/my file.bsh"),
                "{typed}"
            );
        }
        // The old rustyline escaping also reads back now.
        assert_eq!(
            sourced("sub\\ dir/my\\ file.bsh").as_deref(),
            Some("sub dir/my file.bsh")
        );
        // `~/` stays as typed and still names the file under the home.
        let got = complete_path("~/sub dir/", Some("/h"), fake);
        assert_eq!(got[0].1, "~/\"sub dir/my file.bsh\"");
        assert_eq!(
            words::read(&got[0].1, Some("/h")).as_deref(),
            Ok("/h/sub dir/my file.bsh")
        );
        assert_eq!(complete_path("pl", None, fake)[0].1, "plain.bsh");
    }

    proptest::proptest! {
        /// Any file name: typing a prefix of it (plainly when it is plain,
        /// else as an open double quote), completing, and parsing the line
        /// yields the file.
        #[test]
        fn completing_then_parsing_yields_the_file(
            name in "[^\n\r/]{1,16}",
            cut in 0usize..16,
            in_dir in proptest::bool::ANY,
        ) {
            let dir = if in_dir { "d; #x/" } else { "" };
            let prefix: String = name.chars().take(cut).collect();
            let quoted = words::quote(&format!("{dir}{prefix}"));
            let typed = if quoted.ends_with('"') && !quoted.is_empty() {
                quoted.get(..quoted.len() - 1).unwrap_or("").to_string()
            } else {
                quoted
            };
            let line = format!("source {typed}");
            proptest::prop_assert_eq!(complete(&line, line.len(), &Position::start()), Completion::Path(7));
            let list = |d: &str| {
                if d == dir { vec![(name.clone(), false)] } else { Vec::new() }
            };
            let got = complete_path(&typed, None, list);
            proptest::prop_assert_eq!(got.len(), 1);
            let want = format!("{dir}{name}");
            proptest::prop_assert_eq!(sourced(&got[0].1), Some(want));
        }
    }

    /// Sorted, for comparing sets of words.
    fn sorted(line: &str) -> Vec<String> {
        let mut w = words(line).1;
        w.sort();
        w
    }

    /// The start position (START_FEN): White pawns on a2..g2, pieces on
    /// rank 1, Black's pawns on rank 6; a pawn steps straight or
    /// diagonally forward, so the e2 pawn has d3, e3 and f3.
    #[test]
    fn play_completes_moves_dashes_and_replies() {
        assert_eq!(sorted("play e2"), ["e2d3", "e2e3", "e2f3"]);
        assert_eq!(sorted("play e2-"), ["e2-d3", "e2-e3", "e2-f3"]);
        assert_eq!(
            sorted("play E2-"),
            ["e2-d3", "e2-e3", "e2-f3"],
            "case folds"
        );
        // White to move: nothing from Black's c6 pawn...
        assert_eq!(sorted("play c6"), Vec::<String>::new());
        // ...but after `play e2e3` on the same line it is Black's reply.
        assert_eq!(sorted("play e2e3; play c6"), ["c6b5", "c6c5", "c6d5"]);
        assert_eq!(sorted("play e2e3; play c6-"), ["c6-b5", "c6-c5", "c6-d5"]);
        assert_eq!(
            sorted("play e2e3;play e3"),
            Vec::<String>::new(),
            "not White's turn"
        );
        // An illegal earlier move stops the replay: White is still to move.
        assert_eq!(sorted("play e2e5; play e2"), ["e2d3", "e2e3", "e2f3"]);
        // Every reply is legal in the position after e2e3, and vice versa.
        let after = Position::start()
            .after(crate::congo::parse_move("e2e3").unwrap())
            .unwrap();
        let mut want: Vec<String> = legal_moves(&after)
            .iter()
            .map(ToString::to_string)
            .collect();
        want.sort();
        assert_eq!(sorted("play e2e3; play "), want);
    }

    #[test]
    fn moves_completes_kinds_and_own_squares() {
        // `e`: the elephant kind, and White's e1 (elephant) and e2 (pawn).
        assert_eq!(sorted("moves e"), ["e1", "e2", "elephant"]);
        // 8 kinds plus White's 14 pieces (7 on rank 1, 7 pawns).
        assert_eq!(words("moves ").1.len(), 8 + 14);
        // Black to move after e2e3: Black's squares, not White's.
        assert_eq!(sorted("play e2e3; moves e"), ["e6", "e7", "elephant"]);
    }

    #[test]
    fn keyword_ranges() {
        assert_eq!(keywords("show; bogus x # c"), [(0, 4, true), (6, 5, false)]);
    }
}
