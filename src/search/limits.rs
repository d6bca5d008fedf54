//! When a search must end: the limits of a `go`, the stop signals shared with the engine, and
//! the limiter that counts nodes and watches the stop flag and the deadlines.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shakmaty::Move;

use crate::search::time::TimeBudget;
use crate::search::types::MAX_DEPTH;

/// What ends a search, besides `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest depth to search (the smaller of `go depth` and the `Depth` option).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is proven.
    pub mate: Option<u32>,
    pub time: Option<TimeBudget>,
    /// Only these root moves are searched (all when empty).
    pub searchmoves: Vec<Move>,
    /// `go infinite`: search until `stop`.
    pub infinite: bool,
}

impl Limits {
    /// Only a depth bounds the search: Minimax and AlphaBeta then search that depth alone.
    pub fn is_depth_only(&self) -> bool {
        self.depth.is_some()
            && self.nodes.is_none()
            && self.mate.is_none()
            && self.time.is_none()
            && !self.infinite
    }

    /// The deepest depth this search may reach: the depth asked, or for a mate search that
    /// nothing else ends, the depth that gives up on the mate.
    pub fn max_depth(&self) -> u32 {
        self.depth
            .or_else(|| self.mate_only_depth())
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH)
    }

    /// The depth that ends a `go mate N` with no other limit, so that it ends when no mate is
    /// found (Stockfish searches on until `stop`).
    fn mate_only_depth(&self) -> Option<u32> {
        if self.time.is_some() || self.nodes.is_some() || self.infinite {
            return None;
        }
        let mate_plies = |moves: u32| moves.saturating_mul(2).saturating_sub(1);
        self.mate
            .map(|moves| (mate_plies(moves) + MATE_MARGIN).min(MAX_DEPTH))
    }
}

/// Plies searched beyond a mate's own length (2N − 1) before `go mate N` gives up: room for
/// the moves the selective search first reduces.
const MATE_MARGIN: u32 = 8;

/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// The longest a search stays silent: a progress report is due after this long without a report.
pub const PROGRESS_INTERVAL: Duration = Duration::from_secs(1);

/// Flags shared between the engine and a running search.
#[derive(Debug, Default)]
pub struct Signals {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl Signals {
    /// Signals for a new search, pondering or not.
    pub fn new(pondering: bool) -> Signals {
        let signals = Signals::default();
        signals.pondering.store(pondering, Ordering::SeqCst);
        signals
    }

    /// Asks the search to end as soon as it can.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Turns a ponder search into a normal one: its budget counts from the `go ponder`, so
    /// the time it pondered is already spent.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}

/// Counts nodes and decides when the search must stop: `stop`, a node limit, or the hard deadline.
#[derive(Debug)]
pub struct Limiter<'a> {
    signals: &'a Signals,
    start: Instant,
    budget: Option<TimeBudget>,
    node_limit: u64,
    nodes: u64,
    /// With several search threads: the node counts they publish, this one's index, and the
    /// other threads' nodes as of the last check (counted in `nodes()` and the node limit).
    threads: Option<(&'a ThreadNodes, usize)>,
    others: u64,
    stopped: bool,
    /// A ponder search that has used the time it would have thought: it ends at `ponderhit`.
    stop_on_ponderhit: bool,
    /// When the next progress report is due, from the start of the search.
    next_progress: Duration,
    progress_due: bool,
}

impl<'a> Limiter<'a> {
    pub fn new(
        signals: &'a Signals,
        start: Instant,
        budget: Option<TimeBudget>,
        node_limit: Option<u64>,
    ) -> Limiter<'a> {
        Limiter {
            signals,
            start,
            budget,
            node_limit: node_limit.unwrap_or(u64::MAX),
            nodes: 0,
            threads: None,
            others: 0,
            stopped: false,
            stop_on_ponderhit: false,
            next_progress: PROGRESS_INTERVAL,
            progress_due: false,
        }
    }

