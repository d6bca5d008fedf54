//! The selective parts of PvsSearcher, each switched by its option: null-move pruning,
//! futility pruning (quiet moves near the horizon that cannot lift a hopeless score) and
//! late-move reductions.

use std::sync::LazyLock;

use shakmaty::{Chess, EnPassantMode, FromSetup, Position};

use crate::board::keys::zobrist_key;
use crate::eval::{Score, MATE_BOUND};
use crate::search::observer::{Decision, Prune, SearchObserver};
use crate::search::pvs::params;
use crate::search::pvs::searcher::{Node, PvsSearcher};

/// The plies a reduced search (null move, late move) keeps at least: never straight into
/// quiescence, which sees only captures, from a node that was to search a full ply more.
const MIN_REDUCED_DEPTH: i32 = 1;

/// What decides how far a late move is reduced.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LateMove {
    /// The node's remaining depth.
    pub depth: i32,
    /// How many moves the node searched before this one.
    pub searched: usize,
    /// A node of the principal variation.
    pub pv: bool,
    pub improving: bool,
    pub gives_check: bool,
    pub killer: bool,
    /// The node's table move is a capture or promotion.
    pub table_move_noisy: bool,
    /// The move's history (history table and both continuation histories; 0 for captures).
    pub history: i32,
}

/// One ply, in the 1024ths the reduction is computed in.
const PLY: i32 = 1024;

/// The reduction of a late move, from a log table (by default 0.75 + ln depth · ln move number
/// / 2.25 plies): a ply less in the PV, for a killer and for a check, a ply more when not
/// improving and when the table move is a capture, a ply less or more for each 8,192 of
/// history; never below 0, and the reduced search keeps a full ply.
#[inline]
pub(super) fn late_move_reduction(m: &LateMove) -> i32 {
    let ln_depth = ln(m.depth.max(1) as usize);
    let ln_number = ln(m.searched + 1);
    let divisor = params::lmr_divisor() as f32 / 100.0;
    let mut r = (params::lmr_base() as f32 + ln_depth * ln_number / divisor * 1024.0) as i32;
    r -= i32::from(m.pv) * params::lmr_pv();
    r -= i32::from(m.killer) * params::lmr_killer();
    r -= i32::from(m.gives_check) * params::lmr_check();
    r += i32::from(!m.improving) * params::lmr_not_improving();
    r += i32::from(m.table_move_noisy) * params::lmr_table_noisy();
    r -= m.history * PLY / params::lmr_history_divisor();
    (r / PLY).clamp(0, (m.depth - 1 - MIN_REDUCED_DEPTH).max(0))
}

/// The natural logarithms of 1 to 255 (of 1 at 0), computed once: the log table's factors.
static LN: LazyLock<[f32; 256]> = LazyLock::new(|| std::array::from_fn(|n| (n.max(1) as f32).ln()));

