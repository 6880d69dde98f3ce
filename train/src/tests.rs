//! The trainer's tests: learning, determinism, quantization, the loader.
//! (The gradient check is in `model.rs`.)

use crate::data::{self, Dataset};
use crate::model::Model;
use crate::output::{float_cp, int_cp, write_atomic};
use crate::train::{Settings, Trainer, mean_loss};
use boardsh::congo::nnue::{FeatureSet, QA, QB, View};
use boardsh::congo::{Color, Piece, PieceKind, Position, Square, fen};
use boardsh::rng::Rng;
use std::sync::atomic::AtomicBool;

/// Random boards: both lions, then each other piece of a set (3 pawns,
/// giraffe, monkey, elephant, crocodile, zebra, superpawn) present with
/// probability 1/2 on a free square; either side to move.
fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let kinds = [
        PieceKind::Pawn,
        PieceKind::Pawn,
        PieceKind::Pawn,
        PieceKind::Giraffe,
        PieceKind::Monkey,
        PieceKind::Elephant,
        PieceKind::Crocodile,
        PieceKind::Zebra,
        PieceKind::Superpawn,
    ];
    (0..n)
        .map(|_| {
            let mut pos = fen::parse("7/7/7/7/7/7/7 w").unwrap();
            let place = |pos: &mut Position, rng: &mut Rng, piece| loop {
                let sq = Square::new(rng.below(49) as u8).unwrap();
                if pos.piece_at(sq).is_none() {
                    pos.set(sq, Some(piece));
                    break;
                }
            };
            for color in Color::ALL {
                place(&mut pos, &mut rng, Piece::new(color, PieceKind::Lion));
                for kind in kinds {
                    if rng.below(2) == 1 {
                        place(&mut pos, &mut rng, Piece::new(color, kind));
                    }
                }
            }
            if rng.below(2) == 1 {
                pos.set_side_to_move(Color::Black);
            }
            pos
        })
        .collect()
}

/// Material for the side to move: pawn 1, others 3, superpawn 5 (×100 cp).
fn material(pos: &Position) -> i32 {
    let mut cp = 0;
    for sq in pos.occupied() {
        let p = pos.piece_at(sq).unwrap();
        let v = match p.kind {
            PieceKind::Pawn => 100,
            PieceKind::Lion => 0,
            PieceKind::Superpawn => 500,
            _ => 300,
        };
        cp += if p.color == pos.side_to_move() { v } else { -v };
    }
    cp
}

/// A data set whose score is the material and whose result is 1 for the
/// side ahead (0.5 level).
fn material_set(positions: &[Position]) -> Dataset {
    let mut d = Dataset::new();
    for pos in positions {
        let (us, them) = data::features(pos);
        let m = material(pos);
        let r = match m.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        d.push(&us, &them, r, m as f32);
    }
    d
}

