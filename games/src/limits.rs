//! The one policy for input from outside: how long a line may be, how
//! many lines may wait, and how many legal moves a position may have
//! before it is refused.
//!
//! | reader | cap | past it |
//! |---|---|---|
//! | the shell's sources and stdin, `boardsh agent`'s stdin | [`MAX_LINE`] (16 MiB) a line, through [`crate::shell::lines::LineReader`] | the line is reported, not stored; a line with no end in sight ends the input |
//! | the referee's reader of each agent's answers | [`MAX_LINE`] a line, [`ANSWER_QUEUE`] lines waiting | the line is cut (a move is a few bytes, so a cut line is an illegal answer); a full queue makes the agent wait |
//! | every position the shell, the agent or the referee takes on | [`MOVE_LIMIT`] legal moves | refused (`crate::congo::moves::too_many_moves`; monkey jump paths in a set-up position) |
//!
//! One line cap for every reader: commands and FENs are human-sized, but a
//! script line may carry a long `source` path or a pasted record, so it is
//! generous. An agent's answer is one move, so the referee keeps few of
//! them: its memory for one agent's output is bounded by
//! [`AGENT_OUTPUT_BOUND`] (80 MiB), whatever the agent writes, and a match
//! holds two agents a game at a time (`--concurrency N`: 2N).

/// Longest line read, in bytes without its line ending. A longer line is
/// reported (the shell, the agent) or cut (the referee), never stored
/// whole, so no input can make a reader hold more.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// Lines queued from one agent before its reader waits for the referee
/// (and the agent, its pipe full, waits for the reader).
pub const ANSWER_QUEUE: usize = 2;

/// The most the referee holds of one agent's output at a time, in bytes:
/// the [`ANSWER_QUEUE`] lines queued, plus the line its reader is handing
/// over (its bytes and its text), plus the answer the referee is
/// judging, each at most [`MAX_LINE`] (and a 3-byte cut mark).
pub const AGENT_OUTPUT_BOUND: usize = (MAX_LINE + 3) * (ANSWER_QUEUE + 3);

pub use crate::congo::moves::MOVE_LIMIT;
