//! `boardsh match --openings FILE`: the start positions file. Any text
//! must read without a panic; an error must name the file and, when it is
//! about a line, a line of the text; the positions read must print as FEN
//! lines that read back to the same positions.
#![no_main]

use boardsh::front::arena::book;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match book::read("book", text) {
        Ok(positions) => {
            assert!(!positions.is_empty());
            let again: String = positions.iter().map(|p| format!("{p}\n")).collect();
            let back = book::read("again", &again).expect("printed positions read back");
            assert_eq!(back, positions, "{again}");
        }
        Err(e) => {
            let rest = e.strip_prefix("book").expect("the error names the file");
            // `book:N: why` (a line), else `book: why` (the whole file).
            if let Some(line) = rest.strip_prefix(':').and_then(|r| r.split(':').next())
                && !line.starts_with(' ')
            {
                let n: usize = line.parse().expect("a line number");
                assert!(n >= 1 && n <= text.lines().count(), "{e}");
            } else {
                assert!(rest.starts_with(": "), "{e}");
            }
        }
    }
});
