//! The selective parts of IterativeDeepening, each switched by its option: null-move pruning,
//! futility pruning (quiet moves near the horizon that cannot lift a hopeless score) and
//! late-move reductions.

use shakmaty::{Chess, EnPassantMode, FromSetup, Position};

use crate::board::keys::zobrist_key;
use crate::eval::{Score, MATE_BOUND};
use crate::search::observer::SearchObserver;
use crate::search::pvs::searcher::{IterativeDeepening, Node};

/// The least depth at which a node tries the null move: the reduced search after it then still
/// has a full ply to see a quiet mate threat (quiescence sees only captures).
const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// Futility margins by remaining depth: a quiet move is not expected to gain more.
const FUTILITY_MARGIN: [Score; 3] = [0, 150, 400];

/// Reverse futility pruning (static null move) is tried up to this depth.
const REVERSE_FUTILITY_MAX_DEPTH: i32 = 8;

/// Reverse futility margin per ply of depth (one ply less when improving): what the opponent is
/// assumed able to win back.
const REVERSE_FUTILITY_MARGIN: Score = 80;

/// Moves that lose material by exchange are pruned up to this depth.
const SEE_PRUNING_MAX_DEPTH: i32 = 8;

/// Late-move pruning is tried up to this depth.
const LATE_MOVE_PRUNING_MAX_DEPTH: i32 = 8;

/// The reduction of a late quiet move: one ply, two for the later moves of a deep node.
#[inline]
pub(super) fn late_move_reduction(depth: i32, searched: usize) -> i32 {
    let reduction = if searched >= 6 && depth >= 6 { 2 } else { 1 };
    // Never straight into quiescence from a node that was to search a full ply more.
    reduction.min(depth - 2)
}

/// Whether the side to move has a piece besides pawns and king (null-move pruning is unsound in
/// pawn endings, where zugzwang is common).
#[inline]
fn has_pieces(pos: &Chess) -> bool {
    let board = pos.board();
    (board.by_color(pos.turn()) & !board.pawns() & !board.kings()).any()
}

/// What a node may return when the search after its null move scored `score` ≥ `beta`: the
/// score, but never a mate (a mate found after passing is no proof of one), and at least beta.
#[inline]
fn null_move_claim(score: Score, beta: Score) -> Score {
    score.min(MATE_BOUND - 1).max(beta)
}

/// The position with the other side to move (a null move): no en passant, the fifty-move count
/// restarted so that no repetition is found across it. None if it would not be legal.
fn null_position(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.swap_turn();
    setup.halfmoves = 0;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

impl<O: SearchObserver> IterativeDeepening<'_, '_, O> {
    /// Whether a node may pass to test its score (null-move pruning): not in the PV or in check,
    /// deep enough, not straight after another null move, against a beta that is no mate score
    /// and that the static evaluation already reaches, with pieces besides pawns.
    #[inline]
    pub(super) fn may_try_null_move(
        &self,
        pos: &Chess,
        node: &Node,
        beta: Score,
        static_eval: Score,
    ) -> bool {
        self.null_move
            && !node.pv
            && !node.in_check
            && node.depth >= NULL_MOVE_MIN_DEPTH
            && !self.null_at[node.ply - 1]
            && beta.abs() < MATE_BOUND
            && static_eval >= beta
            && has_pieces(pos)
    }

    /// The null-move test of a node whose static evaluation is at least beta: the side to move
    /// passes, and if a search reduced by R still fails high, so would any real move (short of
    /// zugzwang, which pawn-only endings are kept out for). The score to return, or None.
    pub(super) fn null_move_search(
        &mut self,
        pos: &Chess,
        node: &Node,
        beta: Score,
        static_eval: Score,
    ) -> Option<Score> {
        let null = null_position(pos)?;
        let (depth, ply) = (node.depth, node.ply);
        // The reduced search keeps a full ply to see a quiet mate threat.
        let reduction = (3 + depth / 3 + ((static_eval - beta) / 200).min(3)).min(depth - 2);
        self.null_at[ply] = true;
        self.played[ply] = None;
        self.context.play_null(zobrist_key(&null));
        let score = -self.negamax(&null, depth - 1 - reduction, ply + 1, -beta, -beta + 1);
        self.context.undo();
        self.null_at[ply] = false;
        (score >= beta && !self.context.stopped()).then(|| null_move_claim(score, beta))
    }

    /// With futility pruning, reverse futility (static null move): a node near the horizon,
    /// outside the PV and not in check, whose static evaluation beats beta by a margin growing
    /// with depth, is taken to fail high without a search. The score to return, or None.
    #[inline]
    pub(super) fn reverse_futility(
        &self,
        node: &Node,
        beta: Score,
        static_eval: Score,
    ) -> Option<Score> {
        let cut = self.futility
            && !node.pv
            && !node.in_check
            && node.depth <= REVERSE_FUTILITY_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval.abs() < MATE_BOUND
            && static_eval - REVERSE_FUTILITY_MARGIN * (node.depth - node.improving as i32) >= beta;
        cut.then_some(static_eval)
    }

    /// With futility pruning: the score that the node's quiet moves are assumed not to beat,
    /// when it does not reach alpha (near the horizon, outside the PV, not in check).
    #[inline]
    pub(super) fn futility_value(
        &self,
        node: &Node,
        alpha: Score,
        static_eval: Score,
    ) -> Option<Score> {
        let futile = self.futility
            && !node.pv
            && !node.in_check
            && node.depth < FUTILITY_MARGIN.len() as i32
            && alpha.abs() < MATE_BOUND
            && static_eval + FUTILITY_MARGIN[node.depth as usize] <= alpha;
        futile.then(|| static_eval + FUTILITY_MARGIN[node.depth as usize])
    }

    /// With futility pruning, the exchange a late move of a shallow node outside the PV and not
    /// in check must not lose more than to be searched: a quiet move 60 cp a ply, a capture 20 cp
    /// times the depth squared. None where nothing is pruned so.
    #[inline]
    pub(super) fn see_pruning_threshold(&self, node: &Node, quiet: bool) -> Option<Score> {
        let prunes =
            self.futility && !node.pv && !node.in_check && node.depth <= SEE_PRUNING_MAX_DEPTH;
        let threshold = if quiet {
            -60 * node.depth
        } else {
            -20 * node.depth * node.depth
        };
        prunes.then_some(threshold)
    }

    /// With futility pruning, how many quiet moves a shallow node outside the PV and not in
    /// check searches before it prunes the later ones: more with depth and when improving.
    #[inline]
    pub(super) fn late_move_limit(&self, node: &Node) -> Option<usize> {
        let prunes = self.futility
            && !node.pv
            && !node.in_check
            && node.depth <= LATE_MOVE_PRUNING_MAX_DEPTH;
        let limit = (3 + node.depth * node.depth) / (2 - node.improving as i32);
        prunes.then_some(limit as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{is_mate_score, MATE};

    #[test]
    fn a_null_move_search_claims_its_score_but_never_a_mate() {
        assert_eq!(null_move_claim(250, 100), 250);
        assert_eq!(null_move_claim(100, 100), 100);
        for mate in [MATE - 1, MATE - 9, MATE_BOUND] {
            let claim = null_move_claim(mate, 100);
            assert!(!is_mate_score(claim), "{mate} claimed as {claim}");
            assert_eq!(claim, MATE_BOUND - 1);
        }
    }
}
