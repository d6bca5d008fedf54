//! The time manager: the budget of a move from its clock or movetime, the next depth's
//! predicted cost, and the decision to start it — the soft limit scaled by the best move's
//! stability, a movetime spent whole, a ponder search's time counted from its `go`. Time is
//! simulated by starting the limiter in the past: no test sleeps.

use std::time::Instant;

use super::*;
use crate::search::limits::Signals;

const SECOND: Duration = Duration::from_secs(1);

/// A moment `ago` before now.
pub(super) fn before_now(ago: Duration) -> Instant {
    Instant::now()
        .checked_sub(ago)
        .expect("the machine has been up for longer")
}

/// The budget of `go movetime movetime_ms` with `Move Overhead` `overhead_ms`.
fn movetime(movetime_ms: u64, overhead_ms: u64) -> TimeBudget {
    TimeBudget::of(&TimeLimit {
        control: TimeControl::MoveTime(Duration::from_millis(movetime_ms)),
        overhead_ms,
        forced: false,
    })
}

fn budget(soft_ms: u64, hard_ms: u64) -> Option<TimeBudget> {
    Some(TimeBudget {
        soft: Duration::from_millis(soft_ms),
        hard: Duration::from_millis(hard_ms),
        whole: false,
    })
}

/// The time manager of an incremental search under `budget` after one depth: the next is
/// expected to take `next`, and the soft limit is not scaled (the best move held for two
/// depths, its share of the nodes not counted).
fn after_one_depth(budget: Option<TimeBudget>, next: Duration) -> TimeManager {
    let mut costs = DepthCosts::new(Deepening::Incremental, 20);
    costs.record(1, next / 2);
    TimeManager {
        budget,
        soft_nodes: None,
        costs,
        stable_depths: 2,
        started: (Duration::ZERO, 0),
    }
}

#[test]
fn movetime_keeps_the_overhead() {
    let budget = movetime(1000, 10);
    assert_eq!(budget.hard, Duration::from_millis(990));
    assert!(budget.whole && budget.soft == budget.hard);
    assert!(!clock_budget(ClockState::default(), 10).whole);
    assert_eq!(movetime(5, 10).hard, MIN_THINK);
}

#[test]
fn hard_limit_never_passes_the_clock() {
    for left in [-500, 0, 5, 20, 100, 1000, 60_000] {
        for inc in [0, 10, 1000] {
            for mtg in [None, Some(1), Some(40)] {
                let clock = ClockState {
                    time_left_ms: left,
                    increment_ms: inc,
                    moves_to_go: mtg,
                };
                let budget = clock_budget(clock, 10);
                let room = Duration::from_millis((left - 10).max(1) as u64);
                assert!(
                    budget.hard <= room.max(MIN_THINK),
                    "{clock:?} gave {budget:?}"
                );
                assert!(budget.soft <= budget.hard);
            }
        }
    }
}

#[test]
fn absurd_clocks_give_a_long_think_not_an_overflow() {
    let clock = ClockState {
        time_left_ms: i64::MAX,
        increment_ms: i64::MAX,
        moves_to_go: Some(1),
    };
    let budget = clock_budget(clock, 10);
    let a_year = Duration::from_secs(365 * 24 * 3600);
    assert!(
        budget.soft > a_year && budget.hard >= budget.soft,
        "{budget:?}"
    );
    assert!(movetime(u64::MAX, 10).hard > a_year);
}

#[test]
fn a_changing_best_move_earns_more_time_than_a_stable_one() {
    assert!(soft_scale(0, None) > soft_scale(1, None));
    assert!(soft_scale(1, None) > soft_scale(4, None));
    assert_eq!(soft_scale(4, None), soft_scale(40, None));
    assert!(soft_scale(2, Some(0.3)) > soft_scale(2, Some(0.95)));
    assert_eq!(soft_scale(2, Some(0.6)), 1.0);
    // Never more than the hard limit's room above the base share.
    assert!(soft_scale(0, Some(0.0)) < ratio(params::tm_hard_percent()));
}

#[test]
fn a_game_of_ten_seconds_and_a_tenth_starts_with_a_twentieth_of_the_clock() {
    let clock = ClockState {
        time_left_ms: 10_000,
        increment_ms: 100,
        moves_to_go: None,
    };
    let budget = clock_budget(clock, 10);
    // (10,000 - 3 x 10) / 20 + 3/4 of 100 = 498 + 75.
    assert_eq!(budget.soft, Duration::from_millis(573));
    assert_eq!(budget.hard, Duration::from_millis(2292));
}

#[test]
fn a_forced_move_gets_a_quarter_of_the_base_and_at_most_half_a_second() {
    let at_ten_seconds = clock_budget(
        ClockState {
            time_left_ms: 10_000,
            increment_ms: 100,
            moves_to_go: None,
        },
        10,
    );
    let forced = forced_move_budget(at_ten_seconds);
    // A quarter of 573 ms, and no search past it.
    assert_eq!(
        forced.soft,
        Duration::from_millis(143) + Duration::from_micros(250)
    );
    assert_eq!(forced.hard, forced.soft);
    let long = TimeBudget {
        soft: Duration::from_secs(60),
        hard: Duration::from_secs(240),
        whole: false,
    };
    assert_eq!(forced_move_budget(long).hard, Duration::from_millis(500));
    assert_eq!(forced_move_budget(movetime(0, 10)).soft, MIN_THINK);
}

