//! The float net the trainer fits: its parameters in one vector, its output and gradient for
//! a sample, and its quantisation into the engine's [`Net`].

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::data::{sigmoid, Sample};
use crate::eval::nnue::{bucket, Net, BUCKETS, HIDDEN, INPUTS, QA, QB};

/// Where each part of the parameter vector starts, and its length.
pub const FEATURE_BIAS: usize = INPUTS * HIDDEN;
pub const OUTPUT_WEIGHTS: usize = FEATURE_BIAS + HIDDEN;
pub const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + BUCKETS * 2 * HIDDEN;
pub const PARAMS: usize = OUTPUT_BIAS + BUCKETS;
/// Every weight but the output bias stays within this bound (the quantised sums cannot overflow).
pub const CLIP: f32 = 1.98;

/// A new neuron's feature bias: above zero, so that its activation and gradient are too.
const NEW_FEATURE_BIAS: f32 = 0.1;

/// A new feature weight: uniform in ±0.5/√32 (32 pieces at most sum to about ±1).
fn random_feature_weight(rng: &mut StdRng) -> f32 {
    let bound = 1.0 / 32f32.sqrt();
    rng.random_range(-bound..bound) * 0.5
}

/// The net's parameters: feature weights (768 rows), feature biases, each bucket's output
/// weights (side to move's half first), each bucket's output bias.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub params: Vec<f32>,
}

/// Each side's activations of one sample and its output bucket, kept for the backward pass.
struct Hidden {
    sums: [[f32; HIDDEN]; 2],
    bucket: usize,
}

impl Model {
    /// Small random weights from `seed`.
    pub fn random(seed: u64) -> Model {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut params = vec![0.0; PARAMS];
        let outputs = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for (i, p) in params.iter_mut().enumerate() {
            *p = match i {
                i if i < FEATURE_BIAS => random_feature_weight(&mut rng),
                i if i < OUTPUT_WEIGHTS => NEW_FEATURE_BIAS,
                i if i < OUTPUT_BIAS => rng.random_range(-outputs..outputs),
                _ => 0.0,
            };
        }
        Model { params }
    }

    /// The float parameters of a quantised net (each weight over its scale): training can start
    /// from a net the engine already plays with, and quantising them gives the net back. A net
    /// of fewer neurons is widened: the new neurons get random feature weights (from `seed`)
    /// and zero output weights, so the model scores as the net does and training can use them.
    pub fn from_net(net: &Net, seed: u64) -> Model {
        let mut params = Vec::with_capacity(PARAMS);
        let over = |scale: i32| move |&w: &i16| f32::from(w) / scale as f32;
        for row in &net.feature_weights {
            params.extend(row.iter().map(over(QA)));
        }
        params.extend(net.feature_bias.iter().map(over(QA)));
        for layer in &net.outputs {
            params.extend(layer.weights.iter().flatten().map(over(QB)));
        }
        params.extend(
            net.outputs
                .iter()
                .map(|layer| f32::from(layer.bias) / QB as f32),
        );
        let mut model = Model { params };
        model.start_neurons(net.neurons..HIDDEN, seed);
        model
    }

    /// Gives `neurons` random feature weights and a small bias, as a random model has.
    fn start_neurons(&mut self, neurons: std::ops::Range<usize>, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        for row in self.params[..FEATURE_BIAS].chunks_exact_mut(HIDDEN) {
            row[neurons.clone()]
                .iter_mut()
                .for_each(|w| *w = random_feature_weight(&mut rng));
        }
        self.params[FEATURE_BIAS..OUTPUT_WEIGHTS][neurons].fill(NEW_FEATURE_BIAS);
    }

