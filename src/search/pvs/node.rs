//! A node of IterativeDeepening below the root: the table probe, the selective parts, the
//! principal variation search of its moves, and the table store.

use crate::board::movegen::{CheckInfo, MoveGen};
use crate::board::rules::{self, Repetition};
use crate::eval::{mated_in, Score, DRAW, INFINITY, MATE, MATE_BOUND};
use crate::search::observer::{Decision, Extended, SearchObserver, Window};
use crate::search::pvs::decisions::re_search;
use crate::search::pvs::history::piece_to;
use crate::search::pvs::move_plan::{MovePlan, Progress};
use crate::search::pvs::params;
use crate::search::pvs::picker::Stage;
use crate::search::pvs::searcher::{Node, PvsSearcher, EXTENSION_PLIES_PER_DEPTH};
use crate::search::pvs::selective::reverse_futility_margin;
use crate::search::pvs::tt::{Bound, Hit};
use crate::search::types::{score_without_moves, MAX_PLY};
use shakmaty::{Board, Chess, Color, Move, Position};

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// The principal variation search of `pos` with `depth` plies left, told to the observer.
    #[inline]
    pub(super) fn negamax(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let score = self.negamax_node(pos, depth, ply, alpha, beta);
        self.context.leave(ply, Some(Window { alpha, beta }), score);
        score
    }

    /// [`PvsSearcher::negamax`] without the observer.
    pub(super) fn negamax_node(
        &mut self,
        pos: &Chess,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let gen = MoveGen::new(pos);
        let in_check = gen.in_check();
        // A search without the table move (the singularity test) keeps the depth it is given:
        // the node it tests was extended already.
        let may_extend = self.stack[ply].excluded.is_none()
            && ply < EXTENSION_PLIES_PER_DEPTH * self.root_depth as usize
            && ply < MAX_PLY / 2;
        if in_check && may_extend {
            depth += 1;
        }
        if depth <= 0 {
            return if self.parts.quiescence {
                self.quiesce_node(pos, &gen, ply, alpha, beta)
            } else {
                self.leaf(pos, &gen, ply)
            };
        }
        if self.context.enter(ply) {
            return 0;
        }
        if in_check && may_extend {
            let cause = Extended::Check;
            self.context
                .decide(ply, || Decision::Extension { depth, cause });
        }
        if ply >= MAX_PLY - 1 {
            return self.context.evaluate(pos);
        }
        if self.is_rule_draw(pos, &gen) {
            return DRAW;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(MATE - ply as Score - 1);
        if alpha >= beta {
            self.context
                .decide(ply, || Decision::MateDistance { alpha, beta });
            return alpha;
        }
        let (hit, tablebase) = match self.probe_node(pos, depth, ply, (alpha, beta)) {
            Ok(found) => found,
            Err(score) => return score,
        };
        let count = gen.count_moves(2);
        if count == 0 {
            return score_without_moves(in_check, ply);
        }
        if count == 1 && !in_check && may_extend {
            depth += 1;
            let cause = Extended::OneReply;
            self.context
                .decide(ply, || Decision::Extension { depth, cause });
        }
        // A single move is extended already, never tested for singularity.
        let node = (
            depth,
            ply,
            in_check,
            beta - alpha > 1,
            may_extend && count > 1,
        );
        match self.search_node(pos, &gen, node, hit, (alpha, beta)) {
            Ok(score) => self.bound_by_tablebase(tablebase, score, depth, ply),
            Err(score) => score,
        }
    }

    /// The static evaluation, the selective parts and the moves of a node `(depth, ply, in
    /// check, in the PV, whose table move may be extended)`: Ok with the moves' score, Err with
    /// a score the selective parts settled. A search without the table move (the singularity
    /// test) takes its node's static evaluation and prunes nothing before its moves.
    #[inline]
    fn search_node(
        &mut self,
        pos: &Chess,
        gen: &MoveGen,
        (depth, ply, in_check, pv, extendable): (i32, usize, bool, bool, bool),
        hit: Option<Hit>,
        (alpha, beta): (Score, Score),
    ) -> Result<Score, Score> {
        let excluding = self.stack[ply].excluded.is_some();
        // No static evaluation in check: nothing there would use it. The table keeps the raw
        // one; a search without the table move stores nothing and needs none.
        let (raw_eval, static_eval) = if excluding {
            (None, self.stack[ply].eval)
        } else {
            (!in_check).then(|| self.static_eval(pos, hit)).unzip()
        };
        self.stack[ply].eval = static_eval;
        let mut node = Node {
            depth,
            ply,
            alpha,
            beta,
            in_check,
            pv,
            improving: self.improving(ply, static_eval),
            futility_value: None,
            static_eval,
            raw_eval,
            table_move_noisy: false,
            table_move_extension: 0,
            late_limit: None,
            reduce: false,
        };
        if let Some(eval) = static_eval.filter(|_| !excluding) {
            let eval = refined_by(eval, hit);
            if let Some(score) = self.prune_node(pos, &mut node, eval) {
                return Err(score);
            }
        }
        let table_move = hit.and_then(|hit| gen.decode(hit.mv));
        node.table_move_noisy = table_move.is_some_and(|m| !is_quiet(m));
        self.context.table_move(ply, table_move);
        // Internal iterative reduction: a deep node the table knows no move for is searched a
        // ply shallower (it will be searched again deeper, with a move to try first).
        let iir = self.parts.futility && !in_check && !excluding;
        if table_move.is_none() && depth >= params::iir_min_depth() && iir {
            node.depth -= 1;
            let depth = node.depth;
            self.context.decide(ply, || Decision::Iir { depth });
        }
        if let (Some(m), Some(hit), true) = (table_move, hit, extendable) {
            node.table_move_extension = self.singular_extension(pos, &node, (m, hit), beta)?;
        }
        let continuation = self.stack.continuation(ply);
        let moves = &mut self.stack[ply].moves;
        moves.start(table_move, self.parts.move_ordering, true);
        moves.follow(continuation);
        if node.futility_value.is_some() {
            moves.quiet_checks_only();
        }
        Ok(self.search_moves(pos, gen, node))
    }

    /// Whether the static evaluation at `ply` beats the one two plies before (the same side to
    /// move): the position is getting better, so pruning on it is less safe.
    #[inline]
    fn improving(&self, ply: usize, static_eval: Option<Score>) -> bool {
        match (static_eval, self.stack.eval_two_plies_up(ply)) {
            (Some(now), Some(before)) => now > before,
            (Some(_), None) => ply < 2,
            _ => false,
        }
    }

    /// The selective parts before the moves of a node out of check (static evaluation `eval`):
    /// reverse futility and null move, which may settle it (the score returned), and the
    /// futility value set in `node`.
    fn prune_node(&mut self, pos: &Chess, node: &mut Node, eval: Score) -> Option<Score> {
        let (alpha, beta) = (node.alpha, node.beta);
        if let Some(score) = self.reverse_futility(node, beta, eval) {
            let margin = reverse_futility_margin(node);
            self.context.decide(node.ply, || Decision::ReverseFutility {
                eval,
                margin,
                beta,
            });
            return Some(score);
        }
        if self.may_try_null_move(pos, node, beta, eval) {
            if let Some(score) = self.null_move_search(pos, node, beta, eval) {
                return Some(score);
            }
            if self.context.stopped() {
                return Some(0);
            }
        }
        node.futility_value = self.futility_value(node, alpha, eval);
        if let Some(value) = node.futility_value {
            let margin = value - eval;
            self.context.decide(node.ply, || Decision::Futile {
                eval,
                margin,
                alpha,
            });
        }
        None
    }

    /// The next move of the frame at `ply`, and its stage.
    #[inline]
    pub(super) fn next_move(
        &mut self,
        gen: &MoveGen,
        board: &Board,
        ply: usize,
        color: Color,
    ) -> Option<(Move, Stage)> {
        let frame = &mut self.stack[ply];
        frame
            .moves
            .next(gen, board, self.heuristics, color, frame.killers)
    }

    /// Searches the moves in the frame of `ply` (PVS, with late-move reductions and futility
    /// pruning), records the result in the table and the heuristics.
    pub(super) fn search_moves(&mut self, pos: &Chess, gen: &MoveGen, mut node: Node) -> Score {
        let (depth, ply, beta) = (node.depth, node.ply, node.beta);
        let color = pos.turn();
        node.reduce =
            self.parts.late_move_reductions && depth >= params::lmr_min_depth() && !node.in_check;
        node.late_limit = self.late_move_limit(&node);
        // Where futility prunes the quiet moves that do not check (the frame does not even
        // generate them), none of them is expected to beat the futility value.
        let best = node.futility_value.unwrap_or(-INFINITY);
        let mut progress = Progress {
            searched: 0,
            best,
            alpha: node.alpha,
        };
        let mut best_move = None;
        // Whether moves give check, found without playing them, for the moves that may be pruned or reduced.
        let mut checks: Option<CheckInfo> = None;
        self.stack[ply].quiets.clear();
        let excluded = self.stack[ply].excluded;
        while let Some((m, stage)) = self.next_move(gen, pos.board(), ply, color) {
            if Some(m) == excluded {
                continue;
            }
            let plan = self.plan_move(pos, m, stage, &node, &progress, &mut checks);
            let MovePlan::Search(reduction) = plan else {
                continue;
            };
            let score = self.search_move(pos, m, &node, &progress, reduction);
            progress.searched += 1;
            if self.context.stopped() {
                return 0;
            }
            if score > progress.best {
                progress.best = score;
                if score > progress.alpha {
                    progress.alpha = score;
                    best_move = Some(m);
                    self.context.pv_mut().update(ply, m);
                    if progress.alpha >= beta {
                        self.on_beta_cutoff(m, pos, ply, depth);
                        self.report_cutoff(gen, pos.board(), ply, color);
                        break;
                    }
                }
            }
        }
        let best = progress.best;
        // The search without the table move knows only a bound on the other moves: it neither
        // teaches the correction history nor stores.
        if excluded.is_none() {
            let bound = Bound::of(best, node.alpha, beta);
            self.learn_correction(pos, &node, (best, best_move, bound));
            let key = self.context.history().key();
            self.store(key, (depth, best, bound), best_move, ply, node.raw_eval);
        }
        best
    }

    /// Plays `m`, the move of the node after `progress.searched` others, and searches it: the
    /// first (the table move, when there is one) with the full window and its singular
    /// extension, the later ones by [`PvsSearcher::search_later_move`], reduced by
    /// `reduction` plies ([`late_move_reduction`](super::selective::late_move_reduction)).
    #[inline(always)]
    fn search_move(
        &mut self,
        pos: &Chess,
        m: Move,
        node: &Node,
        progress: &Progress,
        reduction: i32,
    ) -> Score {
        let (depth, ply) = (node.depth, node.ply);
        let (searched, alpha, beta) = (progress.searched, progress.alpha, node.beta);
        if is_quiet(m) {
            self.stack[ply].quiets.push(m);
        }
        self.stack[ply].played = Some(piece_to(pos.turn(), m));
        let child = self.play_move(pos, m);
        let score = if searched == 0 {
            let depth = depth + node.table_move_extension;
            -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
        } else {
            if reduction > 0 {
                let (plies, number) = (reduction, searched + 1);
                self.context.decide(ply, || Decision::Reduction {
                    plies,
                    number,
                    depth,
                });
            }
            self.search_later_move(&child, node, reduction, alpha)
        };
        self.context.undo();
        score
    }

    /// The history of the quiet move `m` by `color` at `ply` (history and both continuation
    /// histories); 0 for a capture or promotion.
    #[inline]
    pub(super) fn quiet_history(&self, m: Move, color: Color, ply: usize) -> i32 {
        if is_quiet(m) {
            let cont = self.stack.continuation(ply);
            self.heuristics.quiet_score(color, m, cont)
        } else {
            0
        }
    }

    /// A move after the first (principal variation search) with the loop's `alpha`: a
    /// null-window search, reduced by `reduction` plies first; searched again at full depth,
    /// then with the node's full window, while it beats alpha.
    #[inline]
    pub(super) fn search_later_move(
        &mut self,
        child: &Chess,
        node: &Node,
        reduction: i32,
        alpha: Score,
    ) -> Score {
        let (new_depth, ply, beta) = (node.depth - 1, node.ply + 1, node.beta);
        let mut score = -self.negamax(child, new_depth - reduction, ply, -alpha - 1, -alpha);
        if reduction > 0 && score > alpha && !self.context.stopped() {
            self.context
                .decide(node.ply, || re_search(true, score, alpha));
            score = -self.negamax(child, new_depth, ply, -alpha - 1, -alpha);
        }
        if score > alpha && score < beta && !self.context.stopped() {
            self.context
                .decide(node.ply, || re_search(false, score, alpha));
            score = -self.negamax(child, new_depth, ply, -beta, -alpha);
        }
        score
    }

    /// A node at the horizon with quiescence off: the rules' verdict or the static evaluation.
    pub(super) fn leaf(&mut self, pos: &Chess, gen: &MoveGen, ply: usize) -> Score {
        if self.context.enter(ply) {
            return 0;
        }
        if self.is_rule_draw(pos, gen) {
            return DRAW;
        }
        if !gen.has_legal_move() {
            return score_without_moves(gen.in_check(), ply);
        }
        self.context.evaluate(pos)
    }

    /// A draw by the rules below the root, a repetition inside the search counting as one.
    /// The history's last key must be `pos`'s.
    #[inline]
    pub(super) fn is_rule_draw(&self, pos: &Chess, gen: &MoveGen) -> bool {
        // Only in check can there be no move.
        let not_mated = || !gen.in_check() || gen.has_legal_move();
        rules::is_draw(pos, self.context.history(), Repetition::InSearch, not_mated)
    }

    /// A beta cutoff by `m`: a quiet `m` gains in the history, the quiet moves tried before it
    /// lose.
    pub(super) fn on_beta_cutoff(&mut self, m: Move, pos: &Chess, ply: usize, depth: i32) {
        self.context.stats_mut().beta_cutoffs += 1;
        if self.parts.move_ordering && is_quiet(m) {
            let cont = self.stack.continuation(ply);
            let frame = &mut self.stack[ply];
            frame.add_killer(m);
            self.heuristics
                .record_cutoff(m, &frame.quiets, pos.turn(), depth, cont);
        }
    }
}

/// The static evaluation `eval` corrected by the table's score where its bound says the
/// true value lies beyond it (a mate score is no correction).
#[inline]
fn refined_by(eval: Score, hit: Option<Hit>) -> Score {
    match hit {
        Some(hit) if hit.score.abs() < MATE_BOUND => match hit.bound {
            Bound::Exact => hit.score,
            Bound::Lower => eval.max(hit.score),
            Bound::Upper => eval.min(hit.score),
        },
        _ => eval,
    }
}

/// Whether `m` is a quiet move for the history: no capture, no promotion.
#[inline]
pub(super) fn is_quiet(m: Move) -> bool {
    !m.is_capture() && !m.is_promotion()
}
