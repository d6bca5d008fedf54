//! A quantised net: its weights, its file format, and its output for an accumulator.
//!
//! The file: the magic `ENNU`, the version (u32) and [`HIDDEN`] (u32), then, as little-endian
//! i16: the feature weights (768 rows of `HIDDEN`), the feature biases, the output weights (the
//! side to move's `HIDDEN`, then the other side's) and the output bias.

use std::path::Path;

use super::{HIDDEN, INPUTS};

/// The first bytes of a net file.
pub const MAGIC: [u8; 4] = *b"ENNU";
/// The version of the file format.
pub const VERSION: u32 = 2;
/// The size of the header: magic, version, hidden size.
const HEADER: usize = 12;
/// The largest feature weight or bias: 1.98 × QA, so that 32 pieces cannot overflow an i16.
pub const MAX_FEATURE_WEIGHT: i16 = 505;
/// The largest output weight: 1.98 × QB, so that no term of the output sum overflows an i32.
pub const MAX_OUTPUT_WEIGHT: i16 = 507;

/// The weights of a quantised net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// One row per input ([`super::feature`]).
    pub feature_weights: Vec<[i16; HIDDEN]>,
    pub feature_bias: [i16; HIDDEN],
    /// The side to move's half, then the other side's.
    pub output_weights: [[i16; HIDDEN]; 2],
    pub output_bias: i16,
}

impl Net {
    /// A net of zeros.
    pub fn zeros() -> Net {
        Net {
            feature_weights: vec![[0; HIDDEN]; INPUTS],
            feature_bias: [0; HIDDEN],
            output_weights: [[0; HIDDEN]; 2],
            output_bias: 0,
        }
    }

    /// The net of a file's bytes, refused unless it is whole and within the weights' bounds.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let expected = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1);
        if bytes.len() < HEADER || bytes[0..4] != MAGIC {
            return Err("not a net file (no ENNU header)".to_string());
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        if word(4) != VERSION || word(8) != HIDDEN as u32 {
            return Err(format!(
                "a net of version {} with {} neurons; this engine reads version {VERSION} with {HIDDEN}",
                word(4),
                word(8)
            ));
        }
        if bytes.len() != expected {
            return Err(format!(
                "a net file of {} bytes, not {expected}",
                bytes.len()
            ));
        }
        let mut values = bytes[HEADER..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut net = Net::zeros();
        let mut fill =
            |row: &mut [i16]| row.iter_mut().for_each(|w| *w = values.next().unwrap_or(0));
        net.feature_weights.iter_mut().for_each(|row| fill(row));
        fill(&mut net.feature_bias);
        net.output_weights.iter_mut().for_each(|row| fill(row));
        let mut bias = [0i16; 1];
        fill(&mut bias);
        net.output_bias = bias[0];
        net.check_bounds()?;
        Ok(net)
    }

    /// Refuses weights beyond the bounds that keep the integer sums from overflowing.
    fn check_bounds(&self) -> Result<(), String> {
        let features = self
            .feature_weights
            .iter()
            .flatten()
            .chain(&self.feature_bias);
        if features.into_iter().any(|w| w.abs() > MAX_FEATURE_WEIGHT) {
            return Err(format!("a feature weight beyond ±{MAX_FEATURE_WEIGHT}"));
        }
        if self
            .output_weights
            .iter()
            .flatten()
            .any(|w| w.abs() > MAX_OUTPUT_WEIGHT)
        {
            return Err(format!("an output weight beyond ±{MAX_OUTPUT_WEIGHT}"));
        }
        Ok(())
    }

    /// The file's bytes of the net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER + 2 * (INPUTS + 3) * HIDDEN + 2);
        bytes.extend(MAGIC);
        bytes.extend(VERSION.to_le_bytes());
        bytes.extend((HIDDEN as u32).to_le_bytes());
        let rows = self.feature_weights.iter().flatten();
        let rest = self
            .feature_bias
            .iter()
            .chain(self.output_weights.iter().flatten());
        for w in rows.chain(rest).chain([&self.output_bias]) {
            bytes.extend(w.to_le_bytes());
        }
        bytes
    }

    /// The net of the file at `path`.
    pub fn load(path: &Path) -> Result<Net, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Net::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}