/// ln `n`, from the table below 256.
#[inline]
fn ln(n: usize) -> f32 {
    LN.get(n).copied().unwrap_or_else(|| (n as f32).ln())
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

/// How much shallower than the node the search after its null move is, at `depth` with a
/// static evaluation `margin` above beta: a base, a ply more for every few plies of depth and
/// for every so many centipawns of margin (up to a cap), but the reduced search keeps a full ply
/// to see a quiet mate threat.
#[inline]
fn null_move_reduction(depth: i32, margin: Score) -> i32 {
    let by_eval = (margin / params::nmp_eval_divisor()).min(params::nmp_eval_max());
    let reduction = params::nmp_base_reduction() + depth / params::nmp_depth_divisor() + by_eval;
    reduction.min(depth - 1 - MIN_REDUCED_DEPTH)
}

/// The futility margin at `depth` (0 at the horizon), or None beyond the depths it applies to.
#[inline]
pub(super) fn futility_margin(depth: i32) -> Option<Score> {
    match depth {
        0 => Some(0),
        1 => Some(params::fp_margin_1()),
        2 => Some(params::fp_margin_2()),
        _ => None,
    }
}

/// The margin by which reverse futility wants the static evaluation of `node` above beta.
#[inline]
pub(super) fn reverse_futility_margin(node: &Node) -> Score {
    params::rfp_margin() * (node.depth - node.improving as i32)
}

/// The position with the other side to move (a null move): no en passant, the fifty-move count
/// restarted so that no repetition is found across it. None if it would not be legal.
fn null_position(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.swap_turn();
    setup.halfmoves = 0;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
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
        self.parts.null_move
            && !node.pv
            && !node.in_check
            && node.depth >= params::nmp_min_depth()
            && !self.stack[node.ply - 1].null_move
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
        let reduction = null_move_reduction(depth, static_eval - beta);
        self.stack[ply].null_move = true;
        self.stack[ply].played = None;
        self.context.play_null(zobrist_key(&null));
        self.context
            .decide(ply, || Decision::NullMove { depth, reduction });
        let score = -self.negamax(&null, depth - 1 - reduction, ply + 1, -beta, -beta + 1);
        self.context.undo();
        self.stack[ply].null_move = false;
        let cut = score >= beta && !self.context.stopped();
        self.context
            .decide(ply, || Decision::NullMoveResult { score, beta, cut });
        cut.then(|| null_move_claim(score, beta))
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
        let cut = self.parts.futility
            && !node.pv
            && !node.in_check
            && node.depth <= params::rfp_max_depth()
            && beta.abs() < MATE_BOUND
            && static_eval.abs() < MATE_BOUND
            && static_eval - reverse_futility_margin(node) >= beta;
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
        let margin = futility_margin(node.depth)?;
        let futile = self.parts.futility
            && !node.pv
            && !node.in_check
            && alpha.abs() < MATE_BOUND
            && static_eval + margin <= alpha;
        futile.then_some(static_eval + margin)
    }

    /// With futility pruning, the rule that prunes a late quiet move that does not check, of
    /// `reduction` plies and with `history`, at a node outside the PV and not in check, with
    /// the loop's `alpha`: futility by the depth it would be searched to after its reduction
    /// (at nodes too deep for the node-wide futility), then a bad history. None where neither
    /// does.
    #[inline]
    pub(super) fn quiet_move_pruning(
        &self,
        node: &Node,
        reduction: i32,
        history: i32,
        alpha: Score,
    ) -> Option<Prune> {
        let eval = node
            .static_eval
            .filter(|_| self.parts.futility && !node.pv)?;
        let depth = (node.depth - 1 - reduction).max(0);
        let margin = params::qfp_base() + params::qfp_margin() * depth;
        if depth <= params::qfp_max_depth()
            && futility_margin(node.depth).is_none()
            && alpha.abs() < MATE_BOUND
            && eval.abs() < MATE_BOUND
            && eval + margin <= alpha
        {
            return Some(Prune::QuietFutility {
                eval,
                margin,
                alpha,
                depth,
            });
        }
        let threshold = -params::hp_margin() * node.depth;
        (depth <= params::hp_max_depth() && history < threshold).then_some(Prune::History {
            history,
            threshold,
            depth,
        })
    }

    /// With futility pruning, the exchange a late move of a shallow node outside the PV and not
    /// in check must not lose more than to be searched: a quiet move a margin per ply, a capture
    /// a margin times the depth squared. None where nothing is pruned so.
    #[inline]
    pub(super) fn see_pruning_threshold(&self, node: &Node, quiet: bool) -> Option<Score> {
        let prunes = self.parts.futility
            && !node.pv
            && !node.in_check
            && node.depth <= params::see_max_depth();
        let threshold = if quiet {
            -params::see_quiet_margin() * node.depth
        } else {
            -params::see_noisy_margin() * node.depth * node.depth
        };
        prunes.then_some(threshold)
    }

    /// With futility pruning, how many quiet moves a shallow node outside the PV and not in
    /// check searches before it prunes the later ones: more with depth and when improving.
    #[inline]
    pub(super) fn late_move_limit(&self, node: &Node) -> Option<usize> {
        let prunes = self.parts.futility
            && !node.pv
            && !node.in_check
            && node.depth <= params::lmp_max_depth();
        let divisor = params::lmp_divisor() - node.improving as i32;
        let limit = (params::lmp_base() + node.depth * node.depth) / divisor;
        prunes.then_some(limit as usize)
    }
}

#[cfg(test)]
pub(super) mod tests;
