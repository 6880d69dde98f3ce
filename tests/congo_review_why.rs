//! Congo review's marks whatever the points and its why-lines (issue 51
//! items 2 and 3): a missed win in one and a walk into a forced loss are
//! `??`, an only move is `!`, and each kind of sentence is checked on a
//! planted position against the material along the line, counted here
//! from the position's pieces before and after it (not from the review's
//! own walk).

use boardsh::congo::analysis::{Mark, MoveReview, Note, ONLY_GAP, review};
use boardsh::congo::search::{DEFAULT_VALUES, Engine, EngineConfig, Limits};
use boardsh::congo::{Color, Game, Move, Piece, PieceKind, Position, Square};
use boardsh::interrupt::Never;

/// The game from `fen` with `moves` played, reviewed at 20,000 nodes a
/// position.
fn reviewed(fen: &str, moves: &[&str]) -> Vec<MoveReview> {
    let mut game = Game::new(fen.parse().unwrap());
    for m in moves {
        game.play(m.parse().unwrap()).unwrap();
    }
    let mut engine = Engine::new(EngineConfig::strongest());
    let r = review(
        &mut engine,
        &game,
        &Limits::nodes(20_000),
        &Never,
        &mut |_, _| {},
    )
    .unwrap();
    assert!(r.complete);
    r.moves
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// `side`'s material on the board in the engine's centipawns (the lion
/// counts nothing), and whether its lion is there.
fn material(pos: &Position, side: Color) -> (i32, bool) {
    let mut sum = 0;
    let mut lion = false;
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq)
            && p.color == side
        {
            if p.kind == PieceKind::Lion {
                lion = true;
            }
            sum += DEFAULT_VALUES[p.kind.index()];
        }
    }
    (sum, lion)
}

/// The pieces on the board.
fn count(pos: &Position) -> usize {
    Square::all().filter(|&s| pos.piece_at(s).is_some()).count()
}

/// `line` from `pos` to where it is quiet, counted from the board: the
/// first move, then each next one while it leaves fewer pieces.
fn quiet_end(pos: &Position, line: &[Move]) -> Position {
    let mut p = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        let next = p.after(m).unwrap();
        if i > 0 && count(&next) == count(&p) {
            break;
        }
        p = next;
    }
    p
}

#[test]
fn a_missed_win_in_one_is_a_blunder_whatever_the_points() {
    // Facing lions on the open d file, White to move: d1d7 takes the
    // black lion. White plays d1c1 instead: its lion leaves the file, so
    // Black cannot take it back at once, and White is still a lion
    // against a lion (not lost): a missed win, `??`, with the capture.
    let moves = reviewed("3l3/7/7/7/7/7/3L3 w 0", &["d1c1"]);
    let m = &moves[0];
    assert_eq!(m.best, Some(mv("d1d7")));
    assert_eq!(m.note, Some(Note::MissedWin));
    assert_eq!(m.mark, Some(Mark::Blunder));
    assert_eq!(m.why.as_deref(), Some("missed d1d7, taking the lion"));
    // The sentence is true on the board: d7 holds Black's lion, and after
    // d1d7 Black has none.
    let before = &m.before;
    assert_eq!(
        before.piece_at(mv("d1d7").to()),
        Some(Piece::new(Color::Black, PieceKind::Lion))
    );
    assert!(!material(&before.after(mv("d1d7")).unwrap(), Color::Black).1);
}

#[test]
fn a_walk_into_a_forced_loss_is_a_blunder_with_the_capture() {
    // White's elephant on d3 stands between the lions on the d file;
    // d3c3 steps aside and d7d1 takes White's lion. Before it White was
    // not lost (it has an elephant more).
    let moves = reviewed("3l3/pp5/7/7/3E3/7/3L3 w 0", &["d3c3"]);
    let m = &moves[0];
    assert!(m.best_value.chance > 0.0, "{:?}", m.best_value);
    assert_eq!(m.note, Some(Note::AllowsLoss));
    assert_eq!(m.mark, Some(Mark::Blunder));
    assert_eq!(m.played_line[..2], [mv("d3c3"), mv("d7d1")]);
    assert_eq!(m.why.as_deref(), Some("allows d7d1, taking the lion"));
    // On the board: after the line White's lion is gone.
    assert!(material(&m.before, Color::White).1);
    assert!(!material(&quiet_end(&m.before, &m.played_line), Color::White).1);
}

