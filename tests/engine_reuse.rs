//! The session keeps one engine between searches (its table allocated
//! once per size) and empties it before each: a search answers exactly
//! as in a fresh session, whatever was searched before.

use crate::common::Test;

fn run(script: &str) -> Vec<String> {
    let out = Test::new().args(["-c", script]).any_stdout().run();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_search_answers_as_in_a_fresh_session() {
    let fresh_nodes = run("best nodes 3000");
    let fresh_depth = run("best depth 4");
    // Other searches first, in another position and back (undo), and a
    // change of table size in between.
    let after = run(
        "best depth 4; go depth 3; best nodes 500; undo; best nodes 3000; \
         set hash 2; best nodes 700; set hash 16; best depth 4",
    );
    assert_eq!(after.first(), fresh_depth.first());
    assert_eq!(after.get(4), fresh_nodes.first(), "{after:?}");
    assert_eq!(after.get(6), fresh_depth.first(), "{after:?}");
}
