//! The training data: `FEN;R;S` lines, or the library's binary data files
//! (told apart by the binary file's magic), read, checked, deduplicated,
//! split and turned into feature lists. Both forms are read through the
//! library's one record type (`boardsh::congo::data::DataRecord`).
//!
//! - `FEN` is a Congo FEN as boardsh reads it (`boardsh::congo::fen`);
//! - `R` the game's result for White: `1`, `0.5` or `0`;
//! - `S` the search score in centipawns, White's point of view (an integer).
//!
//! Blank lines are skipped (not counted); any other line that does not
//! read is counted as bad and the first few are reported as `file:line`
//! (a binary record without a score as `file: record at byte N`; a
//! binary file that is damaged, truncated or of another version is
//! refused whole, which ends the run).
//! Positions are deduplicated by board and side to move (the move number
//! does not count): the first line of a position is kept. Then `|S|` above
//! `max_score` is dropped.
//!
//! The validation set takes whole games, not positions: positions of one
//! game are alike and share its result, so a game split between the sets
//! would let the validation loss flatter the net. A file's lines are read
//! as games in order (as `boardsh selfplay` writes them): a line starts a
//! new game when its ply (from the move number and side) is not after the
//! line before or its result differs. A game goes to validation when a
//! hash of its first position's board and side falls in the first
//! `val_frac` of the hash range, so the split does not depend on file
//! order. (Two games cut where the rule sees one stay together: no leak.)
//!
//! Everything is stored for the side to move: its view's features, the
//! other view's, `R` and `S` turned to its point of view.
//!
//! With [`Options::mirror`], each position is followed by its left-right
//! mirror image (files a..g read g..a, `Position::mirrored`), which the
//! rules treat alike: same result and score, features mirrored square by
//! square ([`mirror_features`]; in lion buckets read from the mirrored
//! position, where a view whose lion is off the d-file sees the same
//! features as in the original: such a pair is two equal samples, so
//! every position still counts twice). A position and its mirror are one
//! position for deduplication (the smaller of their two keys) and land in
//! the same set (its game's), so validation never holds the mirror of a
//! training position; a board that is its own mirror is kept once.

use boardsh::congo::data::{self as record, DataRecord};
use boardsh::congo::nnue::{FeatureSet, View, feature_index};
use boardsh::congo::{Color, Position};
use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// How many bad lines are reported by place (the rest are only counted).
pub const REPORTED_BAD: usize = 5;

/// Lines parsed at once (bounds the memory of one step to a few hundred MB).
const BLOCK: usize = 1 << 18;

/// Positions as the trainer reads them: for position `i`, its features are
/// `feats[starts[i]..starts[i + 1]]`, the side to move's view in the first
/// half and the other side's in the second (both views have one feature a
/// piece, so the halves are equal).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dataset {
    pub feats: Vec<u16>,
    pub starts: Vec<usize>,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: Vec<f32>,
    /// The search score in centipawns for the side to move.
    pub score: Vec<f32>,
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset {
            starts: vec![0],
            ..Dataset::default()
        }
    }

    pub fn len(&self) -> usize {
        self.result.len()
    }

    pub fn is_empty(&self) -> bool {
        self.result.is_empty()
    }

    /// Position `i`'s features: (side to move's view, the other's).
    pub fn views(&self, i: usize) -> (&[u16], &[u16]) {
        let all = &self.feats[self.starts[i]..self.starts[i + 1]];
        all.split_at(all.len() / 2)
    }

    /// Add a position (its views as `views` gives them).
    pub fn push(&mut self, us: &[u16], them: &[u16], result: f32, score: f32) {
        self.feats.extend_from_slice(us);
        self.feats.extend_from_slice(them);
        self.starts.push(self.feats.len());
        self.result.push(result);
        self.score.push(score);
    }

    /// The training targets: `lambda × sigmoid(S) + (1 − lambda) × R`,
    /// with `sigmoid(S) = 1 / (1 + 10^(−S/400))`.
    pub fn targets(&self, lambda: f32) -> Vec<f32> {
        self.score
            .iter()
            .zip(&self.result)
            .map(|(&s, &r)| lambda * crate::model::win_chance(s / 400.0) + (1.0 - lambda) * r)
            .collect()
    }
}

/// A position's features from the side to move's view and the other's,
/// square by square (a1, a2, ...), in the plain set.
pub fn features(pos: &Position) -> (Vec<u16>, Vec<u16>) {
    features_in(FeatureSet::Plain, pos)
}

