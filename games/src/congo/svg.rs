//! An SVG diagram of a Congo position, for reports and documentation.
//!
//! A pure function of the position (no I/O): a 7x7 grid with the river row
//! and both castles shaded, coordinates a-g and 1-7, each piece as its
//! letter in a circle (White: black letter on white, Black: white letter on
//! black, so the sides read apart in print without colour), and the squares
//! of the last move outlined.

use std::fmt::Write;

use super::{Bitboard, Color, File, Position, Rank, Square};

/// Side of one square, in SVG user units.
const CELL: u32 = 60;
/// Room left of and below the grid for the coordinates.
const MARGIN: u32 = 30;
/// Room above the grid and below the coordinates.
const PAD: u32 = 10;

/// Whether `sq` is in one of the two castles (files c-e, ranks 1-3 or 5-7).
fn in_castle(sq: Square) -> bool {
    let f = sq.file().index();
    (2..=4).contains(&f) && !sq.is_river()
}

/// The SVG document for `pos`; `last` outlines the squares of the last
/// move. Rank 7 is at the top, White's side (rank 1) at the bottom.
pub fn render(pos: &Position, last: Option<Bitboard>) -> String {
    let grid = 7 * CELL;
    let width = MARGIN + grid + PAD;
    let height = PAD + grid + MARGIN + 24;
    // Writing to a String cannot fail; the results are ignored on purpose.
    let mut s = crate::svg::open(width, height);
    for sq in Square::all() {
        let (x, y) = corner(sq);
        let fill = if sq.is_river() {
            "#b9d7f0"
        } else if in_castle(sq) {
            "#eadfc4"
        } else {
            "white"
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
             stroke=\"#555\" stroke-width=\"1\"/>"
        );
    }
    if let Some(last) = last {
        for sq in Square::all().filter(|&sq| last.contains(sq)) {
            let (x, y) = corner(sq);
            let _ = writeln!(
                s,
                "<rect class=\"last\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" \
                 stroke=\"#c06000\" stroke-width=\"4\"/>",
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4
            );
        }
    }
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (x, y) = corner(sq);
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        let (fill, ink, class) = match piece.color {
            Color::White => ("white", "black", "piece white"),
            Color::Black => ("#222", "white", "piece black"),
        };
        let _ = writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"22\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"2\"/>"
        );
        let _ = writeln!(
            s,
            "<text class=\"{class}\" x=\"{cx}\" y=\"{}\" font-size=\"24\" font-weight=\"bold\" \
             text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
            cy + 8,
            piece.kind.upper_char()
        );
    }
    for file in File::ALL {
        let x = MARGIN + u32::from(file.index()) * CELL + CELL / 2;
        let _ = writeln!(
            s,
            "<text class=\"coord\" x=\"{x}\" y=\"{}\" font-size=\"16\" text-anchor=\"middle\">{}</text>",
            PAD + grid + 20,
            file.char()
        );
    }
    for rank in Rank::ALL {
        let y = PAD + (6 - u32::from(rank.index())) * CELL + CELL / 2 + 6;
        let _ = writeln!(
            s,
            "<text class=\"coord\" x=\"{}\" y=\"{y}\" font-size=\"16\" text-anchor=\"middle\">{}</text>",
            MARGIN / 2,
            rank.char()
        );
    }
    let _ = writeln!(
        s,
        "<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{} to move, move {}</text>",
        MARGIN + grid / 2,
        height - 8,
        pos.side_to_move().name(),
        pos.move_number()
    );
    s.push_str("</svg>\n");
    s
}

/// The upper-left corner of `sq`'s cell.
fn corner(sq: Square) -> (u32, u32) {
    let x = MARGIN + u32::from(sq.file().index()) * CELL;
    let y = PAD + (6 - u32::from(sq.rank().index())) * CELL;
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::fen;
    use crate::svg_check::elements;

    /// The letters of the `<text>` elements of `class`, sorted.
    fn letters(doc: &str, class: &str) -> Vec<char> {
        let want = format!("class=\"{class}\"");
        let mut v: Vec<char> = elements(doc)
            .unwrap()
            .into_iter()
            .filter(|(name, attrs, _)| name == "text" && attrs.contains(&want))
            .flat_map(|(_, _, text)| text.chars().collect::<Vec<_>>())
            .collect();
        v.sort_unstable();
        v
    }

    fn sorted(s: &str) -> Vec<char> {
        let mut v: Vec<char> = s.chars().collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn start_position_has_both_armies() {
        let doc = render(&Position::start(), None);
        elements(&doc).unwrap();
        // The rules' start: rank 1 is G M E L E C Z, rank 2 seven pawns,
        // and Black mirrors it on ranks 7 and 6.
        assert_eq!(letters(&doc, "piece white"), sorted("GMELECZPPPPPPP"));
        assert_eq!(letters(&doc, "piece black"), sorted("GMELECZPPPPPPP"));
        assert_eq!(letters(&doc, "coord"), sorted("abcdefg1234567"));
        assert!(!doc.contains("class=\"last\""));
    }

    #[test]
    fn pieces_match_the_fen_and_squares_are_shaded() {
        let text = "2l4/7/4z2/4c2/PP2EP1/3L2p/7 b 23";
        let pos = fen::parse(text).unwrap();
        // Independently of the library: the placement's letters, split by
        // case (upper = White), drawn as upper-case letters.
        let placement = text.split(' ').next().unwrap();
        let white: String = placement.chars().filter(char::is_ascii_uppercase).collect();
        let black: String = placement
            .chars()
            .filter(char::is_ascii_lowercase)
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let last = Bitboard::from_square("d2".parse().unwrap()).with("d3".parse().unwrap());
        let doc = render(&pos, Some(last));
        assert_eq!(letters(&doc, "piece white"), sorted(&white));
        assert_eq!(letters(&doc, "piece black"), sorted(&black));
        let els = elements(&doc).unwrap();
        let rects = |needle: &str| {
            els.iter()
                .filter(|(n, a, _)| n == "rect" && a.contains(needle))
                .count()
        };
        // The river is one rank of 7; the castles are files c-e on ranks
        // 1-3 and 5-7: 3 x 6 = 18 squares; the last move touched 2.
        assert_eq!(rects("#b9d7f0"), 7);
        assert_eq!(rects("#eadfc4"), 18);
        assert_eq!(rects("class=\"last\""), 2);
        // 49 squares, 1 background, 2 outlines.
        assert_eq!(els.iter().filter(|(n, _, _)| n == "rect").count(), 52);
        assert!(doc.contains(">black to move, move 23</text>"));
    }
}
