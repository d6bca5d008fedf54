//! The selective parts of PvsSearcher, each switched by its option: null-move pruning,
//! futility pruning (quiet moves near the horizon that cannot lift a hopeless score) and
//! late-move reductions.

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
    let ln_depth = (m.depth.max(1) as f32).ln();
    let ln_number = ((m.searched + 1) as f32).ln();
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

    /// With futility pruning, the rule that prunes the late quiet move `late` (it does not
    /// check) of a node outside the PV and not in check, with the loop's `alpha`: futility by
    /// the depth it would be searched to after its reduction (at nodes too deep for the
    /// node-wide futility), then a bad history. None where neither does.
    #[inline]
    pub(super) fn quiet_move_pruning(
        &self,
        node: &Node,
        late: &LateMove,
        alpha: Score,
    ) -> Option<Prune> {
        let eval = node
            .static_eval
            .filter(|_| self.parts.futility && !node.pv)?;
        let depth = (node.depth - 1 - late_move_reduction(late)).max(0);
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
        let history = late.history;
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
pub(super) mod tests {
    use super::*;
    use crate::board::game::Game;
    use crate::eval::{is_mate_score, Evaluation, MATE};
    use crate::search::context::SearchContext;
    use crate::search::limits::{Limiter, Signals};
    use crate::search::pvs::history::Heuristics;
    use crate::search::pvs::tt::TranspositionTable;
    use crate::search::types::SearchConfig;
    use shakmaty::Move;
    use std::time::Instant;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Calls `check` with a searcher of `fen` under the default options (every selective part on).
    pub(in crate::search::pvs) fn with_searcher(
        fen: &str,
        check: impl FnOnce(&mut PvsSearcher, &Chess),
    ) {
        let game = Game::from_fen(fen).expect("legal");
        let signals = Signals::new(false);
        let mut report = |_| {};
        let limiter = Limiter::new(&signals, Instant::now(), None, None);
        let context = SearchContext::new(&game, limiter, Evaluation::Material, &mut report);
        let tt = TranspositionTable::new(1);
        let mut heuristics = Heuristics::default();
        let moves: Vec<Move> = game.position().legal_moves().into_iter().collect();
        let config = SearchConfig::default();
        let mut searcher = PvsSearcher::new(context, &moves, &config, &tt, &mut heuristics);
        check(&mut searcher, game.position());
    }

    /// A node outside the PV, not in check, not improving.
    pub(in crate::search::pvs) fn node(depth: i32, ply: usize) -> Node {
        Node {
            depth,
            ply,
            static_eval: Some(0),
            raw_eval: Some(0),
            ..Node::default()
        }
    }

    /// `node` in the principal variation.
    fn in_pv(node: Node) -> Node {
        Node { pv: true, ..node }
    }

    /// `node` in check.
    fn checked(node: Node) -> Node {
        Node {
            in_check: true,
            ..node
        }
    }

    #[test]
    fn the_null_move_is_tried_only_where_its_conditions_hold() {
        with_searcher(START, |searcher, pos| {
            assert!(searcher.may_try_null_move(pos, &node(3, 5), 100, 100));
            assert!(!searcher.may_try_null_move(pos, &node(2, 5), 100, 100));
            assert!(!searcher.may_try_null_move(pos, &node(3, 5), 100, 99));
            // Not straight after another null move (the node's parent, one ply up).
            searcher.stack[4].null_move = true;
            assert!(!searcher.may_try_null_move(pos, &node(3, 5), 100, 100));
            searcher.stack[4].null_move = false;
            searcher.stack[3].null_move = true;
            searcher.stack[6].null_move = true;
            assert!(searcher.may_try_null_move(pos, &node(3, 5), 100, 100));
            // Not against a mate score's beta.
            for beta in [MATE_BOUND, -MATE_BOUND, MATE - 3] {
                assert!(!searcher.may_try_null_move(pos, &node(3, 5), beta, MATE));
            }
            assert!(searcher.may_try_null_move(pos, &node(3, 5), MATE_BOUND - 1, MATE));
        });
        // Not with pawns and kings alone.
        with_searcher("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1", |searcher, pos| {
            assert!(!searcher.may_try_null_move(pos, &node(3, 5), 100, 100));
        });
    }

    #[test]
    fn the_null_move_search_is_reduced_by_depth_and_margin_keeping_a_ply() {
        for (depth, margin, reduction) in [
            (3, 0, 1),
            (3, 1000, 1),
            (7, 0, 5),
            (8, 0, 5),
            (9, 199, 6),
            (9, 200, 7),
            (12, 450, 9),
            (12, 599, 9),
            (12, 600, 10),
            (20, 650, 12),
            (20, 5000, 12),
        ] {
            assert_eq!(
                null_move_reduction(depth, margin),
                reduction,
                "depth {depth}, margin {margin}"
            );
        }
        for depth in 3..=30 {
            for margin in (0..2000).step_by(50) {
                assert!(depth - 1 - null_move_reduction(depth, margin) >= 1);
            }
        }
    }

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

    #[test]
    fn a_late_move_is_reduced_by_the_log_table_and_its_adjustments_but_never_into_quiescence() {
        let late = |depth, searched| LateMove {
            depth,
            searched,
            improving: true,
            ..LateMove::default()
        };
        // 0.75 + ln d · ln n / 2.25: depth 3, second move 1.09; depth 10, move 20 3.82; depth
        // 20, move 41 5.69.
        assert_eq!(late_move_reduction(&late(3, 1)), 1);
        assert_eq!(late_move_reduction(&late(10, 19)), 3);
        assert_eq!(late_move_reduction(&late(20, 40)), 5);
        let base = late(10, 19);
        let pv = LateMove { pv: true, ..base };
        let not_improving = LateMove {
            improving: false,
            ..base
        };
        let good = LateMove {
            history: 16384,
            ..base
        };
        let bad = LateMove {
            history: -16384,
            ..base
        };
        assert_eq!(late_move_reduction(&pv), 2);
        assert_eq!(late_move_reduction(&not_improving), 4);
        assert_eq!(late_move_reduction(&good), 1);
        assert_eq!(late_move_reduction(&bad), 5);
        // Never negative; the reduced search (depth - 1 - reduction) keeps a ply.
        let best = LateMove {
            history: 49152,
            ..base
        };
        assert_eq!(late_move_reduction(&best), 0);
        assert_eq!(late_move_reduction(&late(2, 10)), 0);
        for depth in 2..=40 {
            for searched in 0..=60 {
                for history in [-49152, 0, 49152] {
                    let m = LateMove {
                        improving: false,
                        history,
                        ..late(depth, searched)
                    };
                    let reduction = late_move_reduction(&m);
                    assert!(reduction >= 0 && depth - 1 - reduction >= 1, "{m:?}");
                }
            }
        }
    }

    #[test]
    fn reverse_futility_cuts_where_the_evaluation_beats_beta_by_its_margin() {
        with_searcher(START, |searcher, _| {
            let improving = Node {
                improving: true,
                ..node(8, 5)
            };
            assert_eq!(searcher.reverse_futility(&node(8, 5), 0, 640), Some(640));
            assert_eq!(searcher.reverse_futility(&node(8, 5), 0, 639), None);
            assert_eq!(searcher.reverse_futility(&improving, 0, 560), Some(560));
            assert_eq!(searcher.reverse_futility(&improving, 0, 559), None);
            assert_eq!(searcher.reverse_futility(&node(1, 5), 100, 180), Some(180));
            assert_eq!(searcher.reverse_futility(&node(1, 5), 100, 179), None);
            assert_eq!(searcher.reverse_futility(&node(9, 5), 0, 5000), None);
            // Never with a mate score for beta or the evaluation.
            for (beta, eval) in [(MATE_BOUND, MATE), (-MATE_BOUND, 0), (0, MATE_BOUND)] {
                assert_eq!(searcher.reverse_futility(&node(1, 5), beta, eval), None);
            }
            assert_eq!(
                searcher.reverse_futility(&node(1, 5), 0, MATE_BOUND - 1),
                Some(MATE_BOUND - 1)
            );
            assert_eq!(
                searcher.reverse_futility(&node(1, 5), 1 - MATE_BOUND, 0),
                Some(0)
            );
            let pv = in_pv(node(1, 5));
            let in_check = checked(node(1, 5));
            assert_eq!(searcher.reverse_futility(&pv, 0, 5000), None);
            assert_eq!(searcher.reverse_futility(&in_check, 0, 5000), None);
            searcher.parts.futility = false;
            assert_eq!(searcher.reverse_futility(&node(1, 5), 0, 5000), None);
        });
    }

    #[test]
    fn the_futility_value_is_the_evaluation_and_its_margin_where_they_miss_alpha() {
        with_searcher(START, |searcher, _| {
            assert_eq!(searcher.futility_value(&node(0, 5), 0, 0), Some(0));
            assert_eq!(searcher.futility_value(&node(1, 5), 0, -150), Some(0));
            assert_eq!(searcher.futility_value(&node(1, 5), 0, -149), None);
            assert_eq!(searcher.futility_value(&node(2, 5), 10, -390), Some(10));
            assert_eq!(searcher.futility_value(&node(2, 5), 10, -389), None);
            assert_eq!(searcher.futility_value(&node(2, 5), 10, -1000), Some(-600));
            assert_eq!(searcher.futility_value(&node(3, 5), 0, -5000), None);
            // Never against a mate score's alpha.
            assert_eq!(searcher.futility_value(&node(1, 5), MATE_BOUND, 0), None);
            assert_eq!(
                searcher.futility_value(&node(1, 5), -MATE_BOUND, -MATE),
                None
            );
            assert_eq!(
                searcher.futility_value(&node(1, 5), MATE_BOUND - 1, 0),
                Some(150)
            );
            let pv = in_pv(node(1, 5));
            let in_check = checked(node(1, 5));
            assert_eq!(searcher.futility_value(&pv, 0, -5000), None);
            assert_eq!(searcher.futility_value(&in_check, 0, -5000), None);
            searcher.parts.futility = false;
            assert_eq!(searcher.futility_value(&node(1, 5), 0, -5000), None);
        });
    }

    #[test]
    fn a_late_quiet_move_is_pruned_by_futility_at_its_reduced_depth_then_by_history() {
        with_searcher(START, |searcher, _| {
            // Depth 10, the twentieth move, not improving: reduced by 4, searched at depth 5.
            let late = LateMove {
                depth: 10,
                searched: 19,
                ..LateMove::default()
            };
            let shallow = Node {
                static_eval: Some(-775),
                ..node(10, 5)
            };
            let futility = |eval, alpha| {
                let node = Node {
                    static_eval: Some(eval),
                    ..shallow
                };
                searcher.quiet_move_pruning(&node, &late, alpha)
            };
            let margin = 150 + 125 * 5;
            assert_eq!(
                futility(-775, 0),
                Some(Prune::QuietFutility {
                    eval: -775,
                    margin,
                    alpha: 0,
                    depth: 5
                })
            );
            assert_eq!(futility(-774, 0), None);
            // Never against a mate score's alpha, nor with a mate score for the evaluation.
            assert_eq!(futility(-775, MATE_BOUND), None);
            assert_eq!(futility(-MATE, 0), None);
            // Beyond the reduced depth of 7, no futility: depth 20, the second move, reduced by
            // 2 plies, is searched at depth 17.
            let deep = LateMove {
                depth: 20,
                searched: 1,
                ..late
            };
            let node20 = Node {
                static_eval: Some(-5000),
                ..node(20, 5)
            };
            assert_eq!(searcher.quiet_move_pruning(&node20, &deep, 0), None);
            // Nor at the depths of the node-wide futility (1 and 2).
            let node2 = Node {
                static_eval: Some(-5000),
                ..node(2, 5)
            };
            let at_depth_2 = LateMove {
                depth: 2,
                searched: 5,
                ..LateMove::default()
            };
            assert_eq!(searcher.quiet_move_pruning(&node2, &at_depth_2, 0), None);
            // History: at reduced depth 3 or less, below −1,024 a ply of the node's depth.
            let at_depth_4 = |history| LateMove {
                depth: 4,
                searched: 10,
                history,
                ..LateMove::default()
            };
            let node4 = node(4, 5);
            let history = |h| searcher.quiet_move_pruning(&node4, &at_depth_4(h), 0);
            assert_eq!(
                history(-4097),
                Some(Prune::History {
                    history: -4097,
                    threshold: -4096,
                    depth: late_depth(&at_depth_4(-4097))
                })
            );
            assert_eq!(history(-4096), None);
            let deep_bad = LateMove {
                history: -49152,
                ..deep
            };
            assert_eq!(
                searcher.quiet_move_pruning(&node20, &deep_bad, 10_000),
                None
            );
            // Neither in the PV, in check (no static evaluation) or without futility pruning.
            let pv = in_pv(node4);
            let in_check = Node {
                static_eval: None,
                ..checked(node4)
            };
            let worst = at_depth_4(-49152);
            for node in [pv, in_check] {
                assert_eq!(searcher.quiet_move_pruning(&node, &worst, 0), None);
            }
            searcher.parts.futility = false;
            assert_eq!(searcher.quiet_move_pruning(&node4, &worst, 0), None);
        });
    }

    /// The depth a late move is searched to after its reduction.
    fn late_depth(late: &LateMove) -> i32 {
        late.depth - 1 - late_move_reduction(late)
    }

    #[test]
    fn shallow_nodes_prune_by_exchange_and_by_move_count() {
        with_searcher(START, |searcher, _| {
            for (depth, quiet, capture, late, late_improving) in [
                (1, -60, -20, 2, 4),
                (3, -180, -180, 6, 12),
                (5, -300, -500, 14, 28),
                (8, -480, -1280, 33, 67),
            ] {
                let shallow = node(depth, 5);
                let improving = Node {
                    improving: true,
                    ..shallow
                };
                assert_eq!(searcher.see_pruning_threshold(&shallow, true), Some(quiet));
                assert_eq!(
                    searcher.see_pruning_threshold(&shallow, false),
                    Some(capture)
                );
                assert_eq!(searcher.late_move_limit(&shallow), Some(late));
                assert_eq!(searcher.late_move_limit(&improving), Some(late_improving));
            }
            let pv = in_pv(node(1, 5));
            let in_check = checked(node(1, 5));
            for node in [node(9, 5), pv, in_check] {
                assert_eq!(searcher.see_pruning_threshold(&node, true), None);
                assert_eq!(searcher.see_pruning_threshold(&node, false), None);
                assert_eq!(searcher.late_move_limit(&node), None);
            }
            searcher.parts.futility = false;
            assert_eq!(searcher.see_pruning_threshold(&node(1, 5), true), None);
            assert_eq!(searcher.late_move_limit(&node(1, 5)), None);
        });
    }
}