fn settings(batch: usize, lr: f32, seed: u64) -> Settings {
    Settings {
        lr,
        weight_decay: 0.0,
        batch,
        epochs: 1,
        lambda: 1.0,
        seed,
    }
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// (b) On 4,000 positions whose target is the win chance of their
/// material (lambda 1), 50 steps of 256 at lr 0.01 cut the validation
/// loss at least 4-fold. The targets spread over about 0.1..0.9 and the
/// start model knows nothing of them, so its loss is well above 0.01;
/// material is a linear function of the features, which the network can
/// copy in its slope region, so the loss can fall to near 0. (One run
/// went from 0.178 to 0.020: the factor 4 leaves room.)
#[test]
fn the_loss_falls_on_a_material_target() {
    let train = material_set(&random_positions(4000, 1));
    let val = material_set(&random_positions(500, 2));
    let (tt, vt) = (train.targets(1.0), val.targets(1.0));
    let model = Model::init(32, 3);
    let before = mean_loss(&model, &val, &vt);
    let mut trainer = Trainer::new(model, settings(256, 0.01, 3), 50 * 256);
    let order: Vec<u32> = (0..train.len() as u32).collect();
    pool(2).install(|| {
        for step in 0..50 {
            let at = (step * 256) % (4000 - 256);
            trainer.batch_step(&train, &tt, &order[at..at + 256]);
        }
    });
    let after = mean_loss(&trainer.model, &val, &vt);
    assert!(before > 0.01, "start loss {before}");
    assert!(after * 4.0 < before, "loss {before} -> {after}");
}

/// (c) The same seed and data give the same weights, bit for bit, on 2
/// threads twice and on 1 thread (batches of 3 chunks, so the chunks'
/// order matters).
#[test]
fn training_is_deterministic() {
    let train = material_set(&random_positions(3000, 4));
    let tt = train.targets(0.5);
    let run = |threads: usize| {
        let mut trainer = Trainer::new(Model::init(16, 9), settings(2500, 1e-3, 9), train.len());
        let stop = AtomicBool::new(false);
        pool(threads).install(|| {
            trainer.epoch(&train, &tt, &stop);
            trainer.epoch(&train, &tt, &stop);
        });
        trainer.model
    };
    let a = run(2);
    assert_eq!(a, run(2));
    assert_eq!(a, run(1));
    // It trained (the weights moved from the start).
    assert_ne!(a, Model::init(16, 9));
    // Another seed gives another net.
    let mut other = Trainer::new(Model::init(16, 10), settings(2500, 1e-3, 10), train.len());
    pool(2).install(|| other.epoch(&train, &tt, &AtomicBool::new(false)));
    assert_ne!(a, other.model);
}

/// (d) The library's integer evaluation of the quantized model against
/// the float model.
///
/// With weights that are exact multiples of the scales (W1, b1 = k/255,
/// w2 = k/QB, b2 = k/(255×QB)) quantizing loses nothing; only the
/// library's final division truncates toward zero (< 1 cp) and the f32
/// sums round (far below 0.01 cp here): |diff| ≤ 1 cp.
///
/// With any weights, each rounded weight is off by at most half a step:
/// an accumulator of n pieces by (n + 1) × 0.5/255, so each h too (clamp
/// moves nothing apart); the output by Σ|w2| × that + 2H × 0.5/QB (the
/// output weights, times h ≤ 1) + 0.5/(255×QB) (the bias); then × 400,
/// plus 1 cp for the truncation.
#[test]
fn the_quantized_network_follows_the_float_model() {
    let positions = random_positions(300, 5);
    let h = 24;
    let mut exact = Model::init(h, 11);
    let (b1, w2, b2) = (exact.b1_at(), exact.w2_at(), exact.b2_at());
    let qa = f32::from(QA);
    for (i, p) in exact.params.iter_mut().enumerate() {
        let scale = if i < w2 {
            qa
        } else if i < b2 {
            QB as f32
        } else {
            qa * QB as f32
        };
        // Larger weights than the start's, so the scores spread widely.
        *p = (*p * 6.0 * scale).round() / scale;
    }
    exact.params[b2] = 123.0 / (qa * QB as f32);
    let net = exact.quantize();
    let mut spread = 0.0f32;
    for pos in &positions {
        let (f, i) = (float_cp(&exact, pos), int_cp(&net, pos) as f32);
        assert!((f - i).abs() <= 1.0, "{pos}: float {f}, int {i}");
        spread = spread.max(f.abs());
    }
    // The scores are not all near 0 (the check would be empty).
    assert!(spread > 100.0, "largest |cp| {spread}");

    // Any weights: a trained-looking model (random, larger), the bound
    // worked out above for each position.
    let mut any = Model::init(h, 12);
    for p in &mut any.params[..b1] {
        *p *= 4.0;
    }
    for p in &mut any.params[w2..b2] {
        *p *= 20.0;
    }
    any.params[b2] = 0.3;
    any.clip();
    let net = any.quantize();
    let sum_w2: f32 = any.params[w2..b2].iter().map(|w| w.abs()).sum();
    for pos in &positions {
        let bound = clipped_bound(sum_w2, pos.occupied().count(), h);
        let (f, i) = (float_cp(&any, pos), int_cp(&net, pos) as f32);
        assert!(
            (f - i).abs() <= bound,
            "{pos}: float {f}, int {i}, bound {bound}"
        );
    }
}

/// The bound worked out above for a clipped network of `h` units whose
/// output weights (of the position's bucket) sum to `sum_w2` in absolute
/// value, on a position of `pieces` pieces, in centipawns.
fn clipped_bound(sum_w2: f32, pieces: u32, h: usize) -> f32 {
    let qa = f32::from(QA);
    400.0
        * (sum_w2 * (pieces as f32 + 1.0) * 0.5 / qa
            + 2.0 * h as f32 * 0.5 / QB as f32
            + 0.5 / (qa * QB as f32))
        + 1.0
}

/// The same for the squared activation. An accumulator off by `d` (in
/// units of 1/QA) moves a squared unit by at most 2d/QA (|x² − y²| =
/// |x − y|(x + y), both at most 1), and the shift drops at most 2^5/QA² =
/// 1/2032 more; the output weights and bias round as before (the bias in
/// steps of 1/(QA² × QB / 32)). Worked so, each position's bound.
#[test]
fn the_quantized_squared_network_follows_the_float_model() {
    use boardsh::congo::nnue::Activation;
    let positions = random_positions(300, 6);
    let h = 24;
    let qa = f32::from(QA);
    let mut any = Model::init(h, 13).with_activation(Activation::SquaredClippedRelu);
    let (b1, w2, b2) = (any.b1_at(), any.w2_at(), any.b2_at());
    for p in &mut any.params[..b1] {
        *p *= 4.0;
    }
    for p in &mut any.params[w2..b2] {
        *p *= 20.0;
    }
    any.params[b2] = 0.3;
    any.clip();
    let net = any.quantize();
    assert_eq!(net.activation(), Activation::SquaredClippedRelu);
    let sum_w2: f32 = any.params[w2..b2].iter().map(|w| w.abs()).sum();
    let mut spread = 0.0f32;
    for pos in &positions {
        let n = pos.occupied().count() as f32;
        let unit = 2.0 * (n + 1.0) * 0.5 / qa + 1.0 / 2032.0;
        let bound = 400.0
            * (sum_w2 * unit
                + 2.0 * h as f32 * 0.5 / QB as f32
                + 0.5 * 32.0 / (qa * qa * QB as f32))
            + 1.0;
        let (f, i) = (float_cp(&any, pos), int_cp(&net, pos) as f32);
        assert!(
            (f - i).abs() <= bound,
            "{pos}: float {f}, int {i}, bound {bound}"
        );
        spread = spread.max(f.abs());
    }
    assert!(spread > 100.0, "largest |cp| {spread}");
    // The squaring is what the integers do: the same weights under the
    // clipped ReLU score otherwise on most positions.
    let clipped = any
        .clone()
        .with_activation(Activation::ClippedRelu)
        .quantize();
    let differ = positions
        .iter()
        .filter(|p| int_cp(&clipped, p) != int_cp(&net, p))
        .count();
    assert!(differ > 250, "{differ} of 300 differ");
}

/// Lion buckets: a model whose 4 blocks and shared rows (the
/// factoriser) each have weights of their own quantizes to a network of
/// merged rows that scores every position within the one-bucket bound
/// (each merged weight rounds once), which holds only if the trainer's
/// inputs ([`data::features_in`]) and the engine's views pick the same
/// block and mirror. The random positions put each lion anywhere, so
/// every block must occur, blocks 1 and 3 (files a-c, e-g) mirrored and
/// not, 0 and 2 (the d-file) never mirrored: 6 cases.
#[test]
fn the_quantized_lion_network_follows_the_float_model() {
    let positions = random_positions(400, 8);
    let h = 16;
    let mut any = Model::init_with(h, 1, FeatureSet::LionBuckets, 15);
    let (b1, w2, b2) = (any.b1_at(), any.w2_at(), any.b2_at());
    let shared = 4 * 784 * h;
    let mut rng = Rng::new(4);
    for (i, p) in any.params[..b1].iter_mut().enumerate() {
        if i < shared {
            *p *= 4.0;
        } else {
            *p = (rng.below(601) as f32 - 300.0) / 1000.0;
        }
    }
    for p in &mut any.params[w2..b2] {
        *p *= 20.0;
    }
    any.params[b2] = 0.3;
    any.clip();
    let net = any.quantize();
    let sum_w2: f32 = any.params[w2..b2].iter().map(|w| w.abs()).sum();
    let mut seen = std::collections::HashSet::new();
    let mut spread = 0.0f32;
    for pos in &positions {
        for c in Color::ALL {
            let v = View::of(FeatureSet::LionBuckets, c, pos);
            seen.insert((v.bucket(), v.mirror()));
        }
        let bound = clipped_bound(sum_w2, pos.occupied().count(), h);
        let (f, i) = (float_cp(&any, pos), int_cp(&net, pos) as f32);
        assert!(
            (f - i).abs() <= bound,
            "{pos}: float {f}, int {i}, bound {bound}"
        );
        spread = spread.max(f.abs());
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
    assert!(!seen.contains(&(0, true)) && !seen.contains(&(2, true)));
    // Own and shared rows whose sums pass the clip: after `clip` the
    // sums are within it, so the float model is still the quantized one.
    let mut big = any.clone();
    for (i, p) in big.params[..b1].iter_mut().enumerate() {
        *p = if i < shared { 1.5 } else { 1.2 };
    }
    big.clip();
    // What the float model reads for input f, unit j: own + shared.
    let read =
        |m: &Model, f: usize, j: usize| m.params[f * h + j] + m.params[shared + (f % 784) * h + j];
    for f in [0, 783, 784 + 5, 3 * 784 + 783] {
        for j in 0..h {
            assert!(
                (read(&big, f, j) - 1.98).abs() < 1e-6,
                "input {f}, unit {j}"
            );
            assert_eq!(big.merged_row(f)[j], read(&big, f, j));
        }
    }
    let net = big.quantize();
    for pos in &positions {
        let bound = clipped_bound(sum_w2, pos.occupied().count(), h);
        let (f, i) = (float_cp(&big, pos), int_cp(&net, pos) as f32);
        assert!((f - i).abs() <= bound, "{pos}: float {f}, int {i}");
    }
    assert!(spread > 100.0, "largest |cp| {spread}");
}

/// Output buckets: a model of 8 buckets, each given weights of its own,
/// quantizes to a network that scores every position within the bound of
/// the one-bucket check above (that bucket's |w2|), which holds only if
/// the trainer and the engine pick the same bucket (the trainer by the
/// features of a view, the engine by the pieces on the board); the
/// positions (6 to 18 pieces, most 9 to 15) fall in buckets 1 to 4, and a model
/// whose buckets differ scores otherwise than its bucket 0 alone.
#[test]
fn the_quantized_bucketed_network_follows_the_float_model() {
    use boardsh::congo::nnue::output_bucket;
    let positions = random_positions(300, 7);
    let (h, buckets) = (16, 8);
    let mut any = Model::init_buckets(h, buckets, 14);
    let (b1, w2, b2) = (any.b1_at(), any.w2_at(), any.b2_at());
    for p in &mut any.params[..b1] {
        *p *= 4.0;
    }
    // Each bucket its own output weights and bias.
    for (i, p) in any.params[w2..b2].iter_mut().enumerate() {
        let b = i / (2 * h);
        *p *= 20.0 * (1.0 + b as f32) * if b % 2 == 1 { -1.0 } else { 1.0 };
    }
    for b in 0..buckets {
        any.params[b2 + b] = 0.3 - 0.2 * b as f32;
    }
    any.clip();
    let net = any.quantize();
    assert_eq!(net.output_buckets(), buckets);
    let mut used = [0usize; 8];
    let mut spread = 0.0f32;
    for pos in &positions {
        let n = pos.occupied().count();
        let b = output_bucket(n, buckets);
        used[b] += 1;
        let w = &any.params[w2 + b * 2 * h..w2 + (b + 1) * 2 * h];
        let sum_w2: f32 = w.iter().map(|w| w.abs()).sum();
        let bound = clipped_bound(sum_w2, n, h);
        let (f, i) = (float_cp(&any, pos), int_cp(&net, pos) as f32);
        assert!(
            (f - i).abs() <= bound,
            "{pos}: bucket {b}, float {f}, int {i}, bound {bound}"
        );
        spread = spread.max(f.abs());
    }
    // Buckets 1 to 3 (6 to 15 pieces) each hold more than 10 positions,
    // bucket 4 some.
    assert!(
        used[1..4].iter().all(|&n| n > 10) && used[4] > 0,
        "{used:?}"
    );
    assert!(spread > 100.0, "largest |cp| {spread}");
    // Bucket 0's layer alone (a one-bucket model of the same weights)
    // scores the positions of the other buckets otherwise.
    let mut first = Model::init(h, 14);
    first.params[..b2 - (buckets - 1) * 2 * h].copy_from_slice(&any.params[..w2 + 2 * h]);
    let last = first.params.len() - 1;
    first.params[last] = any.params[b2];
    let one = first.quantize();
    for pos in &positions {
        let b = output_bucket(pos.occupied().count(), buckets);
        let same = int_cp(&one, pos) == int_cp(&net, pos);
        if b == 0 {
            assert!(same, "{pos}");
        }
    }
    let differ = positions
        .iter()
        .filter(|p| int_cp(&one, p) != int_cp(&net, p))
        .count();
    let others: usize = used[1..].iter().sum();
    assert!(differ + 5 >= others, "{differ} of {others} differ");
}

/// (e) The loader: blank lines skipped, bad lines counted and located,
/// duplicates (same board and side, any move number) dropped after the
/// first, |S| over the limit dropped, values turned to the side to move;
/// a directory gives its `*.txt` files in name order, `job.txt` left out.
#[test]
fn the_loader_counts_deduplicates_and_locates() {
    let dir = tempfile::tempdir().unwrap();
    let a = "l6/7/7/7/7/7/P5L";
    let b = "l6/7/7/7/7/7/Pp4L";
    let text = format!(
        "{a} w 1;1;10\n\
         {a} w 7;0;-20\n\
         {a} b 1;1;10\n\
         \n\
         garbage\n\
         {b} w;2;0\n\
         {b} w;1;5000\r\n\
         {b} b;0;-40\n"
    );
    std::fs::write(dir.path().join("b.txt"), text).unwrap();
    // a.txt comes first: its copy of the last position wins.
    std::fs::write(dir.path().join("a.txt"), format!("{b} b 9;1;-40\n")).unwrap();
    std::fs::write(dir.path().join("c.dat"), "not read\n").unwrap();
    // A selfplay job's settings file: not data.
    std::fs::write(dir.path().join("job.txt"), "boardsh selfplay job\n").unwrap();
    let files = data::input_files(&[dir.path().to_path_buf()]).unwrap();
    assert_eq!(files.len(), 2);
    assert!(files[0].ends_with("a.txt"));
    let loaded = pool(2).install(|| data::load(&files, 3000, 0.0)).unwrap();
    let c = &loaded.counts;
    // a.txt: 1 line. b.txt: 7 lines not blank; line 2 repeats line 1,
    // line 8 repeats a.txt's; lines 5 and 6 are bad; line 7 is 5000 cp.
    assert_eq!((c.read, c.bad, c.duplicates, c.filtered), (8, 2, 2, 1));
    assert_eq!((c.train, c.val), (3, 0));
    assert_eq!(loaded.bad_lines.len(), 2);
    assert!(
        loaded.bad_lines[0].contains("b.txt:5: "),
        "{:?}",
        loaded.bad_lines
    );
    assert!(
        loaded.bad_lines[1].contains("b.txt:6: "),
        "{:?}",
        loaded.bad_lines
    );
    assert!(loaded.bad_lines[1].contains("result"));
    // Kept in order: a.txt's (Black to move: R 1 → 0, S −40 → 40), then
    // b.txt's line 1 (White: as written) and line 3 (Black: 1 → 0, 10 → −10).
    assert_eq!(loaded.train.result, vec![0.0, 1.0, 0.0]);
    assert_eq!(loaded.train.score, vec![40.0, 10.0, -10.0]);
    // Position 1 (White to move, a white pawn and both lions): 3 features
    // each view.
    assert_eq!(loaded.train.views(1).0.len(), 3);

    // The same data with everything in validation.
    let all_val = data::load(&files, 3000, 1.0).unwrap();
    assert_eq!((all_val.counts.train, all_val.counts.val), (0, 3));
    assert_eq!(all_val.val_positions.len(), 3);
    // A missing input is an error naming it.
    let missing = dir.path().join("nope");
    assert!(data::input_files(&[missing]).unwrap_err().contains("nope"));
}

#[test]
fn write_atomic_replaces_the_file_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.bin");
    write_atomic(&path, b"one").unwrap();
    write_atomic(&path, b"two!").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"two!");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // No directory to write in: an error, nothing left behind.
    assert!(write_atomic(&dir.path().join("no/net.bin"), b"x").is_err());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// (f) Validation takes whole games: a file's lines are games in order,
/// one ending where the ply does not go on or the result changes. Two
/// files of 60 made-up games of 5 random boards each: in the first the
/// games share their result and are cut only by the move number starting
/// again; in the second only by the result (the move number runs on
/// through the file). Every game must land wholly in one set, and with
/// half the games in validation both sets hold games of each file (all
/// 60 on one side: odds about 2^-59).
#[test]
fn validation_takes_whole_games() {
    let dir = tempfile::tempdir().unwrap();
    let boards = random_positions(600, 7);
    let mut files = Vec::new();
    // Each file's games as the keys of their positions.
    let mut written: Vec<Vec<Vec<u128>>> = Vec::new();
    for (f, file_boards) in boards.chunks(300).enumerate() {
        let mut text = String::new();
        let mut games = Vec::new();
        let mut ply = 0u64;
        for (g, game) in file_boards.chunks(5).enumerate() {
            if f == 0 {
                ply = 10;
            }
            let result = if f == 0 { "1" } else { ["1", "0"][g % 2] };
            let mut keys = Vec::new();
            for board in game {
                ply += 1 + u64::from(g % 2 == 0);
                let mut pos = board.clone();
                // The move number counts Black's moves, 0 at the start.
                pos.set_move_number(ply / 2);
                pos.set_side_to_move(if ply.is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                });
                keys.push(data::key(&pos));
                text.push_str(&format!("{pos};{result};{}\n", g as i32 - 30));
            }
            games.push(keys);
        }
        let path = dir.path().join(format!("{f}.txt"));
        std::fs::write(&path, text).unwrap();
        files.push(path);
        written.push(games);
    }
    let loaded = data::load(&files, 3000, 0.5).unwrap();
    assert_eq!(loaded.counts.kept(), 600, "{}", loaded.counts);
    let val: std::collections::HashSet<u128> = loaded.val_positions.iter().map(data::key).collect();
    assert_eq!(val.len(), loaded.counts.val);
    for (f, games) in written.iter().enumerate() {
        let mut in_val = 0;
        for (g, keys) in games.iter().enumerate() {
            let n = keys.iter().filter(|k| val.contains(k)).count();
            assert!(
                n == 0 || n == keys.len(),
                "file {f} game {g}: {n} of 5 in validation"
            );
            in_val += usize::from(n > 0);
        }
        assert!(
            0 < in_val && in_val < 60,
            "file {f}: {in_val} of 60 games in validation"
        );
    }
}

