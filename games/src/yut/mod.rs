//! The Yut Nori game: stations, routes, throws, tokens, and the board.
//!
//! Pure data and rules, no I/O. A [`Game`] holds where the eight tokens
//! are; [`Game::apply`] plays one turn (a [`Token`] and a [`Throw`]) by the
//! rules of `spec/yut-nori.md`: shortcuts decided by the station a move
//! starts on, stacks moving together, catches sending opponents home, and
//! escape past `cham-meoki`. [`write_board`] draws the 32x32 board of the
//! original problem.
//!
//! ```
//! use boardsh_games::yut::{Game, Station, Token, TokenState};
//!
//! let mut game = Game::new();
//! let report = game.apply(Token::A, "BBBB".parse()?)?; // 5 steps: mo
//! assert_eq!(report.to_string(), "A: home -> mo (5)");
//! game.apply(Token::A, "FBBB".parse()?)?; // starting on mo turns: mo-do
//! assert_eq!(game.state(Token::A), TokenState::On(Station::MoDo));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The rooms: the rules, the computer player, the texts. Private to the
// crate; what outside users may touch is the list below.
#[doc(hidden)]
pub mod player;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod text;

// The face: everything an integration test, a benchmark or a fuzz target
// may use. The exact solver keeps its own list ([`solve`]).
pub use player::ai::Ai;
pub use player::auto::{Step, auto};
pub use player::policy::{Greedy, Kind, Policy, Random};
pub use player::sim::{Duel, MAX_ACTIONS, duel, play_out};
pub use player::solve;
pub use rules::game::{Game, MoveReport, TokenState, YutError};
pub use rules::house::House;
pub use rules::next::{Next, PlayReport, ThrowReport};
pub use rules::play::{Phase, Play, PlayError, Use, groups, options};
pub use rules::record::{Decisions, Event, Record, ReplayError, Snapshot};
pub use rules::rng::Rng;
pub use rules::roll::{ParseRollError, Pending, Roll, TooManyPending};
pub use rules::route::{Dest, Start, destination};
pub use rules::station::{ParseStationError, Station};
pub use rules::sticks::{ParseSticksError, Sticks};
pub use rules::throw::{ParseThrowError, Throw};
pub use rules::token::{ParseTokenError, Team, Token, TokenSet};
pub use text::render::{EMPTY_BOARD, board, write_board};
pub use text::view::{OptionsView, TurnView};
