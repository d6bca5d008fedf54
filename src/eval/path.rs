//! The evaluator's running state along a search path, the same for every evaluator: the piece
//! sums of each position (the material and positional evaluators) or the net's accumulators
//! (NNUE), pushed as a move is played and popped as it is taken back, so that a position is
//! scored without counting its pieces. Allocated once per search; the hot path allocates only
//! when the path first reaches a ply.

use shakmaty::{Chess, Move, Position};

use crate::eval::incremental::PieceSums;
use crate::eval::nnue::{self, Net, NnueAccumulator};
use crate::eval::{Evaluation, Score};

/// The evaluator's state for the root and each position on the path below it.
pub struct EvalStack {
    evaluation: Evaluation,
    /// The net of the NNUE evaluation.
    net: &'static Net,
    /// The piece sums of the path (empty with the NNUE evaluation, which does not read them).
    sums: Vec<PieceSums>,
    /// The net's accumulators along the path (empty otherwise): the root's first, the current
    /// position's at `nnue_ply`; the slots beyond it are reused.
    accumulators: Vec<NnueAccumulator>,
    nnue_ply: usize,
}

impl EvalStack {
    /// The state of `root`, scored by `evaluation` (with the net in use for NNUE), with room for
    /// `plies` positions below it.
    pub fn new(evaluation: Evaluation, root: &Chess, plies: usize) -> EvalStack {
        let net = nnue::current();
        let mut sums = Vec::new();
        let mut accumulators = Vec::new();
        if evaluation == Evaluation::Nnue {
            accumulators.reserve(plies + 1);
            accumulators.push(NnueAccumulator::new(net, root.board()));
        } else {
            sums.reserve(plies + 1);
            sums.push(PieceSums::new(root.board()));
        }
        EvalStack {
            evaluation,
            net,
            sums,
            accumulators,
            nnue_ply: 0,
        }
    }

    /// The evaluator that scores the positions.
    #[inline]
    pub fn evaluation(&self) -> Evaluation {
        self.evaluation
    }

    /// Enters the position after the legal move `m` of `pos`, the current position.
    #[inline]
    pub fn push(&mut self, pos: &Chess, m: Move) {
        if self.accumulators.is_empty() {
            let sums = self.sums().after(pos, m);
            self.sums.push(sums);
        } else {
            let net = self.net;
            let (parent, next) = self.next_accumulators();
            next.set_after(parent, net, pos, m);
        }
    }

    /// Enters the position after a null move: the same pieces.
    #[inline]
    pub fn push_null(&mut self) {
        if self.accumulators.is_empty() {
            self.sums.push(*self.sums());
        } else {
            let (parent, next) = self.next_accumulators();
            *next = *parent;
        }
    }

    /// Goes back to the position before the last push.
    #[inline]
    pub fn pop(&mut self) {
        self.sums.pop();
        self.nnue_ply = self.nnue_ply.saturating_sub(1);
    }

    /// The static evaluation of `pos`, the current position of the path: what
    /// [`Evaluation::evaluate`] returns, from the state kept up to date move by move.
    #[inline]
    pub fn evaluate(&self, pos: &Chess) -> Score {
        if let Some(acc) = self.accumulators.get(self.nnue_ply) {
            return acc.evaluate(self.net, pos.turn(), pos.board().occupied().count());
        }
        self.evaluation
            .evaluate_with(pos.board(), pos.turn(), self.sums())
    }

    #[inline]
    fn sums(&self) -> &PieceSums {
        &self.sums[self.sums.len() - 1]
    }

    /// The current position's accumulators and the next ply's slot, which becomes the current
    /// one (added the first time the path reaches that ply).
    #[inline]
    fn next_accumulators(&mut self) -> (&NnueAccumulator, &mut NnueAccumulator) {
        let ply = self.nnue_ply;
        self.nnue_ply += 1;
        if self.accumulators.len() == self.nnue_ply {
            self.accumulators.push(self.accumulators[ply]);
        }
        let (path, next) = self.accumulators.split_at_mut(ply + 1);
        (&path[ply], &mut next[0])
    }
}
