//! One command line: parse it, then run it on a fresh session.
#![no_main]

mod common;

use boardsh::shell::{NoFiles, Runner, Session, parse_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    if common::asks_for_deep_counts(data) {
        return;
    }
    match parse_line(line) {
        Ok(commands) => {
            for c in &commands {
                common::assert_span(line, c.span, &c.command);
                common::assert_span(line, c.arg, &c.command);
            }
        }
        Err(e) => common::assert_span(line, e.span, &e),
    }
    let mut loader = NoFiles;
    let mut reporter = common::Checking;
    let mut runner = Runner::new(Session::new(), &mut loader, &mut reporter, false);
    let mut out = Vec::new();
    runner
        .run_line("<fuzz>", 1, line, &mut out)
        .expect("writing to a Vec cannot fail");
    assert!(runner.errors <= 1, "a line stops at its first error");
});
