//! The evaluation's weights as named numbers, so a tuner can change them
//! one by one and a file can hold them: one `name value` line each, the
//! names of the engine spec (`pawn`, `mobility`, ...).
//!
//! The lion's value is not a weight (its capture ends the game) and
//! `material_only` is a switch, not a number: neither is listed.

use super::eval::EvalWeights;
use crate::congo::PieceKind;

/// The weights' names, in the order of [`get`] and [`set`].
pub const NAMES: [&str; 15] = [
    "pawn",
    "superpawn",
    "giraffe",
    "monkey-value",
    "elephant",
    "crocodile-value",
    "zebra",
    "mobility",
    "lion-safety",
    "facing",
    "pawn-advance",
    "drowning",
    "crocodile",
    "monkey",
    "pressure",
];

/// How many weights there are.
pub const COUNT: usize = NAMES.len();

/// The largest magnitude a weight may have in a file.
pub const LIMIT: i32 = 100_000;

/// The piece kinds of the first seven weights.
const KINDS: [PieceKind; 7] = PieceKind::NOT_LION;

fn slot(w: &mut EvalWeights, i: usize) -> Option<&mut i32> {
    match i {
        0..=6 => {
            let kind = KINDS.get(i)?;
            w.values.get_mut(kind.index())
        }
        7 => Some(&mut w.mobility),
        8 => Some(&mut w.lion_safety),
        9 => Some(&mut w.facing),
        10 => Some(&mut w.pawn_advance),
        11 => Some(&mut w.drowning),
        12 => Some(&mut w.crocodile),
        13 => Some(&mut w.monkey),
        14 => Some(&mut w.pressure),
        _ => None,
    }
}

/// Weight `i` of `w` (0 past the end).
pub fn get(w: &EvalWeights, i: usize) -> i32 {
    let mut copy = *w;
    slot(&mut copy, i).map_or(0, |v| *v)
}

/// Set weight `i` of `w` (nothing past the end).
pub fn set(w: &mut EvalWeights, i: usize, value: i32) {
    if let Some(v) = slot(w, i) {
        *v = value;
    }
}

/// The index of the weight called `name`.
pub fn index_of(name: &str) -> Option<usize> {
    NAMES.iter().position(|n| *n == name)
}

/// `w` as a weights file: a comment line, then `name value` lines.
pub fn to_text(w: &EvalWeights) -> String {
    let mut out = String::from(
        "# boardsh evaluation weights: centipawns (mobility in quarter-centipawns, drowning in percent)\n",
    );
    for (i, name) in NAMES.iter().enumerate() {
        out.push_str(&format!("{name} {}\n", get(w, i)));
    }
    out
}

/// What is wrong with a weights file, and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct WeightsError {
    pub line: usize,
    pub message: String,
}

/// The weights a file's `text` gives, starting from `base`: every
/// `name value` line sets one; blank lines and `#` comments are skipped;
/// a weight not named keeps its value in `base`.
///
/// # Errors
///
/// The first line that is not `name value` with a known name, a whole
/// number within ±[`LIMIT`] and a name not given before.
pub fn parse(text: &str, base: &EvalWeights) -> Result<EvalWeights, WeightsError> {
    let mut w = *base;
    let mut seen = [false; COUNT];
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let err = |message: String| WeightsError { line, message };
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let mut words = body.split_whitespace();
        let (Some(name), Some(value), None) = (words.next(), words.next(), words.next()) else {
            return Err(err(format!("expected `name value`, found `{body}`")));
        };
        let Some(i) = index_of(name) else {
            return Err(err(format!(
                "unknown weight `{name}` (known: {})",
                NAMES.join(" ")
            )));
        };
        let v: i32 = value
            .parse()
            .ok()
            .filter(|v: &i32| v.abs() <= LIMIT)
            .ok_or_else(|| {
                err(format!(
                    "`{name}`: `{value}` is not a whole number within ±{LIMIT}"
                ))
            })?;
        if let Some(s) = seen.get_mut(i) {
            if *s {
                return Err(err(format!("`{name}` is given twice")));
            }
            *s = true;
        }
        set(&mut w, i, v);
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weight_has_its_own_slot() {
        // Setting weight i to a mark changes exactly that weight.
        for (i, set_name) in NAMES.iter().enumerate() {
            let mut w = EvalWeights::default();
            set(&mut w, i, 12_345);
            for (j, read_name) in NAMES.iter().enumerate() {
                let want = if i == j {
                    12_345
                } else {
                    get(&EvalWeights::default(), j)
                };
                assert_eq!(get(&w, j), want, "set {set_name} read {read_name}");
            }
        }
        // The named slots are the fields the spec names.
        let w = EvalWeights::default();
        assert_eq!(get(&w, index_of("zebra").unwrap()), w.values[7]);
        assert_eq!(get(&w, index_of("mobility").unwrap()), w.mobility);
        assert_eq!(get(&w, index_of("monkey").unwrap()), w.monkey);
    }

    #[test]
    fn round_trip() {
        let mut w = EvalWeights::default();
        for i in 0..COUNT {
            set(&mut w, i, 7 * i as i32 - 20);
        }
        assert_eq!(parse(&to_text(&w), &EvalWeights::default()), Ok(w));
    }

    #[test]
    fn partial_files_and_errors() {
        let base = EvalWeights::default();
        let w = parse("# a comment\n\nzebra 320  # the knight\n", &base).unwrap();
        assert_eq!(w.values[PieceKind::Zebra.index()], 320);
        assert_eq!(w.mobility, base.mobility);
        let bad = |t: &str| parse(t, &base).unwrap_err();
        assert_eq!(bad("pawn 100\nqueen 900\n").line, 2);
        assert!(bad("queen 900").message.contains("unknown weight `queen`"));
        assert!(bad("pawn x").message.contains("not a whole number"));
        assert!(bad("pawn 100001").message.contains("within"));
        assert!(bad("pawn 1 2").message.contains("expected `name value`"));
        assert!(bad("pawn 1\npawn 2").message.contains("given twice"));
    }
}
