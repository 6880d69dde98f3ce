//! The rules of Congo as `help congo` shows them: the pieces with their
//! letters and moves, the river, the castles, promotion, the notation and
//! how a game ends. Kept in the library beside the rules it describes.

/// The text of `help congo`.
pub const RULES: &str = "\
Congo: a 7x7 chess variant (Demian Freeling, 1982). White (upper case)
at the bottom moves first; files a-g, ranks 1-7. There is no check.

The board: rank 4 is the river. Each lion lives in its castle, the 3x3
squares c1-e3 (White) and c5-e7 (Black).

Pieces (White upper case, Black lower case):
  L lion       a step, only within its own castle; if the two lions face
               each other on a file or diagonal with nothing between,
               the side to move may take the other lion
  Z zebra      the chess knight's leap
  E elephant   1 or 2 squares straight; the 2-square move jumps
  G giraffe    a step to an empty square (never takes by stepping), or a
               jump to the second square in any direction, taking there
  C crocodile  a step; on land also slides along its file toward the
               river (up to the river square); in the river slides along
               it both ways; never drowns
  P pawn       a step forward or diagonally forward; on the far half it
               may also retreat 1 or 2 squares straight back (empty
               squares only, no jumping, no taking)
  S superpawn  a pawn's steps plus sideways; anywhere it may retreat 1 or
               2 squares straight or diagonally back (empty squares only)
  M monkey     a step to an empty square, or takes by jumping an adjacent
               enemy to the empty square beyond, again and again (each
               path is its own move); jumping the lion ends the move

Drowning: after your move, your pieces in the river drown (crocodiles
never do), except one that has just come into the river from land. So a
piece that stops in the river must leave on your next move.

Promotion: a pawn reaching the far rank becomes a superpawn at once.

Notation: from-square then to-square, e2e3; also typed e2-e3 or e1xd3.
A monkey's chain writes every landing square: b1d3f5 (or b1-d3-f5).

The game ends when a lion is taken (its taker wins), or when the side to
move has no legal move (it loses). `status` says which; `board` shows
the result in its footer.
";

/// The one-line key to the letters `board` draws (`board legend`).
pub const LEGEND: &str = "\
legend: L lion, Z zebra, E elephant, G giraffe, C crocodile, P pawn,
S superpawn, M monkey; upper case White, lower case Black; ~ the river
";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::congo::PieceKind;

    #[test]
    fn every_piece_is_explained_with_its_letter_and_fits_80_columns() {
        for kind in PieceKind::ALL {
            let letter = kind.upper_char();
            let row = format!("  {letter} {}", kind.name());
            assert!(RULES.contains(&row), "no row for {row}");
            assert!(
                LEGEND.contains(&format!("{letter} {}", kind.name())),
                "legend lacks {}",
                kind.name()
            );
        }
        for line in RULES.lines().chain(LEGEND.lines()) {
            assert!(line.chars().count() <= 80, "too wide: {line}");
        }
    }
}
