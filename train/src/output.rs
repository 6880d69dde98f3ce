//! Writing the network, and how far its integers stray from the floats.

use crate::model::Model;
use boardsh::congo::Position;
use boardsh::congo::nnue::{Accumulators, Network, SCALE};
use std::io::Write;
use std::path::Path;

/// The net file's bytes: the library's format (header, description,
/// checksum), `Network::to_bytes`.
fn net_bytes(net: &Network, description: &str) -> Result<Vec<u8>, String> {
    Ok(net.to_bytes(description))
}

/// Write `net` with its `description` to `path`, atomically.
pub fn write_net(net: &Network, description: &str, path: &Path) -> Result<(), String> {
    let bytes = net_bytes(net, description)?;
    write_atomic(path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write `bytes` to `path` through a temporary file beside it and a
/// rename, so `path` holds either the old file or the whole new one.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The float model's score in centipawns for the side to move of `pos`.
pub fn float_cp(model: &Model, pos: &Position) -> f32 {
    let (us, them) = crate::data::features(pos);
    let mut scratch = vec![0.0; 2 * model.hidden];
    model.forward(&us, &them, &mut scratch) * SCALE as f32
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
