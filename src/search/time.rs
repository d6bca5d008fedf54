//! The time manager: from the time a `go` gives (its clock or movetime, the `Move Overhead`,
//! a forced move), the move's budget — a soft limit for starting a depth and a hard one that
//! ends the search, or a movetime spent whole — and, depth by depth, whether the next one may
//! start: expected to end, at its predicted cost, within the soft limit scaled by how stable
//! the best move is. A ponder search's time counts from its `go`, as in Stockfish.

use std::time::Duration;

use crate::search::depth_search::Deepening;
use crate::search::limits::{ClockState, Limiter, Limits, TimeControl, TimeLimit};
use crate::search::pvs::params;

/// The time manager of one deepening search: the move's budget and what the depths so far
/// cost and found. The limiter keeps its hard limit ([`TimeManager::deadline`]); it decides
/// whether each further depth starts.
#[derive(Clone, Debug)]
pub struct TimeManager {
    /// None without a clock: depth, nodes, a mate found or `stop` end the search.
    budget: Option<TimeBudget>,
    /// The limits' soft nodes, spent by the same rule as the soft time limit.
    soft_nodes: Option<u64>,
    costs: DepthCosts,
    /// Completed depths since the best move last changed.
    stable_depths: u32,
    /// When the depth being searched started, and the nodes counted by then.
    started: (Duration, u64),
}

impl TimeManager {
    /// The time manager of a search within `limits` that deepens as `deepening` says, over
    /// `branching` root moves.
    pub fn new(limits: &Limits, deepening: Deepening, branching: usize) -> TimeManager {
        TimeManager {
            budget: limits.time.as_ref().map(TimeBudget::of),
            soft_nodes: limits.soft_nodes,
            costs: DepthCosts::new(deepening, branching),
            stable_depths: 0,
            started: (Duration::ZERO, 0),
        }
    }

    /// The deadline the limiter of a search within `limits` keeps: its budget's hard limit.
    pub fn deadline(limits: &Limits) -> Option<Duration> {
        limits.time.as_ref().map(|time| TimeBudget::of(time).hard)
    }

    /// Whether the next depth may start. The first always does; a later one not once the
    /// search is stopped or out of nodes, nor unless the clock leaves time for it: expected to
    /// end within the soft limit scaled by [`soft_scale`] (with a movetime, while any time is
    /// left). A ponder search goes on, but past that point it ends at `ponderhit`.
    /// `best_share` is the share of the last depth's nodes the best move took, for the searches
    /// that count it.
    pub fn may_start(&mut self, limiter: &mut Limiter, best_share: Option<f64>) -> bool {
        if !self.costs.is_empty() {
            limiter.check();
            if limiter.stopped() || limiter.out_of_nodes() {
                return false;
            }
            if !self.clock_allows(limiter, best_share) || !self.nodes_allow(limiter, best_share) {
                return false;
            }
        }
        self.started = (limiter.elapsed(), limiter.nodes());
        true
    }

    /// The depth started last is complete; `best_changed` when its best move is not the one
    /// the search had before it.
    pub fn completed(&mut self, limiter: &Limiter, best_changed: bool) {
        let (time, nodes) = self.started;
        self.costs
            .record(limiter.nodes() - nodes, limiter.elapsed() - time);
        self.stable_depths = if best_changed {
            0
        } else {
            self.stable_depths + 1
        };
    }

    /// Whether the clock leaves time for another depth (see [`TimeManager::may_start`]); a
    /// ponder search's always does, but once it has used the time it would have thought, the
    /// limiter is told to end it at `ponderhit`.
    fn clock_allows(&self, limiter: &mut Limiter, best_share: Option<f64>) -> bool {
        let Some(budget) = self.budget else {
            return true;
        };
        let scale = soft_scale(self.stable_depths, best_share);
        let within = budget.allows(limiter.elapsed(), self.costs.next_duration(), scale);
        if limiter.is_pondering() {
            if !within {
                limiter.end_at_ponderhit();
            }
            return true;
        }
        within
    }
}

impl TimeManager {
    /// Whether the soft nodes leave room for another depth: expected to end within them,
    /// scaled by [`soft_scale`] as the soft time limit is.
    fn nodes_allow(&self, limiter: &Limiter, best_share: Option<f64>) -> bool {
        self.soft_nodes.is_none_or(|soft| {
            let scale = soft_scale(self.stable_depths, best_share);
            let expected = limiter.nodes() as f64 + self.costs.next_nodes();
            expected <= soft as f64 * scale
        })
    }
}

