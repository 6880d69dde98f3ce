//! Hand-worked move lists per piece, making moves (captures, promotion,
//! drowning), game status, notation, and random-play properties.
//!
//! Positions are set up from a short list like `"Ld1 ld7 Cb1"`: a FEN letter
//! (upper case white) then a square. Each expected list is the plain-string
//! sorted notation of the moves of one piece; the comment says why.

use boardsh::congo::{
    Color, Move, MoveOutcome, Piece, PieceKind, Position, START_FEN, Square, Status, fen, is_legal,
    legal_moves, move_count, perft, status,
};
use proptest::prelude::*;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A position from `"Ld1 ld7 ..."` with `side` to move, move number 0.
fn setup(pieces: &str, side: Color) -> Position {
    let mut pos = Position::empty();
    for item in pieces.split_whitespace() {
        let mut chars = item.chars();
        let piece = Piece::from_char(chars.next().unwrap()).unwrap();
        pos.set(sq(chars.as_str()), Some(piece));
    }
    pos.set_side_to_move(side);
    pos
}

const W: Color = Color::White;
const B: Color = Color::Black;

/// The moves of the piece on `from`, as one sorted string.
fn moves_from(pos: &Position, from: &str) -> String {
    let from = sq(from);
    legal_moves(pos)
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn list(pieces: &str, side: Color, from: &str) -> String {
    moves_from(&setup(pieces, side), from)
}

/// Play `m` in a copy of `pos`; the outcome and the resulting FEN.
fn play(pos: &Position, m: &str) -> (MoveOutcome, Position) {
    let mut next = pos.clone();
    let outcome = next.play(mv(m)).unwrap();
    (outcome, next)
}

fn squares_of(pieces: &[(Square, Piece)]) -> String {
    pieces
        .iter()
        .map(|(s, p)| format!("{}{s}", p.char()))
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------- lions

#[test]
fn facing_lions_on_a_file() {
    // d1's castle neighbours are c1 c2 d2 e1 e2; d2..d6 are empty, so the
    // lion may also take the black lion on d7.
    assert_eq!(list("Ld1 ld7", W, "d1"), "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2");
    // The same for Black, downwards.
    assert_eq!(list("Ld1 ld7", B, "d7"), "d7c6 d7c7 d7d1 d7d6 d7e6 d7e7");
    // A piece of either colour in between blocks the capture.
    assert_eq!(list("Ld1 ld7 Zd4", W, "d1"), "d1c1 d1c2 d1d2 d1e1 d1e2");
    assert_eq!(list("Ld1 ld7 pd5", W, "d1"), "d1c1 d1c2 d1d2 d1e1 d1e2");
}

#[test]
fn facing_lions_on_both_diagonals() {
    // c3-e5 through an empty d4. c3's castle neighbours: c2 d2 d3.
    assert_eq!(list("Lc3 le5", W, "c3"), "c3c2 c3d2 c3d3 c3e5");
    // Black's e5: d5 d6 e6 are its castle neighbours (d4, e4, f* are not).
    assert_eq!(list("Lc3 le5", B, "e5"), "e5c3 e5d5 e5d6 e5e6");
    // e3-c5: e3's castle neighbours are d2 d3 e2.
    assert_eq!(list("Le3 lc5", W, "e3"), "e3c5 e3d2 e3d3 e3e2");
    // A piece on d4 blocks the diagonal.
    assert_eq!(list("Lc3 le5 Zd4", W, "c3"), "c3c2 c3d2 c3d3");
}

#[test]
fn lion_outside_its_castle_and_ranks() {
    // Set-up: a lion on a1 has no castle square next to it, but a1-g7 is a
    // diagonal with nothing between, so its only move is the capture.
    assert_eq!(list("La1 lg7", W, "a1"), "a1g7");
    // A rank is not a facing line: c1 cannot take e1, only step c2 d1 d2.
    assert_eq!(list("Lc1 le1", W, "c1"), "c1c2 c1d1 c1d2");
    // A black lion inside White's castle can be taken by a step; the
    // diagonal d2-e3 adds the same square once, not twice.
    assert_eq!(
        list("Ld2 le3", W, "d2"),
        "d2c1 d2c2 d2c3 d2d1 d2d3 d2e1 d2e2 d2e3"
    );
}

// ---------------------------------------------------------------- crocodile

#[test]
fn crocodile_on_land() {
    // Steps a1 a2 b2 c1 c2; the slide up the b-file stops on the black pawn
    // on b3, taking it.
    assert_eq!(
        list("Cb1 pb3 Ld1 ld7", W, "b1"),
        "b1a1 b1a2 b1b2 b1b3 b1c1 b1c2"
    );
    // Empty file: the slide goes up to and including the river (b4), no
    // further.
    assert_eq!(
        list("Cb1 Ld1 ld7", W, "b1"),
        "b1a1 b1a2 b1b2 b1b3 b1b4 b1c1 b1c2"
    );
    // An own piece on b3 stops the slide before it.
    assert_eq!(list("Cb1 Pb3 Ld1 ld7", W, "b1"), "b1a1 b1a2 b1b2 b1c1 b1c2");
    // Only toward the river: from g3 the slide is just g4, never g1.
    assert_eq!(list("Cg3 Ld1 ld7", W, "g3"), "g3f2 g3f3 g3f4 g3g2 g3g4");
    // Black from c7 slides down to c4; d7 holds its own lion.
    assert_eq!(
        list("cc7 ld7 Le1", B, "c7"),
        "c7b6 c7b7 c7c4 c7c5 c7c6 c7d6"
    );
    // A white pawn on c5 is taken and ends the slide.
    assert_eq!(list("cc7 ld7 Le1 Pc5", B, "c7"), "c7b6 c7b7 c7c5 c7c6 c7d6");
}

#[test]
fn crocodile_in_the_river() {
    // Steps c3 c4 c5 d3 d5 e3 e4 e5; along the river west it takes b4 and
    // stops, east it stops before its own pawn on f4. No slide along the
    // file from the river (d2, d6 are out of reach).
    assert_eq!(
        list("Cd4 pb4 Pf4 Le1 le7", W, "d4"),
        "d4b4 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5"
    );
    // From a4 the whole river is open eastwards.
    assert_eq!(
        list("Ca4 Le1 le7", W, "a4"),
        "a4a3 a4a5 a4b3 a4b4 a4b5 a4c4 a4d4 a4e4 a4f4 a4g4"
    );
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawn_steps_and_captures() {
    // Forward and diagonally forward, capturing straight ahead too; d3 is
    // its own piece. On its own half there is no retreat.
    assert_eq!(list("Pc2 pb3 pc3 Pd3 Le1 le7", W, "c2"), "c2b3 c2c3");
    // In the river: not yet on the opponent's half, so no retreat.
    assert_eq!(list("Pd4 Le1 le7", W, "d4"), "d4c5 d4d5 d4e5");
    // Black moves down; on its own half (rank 5) no retreat either.
    assert_eq!(list("pc5 Le1 le7", B, "c5"), "c5b4 c5c4 c5d4");
}

#[test]
fn pawn_retreats_only_past_the_river() {
    // On d5 (White's far half): forward c6 d6 e6, back d4 and d3.
    assert_eq!(list("Pd5 Le1 le7", W, "d5"), "d5c6 d5d3 d5d4 d5d6 d5e6");
    // A piece on d4 (either colour) blocks both retreats: no jumping, no
    // capturing backwards.
    assert_eq!(list("Pd5 Zd4 Le1 le7", W, "d5"), "d5c6 d5d6 d5e6");
    assert_eq!(list("Pd5 pd4 Le1 le7", W, "d5"), "d5c6 d5d6 d5e6");
    // A piece on d3 leaves the one-square retreat.
    assert_eq!(list("Pd5 Zd3 Le1 le7", W, "d5"), "d5c6 d5d4 d5d6 d5e6");
    // Black on c3 (its far half): forward b2 c2 d2, back c4 c5.
    assert_eq!(list("pc3 Le1 le7", B, "c3"), "c3b2 c3c2 c3c4 c3c5 c3d2");
}

// ---------------------------------------------------------------- superpawn

#[test]
fn superpawn_moves_and_diagonal_retreats() {
    // Forward c6 d6 e6, sideways c5 e5, back d4 d3, back-left c4 b3,
    // back-right e4 f3.
    assert_eq!(
        list("Sd5 Le1 le7", W, "d5"),
        "d5b3 d5c4 d5c5 d5c6 d5d3 d5d4 d5d6 d5e4 d5e5 d5e6 d5f3"
    );
    // Own pawn on c4 blocks back-left entirely (no b3); the black pawn on e4
    // blocks back-right and cannot be taken backwards (no e4, no f3); the
    // black pawn on c5 is taken sideways.
    assert_eq!(
        list("Sd5 Pc4 pe4 pc5 Le1 le7", W, "d5"),
        "d5c5 d5c6 d5d3 d5d4 d5d6 d5e5 d5e6"
    );
    // Anywhere on the board, here on White's own half: two-square retreats
    // would leave the board, so back is c1 b1 d1 only.
    assert_eq!(
        list("Sc2 Le1 le7", W, "c2"),
        "c2b1 c2b2 c2b3 c2c1 c2c3 c2d1 c2d2 c2d3"
    );
    // Black retreats upwards: d4 d5, c4 b5, e4 f5.
    assert_eq!(
        list("sd3 Le1 le7", B, "d3"),
        "d3b5 d3c2 d3c3 d3c4 d3d2 d3d4 d3d5 d3e2 d3e3 d3e4 d3f5"
    );
}

// ---------------------------------------------------------------- giraffe, zebra, elephant

#[test]
fn giraffe_steps_never_capture() {
    // Steps to the empty neighbours b2 b4 c2 c4 d2 d3 d4, but not onto the
    // black pawn on b3. Jumps (middle square irrelevant): a3 over b3, a5, c1,
    // c5 taking the pawn, e1, e3, e5; a1 holds its own elephant.
    assert_eq!(
        list("Gc3 pb3 pc5 Ea1 Ld1 ld7", W, "c3"),
        "c3a3 c3a5 c3b2 c3b4 c3c1 c3c2 c3c4 c3c5 c3d2 c3d3 c3d4 c3e1 c3e3 c3e5"
    );
}

#[test]
fn zebra_and_elephant() {
    // Knight from b1: a3, c3 (takes), d2 is its own pawn.
    assert_eq!(list("Zb1 pc3 Pd2 Le1 le7", W, "b1"), "b1a3 b1c3");
    // Elephant c1: a1 b1; c2 own but c3 is jumped to; d1 own lion but e1
    // is jumped to, taking the zebra.
    assert_eq!(list("Ec1 Pc2 Ld1 ze1 ld7", W, "c1"), "c1a1 c1b1 c1c3 c1e1");
}

// ---------------------------------------------------------------- monkey

#[test]
fn monkey_single_jump() {
    // Steps to the empty a1 a2 b2 c1 (not onto c2); one jump over c2 to d3,
    // where nothing else can be jumped.
    assert_eq!(list("Mb1 pc2 Le1 ld7", W, "b1"), "b1a1 b1a2 b1b2 b1c1 b1d3");
}

#[test]
fn monkey_chain_of_three() {
    // b1 over c2 to d3, over e4 to f5, over f6 to f7; it may stop after any
    // jump, so each prefix is a move.
    assert_eq!(
        list("Mb1 pc2 pe4 pf6 Le1 lc7", W, "b1"),
        "b1a1 b1a2 b1b2 b1c1 b1d3 b1d3f5 b1d3f5f7"
    );
}

#[test]
fn monkey_chain_revisits_its_start() {
    // Black on b1, b2, c2. From a1: over b1 to c1 or over b2 to c3.
    //   c1: over b2 to a3 (end), or over c2 to c3, then over b2 back to a1.
    //   c3: over c2 to c1, then over b1 back to a1.
    // The start square is empty once the monkey has left, so both loops
    // land there again; no piece is jumped twice.
    assert_eq!(
        list("Ma1 pb1 pb2 pc2 Ld1 ld7", W, "a1"),
        "a1a2 a1c1 a1c1a3 a1c1c3 a1c1c3a1 a1c3 a1c3c1 a1c3c1a1"
    );
    let (out, next) = play(&setup("Ma1 pb1 pb2 pc2 Ld1 ld7", W), "a1c1c3a1");
    assert_eq!(squares_of(&out.captured), "pb1 pc2 pb2");
    assert_eq!(next.to_string(), "3l3/7/7/7/7/7/M2L3 b 0");
}

#[test]
fn monkey_jumping_the_lion_ends_the_move() {
    // a2 over b3 to c4, then over the lion on d5 to e6. Without the rule it
    // could go on over f6 to g6; with it, a2c4e6 is the last move.
    let pos = setup("Ma2 pb3 ld5 pf6 Le1", W);
    assert_eq!(moves_from(&pos, "a2"), "a2a1 a2a3 a2b1 a2b2 a2c4 a2c4e6");
    let (out, next) = play(&pos, "a2c4e6");
    assert!(out.lion_captured && out.game_over());
    assert_eq!(squares_of(&out.captured), "pb3 ld5");
    assert_eq!(status(&next), Status::WhiteWins);
    assert!(legal_moves(&next).is_empty());
    assert_eq!(perft(&next, 2), 0);
}

#[test]
fn monkey_never_jumps_its_own_side() {
    // An own pawn on c2 is neither stepped on nor jumped.
    assert_eq!(list("Mb1 Pc2 Le1 ld7", W, "b1"), "b1a1 b1a2 b1b2 b1c1");
}

// ---------------------------------------------------------------- making moves

#[test]
fn piece_left_in_the_river_drowns_after_its_owners_next_move() {
    let pos = setup("Pd3 Zb1 Le1 ld7", W);
    // Into the river from land: it stays for now.
    let (out, pos) = play(&pos, "d3d4");
    assert!(out.drowned.is_empty());
    assert_eq!(pos.to_string(), "3l3/7/7/3P3/7/7/1Z2L2 b 0");
    // Black's move drowns nothing of White's.
    let (out, pos) = play(&pos, "d7d6");
    assert!(out.drowned.is_empty());
    assert_eq!(pos.to_string(), "7/3l3/7/3P3/7/7/1Z2L2 w 1");
    // White moves something else: the pawn drowns.
    let (out, pos) = play(&pos, "b1c3");
    assert_eq!(squares_of(&out.drowned), "Pd4");
    assert_eq!(pos.to_string(), "7/3l3/7/7/2Z4/7/4L2 b 1");
}

#[test]
fn river_to_river_drowns_but_the_capture_stands() {
    let (out, next) = play(&setup("Ec4 pe4 Le1 ld7", W), "c4e4");
    assert_eq!(squares_of(&out.captured), "pe4");
    assert_eq!(squares_of(&out.drowned), "Ee4");
    assert_eq!(next.to_string(), "3l3/7/7/7/7/7/4L2 b 0");
}

#[test]
fn leaving_the_river_drowns_the_others_but_not_the_mover() {
    // Set-up with two white pawns in the river: a4 leaves, b4 drowns.
    let (out, next) = play(&setup("Pa4 Pb4 Le1 ld7", W), "a4a5");
    assert_eq!(squares_of(&out.drowned), "Pb4");
    assert_eq!(next.to_string(), "3l3/7/P6/7/7/7/4L2 b 0");
    // Coming in from land spares only the newcomer; crocodiles never drown.
    let (out, next) = play(&setup("Pa4 Pb4 Cc4 Pd3 Le1 ld7", W), "d3d4");
    assert_eq!(squares_of(&out.drowned), "Pa4 Pb4");
    assert_eq!(next.to_string(), "3l3/7/7/2CP3/7/7/4L2 b 0");
}

#[test]
fn crocodiles_never_drown() {
    // River to river, then left in the river while White moves again.
    let (out, pos) = play(&setup("Cd4 Zb1 Le1 ld7", W), "d4b4");
    assert!(out.drowned.is_empty());
    let (_, pos) = play(&pos, "d7d6");
    let (out, pos) = play(&pos, "b1c3");
    assert!(out.drowned.is_empty());
    assert_eq!(pos.to_string(), "7/3l3/7/1C5/2Z4/7/4L2 b 1");
}

#[test]
fn monkey_chain_from_the_river() {
    let pos = setup("Mb4 pc5 pe5 Le1 ld7", W);
    // b4 over c5 to d6, over e5 to f4: starts and ends in the river, so it
    // drowns; both captures stand.
    let (out, next) = play(&pos, "b4d6f4");
    assert_eq!(squares_of(&out.captured), "pc5 pe5");
    assert_eq!(squares_of(&out.drowned), "Mf4");
    assert_eq!(next.to_string(), "3l3/7/7/7/7/7/4L2 b 0");
    // Stopping on land after one jump: it survives.
    let (out, next) = play(&pos, "b4d6");
    assert!(out.drowned.is_empty());
    assert_eq!(next.to_string(), "3l3/3M3/4p2/7/7/7/4L2 b 0");
}

#[test]
fn winning_move_drowns_too() {
    // Settled point: from the river over c5 and the lion on e5 back into the
    // river. The game is won, and the monkey is gone from the FEN.
    let (out, next) = play(&setup("Mb4 pc5 le5 Le1", W), "b4d6f4");
    assert!(out.lion_captured);
    assert_eq!(squares_of(&out.drowned), "Mf4");
    assert_eq!(next.to_string(), "7/7/7/7/7/7/4L2 b 0");
    assert_eq!(status(&next), Status::WhiteWins);
}

#[test]
fn promotion_and_move_number() {
    let (out, next) = play(&setup("Pb6 Le1 ld7", W), "b6b7");
    assert!(out.promoted);
    assert_eq!(out.piece, Piece::new(W, PieceKind::Pawn));
    assert_eq!(next.to_string(), "1S1l3/7/7/7/7/7/4L2 b 0");
    // Black promotes on rank 1, and the move number grows after Black.
    let (out, next) = play(&setup("pc2 Le1 ld7", B), "c2c1");
    assert!(out.promoted);
    assert_eq!(next.to_string(), "3l3/7/7/7/7/7/2s1L2 w 1");
    // A superpawn moving is not a promotion.
    let (out, _) = play(&setup("Sb6 Le1 ld7", W), "b6b7");
    assert!(!out.promoted);
}

#[test]
fn illegal_moves_are_refused() {
    let mut pos = fen::parse(START_FEN).unwrap();
    let before = pos.clone();
    // f1f4: the crocodile's slide is blocked by its own pawn; d1d2: own
    // pawn; a2a4: no double step; a7a6: not White's piece; b1d3f5: nothing
    // to jump; e1e1: no move at all.
    for m in ["f1f4", "d1d2", "a2a4", "a7a6", "b1d3f5", "e1e1"] {
        assert!(!is_legal(&pos, mv(m)), "{m}");
        assert!(pos.play(mv(m)).is_err(), "{m}");
        assert_eq!(pos, before);
    }
    assert!(pos.play(mv("c2-c3")).is_ok());
}

// ---------------------------------------------------------------- status

#[test]
fn status_of_positions() {
    let cases = [
        (START_FEN, Status::Continue, "Continue"),
        ("7/7/7/7/7/7/3L3 w 0", Status::WhiteWins, "White wins"),
        ("3l3/7/7/7/7/7/7 w 0", Status::BlackWins, "Black wins"),
        ("7/7/7/7/7/7/7 b 0", Status::GameOver, "Game over"),
        // White's only piece is a lion on a1 with no castle square near and
        // no facing line: no move, so Black wins.
        ("3l3/7/7/7/7/7/L6 w 0", Status::BlackWins, "Black wins"),
        // The same for Black's lion on a7.
        ("l6/7/7/7/7/7/3L3 b 0", Status::WhiteWins, "White wins"),
    ];
    for (f, want, text) in cases {
        let got = status(&fen::parse(f).unwrap());
        assert_eq!(got, want, "{f}");
        assert_eq!(got.to_string(), text);
    }
}

#[test]
fn typed_forms_match_generated_moves() {
    let pos = setup("Mb1 pc2 pe4 pf6 Le1 lc7", W);
    let moves = legal_moves(&pos);
    for typed in ["b1-d3-f5", "B1xD3xF5", "b1d3f5", "b1xd3", "b1-c1"] {
        assert!(moves.contains(&mv(typed)), "{typed}");
    }
}

#[test]
fn capped_count_for_monkey_path_explosions() {
    // A monkey on a1 in a lattice of black pieces: every (even, even)
    // square is empty, every other square holds an enemy. The jump paths
    // are trails through that lattice: far too many to list, but a capped
    // count and the status answer at once.
    let lattice = "1p1p1pL/ppppppp/1p1p1p1/ppplppp/1p1p1p1/ppppppp/Mp1p1p1 w 0";
    let pos = fen::parse(lattice).unwrap();
    assert_eq!(boardsh::congo::move_count_up_to(&pos, 10_000), 10_000);
    assert_eq!(status(&pos), Status::Continue);
    let start = fen::parse(START_FEN).unwrap();
    assert_eq!(boardsh::congo::move_count_up_to(&start, 10_000), 24);
    assert_eq!(boardsh::congo::move_count_up_to(&start, 5), 5);
    assert_eq!(boardsh::congo::move_count_up_to(&start, 0), 0);
}

// ---------------------------------------------------------------- properties

/// A random placement: up to 20 random pieces, usually both lions.
fn arb_position() -> impl Strategy<Value = Position> {
    let piece = (0usize..49, 0usize..16);
    (
        prop::collection::vec(piece, 0..20),
        prop::option::weighted(0.95, 0usize..49),
        prop::option::weighted(0.95, 0usize..49),
        any::<bool>(),
    )
        .prop_map(|(pieces, white_lion, black_lion, black)| {
            let mut pos = Position::empty();
            let squares: Vec<Square> = Square::all().collect();
            for (s, p) in pieces {
                let kind = PieceKind::ALL[p % 8];
                let color = if p < 8 { W } else { B };
                pos.set(squares[s], Some(Piece::new(color, kind)));
            }
            if let Some(s) = white_lion {
                pos.set(squares[s], Some(Piece::new(W, PieceKind::Lion)));
            }
            if let Some(s) = black_lion {
                pos.set(squares[s], Some(Piece::new(B, PieceKind::Lion)));
            }
            pos.set_side_to_move(if black { B } else { W });
            pos
        })
}

fn count(pos: &Position, color: Color) -> usize {
    pos.by_color(color).count() as usize
}

/// Check one move against the rules' invariants.
fn check_move(pos: &Position, m: Move) -> Result<Position, TestCaseError> {
    let fen_before = pos.to_string();
    let mut next = pos.clone();
    let out = next
        .play(m)
        .map_err(|e| TestCaseError::fail(format!("{fen_before}: {e}")))?;
    let us = pos.side_to_move();
    // The board stays consistent: the FEN reads back to the same position.
    prop_assert_eq!(&fen::parse(&next.to_string()).unwrap(), &next);
    prop_assert_eq!(next.side_to_move(), !us);
    // Captures remove only enemy pieces, drowning only the mover's.
    prop_assert_eq!(count(&next, !us), count(pos, !us) - out.captured.len());
    prop_assert_eq!(count(&next, us), count(pos, us) - out.drowned.len());
    prop_assert!(out.captured.iter().all(|(_, p)| p.color == !us));
    prop_assert!(
        out.drowned
            .iter()
            .all(|(s, p)| p.color == us && s.is_river() && p.kind != PieceKind::Crocodile)
    );
    // Afterwards at most the newcomer from land is in the river (besides
    // crocodiles).
    let wet: Vec<Square> = next
        .by_color(us)
        .filter(|s| s.is_river())
        .filter(|&s| next.piece_at(s).map(|p| p.kind) != Some(PieceKind::Crocodile))
        .collect();
    prop_assert!(wet.is_empty() || (wet == [m.to()] && !m.from().is_river()));
    prop_assert_eq!(out.piece, pos.piece_at(m.from()).unwrap());
    Ok(next)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_keeps_the_rules(
        start in arb_position(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let mut pos = start;
        for pick in picks {
            let moves = legal_moves(&pos);
            prop_assert_eq!(move_count(&pos), moves.len() as u64);
            prop_assert_eq!(perft(&pos, 1), moves.len() as u64);
            prop_assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
            if moves.is_empty() {
                prop_assert!(status(&pos) != Status::Continue);
                break;
            }
            prop_assert_eq!(status(&pos), Status::Continue);
            // Every move can be played and round-trips through its notation.
            for &m in &moves {
                prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
                check_move(&pos, m)?;
            }
            pos = check_move(&pos, *pick.get(&moves))?;
        }
    }

    #[test]
    fn random_play_from_the_start(
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
    ) {
        let mut pos = fen::parse(START_FEN).unwrap();
        for pick in picks {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = check_move(&pos, *pick.get(&moves))?;
        }
    }
}
