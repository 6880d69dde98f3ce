//! The history file's format, rustyline's: a first line `#V2`, then one
//! entry per line with `\n` and `\` escaped as `\\n` and `\\\\`.

/// The first line of the file.
pub const HEADER: &[u8] = b"#V2";

/// The entries in a history file's bytes, oldest first. Blank lines and
/// `#V2` headers are skipped; a line that is not UTF-8 is dropped alone.
/// A file without the header (an old format) has no escapes.
pub fn parse(bytes: &[u8]) -> Vec<String> {
    let escaped = bytes.split(|&b| b == b'\n').next() == Some(HEADER);
    bytes
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty() && *line != HEADER)
        .filter_map(|line| std::str::from_utf8(line).ok())
        .map(|line| {
            if escaped {
                unescape(line)
            } else {
                line.to_string()
            }
        })
        .collect()
}

/// Undo [`escape`]; a line with an unknown escape is kept as it is.
fn unescape(line: &str) -> String {
    if !line.contains('\\') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            _ => return line.to_string(),
        }
    }
    out
}

/// `entry` as one line of the file (newline included).
pub fn escape(entry: &str, out: &mut Vec<u8>) {
    for &b in entry.as_bytes() {
        match b {
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b => out.push(b),
        }
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_round_trip() {
        // A pasted block is one entry with newlines; backslashes survive.
        let entry = "move A FFFF\nwhere \\ x\\n";
        let mut bytes = b"#V2\n".to_vec();
        escape(entry, &mut bytes);
        assert_eq!(&bytes[4..], b"move A FFFF\\nwhere \\\\ x\\\\n\n");
        assert_eq!(parse(&bytes), [entry]);
    }

    #[test]
    fn a_bad_byte_costs_only_its_entry() {
        let bytes = b"#V2\nfen\nmove \xff A\n\nwhere\n";
        assert_eq!(parse(bytes), ["fen", "where"]);
        // The old format (no header) has no escapes.
        assert_eq!(parse(b"a\\nb\nc\n"), ["a\\nb", "c"]);
    }
}