/// How long a search may think, counted from its `go` (a ponder search's too: the time it
/// pondered counts once `ponderhit` comes, as in Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts that is not expected to end by then.
    pub soft: Duration,
    /// The search is aborted at this time, whatever it is doing.
    pub hard: Duration,
    /// The time is to be spent whole (`go movetime`): every depth starts while time is left,
    /// whatever it is expected to cost, and the search ends at the hard limit.
    pub whole: bool,
}

impl TimeBudget {
    /// The budget of a move given `time`: a movetime less the overhead, spent whole; a share of
    /// the clock ([`clock_budget`]), or a forced move's short think ([`forced_move_budget`]).
    pub fn of(time: &TimeLimit) -> TimeBudget {
        match time.control {
            TimeControl::MoveTime(movetime) => {
                let overhead = Duration::from_millis(time.overhead_ms);
                TimeBudget::whole(movetime.saturating_sub(overhead))
            }
            TimeControl::Clock(clock) if time.forced => {
                forced_move_budget(clock_budget(clock, time.overhead_ms))
            }
            TimeControl::Clock(clock) => clock_budget(clock, time.overhead_ms),
        }
    }

    /// A budget of exactly `time`, spent whole.
    pub fn whole(time: Duration) -> TimeBudget {
        let time = time.max(MIN_THINK);
        TimeBudget {
            soft: time,
            hard: time,
            whole: true,
        }
    }

    /// Whether a depth expected to take `expected` may start `elapsed` after the `go`: it ends
    /// within the soft limit scaled by `scale` (never past the hard one); with the time spent
    /// whole, whenever any is left.
    fn allows(&self, elapsed: Duration, expected: Duration, scale: f64) -> bool {
        if self.whole {
            return elapsed < self.hard;
        }
        let soft = self.soft.mul_f64(scale).min(self.hard);
        elapsed.saturating_add(expected) <= soft && elapsed < self.hard
    }
}

/// The least a search is given, so that it still finds a legal move.
const MIN_THINK: Duration = Duration::from_millis(1);
/// The most moves whose overhead a clock's budget keeps in reserve: the next few moves', not
/// every move's to the time control.
const OVERHEAD_MOVES: i128 = 3;

/// Budget for `go wtime/btime`: a share of the time left plus most of the increment,
/// with a hard limit that keeps `overhead_ms` in reserve and never passes the clock.
/// Its numbers are the `tm_` parameters (params.rs: 20 moves, ¾ of the increment, four
/// shares, ⅗ of the clock).
pub fn clock_budget(clock: ClockState, overhead_ms: u64) -> TimeBudget {
    // In 128 bits: absurd clocks (i64::MAX) give a long think, never an overflow.
    let overhead = i128::from(overhead_ms);
    let left = i128::from(clock.time_left_ms.max(0));
    let increment = i128::from(clock.increment_ms.max(0));
    let assumed = u32::try_from(params::tm_moves_to_go()).map_or(1, |n| n.max(1));
    let moves_to_go = i128::from(
        clock
            .moves_to_go
            .filter(|&n| n > 0)
            .unwrap_or(assumed)
            .min(assumed),
    );
    // What can be spent at all: the clock less the overhead of each of the next moves.
    let usable = (left - overhead * moves_to_go.min(OVERHEAD_MOVES)).max(0);
    let share =
        usable / moves_to_go + increment * i128::from(params::tm_increment_permille()) / 1000;
    let hard_cap = (left - overhead).max(0) * i128::from(params::tm_hard_cap_permille()) / 1000;
    let hard = (share * i128::from(params::tm_hard_percent()) / 100).min(hard_cap);
    let soft = share.min(hard);
    TimeBudget {
        soft: ms(soft),
        hard: ms(hard),
        whole: false,
    }
}

/// The budget of a forced move (one legal move) under a clock: a quarter of the usual base, at
/// most half a second (Stockfish's cap), and no more (`tm_forced_move_percent`,
/// `tm_forced_move_max_ms`). Deep enough that the score it reports is the position's (a GUI
/// shows it, an adjudication may act on it), short enough to keep the clock for the moves that
/// have a choice.
pub fn forced_move_budget(usual: TimeBudget) -> TimeBudget {
    let max = Duration::from_millis(u64::try_from(params::tm_forced_move_max_ms()).unwrap_or(0));
    let think = percent_of(usual.soft, params::tm_forced_move_percent())
        .min(max)
        .max(MIN_THINK);
    TimeBudget {
        soft: think,
        hard: think,
        whole: false,
    }
}

