//! The 32x32 board of the original problem, with the tokens drawn in.
//!
//! The empty board is embedded byte for byte; drawing a game copies it and
//! pokes each on-board token's letter at a precomputed offset, so replaying
//! problem input costs one 1 KiB copy and at most eight byte writes.

use crate::yut::rules::game::{Game, TokenState};
use crate::yut::rules::station::{STATIONS, Station};

/// The empty board: 32 lines of 32 characters, each ending in `\n`.
pub const EMPTY_BOARD: &str = include_str!("board.txt");

/// Bytes per board line, newline included.
const LINE: usize = 33;

/// For each station (by index) and corner slot (upper-left, upper-right,
/// lower-left, lower-right), the byte offset of that `.` in [`EMPTY_BOARD`].
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const OFFSETS: [[u16; 4]; STATIONS] = {
    let mut table = [[0u16; 4]; STATIONS];
    let mut i = 0;
    while i < STATIONS {
        if let Some(s) = Station::from_index(i) {
            let (row, col) = s.block();
            let mut slot = 0;
            while slot < 4 {
                table[i][slot] = ((row + slot / 2) * LINE + col + slot % 2) as u16;
                slot += 1;
            }
        }
        i += 1;
    }
    table
};

// Checked when compiling: the board is 32 lines of 32 characters, and every
// offset above lands on a `.` of the empty board.
// Compile-time table: evaluated while building, where an out-of-range
// index is a build error, never a run-time panic.
#[allow(clippy::indexing_slicing)]
const _: () = {
    let bytes = EMPTY_BOARD.as_bytes();
    assert!(bytes.len() == 32 * LINE);
    let mut line = 0;
    while line < 32 {
        assert!(bytes[line * LINE + 32] == b'\n');
        line += 1;
    }
    let mut i = 0;
    while i < STATIONS {
        let mut slot = 0;
        while slot < 4 {
            assert!(bytes[OFFSETS[i][slot] as usize] == b'.');
            slot += 1;
        }
        i += 1;
    }
};

/// Append the board of `game` to `out`: 32 lines, each ending in `\n`.
///
/// Each token on a station replaces one `.` of the station's 2x2 block:
/// `A`/`a` the upper-left, `B`/`b` the upper-right, `C`/`c` the lower-left,
/// `D`/`d` the lower-right. Home and escaped tokens are not shown. In a
/// game of five a side, `E`/`e` takes the first corner left free; a stack
/// of all five fills the block with `A B C` and `5` in the lower-right
/// corner (`where` lists every token).
pub fn write_board(game: &Game, out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(EMPTY_BOARD.as_bytes());
    let Some(board) = out.get_mut(start..) else {
        return;
    };
    let mut fifth = Vec::new();
    for (token, state) in game.states() {
        if let TokenState::On(s) = state {
            if token.slot() >= 4 {
                fifth.push((token, s));
                continue;
            }
            let offset = OFFSETS.get(s.index()).and_then(|o| o.get(token.slot()));
            if let Some(cell) = offset.and_then(|&o| board.get_mut(usize::from(o))) {
                *cell = token.char() as u8;
            }
        }
    }
    for (token, s) in fifth {
        let Some(corners) = OFFSETS.get(s.index()) else {
            continue;
        };
        let free = corners
            .iter()
            .find(|&&o| board.get(usize::from(o)) == Some(&b'.'));
        let (offset, letter) = match free {
            Some(&o) => (o, token.char() as u8),
            None => (corners.get(3).copied().unwrap_or(0), b'5'),
        };
        if let Some(cell) = board.get_mut(usize::from(offset)) {
            *cell = letter;
        }
    }
}

