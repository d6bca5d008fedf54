//! Minimax with alpha-beta pruning (negamax form), optionally with captures ordered first.
//!
//! The root is searched with a full window, so its score is exactly the minimax score;
//! pruning only skips subtrees that cannot change it. With MultiPV the root's window opens at
//! the worst of the best N moves found so far, so those N get exact scores.

use shakmaty::{Chess, Move, MoveList, Position};

use crate::eval::{Score, INFINITY};
use crate::search::context::SearchContext;
use crate::search::cutoff::{horizon_outcome, rule_outcome};
use crate::search::depth_search::RootSearch;
use crate::search::observer::{SearchObserver, Window};
use crate::search::ordering::{capture_order, MovePicker};

/// Alpha-beta over the root moves, deepened afresh depth by depth (by `Afresh`); with
/// `ordering`, captures first.
pub struct AlphaBeta {
    /// Captures first (MVV-LVA), else the generator's order.
    pub ordering: bool,
}

impl RootSearch for AlphaBeta {
    /// Searches the root moves to `depth` plies; the root score, or None when stopped.
    fn search_root<O: SearchObserver>(
        &self,
        context: &mut SearchContext<O>,
        root_moves: &[Move],
        depth: u32,
    ) -> Option<Score> {
        let ordering = self.ordering;
        let root = context.root().clone();
        context.enter(0);
        let mut moves: MoveList = root_moves.iter().copied().collect();
        let mut picker = picker(&mut moves, ordering);
        let mut alpha = -INFINITY;
        let mut number = 0;
        let multi_pv = context.lines().wanted() > 1;
        while let Some(m) = picker.next() {
            number += 1;
            context.searching_root_move(depth, m, number);
            // With MultiPV the window opens at the worst of the lines kept, not at the best:
            // every move that may be among them gets its exact score.
            let floor = if multi_pv {
                context.lines().floor()
            } else {
                alpha
            };
            let child = context.play(&root, m);
            let score = -alphabeta(context, &child, depth - 1, 1, -INFINITY, -floor, ordering);
            context.undo();
            if context.stopped() {
                return None;
            }
            if score > alpha {
                alpha = score;
                context.pv_mut().update(0, m);
            }
            context.offer_root_line(m, score);
        }
        let window = Window {
            alpha: -INFINITY,
            beta: INFINITY,
        };
        context.leave(0, Some(window), alpha);
        Some(alpha)
    }
}

/// The fail-soft alpha-beta value of `pos` within the window (alpha, beta), told to the
/// observer.
#[inline]
fn alphabeta<O: SearchObserver>(
    context: &mut SearchContext<O>,
    pos: &Chess,
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    ordering: bool,
) -> Score {
    let score = alphabeta_node(context, pos, depth, ply, alpha, beta, ordering);
    context.leave(ply, Some(Window { alpha, beta }), score);
    score
}

/// [`alphabeta`] without the observer.
fn alphabeta_node<O: SearchObserver>(
    context: &mut SearchContext<O>,
    pos: &Chess,
    depth: u32,
    ply: usize,
    mut alpha: Score,
    beta: Score,
    ordering: bool,
) -> Score {
    if context.enter(ply) {
        return 0;
    }
    if depth == 0 {
        return horizon_outcome(pos, ply, context.history(), context.evaluate(pos));
    }
    let mut moves = pos.legal_moves();
    if let Some(score) = rule_outcome(pos, &moves, ply, context.history()) {
        return score;
    }
    let mut picker = picker(&mut moves, ordering);
    let mut best = -INFINITY;
    while let Some(m) = picker.next() {
        let child = context.play(pos, m);
        let score = -alphabeta(context, &child, depth - 1, ply + 1, -beta, -alpha, ordering);
        context.undo();
        if context.stopped() {
            return 0;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                context.pv_mut().update(ply, m);
                if alpha >= beta {
                    context.stats_mut().beta_cutoffs += 1;
                    context.cutoff(ply, || std::iter::from_fn(|| picker.next()).collect());
                    break;
                }
            }
        }
    }
    best
}

/// Captures first by most valuable victim / least valuable attacker, or the generator's order.
fn picker(moves: &mut [Move], ordering: bool) -> MovePicker<'_> {
    if ordering {
        MovePicker::new(moves, capture_order)
    } else {
        MovePicker::in_order(moves)
    }
}
