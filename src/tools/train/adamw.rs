//! AdamW: Adam's steps with the weight decay applied apart from the gradient.

/// The optimiser's moments, one per parameter.
#[derive(Clone, Debug)]
pub struct AdamW {
    pub m: Vec<f32>,
    pub v: Vec<f32>,
    pub steps: u64,
    pub decay: f32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl AdamW {
    /// An optimiser for `params` parameters with weight decay `decay`.
    pub fn new(params: usize, decay: f32) -> AdamW {
        AdamW {
            m: vec![0.0; params],
            v: vec![0.0; params],
            steps: 0,
            decay,
        }
    }

    /// One step of size `rate` along `gradient`.
    pub fn step(&mut self, params: &mut [f32], gradient: &[f32], rate: f32) {
        self.steps += 1;
        let t = self.steps.min(1 << 20) as i32;
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let decay = 1.0 - rate * self.decay;
        let moments = self.m.iter_mut().zip(self.v.iter_mut());
        for ((p, &g), (m, v)) in params.iter_mut().zip(gradient).zip(moments) {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p = *p * decay - rate * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
        }
    }
}
