//! The static evaluation of IterativeDeepening's nodes: the evaluator's (or the table's) raw
//! score, corrected by the correction history, and what a searched node teaches that history.

use shakmaty::{Chess, Move};

use crate::eval::{Score, MATE_BOUND};
use crate::search::observer::SearchObserver;
use crate::search::pvs::correction::CorrectionKeys;
use crate::search::pvs::node::is_quiet;
use crate::search::pvs::searcher::{Node, PvsSearcher};
use crate::search::pvs::tt::{Bound, Hit};

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// The raw static evaluation of `pos` (the table's `hit`, else the evaluator's), and the
    /// same corrected by the correction history (with futility pruning on: off, the search is
    /// exact, its value fixed by the position and the depth alone).
    #[inline]
    pub(super) fn static_eval(&mut self, pos: &Chess, hit: Option<Hit>) -> (Score, Score) {
        let raw = hit
            .and_then(|hit| hit.eval)
            .unwrap_or_else(|| self.context.evaluate(pos));
        if !self.parts.futility {
            return (raw, raw);
        }
        let keys = CorrectionKeys::of(pos);
        (raw, self.heuristics.correction.corrected(&keys, raw))
    }

    /// With futility pruning on, teaches the correction history the result of `node` (`best`,
    /// its move and its bound) where it can be trusted: out of check, no mate, no capture or
    /// promotion for the best move, no fail-high below the static evaluation nor fail-low above.
    #[inline]
    pub(super) fn learn_correction(
        &mut self,
        pos: &Chess,
        node: &Node,
        (best, best_move, bound): (Score, Option<Move>, Bound),
    ) {
        let (Some(raw), Some(eval)) = (node.raw_eval, node.static_eval) else {
            return;
        };
        if !self.parts.futility {
            return;
        }
        let agrees = match bound {
            Bound::Exact => true,
            Bound::Lower => best > eval,
            Bound::Upper => best < eval,
        };
        if agrees && best.abs() < MATE_BOUND && best_move.is_none_or(is_quiet) {
            let keys = CorrectionKeys::of(pos);
            self.heuristics
                .correction
                .update(&keys, node.depth, best - raw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pvs::selective::tests::{node, with_searcher};
    use shakmaty::{Role, Square};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn knight(capture: Option<Role>) -> Move {
        let (from, to) = (Square::G1, Square::F3);
        Move::Normal {
            role: Role::Knight,
            from,
            capture,
            to,
            promotion: None,
        }
    }

    #[test]
    fn only_a_trustworthy_result_teaches_the_correction_history() {
        with_searcher(START, |searcher, pos| {
            let correction = |s: &PvsSearcher| {
                let keys = CorrectionKeys::of(pos);
                s.heuristics.correction.correction(&keys)
            };
            let deep = node(20, 3);
            let quiet = Some(knight(None));
            let untrusted = [
                // A fail-high below the static evaluation, a fail-low above it.
                (-400, quiet, Bound::Lower),
                (400, None, Bound::Upper),
                // A capture's result, a mate's.
                (400, Some(knight(Some(Role::Pawn))), Bound::Exact),
                (MATE_BOUND, quiet, Bound::Lower),
            ];
            for result in untrusted {
                searcher.learn_correction(pos, &deep, result);
                assert_eq!(correction(searcher), 0, "{result:?}");
            }
            let in_check = Node {
                in_check: true,
                static_eval: None,
                raw_eval: None,
                ..deep
            };
            searcher.learn_correction(pos, &in_check, (400, None, Bound::Exact));
            assert_eq!(correction(searcher), 0);
            searcher.learn_correction(pos, &deep, (400, quiet, Bound::Lower));
            assert_eq!(correction(searcher), 25);
            searcher.heuristics.correction.clear();
            searcher.learn_correction(pos, &deep, (-400, None, Bound::Upper));
            assert_eq!(correction(searcher), -25);
            // The error is the result's beyond the raw evaluation, not the corrected one.
            let (raw, corrected) = searcher.static_eval(pos, None);
            assert_eq!((raw, corrected), (0, -25));
            searcher.heuristics.correction.clear();
            let corrected = Node {
                static_eval: Some(-25),
                raw_eval: Some(0),
                ..deep
            };
            // -200 learnt a sixteenth of the way, not -175.
            searcher.learn_correction(pos, &corrected, (-200, None, Bound::Exact));
            assert_eq!(correction(searcher), -12);
            // Without futility pruning the search is exact: it neither corrects nor learns.
            searcher.parts.futility = false;
            assert_eq!(searcher.static_eval(pos, None), (0, 0));
            searcher.learn_correction(pos, &deep, (400, quiet, Bound::Exact));
            assert_eq!(correction(searcher), -12);
        });
    }
}
