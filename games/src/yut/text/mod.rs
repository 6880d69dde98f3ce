//! The text room: the 32x32 board, the station map, the `turn` and
//! `options` texts and the SVG diagram. Pure functions of a game.

pub(crate) mod render;
#[doc(hidden)]
pub mod station_map;
#[doc(hidden)]
pub mod svg;
pub(crate) mod view;