/// A position's inputs in feature set `set` from the side to move's view
/// and the other's ([`View::feature`]), square by square.
pub fn features_in(set: FeatureSet, pos: &Position) -> (Vec<u16>, Vec<u16>) {
    let stm = pos.side_to_move();
    let (v_us, v_them) = (View::of(set, stm, pos), View::of(set, !stm, pos));
    let mut us = Vec::with_capacity(32);
    let mut them = Vec::with_capacity(32);
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            // At most 4 × 784 inputs < 2^16.
            us.push(v_us.feature(piece, sq) as u16);
            them.push(v_them.feature(piece, sq) as u16);
        }
    }
    (us, them)
}

/// A 128-bit key of the board and side to move: White's view of the
/// pieces (which names every piece and square) and the side. Two
/// different positions share a key with probability ~2^-128 a pair.
pub fn key(pos: &Position) -> u128 {
    let mut bytes = Vec::with_capacity(100);
    bytes.push(pos.side_to_move().index() as u8);
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            let f = feature_index(Color::White, piece, sq) as u16;
            bytes.extend_from_slice(&f.to_le_bytes());
        }
    }
    xxhash_rust::xxh3::xxh3_128(&bytes)
}

/// The features of the mirrored position, from the features of a
/// position in either view: each feature's square has its file turned
/// over (a <-> g), its block (kind, own or not) and rank kept. (A view
/// turns Black's board over rank by rank, which commutes with this.)
pub fn mirror_features(feats: &[u16]) -> Vec<u16> {
    const SQUARES: u16 = 49;
    feats
        .iter()
        .map(|&f| {
            let (block, sq) = (f / SQUARES, f % SQUARES);
            let (file, rank) = (sq / 7, sq % 7);
            block * SQUARES + (6 - file) * 7 + rank
        })
        .collect()
}

/// Whether a game whose first position has this key is in the validation
/// set: the key's top 64 bits, as a fraction of 2^64, below `val_frac`.
pub fn is_validation(key: u128, val_frac: f64) -> bool {
    ((key >> 64) as u64 as f64) < val_frac * 18_446_744_073_709_551_616.0
}

/// One line read.
#[derive(Clone, Debug)]
pub struct Line {
    pub pos: Position,
    /// For White.
    pub result: f32,
    /// For White, centipawns.
    pub score: i32,
}

/// Read one `FEN;R;S` line (trailing `\r` and blanks around fields
/// allowed): the library's data record ([`DataRecord::parse_text`]), with
/// the score the trainer needs.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let r = DataRecord::parse_text(line).map_err(|e| e.to_string())?;
    line_of(r)
}

/// A record as the trainer takes it: with its score.
fn line_of(r: DataRecord) -> Result<Line, String> {
    let Some(score) = r.score else {
        return Err("expected FEN;RESULT;SCORE: the score is missing".to_string());
    };
    Ok(Line {
        result: r.result.for_white() as f32,
        pos: r.pos,
        score,
    })
}

/// What the loader counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Lines read (not blank).
    pub read: usize,
    pub bad: usize,
    pub duplicates: usize,
    /// Dropped for `|S| > max_score`.
    pub filtered: usize,
    /// Mirror images added (counted in `train` and `val` too).
    pub mirrored: usize,
    pub train: usize,
    pub val: usize,
}

impl Counts {
    pub fn kept(&self) -> usize {
        self.train + self.val
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "read {}, bad {}, duplicates {}, |score| too big {}, kept {} (train {}, validation {})",
            self.read,
            self.bad,
            self.duplicates,
            self.filtered,
            self.kept(),
            self.train,
            self.val
        )?;
        // Only with --mirror, so the line without it is as before.
        if self.mirrored > 0 {
            write!(f, ", of which {} mirror images", self.mirrored)?;
        }
        Ok(())
    }
}

/// Everything loaded.
#[derive(Debug, Default)]
pub struct Loaded {
    pub train: Dataset,
    pub val: Dataset,
    /// The validation positions themselves, for the quantized check.
    pub val_positions: Vec<Position>,
    pub counts: Counts,
    /// The first bad lines: `file:line: message`.
    pub bad_lines: Vec<String>,
}

/// The files to read: each input that is a file, and the `*.txt` and
/// `*.bin` (binary data) files of each input that is a directory (sorted
/// by name), but `job.txt`: a `boardsh selfplay --out-dir` job's
/// settings, beside its shards.
pub fn input_files(inputs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let entries = std::fs::read_dir(input)
                .map_err(|e| format!("cannot read directory {}: {e}", input.display()))?;
            let mut txt = Vec::new();
            for entry in entries {
                let path = entry
                    .map_err(|e| format!("cannot read directory {}: {e}", input.display()))?
                    .path();
                let job = path.file_name().is_some_and(|n| n == "job.txt");
                if path.extension().is_some_and(|x| x == "txt" || x == "bin")
                    && !job
                    && path.is_file()
                {
                    txt.push(path);
                }
            }
            txt.sort();
            files.extend(txt);
        } else if input.is_file() {
            files.push(input.clone());
        } else {
            return Err(format!("no such file or directory: {}", input.display()));
        }
    }
    Ok(files)
}

