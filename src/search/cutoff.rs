//! The cutoff test of the course's searches (Minimax and AlphaBeta): the rules' verdict on a
//! node (checkmate, stalemate, the draw rules) and the value of a node at the horizon.

use shakmaty::{Chess, MoveList, Position};

use crate::board::movegen::MoveGen;
use crate::board::rules::{is_draw, KeyHistory, Repetition};
use crate::eval::{Score, DRAW};
use crate::search::types::score_without_moves;

/// The cutoff test's "game over" half for a node below the root whose moves are `moves`:
/// checkmate, stalemate, and the draws by the rules (threefold repetition, not any repetition
/// inside the search); None when its moves must be searched.
pub fn rule_outcome(
    pos: &Chess,
    moves: &MoveList,
    ply: usize,
    history: &KeyHistory,
) -> Option<Score> {
    if moves.is_empty() {
        return Some(score_without_moves(pos.is_check(), ply));
    }
    is_draw(pos, history, Repetition::Threefold, || true).then_some(DRAW)
}

/// The value of a node at the horizon (below the root): the rules' verdict as [`rule_outcome`]
/// gives it, else `evaluation`, the position's static evaluation; the moves are not generated,
/// only tested for existence.
pub fn horizon_outcome(pos: &Chess, ply: usize, history: &KeyHistory, evaluation: Score) -> Score {
    let gen = MoveGen::new(pos);
    let not_mated = || !gen.in_check() || gen.has_legal_move();
    if is_draw(pos, history, Repetition::Threefold, not_mated) {
        return DRAW;
    }
    if !gen.has_legal_move() {
        return score_without_moves(gen.in_check(), ply);
    }
    evaluation
}
