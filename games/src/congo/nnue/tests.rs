//! The accumulators against a fresh build over random play, the network's
//! colour symmetry and a hand-worked tiny network.

use super::*;
use crate::congo::piece::{Color, Piece, PieceKind};
use crate::congo::position::Position;
use crate::congo::square::{SQUARES, Square};
use crate::congo::{legal_moves, status};
use crate::rng::Rng;
use std::collections::HashSet;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A random position: a lion of each colour somewhere in its castle, then
/// `4..=24` other pieces of random kinds and colours on empty squares (no
/// pawn on its own far rank, where it would have promoted), a random side
/// to move.
fn random_position(rng: &mut Rng) -> Position {
    let mut pos = Position::empty();
    let castle = |rank0: usize, rng: &mut Rng| {
        let file = 2 + rng.below(3);
        Square::new((file * 7 + rank0 + rng.below(3)) as u8).unwrap()
    };
    pos.set(
        castle(0, rng),
        Some(Piece::new(Color::White, PieceKind::Lion)),
    );
    pos.set(
        castle(4, rng),
        Some(Piece::new(Color::Black, PieceKind::Lion)),
    );
    let others = PieceKind::NOT_LION;
    let n = 4 + rng.below(21);
    let mut placed = 0;
    while placed < n {
        let s = Square::new(rng.below(SQUARES) as u8).unwrap();
        let color = Color::ALL[rng.below(2)];
        let kind = others[rng.below(others.len())];
        let far = match color {
            Color::White => 6,
            Color::Black => 0,
        };
        if pos.occupied().contains(s) || (kind == PieceKind::Pawn && s.index() % 7 == far) {
            continue;
        }
        pos.set(s, Some(Piece::new(color, kind)));
        placed += 1;
    }
    pos.set_side_to_move(Color::ALL[rng.below(2)]);
    pos
}

/// `pos` turned over rank by rank with the colours and the side to move
/// swapped: the same game for the other side.
fn mirrored(pos: &Position) -> Position {
    let mut m = Position::empty();
    for s in pos.occupied() {
        let p = pos.piece_at(s).unwrap();
        let to = Square::new(oriented(Color::Black, s) as u8).unwrap();
        m.set(to, Some(Piece::new(!p.color, p.kind)));
    }
    m.set_side_to_move(!pos.side_to_move());
    m
}

/// What happened over the playouts: each must occur for the test to mean
/// anything.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    captures: usize,
    promotions: usize,
    drownings: usize,
    multi_jumps: usize,
    lion_captures: usize,
    /// Moves that changed a side's view (its lion to another bucket or
    /// across the d-file): a view built again.
    view_changes: usize,
    /// Views the stack brought up from its refresh cache.
    cache_hits: u64,
}

/// The search's accumulators (an [`AccStack`], pushed and evaluated ply
/// by ply as the search does, each ply followed from its parent) against
/// a build from scratch after every move of seeded random games: every
/// move kind must occur (captures, promotions, drownings, monkey chains,
/// lion captures). The in-place [`Accumulators::update`] (the same
/// `follow`) is held to it too. Under lion buckets, moves that change a
/// view (the lion to another bucket, across the d-file) must occur too.
#[test]
fn incremental_updates_equal_a_refresh_over_random_play() {
    let seen = follows_over_random_play(&Network::random(64, 40));
    assert_eq!(seen.view_changes, 0, "{seen:?}");
    let lion = Network::random_with(FeatureSet::LionBuckets, 48, 2, 41);
    let seen = follows_over_random_play(&lion);
    assert!(seen.view_changes > 100, "{seen:?}");
    // Most views built again came from the refresh cache (a view's first
    // build in a game does not).
    assert!(seen.cache_hits > 50, "{seen:?}");
}