/// The float and integer scores agree at the clamp: a model whose output
/// bias alone is past the engine's `MAX_EVAL` (the trainer's clip keeps a
/// trained one inside; this one is set by hand) scores `±MAX_EVAL` both
/// ways, so the quantization error reports no difference where the
/// engine sees none.
#[test]
fn float_and_integer_scores_share_the_clamp() {
    use boardsh::congo::nnue::MAX_EVAL;
    let mut m = Model::zeros(2);
    let b2 = m.b2_at();
    // 100 units of output is 40,000 cp for the side to move.
    m.params[b2] = 100.0;
    let net = m.quantize();
    let start = Position::start();
    assert_eq!(int_cp(&net, &start), MAX_EVAL);
    assert_eq!(float_cp(&m, &start), MAX_EVAL as f32);
    m.params[b2] = -100.0;
    assert_eq!(int_cp(&m.quantize(), &start), -MAX_EVAL);
    assert_eq!(float_cp(&m, &start), -(MAX_EVAL as f32));
}

/// Sorted, to compare feature lists as sets (their order does not count).
fn sorted(mut v: Vec<u16>) -> Vec<u16> {
    v.sort_unstable();
    v
}

/// `--mirror`: the mirrored features of a position are the features of
/// its mirror image computed from scratch, in both views and for either
/// side to move.
#[test]
fn mirrored_features_are_the_features_of_the_mirrored_position() {
    for pos in random_positions(300, 11) {
        let (us, them) = data::features(&pos);
        let (mus, mthem) = data::features(&pos.mirrored());
        assert_eq!(sorted(data::mirror_features(&us)), sorted(mus), "{pos}");
        assert_eq!(sorted(data::mirror_features(&them)), sorted(mthem), "{pos}");
    }
}

