//! A Congo FEN: parse it; a position must print as a FEN that parses back
//! to itself, and an error must be located inside the text.
#![no_main]

mod common;

use boardsh::congo::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match fen::parse(text) {
        Ok(pos) => {
            let shown = pos.to_string();
            let again = fen::parse(&shown).expect("the canonical FEN parses");
            assert_eq!(again, pos, "{text:?} -> {shown:?}");
            assert_eq!(again.to_string(), shown, "canonical text is a fixed point");
        }
        Err(e) => {
            common::assert_span(text, boardsh::shell::Span::new(e.offset, e.len), &e);
            assert!(!e.to_string().is_empty());
        }
    }
});
