//! The Congo position drawn as a labelled 7x7 grid for `board`.

use super::output::{Output, Style};
use crate::congo::{Bitboard, Color, File, Position, Rank, Square, status};
use std::io;

/// The last move played, as `board` marks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The move in notation, e.g. `b1d3f5`.
    pub text: String,
    /// The squares it touched (start, landings).
    pub squares: Bitboard,
}

const FILES: &str = "  a b c d e f g\n";

/// The file labels of the board drawn from Black's side.
const FILES_FLIPPED: &str = "  g f e d c b a\n";

/// How a game ended by the draw rule (`set draw repetition`) is named, in
/// the board's footer, `status` and the refusals after it.
pub const DRAWN: &str = "Draw (threefold repetition)";

/// Draw `pos`: ranks 7 to 1, files a to g, empty squares `.`, empty river
/// squares `~`, the river row marked, then side to move (or the result,
/// once the game is over: `drawn` when the session's draw rule ended it by
/// a threefold repetition) and move number. `flipped` draws it from
/// Black's side: ranks 1 to 7, files g to a (turned half a circle).
///
/// # Errors
///
/// When the output fails.
pub fn draw<O: Output + ?Sized>(
    pos: &Position,
    last: Option<&LastMove>,
    drawn: bool,
    flipped: bool,
    out: &mut O,
) -> io::Result<()> {
    let files = if flipped { FILES_FLIPPED } else { FILES };
    out.styled(Style::Label, files)?;
    let (mut ranks, mut file_order) = (Rank::ALL.to_vec(), File::ALL.to_vec());
    if !flipped {
        ranks.reverse();
    } else {
        file_order.reverse();
    }
    for rank in ranks {
        let label = rank.char().to_string();
        out.styled(Style::Label, &label)?;
        for &file in &file_order {
            let sq = Square::from_coords(file, rank);
            out.text(" ")?;
            let marked = last.is_some_and(|m| m.squares.contains(sq));
            let (style, ch) = match pos.piece_at(sq) {
                Some(p) if marked => (Style::LastMove, p.char()),
                Some(p) if p.color == Color::White => (Style::WhitePiece, p.char()),
                Some(p) => (Style::BlackPiece, p.char()),
                None if marked => (Style::LastMove, if sq.is_river() { '~' } else { '.' }),
                None if sq.is_river() => (Style::River, '~'),
                None => (Style::Plain, '.'),
            };
            out.styled(style, ch.encode_utf8(&mut [0; 4]))?;
        }
        out.text(" ")?;
        out.styled(Style::Label, &label)?;
        if rank == Rank::RIVER {
            out.styled(Style::River, " river")?;
        }
        out.text("\n")?;
    }
    out.styled(Style::Label, files)?;
    // A finished game says how it ended instead of who is to move.
    let st = status(pos);
    // Moves numbered as `history` writes them (`5.` White's fifth,
    // `5...` Black's), not by the FEN's field.
    let number = super::move_number::label_at(pos);
    let mut footer = if drawn {
        format!("{DRAWN}, move {number}")
    } else if st.is_over() {
        format!("{st}, move {number}")
    } else {
        format!("{} to move, move {number}", pos.side_to_move().name())
    };
    if let Some(m) = last {
        footer.push_str(", last move ");
        footer.push_str(&super::move_number::label_before(pos));
        footer.push(' ');
        footer.push_str(&m.text);
    }
    footer.push('\n');
    out.text(&footer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_grid() {
        // Rank 7 holds black's back row (gmelecz), rank 1 white's; rank 4 is
        // the empty river, drawn with `~` and marked.
        let mut out = Vec::new();
        draw(&Position::start(), None, false, false, &mut out).unwrap();
        let expected = [
            "  a b c d e f g",
            "7 g m e l e c z 7",
            "6 p p p p p p p 6",
            "5 . . . . . . . 5",
            "4 ~ ~ ~ ~ ~ ~ ~ 4 river",
            "3 . . . . . . . 3",
            "2 P P P P P P P 2",
            "1 G M E L E C Z 1",
            "  a b c d e f g",
            "white to move, move 1.\n",
        ]
        .join("\n");
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn the_board_from_blacks_side() {
        // Turned half a circle: rank 1 at the top, read from g to a, so
        // Black's back row (gmelecz from a7 to g7) reads zcelemg at the
        // bottom; the river stays in the middle, marked.
        let mut out = Vec::new();
        draw(&Position::start(), None, false, true, &mut out).unwrap();
        let expected = [
            "  g f e d c b a",
            "1 Z C E L E M G 1",
            "2 P P P P P P P 2",
            "3 . . . . . . . 3",
            "4 ~ ~ ~ ~ ~ ~ ~ 4 river",
            "5 . . . . . . . 5",
            "6 p p p p p p p 6",
            "7 z c e l e m g 7",
            "  g f e d c b a",
            "white to move, move 1.\n",
        ]
        .join("\n");
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // A lone piece on a2 stands at the right of rank 2's row.
        let pos: Position = "3l3/7/7/7/7/P6/3L3 w 0".parse().unwrap();
        let mut out = Vec::new();
        draw(&pos, None, false, true, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\n2 . . . . . . P 2\n"), "{text}");
        assert!(text.contains("\n7 . . . l . . . 7\n"), "{text}");
    }

    #[test]
    fn a_finished_game_shows_its_result() {
        // Black's lion is gone: White has won, whoever is "to move". The
        // move is numbered as `history` numbers it: `b 5` is Black's
        // sixth, `6...`.
        let pos: Position = "7/7/7/7/7/7/3L3 b 5".parse().unwrap();
        let mut out = Vec::new();
        draw(&pos, None, false, false, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.ends_with("  a b c d e f g\nWhite wins, move 6...\n"),
            "{text}"
        );
    }
}