/// `--mirror` doubles the data: each kept position is followed by its
/// mirror with the same result and score, in the same set; validation
/// holds exactly the mirrors of its own positions.
#[test]
fn mirroring_doubles_the_data_and_keeps_pairs_on_one_side() {
    let dir = tempfile::tempdir().unwrap();
    // 400 random boards, one a game (the move number restarts), each
    // with 8 to 20 pieces placed at random: none is its own mirror.
    let boards = random_positions(400, 12);
    assert!(boards.iter().all(|b| b.mirrored() != *b));
    let text: String = boards
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{b};{};{}\n", ["1", "0", "0.5"][i % 3], i as i32 - 200))
        .collect();
    let path = dir.path().join("d.txt");
    std::fs::write(&path, text).unwrap();
    let files = [path];
    let options = |mirror| data::Options {
        max_score: 3000,
        val_frac: 0.5,
        mirror,
        features: FeatureSet::Plain,
    };
    let plain = data::load_with(&files, options(false)).unwrap();
    let both = data::load_with(&files, options(true)).unwrap();
    let (p, b) = (&plain.counts, &both.counts);
    assert_eq!(p.mirrored, 0);
    assert!(p.train > 0 && p.val > 0, "{p}");
    assert_eq!((b.train, b.val), (2 * p.train, 2 * p.val), "{b}");
    assert_eq!(b.mirrored, p.kept());
    assert_eq!(b.duplicates, 0);
    assert_eq!(both.train.len(), 2 * plain.train.len());
    // Position i of the plain set is position 2i of the mirrored one, its
    // mirror 2i + 1: same result and score, mirrored features.
    for (plain_set, both_set) in [(&plain.train, &both.train), (&plain.val, &both.val)] {
        for i in 0..plain_set.len() {
            let (us, them) = plain_set.views(i);
            assert_eq!(both_set.views(2 * i), (us, them));
            let (mus, mthem) = both_set.views(2 * i + 1);
            assert_eq!(mus, data::mirror_features(us));
            assert_eq!(mthem, data::mirror_features(them));
            for j in [2 * i, 2 * i + 1] {
                assert_eq!(both_set.result[j], plain_set.result[i]);
                assert_eq!(both_set.score[j], plain_set.score[i]);
            }
        }
    }
    // Validation: the plain validation positions and their mirrors, nothing else.
    let mut want: Vec<u128> = plain
        .val_positions
        .iter()
        .flat_map(|p| [data::key(p), data::key(&p.mirrored())])
        .collect();
    let mut got: Vec<u128> = both.val_positions.iter().map(data::key).collect();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want);
}