/// The playouts of [`incremental_updates_equal_a_refresh_over_random_play`]
/// under `net`: what they saw.
fn follows_over_random_play(net: &Network) -> Seen {
    let net = net.clone();
    let mut rng = Rng::new(2026);
    let mut seen = Seen::default();
    let plies = 150;
    let mut stack = AccStack::new(plies + 1);
    // Games alternately from the start and from random positions, each
    // up to 150 plies or the game's end.
    for game in 0..120 {
        let mut pos = if game % 2 == 0 {
            Position::start()
        } else {
            random_position(&mut rng)
        };
        stack.root(&net, &pos);
        let mut acc = Accumulators::refresh(&net, &pos);
        for ply in 1..=plies {
            if status(&pos).is_over() {
                break;
            }
            let moves = legal_moves(&pos);
            let Some(&mv) = moves.get(rng.below(moves.len())) else {
                break;
            };
            let before = pos.clone();
            let outcome = pos.play(mv).unwrap();
            let fresh = Accumulators::refresh(&net, &pos);
            stack.push(ply, &pos);
            assert_eq!(
                stack.evaluate(&net, ply, &pos),
                Some(net.evaluate(&fresh, pos.side_to_move())),
                "after {mv} from {before}"
            );
            assert_eq!(stack.at(ply), Some(&fresh), "after {mv} from {before}");
            acc.update(&net, &before, &pos);
            assert_eq!(acc, fresh, "after {mv} from {before}");
            seen.moves += 1;
            seen.captures += usize::from(!outcome.captured.is_empty());
            seen.promotions += usize::from(outcome.promoted);
            seen.drownings += usize::from(!outcome.drowned.is_empty());
            seen.multi_jumps += usize::from(mv.is_multi_jump() && outcome.captured.len() > 1);
            seen.lion_captures += usize::from(outcome.lion_captured);
            seen.view_changes += Color::ALL
                .into_iter()
                .filter(|&c| {
                    let set = net.feature_set();
                    View::of(set, c, &before) != View::of(set, c, &pos)
                })
                .count();
        }
    }
    assert!(seen.moves >= 3000, "{seen:?}");
    assert!(seen.captures > 0, "{seen:?}");
    assert!(seen.promotions > 0, "{seen:?}");
    assert!(seen.drownings > 0, "{seen:?}");
    assert!(seen.multi_jumps > 0, "{seen:?}");
    assert!(seen.lion_captures > 0, "{seen:?}");
    seen.cache_hits = stack.cache_hits();
    seen
}

#[test]
fn an_update_between_unrelated_positions_equals_a_refresh() {
    // The diff does not assume a move: any two placements will do (under
    // lion buckets, with the lions anywhere in their castles).
    for net in [
        Network::random(32, 7),
        Network::random_with(FeatureSet::LionBuckets, 32, 1, 7),
    ] {
        let mut rng = Rng::new(3);
        let mut a = random_position(&mut rng);
        for _ in 0..200 {
            let b = random_position(&mut rng);
            let mut acc = Accumulators::refresh(&net, &a);
            acc.update(&net, &a, &b);
            assert_eq!(acc, Accumulators::refresh(&net, &b));
            a = b;
        }
    }
}

/// Under lion buckets a view whose lion stands off the d-file sees the
/// board as if that lion were on files a-d: the left-right mirror image
/// of the position gives that view the same accumulator (and a view
/// whose lion is on the d-file a different one, for these random
/// weights). Over random positions, each case must occur.
#[test]
fn lion_buckets_see_a_position_and_its_mirror_alike_off_the_d_file() {
    let net = Network::random_with(FeatureSet::LionBuckets, 24, 1, 5);
    let mut rng = Rng::new(17);
    let (mut alike, mut differ) = (0, 0);
    for _ in 0..300 {
        let pos = random_position(&mut rng);
        let m = pos.mirrored();
        let (a, b) = (
            Accumulators::refresh(&net, &pos),
            Accumulators::refresh(&net, &m),
        );
        for color in Color::ALL {
            let on_d = pos.lion(color).map(|l| l.file().index()) == Some(3);
            let (view, image) = (
                View::of(FeatureSet::LionBuckets, color, &pos),
                View::of(FeatureSet::LionBuckets, color, &m),
            );
            assert_eq!(view.bucket(), image.bucket(), "{pos}");
            if on_d {
                assert_eq!(view, image);
                // Unless the board is its own mirror.
                if pos != m {
                    differ += usize::from(a.view(color) != b.view(color));
                }
            } else {
                assert_ne!(view.mirror(), image.mirror(), "{pos}");
                assert_eq!(a.view(color), b.view(color), "{color} {pos}");
                alike += 1;
            }
        }
    }
    assert!(alike > 100 && differ > 50, "{alike} {differ}");
}

