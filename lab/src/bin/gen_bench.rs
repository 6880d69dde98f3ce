//! Generates benchmark inputs for `lab/bench.sh`.
//!
//! `gen_bench fens N` writes a Congo problem-format input of N random FENs;
//! `gen_bench yut N` writes a Yut command script of at least N `move` turns:
//! random valid games (escaped tokens are never named, checked by playing
//! them with the library), each followed by `show` and `reset yut`;
//! `gen_bench yut-moves N` the same games with only `reset yut` between them.

use boardsh::congo::{Color, File, Piece, PieceKind, Position, Rank, Square};
use boardsh::yut::{Game, Throw, Token, TokenState};
use clap::{Parser, ValueEnum};
use std::io::{self, BufWriter, Write};

/// xorshift64*: deterministic, dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn fens(n: u64, out: &mut impl Write, rng: &mut Rng) -> io::Result<()> {
    writeln!(out, "{n}")?;
    for _ in 0..n {
        let mut pos = Position::empty();
        for file in File::ALL {
            for rank in Rank::ALL {
                if rng.below(10) < 4 {
                    let kind = PieceKind::ALL[rng.below(8) as usize];
                    let color = Color::ALL[rng.below(2) as usize];
                    pos.set(
                        Square::from_coords(file, rank),
                        Some(Piece::new(color, kind)),
                    );
                }
            }
        }
        pos.set_side_to_move(Color::ALL[rng.below(2) as usize]);
        pos.set_move_number(rng.below(200));
        writeln!(out, "{pos}")?;
    }
    Ok(())
}

/// `show` tells whether each game ends with `show` (else only `reset yut`).
fn yut(n: u64, show: bool, out: &mut impl Write, rng: &mut Rng) -> io::Result<()> {
    let mut turns = 0;
    while turns < n {
        let mut game = Game::new();
        loop {
            let live: Vec<Token> = Token::ALL
                .into_iter()
                .filter(|&t| game.in_play(t) && game.state(t) != TokenState::Escaped)
                .collect();
            if live.is_empty() || game.winner().is_some() {
                break;
            }
            let token = live[rng.below(live.len() as u64) as usize];
            let faces = [0, 1, 2, 3].map(|_| rng.below(2) == 0);
            let throw = Throw::from_faces(faces);
            if game.apply(token, throw).is_err() {
                unreachable!("only live tokens are named");
            }
            writeln!(out, "move {token} {throw}")?;
            turns += 1;
        }
        if show {
            writeln!(out, "show")?;
        }
        writeln!(out, "reset yut")?;
    }
    Ok(())
}

/// What to generate.
#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// A Congo problem-format input of N random FENs.
    Fens,
    /// A Yut script of at least N `move` turns, `show` after each game.
    Yut,
    /// The same games with only `reset yut` between them.
    YutMoves,
}

/// Benchmark inputs for `lab/bench.sh`, on stdout.
#[derive(Parser)]
struct Args {
    kind: Kind,
    /// How many FENs or turns.
    #[arg(default_value_t = 1000)]
    n: u64,
}

fn main() -> io::Result<()> {
    let Args { kind, n } = Args::parse();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    match kind {
        Kind::Fens => fens(n, &mut out, &mut rng)?,
        Kind::Yut => yut(n, true, &mut out, &mut rng)?,
        Kind::YutMoves => yut(n, false, &mut out, &mut rng)?,
    }
    out.flush()
}