/// A position whose mirror image comes later in the data (another game,
/// maybe the other set without mirrors) is one position with `--mirror`:
/// the later one is a duplicate, so the pair stays on the first one's
/// side. Without `--mirror` both are kept.
#[test]
fn a_mirror_later_in_the_data_is_a_duplicate() {
    let dir = tempfile::tempdir().unwrap();
    let boards = random_positions(50, 13);
    let mut text = String::new();
    for b in &boards {
        text.push_str(&format!("{b};1;0\n"));
    }
    for b in &boards {
        text.push_str(&format!("{};0;0\n", b.mirrored()));
    }
    let path = dir.path().join("d.txt");
    std::fs::write(&path, text).unwrap();
    let load = |mirror| {
        data::load_with(
            std::slice::from_ref(&path),
            data::Options {
                max_score: 3000,
                val_frac: 0.5,
                mirror,
                features: FeatureSet::Plain,
            },
        )
        .unwrap()
    };
    let plain = load(false);
    assert_eq!((plain.counts.kept(), plain.counts.duplicates), (100, 0));
    let both = load(true);
    let c = &both.counts;
    assert_eq!((c.kept(), c.duplicates, c.mirrored), (100, 50, 50), "{c}");
    // Every kept position's mirror is in the same set.
    let val: std::collections::HashSet<u128> = both.val_positions.iter().map(data::key).collect();
    for p in &both.val_positions {
        assert!(val.contains(&data::key(&p.mirrored())), "{p}");
    }
}

