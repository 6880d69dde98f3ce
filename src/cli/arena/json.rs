//! JSON for the match's result lines, through `serde_json`: the value
//! type, a parser whose errors say at which byte, and a compact writer
//! that keeps the bytes of the hand-written one it replaced (a pair
//! line's check is FNV-1a over its bytes, so they must not change).

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};
use std::io;

/// A JSON value (objects are maps by key: compare them as values).
pub use serde_json::Value as Json;

/// A parse error: what, and how many bytes were read when it stopped
/// (the offending byte is the last of them, or the text ended).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} at byte {at}")]
pub struct JsonError {
    pub what: String,
    pub at: usize,
}

/// Parse one JSON value filling `text` (blanks around it allowed;
/// objects and arrays nested at most 128 deep).
///
/// # Errors
///
/// [`JsonError`]: serde_json's message, and where it stopped.
pub fn parse(text: &str) -> Result<Json, JsonError> {
    serde_json::from_str(text).map_err(|e| {
        // serde_json counts lines from 1 and, within one, the bytes read
        // when it stopped: the offset of that point in the whole text.
        let line_start: usize = text
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let message = e.to_string();
        let what = match message.rsplit_once(" at line ") {
            Some((what, _)) => what.to_string(),
            None => message,
        };
        JsonError {
            what,
            at: (line_start + e.column()).min(text.len()),
        }
    })
}

/// `x` as a JSON number written as `f64::to_string` writes it (how the
/// results header always wrote its numbers): a whole number as an
/// integer (`200`), any other as a decimal (`0.1`).
pub fn number(x: f64) -> Json {
    // Whole numbers up to 2^53 are exact in both types.
    if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 {
        if x >= 0.0 {
            return Json::from(x as u64);
        }
        return Json::from(x as i64);
    }
    Json::from(x)
}

/// Compact JSON as the hand-written writer wrote it: serde_json's own
/// except backspace and form feed, written `\u0008` and `\u000c` (not
/// `\b`, `\f`), and fractions written without an exponent
/// (`0.0000001`, as `f64::to_string`).
struct Compact;

impl Formatter for Compact {
    fn write_char_escape<W>(&mut self, writer: &mut W, char_escape: CharEscape) -> io::Result<()>
    where
        W: ?Sized + io::Write,
    {
        match char_escape {
            CharEscape::Backspace => writer.write_all(b"\\u0008"),
            CharEscape::FormFeed => writer.write_all(b"\\u000c"),
            other => CompactFormatter.write_char_escape(writer, other),
        }
    }

    fn write_f64<W>(&mut self, writer: &mut W, value: f64) -> io::Result<()>
    where
        W: ?Sized + io::Write,
    {
        if value.fract() == 0.0 {
            // A whole number kept as a float (`100.0`, `1e300`) stays one
            // when read back.
            CompactFormatter.write_f64(writer, value)
        } else {
            write!(writer, "{value}")
        }
    }
}

/// `value` as one line of compact JSON (see [`Compact`]).
pub fn to_line(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    // Writing to a `Vec` cannot fail, nor can the values written here
    // (string keys only, no non-finite numbers).
    let _ = value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out, Compact,
    ));
    String::from_utf8_lossy(&out).into_owned()
}

/// An object's members in the order given (a [`Json`] object writes its
/// keys sorted).
pub struct Ordered<'a>(pub &'a [(&'a str, Json)]);

impl Serialize for Ordered<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reads() {
        let s = "a\"b\\c\nd\u{1b}é";
        assert_eq!(parse(&to_line(&s)).unwrap(), Json::from(s));
        let v =
            parse(r#" {"a": [1, -2.5e1, true, null], "b": {"c": "\u00e9\ud83d\ude00"}} "#).unwrap();
        assert_eq!(
            v.get("a").unwrap().as_array().unwrap(),
            &[
                Json::from(1),
                Json::from(-25.0),
                Json::Bool(true),
                Json::Null
            ]
        );
        assert_eq!(v.get("b").unwrap().get("c").unwrap().as_str(), Some("é😀"));
        assert_eq!(Json::from(7).as_u64(), Some(7));
        assert_eq!(Json::from(-1).as_u64(), None);
        assert_eq!(Json::from(1.5).as_u64(), None);
    }

    #[test]
    fn writes_as_the_hand_written_writer_did() {
        // Its escapes: `"`, `\`, \n, \r, \t by name, every other control
        // character as \u00xx in lower-case hex; nothing else escaped
        // (not `/`, not DEL, not non-ASCII).
        let s = "\"\\/\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é";
        assert_eq!(
            to_line(&s),
            "\"\\\"\\\\/\\n\\r\\t\\u0008\\u000c\\u0001\\u001f\u{7f}é\""
        );
        // Numbers as `f64::to_string`: 0.1, 2.5, 200, 1e-7 in full.
        for (x, text) in [
            (0.1, "0.1"),
            (2.5, "2.5"),
            (200.0, "200"),
            (1e-7, "0.0000001"),
        ] {
            assert_eq!(to_line(&number(x)), text);
        }
        // An object's members in the order given.
        let members = [("b", Json::from(1)), ("a", Json::Null)];
        assert_eq!(to_line(&Ordered(&members)), r#"{"b":1,"a":null}"#);
        // A whole float read from a file stays a float when written back.
        let v = parse("[100.0,1e300]").unwrap();
        assert_eq!(parse(&to_line(&v)).unwrap(), v);
    }

    #[test]
    fn errors_say_where() {
        // "[1," ends after its third byte, a value still wanted.
        let e = parse("[1,").unwrap_err();
        assert_eq!(e.at, 3);
        assert!(e.what.starts_with("EOF while parsing"), "{e}");
        // `{"a" 1}`: the `1` at byte 5 is not the `:` wanted; it stops
        // having read it (6 bytes).
        let e = parse("{\"a\" 1}").unwrap_err();
        assert_eq!(e.at, 6, "{e}");
        assert!(parse("\"ab").is_err());
        assert_eq!(parse("1 2").unwrap_err().what, "trailing characters");
        assert!(parse("\"\\ud800\"").is_err());
        assert!(parse("1e999").is_err());
        let deep = "[".repeat(200);
        assert!(parse(&deep).unwrap_err().what.contains("recursion limit"));
        // A second line's error counts the first line's 4 bytes: the `x`
        // is byte 6 of the text, read when it stops: 7.
        assert_eq!(parse("[1,\n  x]").unwrap_err().at, 7);
    }
}
