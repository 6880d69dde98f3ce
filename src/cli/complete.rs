//! What the prompt offers as you type: completions and usage hints, as pure
//! functions of the line (the rustyline glue lives in `repl`).

use crate::congo::PieceKind;
use crate::shell::help;

/// What Tab should complete at the cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Replace the text from this byte offset with one of these words.
    Words(usize, Vec<String>),
    /// Complete a file path (after `source`).
    Path,
}

const TOKENS: [&str; 8] = ["A", "B", "C", "D", "a", "b", "c", "d"];

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

/// The text of the command being typed: after the last `;` before `pos`.
fn current(line: &str, pos: usize) -> (usize, &str) {
    let before = line.get(..pos).unwrap_or(line);
    let start = before.rfind(';').map_or(0, |i| i + 1);
    (start, before.get(start..).unwrap_or(""))
}

/// Candidates for the word under the cursor in `line`; `moves` are the
/// legal Congo moves of the session (for `play`).
pub fn complete(line: &str, pos: usize, moves: &[String]) -> Completion {
    let (seg_start, seg) = current(line, pos);
    if seg.contains('#') {
        return Completion::Words(pos, Vec::new());
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
    let keyword = words.first().map(|w| w.to_ascii_lowercase());
    let options: Vec<String> = match (index, keyword.as_deref()) {
        (0, _) => help::COMMANDS.iter().map(|c| c.name.to_string()).collect(),
        (1, Some("move")) => TOKENS.iter().map(|t| t.to_string()).collect(),
        (2, Some("move")) => throws(),
        (1, Some("reset")) => vec!["congo".into(), "yut".into()],
        (1, Some("help")) => help::COMMANDS.iter().map(|c| c.name.to_string()).collect(),
        (1, Some("moves")) => PieceKind::ALL
            .iter()
            .map(|k| k.name().to_string())
            .collect(),
        (1, Some("play")) => moves.to_vec(),
        (_, Some("source")) => return Completion::Path,
        _ => Vec::new(),
    };
    let fold = index != 1 || keyword.as_deref() != Some("move");
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
/// arguments. `None` when there is nothing useful to say.
pub fn hint(line: &str, pos: usize) -> Option<String> {
    if pos < line.len() {
        return None;
    }
    let (_, seg) = current(line, pos);
    let seg = seg.trim_start();
    if seg.is_empty() || seg.contains('#') {
        return None;
    }
    let (word, rest) = match seg.split_once([' ', '\t']) {
        Some((w, r)) => (w, Some(r)),
        None => (seg, None),
    };
    match rest {
        None => {
            let lower = word.to_ascii_lowercase();
            let doc = match help::find(&lower) {
                Some(doc) => doc,
                None => {
                    let mut found = help::COMMANDS.iter().filter(|c| c.name.starts_with(&lower));
                    let doc = found.next()?;
                    if found.next().is_some() {
                        return None;
                    }
                    doc
                }
            };
            let tail = doc.name.get(word.len()..).unwrap_or("");
            if doc.args.is_empty() {
                (!tail.is_empty()).then(|| tail.to_string())
            } else {
                Some(format!("{tail} {}", doc.args))
            }
        }
        Some(r) if r.trim().is_empty() => {
            let doc = help::find(word)?;
            (!doc.args.is_empty()).then(|| doc.args.to_string())
        }
        Some(_) => None,
    }
}

/// Byte ranges of the keywords in `line` (first word of each command),
/// for highlighting; `true` when the keyword is known.
pub fn keywords(line: &str) -> Vec<(usize, usize, bool)> {
    let code = line.split('#').next().unwrap_or("");
    let mut out = Vec::new();
    let mut offset = 0;
    for seg in code.split(';') {
        let lead = seg.len() - seg.trim_start().len();
        if let Some(word) = seg.split_whitespace().next() {
            out.push((offset + lead, word.len(), help::find(word).is_some()));
        }
        offset += seg.len() + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> (usize, Vec<String>) {
        match complete(line, line.len(), &["e2e3".to_string(), "c2c3".to_string()]) {
            Completion::Words(s, w) => (s, w),
            Completion::Path => panic!("unexpected path completion"),
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
        assert_eq!(words("play e").1, ["e2e3"]);
        assert_eq!(complete("source sc", 9, &[]), Completion::Path);
    }

    #[test]
    fn hints() {
        assert_eq!(hint("move", 4).as_deref(), Some(" <token> <throw>"));
        assert_eq!(hint("move ", 5).as_deref(), Some("<token> <throw>"));
        assert_eq!(hint("sh", 2).as_deref(), Some("ow"));
        assert_eq!(hint("mov", 3), None, "move and moves both match");
        assert_eq!(hint("move A", 6), None);
        assert_eq!(hint("xyz", 3), None);
    }

    #[test]
    fn keyword_ranges() {
        assert_eq!(keywords("show; bogus x # c"), [(0, 4, true), (6, 5, false)]);
    }
}
