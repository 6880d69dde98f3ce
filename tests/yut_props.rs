//! Properties of Yut Nori games under random turn sequences.

use boardsh::yut::{
    Dest, EMPTY_BOARD, Game, MoveReport, Start, Station, Team, Throw, Token, TokenState, YutError,
    board, destination,
};
use proptest::prelude::*;

/// A random turn: a token index and the four faces of a throw.
fn turn() -> impl Strategy<Value = (usize, [bool; 4])> {
    (0usize..8, any::<[bool; 4]>())
}

/// The first token at or after index `i` (cyclically) that can still move.
fn movable_from(game: &Game, i: usize) -> Option<Token> {
    (0..8)
        .map(|k| Token::ALL[(i + k) % 8])
        .find(|&t| game.state(t) != TokenState::Escaped)
}

/// Every whole-game invariant, checked after each turn.
fn check_game(game: &Game) -> Result<(), TestCaseError> {
    // Each token is in exactly one of home / on a station / escaped.
    let home = game.tokens_at(TokenState::Home).len();
    let escaped = game.tokens_at(TokenState::Escaped).len();
    let on: usize = Station::ALL.iter().map(|&s| game.on(s).count()).sum();
    prop_assert_eq!(home + on + escaped, 8);
    // No station ever holds both teams.
    for s in Station::ALL {
        let teams: Vec<Team> = game.on(s).map(Token::team).collect();
        prop_assert!(teams.windows(2).all(|w| w[0] == w[1]), "{s}: {teams:?}");
    }
    check_board(game)
}

/// The board is 32 lines of 32 characters, equal to the empty board except
/// that each on-board token's letter sits in its corner of its block.
fn check_board(game: &Game) -> Result<(), TestCaseError> {
    let drawn = board(game);
    let lines: Vec<&str> = drawn.split_terminator('\n').collect();
    prop_assert_eq!(lines.len(), 32);
    prop_assert!(lines.iter().all(|l| l.len() == 32));
    prop_assert!(drawn.ends_with('\n'));
    let mut expected: Vec<u8> = EMPTY_BOARD.as_bytes().to_vec();
    for (t, state) in game.states() {
        let count = drawn.chars().filter(|&c| c == t.char()).count();
        match state {
            TokenState::On(s) => {
                prop_assert_eq!(count, 1, "{} on {}", t, s);
                let (row, col) = s.block();
                expected[(row + t.slot() / 2) * 33 + col + t.slot() % 2] = t.char() as u8;
            }
            TokenState::Home | TokenState::Escaped => prop_assert_eq!(count, 0, "{} off", t),
        }
    }
    prop_assert_eq!(drawn.as_bytes(), &expected[..]);
    Ok(())
}

/// A report agrees with the games before and after the turn.
fn check_report(before: &Game, after: &Game, r: &MoveReport) -> Result<(), TestCaseError> {
    prop_assert!(r.moved.contains(r.token));
    prop_assert_eq!(r.from, before.state(r.token));
    // The stack is every same-team token that stood with the mover (if on
    // a station), and all of it ends where the mover ends.
    let stack: Vec<Token> = match r.from {
        TokenState::On(s) => before
            .on(s)
            .filter(|t| t.team() == r.token.team())
            .collect(),
        _ => vec![r.token],
    };
    prop_assert_eq!(r.moved.iter().collect::<Vec<_>>(), stack);
    for t in r.moved.iter() {
        prop_assert_eq!(after.state(t), r.to);
    }
    // Caught tokens are opponents that stood on the destination; an
    // escaping move catches nobody.
    for t in r.caught.iter() {
        prop_assert!(t.team() != r.token.team());
        prop_assert_eq!(before.state(t), r.to);
        prop_assert_eq!(after.state(t), TokenState::Home);
    }
    if r.to == TokenState::Escaped {
        prop_assert!(r.caught.is_empty());
    }
    // Nobody else moved.
    for (t, s) in after.states() {
        if !r.moved.contains(t) && !r.caught.contains(t) {
            prop_assert_eq!(s, before.state(t));
        }
    }
    let line = r.to_string();
    prop_assert!(!line.contains('\n'));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_games_keep_the_invariants(turns in prop::collection::vec(turn(), 0..150)) {
        let mut game = Game::new();
        check_game(&game)?;
        for (i, faces) in turns {
            let named = Token::ALL[i];
            let throw = Throw::from_faces(faces);
            // Naming an escaped token is refused and changes nothing; the
            // turn then goes to the next token that can still move.
            if game.state(named) == TokenState::Escaped {
                let before = game;
                prop_assert_eq!(game.apply(named, throw), Err(YutError::Escaped(named)));
                prop_assert_eq!(game, before);
            }
            let Some(token) = movable_from(&game, i) else { break };
            let before = game;
            let report = game.apply(token, throw);
            prop_assert!(report.is_ok());
            if let Ok(r) = report {
                prop_assert_eq!(r.steps, throw.steps());
                check_report(&before, &game, &r)?;
            }
            // Escaped is final.
            for t in before.tokens_at(TokenState::Escaped).iter() {
                prop_assert_eq!(game.state(t), TokenState::Escaped);
            }
            check_game(&game)?;
        }
    }
}

/// Splitting a move in two changes where it ends only when the split point
/// is a corner that starts a shortcut (`mo`, `duet-mo`, `bang`). Checked
/// for every start and every pair of throws.
#[test]
fn only_corners_turn_a_split_move() {
    let starts = std::iter::once(Start::Home).chain(Station::ALL.map(Start::On));
    for start in starts {
        for a in 1..=5 {
            for b in 1..=5 {
                let whole = destination(start, a + b);
                match destination(start, a) {
                    Dest::On(Station::Mo | Station::DuetMo | Station::Bang) => {}
                    Dest::On(mid) => {
                        let split = destination(Start::On(mid), b);
                        assert_eq!(split, whole, "{start:?} +{a} (= {mid}) +{b}");
                    }
                    Dest::Escaped => assert_eq!(whole, Dest::Escaped, "{start:?} +{a} +{b}"),
                }
            }
        }
    }
}
