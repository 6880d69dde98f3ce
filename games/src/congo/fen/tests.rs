//! Hand-worked FEN cases: each error kind with its offset and length.

use super::fast::parse_fast;
use super::*;
use crate::congo::piece::{Piece, PieceKind};

fn err(s: &str) -> (usize, usize, FenErrorKind) {
    let e = parse(s).unwrap_err();
    (e.offset, e.len, e.kind)
}

#[test]
fn start_round_trips() {
    let pos = parse(super::super::position::START_FEN).unwrap();
    assert_eq!(pos, Position::start());
    assert_eq!(pos.to_string(), "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0");
}

#[test]
fn defaults_and_case() {
    let pos = parse("7/7/7/7/7/7/7").unwrap();
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.move_number(), 0);
    let pos = parse("  7/7/7/7/7/7/7\tB 23  ").unwrap();
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.move_number(), 23);
    assert_eq!(pos.to_string(), "7/7/7/7/7/7/7 b 23");
}

#[test]
fn canonical_merges_empty_runs() {
    // "34" is 3+4 = 7 empty squares; canonical output merges them to "7".
    let pos = parse("34/7/7/7/7/7/2l1L2 w 5").unwrap();
    assert_eq!(pos.to_string(), "7/7/7/7/7/7/2l1L2 w 5");
    let d1: Square = "e1".parse().unwrap();
    assert_eq!(
        pos.piece_at(d1),
        Some(Piece::new(Color::White, PieceKind::Lion))
    );
}

#[test]
fn worked_example_squares() {
    let pos = parse("2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23").unwrap();
    let at = |s: &str| pos.piece_at(s.parse().unwrap()).map(|p| p.char());
    assert_eq!(at("c7"), Some('l'));
    assert_eq!(at("e5"), Some('z'));
    assert_eq!(at("e4"), Some('c'));
    assert_eq!(at("g2"), Some('p'));
    assert_eq!(at("d2"), Some('L'));
}

#[test]
fn empty_input() {
    assert_eq!(err(""), (0, 0, FenErrorKind::Empty));
    assert_eq!(err("   "), (3, 0, FenErrorKind::Empty));
}

#[test]
fn rank_count() {
    // 6 ranks: the error points just past the placement (offset 11).
    assert_eq!(
        err("7/7/7/7/7/7 w 0"),
        (11, 0, FenErrorKind::RankCount { found: 6 })
    );
    // 8 ranks: it points at the 7th `/` (offset 13), covering "/7".
    assert_eq!(
        err("7/7/7/7/7/7/7/7"),
        (13, 2, FenErrorKind::RankCount { found: 8 })
    );
}

#[test]
fn rank_width() {
    // Rank 6 is the second segment, starting at offset 2.
    assert_eq!(
        err("7/8P/7/7/7/7/7").0,
        2,
        "the digit 8 is reported before the width"
    );
    assert_eq!(
        err("7/61P/7/7/7/7/7"),
        (
            2,
            3,
            FenErrorKind::RankWidth {
                rank: 6,
                squares: 8
            }
        )
    );
    assert_eq!(
        err("7/7/7/7/7/7/6"),
        (
            12,
            1,
            FenErrorKind::RankWidth {
                rank: 1,
                squares: 6
            }
        )
    );
    assert_eq!(
        err("7//7/7/7/7/7"),
        (
            2,
            0,
            FenErrorKind::RankWidth {
                rank: 6,
                squares: 0
            }
        )
    );
}

#[test]
fn bad_letters_and_digits() {
    // "7/7/7/" is bytes 0..6, so `x` in "3x3" is at byte 7.
    assert_eq!(
        err("7/7/7/3x3/7/7/7"),
        (7, 1, FenErrorKind::UnknownPiece('x'))
    );
    assert_eq!(
        err("7/7/7/3é3/7/7/7"),
        (7, 2, FenErrorKind::UnknownPiece('é'))
    );
    assert_eq!(err("0/7/7/7/7/7/7"), (0, 1, FenErrorKind::BadDigit('0')));
    assert_eq!(err("7/7/7/7/7/7/9"), (12, 1, FenErrorKind::BadDigit('9')));
}

#[test]
fn side_errors() {
    assert_eq!(
        err("7/7/7/7/7/7/7 white 0"),
        (14, 5, FenErrorKind::InvalidSide("white".into()))
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 x"),
        (14, 1, FenErrorKind::InvalidSide("x".into()))
    );
}