/// Records of random boards as games of 5 (the move number running on,
/// one result a game), with scores: what `selfplay` would write.
fn random_records(n: usize, seed: u64) -> Vec<boardsh::congo::data::DataRecord> {
    use boardsh::congo::data::{DataRecord, GameResult};
    let results = [GameResult::Win, GameResult::Draw, GameResult::Loss];
    random_positions(n, seed)
        .into_iter()
        .enumerate()
        .map(|(i, mut pos)| {
            pos.set_move_number((i % 5) as u64);
            DataRecord {
                pos,
                result: results[(i / 5) % 3],
                score: Some(i as i32 * 7 - 1000),
            }
        })
        .collect()
}

/// The same records as text lines and as a binary file load to the same
/// dataset (features, results, scores, the split and the counts), with
/// and without mirrors; a directory reads both forms.
#[test]
fn text_and_binary_of_the_same_records_load_alike() {
    use boardsh::congo::data::write_binary;
    let dir = tempfile::tempdir().unwrap();
    let records = random_records(500, 21);
    let text: String = records.iter().map(|r| r.to_text() + "\n").collect();
    let (t, b) = (dir.path().join("d.txt"), dir.path().join("d.bin"));
    std::fs::write(&t, text).unwrap();
    std::fs::write(&b, write_binary(&records)).unwrap();
    for mirror in [false, true] {
        let options = data::Options {
            max_score: 2000,
            val_frac: 0.3,
            mirror,
            features: FeatureSet::Plain,
        };
        let from_text = data::load_with(std::slice::from_ref(&t), options).unwrap();
        let from_binary = data::load_with(std::slice::from_ref(&b), options).unwrap();
        assert_eq!(from_text.counts, from_binary.counts);
        assert_eq!(from_text.train, from_binary.train);
        assert_eq!(from_text.val, from_binary.val);
        assert_eq!(from_text.val_positions, from_binary.val_positions);
        // Some of each: scores -1000..2493 over a limit of 2000.
        let c = &from_binary.counts;
        assert!(c.train > 0 && c.val > 0 && c.filtered > 0, "{c}");
    }
    // The directory: d.bin then d.txt, the second all duplicates.
    let files = data::input_files(&[dir.path().to_path_buf()]).unwrap();
    assert_eq!(files, [b.clone(), t.clone()]);
    let both = data::load(&files, 2000, 0.3).unwrap();
    assert_eq!(both.counts.duplicates, 500);
}

