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
//! use boardsh::yut::{Game, Station, Token, TokenState};
//!
//! let mut game = Game::new();
//! let report = game.apply(Token::A, "BBBB".parse()?)?; // 5 steps: mo
//! assert_eq!(report.to_string(), "A: home -> mo (5)");
//! game.apply(Token::A, "FBBB".parse()?)?; // starting on mo turns: mo-do
//! assert_eq!(game.state(Token::A), TokenState::On(Station::MoDo));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod ai;
pub mod auto;
pub mod eval;
pub mod game;
pub mod groups;
pub mod house;
pub mod next;
pub mod play;
pub mod policy;
pub mod render;
pub mod rng;
pub mod roll;
pub mod route;
pub mod rules;
pub mod sim;
pub mod solve;
pub mod station;
pub mod station_map;
pub mod sticks;
pub mod svg;
pub mod throw;
pub mod token;
pub mod view;

pub use ai::Ai;
pub use auto::{Step, auto};
pub use game::{Game, MoveReport, TokenState, YutError};
pub use house::House;
pub use next::{Next, PlayReport, ThrowReport};
pub use play::{Phase, Play, PlayError, Use, groups, options};
pub use policy::{Greedy, Kind, Policy, Random};
pub use render::{EMPTY_BOARD, board, write_board};
pub use rng::Rng;
pub use roll::{ParseRollError, Pending, Roll};
pub use route::{Dest, Start, destination};
pub use station::{ParseStationError, Station};
pub use sticks::{ParseSticksError, Sticks};
pub use throw::{ParseThrowError, Throw};
pub use token::{ParseTokenError, Team, Token, TokenSet};
pub use view::{OptionsView, TurnView};
