//! The front end's public face: the few in-process entry points that the
//! binary, the integration tests and the fuzz targets drive. The front end
//! itself (`cli`) is private to the crate; each module here mirrors the
//! `cli` module of the same name and lists only what is used outside.

pub use crate::cli::run;

/// `boardsh agent`: the engine speaking the agent protocol.
pub mod agent {
    pub use crate::cli::agent::{Agent, serve};
}

/// `boardsh match`: the referee's readers of agent output and its results.
pub mod arena {
    pub use crate::cli::arena::reader::{CappedLines, shown};
    pub use crate::cli::arena::{book, json, results};
}

/// The command line as parsed.
pub mod args {
    pub use crate::cli::args::{AgentArgs, Cli, Sub};
}

/// `boardsh course`: answering the course's input.
pub mod course {
    pub use crate::cli::course::{Config, Task, answer_input, config};
}

/// Opening script files, and the loader `source` uses.
pub mod files {
    pub use crate::cli::files::{FsLoader, net_option, open, read_net};
}

/// `review FILE`'s reader of a Congo game file.
pub mod game_file {
    pub use crate::shell::game_file::congo_game;
}

/// `boardsh selfplay --out-dir`'s seeding of its shards, for the lab's
/// openings out of a data job (`lab/src/bin/data_openings.rs`).
pub mod selfplay_shards {
    pub use crate::cli::selfplay_shards::shard_seed;
}

/// Signals the whole process handles one way.
pub mod signals {
    pub use crate::cli::signals::ignore_file_size_signal;
}

/// The whole front end run in-process on given streams.
pub mod streams {
    pub use crate::cli::streams::run_with;
}

/// Writing files: the up-front check of an output target and the atomic
/// writers, shared with the trainer (`boardsh-train --out`).
pub mod write {
    pub use crate::cli::write::{check_target, check_writable, replace, write_new};
    pub use crate::shell::script::WriteError;
}

/// Loading endgame tables from a directory.
pub mod tablebase {
    pub use crate::cli::tablebase::load;
}

/// `boardsh test`: the regression-test runner.
pub mod test_runner {
    pub use crate::cli::test_runner::{
        Actual, Case, Claims, Config, OUTPUT_LIMIT, Outcome, Problem, bless_with, describe,
        discover, replay, run_case, run_paths,
    };
}