/// The lion's square picks the view's block by hand: d1 0, c1 1, d2-d3 2,
/// c2-c3 3, e-file as c mirrored; Black's castle seen turned over. The
/// plain set has one block and never mirrors.
#[test]
fn the_lion_square_picks_the_block_and_the_mirror() {
    let white = Piece::new(Color::White, PieceKind::Lion);
    let black = Piece::new(Color::Black, PieceKind::Lion);
    let cases = [
        ("d1", "d7", (0, false), (0, false)),
        ("c1", "e7", (1, false), (1, true)),
        ("e1", "c7", (1, true), (1, false)),
        ("d2", "d5", (2, false), (2, false)),
        ("d3", "c6", (2, false), (3, false)),
        ("e3", "e5", (3, true), (3, true)),
        ("c2", "e6", (3, false), (3, true)),
    ];
    for (w, b, of_white, of_black) in cases {
        let mut pos = Position::empty();
        pos.set(sq(w), Some(white));
        pos.set(sq(b), Some(black));
        let got = |c| {
            let v = View::of(FeatureSet::LionBuckets, c, &pos);
            (v.bucket(), v.mirror())
        };
        assert_eq!(got(Color::White), of_white, "white lion {w}");
        assert_eq!(got(Color::Black), of_black, "black lion {b}");
        let plain = View::of(FeatureSet::Plain, Color::White, &pos);
        assert_eq!((plain.bucket(), plain.mirror()), (0, false));
    }
    // A feature in a mirrored view: White's lion on e2 (block 3,
    // mirrored) sees its pawn on a2 as the plain feature of g2, 3 blocks
    // of 784 on: the pawn is kind 0, g2 = 6 × 7 + 1 = 43.
    let mut pos = Position::empty();
    pos.set(sq("e2"), Some(white));
    let view = View::of(FeatureSet::LionBuckets, Color::White, &pos);
    let pawn = Piece::new(Color::White, PieceKind::Pawn);
    assert_eq!(view.feature(pawn, sq("a2")), 3 * 784 + 43);
    assert_eq!(FeatureSet::LionBuckets.inputs(), 3136);
    // Without its lion (a game over) a view is block 0, unmirrored.
    let alone = View::of(FeatureSet::LionBuckets, Color::Black, &pos);
    assert_eq!((alone.bucket(), alone.mirror()), (0, false));
}

#[test]
fn a_mirrored_position_scores_the_same_for_its_side_to_move() {
    // Black's view of the mirror is White's view of the original and the
    // other way round, and the mirror's side to move is the other colour:
    // the same two accumulators meet the same output weights.
    for net in [
        Network::random(128, 12),
        Network::random_with(FeatureSet::LionBuckets, 64, 1, 12),
    ] {
        colour_swap_scores_the_same(&net);
    }
}

/// [`a_mirrored_position_scores_the_same_for_its_side_to_move`] for one
/// network.
fn colour_swap_scores_the_same(net: &Network) {
    let mut rng = Rng::new(99);
    let mut scores = HashSet::new();
    let mut side_matters = 0;
    for _ in 0..300 {
        let pos = random_position(&mut rng);
        let m = mirrored(&pos);
        let acc = Accumulators::refresh(net, &pos);
        let score = net.evaluate(&acc, pos.side_to_move());
        let mirror = net.evaluate(&Accumulators::refresh(net, &m), m.side_to_move());
        assert_eq!(score, mirror, "{pos}");
        scores.insert(score);
        side_matters += usize::from(net.evaluate(&acc, !pos.side_to_move()) != score);
    }
    // The scores depend on the position and on the side to move (so the
    // equality is not that of a constant).
    assert!(scores.len() > 100, "{}", scores.len());
    assert!(side_matters > 100, "{side_matters}");
}

