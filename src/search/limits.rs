//! When a search must end: the limits of a `go` (its clock among them), the stop signals shared
//! with the engine, and the limiter that counts nodes and watches the stop flag and the deadline.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shakmaty::Move;

use crate::search::types::MAX_DEPTH;

/// What ends a search, besides `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest depth to search (the smaller of `go depth` and the `Depth` option).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Nodes spent as a clock's time is (`UCI_LimitStrength`'s one-line levels): a depth starts
    /// only if expected to end within them, scaled by how stable the best move is.
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is proven.
    pub mate: Option<u32>,
    /// The clock or the movetime, which the time manager ([`crate::search::time`]) spends.
    pub time: Option<TimeLimit>,
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

/// The time a `go` gives the move: what the time manager is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimit {
    pub control: TimeControl,
    /// `Move Overhead`: the time kept in reserve for each move's delays outside the search.
    pub overhead_ms: u64,
    /// The side to move has one legal move, whatever `searchmoves` says.
    pub forced: bool,
}

impl TimeLimit {
    /// `movetime`, with no overhead: the tools' fixed time a move.
    pub fn movetime(time: Duration) -> TimeLimit {
        TimeLimit {
            control: TimeControl::MoveTime(time),
            overhead_ms: 0,
            forced: false,
        }
    }
}

/// How a `go` gives the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `go movetime`: this long for the move, spent whole.
    MoveTime(Duration),
    /// `go wtime btime [winc binc] [movestogo]`: the side to move's clock.
    Clock(ClockState),
}

/// The clock as `go` gives it, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockState {
    /// Time left, in ms; GUIs may send a negative value when the clock has run out.
    pub time_left_ms: i64,
    pub increment_ms: i64,
    pub moves_to_go: Option<u32>,
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

    /// Turns a ponder search into a normal one: its time counts from the `go ponder`, so the
    /// time it pondered is already spent.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }
}

/// Counts nodes and decides when the search must stop: `stop`, a node limit, the deadline (the
/// time manager's hard limit), or `ponderhit` where the time manager asks it.
#[derive(Debug)]
pub struct Limiter<'a> {
    signals: &'a Signals,
    start: Instant,
    /// The search ends this long after its start, once it is not pondering.
    deadline: Option<Duration>,
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
    /// The limiter of a search that started at `start` (its `go`): it stops at `deadline` after
    /// it, and at `node_limit` nodes.
    pub fn new(
        signals: &'a Signals,
        start: Instant,
        deadline: Option<Duration>,
        node_limit: Option<u64>,
    ) -> Limiter<'a> {
        Limiter {
            signals,
            start,
            deadline,
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

    /// Looks at the stop flag, the deadline and whether a progress report is due.
    pub fn check(&mut self) {
        if let Some((nodes, thread)) = self.threads {
            nodes.publish(thread, self.nodes);
            self.others = nodes.others(thread);
        }
        let elapsed = self.elapsed();
        let ponderhit_ends = self.stop_on_ponderhit && !self.signals.is_pondering();
        if self.signals.is_stopped() || ponderhit_ends || self.past_deadline(elapsed) {
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

    /// Whether the search is pondering (until `ponderhit`, it keeps no clock).
    pub fn is_pondering(&self) -> bool {
        self.signals.is_pondering()
    }

    /// The search, pondering, has used the time it would have thought: it ends at `ponderhit`.
    pub fn end_at_ponderhit(&mut self) {
        self.stop_on_ponderhit = true;
    }

    /// Whether `elapsed` after the start is past the deadline; never while pondering.
    fn past_deadline(&self, elapsed: Duration) -> bool {
        self.deadline
            .is_some_and(|deadline| !self.signals.is_pondering() && elapsed >= deadline)
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
