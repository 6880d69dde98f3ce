//! The one file-name rule, shared by the parser (`source`, `fen save`,
//! `show svg`), the line splitter and prompt completion, so that what Tab
//! inserts is exactly what the parser reads back.
//!
//! A file-name argument is the rest of the command, trimmed. Inside it:
//! `'...'` is literal; `"..."` is literal except that `\"` and `\\` stand
//! for `"` and `\`; outside quotes `\x` stands for `x`; a leading unquoted
//! `~` (alone or before `/`) is the home directory. Blanks outside quotes
//! are kept, so old scripts that `source` unquoted names with spaces still
//! work. `;` and `#` inside quotes or after a backslash are literal (see
//! [`split_point`]).

/// A quote left open: the argument has no matching closing quote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unterminated;

/// Where a `;` or `#` outside quotes first occurs in `text`, with that byte.
/// Most lines hold no quote or backslash and are settled by one byte scan.
pub fn split_point(text: &str) -> Option<(usize, u8)> {
    let bytes = text.as_bytes();
    let first = bytes
        .iter()
        .position(|&b| matches!(b, b';' | b'#' | b'"' | b'\'' | b'\\'))?;
    let mut quote = None;
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate().skip(first) {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, b) {
            (None, b';' | b'#') => return Some((i, b)),
            (None, b'"' | b'\'') => quote = Some(b),
            (None | Some(b'"'), b'\\') => escaped = true,
            (Some(q), _) if q == b => quote = None,
            _ => {}
        }
    }
    None
}

/// The file name an argument (already trimmed) stands for, `home` being the
/// home directory (`None`: `~` stays literal). Also returns whether the text
/// ended inside a quote (completion reads half-typed names this way).
pub fn read_partial(text: &str, home: Option<&str>) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    if let (Some(home), Some('~')) = (home, chars.peek()) {
        let rest = text.get(1..).unwrap_or("");
        if rest.is_empty() || rest.starts_with('/') {
            out.push_str(home);
            chars.next();
        }
    }
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if q == c => quote = None,
            (None, '\\') => out.push(chars.next().unwrap_or('\\')),
            (Some('"'), '\\') => match chars.peek() {
                Some(&n @ ('"' | '\\')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push('\\'),
            },
            _ => out.push(c),
        }
    }
    (out, quote.is_some())
}

/// Where `word` first stands alone and unquoted inside `text` (blanks on
/// both sides, outside quotes and not escaped): the byte range of the
/// word. What lets a command take two file names (`review GAME svg OUT`)
/// whose first may hold blanks.
pub fn lone_word(text: &str, word: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut quote = None;
    let mut escaped = false;
    for (i, &b) in bytes.iter().enumerate() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (None | Some(b'"'), b'\\') => escaped = true,
            (Some(q), _) if q == b => quote = None,
            (None, b' ' | b'\t') => {
                let end = i + 1 + word.len();
                let after = bytes.get(end).copied();
                if text.get(i + 1..end) == Some(word) && matches!(after, Some(b' ' | b'\t')) {
                    return Some((i + 1, end));
                }
            }
            _ => {}
        }
    }
    None
}

/// The file name a whole argument (already trimmed) stands for.
///
/// # Errors
///
/// [`Unterminated`] when a quote is left open.
pub fn read(text: &str, home: Option<&str>) -> Result<String, Unterminated> {
    match read_partial(text, home) {
        (name, false) => Ok(name),
        (_, true) => Err(Unterminated),
    }
}

/// The home directory `~` stands for, from `$HOME`.
pub fn home() -> Option<String> {
    std::env::var("HOME").ok().filter(|h| !h.is_empty())
}

/// How to write `name` so that [`read`] gives it back: as is when it holds
/// only plain characters, else in double quotes with `"` and `\` escaped.
pub fn quote(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/+,:@=%".contains(c);
    if !name.is_empty() && name.chars().all(plain) {
        return name.to_string();
    }
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rules() {
        // Each case follows from the rule in the module doc.
        assert_eq!(read("a b.bsh", None), Ok("a b.bsh".into()));
        assert_eq!(
            read(r"sub\ dir/my\ file.bsh", None),
            Ok("sub dir/my file.bsh".into())
        );
        assert_eq!(read(r#""x \"y\" \\ \n""#, None), Ok(r#"x "y" \ \n"#.into()));
        assert_eq!(read(r"'a\b;#'", None), Ok(r"a\b;#".into()));
        assert_eq!(read("~/x", Some("/h")), Ok("/h/x".into()));
        assert_eq!(read("~", Some("/h")), Ok("/h".into()));
        assert_eq!(read("~x", Some("/h")), Ok("~x".into()), "no user names");
        assert_eq!(
            read("\"~/x\"", Some("/h")),
            Ok("~/x".into()),
            "quoted ~ is literal"
        );
        assert_eq!(read("\"open", None), Err(Unterminated));
        assert_eq!(read("it's", None), Err(Unterminated));
    }

    #[test]
    fn a_lone_word() {
        // Blanks on both sides, outside quotes and escapes.
        assert_eq!(lone_word("g.bsh svg out.svg", "svg"), Some((6, 9)));
        assert_eq!(lone_word("my game.bsh svg out", "svg"), Some((12, 15)));
        assert_eq!(lone_word("svg out", "svg"), None, "no blank before");
        assert_eq!(lone_word("g svg", "svg"), None, "no blank after");
        assert_eq!(lone_word("g svg! o", "svg"), None, "another word");
        assert_eq!(lone_word("g svg! o", "svg!"), Some((2, 6)));
        assert_eq!(lone_word("'a svg b' svg c", "svg"), Some((10, 13)));
        assert_eq!(lone_word(r#""a svg b""#, "svg"), None);
        assert_eq!(lone_word(r"a\ svg b", "svg"), None, "an escaped blank");
    }

    #[test]
    fn splitting() {
        assert_eq!(split_point("show; undo"), Some((4, b';')));
        assert_eq!(split_point("show # c"), Some((5, b'#')));
        assert_eq!(split_point(r#"source "a;b#c"; x"#), Some((14, b';')));
        assert_eq!(split_point("source 'a;b'#c"), Some((12, b'#')));
        assert_eq!(split_point(r"source a\;b"), None);
        assert_eq!(
            split_point(r#"source "a\";b""#),
            None,
            "escaped quote stays open"
        );
        assert_eq!(
            split_point("source \"a;b"),
            None,
            "an open quote runs to the end"
        );
    }

    proptest! {
        /// Any name, quoted, reads back as itself (newlines never reach the
        /// parser: they end the line).
        #[test]
        fn quote_reads_back(name in "[^\n\r]{1,20}") {
            prop_assert_eq!(read(&quote(&name), Some("/home/x")), Ok(name.clone()));
            prop_assert_eq!(split_point(&quote(&name)), None);
        }
    }
}
