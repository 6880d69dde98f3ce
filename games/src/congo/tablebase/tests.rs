//! The tables against an independent solver: from each sampled position,
//! every position a game can reach is listed with the public rules
//! (`legal_moves`, `Position::after`), then solved by plain rounds: a
//! position is won in `r` plies if some move reaches a position lost in
//! `r - 1` (or takes the lion, `r = 1`), lost in `r` if every move reaches
//! a won one and the longest is `r - 1` (lost in 0 with no move at all);
//! what no round settles is a draw. Nothing of the builder is shared but
//! the rules.

use super::*;
use crate::congo::moves::{Silent, apply};
use crate::congo::{Piece, PieceKind, legal_moves};
use crate::interrupt::Never;
use std::collections::HashMap;

/// A small xorshift generator (the same samples every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Build `material` and everything it needs.
fn build_all(materials: &[Material]) -> Tablebase {
    let mut tb = Tablebase::new();
    let mut order: Vec<Material> = materials.iter().flat_map(|m| m.closure()).collect();
    order.sort_by_key(|m| {
        (
            m.extra(),
            m.pieces()
                .iter()
                .filter(|p| p.kind == PieceKind::Pawn)
                .count(),
            *m,
        )
    });
    order.dedup();
    for m in order {
        if tb.has(&m) {
            continue;
        }
        let data = build(&m, &tb, &Never, &mut |_, _| {}).unwrap();
        tb.insert(m, data).unwrap();
    }
    tb
}

#[derive(Clone, Copy)]
enum Child {
    /// The move takes the enemy lion.
    Takes,
    Node(usize),
}

/// The independent solver: every position reachable from `roots`, solved.
fn solve(roots: &[Position]) -> Vec<(Position, Probe)> {
    let norm = |mut p: Position| {
        p.set_move_number(0);
        p
    };
    let mut nodes: Vec<Position> = Vec::new();
    // By Zobrist key (a collision among a few hundred thousand positions
    // is out of reach), hashed by foldhash, which keeps the debug build's
    // hashing cheap (SipHash over it was about a fifth of this test's time).
    let mut index: HashMap<u64, usize, foldhash::fast::FixedState> = HashMap::default();
    let mut children: Vec<Vec<Child>> = Vec::new();
    for r in roots {
        let r = norm(r.clone());
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(r.zobrist()) {
            e.insert(nodes.len());
            nodes.push(r);
        }
    }
    let mut i = 0;
    while let Some(pos) = nodes.get(i).cloned() {
        let mut kids = Vec::new();
        for mv in legal_moves(&pos) {
            // The rules' move maker without `play`'s legality re-check
            // (the move comes from the rules' own list).
            let mut next = pos.clone();
            apply(&mut next, &mv, &mut Silent);
            let next = norm(next);
            let mover_lion = Piece::new(!next.side_to_move(), PieceKind::Lion);
            let their_lion = Piece::new(next.side_to_move(), PieceKind::Lion);
            assert!(next.pieces(mover_lion).any());
            if next.pieces(their_lion).is_empty() {
                kids.push(Child::Takes);
                continue;
            }
            let j = *index.entry(next.zobrist()).or_insert_with(|| {
                nodes.push(next);
                nodes.len() - 1
            });
            kids.push(Child::Node(j));
        }
        children.push(kids);
        i += 1;
    }
    let mut value: Vec<Option<Probe>> = vec![None; nodes.len()];
    let mut round = 0u32;
    loop {
        let mut new = Vec::new();
        for (i, kids) in children.iter().enumerate() {
            if value[i].is_some() {
                continue;
            }
            let settled = if round % 2 == 1 {
                kids.iter().any(|c| match *c {
                    Child::Takes => round == 1,
                    Child::Node(j) => {
                        value[j].is_some_and(|v| v.outcome == Outcome::Loss && v.plies + 1 == round)
                    }
                })
            } else {
                kids.iter().all(|c| match *c {
                    Child::Takes => false,
                    Child::Node(j) => value[j].is_some_and(|v| v.outcome == Outcome::Win),
                })
            };
            if settled {
                let outcome = if round % 2 == 1 {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
                new.push((
                    i,
                    Probe {
                        outcome,
                        plies: round,
                    },
                ));
            }
        }
        if new.is_empty() && round > 0 {
            break;
        }
        for (i, p) in new {
            value[i] = Some(p);
        }
        round += 1;
    }
    let draw = Probe {
        outcome: Outcome::Draw,
        plies: 0,
    };
    nodes
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or(draw)))
        .collect()
}

