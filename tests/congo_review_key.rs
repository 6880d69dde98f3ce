//! `review key` (issue 51 item 4): the last review's key moments, biggest
//! loss first, at most five, both sides, each with its board from the
//! mover's side, the move played, the better one and the why-line; no
//! review kept: an error that says what to do.

use crate::common::Test;

/// A game of mistakes on both sides: White's elephant jumps to c5 where a
/// pawn takes it; Black answers with a pawn move instead; then the lions
/// walk in and out of each other's reach.
const GAME: &str = "set quiet on; fen 4l2/2p1ppp/7/7/2E4/PP2PPP/3L3 w 0; play c3c5; play g6g5; \
    play c5c6; play e6e5; play d1d2; play e7d7; play d2d1; play d7e7; play c6d6; play e7e6; \
    play d6d5";

fn stdout(commands: &str) -> String {
    let out = Test::new().args(["-c", commands]).any_stdout().run();
    String::from_utf8(out.stdout).unwrap()
}

/// The marked rows of a review's table: (move label, `3.` White's third
/// move, `3...` Black's; mover, move, mark, loss).
fn marked_rows(review: &str) -> Vec<(String, String, String, String, f64)> {
    review
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let n = w.first()?.to_string();
            n.trim_end_matches('.').parse::<usize>().ok()?;
            let mark = w.get(3)?;
            if !["?!", "?", "??"].contains(mark) {
                return None;
            }
            let at = w.iter().position(|x| *x == "loss")?;
            let loss = w.get(at + 1)?.parse().ok()?;
            Some((
                n,
                w[1].to_string(),
                w[2].to_string(),
                mark.to_string(),
                loss,
            ))
        })
        .collect()
}

#[test]
fn key_moments_are_the_biggest_marked_moves_with_their_boards() {
    let review = stdout(&format!("{GAME}; review nodes 20000"));
    let both = stdout(&format!("{GAME}; review nodes 20000; review key"));
    // The review is printed first, unchanged; the key moments follow.
    let keys = both.strip_prefix(review.as_str()).unwrap();
    let mut rows = marked_rows(&review);
    assert!(rows.len() > 5, "{review}");
    // Biggest loss first, the earlier first among equals: at most five.
    // (The rows are in game order: a stable sort keeps the earlier first.)
    rows.sort_by(|a, b| b.4.total_cmp(&a.4));
    rows.truncate(5);
    let headers: Vec<&str> = keys
        .lines()
        .filter(|l| l.starts_with("key moment "))
        .collect();
    assert_eq!(headers.len(), rows.len(), "{keys}");
    let sides: Vec<&str> = rows.iter().map(|r| r.1.as_str()).collect();
    assert!(
        sides.contains(&"White") && sides.contains(&"Black"),
        "{sides:?}"
    );
    // The table shows a loss to a tenth: moves whose losses print alike
    // may differ below that, and come in the order of their exact losses
    // (the rows below are the moments' in their order).
    let all = marked_rows(&review);
    let mut matched = Vec::new();
    for (k, (header, (_, _, _, _, loss))) in headers.iter().zip(&rows).enumerate() {
        let start = |(n, side, mv, mark, loss): &(String, String, String, String, f64)| {
            format!(
                "key moment {} of {}: {n} {side} played {mv} {mark} (loss {loss:.1}",
                k + 1,
                rows.len()
            )
        };
        let row = all
            .iter()
            .filter(|r| r.4 == *loss)
            .find(|r| header.starts_with(&start(r)))
            .unwrap_or_else(|| panic!("{header} / {}", start(&rows[k])));
        matched.push(row.clone());
    }
    let rows = matched;
    // Each moment: a board from the mover's side (Black's: rank 1 on
    // top, files g to a), then the header, the better move, the why-line
    // (the one the review printed under the move).
    let parts: Vec<&str> = keys.split("key moment ").collect();
    // parts[k] ends with moment k's board (after moment k - 1's lines).
    for (k, (_, side, mv, _, _)) in rows.iter().enumerate() {
        let files = parts[k]
            .lines()
            .rev()
            .find(|l| l.starts_with("  ") && l.trim().len() == 13)
            .unwrap()
            .trim();
        let expected = if side == "Black" {
            "g f e d c b a"
        } else {
            "a b c d e f g"
        };
        assert_eq!(files, expected, "{k}: {}", parts[k]);
        // The better move and the why-line are the review's own.
        let body = parts[k + 1];
        let in_review = review
            .split_once(&format!(" {side} {mv} "))
            .map(|(_, rest)| rest)
            .unwrap();
        let mut review_lines = in_review.lines().skip(1);
        let best = review_lines.next().unwrap().trim();
        let why = review_lines.next().unwrap().trim();
        let best_move = best.strip_prefix("best ").unwrap();
        assert!(
            body.contains(&format!("\n  better {best_move}\n")),
            "{body} / {best}"
        );
        assert!(body.contains(&format!("\n  {why}\n")), "{body} / {why}");
    }
}

#[test]
fn key_moments_without_a_review_say_what_to_do() {
    Test::new()
        .args(["-c", "review key"])
        .status(1)
        .stderr(
            "<command line>:1:8: error: nothing reviewed yet: `review`\n    review key\n           ^^^\n",
        )
        .run();
}

#[test]
fn a_review_without_marks_has_no_key_moments() {
    // Black's d7d1 takes the lion, its best; nothing is marked.
    let out =
        stdout("set quiet on; fen 3l3/7/7/7/7/7/3L3 b 0; play d7d1; review nodes 2000; review key");
    assert!(
        out.ends_with("no key moments: the last review marked no move\n"),
        "{out}"
    );
}