#[test]
fn more_time_means_a_longer_think() {
    let short = clock_budget(
        ClockState {
            time_left_ms: 1000,
            increment_ms: 10,
            moves_to_go: None,
        },
        10,
    );
    let long = clock_budget(
        ClockState {
            time_left_ms: 60_000,
            increment_ms: 10,
            moves_to_go: None,
        },
        10,
    );
    assert!(long.soft > short.soft);
}

#[test]
fn the_last_move_before_the_time_control_gets_three_fifths_of_the_clock() {
    let last_move = ClockState {
        time_left_ms: 5000,
        increment_ms: 0,
        moves_to_go: Some(1),
    };
    let budget = clock_budget(last_move, 0);
    assert_eq!((budget.soft, budget.hard), (3 * SECOND, 3 * SECOND));
    assert!(!budget.whole);
}

#[test]
fn a_forced_move_is_thought_about_briefly_under_a_clock_and_whole_under_a_movetime() {
    let clock = ClockState {
        time_left_ms: 10_000,
        increment_ms: 100,
        moves_to_go: None,
    };
    let limit = |control, forced| TimeLimit {
        control,
        overhead_ms: 10,
        forced,
    };
    let usual = TimeBudget::of(&limit(TimeControl::Clock(clock), false));
    assert_eq!(usual, clock_budget(clock, 10));
    let forced = TimeBudget::of(&limit(TimeControl::Clock(clock), true));
    assert_eq!(forced, forced_move_budget(usual));
    let movetime = TimeControl::MoveTime(SECOND);
    assert_eq!(
        TimeBudget::of(&limit(movetime, true)),
        TimeBudget::of(&limit(movetime, false))
    );
    // The limiter's deadline is the budget's hard limit.
    let limits = Limits {
        time: Some(limit(TimeControl::Clock(clock), true)),
        ..Limits::default()
    };
    assert_eq!(TimeManager::deadline(&limits), Some(forced.hard));
    assert_eq!(TimeManager::deadline(&Limits::default()), None);
}

#[test]
fn a_ponder_search_keeps_no_clock_until_ponderhit_which_counts_the_time_pondered() {
    // Pondering 2 s in, with 10 s to think and 20 s at most: no deadline, any depth may start.
    let signals = Signals::new(true);
    assert!(signals.is_pondering());
    let mut limiter = Limiter::new(&signals, before_now(2 * SECOND), Some(20 * SECOND), None);
    limiter.check();
    assert!(!limiter.stopped(), "pondering: no deadline");
    let ten_seconds = budget(10_000, 20_000);
    assert!(after_one_depth(ten_seconds, SECOND).may_start(&mut limiter, None));
    // At ponderhit the 2 s pondered are spent: 8 s are left of the soft limit.
    signals.ponderhit();
    assert!(!signals.is_pondering());
    limiter.check();
    assert!(!limiter.stopped());
    assert!(after_one_depth(ten_seconds, 7 * SECOND).may_start(&mut limiter, None));
    assert!(!after_one_depth(ten_seconds, 9 * SECOND).may_start(&mut limiter, None));
}

#[test]
fn a_ponder_search_that_pondered_its_time_ends_at_ponderhit() {
    // 12 s pondered with 10 s to think: the next depth would not have started, so the search
    // goes on pondering but ends as soon as ponderhit comes (as Stockfish's stopOnPonderhit).
    let signals = Signals::new(true);
    let mut limiter = Limiter::new(&signals, before_now(12 * SECOND), Some(60 * SECOND), None);
    let mut time = after_one_depth(budget(10_000, 60_000), SECOND);
    assert!(time.may_start(&mut limiter, None));
    limiter.check();
    assert!(!limiter.stopped(), "still pondering");
    signals.ponderhit();
    limiter.check();
    assert!(limiter.stopped());
    // Past the hard limit at ponderhit, it ends at once, whatever the depths did.
    let signals = Signals::new(true);
    let mut limiter = Limiter::new(&signals, before_now(12 * SECOND), Some(10 * SECOND), None);
    limiter.check();
    assert!(!limiter.stopped());
    signals.ponderhit();
    limiter.check();
    assert!(limiter.stopped());
}

#[test]
fn a_budget_spent_whole_starts_every_depth_while_time_is_left() {
    let signals = Signals::new(false);
    let whole = TimeBudget::whole(10 * SECOND);
    let mut time = after_one_depth(Some(whole), 1000 * SECOND);
    // Half the soft limit, for a best move that took all the nodes for many depths: no matter.
    time.stable_depths = 10;
    let mut limiter = Limiter::new(&signals, before_now(5 * SECOND), Some(whole.hard), None);
    assert!(time.may_start(&mut limiter, Some(1.0)));
    limiter.check();
    assert!(!limiter.stopped());
    let mut limiter = Limiter::new(&signals, before_now(11 * SECOND), Some(whole.hard), None);
    assert!(!time.may_start(&mut limiter, None));
    assert!(limiter.stopped());
}