    /// The accumulators of a sample (before activation).
    fn hidden(&self, sample: &Sample) -> Hidden {
        let bias = &self.params[FEATURE_BIAS..OUTPUT_WEIGHTS];
        let mut sums = [[0.0; HIDDEN]; 2];
        for (side, inputs) in [&sample.us, &sample.them].into_iter().enumerate() {
            sums[side].copy_from_slice(bias);
            for &f in &inputs[..sample.count] {
                let row = &self.params[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (s, w) in sums[side].iter_mut().zip(row) {
                    *s += w;
                }
            }
        }
        Hidden {
            sums,
            bucket: bucket(sample.count),
        }
    }

    /// The output of the net for the hidden sums (1 = 400 centipawns).
    fn output(&self, hidden: &Hidden) -> f32 {
        let weights = &self.params[OUTPUT_WEIGHTS + hidden.bucket * 2 * HIDDEN..][..2 * HIDDEN];
        let mut out = self.params[OUTPUT_BIAS + hidden.bucket];
        for (side, sums) in hidden.sums.iter().enumerate() {
            for (s, w) in sums.iter().zip(&weights[side * HIDDEN..]) {
                let a = s.clamp(0.0, 1.0);
                out += a * a * w;
            }
        }
        out
    }

    /// The score of a sample in centipawns, in floats.
    pub fn score(&self, sample: &Sample) -> f32 {
        self.output(&self.hidden(sample)) * 400.0
    }

    /// The loss of a sample against `target`.
    pub fn loss(&self, sample: &Sample, target: f32) -> f32 {
        let p = sigmoid(self.output(&self.hidden(sample)));
        (p - target) * (p - target)
    }

    /// Adds the gradient of the sample's loss to `gradient`; returns the loss.
    pub fn backward(&self, sample: &Sample, target: f32, gradient: &mut [f32]) -> f32 {
        let hidden = self.hidden(sample);
        let p = sigmoid(self.output(&hidden));
        let g = 2.0 * (p - target) * p * (1.0 - p);
        let bucket = hidden.bucket;
        gradient[OUTPUT_BIAS + bucket] += g;
        let (weights, rest) = gradient.split_at_mut(OUTPUT_WEIGHTS);
        let output_grad = &mut rest[bucket * 2 * HIDDEN..][..2 * HIDDEN];
        let (feature_grad, bias_grad) = weights.split_at_mut(FEATURE_BIAS);
        for (side, inputs) in [&sample.us, &sample.them].into_iter().enumerate() {
            let mut sum_grad = [0.0f32; HIDDEN];
            let out_w = &self.params[OUTPUT_WEIGHTS + (2 * bucket + side) * HIDDEN..][..HIDDEN];
            let out_g = &mut output_grad[side * HIDDEN..][..HIDDEN];
            for j in 0..HIDDEN {
                let s = hidden.sums[side][j];
                let a = s.clamp(0.0, 1.0);
                out_g[j] += g * a * a;
                if s > 0.0 && s < 1.0 {
                    sum_grad[j] = g * out_w[j] * 2.0 * a;
                }
            }
            for (b, d) in bias_grad.iter_mut().zip(&sum_grad) {
                *b += d;
            }
            for &f in &inputs[..sample.count] {
                let row = &mut feature_grad[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (r, d) in row.iter_mut().zip(&sum_grad) {
                    *r += d;
                }
            }
        }
        (p - target) * (p - target)
    }

    /// Keeps every weight but the output biases within ±[`CLIP`].
    pub fn clip(&mut self) {
        for p in &mut self.params[..OUTPUT_BIAS] {
            *p = p.clamp(-CLIP, CLIP);
        }
    }

    /// The quantised net: feature weights and biases × QA, output weights and biases × QB,
    /// rounded (the output biases saturated to an i16).
    pub fn quantise(&self) -> Net {
        let q = |x: f32, scale: i32| (x * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let mut net = Net::zeros();
        for (row, weights) in net
            .feature_weights
            .iter_mut()
            .zip(self.params.chunks_exact(HIDDEN))
        {
            row.iter_mut()
                .zip(weights)
                .for_each(|(n, &w)| *n = q(w, QA));
        }
        let bias = &self.params[FEATURE_BIAS..OUTPUT_WEIGHTS];
        net.feature_bias
            .iter_mut()
            .zip(bias)
            .for_each(|(n, &w)| *n = q(w, QA));
        let outputs = self.params[OUTPUT_WEIGHTS..OUTPUT_BIAS].chunks_exact(HIDDEN);
        let rows = net.outputs.iter_mut().flat_map(|layer| &mut layer.weights);
        for (row, weights) in rows.zip(outputs) {
            row.iter_mut()
                .zip(weights)
                .for_each(|(n, &w)| *n = q(w, QB));
        }
        for (layer, &bias) in net.outputs.iter_mut().zip(&self.params[OUTPUT_BIAS..]) {
            layer.bias = q(bias, QB);
        }
        net
    }
}
