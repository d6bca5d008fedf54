//! The root of IterativeDeepening: the first order of the root moves, and each depth's search of
//! them, within an aspiration window from the fifth depth on (by default).

use crate::eval::{Score, INFINITY};
use crate::search::depth_search::DepthOutcome;
use crate::search::observer::{Decision, SearchObserver, Window};
use crate::search::ordering::MovePicker;
use crate::search::pvs::decisions::re_search;
use crate::search::pvs::history::piece_to;
use crate::search::pvs::params;
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::tt::Bound;
use shakmaty::{Move, MoveList, Position};

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// Root moves ordered as at any node (table move, captures, ...), or as generated; the
    /// tablebases' better ranks first.
    pub(super) fn initial_root_order(&mut self, root_moves: &[Move]) -> Vec<Move> {
        if !self.parts.move_ordering {
            return root_moves.to_vec();
        }
        let mut moves: MoveList = root_moves.iter().copied().collect();
        let tt_move = self.table_move(self.context.history().key(), &moves, 0);
        let (color, heuristics) = (self.context.root().turn(), &*self.heuristics);
        let killers = self.stack[0].killers;
        let mut picker =
            MovePicker::new(&mut moves, |m| heuristics.score(m, tt_move, killers, color));
        let mut ordered: Vec<Move> = std::iter::from_fn(|| picker.next()).collect();
        let tables = self.context.tablebases();
        ordered.sort_by_key(|&m| std::cmp::Reverse(tables.rank(m)));
        ordered
    }

    /// The tablebase rank the root search is restricted to: the best among the moves not
    /// excluded, as Stockfish searches each MultiPV line within one rank (0 without tables).
    fn searched_rank(&self) -> i32 {
        let tables = self.context.tablebases();
        self.root_moves
            .iter()
            .filter(|m| !self.excluded.contains(m))
            .map(|&m| tables.rank(m))
            .max()
            .unwrap_or(0)
    }

    /// Searches the root within a window around `last`, the previous depth's score, widening
    /// the side that fails until the score falls inside.
    pub(super) fn search_root_aspirated(&mut self, depth: i32, last: Score) -> DepthOutcome {
        let mut delta = params::asp_window();
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let (low, score) = match self.search_root(depth, alpha, beta) {
                DepthOutcome::Completed(score) if score <= alpha && alpha > -INFINITY => {
                    alpha = (score - delta).max(-INFINITY);
                    (true, score)
                }
                DepthOutcome::Completed(score) if score >= beta && beta < INFINITY => {
                    beta = (score + delta).min(INFINITY);
                    (false, score)
                }
                outcome => return outcome,
            };
            delta *= params::asp_growth();
            if delta > params::asp_max_window() {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
            self.context.decide(0, || Decision::Aspiration {
                low,
                score,
                alpha,
                beta,
            });
        }
    }

    /// Searches every root move but the excluded ones to `depth` within (alpha, beta), the
    /// previous best first; the score is fail-soft (at most alpha when every move fails low).
    pub(super) fn search_root(
        &mut self,
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> DepthOutcome {
        let window = Window { alpha, beta };
        self.root_depth = depth;
        self.context.reset_seldepth();
        let root = self.context.root().clone();
        self.stack[0].eval = (!root.is_check()).then(|| self.context.evaluate(&root));
        self.context.enter(0);
        let mut best_score = -INFINITY;
        let mut best: Option<(usize, Move)> = None;
        let mut searched = 0;
        let nodes_at_start = self.context.limiter().nodes();
        let mut best_nodes = 0;
        let rank = self.searched_rank();
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i];
            if self.excluded.contains(&m) || self.context.tablebases().rank(m) != rank {
                continue;
            }
            self.context.searching_root_move(depth as u32, m, i + 1);
            self.stack[0].played = Some(piece_to(root.turn(), m));
            let nodes_before = self.context.limiter().nodes();
            let child = self.context.play(&root, m);
            let mut score = if searched == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha)
            };
            if searched > 0 && score > alpha && score < beta && !self.context.stopped() {
                self.context.decide(0, || re_search(false, score, alpha));
                score = -self.negamax(&child, depth - 1, 1, -beta, -alpha);
            }
            searched += 1;
            self.context.undo();
            if self.context.stopped() {
                return DepthOutcome::Stopped(best.map(|_| best_score));
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                best = Some((i, m));
                best_nodes = self.context.limiter().nodes() - nodes_before;
                self.context.pv_mut().update(0, m);
                if alpha >= beta {
                    self.report_root_cutoff(i);
                    break;
                }
            }
        }
        let all_nodes = self.context.limiter().nodes() - nodes_at_start;
        if best.is_some() && self.excluded.is_empty() && all_nodes > 0 {
            self.best_move_share = Some(best_nodes as f64 / all_nodes as f64);
        }
        if let Some((index, m)) = best {
            // The excluded moves (MultiPV's earlier lines) stand first, each put there in turn.
            let first = self.excluded.len();
            if self.parts.move_ordering && first <= index {
                self.root_moves[first..=index].rotate_right(1);
            }
            if !self.excluded.is_empty() {
                // Not the root's value: the best moves were left out.
                return DepthOutcome::Completed(best_score);
            }
            let bound = if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let key = self.context.history().key();
            self.store(key, (depth, best_score, bound), Some(m), 0, None);
        }
        self.context.leave(0, Some(window), best_score);
        DepthOutcome::Completed(best_score)
    }
}
