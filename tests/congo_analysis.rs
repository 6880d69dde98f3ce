//! Congo analysis in the library (issue 38): `hint`'s candidates and
//! `review`'s marks, checked against the rules-only prover of forced wins
//! (`common::prover`, no code of the engine) and hand-worked games.

use crate::common::prover::Prover;
use boardsh::congo::analysis::{Mark, hint, review};
use boardsh::congo::search::{Engine, EngineConfig, Limits, Score};
use boardsh::congo::{Game, Position, legal_moves};
use boardsh::interrupt::Never;

/// Facing lions on the open d file, White to move: White takes the black
/// lion with d1d7 (the rules' "facing lions").
const FACING: &str = "3l3/7/7/7/7/7/3L3 w 0";

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

#[test]
fn a_lion_capture_is_the_first_hint_at_one_hundred_percent() {
    let p = pos(FACING);
    let mut engine = Engine::new(EngineConfig::strongest());
    let hints = hint(&mut engine, &p, &[], 3, &Limits::nodes(20_000), &Never)
        .unwrap()
        .moves;
    assert_eq!(hints.len(), 3);
    let first = &hints[0];
    assert_eq!(first.mv.to_string(), "d1d7");
    assert_eq!(first.value.score, Score::WinIn(1));
    assert_eq!(first.value.chance, 1.0);
    assert!(first.value.exact);
    // The prover agrees: d1d7 wins at once, and no other move listed does.
    let mut prover = Prover::new();
    assert!(prover.move_wins(&p, first.mv, 1));
    for c in &hints[1..] {
        assert!(!prover.move_wins(&p, c.mv, 1), "{}", c.mv);
        assert!(c.value.chance < 1.0, "{}", c.mv);
    }
}

#[test]
fn hints_are_best_first_and_each_line_starts_with_its_move() {
    let p = Position::start();
    let mut engine = Engine::new(EngineConfig::strongest());
    let limits = Limits::nodes(40_000);
    let hints = hint(&mut engine, &p, &[], 4, &limits, &Never)
        .unwrap()
        .moves;
    assert_eq!(hints.len(), 4);
    let legal = legal_moves(&p);
    for pair in hints.windows(2) {
        assert!(pair[0].value.chance >= pair[1].value.chance);
    }
    for c in &hints {
        assert!(legal.contains(&c.mv));
        assert_eq!(c.line.first(), Some(&c.mv));
        // Each line plays out from the start position.
        let mut q = p.clone();
        for &m in &c.line {
            q = q.after(m).unwrap();
        }
    }
    // Two moves cannot be listed twice.
    let mut moves: Vec<_> = hints.iter().map(|c| c.mv).collect();
    moves.dedup();
    assert_eq!(moves.len(), 4);
    // A node budget gives the same hint every time.
    let again = hint(&mut engine, &p, &[], 4, &limits, &Never)
        .unwrap()
        .moves;
    assert_eq!(again, hints);
}

/// The game from [`FACING`] where White steps d1d2 instead of taking the
/// lion, and Black's lion takes White's down the open file.
fn blunder_game() -> Game {
    let mut game = Game::new(pos(FACING));
    game.play("d1d2".parse().unwrap()).unwrap();
    game.play("d7d2".parse().unwrap()).unwrap();
    game
}

#[test]
fn a_move_that_drops_a_won_game_is_a_blunder() {
    let game = blunder_game();
    // The premises, from the prover: White won at once before d1d2, and
    // after it Black wins at once.
    let mut prover = Prover::new();
    let start = pos(FACING);
    assert!(prover.wins_within(&start, 1));
    let after = start.after("d1d2".parse().unwrap()).unwrap();
    assert!(prover.wins_within(&after, 1));

    let mut engine = Engine::new(EngineConfig::strongest());
    let mut seen = Vec::new();
    let r = review(
        &mut engine,
        &game,
        &Limits::nodes(20_000),
        &Never,
        &mut |done, total| seen.push((done, total)),
    )
    .unwrap();
    assert!(r.complete);
    assert_eq!(seen, [(1, 3), (2, 3), (3, 3)]);
    assert_eq!(r.moves.len(), 2);
    // White's d1d2: a certain win (100%) became a certain loss (0%).
    let m = &r.moves[0];
    assert_eq!(m.mark, Some(Mark::Blunder));
    assert_eq!(m.loss, 1.0);
    assert_eq!(m.best.map(|b| b.to_string()), Some("d1d7".to_string()));
    assert_eq!(m.best_value.score, Score::WinIn(1));
    assert_eq!(m.played_value.score, Score::LossIn(1));
    // Black's capture is the best move: no loss, no mark.
    let b = &r.moves[1];
    assert_eq!((b.mark, b.loss), (None, 0.0));
    // White's chance: won at the start, lost after each move.
    assert_eq!(r.white, [1.0, 0.0, 0.0]);
    let [white, black] = &r.sides;
    assert_eq!(
        (white.moves, white.blunders, white.biggest),
        (1, 1, Some(0))
    );
    assert_eq!(white.accuracy, 0.0);
    assert_eq!((black.moves, black.blunders, black.biggest), (1, 0, None));
    assert!(black.accuracy > 99.9, "{}", black.accuracy);
}

#[test]
fn a_stopped_review_keeps_the_moves_done() {
    use boardsh::interrupt::Interrupt;
    /// Stops once the progress says two positions were searched.
    struct After(std::sync::atomic::AtomicUsize);
    impl Interrupt for After {
        fn interrupted(&self) -> bool {
            self.0.load(std::sync::atomic::Ordering::SeqCst) >= 2
        }
    }
    let stop = After(std::sync::atomic::AtomicUsize::new(0));
    let game = blunder_game();
    let mut engine = Engine::new(EngineConfig::strongest());
    let r = review(
        &mut engine,
        &game,
        &Limits::nodes(20_000),
        &stop,
        &mut |done, _| {
            stop.0.store(done, std::sync::atomic::Ordering::SeqCst);
        },
    )
    .unwrap();
    // The start and the position after d1d2 were searched: one move kept.
    assert!(!r.complete);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].mark, Some(Mark::Blunder));
    assert_eq!(r.white.len(), 2);
}
