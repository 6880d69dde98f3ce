//! The one policy for input from outside: how long a line may be and how
//! many legal moves a position may have before it is refused.
//!
//! The shell's sources, the agent's stdin and the referee's readers of
//! its agents all read lines through [`crate::shell::lines::LineReader`]
//! capped at [`MAX_LINE`] (the rest of a longer line is skipped, and a
//! line with no end in sight ends the input), and refuse a position with
//! [`MOVE_LIMIT`] legal moves or more (monkey jump paths in a set-up
//! position) with [`crate::congo::moves::too_many_moves`].

/// Longest line read, in bytes without its line ending. A longer line is
/// reported, not stored, so no input can make a reader hold more.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

pub use crate::congo::moves::MOVE_LIMIT;
