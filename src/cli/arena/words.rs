//! Splitting an agent's command line into words, the way a POSIX shell
//! would for the simple cases: blanks separate words, `'...'` is literal,
//! `"..."` keeps blanks and honours `\"`, `\\`, `\$` and `` \` ``, and a
//! backslash outside quotes escapes the next character. No expansions.

/// Why a command line could not be split.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    #[error("unterminated {0} quote")]
    Unterminated(&'static str),
    #[error("trailing backslash")]
    TrailingBackslash,
    #[error("empty command")]
    Empty,
}

/// The words of `line`.
///
/// # Errors
///
/// An unterminated quote, a trailing backslash, or no words at all.
pub fn split(line: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::Unterminated("single")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(SplitError::Unterminated("double")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::Unterminated("double")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(SplitError::TrailingBackslash),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(SplitError::Empty);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Vec<String> {
        split(s).unwrap()
    }

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(
            ok("boardsh agent --depth 3"),
            ["boardsh", "agent", "--depth", "3"]
        );
        assert_eq!(ok("  a\t b  "), ["a", "b"]);
        assert_eq!(ok("python3 'my agent.py'"), ["python3", "my agent.py"]);
        assert_eq!(
            ok(r#"sh -c "echo \"hi\" \$x""#),
            ["sh", "-c", r#"echo "hi" $x"#]
        );
        assert_eq!(ok(r"a\ b c"), ["a b", "c"]);
        assert_eq!(ok("''"), [""]);
        assert_eq!(ok("a'b'\"c\""), ["abc"]);
    }

    #[test]
    fn reports_bad_quoting() {
        assert_eq!(split("a 'b"), Err(SplitError::Unterminated("single")));
        assert_eq!(split("a \"b"), Err(SplitError::Unterminated("double")));
        assert_eq!(split("a \\"), Err(SplitError::TrailingBackslash));
        assert_eq!(split("   "), Err(SplitError::Empty));
    }
}
