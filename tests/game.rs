//! The Congo game at the prompt: `best`, `go` and `analyze` search with
//! the game's earlier positions, as the agent and the referee do.

use crate::common::Test;

fn run(script: &str) -> String {
    let out = Test::new().args(["-c", script]).any_stdout().run();
    String::from_utf8(out.stdout).expect("utf-8")
}

/// White (lion d1, zebra g1) is three pawns down against Black (lion e7,
/// zebra g7, pawns a6 b6 c6); the lions share no file or diagonal.
const BEHIND: &str = "4l1z/ppp4/7/7/7/7/3L2Z";

#[test]
fn a_prompt_search_sees_the_games_repetitions() {
    // Both zebras go out and back: the set-up position is on the board a
    // second time, and g1f3 now leads to a position the game has had (after
    // the first g1f3). The engine scores a return to an earlier position
    // as a draw, 0, which beats being three pawns down: with the history,
    // `best` plays g1f3 for exactly 0.00. The same position set up afresh
    // has no history, and its score is negative.
    let shuffled = run(&format!(
        "fen {BEHIND} w 0; play g1f3; play g7f5; play f3g1; play f5g7; best depth 3"
    ));
    let fresh = run(&format!("fen {BEHIND} w 2; best depth 3"));
    let best = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("best "))
            .expect("a best line")
            .to_string()
    };
    let (with_history, without) = (best(&shuffled), best(&fresh));
    assert!(
        with_history.starts_with("best g1f3 score 0.00 "),
        "{with_history}"
    );
    assert!(without.contains(" score -"), "{without}");
    // `go` plays the drawing move too; `undo` of the shuffle forgets it.
    let go = run(&format!(
        "fen {BEHIND} w 0; play g1f3; play g7f5; play f3g1; play f5g7; go depth 3; fen"
    ));
    assert!(go.contains("g1f3: white zebra\n"), "{go}");
    let undone = run(&format!(
        "fen {BEHIND} w 0; play g1f3; play g7f5; play f3g1; play f5g7; undo 4; best depth 3"
    ));
    assert!(best(&undone).contains(" score -"), "{undone}");
}

#[test]
fn analyze_in_a_script_is_refused_not_endless() {
    // It searches until Ctrl-C: outside the prompt it would never end.
    Test::new()
        .args(["-c", "analyze; fen"])
        .stdin_from(std::process::Stdio::null())
        .status(1)
        .stderr_contains("<command line>:1:1: error: `analyze` searches until Ctrl-C")
        .run();
}
