//! Training data for the evaluation: one position of a self-play game with
//! its result and the search's score ([`DataRecord`]), in two forms:
//!
//! - the text line `FEN;R;S` ([`DataRecord::to_text`],
//!   [`DataRecord::parse_text`]), which `selfplay` writes by default and
//!   `tune` and `boardsh-train` read;
//! - a compact binary file ([`write_binary`], [`read_binary`],
//!   [`BinaryWriter`]): about 30 bytes a position, in checksummed blocks,
//!   versioned, refused when damaged, as the network file is.
//!
//! A reader tells the two apart by the binary file's [`MAGIC`]
//! ([`is_binary`]).

mod binary;
mod record;

pub use binary::{
    BLOCK_RECORDS, BinaryWriter, DataFileError, HEADER_BYTES, MAGIC, VERSION, encode_record,
    is_binary, read_binary, read_blocks, write_binary,
};
pub use record::{DataLineError, DataRecord, GameResult};
