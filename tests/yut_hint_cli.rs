//! `hint` and `review` through the binary: what they refuse and what they
//! print on a game with nothing to review. (Their chances are checked in
//! the session's unit tests, against hand-worked positions.)

use crate::common::Test;

#[test]
fn hint_wants_throws_to_use() {
    // A fresh game: upper throws first, so there is nothing to rank; the
    // error names the command and changes nothing.
    Test::new()
        .args(["-c", "hint"])
        .status(1)
        .stderr_contains("upper has to throw first")
        .stderr_contains("hint")
        .run();
}

#[test]
fn review_of_a_game_not_begun() {
    // No throw made (a fresh session's `review` is Yut's): there is
    // nothing to review, and it says so (issue 51 item 8: it printed a
    // review of 0 decisions, `lost in all: upper 0.00%, lower 0.00%`),
    // and writes no chart of nothing.
    let t = Test::new();
    let out = crate::common::boardsh()
        .current_dir(t.dir())
        .args(["-c", "review yut svg empty.svg"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: nothing to review yet: play first (Yut: `throw`, `move`; Congo: `play`, `go`), then `review`"),
        "{err}"
    );
    assert!(!t.dir().join("empty.svg").exists());
    Test::new()
        .args(["-c", "review"])
        .stderr_contains("error: nothing to review yet")
        .status(1)
        .run();
}

#[test]
fn review_skips_forced_moves_and_free_turns() {
    // Two tokens a side (as in the two tests below): the estimates' games
    // are about ten times shorter than with four, and nothing asserted
    // here depends on the count.
    // `move a FFBB` is a free turn (throw and move at once, the team to
    // move unchanged): not reviewed; then upper throws a do with every
    // token home, one use only: forced. The one throw, upper's do, has
    // its luck (estimated: no table here), lower threw nothing (0 luck),
    // and the chart follows the totals.
    let a = Test::new()
        .args([
            "-c",
            "set tokens 2\nmove a FFBB\nthrow FBBB\nmove A\nreview",
        ])
        .any_stdout()
        .run();
    let out = String::from_utf8_lossy(&a.stdout).to_string();
    let review = &out[out.find("review of ").expect("a review")..];
    assert!(
        review.starts_with(
            "review of 0 decisions (exact where a solved table covers the position, \
             else estimated by 200 games a use; inaccuracy from 2%, mistake from 5%, \
             blunder from 10% lost):\n  (1 forced move not reviewed: one use only)\n  \
             (1 free turn not reviewed: `move TOKEN FBFB` throws and moves at once)\n\
             luck of each throw (the thrower's chance after it minus before it; estimated by 200 games where no table covers, with the 95% interval):\n  \
             1. upper do: "
        ),
        "{review}"
    );
    let lines: Vec<&str> = review.lines().collect();
    assert!(lines[5].starts_with("luck in all: upper "), "{review}");
    assert!(lines[5].ends_with(", lower +0.00%"), "{review}");
    assert_eq!(lines[6], "lost in all: upper 0.00%, lower 0.00%");
    // The chart: a heading and three rows of `#` (not a terminal).
    assert_eq!(
        lines[7],
        "upper's chance, a column a throw or move (top 100%, bottom 0%):"
    );
    assert_eq!(lines.len(), 11, "{review}");
    assert!(lines[8..].iter().all(|l| l.starts_with('|')), "{review}");
}

#[test]
fn review_yut_svg_writes_upper_s_chance() {
    // `review yut svg FILE`: the review as ever, then the chart as SVG:
    // a point at the start and after each of the two throws and two
    // moves (five), titled as upper's chance.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.svg");
    let script = format!(
        "set tokens 2\nthrow FBBB\nmove A\nthrow FFBB\nmove a\nreview yut svg {}",
        file.display()
    );
    Test::new()
        .args(["-c", &script])
        .stdout_contains("luck in all: ")
        .stdout_contains("wrote `")
        .run();
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.contains("<title>Upper's win chance after each throw and move</title>"),
        "{svg}"
    );
    let points = svg.split("points=\"").nth(1).unwrap();
    let points = points.split('"').next().unwrap();
    assert_eq!(points.split(' ').count(), 5, "{svg}");
}

#[test]
fn review_totals_carry_their_noise() {
    // Upper's A to do, lower's a to geol, then upper's gae on B (home to
    // gae) where A's would catch a: a loss, estimated (no table here).
    // The luck in all sums estimated throws: each team's carries a 95%
    // half-width (`+/-` outside a UTF-8 terminal). The loss in all either
    // counts the loss with its half-width, or leaves it out as within the
    // estimates' noise, and says so.
    let a = Test::new()
        .args([
            "-c",
            "set tokens 2\nthrow FBBB\nmove A\nthrow FFFB\nmove a\nthrow FFBB\nmove B\nreview",
        ])
        .any_stdout()
        .run();
    let out = String::from_utf8_lossy(&a.stdout).to_string();
    let luck = out
        .lines()
        .find(|l| l.starts_with("luck in all: "))
        .expect("a luck line");
    assert!(
        luck.starts_with("luck in all: upper ") && luck.matches("% +/- ").count() == 2,
        "{out}"
    );
    let lost = out
        .lines()
        .find(|l| l.starts_with("lost in all: "))
        .expect("a loss line");
    assert!(
        lost.starts_with("lost in all: upper ")
            && (lost.contains("% +/- ")
                != lost.ends_with(" (leaving out 1 loss within the estimates' noise)")),
        "{out}"
    );
}
