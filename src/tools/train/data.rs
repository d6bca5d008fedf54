//! The trainer's view of a record: the active inputs of each side and the target.

use crate::eval::nnue::feature;
use crate::tools::datagen::record::Record;

/// The most pieces on a board.
pub const MAX_PIECES: usize = 32;

/// One position as the net sees it.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The inputs seen from the side to move, then from the other side; `count` of each.
    pub us: [u16; MAX_PIECES],
    pub them: [u16; MAX_PIECES],
    pub count: usize,
    /// The search score in centipawns and the result (0, 0.5, 1), both for the side to move.
    pub score: f32,
    pub result: f32,
}

impl Sample {
    /// The sample of `record`.
    pub fn new(record: &Record) -> Sample {
        let turn = record.turn();
        let mut sample = Sample {
            us: [0; MAX_PIECES],
            them: [0; MAX_PIECES],
            count: 0,
            score: f32::from(record.score),
            result: f32::from(record.result) / 2.0,
        };
        for (square, piece) in record.pieces() {
            let Some(piece) = piece else { continue };
            if sample.count == MAX_PIECES {
                break;
            }
            sample.us[sample.count] = feature(turn, piece, square) as u16;
            sample.them[sample.count] = feature(!turn, piece, square) as u16;
            sample.count += 1;
        }
        sample
    }

    /// The target: `lambda` of the result and the rest of the score's win probability.
    pub fn target(&self, lambda: f32) -> f32 {
        lambda * self.result + (1.0 - lambda) * sigmoid(self.score / 400.0)
    }
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
