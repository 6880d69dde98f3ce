//! Material sets and the index of a position within its set's table.
//!
//! A table holds every position with both lions in their castles, up to
//! [`MAX_EXTRA`] other pieces of given kinds and colours, and either side
//! to move. The index is `side + 2 * (white lion + 9 * (black lion + 9 *
//! (s1 + 49 * (s2 + 49 * s3))))`: the lions by castle slot, the other
//! pieces by square in their canonical order (by piece code, then square).
//! Indices that place two pieces on one square, or list equal pieces out
//! of order, are unused.

use crate::congo::{Color, Piece, PieceKind, Position, Square};
use std::fmt;

/// The most pieces besides the two lions a material set may hold.
pub const MAX_EXTRA: usize = 3;

/// The non-lion kinds in code order (a piece's code is `colour * 7 + slot`).
const KINDS: [PieceKind; 7] = PieceKind::NOT_LION;

/// How many piece codes there are (7 kinds of each colour).
pub const CODES: u8 = 14;

/// The castle slot (0..9) of `sq` in the castle of `color`, if inside:
/// files c-e, ranks 1-3 (White) or 5-7 (Black).
fn castle_slot(color: Color, sq: Square) -> Option<usize> {
    let (f, r) = (
        usize::from(sq.file().index()),
        usize::from(sq.rank().index()),
    );
    let base = if color == Color::White { 0 } else { 4 };
    ((2..=4).contains(&f) && (base..base + 3).contains(&r)).then(|| (f - 2) * 3 + (r - base))
}

/// The square of castle slot `slot` of `color`.
fn castle_square(color: Color, slot: usize) -> Option<Square> {
    let f = 2 + slot / 3;
    let r = slot % 3 + if color == Color::White { 0 } else { 4 };
    Square::new((f * 7 + r) as u8)
}

/// The code of a non-lion piece.
pub(crate) fn code(piece: Piece) -> Option<u8> {
    let slot = KINDS.iter().position(|&k| k == piece.kind)?;
    Some(piece.color.index() as u8 * 7 + slot as u8)
}

/// The piece of a code.
pub(crate) fn piece_of(code: u8) -> Option<Piece> {
    let color = if code < 7 { Color::White } else { Color::Black };
    KINDS
        .get(usize::from(code % 7))
        .map(|&k| Piece::new(color, k))
}

/// A material set: the pieces besides the lions, as codes in ascending order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    len: u8,
    codes: [u8; MAX_EXTRA],
}

impl Material {
    /// Bare lions.
    pub const BARE: Material = Material {
        len: 0,
        codes: [0; MAX_EXTRA],
    };

    /// The set of these pieces (none a lion, at most [`MAX_EXTRA`]).
    pub fn new(pieces: &[Piece]) -> Option<Material> {
        if pieces.len() > MAX_EXTRA {
            return None;
        }
        let mut m = Material::BARE;
        for p in pieces {
            let c = code(*p)?;
            *m.codes.get_mut(usize::from(m.len))? = c;
            m.len += 1;
        }
        m.codes_mut().sort_unstable();
        Some(m)
    }

    fn from_codes(codes: &[u8]) -> Option<Material> {
        let pieces: Option<Vec<Piece>> = codes.iter().map(|&c| piece_of(c)).collect();
        Material::new(&pieces?)
    }

    fn codes_mut(&mut self) -> &mut [u8] {
        let n = usize::from(self.len);
        self.codes.get_mut(..n).unwrap_or_default()
    }

    /// The piece codes, ascending.
    pub(crate) fn codes(&self) -> &[u8] {
        self.codes.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The pieces besides the lions.
    pub fn pieces(&self) -> Vec<Piece> {
        self.codes().iter().filter_map(|&c| piece_of(c)).collect()
    }

    /// How many pieces besides the lions.
    pub fn extra(&self) -> usize {
        usize::from(self.len)
    }

    /// How many pawns (a pawn's promotion leads to a set with one fewer).
    fn pawns(&self) -> usize {
        self.codes().iter().filter(|&&c| c % 7 == 0).count()
    }

    /// The number of entries of the set's table.
    pub fn size(&self) -> usize {
        2 * 81 * 49usize.pow(u32::from(self.len))
    }

    /// The file name of the set's table, e.g. `wP-bZ.ctb` (`bare.ctb`):
    /// colour letter and piece letter, safe on case-blind file systems.
    pub fn file_name(&self) -> String {
        let parts: Vec<String> = self
            .pieces()
            .iter()
            .map(|p| format!("{}{}", p.color.char(), p.kind.upper_char()))
            .collect();
        if parts.is_empty() {
            "bare.ctb".to_string()
        } else {
            format!("{}.ctb", parts.join("-"))
        }
    }

    /// Every set of at most `extra` pieces, in an order where each set
    /// comes after every set a move can lead to (fewer pieces first, then
    /// fewer pawns, as a promotion turns a pawn into a superpawn).
    pub fn all(extra: usize) -> Vec<Material> {
        let mut out = vec![Material::BARE];
        let mut frontier = vec![Vec::<u8>::new()];
        for _ in 0..extra.min(MAX_EXTRA) {
            let mut next = Vec::new();
            for codes in &frontier {
                let lo = codes.last().copied().unwrap_or(0);
                for c in lo..CODES {
                    let mut more = codes.clone();
                    more.push(c);
                    next.push(more);
                }
            }
            out.extend(next.iter().filter_map(|c| Material::from_codes(c)));
            frontier = next;
        }
        out.sort_by_key(|m| (m.extra(), m.pawns(), *m));
        out
    }

    /// `self` and every set a game from it can reach (captures, drowning,
    /// promotion), in build order (see [`Material::all`]).
    pub fn closure(&self) -> Vec<Material> {
        let mut seen = vec![*self];
        let mut i = 0;
        while let Some(m) = seen.get(i).copied() {
            let codes = m.codes();
            for skip in 0..codes.len() {
                // Without piece `skip` (taken or drowned).
                let fewer: Vec<u8> = codes
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != skip)
                    .map(|(_, &c)| c)
                    .collect();
                // With it promoted, if a pawn.
                let mut promoted = codes.to_vec();
                let pawn = codes.get(skip).is_some_and(|c| c % 7 == 0);
                if let Some(c) = promoted.get_mut(skip) {
                    *c += 1;
                }
                for next in [Some(fewer), pawn.then_some(promoted)]
                    .into_iter()
                    .flatten()
                {
                    if let Some(n) = Material::from_codes(&next)
                        && !seen.contains(&n)
                    {
                        seen.push(n);
                    }
                }
            }
            i += 1;
        }
        seen.sort_by_key(|m| (m.extra(), m.pawns(), *m));
        seen
    }

