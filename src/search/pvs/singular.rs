//! Singular extensions, switched with futility pruning: a table move that the other moves of
//! its node, searched without it at half depth, cannot come near is searched deeper; when one
//! of them beats beta anyway, the node fails high (multi-cut).

use shakmaty::{Chess, Move};

use crate::eval::{Score, MATE_BOUND};
use crate::search::observer::{Decision, Extended, SearchObserver};
use crate::search::pvs::params;
use crate::search::pvs::searcher::{Node, PvsSearcher, EXTENSION_PLIES_PER_DEPTH};
use crate::search::pvs::tt::{Bound, Hit};

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// Singular extensions, with futility pruning, outside the PV: where the table move `m` has
    /// a lower or exact bound `hit` from a search nearly as deep, the node's other moves are
    /// searched at half depth with a null window at the table's score less a margin a ply (the
    /// singular bound). If none reaches it, `m` is singular: Ok with the plies it is searched
    /// deeper by (two when the others stay well below, else one; a line's horizon stays within
    /// twice the root depth). If one does and the bound beats `beta`, Err with the bound: the
    /// node fails high (multi-cut). Ok(0) where it is not tested or not singular. Never in the
    /// PV, where the table move's deeper score would become the alpha that the other moves,
    /// searched a ply shallower with null windows, must beat; nor without move ordering, where
    /// the node's first move, which the extension deepens, is not the table move.
    pub(super) fn singular_extension(
        &mut self,
        pos: &Chess,
        node: &Node,
        (m, hit): (Move, Hit),
        beta: Score,
    ) -> Result<i32, Score> {
        let (depth, ply) = (node.depth, node.ply);
        let singular_beta = hit.score - params::se_beta_margin() * depth;
        // The plies the extension may add.
        let room = EXTENSION_PLIES_PER_DEPTH as i32 * self.root_depth - (ply as i32 + depth);
        let tested = self.parts.futility
            && self.parts.move_ordering
            && !node.pv
            && room > 0
            && depth >= params::se_min_depth()
            && hit.depth >= depth - params::se_table_depth_margin()
            && hit.bound != Bound::Upper
            && hit.score.abs() < MATE_BOUND
            && singular_beta > -MATE_BOUND;
        if !tested {
            return Ok(0);
        }
        let test_depth = (depth - 1) / 2;
        self.context.decide(ply, || Decision::SingularTest {
            m,
            depth: test_depth,
            beta: singular_beta,
        });
        self.stack[ply].excluded = Some(m);
        let score = self.negamax(pos, test_depth, ply, singular_beta - 1, singular_beta);
        self.stack[ply].excluded = None;
        // Nothing of that search is the node's line.
        self.context.pv_mut().clear(ply);
        if self.context.stopped() {
            return Err(0);
        }
        if score < singular_beta {
            let double = score < singular_beta - params::se_double_margin();
            let plies = (1 + i32::from(double)).min(room);
            let cause = Extended::Singular {
                plies,
                score,
                beta: singular_beta,
            };
            let depth = depth - 1 + plies;
            self.context
                .decide(ply, || Decision::Extension { depth, cause });
            Ok(plies)
        } else if singular_beta >= beta {
            let score = singular_beta;
            self.context
                .decide(ply, || Decision::MultiCut { score, beta });
            Err(score)
        } else {
            Ok(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MATE;
    use crate::search::pvs::selective::tests::{node, with_searcher};
    use shakmaty::Position;

    /// Black's bishop has just taken White's queen on d1: only Kxd1 does not lose a piece more.
    const RECAPTURE: &str = "rn1qkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBbKBNR w KQkq - 0 1";
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// A lower bound of `score` from depth 8, the table's entry for the node.
    fn lower(score: Score) -> Hit {
        let (mv, depth, bound, eval) = (0, 8, Bound::Lower, None);
        Hit {
            mv,
            score,
            depth,
            bound,
            eval,
        }
    }

    /// The test of `pos`'s move `uci` at `node` with `hit` against `beta`, and the nodes it took.
    fn test(
        searcher: &mut PvsSearcher,
        pos: &Chess,
        (node, hit, beta): (Node, Hit, Score),
        uci: &str,
    ) -> (Result<i32, Score>, u64) {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string() == uci);
        let before = searcher.context.limiter().nodes();
        let result = searcher.singular_extension(pos, &node, (m.expect(uci), hit), beta);
        (result, searcher.context.limiter().nodes() - before)
    }

    #[test]
    fn the_table_move_is_tested_only_where_its_conditions_hold() {
        with_searcher(START, |searcher, pos| {
            searcher.root_depth = 10;
            let tested = |searcher: &mut PvsSearcher, node, hit| {
                let (result, nodes) = test(searcher, pos, (node, hit, 100), "e2e4");
                // Untested, it searches nothing and changes nothing.
                assert!(nodes > 0 || result == Ok(0), "{node:?} {hit:?}");
                nodes > 0
            };
            assert!(tested(searcher, node(9, 2), lower(0)));
            let exact = Hit {
                bound: Bound::Exact,
                ..lower(0)
            };
            assert!(tested(searcher, node(9, 2), exact));
            // Not in the PV, below the least depth, with an upper bound, a shallow entry or a
            // mate score, nor where the line's horizon is at twice the root depth.
            let pv = Node {
                pv: true,
                ..node(9, 2)
            };
            let upper = Hit {
                bound: Bound::Upper,
                ..lower(0)
            };
            let shallow = Hit {
                depth: 5,
                ..lower(0)
            };
            for (node, hit) in [
                (pv, lower(0)),
                (node(6, 2), lower(0)),
                (node(9, 2), upper),
                (node(9, 2), shallow),
                (node(9, 2), lower(MATE - 9)),
                (node(9, 11), lower(0)),
            ] {
                assert!(!tested(searcher, node, hit), "{node:?} {hit:?}");
            }
            searcher.parts.move_ordering = false;
            assert!(!tested(searcher, node(9, 2), lower(0)));
            searcher.parts.move_ordering = true;
            searcher.parts.futility = false;
            assert!(!tested(searcher, node(9, 2), lower(0)));
        });
    }

    #[test]
    fn a_lone_good_move_is_extended_and_a_node_with_others_as_good_cut() {
        with_searcher(RECAPTURE, |searcher, pos| {
            searcher.root_depth = 10;
            // Every other move stays a bishop below: two plies more.
            let (result, _) = test(searcher, pos, (node(9, 2), lower(-600), -550), "e1d1");
            assert_eq!(result, Ok(2));
            // Within the horizon's room: one.
            let (result, _) = test(searcher, pos, (node(9, 10), lower(-600), -550), "e1d1");
            assert_eq!(result, Ok(1));
        });
        with_searcher(START, |searcher, pos| {
            searcher.root_depth = 10;
            // Other moves reach the bound 0 − 2·9 = −18, past beta: a multi-cut with the bound.
            let (result, nodes) = test(searcher, pos, (node(9, 2), lower(0), -100), "e2e4");
            assert_eq!(result, Err(-18));
            // The search without e4 stored nothing for the position and left no line at its ply.
            assert!(nodes > 1);
            let key = searcher.context.history().key();
            assert!(searcher.probe(key, 2).is_none());
            assert!(searcher.context.pv().line(2).is_empty());
            // Not past beta: neither extended nor cut.
            let (result, _) = test(searcher, pos, (node(9, 2), lower(0), 100), "e2e4");
            assert_eq!(result, Ok(0));
        });
    }
}
