//! `--openings FILE`: start positions, one FEN a line (blank lines and
//! lines starting `#` are skipped), each played twice, colours swapped.

use crate::congo::Position;
use crate::congo::Status;
use crate::congo::moves::status;

/// The biggest openings file read.
const MAX_BYTES: usize = 64 << 20;

/// The start positions in `text`, the contents of file `name`.
///
/// # Errors
///
/// `NAME:LINE: what is wrong`: a bad FEN, a finished game, no positions.
pub fn read(name: &str, text: &str) -> Result<Vec<Position>, String> {
    if text.len() > MAX_BYTES {
        return Err(format!("{name}: over {MAX_BYTES} bytes"));
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{name}:{}: {e}", i + 1);
        let pos: Position = fen
            .parse()
            .map_err(|e| at(format!("bad FEN `{fen}`: {e}")))?;
        if status(&pos) != Status::Continue {
            return Err(at(format!("the game is over in `{fen}`")));
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err(format!("{name}: no positions"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_located_errors() {
        let text =
            "# two positions\n\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n3l3/7/7/7/7/7/3L3 b 0\n";
        let book = read("book.txt", text).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book[1].to_string(), "3l3/7/7/7/7/7/3L3 b 0");
        let e = read("book.txt", "3l3/7/7/7/7/7/3L3 w 0\nnot a fen\n").unwrap_err();
        assert!(e.starts_with("book.txt:2: bad FEN `not a fen`: "), "{e}");
        // White has no lion: the game is over.
        let e = read("b", "3l3/7/7/7/7/7/7 w 0\n").unwrap_err();
        assert_eq!(e, "b:1: the game is over in `3l3/7/7/7/7/7/7 w 0`");
        assert_eq!(read("b", "# nothing\n").unwrap_err(), "b: no positions");
    }
}
