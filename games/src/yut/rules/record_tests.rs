use super::*;
use crate::yut::rules::play::Phase;
use crate::yut::rules::token::Team;

fn throw(s: &str) -> Throw {
    s.parse().expect("sticks")
}

/// A seeded game of every kind of event: random and hand throws, uses of
/// pending throws (a use picked by the seed), free turns, and now and
/// then new sticks, a new seed, the first team, the house rules, a new
/// game or another board. Returns the record and how many uses were made
/// since the last new game.
fn random_game(seed: u64, events: usize) -> (Record, usize) {
    let mut pick = Rng::new(seed);
    let mut r = Record::new(Play::new(Team::Upper, seed));
    let mut uses = 0;
    for _ in 0..events {
        let roll = pick.next_u64() % 100;
        match roll {
            0 => {
                let ppm = 300_000 + (pick.next_u64() % 4) as u32 * 100_000;
                r.set_sticks(Sticks::from_ppm(ppm).expect("in range"));
            }
            1 => r.set_seed(pick.next_u64()),
            2 => r.set_first(if pick.next_u64().is_multiple_of(2) {
                Team::Upper
            } else {
                Team::Lower
            }),
            3 => r.set_house(House {
                back_do: pick.next_u64().is_multiple_of(2),
                catch_bonus: pick.next_u64().is_multiple_of(2),
                ..House::CONTEST
            }),
            4 => {
                r.restart();
                uses = 0;
            }
            5 => {
                let mut g = Game::new();
                g.apply(Token::B, throw("FFBB")).expect("from home");
                r.set_board(g);
                uses = 0;
            }
            6..=9 => {
                // A free turn, whatever the phase (refused for an escaped token).
                let token = Token::ALL[(pick.next_u64() % 10) as usize];
                let _ = r.replay(token, throw("FBBB"));
            }
            _ => match r.play().phase() {
                Phase::Over(_) => r.restart(),
                Phase::Throw(_) if roll.is_multiple_of(2) => {
                    r.throw_random().expect("a throw is due");
                }
                Phase::Throw(_) => {
                    r.throw(throw(
                        ["FBBB", "FFBB", "FFFB", "FFFF", "BBBB", "BBBF"]
                            [(pick.next_u64() % 6) as usize],
                    ))
                    .expect("a throw is due");
                }
                Phase::Move(_) => {
                    let all = r.play().uses();
                    let list = all.as_slice();
                    let u = list[(pick.next_u64() % list.len() as u64) as usize];
                    r.apply(u).expect("a legal use");
                    uses += 1;
                }
            },
        }
        if matches!(r.events().last(), Some(Event::Restart | Event::Board(_))) {
            uses = 0;
        }
        assert_eq!(r.replayed(), Ok(*r.play()), "seed {seed}");
    }
    (r, uses)
}

#[test]
fn a_seeded_game_replays_to_the_same_state() {
    // Every event kind appears in 400 events of each seed (each of the
    // settings has a 1% chance an event, so some run to the end unseen;
    // the union over seeds is checked below); the replay from the start
    // equals the game after every event (checked in `random_game`).
    let mut kinds = [false; 9];
    for seed in 0..20 {
        let (r, uses) = random_game(seed, 400);
        for e in r.events() {
            let k = match e {
                Event::Threw { random: true, .. } => 0,
                Event::Threw { random: false, .. } => 1,
                Event::Used(_) => 2,
                Event::FreeTurn(..) => 3,
                Event::Sticks(_) => 4,
                Event::Rng(_) => 5,
                Event::First(_) => 6,
                Event::House(_) => 7,
                Event::Restart | Event::Board(_) => 8,
            };
            kinds[k] = true;
        }
        // The decisions are the uses since the last new game, each
        // playable on the game before it.
        let d = r.decisions().expect("replays");
        assert_eq!(d.moves.len(), uses, "seed {seed}");
        for (before, u) in &d.moves {
            let mut p = *before;
            assert!(p.apply(*u).is_ok());
        }
    }
    assert_eq!(kinds, [true; 9]);
}

