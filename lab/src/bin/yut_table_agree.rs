//! Two solved tables of the same game agree where both cover it.
//!
//! A position of the K-token game where each team has j more tokens out
//! is a position of the (K + j)-token game: the two tables are solved
//! apart (different layers, numberings and sweeps), so their values there
//! must agree within the tolerance. Prints the positions compared and the
//! largest difference, and fails past 1e-8:
//!
//!     cargo run --release -p boardsh-lab --bin yut_table_agree -- K SMALL_TABLE K2 BIG_TABLE [CAP]

use boardsh::yut::solve::{DEFAULT_CAP, Roles, Table};
use clap::Parser;

fn load(k: usize, path: &str, cap: u8) -> Table {
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    Table::from_bytes(&bytes, k, cap, Roles::SelfPlay).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    })
}

/// Two solved tables of the same game agree where both cover it.
#[derive(Parser)]
struct Args {
    /// Tokens a side of the smaller table.
    k: usize,
    small_table: String,
    /// Tokens a side of the bigger table.
    k2: usize,
    big_table: String,
    #[arg(default_value_t = DEFAULT_CAP)]
    cap: u8,
}

fn main() {
    let args = Args::parse();
    let cap = args.cap;
    let (a, b) = (
        load(args.k, &args.small_table, cap),
        load(args.k2, &args.big_table, cap),
    );
    let index = a.index().clone();
    let (mut compared, mut worst) = (0usize, 0.0f64);
    for e in 0..index.layers() {
        for at in 0..index.layer_len(e) {
            let Some(board) = index.board(e, at) else {
                continue;
            };
            if board.clash() {
                continue;
            }
            if let (Some(x), Some(y)) = (a.value(board, 0), b.value(board, 0)) {
                compared += 1;
                worst = worst.max((x - y).abs());
            }
        }
    }
    println!("{compared} positions compared, largest difference {worst:e}");
    if compared == 0 || worst > 1e-8 {
        std::process::exit(1);
    }
}
