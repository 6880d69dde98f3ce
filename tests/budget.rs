//! The move budgets (`congo::moves::budget`): the engine searches at most
//! 1,024 moves of a node and says so when it had to cut.

use crate::common::Test;

/// A white monkey on a1 under three ranks of black pawns (rows 2 and 4
/// full, row 3 on the b, d, f files): every chain of jumps over a pawn to
/// an empty square is a move, tens of thousands of them, but fewer than the
/// million past which `best` refuses.
const LATTICE: &str = "3l3/7/7/ppppppp/1p1p1p1/ppppppp/M2L3 w 0";

fn stdout(script: &str) -> String {
    String::from_utf8(Test::new().args(["-c", script]).any_stdout().run().stdout).expect("utf-8")
}

#[test]
fn a_cut_move_list_is_reported_never_silent() {
    let count: u64 = stdout(&format!("fen {LATTICE}; perft 1"))
        .trim()
        .parse()
        .expect("a count");
    assert!((1025..1_000_000).contains(&count), "{count}");
    let best = stdout(&format!("fen {LATTICE}; best depth 2"));
    assert!(best.starts_with("best "), "{best}");
    assert!(best.ends_with(" (truncated at 1024 moves)\n"), "{best}");
    // The start position's 24 moves are all searched: no notice.
    let start = stdout("best depth 3");
    assert!(!start.contains("truncated"), "{start}");
}