/// A damaged binary file is refused whole, with its name and the place:
/// truncated, a flipped byte, another version, another magic. (A text
/// file's bad lines are counted instead: they are lines, not a file.)
#[test]
fn a_damaged_binary_file_is_refused_with_its_name_and_place() {
    use boardsh::congo::data::write_binary;
    let dir = tempfile::tempdir().unwrap();
    let bytes = write_binary(&random_records(20, 22));
    let path = dir.path().join("d.bin");
    let refused = |b: &[u8]| {
        std::fs::write(&path, b).unwrap();
        data::load(std::slice::from_ref(&path), 3000, 0.0).unwrap_err()
    };
    let name = path.display().to_string();
    let e = refused(&bytes[..bytes.len() - 3]);
    assert!(
        e.starts_with(&format!(
            "{name}: truncated: the block at byte 12 (from record 0)"
        )),
        "{e}"
    );
    let mut b = bytes.clone();
    b[100] ^= 4;
    let e = refused(&b);
    assert!(
        e.starts_with(&format!(
            "{name}: checksum mismatch in the block at byte 12 (records 0 to 19)"
        )),
        "{e}"
    );
    let mut b = bytes.clone();
    b[8] = 9;
    assert_eq!(
        refused(&b),
        format!("{name}: unsupported data file version 9 at byte 8 (this boardsh reads version 1)")
    );
    let mut b = bytes.clone();
    b[0] = b'X';
    assert_eq!(
        refused(&b),
        format!("{name}: not a boardsh binary data file (bytes 0..8 are not \"BSHDATA\\0\")")
    );
    // The whole file reads.
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        data::load(std::slice::from_ref(&path), 3000, 0.0)
            .unwrap()
            .counts
            .kept(),
        20
    );
}
