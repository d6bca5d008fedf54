//! The net's accumulators for one position, kept up to date move by move: the feature rows of
//! the pieces a move moves, takes or promotes are added and removed.

use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

use super::net::Net;
use super::{bucket, feature, HIDDEN, QA, QB, SCALE};
use crate::board::changes::{Also, PieceChanges};
use crate::eval::Score;

/// Each side's sums of its feature rows and the biases: White's first, then Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NnueAccumulator {
    pub values: [[i16; HIDDEN]; 2],
}

impl NnueAccumulator {
    /// The accumulators counted from the board.
    pub fn new(net: &Net, board: &Board) -> NnueAccumulator {
        let mut acc = NnueAccumulator {
            values: [net.feature_bias; 2],
        };
        for (square, piece) in board.clone() {
            acc.add(net, piece, square);
        }
        acc
    }

    /// The score of the position with `turn` to move and `pieces` pieces on the board, in
    /// centipawns from the side to move's view: the side to move's accumulator, then the
    /// other's, through SCReLU into the output layer of the piece count's bucket.
    #[inline]
    pub fn evaluate(&self, net: &Net, turn: Color, pieces: usize) -> Score {
        let (us, them) = match turn {
            Color::White => (&self.values[0], &self.values[1]),
            Color::Black => (&self.values[1], &self.values[0]),
        };
        let layer = &net.outputs[bucket(pieces)];
        let sum = screlu_dot(us, &layer.weights[0]) + screlu_dot(them, &layer.weights[1]);
        // sum is at the scale QA²·QB / 256, the bias at QB.
        let output = i64::from(sum) * 256 + i64::from(layer.bias) * i64::from(QA * QA);
        (output * i64::from(SCALE) / i64::from(QA * QA * QB)) as Score
    }

    /// Adds the rows of `piece` on `square`.
    #[inline]
    pub fn add(&mut self, net: &Net, piece: Piece, square: Square) {
        for (side, values) in [Color::White, Color::Black]
            .into_iter()
            .zip(&mut self.values)
        {
            let row = &net.feature_weights[feature(side, piece, square)];
            for (v, w) in values.iter_mut().zip(row) {
                *v += w;
            }
        }
    }

    /// Moves `piece` from `from` to `to` as `to_piece` (a promotion changes it): one pass.
    #[inline]
    fn shift(
        &mut self,
        net: &Net,
        (piece, from): (Piece, Square),
        (to_piece, to): (Piece, Square),
    ) {
        for (side, values) in [Color::White, Color::Black]
            .into_iter()
            .zip(&mut self.values)
        {
            let old = &net.feature_weights[feature(side, piece, from)];
            let new = &net.feature_weights[feature(side, to_piece, to)];
            for ((v, o), n) in values.iter_mut().zip(old).zip(new) {
                *v += n - o;
            }
        }
    }

    /// Sets `self` to `parent` with `piece` moved from `from` to `to` as `to_piece`: the copy
    /// and the update in one pass.
    #[inline]
    fn shift_from(
        &mut self,
        parent: &NnueAccumulator,
        net: &Net,
        (piece, from): (Piece, Square),
        (to_piece, to): (Piece, Square),
    ) {
        for (side, (values, before)) in [Color::White, Color::Black]
            .into_iter()
            .zip(self.values.iter_mut().zip(&parent.values))
        {
            let old = &net.feature_weights[feature(side, piece, from)];
            let new = &net.feature_weights[feature(side, to_piece, to)];
            for (((v, b), o), n) in values.iter_mut().zip(before).zip(old).zip(new) {
                *v = b + (n - o);
            }
        }
    }

    /// [`NnueAccumulator::shift_from`] with the piece `taken` on `square` removed too.
    #[inline]
    fn capture_from(
        &mut self,
        parent: &NnueAccumulator,
        net: &Net,
        (moved, to_moved): ((Piece, Square), (Piece, Square)),
        (taken, square): (Piece, Square),
    ) {
        let (piece, from) = moved;
        let (to_piece, to) = to_moved;
        for (side, (values, before)) in [Color::White, Color::Black]
            .into_iter()
            .zip(self.values.iter_mut().zip(&parent.values))
        {
            let old = &net.feature_weights[feature(side, piece, from)];
            let new = &net.feature_weights[feature(side, to_piece, to)];
            let gone = &net.feature_weights[feature(side, taken, square)];
            for ((((v, b), o), n), t) in values.iter_mut().zip(before).zip(old).zip(new).zip(gone) {
                *v = b + (n - o) - t;
            }
        }
    }

    /// Sets `self` to the accumulators of `parent`'s position after the legal move `m` played
    /// in `pos`, reading `parent` once (what the search does at every move).
    #[inline]
    pub fn set_after(&mut self, parent: &NnueAccumulator, net: &Net, pos: &Chess, m: Move) {
        let us = pos.turn();
        let Some(changes) = PieceChanges::of(us, m) else {
            *self = *parent;
            return;
        };
        let ((role, from), (placed, to)) = (changes.removed, changes.placed);
        let moved = ((role.of(us), from), (placed.of(us), to));
        match changes.also {
            Also::Nothing => self.shift_from(parent, net, moved.0, moved.1),
            Also::Capture(taken, square) => {
                self.capture_from(parent, net, moved, (taken.of(!us), square));
            }
            Also::RookMove(rook, rook_to) => {
                self.shift_from(parent, net, moved.0, moved.1);
                let rook_piece = Role::Rook.of(us);
                self.shift(net, (rook_piece, rook), (rook_piece, rook_to));
            }
        }
    }
}

/// Σ clamp(v, 0, QA)² · w / 256, each term rounded: a term is at most 255² × 507 before the
/// division, the sum of both halves 256 × 255² × 507 / 256 after it, both within an i32.
#[inline]
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&v, &w) in values.iter().zip(weights) {
        let v = i32::from(v.clamp(0, QA as i16));
        sum += (v * v * i32::from(w) + 128) >> 8;
    }
    sum
}

/// The score of `board` with `turn` to move under `net`, from fresh accumulators.
pub fn evaluate_board(net: &Net, board: &Board, turn: Color) -> Score {
    NnueAccumulator::new(net, board).evaluate(net, turn, board.occupied().count())
}
