//! What the referee needs from a player: a way to tell it a line and a
//! way to ask for one answer within a time. A process implements it; tests
//! implement it in-process.

use std::time::Duration;

/// The answer to a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line (trimmed) and how long it took.
    Line(String, Duration),
    /// Nothing came within the wait; how long was waited.
    Timeout(Duration),
    /// The player is gone (exited, closed its output), and why.
    Gone(String),
    /// The match is stopping (a signal): no answer, and no result.
    Stopped,
}

/// A player seen from the referee.
pub trait Seat {
    /// Send one line; `false` if it could not be delivered.
    fn tell(&mut self, line: &str) -> bool;
    /// Send one line and wait at most `wait` for one line back.
    fn ask(&mut self, line: &str, wait: Duration) -> Reply;
    /// Whether this player has ever answered a question (a player that
    /// never has is broken, not beaten, when it fails to answer).
    fn answered_before(&self) -> bool {
        true
    }
}
