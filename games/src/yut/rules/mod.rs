//! The rules room: the board's stations and routes, the sticks and their
//! throws, the tokens, a [`Game`](crate::yut::Game) and a game played by
//! the rules ([`Play`](crate::yut::Play)). Pure data and rules.

pub mod game;
pub mod groups;
pub mod help;
pub mod house;
pub mod next;
pub mod play;
pub mod record;
pub mod rng;
pub mod roll;
pub mod route;
pub mod station;
pub mod sticks;
pub mod throw;
pub mod token;
