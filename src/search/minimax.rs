//! Plain depth-limited minimax with a cutoff test: every legal move, no pruning, no table, no ordering.
//!
//! Written in negamax form: a position's value for the side to move is the maximum over its
//! moves of the negated value of the child, which is minimax with the min levels negated.

use shakmaty::{Chess, Move, Position};

use crate::eval::{Score, INFINITY};
use crate::search::context::SearchContext;
use crate::search::cutoff::{horizon_outcome, rule_outcome};
use crate::search::depth_search::RootSearch;
use crate::search::observer::SearchObserver;

/// Minimax over the root moves, deepened afresh depth by depth (by `Afresh`).
pub struct Minimax;

impl RootSearch for Minimax {
    /// Searches every root move to `depth` plies; the root score, or None when stopped.
    fn search_root<O: SearchObserver>(
        &self,
        context: &mut SearchContext<O>,
        root_moves: &[Move],
        depth: u32,
    ) -> Option<Score> {
        let root = context.root().clone();
        context.enter(0);
        let mut best = -INFINITY;
        for (i, &m) in root_moves.iter().enumerate() {
            context.searching_root_move(depth, m, i + 1);
            let child = context.play(&root, m);
            let score = -minimax(context, &child, depth - 1, 1);
            context.undo();
            if context.stopped() {
                return None;
            }
            if score > best {
                best = score;
                context.pv_mut().update(0, m);
            }
            context.offer_root_line(m, score);
        }
        context.leave(0, None, best);
        Some(best)
    }
}

/// The minimax value of `pos` searched `depth` more plies, told to the observer.
#[inline]
fn minimax<O: SearchObserver>(
    context: &mut SearchContext<O>,
    pos: &Chess,
    depth: u32,
    ply: usize,
) -> Score {
    let score = minimax_node(context, pos, depth, ply);
    context.leave(ply, None, score);
    score
}

/// [`minimax`] without the observer.
fn minimax_node<O: SearchObserver>(
    context: &mut SearchContext<O>,
    pos: &Chess,
    depth: u32,
    ply: usize,
) -> Score {
    if context.enter(ply) {
        return 0;
    }
    if depth == 0 {
        return horizon_outcome(pos, ply, context.history(), context.evaluate(pos));
    }
    let moves = pos.legal_moves();
    if let Some(score) = rule_outcome(pos, &moves, ply, context.history()) {
        return score;
    }
    let mut best = -INFINITY;
    for &m in moves.iter() {
        let child = context.play(pos, m);
        let score = -minimax(context, &child, depth - 1, ply + 1);
        context.undo();
        if context.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            context.pv_mut().update(ply, m);
        }
    }
    best
}
