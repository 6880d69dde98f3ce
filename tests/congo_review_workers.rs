//! Congo review on several workers (issue 51 item 1): the game's
//! positions go out in fixed chunks, each searched by one engine with an
//! emptied table, so the review is the same on one worker or two, on
//! every run and whatever the engines searched before; two workers search
//! on two threads; a stop keeps the longest prefix of the game searched.

use boardsh::congo::analysis::{CHUNK, Review, WALK, Walk, review_on};
use boardsh::congo::search::{Engine, EngineConfig, Limits};
use boardsh::congo::{Game, Position, legal_moves, status};
use boardsh::interrupt::{Interrupt, Never};
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::ThreadId;

/// Plies of [`long_game`]: three chunks' worth of positions (41).
const PLIES: usize = 40;

/// A game of [`PLIES`] moves from the start: at each ply the legal move
/// at a fixed stride through the list, passing over any that ends the
/// game (so that every position has a search to do).
fn long_game() -> Game {
    let mut game = Game::new(Position::start());
    for ply in 0..PLIES {
        let pos = game.position().clone();
        let moves = legal_moves(&pos);
        let n = moves.len();
        let mv = (0..n)
            .map(|k| moves[(ply * 7 + 3 + k) % n])
            .find(|&m| !status(&pos.after(m).unwrap()).is_over())
            .expect("a move that does not end the game");
        game.play(mv).unwrap();
    }
    game
}

fn engine() -> Engine {
    Engine::new(EngineConfig {
        hash_mb: 2,
        ..EngineConfig::strongest()
    })
}

/// `game` reviewed at 2,000 nodes a position on `engines`.
fn reviewed(engines: &mut [Engine], game: &Game, stop: &dyn Interrupt) -> Review {
    let mut refs: Vec<&mut Engine> = engines.iter_mut().collect();
    review_on(&mut refs, game, &Limits::nodes(2_000), stop, &mut |_, _| {}).unwrap()
}

#[test]
fn one_worker_or_two_give_the_same_review() {
    let game = long_game();
    assert_eq!(game.plies(), PLIES);
    // More positions than two chunks: both workers get one.
    const { assert!(PLIES + 1 > 2 * CHUNK) };
    let one = reviewed(&mut [engine()], &game, &Never);
    assert!(one.complete);
    assert_eq!(one.moves.len(), PLIES);
    assert_eq!(one.white.len(), PLIES + 1);
    let mut two = [engine(), engine()];
    let both = reviewed(&mut two, &game, &Never);
    // Every value, line, mark and the nodes counted: the same.
    assert_eq!(both, one);
    // Again on the same engines (their tables full of this game, a chunk
    // each maybe not the one it had): still the same.
    assert_eq!(reviewed(&mut two, &game, &Never), one);
    // After the engines searched another game: the same.
    let mut other = Game::new(Position::start());
    other.play("c2c3".parse().unwrap()).unwrap();
    reviewed(&mut two, &other, &Never);
    assert_eq!(reviewed(&mut two, &game, &Never), one);
}

/// Never interrupts; notes every thread that asks.
#[derive(Default)]
struct Threads(Mutex<HashSet<ThreadId>>);

impl Interrupt for Threads {
    fn interrupted(&self) -> bool {
        self.0.lock().unwrap().insert(std::thread::current().id());
        false
    }
}

#[test]
fn two_workers_search_on_two_threads() {
    let game = long_game();
    // The search asks its interrupt as it goes: whoever asks, searches.
    let one = Threads::default();
    reviewed(&mut [engine()], &game, &one);
    let one = one.0.into_inner().unwrap();
    // One worker: the caller's own thread.
    assert_eq!(one, HashSet::from([std::thread::current().id()]));
    let two = Threads::default();
    reviewed(&mut [engine(), engine()], &game, &two);
    let two = two.0.into_inner().unwrap();
    assert_eq!(two.len(), 2, "{two:?}");
    assert!(!two.contains(&std::thread::current().id()));
}

/// Stops once the progress says `after` positions were searched.
struct After(usize, AtomicUsize);

impl Interrupt for After {
    fn interrupted(&self) -> bool {
        self.1.load(Ordering::SeqCst) >= self.0
    }
}

#[test]
fn a_stop_keeps_the_longest_prefix_searched() {
    let game = long_game();
    let whole = reviewed(&mut [engine()], &game, &Never);
    // Stopped in the second chunk (positions 16 to 31), after 20
    // positions: walked backwards, it had searched 31 down to 28, not
    // the positions after the first chunk's 16; forwards, 16 to 19.
    let stop = After(CHUNK + 4, AtomicUsize::new(0));
    let mut engines = [engine()];
    let mut refs: Vec<&mut Engine> = engines.iter_mut().collect();
    let r = review_on(
        &mut refs,
        &game,
        &Limits::nodes(2_000),
        &stop,
        &mut |done, _| stop.1.store(done, Ordering::SeqCst),
    )
    .unwrap();
    let positions = match WALK {
        Walk::Backward => CHUNK,
        Walk::Forward => CHUNK + 4,
    };
    assert!(!r.complete);
    assert_eq!(r.white.len(), positions);
    assert_eq!(r.moves.len(), positions - 1);
    // What was kept is what the whole review says of those moves.
    assert_eq!(r.moves[..], whole.moves[..positions - 1]);
    assert_eq!(r.white[..], whole.white[..positions]);
}