/// Random used entries of `m`.
fn samples(m: &Material, count: usize, rng: &mut Rng) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < count {
        let i = (rng.next() % m.size() as u64) as usize;
        if let Some(p) = m.decode(i) {
            out.push(p);
        }
    }
    out
}

fn check(tb: &Tablebase, m: &Material, count: usize, seed: u64) -> [usize; 3] {
    let mut rng = Rng(seed);
    let roots = samples(m, count, &mut rng);
    let truth = solve(&roots);
    let mut seen = [0; 3];
    // Every reachable position in the tables, not only the samples.
    for (pos, want) in &truth {
        let got = tb.probe(pos);
        assert_eq!(got, Some(*want), "{pos}");
        seen[want.outcome as usize] += 1;
    }
    seen
}

fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

#[test]
fn three_piece_tables_agree_with_the_plain_solver() {
    let all: Vec<Material> = Material::all(1);
    let tb = build_all(&all);
    for (k, m) in all.iter().enumerate().skip(1) {
        let seen = check(&tb, m, 40, 0x9e37_79b9 + k as u64);
        // Every set reaches positions of some result; the solver's list
        // covers the bare-lion positions too.
        assert!(seen.iter().sum::<usize>() >= 40, "{m}");
    }
}

#[test]
fn four_piece_tables_agree_with_the_plain_solver() {
    // A pawn each (promotion on both sides) and an elephant against a
    // monkey (the monkey's jumps capture).
    let sets = [Material::new(&[piece('E'), piece('m')]).unwrap()];
    let tb = build_all(&sets);
    let mut total = [0; 3];
    for (k, m) in sets.iter().enumerate() {
        let seen = check(&tb, m, 30, 0x1234_5678 + k as u64);
        for (t, s) in total.iter_mut().zip(seen) {
            *t += s;
        }
    }
    // Wins, draws and losses all occur, so each kind of entry was compared.
    assert!(total.iter().all(|&t| t > 0), "{total:?}");
}

#[test]
fn table_bytes_round_trip_and_damage_is_seen() {
    let m = Material::new(&[piece('z')]).unwrap();
    let tb = build_all(&[m]);
    let data = tb.tables.get(&m).unwrap().clone();
    let bytes = encode_table(&m, &data);
    assert_eq!(decode_table(&bytes), Ok((m, data)));
    let mut bad = bytes.clone();
    bad[20] ^= 1;
    assert_eq!(decode_table(&bad), Err(TableError::Checksum));
    assert_eq!(
        decode_table(&bytes[..30]).unwrap_err(),
        TableError::Size {
            material: "Llz".into(),
            expected: m.size(),
            found: 30 - 12 - 8,
        }
    );
    assert_eq!(decode_table(b"hello"), Err(TableError::Magic));
    // A set of one piece leaves the other code slots zero; a file with
    // something else there (its checksum made to match) is refused, not
    // read as the same table.
    let mut odd = bytes.clone();
    let slot = bytes.len() - m.size() - 8 - 1;
    assert_eq!(odd[slot], 0);
    odd[slot] = 165;
    let body = odd.len() - 8;
    let sum = odd[..body].iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    odd[body..].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(decode_table(&odd), Err(TableError::Header));
}

#[test]
fn verdicts_read_as_moves_of_the_winner() {
    let v = |side, outcome, plies| Verdict {
        side,
        probe: Probe { outcome, plies },
    };
    // Won in 5 plies: the winner plays plies 1, 3, 5.
    assert_eq!(
        v(Color::White, Outcome::Win, 5).to_string(),
        "White wins in 3"
    );
    // Lost in 4 plies: the loser moves on plies 1 and 3, the winner on 2
    // and 4, so the winner's second move ends the game.
    assert_eq!(
        v(Color::White, Outcome::Loss, 4).to_string(),
        "Black wins in 2"
    );
    assert_eq!(v(Color::Black, Outcome::Draw, 0).to_string(), "draw");
}

#[test]
fn the_largest_file_is_max_file_bytes() {
    // A set of three pieces besides the lions has the most entries; its
    // file is the magic (8), the count and codes (1 + 3), the entries and
    // the checksum (8): 2 x 81 x 49^3 + 20 = 19,059,158 bytes.
    let m = Material::all(MAX_EXTRA)
        .into_iter()
        .max_by_key(Material::size)
        .unwrap();
    let file = encode_table(&m, &vec![0; m.size()]);
    assert_eq!(file.len() as u64, MAX_FILE_BYTES);
    assert_eq!(MAX_FILE_BYTES, 2 * 81 * 49 * 49 * 49 + 20);
    assert_eq!(MAX_FILE_BYTES, 19_059_158);
}
