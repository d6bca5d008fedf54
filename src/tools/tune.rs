//! Texel tuning of the positional evaluator: find the weights that minimise the mean squared
//! difference between each labelled position's game result and the win probability its
//! evaluation predicts, `E = mean((result - sigmoid(K * eval))^2)`, with
//! `sigmoid(x) = 1 / (1 + 10^(-x / 400))`. `K` is fitted first, to the weights tuned from, and then
//! kept; the weights move by full-batch gradient descent (Adam) on the traces of the positions,
//! so that no position is evaluated from its board again.

use shakmaty::Position;

use crate::eval::tapered::{Pair, MAX_PHASE};
use crate::eval::trace::Trace;
use crate::eval::weights::{Param, Weights};
use crate::tools::labels::Labelled;

/// A labelled position as the tuner keeps it.
#[derive(Clone, Debug)]
pub struct Sample {
    pub trace: Trace,
    /// White's score in the game: 1, 0.5 or 0.
    pub result: f64,
}

impl Sample {
    pub fn new(labelled: &Labelled) -> Sample {
        let pos = &labelled.position;
        Sample {
            trace: Trace::new(pos.board(), pos.turn()),
            result: labelled.result,
        }
    }
}

/// Which weights move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every weight.
    All,
    /// The terms beside material and square tables (pawn structure, mobility, king shield,
    /// bishop pair, rook files, tempo).
    Terms,
}

impl Selection {
    fn includes(self, index: usize) -> bool {
        match self {
            Selection::All => true,
            Selection::Terms => index >= Param::FIRST_TERM,
        }
    }
}

/// How the tuner runs.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Passes over the training positions, one step each.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    pub selection: Selection,
    /// The cost, in error, of each weight's distance from where it started, per pawn squared
    /// (an L2 prior): weights that few positions inform then stay near their start, as the
    /// search meets positions the games rarely reached.
    pub prior: f64,
    /// The scaling constant; fitted when None.
    pub k: Option<f64>,
}

/// The errors of a set of weights on the training and the validation positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Errors {
    pub train: f64,
    pub validation: f64,
}

/// What the tuner found.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub k: f64,
    /// The errors of the weights tuned from, and of the tuned weights (rounded to whole
    /// centipawns), each evaluated exactly as the engine does.
    pub before: Errors,
    pub after: Errors,
    /// The steps taken by the weights kept: those with the lowest validation error (all the
    /// steps when there are no validation positions).
    pub steps: usize,
    pub weights: Weights,
}

