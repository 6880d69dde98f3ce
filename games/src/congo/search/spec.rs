//! Engine settings from text, for matches and front ends: a base
//! (`strongest` or `baseline`) then comma-separated changes, e.g.
//! `strongest,-qsearch,+lmr,mobility=0,hash=64,depth=6`.
//!
//! `-NAME` turns a feature off, `+NAME` on: `tt`, `tt-cutoffs`, `pvs`,
//! `ordering`, `killers`, `history`, `malus` (history maluses), `gravity`
//! (history updates with gravity), `countermove`, `qsearch`, `threats`,
//! `null`, `lmr`, `rfp` (reverse futility), `lmp` (late-move pruning),
//! `aspiration`, `iir` (internal iterative reduction), `bad-captures`
//! (losing-looking captures after the killers), `qs-bad` (and none of
//! them in quiescence),
//! `delta` (delta pruning in quiescence), `material-only`, `tablebase`.
//! `NAME=N` sets a number:
//! `hash` (MB), `threads`, `contempt` (cp), `progress` (plies over which
//! the evaluation melts without a capture or pawn move; 0, off, the default),
//! `depth` (the deepest iteration), an evaluation weight (`mobility`,
//! `lion-safety`, `facing`, `pawn-advance`, `drowning`, `crocodile`,
//! `monkey`, `pressure`) or a piece value (`pawn`, `superpawn`, `giraffe`, `monkey-value`,
//! `elephant`, `crocodile-value`, `zebra`).

use super::config::EngineConfig;
use crate::congo::PieceKind;

/// The settings `spec` describes.
///
/// # Errors
///
/// A message naming the part of `spec` that is not understood.
pub fn parse_config(spec: &str) -> Result<EngineConfig, String> {
    let mut parts = spec.split(',').map(str::trim);
    let mut c = match parts.next() {
        Some("strongest") | Some("") | None => EngineConfig::strongest(),
        Some("baseline") | Some("material-depth4") => EngineConfig::material_depth4(),
        Some(other) => {
            return apply(
                EngineConfig::strongest(),
                std::iter::once(other).chain(parts),
            );
        }
    };
    c = apply(c, parts)?;
    Ok(c)
}

fn apply<'a>(
    mut c: EngineConfig,
    parts: impl Iterator<Item = &'a str>,
) -> Result<EngineConfig, String> {
    for part in parts.filter(|p| !p.is_empty()) {
        if let Some((name, value)) = part.split_once('=') {
            let n: i64 = value
                .parse()
                .map_err(|_| format!("`{part}`: `{value}` is not a whole number"))?;
            let n32 = i32::try_from(n).map_err(|_| format!("`{part}`: {n} is out of range"))?;
            let size = usize::try_from(n).map_err(|_| format!("`{part}`: {n} is out of range"))?;
            let w = &mut c.eval;
            let value_of = |k: PieceKind| k.index();
            match name {
                "hash" if (1..=4096).contains(&size) => c.hash_mb = size,
                "threads" if (1..=256).contains(&size) => c.threads = size,
                "hash" | "threads" => {
                    return Err(format!(
                        "`{part}`: {n} is out of range (hash 1 to 4096 MB, threads 1 to 256)"
                    ));
                }
                "contempt" => c.contempt = n32,
                "progress" if (0..=1000).contains(&n) => c.progress = u32::try_from(n).unwrap_or(0),
                "progress" => {
                    return Err(format!(
                        "`{part}`: {n} is out of range (progress 0 to 1000 plies)"
                    ));
                }
                "depth" => c.max_depth = Some(u32::try_from(n).unwrap_or(0).max(1)),
                "mobility" => w.mobility = n32,
                "lion-safety" => w.lion_safety = n32,
                "facing" => w.facing = n32,
                "pawn-advance" => w.pawn_advance = n32,
                "drowning" => w.drowning = n32,
                "crocodile" => w.crocodile = n32,
                "monkey" => w.monkey = n32,
                "pressure" => w.pressure = n32,
                _ => {
                    let kind = match name {
                        "pawn" => PieceKind::Pawn,
                        "superpawn" => PieceKind::Superpawn,
                        "giraffe" => PieceKind::Giraffe,
                        "monkey-value" => PieceKind::Monkey,
                        "elephant" => PieceKind::Elephant,
                        "crocodile-value" => PieceKind::Crocodile,
                        "zebra" => PieceKind::Zebra,
                        _ => return Err(format!("`{part}`: unknown setting `{name}`")),
                    };
                    if let Some(v) = w.values.get_mut(value_of(kind)) {
                        *v = n32;
                    }
                }
            }
        } else {
            let (on, name) = match part.split_at_checked(1) {
                Some(("+", rest)) => (true, rest),
                Some(("-", rest)) => (false, rest),
                _ => {
                    return Err(format!(
                        "`{part}`: expected +feature, -feature or name=number"
                    ));
                }
            };
            match name {
                "tt" => c.tt = on,
                "tt-cutoffs" => c.tt_cutoffs = on,
                "pvs" => c.pvs = on,
                "ordering" => c.ordering = on,
                "killers" => c.killers = on,
                "history" => c.history = on,
                "malus" => c.history_malus = on,
                "gravity" => c.history_gravity = on,
                "countermove" => c.countermove = on,
                "qsearch" => c.qsearch = on,
                "threats" => c.lion_threats = on,
                "null" => c.null_move = on,
                "lmr" => c.lmr = on,
                "rfp" => c.reverse_futility = on,
                "lmp" => c.late_move_pruning = on,
                "aspiration" => c.aspiration = on,
                "iir" => c.iir = on,
                "bad-captures" => c.bad_captures = on,
                "qs-bad" => c.qs_bad = on,
                "delta" => c.delta = on,
                "tablebase" => c.tablebase = on,
                "material-only" => c.eval.material_only = on,
                _ => return Err(format!("`{part}`: unknown feature `{name}`")),
            }
        }
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        assert_eq!(parse_config("strongest"), Ok(EngineConfig::strongest()));
        assert_eq!(
            parse_config("baseline"),
            Ok(EngineConfig::material_depth4())
        );
        let c = parse_config("strongest,-qsearch,+lmr,mobility=0,hash=64,zebra=320").unwrap();
        assert!(!c.qsearch && c.lmr && c.hash_mb == 64);
        assert!(parse_config("strongest,+lmp").unwrap().late_move_pruning);
        assert!(!EngineConfig::strongest().late_move_pruning);
        let d = parse_config("strongest,-bad-captures,+delta").unwrap();
        assert!(!d.bad_captures && d.delta && EngineConfig::strongest().bad_captures);
        assert_eq!(c.eval.mobility, 0);
        assert_eq!(c.eval.values[PieceKind::Zebra.index()], 320);
        let c = parse_config("-tt").unwrap();
        assert!(!c.tt);
        assert!(parse_config("strongest,+queen").is_err());
        assert!(parse_config("strongest,hash=x").is_err());
        assert!(parse_config("strongest,lmr").is_err());
    }
}