/// The hand-worked network of one hidden unit: hidden bias `bias`, every
/// own lion +100, every enemy lion -20, an own pawn on c2 +210, an enemy
/// pawn seen on c6 +30; output weights +1024 (1.0, `QB`) for the side to
/// move, -512 (-0.5) for the other, output bias 16000.
fn tiny(bias: i16) -> Network {
    let mut w = vec![0i16; N_FEATURES];
    // Feature = (kind × 2 + theirs) × 49 + square (file × 7 + rank):
    // the lion is kind 5, the pawn kind 0, c2 = 2×7+1 = 15, c6 = 19.
    for s in 0..49 {
        w[10 * 49 + s] = 100;
        w[11 * 49 + s] = -20;
    }
    w[15] = 210;
    w[49 + 19] = 30;
    Network::new(w, vec![bias], vec![1024, -512], 16000).unwrap()
}

#[test]
fn a_one_unit_network_gives_the_hand_worked_score() {
    // White lion d1, black lion d7, white pawn c2.
    let mut pos = Position::empty();
    pos.set(sq("d1"), Some(Piece::new(Color::White, PieceKind::Lion)));
    pos.set(sq("d7"), Some(Piece::new(Color::Black, PieceKind::Lion)));
    pos.set(sq("c2"), Some(Piece::new(Color::White, PieceKind::Pawn)));
    // The features the weights were set on, by the formula.
    let pawn = Piece::new(Color::White, PieceKind::Pawn);
    assert_eq!(feature_index(Color::White, pawn, sq("c2")), 15);
    assert_eq!(feature_index(Color::Black, pawn, sq("c2")), 49 + 19);

    // Hidden bias 10. White's view: 10 + 100 (own lion) - 20 (enemy lion)
    // + 210 (own pawn c2) = 300, clipped to QA = 255. Black's view:
    // 10 + 100 - 20 + 30 (enemy pawn, seen on c6) = 120.
    let net = tiny(10);
    let acc = Accumulators::refresh(&net, &pos);
    assert_eq!(acc.view(Color::White), [300]);
    assert_eq!(acc.view(Color::Black), [120]);
    // White to move: 255×1024 - 120×512 + 16000 = 215680; ×400/261120
    // (QA × QB) = 330.4.
    assert_eq!(net.evaluate(&acc, Color::White), 330);
    // Black to move: 120×1024 - 255×512 + 16000 = 8320; ×400/261120 = 12.7.
    assert_eq!(net.evaluate(&acc, Color::Black), 12);

    // Hidden bias -150: White's view -150 + 290 = 140, Black's -150 + 110
    // = -40, clipped to 0.
    let net = tiny(-150);
    let acc = Accumulators::refresh(&net, &pos);
    assert_eq!(acc.view(Color::White), [140]);
    assert_eq!(acc.view(Color::Black), [-40]);
    // White to move: 140×1024 + 0×(-512) + 16000 = 159360; ×400/261120
    // = 244.1.
    assert_eq!(net.evaluate(&acc, Color::White), 244);
    // Black to move: 0×1024 - 140×512 + 16000 = -55680; ×400/261120 = -85.3,
    // rounded toward zero.
    assert_eq!(net.evaluate(&acc, Color::Black), -85);

    // Squared (SCReLU), hidden bias 10 again: White's view 300 clips to
    // 255, 255² >> 5 = 2032; Black's 120, 14400 >> 5 = 450. The sum is
    // then scaled by 400 × 32 / (255² × 1024) = 12800 / 66,585,600.
    let net = tiny(10).with_activation(super::Activation::SquaredClippedRelu);
    let acc = Accumulators::refresh(&net, &pos);
    // White to move: 2032×1024 - 450×512 + 16000 = 1,866,368 → 358.8.
    // (In floats: 1 - (120/255)² × 0.5 + 16000/2,080,800 = 0.8963 → 358.5.)
    assert_eq!(net.evaluate(&acc, Color::White), 358);
    // Black to move: 450×1024 - 2032×512 + 16000 = -563,584 → -108.3.
    assert_eq!(net.evaluate(&acc, Color::Black), -108);
}

