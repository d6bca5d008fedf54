//! Quiescence: its ply cap, its table probe, delta pruning and losing captures.

use super::*;

#[test]
fn quiescence_counts_its_probe_hit_cutoff_and_store() {
    observed(HANGING_QUEEN, 4, |searcher, pos| {
        // White stands pat at -800, at beta: a lower bound, stored; the second probe cuts.
        assert_eq!(searcher.quiesce(pos, 1, -801, -800), -800);
        assert_eq!(searcher.quiesce(pos, 1, -801, -800), -800);
        let stats = searcher.context.stats();
        let counts = [
            stats.tt_probes,
            stats.tt_hits,
            stats.tt_cutoffs,
            stats.tt_stores,
        ];
        assert_eq!(counts, [2, 1, 1, 1]);
    });
}

#[test]
fn quiescence_at_the_last_ply_is_the_static_evaluation() {
    observed(HANGING_QUEEN, 4, |searcher, pos| {
        assert_eq!(
            searcher.quiesce(pos, MAX_PLY - 1, -INFINITY, INFINITY),
            -800
        );
        // A ply earlier the queen is taken: the pawn is all that is left.
        assert_eq!(searcher.quiesce(pos, MAX_PLY - 2, -INFINITY, INFINITY), 100);
    });
}

#[test]
fn quiescence_prunes_no_capture_by_delta_against_a_mate_score_alpha() {
    // Alpha at the mate bound is a mate score: delta pruning, a material margin, does not
    // apply, the queen is taken and the node fails low with the capture's value.
    observed(HANGING_QUEEN, 4, |searcher, pos| {
        assert_eq!(searcher.quiesce(pos, 1, MATE_BOUND, MATE_BOUND + 1), 100);
    });
}

#[test]
fn a_delta_pruned_capture_tells_the_values_its_rule_compared() {
    // White, a knight up (+300), takes a pawn at most (+100): with alpha at +1000, the capture
    // cannot come within the margin of it.
    let fen = "4k3/8/8/3p4/4P3/8/8/1N2K3 w - - 0 1";
    let alpha = 1000;
    let recorded = observed(fen, 4, |searcher, pos| {
        assert_eq!(searcher.quiesce(pos, 1, alpha, alpha + 1), 300);
    });
    let rules: Vec<Prune> = recorded
        .decisions
        .iter()
        .filter_map(|(_, d)| match d {
            Decision::Pruned { rule, .. } => Some(*rule),
            _ => None,
        })
        .collect();
    let margin = params::delta_margin();
    assert!(100 + margin < alpha - 300, "the rule applies");
    assert_eq!(
        rules,
        [Prune::Delta {
            gain: 100,
            eval: 300,
            margin,
            alpha
        }]
    );
}

#[test]
fn without_ordering_quiescence_prunes_the_captures_that_lose_by_exchange() {
    // Qxd5 gives the queen for a pawn (c6 takes back); Qxa4 wins a knight for nothing.
    let fen = "4k3/8/2p5/3p4/n7/8/8/3QK3 w - - 0 1";
    let mut config = SearchConfig::default();
    config.parts.move_ordering = false;
    let recorded = observed_with(fen, &config, 4, |searcher, pos| {
        searcher.quiesce(pos, 1, -INFINITY, INFINITY);
    });
    let pruned: Vec<(String, Prune)> = recorded
        .decisions
        .iter()
        .filter_map(|(ply, d)| match d {
            Decision::Pruned { m, rule } if *ply == 1 => Some((m.to().to_string(), *rule)),
            _ => None,
        })
        .collect();
    assert_eq!(pruned, [("d5".to_string(), Prune::LosingCapture)]);
}