/// How the loader treats what it reads.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Drop positions whose |S| is above this (centipawns).
    pub max_score: i32,
    /// The fraction of games kept for validation.
    pub val_frac: f64,
    /// Add each position's mirror image.
    pub mirror: bool,
    /// The inputs the positions are turned into.
    pub features: FeatureSet,
}

/// A position's mirror image as the loader adds it.
struct Mirror {
    us: Vec<u16>,
    them: Vec<u16>,
    pos: Position,
}

/// What one line becomes before deduplication.
struct Ready {
    key: u128,
    /// The key deduplication goes by: `key`, or with mirrors the smaller
    /// of it and the mirror's.
    dedup: u128,
    /// The mirror image, when asked for and not the same board.
    mirror: Option<Mirror>,
    /// Plies from the start (the move number and side to move).
    ply: u64,
    /// The result for White, to see where a game ends.
    white_result: f32,
    us: Vec<u16>,
    them: Vec<u16>,
    result: f32,
    score: i32,
    pos: Position,
}

fn prepare(line: &[u8], options: Options) -> Result<Ready, String> {
    let text = std::str::from_utf8(line).map_err(|_| "not UTF-8".to_string())?;
    prepare_line(parse_line(text)?, options)
}

fn prepare_line(line: Line, options: Options) -> Result<Ready, String> {
    let Line { pos, result, score } = line;
    let set = options.features;
    let (us, them) = features_in(set, &pos);
    let own = key(&pos);
    let (dedup, mirror) = if options.mirror {
        let m = pos.mirrored();
        let mkey = key(&m);
        let image = (mkey != own).then(|| {
            // The plain features mirror square by square; lion buckets'
            // views may mirror themselves, so they are read afresh.
            let (us, them) = match set {
                FeatureSet::Plain => (mirror_features(&us), mirror_features(&them)),
                _ => features_in(set, &m),
            };
            Mirror { us, them, pos: m }
        });
        (own.min(mkey), image)
    } else {
        (own, None)
    };
    let white = pos.side_to_move() == Color::White;
    // The move number counts Black's moves (0 at the start).
    let ply = pos
        .move_number()
        .saturating_mul(2)
        .saturating_add(u64::from(!white));
    Ok(Ready {
        key: own,
        dedup,
        mirror,
        ply,
        white_result: result,
        us,
        them,
        result: if white { result } else { 1.0 - result },
        score: if white { score } else { -score },
        pos,
    })
}

/// Read `files` in order (lines parsed in parallel on the current rayon
/// pool; the outcome does not depend on the threads), without mirrors.
pub fn load(files: &[PathBuf], max_score: i32, val_frac: f64) -> Result<Loaded, String> {
    load_with(
        files,
        Options {
            max_score,
            val_frac,
            mirror: false,
            features: FeatureSet::Plain,
        },
    )
}

/// [`load`] with every option.
pub fn load_with(files: &[PathBuf], options: Options) -> Result<Loaded, String> {
    let mut out = Loaded {
        train: Dataset::new(),
        val: Dataset::new(),
        ..Loaded::default()
    };
    let mut seen = HashSet::new();
    for file in files {
        load_file(file, options, &mut seen, &mut out)?;
    }
    Ok(out)
}

fn load_file(
    file: &Path,
    options: Options,
    seen: &mut HashSet<u128>,
    out: &mut Loaded,
) -> Result<(), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    // The game being read: (its last ply, its result for White, whether
    // it is a validation game).
    let mut game: Option<(u64, f32, bool)> = None;
    if record::is_binary(&bytes) {
        // The binary form, block by block as each is checked (a damaged
        // block refuses the file, the run with it), taken as lines are.
        let mut take_block = |records: Vec<(usize, DataRecord)>| {
            let ready: Vec<(usize, Result<Ready, String>)> = records
                .into_par_iter()
                .map(|(offset, r)| (offset, line_of(r).and_then(|l| prepare_line(l, options))))
                .collect();
            let place = |offset| format!("{}: record at byte {offset}", file.display());
            take(ready, &place, options, &mut game, seen, out);
        };
        return record::read_blocks(&bytes, &mut take_block)
            .map_err(|e| format!("{}: {e}", file.display()));
    }
    // (line number, text) of every line that is not blank.
    let lines: Vec<(usize, &[u8])> = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.iter().all(|b| b.is_ascii_whitespace()))
        .map(|(i, l)| (i + 1, l))
        .collect();
    for block in lines.chunks(BLOCK) {
        let ready: Vec<(usize, Result<Ready, String>)> = block
            .par_iter()
            .map(|(number, l)| (*number, prepare(l, options)))
            .collect();
        let place = |number| format!("{}:{number}", file.display());
        take(ready, &place, options, &mut game, seen, out);
    }
    Ok(())
}

