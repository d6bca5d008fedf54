//! Tests of the selective parts.

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
            pruning(searcher, &node, &late, alpha)
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
        assert_eq!(pruning(searcher, &node20, &deep, 0), None);
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
        assert_eq!(pruning(searcher, &node2, &at_depth_2, 0), None);
        // History: at reduced depth 3 or less, below −1,024 a ply of the node's depth.
        let at_depth_4 = |history| LateMove {
            depth: 4,
            searched: 10,
            history,
            ..LateMove::default()
        };
        let node4 = node(4, 5);
        let history = |h| pruning(searcher, &node4, &at_depth_4(h), 0);
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
        assert_eq!(pruning(searcher, &node20, &deep_bad, 10_000), None);
        // Neither in the PV, in check (no static evaluation) or without futility pruning.
        let pv = in_pv(node4);
        let in_check = Node {
            static_eval: None,
            ..checked(node4)
        };
        let worst = at_depth_4(-49152);
        for node in [pv, in_check] {
            assert_eq!(pruning(searcher, &node, &worst, 0), None);
        }
        searcher.parts.futility = false;
        assert_eq!(pruning(searcher, &node4, &worst, 0), None);
    });
}

/// The rule `searcher` prunes the late quiet move `late` by, with the loop's `alpha`.
fn pruning<O: SearchObserver>(
    searcher: &PvsSearcher<'_, '_, O>,
    node: &Node,
    late: &LateMove,
    alpha: Score,
) -> Option<Prune> {
    searcher.quiet_move_pruning(node, late_move_reduction(late), late.history, alpha)
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
