//! Quiescence search: at the horizon, captures and queen promotions are played out until the
//! position is quiet, with the static evaluation as a stand-pat score; in check, every evasion is
//! searched. The draw rules apply here too (insufficient material, the fifty-move rule, and
//! repetitions through check evasions), so a drawn position at the horizon is not scored by its
//! material. Out of check the stand pat comes before any move is generated: a position that
//! stands pat at or above beta only has to show that it is not stalemate, which the move
//! generator answers without generating.

use shakmaty::{Chess, Move, Position};

use crate::board::movegen::MoveGen;
use crate::eval::{mated_in, Score, DRAW, INFINITY, MATE_BOUND};
use crate::search::observer::{Decision, Prune, SearchObserver, Window};
use crate::search::pvs::decisions::table_cut;
use crate::search::pvs::params;
use crate::search::pvs::picker::Stage;
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::see::see_ge;
use crate::search::pvs::tt::{Bound, Hit};
use crate::search::types::MAX_PLY;

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// The quiescence value of `pos` within (alpha, beta).
    pub(super) fn quiesce(&mut self, pos: &Chess, ply: usize, alpha: Score, beta: Score) -> Score {
        let gen = MoveGen::new(pos);
        let score = self.quiesce_node(pos, &gen, ply, alpha, beta);
        self.context.leave(ply, Some(Window { alpha, beta }), score);
        score
    }

    /// [`PvsSearcher::quiesce`] with the node's move generator already built.
    pub(super) fn quiesce_node(
        &mut self,
        pos: &Chess,
        gen: &MoveGen,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if self.context.enter_quiescence(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.context.evaluate(pos);
        }
        if self.is_rule_draw(pos, gen) {
            return DRAW;
        }
        // The table settles null-window nodes whose stored bound already decides them, and
        // keeps the static evaluation.
        let key = self.context.history().key();
        let hit = self.probe(key, ply);
        if let Some(score) = self.quiescence_table_cut(hit, ply, alpha, beta) {
            return score;
        }
        let original_alpha = alpha;
        let in_check = gen.in_check();
        let mut best = -INFINITY;
        // The evaluator's static evaluation, which the table keeps; the corrected one stands pat.
        let mut raw_eval = None;
        // With futility on, captures that even winning the piece for free leaves a margin short
        // of alpha are skipped (delta pruning).
        let mut delta_floor = None;
        // The stand pat, that delta pruning's report gives.
        let mut eval = 0;
        if !in_check {
            let (raw, stand_pat) = self.static_eval(pos, hit);
            raw_eval = Some(raw);
            self.context
                .decide(ply, || Decision::StandPat { eval: stand_pat });
            if stand_pat >= beta {
                if !gen.has_legal_move() {
                    return DRAW;
                }
                self.store_quiescence(key, ply, hit, (stand_pat, Bound::Lower), None, raw_eval);
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            eval = stand_pat;
            if self.parts.futility && alpha.abs() < MATE_BOUND {
                delta_floor = Some(alpha - stand_pat - params::delta_margin());
            }
        }
        // In check every evasion, else the noisy moves only.
        self.stack[ply]
            .moves
            .start(None, self.parts.move_ordering, in_check);
        let losing = self.parts.futility && !in_check;
        let pruning = (delta_floor, eval, losing);
        let Some((best, best_move, searched)) =
            self.quiesce_moves(pos, gen, ply, (alpha, beta), best, pruning)
        else {
            return 0;
        };
        if !searched {
            // No move was generated: checkmate, stalemate, or a quiet position that stands pat.
            if in_check {
                return mated_in(ply);
            }
            if !gen.has_legal_move() {
                return DRAW;
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.store_quiescence(key, ply, hit, (best, bound), best_move, raw_eval);
        best
    }

    /// The table's score when its entry `hit` decides the null-window node at `ply`, told to
    /// the observer.
    #[inline(always)]
    fn quiescence_table_cut(
        &mut self,
        hit: Option<Hit>,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let hit = hit.filter(|hit| beta - alpha == 1 && hit.cuts(0, alpha, beta))?;
        self.context.stats_mut().tt_cutoffs += 1;
        self.context.table_cutoff(ply);
        self.context.decide(ply, || table_cut(hit));
        Some(hit.score)
    }

    /// Searches the moves of the quiescence node at `ply` from `best`, skipping those below
    /// `delta_floor` and, if `prune_losing`, those that lose material (`eval`: the stand pat):
    /// the best score, its move, and whether any move was handed out; None when stopped.
    #[inline(always)]
    fn quiesce_moves(
        &mut self,
        pos: &Chess,
        gen: &MoveGen,
        ply: usize,
        (mut alpha, beta): (Score, Score),
        mut best: Score,
        (delta_floor, eval, prune_losing): (Option<Score>, Score, bool),
    ) -> Option<(Score, Option<Move>, bool)> {
        let color = pos.turn();
        let mut searched = false;
        let mut best_move = None;
        while let Some((m, stage)) = self.next_move(gen, pos.board(), ply, color) {
            searched = true;
            let evaluation = self.context.evaluation();
            if let Some(floor) = delta_floor.filter(|&floor| evaluation.material_gain(m) < floor) {
                let rule = || {
                    let (gain, margin) = (evaluation.material_gain(m), params::delta_margin());
                    let alpha = floor + eval + margin;
                    Prune::Delta {
                        gain,
                        eval,
                        margin,
                        alpha,
                    }
                };
                self.context
                    .decide(ply, || Decision::Pruned { m, rule: rule() });
                continue;
            }
            if prune_losing && self.loses_material(pos, m, stage) {
                let rule = Prune::LosingCapture;
                self.context.decide(ply, || Decision::Pruned { m, rule });
                continue;
            }
            let child = self.play_move(pos, m);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            self.context.undo();
            if self.context.stopped() {
                return None;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if alpha >= beta {
                        self.report_cutoff(gen, pos.board(), ply, color);
                        break;
                    }
                }
            }
        }
        Some((best, best_move, searched))
    }

    /// Stores a quiescence result at depth 0, unless the node's probe (`hit`) found a deeper
    /// result for the same position (a full-width search's, worth more).
    #[inline]
    fn store_quiescence(
        &mut self,
        key: u64,
        ply: usize,
        hit: Option<Hit>,
        (score, bound): (Score, Bound),
        m: Option<Move>,
        eval: Option<Score>,
    ) {
        if hit.is_none_or(|hit| hit.depth <= 0) {
            self.store(key, (0, score, bound), m, ply, eval);
        }
    }

    /// Whether `m` loses material by static exchange: known from its stage when ordered.
    #[inline]
    fn loses_material(&self, pos: &Chess, m: Move, stage: Stage) -> bool {
        match stage {
            Stage::BadNoisy => true,
            Stage::Unordered => !see_ge(pos.board(), m, 0),
            _ => false,
        }
    }
}
