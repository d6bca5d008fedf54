//! Singular extensions at the edges of their bounds: the mate bound, a score at the singular
//! bound, a score at the double extension's margin.

use super::*;
use crate::search::pvs::selective::tests::node;

/// The singularity test of the start position's first move at a node of depth 8 at ply 2
/// outside the PV, the table holding a lower bound of `score` from depth 8: the result and
/// the nodes it searched. The material evaluator scores every line of the start position 0.
fn singular_at_start(score: Score, beta: Score) -> (Result<i32, Score>, u64) {
    singular_told(score, beta).0
}

/// [`singular_at_start`] and the extensions told to the observer at the node.
fn singular_told(score: Score, beta: Score) -> ((Result<i32, Score>, u64), Vec<Decision>) {
    let mut result = None;
    let recorded = observed(START, 20, |searcher, pos| {
        let m = shakmaty::Position::legal_moves(pos)[0];
        let hit = Hit {
            mv: 0,
            score,
            depth: 8,
            bound: Bound::Lower,
            eval: None,
        };
        let before = searcher.context.limiter().nodes();
        let extension = searcher.singular_extension(pos, &node(8, 2), (m, hit), beta);
        result = Some((extension, searcher.context.limiter().nodes() - before));
    });
    let extensions = recorded
        .decisions
        .iter()
        .filter(|(ply, d)| *ply == 2 && matches!(d, Decision::Extension { .. }))
        .map(|&(_, d)| d)
        .collect();
    (result.expect("tested"), extensions)
}

#[test]
fn a_singular_bound_at_the_mate_bound_is_not_tested() {
    let margin = params::se_beta_margin() * 8;
    // The singular bound at -MATE_BOUND is a mate score: no test, no node.
    assert_eq!(singular_at_start(margin - MATE_BOUND, 0), (Ok(0), 0));
    // A point above it is tested.
    let (_, nodes) = singular_at_start(margin - MATE_BOUND + 1, 0);
    assert!(nodes > 0);
}

#[test]
fn the_other_moves_reaching_the_singular_bound_exactly_are_not_singular() {
    let margin = params::se_beta_margin() * 8;
    // Every other move scores 0: at a singular bound of 0 they reach it, no extension, and
    // no multi-cut against beta 1.
    assert_eq!(singular_at_start(margin, 1).0, Ok(0));
    // A point higher they stay below it: singular, a ply.
    assert_eq!(singular_at_start(margin + 1, 1).0, Ok(1));
}

#[test]
fn the_double_extension_needs_the_others_below_its_margin() {
    let (margin, double) = (params::se_beta_margin() * 8, params::se_double_margin());
    // The others' 0 exactly the double margin below the singular bound: one ply.
    assert_eq!(singular_at_start(margin + double, 1).0, Ok(1));
    // Further below: two.
    assert_eq!(singular_at_start(margin + double + 1, 1).0, Ok(2));
}

#[test]
fn a_singular_extension_is_told_with_the_depth_its_move_is_searched_to() {
    let (margin, double) = (params::se_beta_margin() * 8, params::se_double_margin());
    for (table, plies) in [(margin + 1, 1), (margin + double + 1, 2)] {
        let ((extension, _), told) = singular_told(table, 1);
        assert_eq!(extension, Ok(plies));
        let cause = Extended::Singular {
            plies,
            score: 0,
            beta: table - margin,
        };
        assert_eq!(
            told,
            [Decision::Extension {
                depth: 8 - 1 + plies,
                cause
            }]
        );
    }
}
