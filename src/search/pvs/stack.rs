//! The search stack: one frame per ply, holding what the node at that ply knows and has done
//! (its moves and their order, its killers, its static evaluation, the move it is searching,
//! the move a singularity test leaves out),
//! allocated once per search. A node reads the frames above it for the moves played before it
//! (continuation history), the evaluation two plies up (improving) and whether its parent passed.

use std::ops::{Index, IndexMut};

use shakmaty::{Move, MoveList};

use crate::eval::Score;
use crate::search::pvs::history::{Continuation, PieceTo};
use crate::search::pvs::picker::StagedPicker;
use crate::search::types::MAX_PLY;

/// What the node at one ply knows and has done.
#[derive(Default)]
pub struct PlyFrame {
    /// The node's moves and the state of handing them out in order.
    pub moves: StagedPicker,
    /// The two latest quiet moves that cut a node off at this ply, the newest first.
    pub killers: [Option<Move>; 2],
    /// The node's static evaluation, corrected by the correction history (None in check; the
    /// root's is the evaluator's own).
    pub eval: Option<Score>,
    /// The move being searched from the node, by its piece and square (None for a null move).
    pub played: Option<PieceTo>,
    /// Whether the node is searching its null move (no two in a row).
    pub null_move: bool,
    /// The quiet moves the node has searched so far, for the history's malus.
    pub quiets: MoveList,
    /// The table move the node leaves out while it tests it for singularity.
    pub excluded: Option<Move>,
}

impl PlyFrame {
    /// Makes `m`, a quiet move that cut the node off, the newest killer.
    #[inline]
    pub fn add_killer(&mut self, m: Move) {
        if self.killers[0] != Some(m) {
            self.killers = [Some(m), self.killers[0]];
        }
    }
}

/// The frames of plies 0 to [`MAX_PLY`].
pub struct SearchStack {
    frames: Vec<PlyFrame>,
}

impl Default for SearchStack {
    fn default() -> Self {
        SearchStack {
            frames: (0..=MAX_PLY).map(|_| PlyFrame::default()).collect(),
        }
    }
}

impl SearchStack {
    /// The moves one and two plies before the node at `ply`.
    #[inline]
    pub fn continuation(&self, ply: usize) -> Continuation {
        let back = |n: usize| ply.checked_sub(n).and_then(|p| self.frames[p].played);
        [back(1), back(2)]
    }

    /// The static evaluation of the node two plies before `ply` (the same side to move).
    #[inline]
    pub fn eval_two_plies_up(&self, ply: usize) -> Option<Score> {
        ply.checked_sub(2).and_then(|p| self.frames[p].eval)
    }
}

impl Index<usize> for SearchStack {
    type Output = PlyFrame;

    #[inline]
    fn index(&self, ply: usize) -> &PlyFrame {
        &self.frames[ply]
    }
}

impl IndexMut<usize> for SearchStack {
    #[inline]
    fn index_mut(&mut self, ply: usize) -> &mut PlyFrame {
        &mut self.frames[ply]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pvs::history::tests::quiet;
    use shakmaty::Square;

    #[test]
    fn a_new_killer_comes_first_and_the_same_one_twice_keeps_the_other() {
        let (a, b) = (quiet(Square::G1, Square::F3), quiet(Square::B1, Square::C3));
        let mut frame = PlyFrame::default();
        frame.add_killer(a);
        assert_eq!(frame.killers, [Some(a), None]);
        frame.add_killer(b);
        assert_eq!(frame.killers, [Some(b), Some(a)]);
        frame.add_killer(b);
        assert_eq!(frame.killers, [Some(b), Some(a)]);
    }

    #[test]
    fn the_continuation_is_the_moves_one_and_two_plies_up() {
        let mut stack = SearchStack::default();
        let piece = |n: PieceTo| Some(n);
        stack[0].played = piece(1);
        stack[1].played = piece(2);
        assert_eq!(stack.continuation(0), [None, None]);
        assert_eq!(stack.continuation(1), [piece(1), None]);
        assert_eq!(stack.continuation(2), [piece(2), piece(1)]);
        stack[1].played = None;
        assert_eq!(stack.continuation(2), [None, piece(1)]);
    }
}
