//! The limiter: node limits, the stop flag, the deadline, progress reports, and the node
//! counts of several threads; the depth a `go` allows. Time is simulated by starting the
//! limiter in the past: no test sleeps.

use super::*;

/// A moment `ago` before now.
fn before_now(ago: Duration) -> Instant {
    Instant::now()
        .checked_sub(ago)
        .expect("the machine has been up for longer")
}

/// `go movetime 1`.
fn a_clock() -> Option<TimeLimit> {
    Some(TimeLimit::movetime(Duration::from_millis(1)))
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn each_thread_counts_the_others() {
    let nodes = ThreadNodes::new(3);
    nodes.publish(0, 10);
    nodes.publish(1, 200);
    nodes.publish(2, 3000);
    nodes.publish(7, 1);
    assert_eq!(nodes.others(0), 3200);
    assert_eq!(nodes.others(2), 210);
}

#[test]
fn the_node_limit_counts_every_threads_nodes() {
    let (signals, nodes) = (Signals::new(false), ThreadNodes::new(2));
    nodes.publish(1, 1500);
    let mut limiter =
        Limiter::new(&signals, Instant::now(), None, Some(3000)).with_threads(&nodes, 0);
    let mut own = 1;
    while !limiter.count_node() {
        own += 1;
    }
    // The helper's 1500, read at the first look (1024 nodes), leave 1500 to this thread.
    assert_eq!(
        (own, limiter.thread_nodes(), limiter.nodes()),
        (1500, 1500, 3000)
    );
    // This thread's count is published for the others.
    assert_eq!(nodes.others(1), 1024);
}

#[test]
fn a_node_limit_stops_at_that_node_exactly() {
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, Instant::now(), None, Some(5));
    for node in 1..5 {
        assert!(!limiter.count_node(), "node {node}");
        assert!(!limiter.out_of_nodes() && !limiter.stopped());
    }
    assert!(limiter.count_node());
    assert!(limiter.out_of_nodes() && limiter.stopped());
    assert_eq!((limiter.nodes(), limiter.thread_nodes()), (5, 5));
}

#[test]
fn stop_is_seen_at_the_next_look_at_the_clock() {
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, Instant::now(), None, None);
    signals.stop();
    assert!(signals.is_stopped());
    // Between two looks the flag is not read: the hot path counts only.
    for node in 1..CHECK_INTERVAL {
        assert!(!limiter.count_node(), "node {node}");
    }
    assert!(limiter.count_node());
    assert!(limiter.stopped() && !limiter.out_of_nodes());
    // And at once by a look.
    let mut other = Limiter::new(&signals, Instant::now(), None, None);
    other.check();
    assert!(other.stopped());
}

#[test]
fn the_hard_deadline_stops_and_the_soft_one_does_not() {
    // The limiter keeps only the hard limit: 2 s in, one of 1.5 s stops the search, one of
    // 60 s (its soft limit of 1.5 s long past) does not.
    let signals = Signals::new(false);
    let two_seconds_ago = before_now(2 * SECOND);
    let mut past_hard = Limiter::new(&signals, two_seconds_ago, Some(SECOND * 3 / 2), None);
    past_hard.check();
    assert!(past_hard.stopped());
    let mut past_soft = Limiter::new(&signals, two_seconds_ago, Some(60 * SECOND), None);
    past_soft.check();
    assert!(!past_soft.stopped());
    let mut untimed = Limiter::new(&signals, before_now(20 * SECOND), None, None);
    untimed.check();
    assert!(!untimed.stopped());
}

#[test]
fn a_report_is_due_after_a_silent_interval() {
    let signals = Signals::new(false);
    let mut limiter = Limiter::new(&signals, before_now(PROGRESS_INTERVAL / 2), None, None);
    limiter.check();
    assert!(!limiter.progress_due());
    let mut late = Limiter::new(&signals, before_now(PROGRESS_INTERVAL * 2), None, None);
    late.check();
    assert!(late.progress_due());
    // A report resets it: the next is due an interval after it.
    late.reported();
    assert!(!late.progress_due());
    late.check();
    assert!(!late.progress_due());
}

#[test]
fn depth_limits_are_clamped_and_depth_alone_is_told() {
    let depth = |d: Option<u32>| Limits {
        depth: d,
        ..Limits::default()
    };
    assert_eq!(depth(None).max_depth(), MAX_DEPTH);
    assert_eq!(depth(Some(0)).max_depth(), 1);
    assert_eq!(depth(Some(7)).max_depth(), 7);
    assert_eq!(depth(Some(u32::MAX)).max_depth(), MAX_DEPTH);
    assert!(depth(Some(3)).is_depth_only());
    assert!(!depth(None).is_depth_only());
    let with = |change: fn(&mut Limits)| {
        let mut limits = depth(Some(3));
        change(&mut limits);
        limits.is_depth_only()
    };
    assert!(!with(|l| l.nodes = Some(1)));
    assert!(!with(|l| l.mate = Some(1)));
    assert!(!with(|l| l.time = a_clock()));
    assert!(!with(|l| l.infinite = true));
    assert!(with(|l| l.searchmoves = Vec::new()));
}

#[test]
fn a_mate_search_that_nothing_else_ends_gives_up_past_the_mates_length() {
    let mate = |moves| Limits {
        mate: Some(moves),
        ..Limits::default()
    };
    // A mate in N is 2N − 1 plies; the search looks 8 plies further before it gives up.
    assert_eq!(mate(1).max_depth(), 9);
    assert_eq!(mate(3).max_depth(), 13);
    assert_eq!(mate(40).max_depth(), MAX_DEPTH);
    assert_eq!(mate(0).max_depth(), 8);
    // A depth, a clock, a node limit or `infinite` ends it instead.
    let with = |change: fn(&mut Limits)| {
        let mut limits = mate(3);
        change(&mut limits);
        limits.max_depth()
    };
    assert_eq!(with(|l| l.depth = Some(5)), 5);
    assert_eq!(with(|l| l.depth = Some(20)), 20);
    assert_eq!(with(|l| l.time = a_clock()), MAX_DEPTH);
    assert_eq!(with(|l| l.nodes = Some(1)), MAX_DEPTH);
    assert_eq!(with(|l| l.infinite = true), MAX_DEPTH);
}
