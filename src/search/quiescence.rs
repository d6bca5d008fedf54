//! Quiescence search: at the horizon, captures and promotions are played out until the position
//! is quiet, with the static evaluation as a stand-pat score; in check, every evasion is searched.
//! The draw rules apply here too (insufficient material, the fifty-move rule, and repetitions
//! through check evasions), so a drawn position at the horizon is not scored by its material.

use shakmaty::{Chess, Position};

use crate::eval::{evaluate, mated_in, Score, DRAW};
use crate::search::iterative::Iterative;
use crate::search::MAX_PLY;

impl Iterative<'_, '_> {
    /// The quiescence value of `pos` within (alpha, beta).
    pub(super) fn quiesce(
        &mut self,
        pos: &Chess,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if self.tree.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        if self.is_rule_draw(pos, in_check) {
            return DRAW;
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        let mut best = -crate::eval::INFINITY;
        if !in_check {
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            moves.retain(|m| m.is_capture() || m.is_promotion());
        }
        let mut picker = self.picker(moves, None, pos.turn(), ply);
        while let Some(m) = picker.next() {
            let child = self.tree.play(pos, m);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha);
            self.tree.undo();
            if self.tree.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
