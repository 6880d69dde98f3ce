//! `boardsh course make` through the binary: hand-worked make-move cases
//! for every drowning and promotion rule, in both course years and under
//! boardsh's full rules. Each expected FEN is worked out from the rules in
//! the comment above it.

use crate::common::Test;

/// Run `boardsh course ARGS` on `input` from stdin.
fn run(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = Test::new().arg("course").args(args).stdin(input).output();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Each case is (FEN, move, FEN after, state), worked out from the rules.
fn check_make(year: &[&str], cases: &[(&str, &str, &str, &str)]) {
    let mut input = format!("{}\n", cases.len());
    let mut expected = String::new();
    for (fen, mv, after, state) in cases {
        input.push_str(&format!("{fen}\n{mv}\n"));
        expected.push_str(&format!("{after}\n{state}\n"));
    }
    let mut args = vec!["make"];
    args.extend_from_slice(year);
    let (status, out, err) = run(&args, &input);
    assert_eq!(status, Some(0), "{err}");
    let got: Vec<&str> = out.lines().collect();
    for (i, (fen, mv, after, state)) in cases.iter().enumerate() {
        let pair = (got.get(2 * i).copied(), got.get(2 * i + 1).copied());
        assert_eq!(pair, (Some(*after), Some(*state)), "{year:?}: {fen} {mv}");
    }
    assert_eq!(out, expected);
}

/// Cases that play the same under both years' rules; `X` stands for the
/// year's river-crossing piece (elephant in 2021, giraffe in 2022: a4c4 is
/// the elephant's two-square move and the giraffe's jump).
const BOTH_YEARS: &[(&str, &str, &str, &str)] = &[
    // A river piece that stays in the river drowns: a4 to c4 along the
    // river, and it is gone.
    (
        "3l3/7/7/X6/7/7/3L3 w 0",
        "a4c4",
        "3l3/7/7/7/7/7/3L3 b 0",
        "Continue",
    ),
    // A capture from the river into the river: both pieces go.
    (
        "3l3/7/7/X1p4/7/7/3L3 w 0",
        "a4c4",
        "3l3/7/7/7/7/7/3L3 b 0",
        "Continue",
    ),
    // Coming into the river from land is safe for that move.
    (
        "3l3/7/7/7/7/1Z5/3L3 w 0",
        "b2c4",
        "3l3/7/7/2Z4/7/7/3L3 b 0",
        "Continue",
    ),
    // A mover's piece left standing in the river drowns: the pawn a4 when
    // the lion moves.
    (
        "3l3/7/7/P6/7/7/3L3 w 0",
        "d1d2",
        "3l3/7/7/7/7/3L3/7 b 0",
        "Continue",
    ),
    // Leaving the river saves it.
    (
        "3l3/7/7/P6/7/7/3L3 w 0",
        "a4a5",
        "3l3/7/P6/7/7/7/3L3 b 0",
        "Continue",
    ),
    // The other side's river pieces do not drown on this move.
    (
        "3l3/7/7/p6/7/7/3L3 w 0",
        "d1d2",
        "3l3/7/7/p6/7/3L3/7 b 0",
        "Continue",
    ),
    // Black's move: the move number goes up; the black pawn b4 drowns.
    (
        "3l3/7/7/1p5/7/7/3L3 b 5",
        "d7d6",
        "7/3l3/7/7/7/7/3L3 w 6",
        "Continue",
    ),
    // Facing lions: the capture along the file wins.
    (
        "3l3/7/7/7/7/7/3L3 w 0",
        "d1d7",
        "3L3/7/7/7/7/7/7 b 0",
        "White wins",
    ),
    (
        "3l3/7/7/7/7/7/3L3 b 3",
        "d7d1",
        "7/7/7/7/7/7/3l3 w 4",
        "Black wins",
    ),
    // A zebra takes the lion (e5 to d7 is a knight's leap).
    (
        "3l3/7/4Z2/7/7/7/3L3 w 0",
        "e5d7",
        "3Z3/7/7/7/7/7/3L3 b 0",
        "White wins",
    ),
];

#[test]
fn make_drowning_and_wins_in_both_years() {
    for (year, piece) in [("2021", "E"), ("2022", "G")] {
        let owned: Vec<(String, &str, &str, &str)> = BOTH_YEARS
            .iter()
            .map(|(f, m, a, s)| (f.replace('X', piece), *m, *a, *s))
            .collect();
        let cases: Vec<(&str, &str, &str, &str)> = owned
            .iter()
            .map(|(f, m, a, s)| (f.as_str(), *m, *a, *s))
            .collect();
        check_make(&["--year", year], &cases);
    }
}

#[test]
fn make_promotion_by_year() {
    check_make(
        &["--year", "2021"],
        &[
            // No promotion: a pawn on the far rank stays a pawn ...
            (
                "3l3/P6/7/7/7/7/3L3 w 0",
                "a6a7",
                "P2l3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
            (
                "3l3/7/7/7/7/6p/3L3 b 5",
                "g2g1",
                "3l3/7/7/7/7/7/3L2p w 6",
                "Continue",
            ),
            // ... also when it gets there by taking (b6 takes the zebra c7),
            (
                "2zl3/1P5/7/7/7/7/3L3 w 0",
                "b6c7",
                "2Pl3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
            // ... and from there it can only retreat (two back, a6 empty).
            (
                "P2l3/7/7/7/7/7/3L3 w 0",
                "a7a5",
                "3l3/7/P6/7/7/7/3L3 b 0",
                "Continue",
            ),
        ],
    );
    check_make(
        &["--year", "2022"],
        &[
            (
                "3l3/P6/7/7/7/7/3L3 w 0",
                "a6a7",
                "S2l3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
            (
                "3l3/7/7/7/7/6p/3L3 b 5",
                "g2g1",
                "3l3/7/7/7/7/7/3L2s w 6",
                "Continue",
            ),
            (
                "2zl3/1P5/7/7/7/7/3L3 w 0",
                "b6c7",
                "2Sl3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
            // A superpawn moving sideways in the river drowns like any piece.
            (
                "3l3/7/7/S6/7/7/3L3 w 0",
                "a4b4",
                "3l3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
        ],
    );
    // Full rules (no --year): promotion, and a crocodile never drowns.
    check_make(
        &[],
        &[
            (
                "3l3/P6/7/7/7/7/3L3 w 0",
                "a6a7",
                "S2l3/7/7/7/7/7/3L3 b 0",
                "Continue",
            ),
            (
                "3l3/7/7/C6/7/7/3L3 w 0",
                "a4c4",
                "3l3/7/7/2C4/7/7/3L3 b 0",
                "Continue",
            ),
        ],
    );
}
