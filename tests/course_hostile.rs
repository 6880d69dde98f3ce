//! `boardsh course`'s reader on hostile input, in-process: any bytes
//! complete with answers or one error located inside its line on character
//! boundaries, never a panic (at most 256 cases, small inputs, depth 2).

use boardsh::congo::PieceKind;
use boardsh::congo::Rules;
use boardsh::front::course::{Config, Task, answer_input};
use proptest::prelude::*;

/// Pieces of course input: counts, FENs (good, cut, with foreign
/// pieces), moves, blanks, CR, stray bytes.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"2".to_vec()),
        Just(b"0".to_vec()),
        Just(b"18446744073709551616".to_vec()),
        Just(b"-1".to_vec()),
        Just(b"3l3/7/7/7/7/7/3L3 w 0".to_vec()),
        Just(b"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35".to_vec()),
        Just(b"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4".to_vec()),
        Just(b"4l2/1P5/7/7/7/7/2GLC2 b 9".to_vec()),
        Just(b"3l3/7/7".to_vec()),
        Just(b"d1d2".to_vec()),
        Just(b"a6a7".to_vec()),
        Just(b"zz".to_vec()),
        Just(b"   ".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\t".to_vec()),
        Just(b"\xff\xfe".to_vec()),
        Just("é".as_bytes().to_vec()),
        Just(b"\n".to_vec()),
        prop::collection::vec(any::<u8>(), 0..8),
    ]
}

fn task() -> impl Strategy<Value = Task> {
    prop_oneof![
        Just(Task::Listing),
        Just(Task::Moves(None)),
        Just(Task::Moves(Some(PieceKind::Pawn))),
        Just(Task::Make),
        Just(Task::Eval),
        Just(Task::Minimax),
        Just(Task::EvalAdvanced),
        Just(Task::Alphabeta),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any input completes: answers, or one error located inside its
    /// line on character boundaries; never a panic.
    #[test]
    fn any_input_completes_with_a_located_error(
        pieces in prop::collection::vec(piece(), 0..12),
        joins in prop::collection::vec(prop_oneof![Just(b"\n".to_vec()), Just(b" ".to_vec()), Just(b"\r\n".to_vec())], 12),
        task in task(),
        rules in prop_oneof![Just(Rules::Course2021), Just(Rules::Course2022), Just(Rules::Full)],
        strict in any::<bool>(),
        no_count in any::<bool>(),
    ) {
        let mut input = Vec::new();
        for (p, j) in pieces.iter().zip(&joins) {
            input.extend_from_slice(p);
            input.extend_from_slice(j);
        }
        // Small depths: robustness, not search time.
        let cfg = Config { task, rules, strict, depth: Some(2), no_count };
        let mut out = Vec::new();
        let mut errors = Vec::new();
        let mut report = |d: &boardsh::shell::Diagnostic<'_>| {
            errors.push((d.line.to_string(), d.error.span));
        };
        let ok = answer_input(&cfg, "<in>", &mut &input[..], &mut out, &mut report).unwrap();
        prop_assert_eq!(ok, errors.is_empty());
        prop_assert!(errors.len() <= 1);
        for (line, span) in &errors {
            prop_assert!(span.start + span.len <= line.len(), "{:?} {:?}", line, span);
            prop_assert!(line.is_char_boundary(span.start));
            prop_assert!(line.is_char_boundary(span.start + span.len));
        }
    }
}
