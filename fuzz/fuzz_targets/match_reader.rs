//! What `boardsh match` reads from outside: an agent's output through the
//! capped line reader, answers made printable, and results files (JSON
//! lines). The first byte picks the line cap and the read buffer's size.
//! Every line must be its input segment (cut at the cap, a final `\r`
//! dropped), a shown answer must hold no control character, and JSON and
//! results files must read back what they write.
#![no_main]

use boardsh::front::arena::{CappedLines, json, results, shown};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let cap = usize::from(first % 64) + 1;
    let buffer = usize::from(first / 64) * 5 + 1;
    let mut lines = CappedLines::new(BufReader::with_capacity(buffer, input), cap);
    let mut segments: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") || input.is_empty() {
        segments.pop();
    }
    let count = segments.len();
    for (i, seg) in segments.into_iter().enumerate() {
        let line = lines.read_line().expect("reading a slice").expect("a line");
        let ended = i + 1 < count || input.ends_with(b"\n");
        if seg.len() > cap {
            assert!(line.cut);
            assert_eq!(line.bytes, &seg[..cap]);
        } else {
            assert!(!line.cut);
            let want = match seg.strip_suffix(b"\r") {
                Some(s) if ended => s,
                _ => seg,
            };
            assert_eq!(line.bytes, want);
        }
        let text = line.text();
        let printable = shown(&text);
        assert!(!printable.chars().any(char::is_control), "{printable:?}");
    }
    assert_eq!(lines.read_line().expect("reading a slice"), None);

    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    if let Ok(v) = json::parse(text) {
        let again = results::write_json(&v);
        assert_eq!(json::parse(&again).as_ref(), Ok(&v), "{again}");
    }
    if let Ok(file) = results::read("fuzz", text) {
        let mut rewritten = String::new();
        if let Some(h) = &file.header {
            rewritten.push_str(&results::write_json(h));
            rewritten.push('\n');
        }
        for p in file.pairs.values() {
            rewritten.push_str(&results::checked_pair_line(p));
            rewritten.push('\n');
        }
        if file.header.is_some() {
            let back = results::read("fuzz", &rewritten).expect("written results read back");
            assert_eq!(back.pairs, file.pairs);
        }
    }
});
