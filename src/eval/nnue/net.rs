//! A quantised net: its weights, its file format, and its output for an accumulator.
//!
//! The file: the magic `ENNU`, the version (u32), [`HIDDEN`] (u32) and, from version 3,
//! [`BUCKETS`] (u32); then, as little-endian i16: the feature weights (768 rows of `HIDDEN`), the
//! feature biases, and for each bucket its output weights (the side to move's `HIDDEN`, then the
//! other side's) and its output bias. A version 2 file has one bucket, which every bucket takes.
//! A file of fewer neurons than [`HIDDEN`] fills the first ones; the rest are zero and add
//! nothing, so the net scores as it did (the trainer widens a net from such a file).

use std::path::Path;

use super::{BUCKETS, HIDDEN, INPUTS};

/// The first bytes of a net file.
pub const MAGIC: [u8; 4] = *b"ENNU";
/// The version of the file format written.
pub const VERSION: u32 = 3;
/// The version of one output layer, still read.
const VERSION_ONE_BUCKET: u32 = 2;
/// The largest feature weight or bias: 1.98 × QA, so that 32 pieces cannot overflow an i16.
pub const MAX_FEATURE_WEIGHT: i16 = 505;
/// The largest output weight: 1.98 × QB, so that no term of the output sum overflows an i32.
pub const MAX_OUTPUT_WEIGHT: i16 = 507;

/// One bucket's output layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputLayer {
    /// The side to move's half, then the other side's.
    pub weights: [[i16; HIDDEN]; 2],
    pub bias: i16,
}

/// The weights of a quantised net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// The neurons the file had (at most [`HIDDEN`]); those after them are zero.
    pub neurons: usize,
    /// One row per input ([`super::feature`]).
    pub feature_weights: Vec<[i16; HIDDEN]>,
    pub feature_bias: [i16; HIDDEN],
    /// One output layer per bucket ([`super::bucket`]).
    pub outputs: [OutputLayer; BUCKETS],
}

/// The little-endian u32 at `at`, if the bytes reach that far.
fn word(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// What a file's header says: its length, its neurons and its output layers.
struct Header {
    length: usize,
    neurons: usize,
    buckets: usize,
}

/// The header of a net file, refused unless this engine can read the net.
fn read_header(bytes: &[u8]) -> Result<Header, String> {
    if bytes.len() < 12 || bytes[0..4] != MAGIC {
        return Err("not a net file (no ENNU header)".to_string());
    }
    let (version, hidden) = (word(bytes, 4), word(bytes, 8));
    let refused = |buckets: Option<u32>| {
        let buckets = buckets.map_or(String::new(), |b| format!(" and {b} output layers"));
        format!(
            "a net of version {} with {} neurons{buckets}; this engine reads version {VERSION} \
             with up to {HIDDEN} neurons and {BUCKETS} output layers (or version \
             {VERSION_ONE_BUCKET} with one)",
            version.unwrap_or(0),
            hidden.unwrap_or(0)
        )
    };
    let neurons = match hidden {
        Some(n) if n > 0 && n as usize <= HIDDEN => n as usize,
        _ => return Err(refused(None)),
    };
    let (length, buckets) = match version {
        Some(VERSION_ONE_BUCKET) => (12, 1),
        Some(VERSION) => match word(bytes, 12) {
            Some(b) if b == BUCKETS as u32 => (16, BUCKETS),
            buckets => return Err(refused(buckets)),
        },
        _ => return Err(refused(None)),
    };
    Ok(Header {
        length,
        neurons,
        buckets,
    })
}

impl Net {
    /// A net of zeros.
    pub fn zeros() -> Net {
        Net {
            neurons: HIDDEN,
            feature_weights: vec![[0; HIDDEN]; INPUTS],
            feature_bias: [0; HIDDEN],
            outputs: [OutputLayer {
                weights: [[0; HIDDEN]; 2],
                bias: 0,
            }; BUCKETS],
        }
    }

    /// Sets every weight of the neurons from `first` on to zero (what a narrower file leaves).
    #[cfg(test)]
    pub fn zero_neurons_from(&mut self, first: usize) {
        let rows = self
            .feature_weights
            .iter_mut()
            .chain([&mut self.feature_bias]);
        let halves = self
            .outputs
            .iter_mut()
            .flat_map(|layer| layer.weights.iter_mut());
        rows.chain(halves).for_each(|row| row[first..].fill(0));
    }

    /// The net of a file's bytes, refused unless it is whole and within the weights' bounds.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, String> {
        let Header {
            length,
            neurons,
            buckets,
        } = read_header(bytes)?;
        let expected = length + 2 * (INPUTS * neurons + neurons + buckets * (2 * neurons + 1));
        if bytes.len() != expected {
            return Err(format!(
                "a net file of {} bytes, not {expected}",
                bytes.len()
            ));
        }
        let mut values = bytes[length..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut net = Net {
            neurons,
            ..Net::zeros()
        };
        let mut fill = |row: &mut [i16]| {
            let used = neurons.min(row.len());
            row[..used]
                .iter_mut()
                .for_each(|w| *w = values.next().unwrap_or(0))
        };
        net.feature_weights.iter_mut().for_each(|row| fill(row));
        fill(&mut net.feature_bias);
        for layer in &mut net.outputs[..buckets] {
            layer.weights.iter_mut().for_each(|row| fill(row));
            let mut bias = [0i16; 1];
            fill(&mut bias);
            layer.bias = bias[0];
        }
        let first = net.outputs[0];
        net.outputs[buckets..].fill(first);
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
            .outputs
            .iter()
            .flat_map(|layer| layer.weights.iter().flatten())
            .any(|w| w.abs() > MAX_OUTPUT_WEIGHT)
        {
            return Err(format!("an output weight beyond ±{MAX_OUTPUT_WEIGHT}"));
        }
        Ok(())
    }

    /// The file's bytes of the net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(16 + 2 * (INPUTS + 1 + 2 * BUCKETS) * HIDDEN + 16);
        bytes.extend(MAGIC);
        for word in [VERSION, HIDDEN as u32, BUCKETS as u32] {
            bytes.extend(word.to_le_bytes());
        }
        let features = self
            .feature_weights
            .iter()
            .flatten()
            .chain(&self.feature_bias);
        let outputs = self
            .outputs
            .iter()
            .flat_map(|layer| layer.weights.iter().flatten().chain([&layer.bias]));
        for w in features.chain(outputs) {
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