/// Count, split and store positions read, in order, each with its line
/// number or byte offset, which `place` names when it is bad. `game` is
/// the game being read: its last ply, its result for White, whether it is
/// a validation game.
fn take(
    ready: Vec<(usize, Result<Ready, String>)>,
    place: &dyn Fn(usize) -> String,
    options: Options,
    game: &mut Option<(u64, f32, bool)>,
    seen: &mut HashSet<u128>,
    out: &mut Loaded,
) {
    let Options {
        max_score,
        val_frac,
        ..
    } = options;
    for (at, r) in ready {
        out.counts.read += 1;
        let r = match r {
            Ok(r) => r,
            Err(message) => {
                out.counts.bad += 1;
                if out.bad_lines.len() < REPORTED_BAD {
                    out.bad_lines.push(format!("{}: {message}", place(at)));
                }
                continue;
            }
        };
        let validation = match *game {
            Some((ply, result, val)) if r.ply > ply && r.white_result == result => val,
            _ => is_validation(r.key, val_frac),
        };
        *game = Some((r.ply, r.white_result, validation));
        if !seen.insert(r.dedup) {
            out.counts.duplicates += 1;
            continue;
        }
        if r.score.unsigned_abs() > max_score.unsigned_abs() {
            out.counts.filtered += 1;
            continue;
        }
        let images = std::iter::once((r.us, r.them, r.pos))
            .chain(r.mirror.map(|m| (m.us, m.them, m.pos)))
            .enumerate();
        for (i, (us, them, pos)) in images {
            out.counts.mirrored += usize::from(i > 0);
            if validation {
                out.counts.val += 1;
                out.val.push(&us, &them, r.result, r.score as f32);
                out.val_positions.push(pos);
            } else {
                out.counts.train += 1;
                out.train.push(&us, &them, r.result, r.score as f32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardsh::congo::fen;

    #[test]
    fn a_line_reads_for_white_and_the_views_follow_the_side_to_move() {
        let l = parse_line("gme1lcz/ppp2pp/3pep1/7/2PPPZP/PP3P1/GMELEC1 b 4;0.5;-35\r").unwrap();
        assert_eq!(l.result, 0.5);
        assert_eq!(l.score, -35);
        assert_eq!(l.pos.side_to_move(), Color::Black);
        // Black: gme_lcz 6 + ppp__pp 5 + pep 3 = 14; White: PPPZP 5 +
        // PP_P 3 + GMELEC 6 = 14 (the FEN's letters).
        let (us, them) = features(&l.pos);
        assert_eq!((us.len(), them.len()), (28, 28));
        // Black moves, so its 14 pieces are "own" in the first view (the
        // blocks (kind × 2 + 0) × 49) and the opponent's in the second.
        let own = |v: &[u16]| {
            v.iter()
                .filter(|&&f| (f as usize / 49).is_multiple_of(2))
                .count()
        };
        assert_eq!((own(&us), own(&them)), (14, 14));
    }

    #[test]
    fn bad_lines_say_why() {
        assert!(parse_line("7/7/7/7/7/7/7 w;1").is_err());
        assert!(
            parse_line("7/7/7/7/7/7/7 w;2;0")
                .unwrap_err()
                .contains("result")
        );
        assert!(
            parse_line("7/7/7/7/7/7/7 w;1;x")
                .unwrap_err()
                .contains("score")
        );
        assert!(
            parse_line("7/7/7/7/7/7/8 w;1;0")
                .unwrap_err()
                .contains("FEN")
        );
        assert!(parse_line("7/7/7/7/7/7/7 w 3;1;12").is_ok());
    }

    #[test]
    fn the_split_takes_about_val_frac() {
        // Keys of distinct boards: a lion on each square, both sides.
        let mut n = 0;
        let mut keys = HashSet::new();
        for fen_text in ["l6/7/7/7/7/7/7", "7/7/7/7/7/7/6L"] {
            for side in ["w", "b"] {
                let p = fen::parse(&format!("{fen_text} {side}")).unwrap();
                keys.insert(key(&p));
                n += 1;
            }
        }
        assert_eq!(keys.len(), n);
        assert!(keys.iter().all(|&k| !is_validation(k, 0.0)));
        assert!(keys.iter().all(|&k| is_validation(k, 1.0)));
    }
}