/// Output buckets: the tiny network with a second bucket whose output
/// weights are 0 and -1024 and whose bias is 0. With 2 buckets, 3 pieces
/// are bucket 0 ((3 − 2) × 2 / 27 = 0) and give the one-bucket scores;
/// 16 pieces (the same three and 13 white pawns more, none on a square
/// the tiny weights see) are bucket 1: White to move, 0 × min(acc_w, 255)
/// - 1024 × acc_b, so the black view alone counts. The accumulators
///   follow the piece count through a capture.
#[test]
fn the_piece_count_picks_the_output_bucket() {
    let one = tiny(10);
    let mut w = vec![0i16; N_FEATURES];
    for (f, v) in w.iter_mut().enumerate() {
        *v = one.feature_row(f)[0];
    }
    let net =
        Network::with_buckets(w, vec![10], vec![1024, -512, 0, -1024], vec![16000, 0]).unwrap();
    let mut pos = Position::empty();
    pos.set(sq("d1"), Some(Piece::new(Color::White, PieceKind::Lion)));
    pos.set(sq("d7"), Some(Piece::new(Color::Black, PieceKind::Lion)));
    pos.set(sq("c2"), Some(Piece::new(Color::White, PieceKind::Pawn)));
    let acc = Accumulators::refresh(&net, &pos);
    assert_eq!(acc.pieces(), 3);
    assert_eq!(net.evaluate(&acc, Color::White), 330);
    assert_eq!(net.evaluate(&acc, Color::Black), 12);
    // 13 more white pawns on ranks 3 and 5 (a3-g3, a5-f5): the tiny
    // weights see none of them (only the lions and c2/c6 weigh), so the
    // views stay 300 and 120.
    let mut many = pos.clone();
    for name in [
        "a3", "b3", "c3", "d3", "e3", "f3", "g3", "a5", "b5", "c5", "d5", "e5", "f5",
    ] {
        many.set(sq(name), Some(Piece::new(Color::White, PieceKind::Pawn)));
    }
    let acc = Accumulators::refresh(&net, &many);
    assert_eq!(
        (acc.pieces(), acc.view(Color::White), acc.view(Color::Black)),
        (16, &[300][..], &[120][..])
    );
    // Bucket 1, White to move: 0 × 255 - 1024 × 120 + 0 = -122880;
    // × 400 / 261120 = -188.2 → -188. Black to move: 0 × 120 - 1024 × 255
    // = -261120 → -400.
    assert_eq!(net.evaluate(&acc, Color::White), -188);
    assert_eq!(net.evaluate(&acc, Color::Black), -400);
    // Taking one pawn away (a3 empty) leaves 15 pieces: bucket 0 again,
    // as the followed accumulators say.
    let mut fewer = many.clone();
    fewer.set(sq("a3"), None);
    let mut followed = acc.clone();
    followed.update(&net, &many, &fewer);
    assert_eq!(followed, Accumulators::refresh(&net, &fewer));
    assert_eq!(followed.pieces(), 15);
    assert_eq!(net.evaluate(&followed, Color::White), 330);
}

/// A network whose every weight is at its most (`w`) or least, sealed in
/// a network file and read back, as a crafted file would be.
fn extreme(w: i16, bias: i32) -> Network {
    let h = 8;
    let net = Network::new(vec![w; N_FEATURES * h], vec![w; h], vec![w; 2 * h], bias).unwrap();
    let (read, _) = Network::from_bytes(&net.to_bytes("every weight at its limit")).unwrap();
    assert_eq!(read, net);
    read
}

#[test]
fn extreme_weights_give_scores_inside_the_non_mate_range() {
    // The output bias alone, i32::MAX × 400 / (255 × 1024), is 3,289,715
    // cp: far past the search's mate bound (29,000). The clipped ReLU
    // gives values of 0 to QA, so output weights of the bias's sign only
    // add to it: clamped, every position scores exactly MAX_EVAL for the
    // bias's sign.
    let mut rng = Rng::new(50);
    let positions: Vec<Position> = std::iter::once(Position::start())
        .chain((0..200).map(|_| random_position(&mut rng)))
        .collect();
    for (w, bias, expected) in [
        (i16::MAX, i32::MAX, MAX_EVAL),
        (i16::MIN, i32::MIN, -MAX_EVAL),
    ] {
        let net = extreme(w, bias);
        for pos in &positions {
            let cp = evaluate_fresh(&net, pos);
            assert_eq!(cp, expected, "{pos}");
            let mut stack = AccStack::new(4);
            stack.push(0, pos);
            assert_eq!(stack.evaluate(&net, 0, pos), Some(expected), "{pos}");
        }
    }
    // Mixed signs: whatever the sum, inside the bound.
    for (w, bias) in [(i16::MAX, i32::MIN), (i16::MIN, i32::MAX), (-1, 0)] {
        let net = extreme(w, bias);
        for pos in &positions {
            assert!(evaluate_fresh(&net, pos).abs() <= MAX_EVAL, "{pos}");
        }
    }
}

