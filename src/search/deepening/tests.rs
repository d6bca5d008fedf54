//! Deepening: the next depth's predicted cost, and through whole searches the limits that end
//! the deepening (a mate found, a depth alone for the exact searches).

use super::*;
use crate::board::game::Game;
use crate::eval::MATE;
use crate::search::{run_alone, SearchConfig, SearchKind, SearchState};

/// Minimax's nodes per depth are the sizes of the game tree: 1 + perft(1) + ... + perft(d).
fn minimax_tree_sizes(perft: &[u64]) -> Vec<u64> {
    perft
        .iter()
        .scan(1, |total, count| {
            *total += count;
            Some(*total)
        })
        .collect()
}

/// The predicted cost of the depth after `measured`, in nodes.
fn predicted(measured: &[u64], branching: usize) -> f64 {
    let last = *measured.last().expect("a measured depth") as f64;
    last * expected_growth(measured, branching) * GROWTH_MARGIN
}

#[test]
fn minimax_depths_are_predicted_from_their_growth_not_eight_times() {
    // Perft counts of the start position and of Kiwipete (chessprogramming.org).
    let start = minimax_tree_sizes(&[20, 400, 8_902, 197_281, 4_865_609]);
    let kiwipete = minimax_tree_sizes(&[48, 2_039, 97_862, 4_085_603, 193_690_690]);
    for (sizes, branching) in [(start, 20), (kiwipete, 48)] {
        for d in 2..sizes.len() {
            let (measured, next) = (&sizes[..d], sizes[d] as f64);
            let estimate = predicted(measured, branching);
            assert!(estimate >= next, "{measured:?}: {estimate} < {next}");
            assert!(estimate <= 2.0 * next, "{measured:?}: {estimate} vs {next}");
            // The old assumption, 8 times the last depth, fell far short.
            assert!(8.0 * (measured[d - 1] as f64) < next / 2.0);
        }
    }
}

#[test]
fn alternating_growth_is_covered_by_the_larger_of_the_last_two() {
    // Alpha-beta: odd depths cost much more than the even depth before them.
    let nodes = [30, 120, 2_400, 9_000];
    assert_eq!(expected_growth(&nodes, 30), 20.0);
    assert_eq!(expected_growth(&nodes[..3], 30), 20.0);
    assert_eq!(expected_growth(&nodes[..2], 30), 4.0);
}

#[test]
fn before_two_depths_the_growth_is_the_number_of_root_moves() {
    assert_eq!(expected_growth(&[], 35), 35.0);
    assert_eq!(expected_growth(&[36], 35), 35.0);
    // Never a shrinking estimate, nor a division by zero.
    assert_eq!(expected_growth(&[0, 0], 1), 1.0);
    assert_eq!(expected_growth(&[100, 10], 20), 1.0);
    assert_eq!(expected_growth(&[], 0), 1.0);
}

#[test]
fn the_next_duration_scales_the_last_depths_time() {
    let mut costs = DepthCosts::new(Deepening::Afresh, 20);
    assert_eq!(costs.next_duration(), Duration::ZERO);
    costs.record(21, Duration::from_micros(10));
    assert_eq!(
        costs.next_duration(),
        Duration::from_micros(10).mul_f64(20.0 * GROWTH_MARGIN)
    );
    costs.record(420, Duration::from_micros(100));
    assert_eq!(
        costs.next_duration(),
        Duration::from_micros(100).mul_f64(20.0 * GROWTH_MARGIN)
    );
}

#[test]
fn an_incremental_search_expects_each_depth_to_take_twice_the_last() {
    let mut costs = DepthCosts::new(Deepening::Incremental, 20);
    costs.record(21, Duration::from_micros(10));
    costs.record(420, Duration::from_micros(100));
    assert_eq!(costs.next_duration(), Duration::from_micros(200));
}

/// A search of `fen` with `kind` under `limits`, from an empty table.
fn search(fen: &str, kind: SearchKind, limits: &Limits) -> SearchResult {
    let game = Game::from_fen(fen).expect("a legal FEN");
    let config = SearchConfig {
        kind,
        ..SearchConfig::DEFAULT
    };
    run_alone(&game, &config, limits, &mut SearchState::new(1))
}

#[test]
fn go_mate_is_met_by_a_mate_in_that_many_moves_or_fewer() {
    let limits = |mate| Limits {
        mate,
        ..Limits::default()
    };
    let mate_in = |moves: Score| MATE - (2 * moves - 1);
    assert!(mate_limit_reached(&limits(Some(2)), mate_in(1)));
    assert!(mate_limit_reached(&limits(Some(2)), mate_in(2)));
    assert!(!mate_limit_reached(&limits(Some(2)), mate_in(3)));
    // Being mated, a plain score, or no `go mate`: nothing is met.
    assert!(!mate_limit_reached(&limits(Some(2)), -mate_in(1)));
    assert!(!mate_limit_reached(&limits(Some(2)), 350));
    assert!(!mate_limit_reached(&limits(None), mate_in(1)));
    assert!(!mate_limit_reached(&limits(Some(0)), mate_in(1)));
}

#[test]
fn a_search_for_a_mate_stops_at_the_depth_that_proves_it() {
    // A back-rank mate in 1, Rd8#.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let limits = Limits {
        mate: Some(1),
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let result = search(fen, SearchKind::IterativeDeepening, &limits);
    assert_eq!(result.score, MATE - 1, "Rd8#");
    assert_eq!(result.depth, 1, "no depth after the mate in 1 was found");
}

#[test]
fn exact_searches_bounded_by_depth_alone_go_straight_to_it() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
        let at = |depth| {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            search(fen, kind, &limits).nodes
        };
        // With a node limit too, every depth is searched on the way: the sum of the three.
        let limits = Limits {
            depth: Some(3),
            nodes: Some(u64::MAX),
            ..Limits::default()
        };
        let deepened = search(fen, kind, &limits);
        assert_eq!(deepened.depth, 3);
        assert_eq!(deepened.nodes, at(1) + at(2) + at(3), "{kind:?}");
        assert!(at(3) < deepened.nodes);
    }
}