    /// The limiter of thread `thread` of a search with several (Lazy SMP): it publishes its
    /// node count in `nodes`, and counts the other threads' in its own.
    pub fn with_threads(mut self, nodes: &'a ThreadNodes, thread: usize) -> Limiter<'a> {
        self.threads = Some((nodes, thread));
        self
    }

    /// Counts one node; true when the search must stop now.
    #[inline]
    pub fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes + self.others >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_INTERVAL) {
            self.check();
        }
        self.stopped
    }

    /// Looks at the stop flag, the hard deadline and whether a progress report is due.
    pub fn check(&mut self) {
        if let Some((nodes, thread)) = self.threads {
            nodes.publish(thread, self.nodes);
            self.others = nodes.others(thread);
        }
        let elapsed = self.elapsed();
        let ponderhit_ends = self.stop_on_ponderhit && !self.signals.is_pondering();
        if self.signals.is_stopped() || ponderhit_ends || self.past(elapsed, |budget| budget.hard) {
            self.stopped = true;
        }
        if elapsed >= self.next_progress {
            self.progress_due = true;
        }
    }

    /// True when the search has gone [`PROGRESS_INTERVAL`] without a report.
    #[inline]
    pub fn progress_due(&self) -> bool {
        self.progress_due
    }

    /// A report was just made: the next progress report is due an interval from now.
    pub fn reported(&mut self) {
        self.progress_due = false;
        self.next_progress = self.elapsed().saturating_add(PROGRESS_INTERVAL);
    }

    /// True once the search has been told to stop or ran out of nodes or time.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Nodes counted so far, by every thread of the search.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.others
    }

    /// Nodes counted by this thread alone.
    pub fn thread_nodes(&self) -> u64 {
        self.nodes
    }

    /// The node limit was reached: no further search can count a node.
    pub fn out_of_nodes(&self) -> bool {
        self.nodes() >= self.node_limit
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether another iteration, expected to take about `expected`, may start before the soft
    /// limit scaled by `scale` (see [`crate::search::time::soft_scale`]); with a budget to be
    /// spent whole, while any time is left. A ponder search goes on, but once it has used what
    /// it would have thought, it ends at `ponderhit`.
    pub fn may_start_iteration(&mut self, expected: Duration, scale: f64) -> bool {
        self.check();
        if self.stopped || self.out_of_nodes() {
            return false;
        }
        let Some(budget) = self.budget else {
            return true;
        };
        let elapsed = self.elapsed();
        let within = if budget.whole {
            elapsed < budget.hard
        } else {
            let soft = budget.soft.mul_f64(scale).min(budget.hard);
            elapsed.saturating_add(expected) <= soft && elapsed < budget.hard
        };
        if self.signals.is_pondering() {
            self.stop_on_ponderhit |= !within;
            return true;
        }
        within
    }

    /// Time used on the clock `elapsed` after the start; None while pondering.
    fn time_used(&self, elapsed: Duration) -> Option<Duration> {
        (!self.signals.is_pondering()).then_some(elapsed)
    }

    fn past(&self, elapsed: Duration, limit: impl Fn(&TimeBudget) -> Duration) -> bool {
        match (self.budget.as_ref(), self.time_used(elapsed)) {
            (Some(budget), Some(used)) => used >= limit(budget),
            _ => false,
        }
    }
}

/// The node counts of a search's threads, each published by its own thread when it looks at
/// the clock (every 1024 nodes).
#[derive(Debug)]
pub struct ThreadNodes(Box<[AtomicU64]>);

impl ThreadNodes {
    pub fn new(threads: usize) -> ThreadNodes {
        ThreadNodes((0..threads).map(|_| AtomicU64::new(0)).collect())
    }

    /// Thread `thread` has counted `nodes`.
    pub fn publish(&self, thread: usize, nodes: u64) {
        if let Some(count) = self.0.get(thread) {
            count.store(nodes, Ordering::Relaxed);
        }
    }

    /// The nodes the threads other than `thread` have published.
    pub fn others(&self, thread: usize) -> u64 {
        self.0
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != thread)
            .map(|(_, count)| count.load(Ordering::Relaxed))
            .sum()
    }
}

#[cfg(test)]
mod tests;
