//! Whole Yut Nori games under the rules (`yut::Play`), with random and
//! computer players: properties over random games, and seeded games that
//! replay byte for byte.

use boardsh::yut::{
    Ai, Game, Greedy, MoveReport, Next, Phase, Play, PlayError, Policy, Random, Rng, Roll, Team,
    Token, board, options,
};
use boardsh::yut::{MAX_ACTIONS, play_out};
use proptest::prelude::*;

/// One game played to the end by two policies, checking the rules at each
/// step. Returns the transcript (one line per throw or move), the moves
/// made as (token, result, report), and the finished game.
type Moves = Vec<(Token, Roll, MoveReport)>;

fn checked_game(
    mut play: Play,
    upper: &mut dyn Policy,
    lower: &mut dyn Policy,
) -> Result<(String, Moves, Play), TestCaseError> {
    let mut transcript = String::new();
    let mut moves = Vec::new();
    for _ in 0..MAX_ACTIONS {
        match play.phase() {
            Phase::Over(w) => {
                // No move and no throw after the winner, and nothing changes.
                let before = play;
                prop_assert_eq!(play.throw_random().map(|_| ()), Err(PlayError::Over(w)));
                for t in Token::ALL {
                    prop_assert_eq!(play.play(t, Roll::Do).map(|_| ()), Err(PlayError::Over(w)));
                }
                prop_assert!(play.uses().is_empty());
                prop_assert_eq!(play, before);
                transcript.push_str(&format!("{w} won\n"));
                return Ok((transcript, moves, play));
            }
            Phase::Throw(team) => {
                let r = play
                    .throw_random()
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(r.team, team);
                // Yut and mo throw again at once; the rest go to moving.
                if r.roll.again() {
                    prop_assert_eq!(play.phase(), Phase::Throw(team));
                } else if play.due() == 0 {
                    prop_assert_eq!(play.phase(), Phase::Move(team));
                }
                transcript.push_str(&format!("{team} {r}\n"));
            }
            Phase::Move(team) => {
                let policy: &mut dyn Policy = match team {
                    Team::Upper => &mut *upper,
                    Team::Lower => &mut *lower,
                };
                let u = policy.choose(&play);
                prop_assert!(u.is_some(), "a pending throw always has a use");
                let Some(u) = u else { break };
                // The what-if view predicts the move exactly.
                let predicted: Vec<MoveReport> = options(play.game(), team, u.roll)
                    .filter(|r| r.moved.contains(u.token))
                    .collect();
                let pending_before = play.pending();
                let r = play
                    .apply(u)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(&predicted, &vec![r.report]);
                // What comes next follows the rules.
                let mut left = pending_before;
                left.remove(u.roll);
                let expected = if play.winner().is_some() {
                    Next::Won(team)
                } else if !r.report.caught.is_empty() {
                    Next::Throw { team, again: true }
                } else if !left.is_empty() {
                    Next::Move {
                        team,
                        pending: left,
                    }
                } else {
                    Next::Throw {
                        team: team.opponent(),
                        again: false,
                    }
                };
                prop_assert_eq!(r.next, expected);
                transcript.push_str(&format!("{r}\n"));
                moves.push((u.token, u.roll, r.report));
            }
        }
    }
    Err(TestCaseError::fail(format!(
        "no winner after {MAX_ACTIONS} actions"
    )))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random games between random players: every game ends with a
    /// winner, nothing moves after it, and replaying the same moves as
    /// free turns of the original problem gives the same reports and the
    /// same board, byte for byte.
    #[test]
    fn random_games_end_and_replay_freely(
        seed in any::<u64>(),
        a in any::<u64>(),
        b in any::<u64>(),
        lower_first in any::<bool>(),
    ) {
        let first = if lower_first { Team::Lower } else { Team::Upper };
        let play = Play::new(first, seed);
        let (_, moves, end) =
            checked_game(play, &mut Random(Rng::new(a)), &mut Random(Rng::new(b)))?;
        let mut free = Game::new();
        for (token, roll, report) in &moves {
            prop_assert_eq!(free.apply(*token, roll.throw()), Ok(*report));
        }
        prop_assert_eq!(board(&free), board(end.game()));
        prop_assert_eq!(free.winner(), end.winner());
        // The same seeds play the same game again.
        let (_, again, _) =
            checked_game(play, &mut Random(Rng::new(a)), &mut Random(Rng::new(b)))?;
        prop_assert_eq!(&again, &moves);
    }

    /// Greedy against random, either way round: the same properties.
    #[test]
    fn greedy_games_end(seed in any::<u64>(), a in any::<u64>(), swap in any::<bool>()) {
        let play = Play::new(Team::Upper, seed);
        let mut r = Random(Rng::new(a));
        let mut g = Greedy;
        let (upper, lower): (&mut dyn Policy, &mut dyn Policy) =
            if swap { (&mut g, &mut r) } else { (&mut r, &mut g) };
        checked_game(play, upper, lower)?;
    }
}

/// A seeded game between the computer and a seeded random player, twice:
/// the same transcript byte for byte; another seed, another game.
#[test]
fn a_seeded_game_replays_byte_for_byte() {
    let game = |seed: u64| {
        let mut ai = Ai::new(Default::default(), 1);
        let mut random = Random(Rng::new(seed ^ 1));
        checked_game(Play::new(Team::Upper, seed), &mut ai, &mut random)
            .expect("a legal game")
            .0
    };
    let first = game(12);
    assert_eq!(first, game(12));
    assert_ne!(first, game(13));
    assert!(first.ends_with(" won\n"));
}

/// Undo is restoring the whole `Play` (it is `Copy`, random state
/// included): a throw after undoing a throw, or after undoing a move,
/// gives the same sticks again.
#[test]
fn undo_restores_the_sticks() {
    let mut p = Play::new(Team::Upper, 5);
    let before_throw = p;
    let first = p.throw_random().expect("throw");
    p = before_throw; // undo the throw
    assert_eq!(p.throw_random().expect("throw"), first);
    // Play the turn out to its first move, then undo that move.
    while p.phase() == Phase::Throw(Team::Upper) {
        p.throw_random().expect("throw");
    }
    let before_move = p;
    let u = Greedy.choose(&p).expect("a use");
    p.apply(u).expect("move");
    let after_move = p;
    p = before_move; // undo the move
    assert_ne!(p, after_move);
    p.apply(u).expect("move");
    assert_eq!(p, after_move, "the same move again gives the same state");
    // Whoever throws next gets the same sticks in both histories.
    let mut x = after_move;
    let mut y = p;
    while !matches!(x.phase(), Phase::Throw(_)) {
        let u = Greedy.choose(&x).expect("a use");
        x.apply(u).expect("move");
        y.apply(u).expect("move");
    }
    assert_eq!(x.throw_random(), y.throw_random());
}

/// `play_out` ends every game it is given, for all three policies.
#[test]
fn every_policy_finishes_games() {
    for seed in 0..20 {
        let mut a = Random(Rng::new(seed));
        let mut b = Greedy;
        let mut p = Play::new(Team::Upper, seed);
        assert!(play_out(&mut p, &mut a, &mut b).is_some());
    }
}
