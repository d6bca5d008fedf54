//! The neural evaluator (NNUE), trained only on this engine's own games (`engine datagen`,
//! `engine train`).
//!
//! The net is (768 → [`HIDDEN`]) × 2 → 1 × [`BUCKETS`]: each side's accumulator sums one row of
//! feature weights per piece, seen from that side ([`feature`]); the side to move's accumulator,
//! then the other's, go through SCReLU (clamp to 0..1, squared) into one output, whose weights
//! are chosen by the number of pieces on the board ([`bucket`]). Integers throughout:
//! feature weights and biases × [`QA`], output weights and bias × [`QB`]; the score is the output
//! × 400 in centipawns ([`NnueAccumulator::evaluate`]). The embedded net is `nets/default.nnue`
//! (or the file of `make EVALFILE=...`); the `EvalFile` option loads another ([`use_file`]).

pub mod accumulator;
pub mod net;

use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock};

use shakmaty::{Color, Piece, Square};

pub use accumulator::NnueAccumulator;
pub use net::Net;

/// Inputs: 2 colours × 6 roles × 64 squares, seen from one side.
pub const INPUTS: usize = 768;
/// The neurons of each side's accumulator.
pub const HIDDEN: usize = 128;
/// The output layers, one for each range of piece counts.
pub const BUCKETS: usize = 8;
/// The scale of the feature weights and biases (and of an activation of 1).
pub const QA: i32 = 255;
/// The scale of the output weights and bias.
pub const QB: i32 = 256;
/// The net's output of 1 is this many centipawns.
pub const SCALE: i32 = 400;

/// The input of `piece` on `square` seen from `perspective`: its own pieces first, then the
/// other side's; by role, pawn first; by square, mirrored vertically for Black.
#[inline]
pub fn feature(perspective: Color, piece: Piece, square: Square) -> usize {
    let side = if piece.color == perspective { 0 } else { 384 };
    let square = match perspective {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    side + (piece.role as usize - 1) * 64 + square
}

/// The output layer of a position with `pieces` pieces on the board: 2–5 pieces the first,
/// 30–32 the last.
#[inline]
pub fn bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(BUCKETS - 1)
}

/// The embedded net: `nets/default.nnue`, or the file of `make EVALFILE=...` (build.rs).
const EMBEDDED_NET: &[u8] = include_bytes!(env!("ENGINE_EMBEDDED_NET"));

/// What `eval` and `EvalFile` call the embedded net.
pub const EMBEDDED_NAME: &str = "embedded (nets/default.nnue)";

static EMBEDDED: OnceLock<Net> = OnceLock::new();
/// The net of `EvalFile`, if one is loaded (kept for the life of the process), and its file.
static LOADED: RwLock<Option<(&'static Net, PathBuf)>> = RwLock::new(None);

/// The net built into the binary.
pub fn embedded() -> &'static Net {
    EMBEDDED.get_or_init(|| {
        // Checked by a test: the committed net is well formed.
        Net::from_bytes(EMBEDDED_NET).expect("the embedded net is well formed")
    })
}

/// The net the NNUE evaluation uses now: `EvalFile`'s, or the embedded one.
pub fn current() -> &'static Net {
    match LOADED.read() {
        Ok(loaded) => loaded.as_ref().map_or_else(embedded, |(net, _)| *net),
        Err(_) => embedded(),
    }
}

/// The name of the net in use: the file `EvalFile` loaded it from, or [`EMBEDDED_NAME`].
pub fn current_name() -> String {
    match LOADED.read() {
        Ok(loaded) => loaded.as_ref().map_or_else(
            || EMBEDDED_NAME.to_string(),
            |(_, path)| path.display().to_string(),
        ),
        Err(_) => EMBEDDED_NAME.to_string(),
    }
}

/// Uses the net of the file at `path` from now on; on an error the current net stays.
pub fn use_file(path: &Path) -> Result<(), String> {
    let net = Net::load(path)?;
    let net: &'static Net = Box::leak(Box::new(net));
    if let Ok(mut loaded) = LOADED.write() {
        *loaded = Some((net, path.to_path_buf()));
    }
    Ok(())
}

/// Uses the embedded net from now on.
pub fn use_embedded() {
    if let Ok(mut loaded) = LOADED.write() {
        *loaded = None;
    }
}

#[cfg(test)]
mod tests;
