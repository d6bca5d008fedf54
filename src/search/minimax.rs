//! Plain depth-limited minimax with a cutoff test: every legal move, no pruning, no table, no ordering.
//!
//! Written in negamax form: a position's value for the side to move is the maximum over its
//! moves of the negated value of the child, which is minimax with the min levels negated.

use shakmaty::{Chess, Move, Position};

use crate::eval::{Score, INFINITY};
use crate::search::path::{horizon_outcome, rule_outcome};
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
        return horizon_outcome(pos, ply, &tree.path, tree.evaluate(pos));
    }
    let moves = pos.legal_moves();
    if let Some(score) = rule_outcome(pos, &moves, ply, &tree.path) {
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