#[test]
fn the_only_move_that_saves_the_lion_is_marked_good() {
    // Black's zebra on b2 attacks White's lion on d1; the lion's other
    // squares are taken by its own pieces (c1, c2, d2, e2) but e1, which
    // the zebra does not reach. Every other move lets b2d1 take the lion.
    let fen = "3l3/7/7/7/7/1zPPP2/2EL3 w 0";
    let moves = reviewed(fen, &["d1e1"]);
    let m = &moves[0];
    assert_eq!(m.best, Some(mv("d1e1")));
    assert_eq!(m.mark, None);
    assert_eq!(m.note, Some(Note::OnlyMove));
    assert!(m.best_value.chance >= ONLY_GAP);
    // The why names the next best and the capture that follows it.
    let why = m.why.as_deref().unwrap();
    let rest = why.strip_prefix("the next best, ").unwrap();
    let (second, what) = rest.split_once(", ").unwrap();
    assert_eq!(what, "allows b2d1, taking the lion", "{why}");
    let second = mv(second);
    assert_ne!(second, mv("d1e1"));
    let after = m.before.after(second).unwrap();
    assert_eq!(
        after.piece_at(mv("b2d1").to()),
        Some(Piece::new(Color::White, PieceKind::Lion))
    );
    assert!(!material(&after.after(mv("b2d1")).unwrap(), Color::White).1);
}

#[test]
fn a_piece_left_to_be_taken_is_named_with_the_capture() {
    // The elephant jumps from c3 to c5, where Black's pawn on c6 takes it
    // (a pawn captures straight ahead). The lions are on different files;
    // both sides have pawns, so neither lion falls by force.
    let moves = reviewed("4l2/2p1ppp/7/7/2E4/PP2PPP/3L3 w 0", &["c3c5"]);
    let m = &moves[0];
    assert!(m.mark.is_some(), "{m:?}");
    assert_eq!(m.played_line[..2], [mv("c3c5"), mv("c6c5")]);
    assert_eq!(
        m.why.as_deref(),
        Some("loses the elephant: c6c5 takes it on c5")
    );
    // On the board, to where the line is quiet: White lost an elephant's
    // worth, net.
    let end = quiet_end(&m.before, &m.played_line);
    let lost = material(&m.before, Color::White).0 - material(&end, Color::White).0;
    let won = material(&m.before, Color::Black).0 - material(&end, Color::Black).0;
    assert_eq!(lost, DEFAULT_VALUES[PieceKind::Elephant.index()]);
    assert!(lost - won > 0);
}

#[test]
fn a_piece_left_in_the_river_drowns() {
    // The elephant steps into the river (d3d4); Black plays a pawn; White
    // moves its lion (d1c1), so the elephant, in the river for a second
    // move of its side, drowns at the end of that move.
    let moves = reviewed("3l3/pp3pp/7/7/3E3/PP3PP/3L3 w 0", &["d3d4", "a6a5", "d1c1"]);
    let m = &moves[2];
    assert!(m.mark.is_some(), "{m:?}");
    assert_eq!(m.why.as_deref(), Some("the elephant drowns"));
    // On the board: after d1c1 alone White has no elephant.
    let after = m.before.after(mv("d1c1")).unwrap();
    assert_eq!(
        material(&m.before, Color::White).0 - material(&after, Color::White).0,
        DEFAULT_VALUES[PieceKind::Elephant.index()]
    );
}

#[test]
fn a_free_capture_not_taken_is_what_the_better_move_wins() {
    // Black's giraffe on b4 stands next to White's elephant on b3, which
    // takes it (one step); the giraffe cannot take the elephant (it
    // takes only by a jump of two, and b2 and d2 are empty). White plays
    // c1d1 instead. Both sides have pawns, so neither lion falls by force.
    let moves = reviewed("4l2/pp3pp/7/1g5/1E5/P4PP/2L4 w 0", &["c1d1"]);
    let m = &moves[0];
    assert!(m.mark.is_some(), "{m:?}");
    assert_eq!(m.best, Some(mv("b3b4")));
    assert_eq!(m.why.as_deref(), Some("b3b4 wins a giraffe"));
    // On the board: the best line, to where it is quiet, takes a giraffe's
    // worth from Black more than White loses.
    let end = quiet_end(&m.before, &m.line);
    let black = material(&m.before, Color::Black).0 - material(&end, Color::Black).0;
    let white = material(&m.before, Color::White).0 - material(&end, Color::White).0;
    assert!(black - white > 0, "{:?}", m.line);
    assert_eq!(
        m.before.piece_at(mv("b3b4").to()),
        Some(Piece::new(Color::Black, PieceKind::Giraffe))
    );
}

#[test]
fn help_review_says_the_definitions() {
    let out = crate::common::Test::new()
        .args(["-c", "help review"])
        .any_stdout()
        .run();
    let text = String::from_utf8(out.stdout).unwrap().replace('\n', " ");
    for part in [
        "\"missed win\"",
        "\"allows a forced loss\"",
        "! only move: the move played was the best and the second best",
        "loses at least 15 points, so no other move is within 5 of it",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
}