#[test]
fn a_refused_event_records_nothing() {
    let mut r = Record::default();
    // A move before the first throw, a throw with throws to use, a free
    // turn of an escaped token: refused, nothing recorded.
    let u = Use {
        token: Token::A,
        roll: Roll::Do,
    };
    assert_eq!(r.apply(u), Err(PlayError::MustThrow(Team::Upper)));
    assert!(r.events().is_empty());
    r.throw(throw("FBBB")).expect("due");
    assert!(r.throw(throw("FBBB")).is_err());
    assert!(r.throw_random().is_err());
    assert_eq!(r.events().len(), 1);
    // Lower's token on upper's turn; a gae not pending.
    assert!(r.play_token(Token::a, Roll::Do).is_err());
    assert!(r.play_token(Token::A, Roll::Gae).is_err());
    assert_eq!(r.events().len(), 1);
    // D goes round by mos until it has escaped (a few free turns).
    let mut turns = 0;
    while r.replay(Token::D, throw("BBBB")).is_ok() && turns < 10 {
        turns += 1;
    }
    assert!((1..10).contains(&turns), "{turns}");
    let len = 1 + turns;
    assert_eq!(r.events().len(), len);
    assert!(r.replay(Token::D, throw("BBBB")).is_err(), "D has escaped");
    assert_eq!(r.events().len(), len);
    // A setting that changes nothing is not an event: upper already
    // throws first, the sticks are fair, the rules the contest's.
    r.set_first(Team::Upper);
    r.set_sticks(Sticks::FAIR);
    r.set_house(House::CONTEST);
    assert_eq!(r.events().len(), len);
    assert_eq!(r.replayed(), Ok(*r.play()));
}

#[test]
fn decisions_start_at_the_last_new_game() {
    // do by A, then a new game: only what follows it counts; the free
    // turn is counted apart. (Lower moves last: upper's do passed the
    // turn before the new board.)
    let mut r = Record::default();
    r.throw(throw("FBBB")).expect("due");
    r.play_token(Token::A, Roll::Do).expect("pending");
    r.restart();
    assert_eq!(r.decisions(), Ok(Decisions::default()));
    // Another board that leaves the game as it was is still a new game:
    // after upper's do, lower throws next; with lower to throw first,
    // the same board afresh is the same game, but its decisions start
    // again.
    r.throw(throw("FBBB")).expect("due");
    r.play_token(Token::A, Roll::Do).expect("pending");
    r.set_first(Team::Lower);
    let same = *r.play();
    r.set_board(*same.game());
    assert_eq!(*r.play(), same);
    assert_eq!(r.decisions(), Ok(Decisions::default()));
    r.replay(Token::b, throw("FFBB")).expect("free");
    r.throw(throw("FFBB")).expect("due");
    let before = *r.play();
    r.play_token(Token::b, Roll::Gae).expect("pending");
    let d = r.decisions().expect("replays");
    let used = Use {
        token: Token::b,
        roll: Roll::Gae,
    };
    assert_eq!(d.moves, vec![(before, used)]);
    assert_eq!(d.free_turns, 1);
}

#[test]
fn a_snapshot_goes_back_and_forward() {
    // undo: back to the snapshot before two throws; redo: forward again
    // with the events cut off; the record replays at every stage.
    let mut r = Record::default();
    r.throw(throw("FFFF")).expect("due");
    let before = r.snapshot();
    r.throw(throw("FFFF")).expect("due again");
    r.throw(throw("FBBB")).expect("due again");
    let after = r.snapshot_over(&before);
    let whole = r.clone();
    r.restore(before.clone());
    assert_eq!(r.events().len(), 1);
    assert_eq!(r.replayed(), Ok(*r.play()));
    assert_eq!(r.play(), before.play());
    r.restore(after);
    assert_eq!(r, whole);
}