/// The board of `game` as a string (32 lines, each ending in `\n`).
pub fn board(game: &Game) -> String {
    let mut out = Vec::with_capacity(EMPTY_BOARD.len());
    write_board(game, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
// The tests cut the drawn board's rows at known columns (ASCII).
#[allow(clippy::string_slice)]
mod tests {
    use super::*;
    use crate::yut::{Throw, Token};

    /// Replay a problem input (`N`, then `N` lines like `A FBFB`).
    fn replay(input: &str) -> Game {
        let mut lines = input.lines();
        let n: usize = lines
            .next()
            .and_then(|l| l.trim().parse().ok())
            .expect("count");
        let mut game = Game::new();
        for line in lines.take(n) {
            let (t, y) = line.trim().split_once(' ').expect("token and throw");
            let t: Token = t.parse().expect("token");
            let y: Throw = y.parse().expect("throw");
            game.apply(t, y).expect("legal turn");
        }
        game
    }

    macro_rules! example {
        ($name:ident, $file:literal) => {
            #[test]
            fn $name() {
                let input = include_str!(concat!("../../../../tests/data/yut/", $file, ".in"));
                let expected = include_str!(concat!("../../../../tests/data/yut/", $file, ".out"));
                assert_eq!(board(&replay(input)), expected);
            }
        };
    }

    // A stops on mo and takes the shortcut; B, C, D, a take mo+2..5.
    example!(example_stop_on_mo, "yut-stop-on-mo");
    // A passes mo (yut+2 = duet-do); B stops on mo and turns (mo-do).
    example!(example_pass_mo, "yut-pass-mo");
    // 27 turns of stacking and catching that end with an empty board.
    example!(example_stacking, "yut-stacking");

    #[test]
    fn empty_game_is_the_empty_board() {
        assert_eq!(board(&Game::new()), EMPTY_BOARD);
        assert_eq!(EMPTY_BOARD.lines().count(), 32);
        assert!(EMPTY_BOARD.lines().all(|l| l.len() == 32));
    }

    #[test]
    fn corners_of_a_block() {
        // All four upper tokens stacked on geol (12,30): A B on row 12,
        // C D on row 13, in columns 30 and 31.
        let mut g = Game::new();
        for t in [Token::A, Token::B, Token::C, Token::D] {
            g.apply(t, "FFFB".parse().expect("throw")).expect("legal");
        }
        let b = board(&g);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.get(12).map(|l| &l[30..]), Some("AB"));
        assert_eq!(lines.get(13).map(|l| &l[30..]), Some("CD"));
        assert_eq!(b.len(), EMPTY_BOARD.len());
    }

    #[test]
    fn the_fifth_token_takes_the_first_free_corner() {
        // Five a side: A and E enter with do (home+1 = do, block (24,30)):
        // A upper-left, E the upper-right corner left free. Then B, C, D
        // join the stack: all five on do show A B C and `5`.
        let mut g = Game::with_tokens(5);
        let fbbb = || "FBBB".parse().expect("throw");
        g.apply(Token::A, fbbb()).expect("legal");
        g.apply(Token::E, fbbb()).expect("legal");
        let b = board(&g);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.get(24).map(|l| &l[30..]), Some("AE"));
        assert_eq!(lines.get(25).map(|l| &l[30..]), Some(".."));
        for t in [Token::B, Token::C, Token::D] {
            g.apply(t, fbbb()).expect("legal");
        }
        let b = board(&g);
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(lines.get(24).map(|l| &l[30..]), Some("AB"));
        assert_eq!(lines.get(25).map(|l| &l[30..]), Some("C5"));
        // Without E, the contest's drawing: D in the lower-right.
        let mut four = Game::new();
        for t in [Token::A, Token::B, Token::C, Token::D] {
            four.apply(t, fbbb()).expect("legal");
        }
        let b = board(&four);
        assert_eq!(b.lines().nth(25).map(|l| &l[30..]), Some("CD"));
    }

    #[test]
    fn appends_after_existing_bytes() {
        let mut out = b"x".to_vec();
        write_board(&Game::new(), &mut out);
        assert_eq!(out.first(), Some(&b'x'));
        assert_eq!(&out[1..], EMPTY_BOARD.as_bytes());
    }
}
