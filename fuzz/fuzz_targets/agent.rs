//! `boardsh agent` on any input: the first byte picks the brain (the
//! random mover, or one time in eight the engine at depth 1), the rest
//! is its stdin. The
//! agent must end at the input's end without a panic; every line on
//! stdout must be a move (the protocol allows nothing else), and every
//! line on stderr must start `boardsh agent: `, hold no raw control
//! character and stay short (input is quoted cut and escaped).
#![no_main]

use boardsh::cli::agent::{Agent, serve};
use boardsh::cli::args::AgentArgs;
use boardsh::congo::moves::parse_move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    // The engine one time in eight (it allocates its table per run).
    let engine = if first & 7 != 1 {
        "random"
    } else {
        "strongest"
    };
    let Ok(mut agent) = Agent::new(&AgentArgs {
        engine: engine.to_string(),
        depth: Some(1),
        nodes: Some(2000),
        hash: Some(1),
        threads: Some(1),
        contempt: None,
        seed: u64::from(first),
        verbose: first & 2 != 0,
    }) else {
        return;
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut reader = input;
    serve(&mut agent, &mut reader, &mut out, &mut err).expect("writing to memory cannot fail");
    let out = String::from_utf8(out).expect("moves are ASCII");
    for line in out.lines() {
        assert!(parse_move(line).is_ok(), "not a move on stdout: {line:?}");
    }
    let err = String::from_utf8_lossy(&err);
    for line in err.lines() {
        assert!(line.starts_with("boardsh agent: "), "{line:?}");
        assert!(
            !line.chars().any(char::is_control),
            "raw control character: {line:?}"
        );
        let start: String = line.chars().take(200).collect();
        assert!(line.len() <= 2048, "{} bytes: {start:?}", line.len());
    }
});