#[test]
fn a_search_with_extreme_weights_claims_no_mate() {
    // Both sides see a position as won for the side to move: before the
    // clamp, the start position's search said "win in" (the score past
    // the mate bound). The lion can be taken in no line this short, so
    // every score must be centipawns.
    use crate::congo::search::{Engine, EngineConfig, Limits, Score};
    for (w, bias) in [(i16::MAX, i32::MAX), (i16::MIN, i32::MIN)] {
        let mut engine = Engine::new(EngineConfig {
            hash_mb: 1,
            threads: 1,
            ..EngineConfig::default()
        });
        engine.set_evaluator(crate::congo::eval::Evaluator::Net(std::sync::Arc::new(
            extreme(w, bias),
        )));
        let start = Position::start();
        assert!(engine.static_eval(&start).abs() <= MAX_EVAL);
        let mut scores = Vec::new();
        let info = engine.search(
            &start,
            &[],
            &Limits::depth(4),
            &crate::interrupt::Never,
            &mut |i| scores.push(i.score),
        );
        scores.push(info.score);
        for s in scores {
            assert!(matches!(s, Score::Cp(c) if c.abs() <= MAX_EVAL), "{s:?}");
        }
    }
}

#[test]
fn a_search_on_the_scalar_kernels_equals_one_on_the_simd_ones() {
    // The kernels are chosen once, when a network is made: the same
    // weights on the scalar table and on the SIMD one (AVX2 where this
    // CPU has it; elsewhere both are scalar and the test still holds)
    // must search the same tree: nodes, score and line.
    // The shipped net, and its weights squared instead of clipped (the
    // other activation's kernel; a net trained for it would differ, the
    // kernels' agreement does not).
    let shipped = default_net().unwrap();
    let squared = shipped
        .as_ref()
        .clone()
        .with_activation(super::Activation::SquaredClippedRelu);
    for net in [shipped.as_ref().clone(), squared] {
        same_search_on_both_kernels(&net);
    }
}

fn same_search_on_both_kernels(net: &Network) {
    use crate::congo::eval::Evaluator;
    use crate::congo::search::{Engine, EngineConfig, Limits};
    use std::sync::Arc;
    let simd = Arc::new(net.with_simd(true));
    let scalar = Arc::new(net.with_simd(false));
    assert_eq!(simd.uses_simd(), simd_in_use());
    assert!(!scalar.uses_simd());
    assert_eq!(*simd, *scalar, "the same weights");
    // The start and two middlegames of `lab`'s bench_engine.
    let positions: Vec<Position> = [
        crate::congo::START_FEN,
        "1mel2z/1p1pge1/pp2p1p/7/1PE1P1P/P1P3P/GM1LEC1 w 10",
        "2elecz/Gpp2p1/p1g3p/7/1P3PP/1PLp1P1/1ME2CZ w 10",
    ]
    .iter()
    .map(|f| crate::congo::fen::parse(f).unwrap())
    .collect();
    for pos in &positions {
        let search = |net: &Arc<Network>| {
            let mut engine = Engine::new(EngineConfig {
                hash_mb: 1,
                threads: 1,
                ..EngineConfig::default()
            });
            engine.set_evaluator(Evaluator::Net(Arc::clone(net)));
            let info = engine.search(
                pos,
                &[],
                &Limits::depth(4),
                &crate::interrupt::Never,
                &mut |_| {},
            );
            (info.nodes, info.score, info.pv)
        };
        let (a, b) = (search(&simd), search(&scalar));
        assert!(a.0 > 100, "{pos}: a real search");
        assert_eq!(a, b, "{:?}, {pos}", net.activation());
        assert_eq!(
            evaluate_fresh(&simd, pos),
            evaluate_fresh(&scalar, pos),
            "{pos}"
        );
    }
}
