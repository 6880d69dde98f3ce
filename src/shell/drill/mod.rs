//! Drills from the person's own games: the deck of positions where a
//! review found their mistakes (`deck`), the days of its schedule
//! (`day`) and the budget an answer is searched within (`budget`). The
//! session serves them (`session/drill.rs`); the front end reads and
//! appends the deck's file and says which day it is. A Yut card holds
//! its decision in the form of `yut_state`.

pub mod budget;
pub mod day;
pub mod deck;
pub mod yut_state;

pub use day::Day;
pub use deck::{Card, Deck, Entry, Event, Good, Posed, after_answer, read};
pub use yut_state::YutState;
