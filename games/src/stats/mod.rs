//! Statistics, with no I/O and no game in them (nothing here imports a
//! game; the games say from whose side a result counts): the Elo of a
//! win-draw-loss tally ([`elo`]), a proportion's Wilson interval
//! ([`wilson`]), and game pairs with the SPRT ([`pentanomial`]), what a
//! referee needs to judge a match; and the chart of a chance over a game
//! ([`chart`]) that the reviews draw.

pub mod chart;
pub mod elo;
pub mod pentanomial;
pub mod wilson;

pub use elo::{Elo, GameResult, Tally, elo_of};
pub use wilson::Share;
