//! What a node of IterativeDeepening does with each move its picker hands out: prune it (late-move
//! pruning, a futile node's killer, SEE pruning), or search it, reduced if late.

use shakmaty::{Chess, Move, Position};

use crate::board::movegen::CheckInfo;
use crate::eval::{Score, MATE_BOUND};
use crate::search::observer::{Decision, Prune, SearchObserver};
use crate::search::pvs::params;
use crate::search::pvs::picker::Stage;
use crate::search::pvs::searcher::{Node, PvsSearcher};
use crate::search::pvs::see::see_ge;
use crate::search::pvs::selective::{late_move_reduction, LateMove};

/// Where a node's move loop stands when its picker hands out a move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Progress {
    /// The moves searched so far.
    pub(super) searched: usize,
    /// The best score so far (before any move: the futility value at a futile node, else
    /// -INFINITY).
    pub(super) best: Score,
    /// Alpha, raised by the moves so far (the node's own is [`Node::alpha`]).
    pub(super) alpha: Score,
}

/// What a node does with a move its picker hands out.
#[derive(Clone, Copy, Debug)]
pub(super) enum MovePlan {
    /// Skip it: a rule prunes it (the observer has been told which).
    Prune,
    /// Search it, reduced by so many plies (0 unless it is a late move that may be reduced).
    Search(i32),
}

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// What the node does with `m`, handed out at `stage` with the loop at `progress`: prune it
    /// or search it, reduced if late. `checks` finds whether a move gives check, made when
    /// first needed.
    #[inline(always)]
    pub(super) fn plan_move(
        &mut self,
        pos: &Chess,
        m: Move,
        stage: Stage,
        node: &Node,
        progress: &Progress,
        checks: &mut Option<CheckInfo>,
    ) -> MovePlan {
        let Progress { searched, best, .. } = *progress;
        let (depth, ply) = (node.depth, node.ply);
        // At a futile node the frame hands out only quiet moves that check; killers are tested.
        // Late quiet moves of a shallow node are pruned too (late-move pruning), unless they
        // check or every move so far is mated.
        let late = stage == Stage::Quiet
            && best > -MATE_BOUND
            && node
                .late_limit
                .is_some_and(|limit| self.stack[ply].quiets.len() >= limit);
        let prunable = (stage == Stage::Killer && node.futility_value.is_some()) || late;
        let min_moves = params::lmr_min_moves() + i32::from(node.pv) * params::lmr_pv_extra_moves();
        let reducible = node.reduce
            && searched >= min_moves as usize
            && matches!(stage, Stage::Quiet | Stage::Killer | Stage::BadNoisy);
        // Late moves that lose material by exchange (SEE pruning), unless every move so far is
        // mated.
        let see_threshold = match stage {
            Stage::Quiet | Stage::BadNoisy if searched > 0 && best > -MATE_BOUND => {
                self.see_pruning_threshold(node, stage == Stage::Quiet)
            }
            _ => None,
        };
        // Late quiet moves of a node outside the PV and not in check: futility and history
        // pruning by the depth they would be searched to, unless every move so far is mated.
        let quiet_late = stage == Stage::Quiet
            && searched > 0
            && best > -MATE_BOUND
            && !node.pv
            && !node.in_check;
        let gives_check = (prunable || reducible || quiet_late || see_threshold.is_some())
            && checks
                .get_or_insert_with(|| CheckInfo::new(pos))
                .gives_check(pos, m);
        if prunable && !gives_check {
            self.report_pruned(m, node, late);
            return MovePlan::Prune;
        }
        let (reduction, history) = if reducible || quiet_late {
            self.late_move_plies(pos, (m, stage), node, searched, gives_check)
        } else {
            (0, 0)
        };
        let quiet_rule = (quiet_late && !gives_check)
            .then(|| self.quiet_move_pruning(node, reduction, history, progress.alpha))
            .flatten();
        if let Some(rule) = quiet_rule {
            self.context.decide(ply, || Decision::Pruned { m, rule });
            return MovePlan::Prune;
        }
        if let Some(threshold) =
            see_threshold.filter(|&t| !gives_check && !see_ge(pos.board(), m, t))
        {
            let rule = Prune::See { threshold, depth };
            self.context.decide(ply, || Decision::Pruned { m, rule });
            return MovePlan::Prune;
        }
        MovePlan::Search(if reducible { reduction } else { 0 })
    }

    /// The late-move reduction of `m`, handed out at `stage` after `searched` moves of `node`,
    /// and its history.
    #[inline(always)]
    fn late_move_plies(
        &self,
        pos: &Chess,
        (m, stage): (Move, Stage),
        node: &Node,
        searched: usize,
        gives_check: bool,
    ) -> (i32, i32) {
        let late_move = LateMove {
            depth: node.depth,
            searched,
            pv: node.pv,
            improving: node.improving,
            gives_check,
            killer: stage == Stage::Killer,
            table_move_noisy: node.table_move_noisy,
            history: self.quiet_history(m, pos.turn(), node.ply),
        };
        (late_move_reduction(&late_move), late_move.history)
    }
}
