//! The time manager's cost model: the next depth's nodes and time predicted from the depths
//! measured, each depth measured from where it started, soft nodes spent as soft time is.

use std::time::Instant;

use super::tests::before_now;
use super::*;
use crate::search::limits::Signals;

const SECOND: Duration = Duration::from_secs(1);

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
            // A fixed guess of 8 times the last depth falls far short.
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

#[test]
fn soft_nodes_are_spent_as_the_soft_time_limit_is() {
    // 1,000 nodes searched, the last depth 1,000 of them: an incremental search's next depth
    // is expected to take 2,000 more.
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, Instant::now(), None, None);
    for _ in 0..1000 {
        limiter.count_node();
    }
    let with_soft_nodes = |soft, stable_depths| {
        let mut costs = DepthCosts::new(Deepening::Incremental, 20);
        costs.record(1000, Duration::ZERO);
        TimeManager {
            budget: None,
            soft_nodes: Some(soft),
            costs,
            stable_depths,
            started: (Duration::ZERO, 0),
        }
    };
    // Two depths stable: the soft nodes unscaled.
    assert!(with_soft_nodes(3000, 2).may_start(&mut limiter, None));
    assert!(!with_soft_nodes(2999, 2).may_start(&mut limiter, None));
    // A best move that just changed may use half as many again; one stable for long, less.
    assert!(with_soft_nodes(2000, 0).may_start(&mut limiter, None));
    assert!(!with_soft_nodes(3500, 6).may_start(&mut limiter, None));
    // Without soft nodes only the clock (none here) and the hard limits decide.
    let mut unbounded = with_soft_nodes(1, 2);
    unbounded.soft_nodes = None;
    assert!(unbounded.may_start(&mut limiter, None));
}

#[test]
fn each_depth_is_measured_from_where_it_started() {
    // The depth started 1 s after the `go`, at node 1,000; it ends 3 s after it, at node 3,000.
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, before_now(3 * SECOND), None, None);
    for _ in 0..3000 {
        limiter.count_node();
    }
    let mut time = TimeManager::new(&Limits::default(), Deepening::Incremental, 20);
    time.started = (SECOND, 1000);
    time.completed(&limiter, false);
    assert_eq!(time.costs.nodes, [2000]);
    let took = time.costs.last_time;
    assert!(took >= 2 * SECOND && took < 3 * SECOND, "{took:?}");
}

#[test]
fn no_depth_starts_at_the_hard_limit() {
    let hard = Duration::from_millis(100);
    let before = hard - Duration::from_millis(1);
    let whole = TimeBudget::whole(hard);
    assert!(whole.allows(before, Duration::ZERO, 1.0));
    assert!(!whole.allows(hard, Duration::ZERO, 1.0));
    // A soft limit at the hard one, and a depth expected to cost nothing.
    let clock = TimeBudget {
        soft: hard,
        hard,
        whole: false,
    };
    assert!(clock.allows(before, Duration::ZERO, 1.0));
    assert!(!clock.allows(hard, Duration::ZERO, 1.0));
}

#[test]
fn a_movestogo_of_zero_counts_as_none_given() {
    // UCI's movestogo is positive; a GUI's 0 must not divide the clock by zero.
    let clock = |moves_to_go| ClockState {
        time_left_ms: 10_000,
        increment_ms: 100,
        moves_to_go,
    };
    assert_eq!(
        clock_budget(clock(Some(0)), 10),
        clock_budget(clock(None), 10)
    );
    assert_ne!(
        clock_budget(clock(Some(1)), 10),
        clock_budget(clock(None), 10)
    );
}

#[test]
fn the_next_depths_nodes_grow_as_its_time_does() {
    // Depths of 21 and 420 nodes: a growth of 20, so 420 × 20 nodes and then the margin.
    let mut costs = DepthCosts::new(Deepening::Afresh, 20);
    costs.record(21, Duration::from_micros(10));
    costs.record(420, Duration::from_micros(100));
    assert_eq!(costs.next_nodes(), 420.0 * 20.0 * GROWTH_MARGIN);
    let ratio = costs.next_duration().as_secs_f64() / Duration::from_micros(100).as_secs_f64();
    assert!((ratio - costs.next_nodes() / 420.0).abs() < 1e-6, "{ratio}");
}