#[test]
fn a_depth_starts_only_if_it_is_expected_to_end_within_the_scaled_soft_limit() {
    // 10 s used of a soft limit of 20 s and a hard one of 30 s.
    let budget = budget(20_000, 30_000).expect("a budget");
    let may_start = |expected, scale| budget.allows(10 * SECOND, expected, scale);
    assert!(may_start(9 * SECOND, 1.0));
    assert!(!may_start(11 * SECOND, 1.0));
    // Scaled: 0.5 leaves nothing, 1.4 leaves 18 s, 3.0 is held to the hard limit's 20 s.
    assert!(!may_start(SECOND / 10, 0.5));
    assert!(may_start(17 * SECOND, 1.4));
    assert!(!may_start(19 * SECOND, 1.4));
    assert!(may_start(19 * SECOND, 3.0));
    assert!(!may_start(21 * SECOND, 3.0));
    // The same through the time manager, a second either side (a loaded machine cannot tip it).
    let signals = Signals::new(false);
    let started = before_now(10 * SECOND);
    let mut limiter = Limiter::new(&signals, started, Some(budget.hard), None);
    assert!(after_one_depth(Some(budget), 9 * SECOND).may_start(&mut limiter, None));
    assert!(!after_one_depth(Some(budget), 11 * SECOND).may_start(&mut limiter, None));
    // Without a clock any depth may start.
    let mut untimed = Limiter::new(&signals, started, None, None);
    assert!(after_one_depth(None, 1000 * SECOND).may_start(&mut untimed, None));
}

#[test]
fn a_changing_best_move_or_a_close_rival_earns_a_depth_a_settled_one_does_not() {
    // 10 s used of a soft limit of 20 s: the next depth, 12 s, fits only a scaled-up limit.
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, before_now(10 * SECOND), Some(60 * SECOND), None);
    let mut time = after_one_depth(budget(20_000, 60_000), 12 * SECOND);
    assert!(!time.may_start(&mut limiter, None), "held for two depths");
    // The best move changed at the last depth: 1.5 times the soft limit, 30 s.
    time.stable_depths = 0;
    assert!(time.may_start(&mut limiter, None));
    // Held for two depths, but its subtree took only a third of the nodes: 1.27 times.
    time.stable_depths = 2;
    assert!(!time.may_start(&mut limiter, Some(0.9)));
    assert!(time.may_start(&mut limiter, Some(0.33)));
}

#[test]
fn the_first_depth_starts_whatever_the_clock_says_and_each_depth_is_measured() {
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, before_now(SECOND), Some(SECOND / 2), Some(100));
    let limits = Limits {
        time: Some(TimeLimit::movetime(SECOND / 2)),
        ..Limits::default()
    };
    let mut time = TimeManager::new(&limits, Deepening::Afresh, 20);
    signals.stop();
    assert!(
        time.may_start(&mut limiter, None),
        "past the deadline, stopped"
    );
    for _ in 0..30 {
        limiter.count_node();
    }
    time.completed(&limiter, false);
    assert_eq!(time.costs.nodes, [30]);
    assert!(!time.may_start(&mut limiter, None));
}

#[test]
fn the_depths_since_the_best_move_last_changed_are_counted() {
    let signals = Signals::new(false);
    let limiter = Limiter::new(&signals, Instant::now(), None, None);
    let mut time = TimeManager::new(&Limits::default(), Deepening::Incremental, 20);
    let mut stable_after = |changed| {
        time.completed(&limiter, changed);
        time.stable_depths
    };
    assert_eq!(stable_after(false), 1);
    assert_eq!(stable_after(false), 2);
    assert_eq!(stable_after(true), 0);
    assert_eq!(stable_after(false), 1);
}

#[test]
fn no_depth_starts_once_stopped_or_out_of_nodes() {
    let signals = Signals::new(false);
    let mut untimed = after_one_depth(None, Duration::ZERO);
    let mut out_of_nodes = Limiter::new(&signals, Instant::now(), None, Some(1));
    out_of_nodes.count_node();
    assert!(!untimed.may_start(&mut out_of_nodes, None));
    let mut past_hard = Limiter::new(&signals, before_now(SECOND), Some(SECOND * 9 / 10), None);
    let mut generous = after_one_depth(budget(5000, 900), Duration::ZERO);
    generous.stable_depths = 0;
    assert!(!generous.may_start(&mut past_hard, Some(0.0)));
    let mut fresh = Limiter::new(&signals, Instant::now(), None, Some(10));
    assert!(untimed.may_start(&mut fresh, None));
    signals.stop();
    assert!(!untimed.may_start(&mut fresh, None));
}
