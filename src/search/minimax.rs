//! Plain depth-limited minimax with a cutoff test: every legal move, no pruning, no table, no ordering.
//!
//! Written in negamax form: a position's value for the side to move is the maximum over its
//! moves of the negated value of the child, which is minimax with the min levels negated.

use shakmaty::{Chess, Move, MoveList, Position};

use crate::board::movegen::MoveGen;
use crate::board::rules::{is_draw, KeyHistory, Repetition};
use crate::eval::{Score, DRAW, INFINITY};
use crate::search::score_without_moves;
use crate::search::tree::Tree;

/// Searches every root move to `depth` plies; the root score, or None when stopped.
pub fn search_depth(tree: &mut Tree, root_moves: &[Move], depth: u32) -> Option<Score> {
    let root = tree.root.clone();
    tree.enter(0);
    let mut best = -INFINITY;
    for (i, &m) in root_moves.iter().enumerate() {
        tree.searching_root_move(depth, m, i + 1);
        let child = tree.play(&root, m);
        let score = -minimax(tree, &child, depth - 1, 1);
        tree.undo();
        if tree.stopped() {
            return None;
        }
        if score > best {
            best = score;
            tree.pv.update(0, m);
        }
    }
    Some(best)
}

/// The minimax value of `pos` searched `depth` more plies.
fn minimax(tree: &mut Tree, pos: &Chess, depth: u32, ply: usize) -> Score {
    if tree.enter(ply) {
        return 0;
    }
    if depth == 0 {
        return horizon_outcome(pos, ply, &tree.history, tree.evaluate(pos));
    }
    let moves = pos.legal_moves();
    if let Some(score) = rule_outcome(pos, &moves, ply, &tree.history) {
        return score;
    }
    let mut best = -INFINITY;
    for &m in moves.iter() {
        let child = tree.play(pos, m);
        let score = -minimax(tree, &child, depth - 1, ply + 1);
        tree.undo();
        if tree.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            tree.pv.update(ply, m);
        }
    }
    best
}

/// The cutoff test's "game over" half for a node below the root whose moves are `moves`:
/// checkmate, stalemate, and the draws by the rules (threefold repetition, not any repetition
/// inside the search); None when its moves must be searched.
pub(super) fn rule_outcome(
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
pub(super) fn horizon_outcome(
    pos: &Chess,
    ply: usize,
    history: &KeyHistory,
    evaluation: Score,
) -> Score {
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
