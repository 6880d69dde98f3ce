//! Perft counts from `congo-rules.md`: the start position and the four
//! rule-sensitive positions. Deeper counts are `#[ignore]`d; run them with
//! `cargo test --release --test congo_perft -- --ignored`.

use boardsh::congo::{Position, START_FEN, divide, fen, perft};

/// The rule-sensitive positions with their counts at depths 1..=4.
const POSITIONS: [(&str, [u64; 4]); 4] = [
    (
        "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2 b 0",
        [33, 1_325, 44_701, 1_779_478],
    ),
    ("7/4l2/7/4c2/7/2p4/1M1L3 w 0", [12, 215, 2_138, 37_635]),
    (
        "4z2/3l3/S3p2/3e3/4LP1/3m1e1/1P3Pg b 0",
        [35, 621, 18_275, 328_355],
    ),
    (
        "4l2/3g1pP/1p2e2/3sMe1/E2zSpp/4S2/2sL3 w 0",
        [53, 2_394, 68_656, 2_734_304],
    ),
];

const START: [u64; 6] = [24, 576, 14_332, 356_456, 9_404_326, 247_900_251];

fn pos(s: &str) -> Position {
    fen::parse(s).unwrap()
}

#[test]
fn start_depths_1_to_4() {
    let p = pos(START_FEN);
    for (depth, &want) in (1..=4).zip(&START) {
        assert_eq!(perft(&p, depth), want, "depth {depth}");
    }
}

/// About 0.4 s in the debug test profile.
#[test]
fn start_depth_5() {
    assert_eq!(perft(&pos(START_FEN), 5), START[4]);
}

#[test]
#[ignore = "about 1 s in release, 10 s in debug; run with -- --ignored"]
fn start_depth_6() {
    assert_eq!(perft(&pos(START_FEN), 6), START[5]);
}

#[test]
fn rule_sensitive_depths_1_to_3() {
    for (fen, counts) in POSITIONS {
        let p = pos(fen);
        for (depth, &want) in (1..=3).zip(&counts) {
            assert_eq!(perft(&p, depth), want, "{fen} depth {depth}");
        }
    }
}

#[test]
#[ignore = "deep count; run with -- --ignored"]
fn rule_sensitive_depth_4() {
    for (fen, counts) in POSITIONS {
        assert_eq!(perft(&pos(fen), 4), counts[3], "{fen}");
    }
}

#[test]
fn depth_zero_counts_the_position() {
    assert_eq!(perft(&pos(START_FEN), 0), 1);
    assert!(divide(&pos(START_FEN), 0).is_empty());
}

#[test]
fn divide_sums_to_perft_and_is_sorted() {
    let p = pos(START_FEN);
    let split = divide(&p, 3);
    assert_eq!(split.len(), 24);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 14_332);
    let names: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    // The zebra's two leaps and the pawn pushes are all there.
    assert!(names.contains(&"g1f3".to_string()));
    assert!(names.contains(&"a2a3".to_string()));
}

/// A position where a lion is missing has no children, even at depth 1.
#[test]
fn missing_lion_has_no_children() {
    for fen in [
        "7/7/7/7/7/7/3L3 w 0",
        "3l3/7/7/7/7/7/7 b 0",
        "7/7/7/7/7/7/7 w 0",
    ] {
        let p = pos(fen);
        assert_eq!(perft(&p, 1), 0, "{fen}");
        assert_eq!(perft(&p, 3), 0, "{fen}");
        assert_eq!(perft(&p, 0), 1, "{fen}");
    }
}
