//! `boardsh agent` on any input: the first byte picks the brain (the
//! random mover, or one time in eight the engine at depth 1, kept from one
//! input to the next and given `newgame` first), the rest is its stdin. The
//! agent must end at the input's end without a panic; every line on
//! stdout must be a move (the protocol allows nothing else), and every
//! line on stderr must start `boardsh agent: `, hold no raw control
//! character and stay short (input is quoted cut and escaped).
#![no_main]

use boardsh::congo::parse_move;
use boardsh::front::agent::{Agent, serve};
use boardsh::front::args::AgentArgs;
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::time::Instant;

thread_local! {
    /// The engine agents (quiet, verbose), made once per process and
    /// started afresh with `newgame` for each input: a new engine's table
    /// took half the target's time (page faults of 1 MB per engine input),
    /// and `newgame` forgets all an engine learnt (the table's epoch, the
    /// killers, the history), so each input still meets a new game.
    static ENGINES: RefCell<[Option<Agent>; 2]> = const { RefCell::new([None, None]) };
}

fn args(engine: &str, first: u8) -> AgentArgs {
    AgentArgs {
        engine: engine.to_string(),
        depth: Some(1),
        nodes: Some(2000),
        hash: Some(1),
        threads: Some(1),
        contempt: None,
        weights: None,
        net: None,
        seed: u64::from(first),
        level: None,
        verbose: first & 2 != 0,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut reader = input;
    // The engine one time in eight, else the random mover.
    if first & 7 == 1 {
        ENGINES.with_borrow_mut(|engines| {
            let slot = &mut engines[usize::from(first & 2 != 0)];
            if slot.is_none() {
                *slot = Agent::new(&args("strongest", first)).ok();
            }
            let agent = slot.as_mut().expect("the strongest engine is a valid spec");
            agent
                .handle("newgame", Instant::now(), &mut out, &mut err)
                .expect("writing to memory cannot fail");
            serve(agent, &mut reader, &mut out, &mut err).expect("writing to memory cannot fail");
        });
    } else {
        let Ok(mut agent) = Agent::new(&args("random", first)) else {
            return;
        };
        serve(&mut agent, &mut reader, &mut out, &mut err).expect("writing to memory cannot fail");
    }
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
