//! A whole file: replayed as a script or a problem-format input, as the
//! first byte picks (kind by extension, --keep-going). Sources are refused.
#![no_main]

mod common;

use boardsh::shell::{NoFiles, Runner, ScriptKind as Kind, Session};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    if common::asks_for_deep_counts(bytes) {
        return;
    }
    let kind = match first % 3 {
        0 => Kind::Detect,
        1 => Kind::Congo,
        _ => Kind::Yut,
    };
    let keep_going = first & 0x80 != 0;
    let mut session = Session::new();
    session.set_quiet(first & 0x40 != 0);
    let mut loader = NoFiles;
    let mut reporter = common::Checking;
    let mut runner = Runner::new(session, &mut loader, &mut reporter, keep_going);
    let mut out = Vec::new();
    let mut reader = bytes;
    runner
        .run_file("<fuzz>", None, kind, &mut reader, &mut out)
        .expect("reading a slice and writing a Vec cannot fail");
    if !keep_going {
        assert!(runner.errors <= 1, "the first error stops a file");
    }
});