/// How much of the soft limit a search may use before starting another depth, from how the
/// search is going: more while the best move keeps changing or when its subtree took a small
/// share of the last depth's nodes (other moves came close), less when it has held for
/// several depths and took nearly all of them. `stable_depths` counts the completed depths
/// since the best move last changed (0: it changed at the last one); `best_share` is the
/// share of the last depth's nodes its subtree took, when the search knows it. Its numbers are
/// the `tm_stability_*` and `tm_effort_*` parameters (×1.5 down to ×0.8; 1.6 − share within
/// 0.6–1.4).
pub fn soft_scale(stable_depths: u32, best_share: Option<f64>) -> f64 {
    let by_stability = [
        params::tm_stability_0_percent(),
        params::tm_stability_1_percent(),
        params::tm_stability_2_percent(),
        params::tm_stability_3_percent(),
        params::tm_stability_4_percent(),
    ];
    let stability = by_stability[(stable_depths as usize).min(by_stability.len() - 1)];
    let effort = best_share.map_or(1.0, |share| {
        let (min, max) = (
            params::tm_effort_min_percent(),
            params::tm_effort_max_percent(),
        );
        (ratio(params::tm_effort_base_percent()) - share).clamp(ratio(min), ratio(max))
    });
    ratio(stability) * effort
}

/// `percent` hundredths as a factor.
fn ratio(percent: i32) -> f64 {
    f64::from(percent) / 100.0
}

/// `percent` hundredths of `time`, rounded down to the nanosecond (the longest duration where
/// the product overflows).
fn percent_of(time: Duration, percent: i32) -> Duration {
    let percent = u32::try_from(percent).unwrap_or(0);
    time.checked_mul(percent)
        .map_or(Duration::MAX, |product| product / 100)
}

/// How much the next depth's cost is assumed to exceed what the measured growth predicts: a
/// depth that cannot finish is wasted whole, so the estimate errs long. Only the searches that
/// deepen afresh (Minimax, AlphaBeta) use it; an incremental one's growth is the parameter
/// `tm_incremental_growth_percent`.
pub(crate) const GROWTH_MARGIN: f64 = 1.2;

/// The measured cost of the depths searched so far, to predict the next one's.
#[derive(Clone, Debug)]
struct DepthCosts {
    deepening: Deepening,
    /// Nodes of each completed depth.
    nodes: Vec<u64>,
    /// Time of the last completed depth.
    last_time: Duration,
    /// The number of root moves: the growth assumed before two depths are measured.
    branching: usize,
}

impl DepthCosts {
    fn new(deepening: Deepening, branching: usize) -> DepthCosts {
        DepthCosts {
            deepening,
            nodes: Vec::new(),
            last_time: Duration::ZERO,
            branching,
        }
    }

    /// No depth is measured yet.
    fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn record(&mut self, nodes: u64, time: Duration) {
        self.nodes.push(nodes);
        self.last_time = time;
    }

    /// How many nodes the next depth is expected to take.
    fn next_nodes(&self) -> f64 {
        let last = self.nodes.last().copied().unwrap_or(0) as f64;
        match self.deepening {
            Deepening::Afresh => {
                last * expected_growth(&self.nodes, self.branching) * GROWTH_MARGIN
            }
            Deepening::Incremental => last * ratio(params::tm_incremental_growth_percent()),
        }
    }

    /// How long the next depth is expected to take.
    fn next_duration(&self) -> Duration {
        match self.deepening {
            Deepening::Afresh => self
                .last_time
                .mul_f64(expected_growth(&self.nodes, self.branching) * GROWTH_MARGIN),
            Deepening::Incremental => {
                percent_of(self.last_time, params::tm_incremental_growth_percent())
            }
        }
    }
}

/// How many times the last depth's nodes the next depth will cost: the larger of the last two
/// measured growths (alpha-beta alternates cheap and dear depths), or `branching` (one more
/// ply multiplies a full tree by about the number of moves) before two depths are measured.
fn expected_growth(nodes: &[u64], branching: usize) -> f64 {
    nodes
        .windows(2)
        .rev()
        .take(2)
        .map(|pair| pair[1] as f64 / pair[0].max(1) as f64)
        .reduce(f64::max)
        .unwrap_or(branching as f64)
        .max(1.0)
}

fn ms(millis: i128) -> Duration {
    let millis = u64::try_from(millis.max(0)).unwrap_or(u64::MAX);
    Duration::from_millis(millis).max(MIN_THINK)
}

#[cfg(test)]
mod cost_tests;
#[cfg(test)]
mod tests;