#[test]
fn move_number_errors() {
    let k = |s: &str| FenErrorKind::MoveNumberNotNumeric(s.into());
    assert_eq!(err("7/7/7/7/7/7/7 w abc"), (16, 3, k("abc")));
    assert_eq!(err("7/7/7/7/7/7/7 w 1x"), (16, 2, k("1x")));
    assert_eq!(
        err("7/7/7/7/7/7/7 w -3"),
        (16, 2, FenErrorKind::MoveNumberNegative("-3".into()))
    );
    assert_eq!(
        err("7/7/7/7/7/7/7 w 18446744073709551616"),
        (
            16,
            20,
            FenErrorKind::MoveNumberOverflow("18446744073709551616".into())
        )
    );
    assert_eq!(
        parse("7/7/7/7/7/7/7 w 18446744073709551615")
            .unwrap()
            .move_number(),
        u64::MAX
    );
}

#[test]
fn trailing_input() {
    assert_eq!(
        err("7/7/7/7/7/7/7 w 0 extra  stuff "),
        (18, 12, FenErrorKind::TrailingInput("extra  stuff".into()))
    );
}

#[test]
fn long_fields_are_cut_in_messages() {
    // The error keeps the whole field; its message quotes 40 characters.
    let side = "x".repeat(1000);
    let e = parse(&format!("7/7/7/7/7/7/7 {side}")).unwrap_err();
    assert_eq!(e.kind, FenErrorKind::InvalidSide(side));
    assert_eq!(
        e.to_string(),
        format!(
            "expected side to move `w` or `b`, found `{}...`",
            "x".repeat(40)
        )
    );
}

#[test]
fn fast_path_takes_the_common_forms() {
    for fen in [
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
        "  2l4/7/4z2/4c2/PP2EP1/3L2p/7\tB 23  ",
        "7/7/7/7/7/7/7",
        "7/7/7/7/7/7/7 b",
        "34/7/7/7/7/7/7 w 18446744073709551615",
    ] {
        let fast = parse_fast(fen.as_bytes());
        assert!(fast.is_some(), "{fen}");
        assert_eq!(fast.map(Ok), Some(parse_located(fen)), "{fen}");
    }
    for odd in [
        "7/7/7/7/7/7/7 w 18446744073709551616",
        "7/7/7/7/7/7/8",
        "7/7/7/7/7/7/7 w0",
        "7/7/7/7/7/7/7 w 0 x",
        "7/7/7/7/7/7/7/",
        "6/7/7/7/7/7/7",
        "7/7/7/7/7/7/7 w -1",
        "7/7/7/7/7/7/7x",
    ] {
        assert_eq!(parse_fast(odd.as_bytes()), None, "{odd}");
    }
}

#[test]
fn shifted_moves_offset() {
    let e = parse("7/7/7/3x3/7/7/7").unwrap_err().shifted(4);
    assert_eq!(e.offset, 11);
}

mod properties {
    use super::super::*;
    use proptest::prelude::*;

    /// A rank of FEN-ish text: piece letters and digits, sometimes 7 wide.
    fn rank() -> impl Strategy<Value = String> {
        prop_oneof![
            "[1-7pPsSgGmMeElLcCzZ]{1,7}",
            proptest::collection::vec(prop_oneof!["[pPsSgGmMeElLcCzZ]", Just("1".to_string())], 7)
                .prop_map(|v| v.concat()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Wherever the fast path accepts, the careful parser agrees.
        #[test]
        fn fast_path_agrees(
            ranks in proptest::collection::vec(rank(), 5..9),
            lead in "[ \t]{0,2}",
            side in "( [wWbBx])?",
            number in "( [0-9]{1,21}| -[0-9])?",
            tail in "( x)?",
        ) {
            let fen = format!("{lead}{}{side}{number}{tail}", ranks.join("/"));
            if let Some(pos) = parse_fast(fen.as_bytes()) {
                prop_assert_eq!(Ok(pos), parse_located(&fen), "{}", fen);
            }
        }

        /// Any string at all: the fast path never accepts what the careful one rejects.
        #[test]
        fn fast_path_never_accepts_an_error(text in "[ \t0-9/pPsSgGmMeElLcCzZwWbB-]{0,64}") {
            if let Some(pos) = parse_fast(text.as_bytes()) {
                prop_assert_eq!(Ok(pos), parse_located(&text));
            }
        }
    }
}
