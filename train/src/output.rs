//! Writing the network, and how far its integers stray from the floats.

use crate::model::Model;
use boardsh::congo::Position;
use boardsh::congo::nnue::{Accumulators, MAX_EVAL, Network, SCALE};
use boardsh::front::write;
use std::path::Path;

/// Write `net` with its `description` to `path`, atomically, through the
/// product's writer (`boardsh::front::write`): a temporary file beside it,
/// then placed. The first write of a run (`first`) places it only where
/// nothing is unless `force`, as the up-front check allowed (a file that
/// appeared meanwhile stays); later writes replace the run's own file.
/// A link, device or directory is never replaced.
pub fn write_net(
    net: &Network,
    description: &str,
    path: &Path,
    first: bool,
    force: bool,
) -> Result<(), String> {
    let bytes = net.to_bytes(description);
    let placed = if first {
        write::write_new(path, &bytes, force).map_err(|e| match e {
            write::WriteError::Exists => {
                "it appeared while training; not replaced (`--force` overwrites it)".to_string()
            }
            write::WriteError::Failed(why) => why,
        })
    } else {
        write_atomic(path, &bytes).map_err(|e| e.to_string())
    };
    placed.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Replace `path` with `bytes` atomically: the product's
/// [`write::replace`] (a temporary file renamed over it, removed on
/// failure; never over a device or a link).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write::replace(path, bytes)
}

/// The float model's score in centipawns for the side to move of `pos`,
/// clamped to `±MAX_EVAL` as the library clamps the network's (so the
/// quantization error compares what the engine would see).
pub fn float_cp(model: &Model, pos: &Position) -> f32 {
    let (us, them) = crate::data::features_in(model.features, pos);
    let mut scratch = vec![0.0; 2 * model.hidden];
    let limit = MAX_EVAL as f32;
    (model.forward(&us, &them, &mut scratch) * SCALE as f32).clamp(-limit, limit)
}

/// The quantized network's score (the library's integer path).
pub fn int_cp(net: &Network, pos: &Position) -> i32 {
    let acc = Accumulators::refresh(net, pos);
    net.evaluate(&acc, pos.side_to_move())
}

/// Mean and largest |integer cp − float cp| over `positions`.
pub fn quantization_error(model: &Model, net: &Network, positions: &[Position]) -> (f64, f64) {
    let mut sum = 0.0;
    let mut max: f64 = 0.0;
    for pos in positions {
        let d = (f64::from(int_cp(net, pos)) - f64::from(float_cp(model, pos))).abs();
        sum += d;
        max = max.max(d);
    }
    (sum / positions.len().max(1) as f64, max)
}
