//! User text quoted in a message, cut to a readable length.
//!
//! Messages quote what the user wrote (`unknown command `xyz``). Input can be
//! a 10 MB line, so every quote goes through [`quoted`] or [`quoted_path`],
//! which keep a message short whatever the input.

use std::fmt;

/// Longest text, in characters, quoted whole; longer text is cut, with `...`.
pub const QUOTE_WIDTH: usize = 40;

/// Longest path, in characters, quoted whole (paths are often long and
/// worth showing in full).
pub const PATH_WIDTH: usize = 200;

/// Text in backticks, cut to a maximum number of characters.
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a> {
    text: &'a str,
    max: usize,
}

/// `text` in backticks, cut to [`QUOTE_WIDTH`] characters.
pub fn quoted(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        max: QUOTE_WIDTH,
    }
}

/// A path in backticks, cut to [`PATH_WIDTH`] characters.
pub fn quoted_path(text: &str) -> Quoted<'_> {
    Quoted {
        text,
        max: PATH_WIDTH,
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.text.char_indices().nth(self.max) {
            Some((cut, _)) => write!(f, "`{}...`", self.text.get(..cut).unwrap_or_default()),
            None => write!(f, "`{}`", self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quoted("FXFB").to_string(), "`FXFB`");
        assert_eq!(quoted("").to_string(), "``");
        // Exactly QUOTE_WIDTH characters: nothing to cut.
        let edge = "x".repeat(QUOTE_WIDTH);
        assert_eq!(quoted(&edge).to_string(), format!("`{edge}`"));
    }

    #[test]
    fn long_text_is_cut_on_a_char_boundary() {
        // 41 two-byte characters: the first 40 are kept, then `...`.
        let long = "é".repeat(QUOTE_WIDTH + 1);
        assert_eq!(
            quoted(&long).to_string(),
            format!("`{}...`", "é".repeat(QUOTE_WIDTH))
        );
        let path = "d/".repeat(PATH_WIDTH);
        assert_eq!(
            quoted_path(&path).to_string().len(),
            PATH_WIDTH + "`...`".len()
        );
    }
}
