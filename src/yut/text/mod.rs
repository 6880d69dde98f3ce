//! The text room: the 32x32 board, the station map, the `turn` and
//! `options` texts and the SVG diagram. Pure functions of a game.

pub(crate) mod render;
pub(crate) mod station_map;
pub(crate) mod svg;
pub(crate) mod view;
