//! What IterativeDeepening tells its observer of its decisions, made only when one observes:
//! the values each rule compared, and the moves a cut-off skipped.

use shakmaty::{Board, Color, Move};

use crate::board::movegen::MoveGen;
use crate::eval::Score;
use crate::search::observer::{Decision, Prune, SearchObserver};
use crate::search::pvs::searcher::{Node, PvsSearcher};
use crate::search::pvs::selective::futility_margin;
use crate::search::pvs::tt::Hit;

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// Tells the observer that the node pruned `m` by late-move pruning (`late`), else by
    /// futility (a futile node's killer).
    #[inline(always)]
    pub(super) fn report_pruned(&mut self, m: Move, node: &Node, late: bool) {
        let count = self.stack[node.ply].quiets.len();
        self.context.decide(node.ply, || {
            let rule = pruning_rule(node, late, count);
            Decision::Pruned { m, rule }
        });
    }

    /// A cut-off at the root after its `i`th move: the observer is told the later root moves.
    #[inline]
    pub(super) fn report_root_cutoff(&mut self, i: usize) {
        let (moves, excluded) = (&self.root_moves, &self.excluded);
        self.context.cutoff(0, || {
            let later = moves.iter().skip(i + 1);
            later.filter(|m| !excluded.contains(m)).copied().collect()
        });
    }

    /// A cut-off at `ply`: the observer is told the moves the frame would still hand out (but
    /// the move a singularity test leaves out).
    #[inline]
    pub(super) fn report_cutoff(&mut self, gen: &MoveGen, board: &Board, ply: usize, color: Color) {
        let (frame, heuristics) = (&mut self.stack[ply], &*self.heuristics);
        let excluded = frame.excluded;
        self.context.cutoff(ply, || {
            let killers = frame.killers;
            std::iter::from_fn(|| frame.moves.next(gen, board, heuristics, color, killers))
                .map(|(m, _)| m)
                .filter(|&m| Some(m) != excluded)
                .collect()
        });
    }
}

/// The decision of a table cut by `hit`.
pub(super) fn table_cut(hit: Hit) -> Decision {
    let (depth, bound, score) = (hit.depth, hit.bound, hit.score);
    Decision::TableCut {
        depth,
        bound,
        score,
    }
}

/// The decision to search a move again (`full_depth`, else with the full window).
pub(super) fn re_search(full_depth: bool, score: Score, alpha: Score) -> Decision {
    Decision::ReSearch {
        full_depth,
        score,
        alpha,
    }
}

/// The rule that prunes a move of `node` that may be pruned: late-move pruning when `late`
/// (`count` quiet moves searched), else futility (a killer at a futile node).
fn pruning_rule(node: &Node, late: bool, count: usize) -> Prune {
    let alpha = node.alpha;
    match node.late_limit.filter(|_| late) {
        Some(limit) => Prune::LateMove {
            count,
            limit,
            depth: node.depth,
        },
        None => {
            let value = node.futility_value.unwrap_or(alpha);
            let margin = futility_margin(node.depth).unwrap_or(0);
            Prune::Futility {
                eval: value - margin,
                margin,
                alpha,
            }
        }
    }
}