    /// The position of entry `index`, if the entry is used.
    pub fn decode(&self, index: usize) -> Option<Position> {
        let side = if index.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let mut rest = index / 2;
        let wl = castle_square(Color::White, rest % 9)?;
        rest /= 9;
        let bl = castle_square(Color::Black, rest % 9)?;
        rest /= 9;
        let mut pos = Position::empty();
        pos.set_side_to_move(side);
        pos.set(wl, Some(Piece::new(Color::White, PieceKind::Lion)));
        pos.set(bl, Some(Piece::new(Color::Black, PieceKind::Lion)));
        let mut prev: Option<(u8, Square)> = None;
        for &c in self.codes() {
            let sq = Square::new((rest % 49) as u8)?;
            rest /= 49;
            if pos.occupied().contains(sq) {
                return None;
            }
            if let Some((pc, psq)) = prev
                && pc == c
                && psq > sq
            {
                return None;
            }
            prev = Some((c, sq));
            pos.set(sq, Some(piece_of(c)?));
        }
        if rest != 0 {
            return None;
        }
        Some(pos)
    }

    /// The set and entry of `pos`, if it has one lion of each colour, each
    /// in its castle, and at most [`MAX_EXTRA`] other pieces.
    pub fn encode(pos: &Position) -> Option<(Material, usize)> {
        let occupied = pos.occupied();
        if occupied.count() as usize > 2 + MAX_EXTRA {
            return None;
        }
        let lions = pos.by_kind(PieceKind::Lion);
        let wl = lions & pos.by_color(Color::White);
        let bl = lions & pos.by_color(Color::Black);
        if wl.count() != 1 || bl.count() != 1 {
            return None;
        }
        let w = castle_slot(Color::White, wl.first()?)?;
        let b = castle_slot(Color::Black, bl.first()?)?;
        let mut items: Vec<(u8, Square)> = Vec::with_capacity(MAX_EXTRA);
        for sq in occupied & !lions {
            items.push((code(pos.piece_at(sq)?)?, sq));
        }
        items.sort_unstable();
        let mut m = Material::BARE;
        let mut squares = 0usize;
        let mut scale = 1usize;
        for &(c, sq) in &items {
            *m.codes.get_mut(usize::from(m.len))? = c;
            m.len += 1;
            squares += sq.index() * scale;
            scale *= 49;
        }
        let side = pos.side_to_move().index();
        Some((m, side + 2 * (w + 9 * (b + 9 * squares))))
    }
}

impl fmt::Display for Material {
    /// The pieces as FEN letters after the lions, e.g. `LlPz` (`Ll`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ll")?;
        for p in self.pieces() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_order() {
        // 1 bare set, 14 sets of one piece, 14 * 15 / 2 = 105 of two.
        assert_eq!(Material::all(2).len(), 1 + 14 + 105);
        // Each set comes after every set its closure holds.
        let all = Material::all(2);
        for (i, m) in all.iter().enumerate() {
            for dep in m.closure() {
                let j = all.iter().position(|x| *x == dep).unwrap();
                assert!(j <= i, "{m} needs {dep}");
            }
        }
    }

    #[test]
    fn decode_encode_round_trip() {
        let m = Material::new(&[
            Piece::new(Color::Black, PieceKind::Zebra),
            Piece::new(Color::White, PieceKind::Pawn),
        ])
        .unwrap();
        assert_eq!(m.to_string(), "LlPz");
        assert_eq!(m.file_name(), "wP-bZ.ctb");
        let mut used = 0;
        for i in 0..m.size() {
            if let Some(pos) = m.decode(i) {
                used += 1;
                assert_eq!(Material::encode(&pos), Some((m, i)));
            }
        }
        // Lions 9 * 9, the pawn on 47 free squares, the zebra on 46; two sides.
        assert_eq!(used, 2 * 81 * 47 * 46);
    }
}
