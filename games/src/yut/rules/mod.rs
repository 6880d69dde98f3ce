//! The rules room: the board's stations and routes, the sticks and their
//! throws, the tokens, a [`Game`](crate::yut::Game) and a game played by
//! the rules ([`Play`](crate::yut::Play)). Pure data and rules.

pub(crate) mod game;
pub(crate) mod groups;
#[doc(hidden)]
pub mod help;
pub(crate) mod house;
pub(crate) mod next;
pub(crate) mod play;
pub(crate) mod record;
pub(crate) mod rng;
#[doc(hidden)]
pub mod roll;
pub(crate) mod route;
pub(crate) mod station;
pub(crate) mod sticks;
pub(crate) mod throw;
pub(crate) mod token;