/// The predicted score for White of an evaluation `eval` (centipawns, White's side).
#[inline]
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of `weights` (in [`Param::index`] order) on `samples`, with each
/// evaluation the engine's own (whole centipawns, rounded as the engine rounds).
pub fn error(samples: &[Sample], weights: &[Pair], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, f64::from(s.trace.evaluate(weights)))).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The `K` that minimises the error of `weights` on `samples` (golden-section search).
pub fn fit_k(samples: &[Sample], weights: &[Pair]) -> f64 {
    let (mut low, mut high) = (0.0f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(samples, weights, a) < error(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Weights as the tuner moves them: real numbers, middlegame and endgame.
type RealWeights = Vec<[f64; 2]>;

/// The evaluation of `trace` under real weights, White's side, tapered without rounding.
fn real_eval(trace: &Trace, weights: &RealWeights) -> f64 {
    let mut mg = f64::from(trace.fixed.mg);
    let mut eg = f64::from(trace.fixed.eg);
    for &(index, count) in &trace.counts {
        let [wm, we] = weights[index as usize];
        mg += wm * f64::from(count);
        eg += we * f64::from(count);
    }
    let rho = f64::from(trace.phase) / f64::from(MAX_PHASE);
    mg * rho + eg * (1.0 - rho)
}

/// The error under real weights and its gradient with respect to each of them.
fn gradient(samples: &[Sample], weights: &RealWeights, k: f64) -> (f64, RealWeights) {
    let mut grad = vec![[0.0; 2]; weights.len()];
    let mut total = 0.0;
    let n = samples.len().max(1) as f64;
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for sample in samples {
        let s = sigmoid(k, real_eval(&sample.trace, weights));
        let diff = sample.result - s;
        total += diff * diff;
        // d(diff²)/d(eval), over the positions.
        let d_eval = -2.0 * diff * s * (1.0 - s) * slope / n;
        let rho = f64::from(sample.trace.phase) / f64::from(MAX_PHASE);
        for &(index, count) in &sample.trace.counts {
            let g = &mut grad[index as usize];
            g[0] += d_eval * f64::from(count) * rho;
            g[1] += d_eval * f64::from(count) * (1.0 - rho);
        }
    }
    (total / n, grad)
}

/// Adds the gradient of `prior` times the squared distance (in pawns) of each weight from
/// its start.
fn add_prior(grad: &mut RealWeights, weights: &RealWeights, start: &[Pair], prior: f64) {
    if prior == 0.0 {
        return;
    }
    for ((g, w), s) in grad.iter_mut().zip(weights).zip(start) {
        g[0] += 2.0 * prior * (w[0] - f64::from(s.mg)) / 10_000.0;
        g[1] += 2.0 * prior * (w[1] - f64::from(s.eg)) / 10_000.0;
    }
}

/// Adam's state: the running means of the gradient and of its square.
struct Adam {
    m: RealWeights,
    v: RealWeights,
    steps: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;

    fn new(len: usize) -> Adam {
        Adam {
            m: vec![[0.0; 2]; len],
            v: vec![[0.0; 2]; len],
            steps: 0,
        }
    }

    /// One step of the selected weights against the gradient.
    fn step(&mut self, weights: &mut RealWeights, grad: &RealWeights, rate: f64, sel: Selection) {
        self.steps += 1;
        let correct1 = 1.0 - Adam::BETA1.powi(self.steps);
        let correct2 = 1.0 - Adam::BETA2.powi(self.steps);
        for (i, weight) in weights.iter_mut().enumerate() {
            if !sel.includes(i) {
                continue;
            }
            for phase in 0..2 {
                let g = grad[i][phase];
                let m = &mut self.m[i][phase];
                let v = &mut self.v[i][phase];
                *m = Adam::BETA1 * *m + (1.0 - Adam::BETA1) * g;
                *v = Adam::BETA2 * *v + (1.0 - Adam::BETA2) * g * g;
                weight[phase] -= rate * (*m / correct1) / ((*v / correct2).sqrt() + 1e-12);
            }
        }
    }
}

/// The real weights rounded to whole centipawns.
fn rounded(weights: &RealWeights) -> Vec<Pair> {
    weights
        .iter()
        .map(|[mg, eg]| Pair {
            mg: mg.round() as i32,
            eg: eg.round() as i32,
        })
        .collect()
}

/// Splits the positions into training and validation: every `holdout`th block of 100 positions
/// (about a game's worth, as files list each game's positions together) is for validation,
/// none when `holdout` is 0.
pub fn split(samples: Vec<Sample>, holdout: usize) -> (Vec<Sample>, Vec<Sample>) {
    let (mut train, mut validation) = (Vec::new(), Vec::new());
    for (i, sample) in samples.into_iter().enumerate() {
        if holdout > 0 && (i / 100) % holdout == holdout - 1 {
            validation.push(sample);
        } else {
            train.push(sample);
        }
    }
    (train, validation)
}

/// Tunes `start` on `train`, reporting `(epoch, training error, validation error)` (the
/// errors of the real-valued weights each epoch starts from) through `progress`. Keeps the
/// weights with the lowest validation error, so that tuning stops where it starts to overfit.
pub fn tune(
    train: &[Sample],
    validation: &[Sample],
    start: &Weights,
    settings: &Settings,
    progress: &mut dyn FnMut(usize, f64, f64),
) -> Outcome {
    let initial = start.to_vector();
    let k = settings.k.unwrap_or_else(|| fit_k(train, &initial));
    let before = Errors {
        train: error(train, &initial, k),
        validation: error(validation, &initial, k),
    };
    let mut weights: RealWeights = initial
        .iter()
        .map(|p| [f64::from(p.mg), f64::from(p.eg)])
        .collect();
    let mut adam = Adam::new(weights.len());
    // The weights with the lowest validation error so far, and the steps they took.
    let mut best: Option<(f64, RealWeights, usize)> = None;
    for epoch in 1..=settings.epochs + 1 {
        let validation_error = mean_real_error(validation, &weights, k);
        if !validation.is_empty() && best.as_ref().is_none_or(|b| validation_error < b.0) {
            best = Some((validation_error, weights.clone(), epoch - 1));
        }
        if epoch > settings.epochs {
            break;
        }
        let (train_error, mut grad) = gradient(train, &weights, k);
        add_prior(&mut grad, &weights, &initial, settings.prior);
        progress(epoch, train_error, validation_error);
        adam.step(&mut weights, &grad, settings.rate, settings.selection);
    }
    let (kept, steps) = match best {
        Some((_, weights, steps)) => (weights, steps),
        None => (weights, settings.epochs),
    };
    let tuned = rounded(&kept);
    Outcome {
        k,
        before,
        after: Errors {
            train: error(train, &tuned, k),
            validation: error(validation, &tuned, k),
        },
        steps,
        weights: start.with_vector(&tuned),
    }
}

/// The error of real weights (no rounding).
fn mean_real_error(samples: &[Sample], weights: &RealWeights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - sigmoid(k, real_eval(&s.trace, weights))).powi(2))
        .sum();
    total / samples.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::values::WEIGHTS;
    use crate::eval::weights::ZERO;
    use crate::tools::labels;
    use std::path::Path;

    fn sample() -> Vec<Sample> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions/tune-sample.epd");
        let labelled = labels::read(&path).expect("the committed sample reads");
        labelled.iter().map(Sample::new).collect()
    }

    #[test]
    fn k_is_fitted_to_the_data() {
        let samples = sample();
        let weights = WEIGHTS.to_vector();
        let k = fit_k(&samples, &weights);
        assert!(k > 0.05 && k < 9.9, "{k}");
        let best = error(&samples, &weights, k);
        assert!(best < error(&samples, &weights, k * 0.5));
        assert!(best < error(&samples, &weights, k * 2.0));
        // A position the evaluation calls level predicts a half point.
        assert_eq!(sigmoid(k, 0.0), 0.5);
    }

    #[test]
    fn the_error_falls_as_the_tuner_runs() {
        let samples = sample();
        let settings = Settings {
            epochs: 60,
            rate: 2.0,
            selection: Selection::All,
            prior: 0.0,
            k: None,
        };
        let mut errors = Vec::new();
        let outcome = tune(&samples, &[], &WEIGHTS, &settings, &mut |_, t, _| {
            errors.push(t)
        });
        assert_eq!(errors.len(), 60);
        assert!(errors.windows(2).all(|w| w[1] < w[0]), "{errors:?}");
        assert_eq!(outcome.steps, 60);
        assert!(
            outcome.after.train < outcome.before.train - 0.01,
            "{outcome:?}"
        );
        // The outcome's error is that of its weights, evaluated as the engine does.
        let tuned = outcome.weights.to_vector();
        assert_eq!(outcome.after.train, error(&samples, &tuned, outcome.k));
    }

    #[test]
    fn the_weights_kept_are_those_before_overfitting() {
        // 1,400 positions of about 20 games cannot fix 800 weights: the validation error
        // soon rises, and the tuner keeps the weights of its lowest point.
        let (train, validation) = split(sample(), 10);
        assert_eq!((train.len(), validation.len()), (1400, 100));
        let settings = Settings {
            epochs: 100,
            rate: 2.0,
            selection: Selection::All,
            prior: 0.0,
            k: None,
        };
        let mut validation_errors = Vec::new();
        let outcome = tune(&train, &validation, &WEIGHTS, &settings, &mut |_, _, v| {
            validation_errors.push(v)
        });
        let lowest = validation_errors
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        assert!(outcome.steps < 100, "{outcome:?}");
        assert!(lowest < validation_errors[99], "{validation_errors:?}");
        assert!(
            outcome.after.validation < validation_errors[99],
            "{outcome:?}"
        );
    }

    #[test]
    fn from_no_material_the_tuner_learns_that_pieces_count() {
        let samples = sample();
        let settings = Settings {
            epochs: 200,
            rate: 5.0,
            selection: Selection::All,
            prior: 0.0,
            k: Some(1.0),
        };
        let outcome = tune(&samples, &[], &ZERO, &settings, &mut |_, _, _| {});
        assert!(
            outcome.after.train < outcome.before.train - 0.005,
            "{outcome:?}"
        );
        let m = outcome.weights.material;
        // Pawn (0) to queen (4): each worth something, the queen more than a pawn.
        assert!(m[..5].iter().all(|p| p.mg + p.eg > 0), "{m:?}");
        assert!(m[4].mg + m[4].eg > m[0].mg + m[0].eg, "{m:?}");
    }

    #[test]
    fn the_prior_keeps_the_weights_near_their_start() {
        let samples = sample();
        let largest_move = |prior: f64| {
            let settings = Settings {
                epochs: 100,
                rate: 2.0,
                selection: Selection::All,
                prior,
                k: Some(1.0),
            };
            let outcome = tune(&samples, &[], &WEIGHTS, &settings, &mut |_, _, _| {});
            let moves = WEIGHTS
                .to_vector()
                .into_iter()
                .zip(outcome.weights.to_vector());
            moves
                .map(|(a, b)| (a.mg - b.mg).abs().max((a.eg - b.eg).abs()))
                .max()
                .unwrap_or(0)
        };
        let free = largest_move(0.0);
        let held = largest_move(0.01);
        assert!(held < free / 2, "{held} vs {free}");
    }

    #[test]
    fn only_the_selected_weights_move() {
        let samples = sample();
        let settings = Settings {
            epochs: 5,
            rate: 3.0,
            selection: Selection::Terms,
            prior: 0.0,
            k: Some(1.0),
        };
        let outcome = tune(&samples, &[], &WEIGHTS, &settings, &mut |_, _, _| {});
        assert_eq!(outcome.weights.material, WEIGHTS.material);
        assert_eq!(outcome.weights.squares, WEIGHTS.squares);
        assert_ne!(outcome.weights, WEIGHTS);
    }
}
