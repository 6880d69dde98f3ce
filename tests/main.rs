//! Every integration test in one binary (as just does): each file of
//! `tests/` is a module here, so the crate is linked once, not once per
//! file. Run one file's tests with a filter: `cargo test --test main
//! congo_perft::`, or one test by name.
//!
//! A new test file: add `mod name;` below (Cargo.toml has
//! `autotests = false`, so a file not listed here is not built).

// The workspace's no-panic lints (`Cargo.toml`) are for what input can
// reach in the crates: a test asserts by panicking and indexing.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::string_slice
)]

mod common;

mod agent;
mod agent_limits;
mod agent_repetition;
mod arena;
mod blocking_reads;
mod budget;
mod ci_budget;
mod cli;
mod command_forms;
mod congo_analysis;
mod congo_mirror;
mod congo_moves;
mod congo_perft;
mod congo_retry;
mod congo_retry_tmux;
mod congo_review;
mod congo_review_budget;
mod congo_review_key;
mod congo_review_why;
mod congo_review_workers;
mod congo_search;
mod course;
mod course_hostile;
mod course_make;
mod course_negamax;
mod course_search;
mod course_signals;
mod drill;
mod drill_yut;
mod engine_reuse;
mod engine_smp;
mod error_catalogue;
mod file_size_limit;
mod flags;
mod game;
mod input_quirks;
mod interrupt_tmux;
mod io_faults;
mod long_game;
mod man_completions;
mod match_referee;
mod match_safety;
mod match_shards;
mod net;
mod outputs;
mod prompt_screen_tmux;
mod prompt_yut_tmux;
mod properties;
mod readme;
mod repl_tmux;
mod resource_limits;
mod runner;
mod runner_safety;
mod save_replay;
mod scheduler_shards;
mod scripts;
mod selfplay_shards;
mod session;
mod settings;
mod svg;
mod tablebase_cli;
mod tactics;
mod training_data;
mod tune_cli;
mod tutor;
mod versus;
mod versus_redraw;
mod yut_hint_cli;
mod yut_house;
mod yut_luck;
mod yut_play;
mod yut_props;
mod yut_record;
mod yut_solve;
mod yut_solve_cli;
mod yut_table_reload;
mod yut_values;
mod yut_whole_turn;
