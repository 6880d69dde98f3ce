//! The one policy for input from outside: how long a line may be, how
//! many lines may wait, and how many legal moves a position may have
//! before it is refused.
//!
//! | reader | cap | past it |
//! |---|---|---|
//! | the shell's sources and stdin, `boardsh agent`'s stdin | [`MAX_LINE`] (16 MiB) a line, through [`crate::shell::lines::LineReader`] | the line is reported, not stored; a line with no end in sight ends the input |
//! | the referee's reader of each agent's answers | [`MAX_ANSWER`] (16 KiB) a line, [`ANSWER_QUEUE`] lines waiting | the line is cut (a move is a few bytes); a full queue makes the agent wait |
//! | every position the shell, the agent or the referee takes on | [`MOVE_LIMIT`] legal moves | refused (`crate::congo::moves::too_many_moves`; monkey jump paths in a set-up position) |
//!
//! Commands and FENs are human-sized, but a script line may carry a long
//! `source` path or a pasted record, so the shell's cap is generous; an
//! agent's answer is one move, so the referee's is small, and with the
//! queue it bounds what one runaway agent costs at about 1 MiB.

/// Longest line read, in bytes without its line ending. A longer line is
/// reported, not stored, so no input can make a reader hold more.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// The longest line the referee keeps from an agent.
pub const MAX_ANSWER: usize = 16 * 1024;

/// Lines queued from one agent before its reader waits for the referee
/// (and the agent, its pipe full, waits for the reader).
pub const ANSWER_QUEUE: usize = 64;

pub use crate::congo::moves::MOVE_LIMIT;
