//! The time budget for one move, from the clock, the increment and the moves to go.

use std::time::Duration;

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
    /// A budget of exactly `time`, spent whole.
    pub fn whole(time: Duration) -> TimeBudget {
        let time = time.max(MIN_THINK);
        TimeBudget {
            soft: time,
            hard: time,
            whole: true,
        }
    }
}

/// The clock as `go` gives it, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockState {
    /// Time left, in ms; GUIs may send a negative value when the clock has run out.
    pub time_left_ms: i64,
    pub increment_ms: i64,
    pub moves_to_go: Option<u32>,
}

/// Moves assumed to remain when the GUI does not say (sudden death, or with increment).
const ASSUMED_MOVES_TO_GO: u32 = 20;
/// How many times the base share the hard limit allows (where the clock has room for it).
const HARD_TO_SOFT: i128 = 4;
/// The least a search is given, so that it still finds a legal move.
const MIN_THINK: Duration = Duration::from_millis(1);
/// The share of the usual base a forced move is thought about (one part in four).
const FORCED_MOVE_SHARE: u32 = 4;
/// The longest a forced move is thought about, Stockfish's cap.
const FORCED_MOVE_MAX: Duration = Duration::from_millis(500);

/// Budget for `go movetime T`: all of it, less the overhead, spent whole.
pub fn movetime_budget(movetime_ms: u64, overhead_ms: u64) -> TimeBudget {
    TimeBudget::whole(Duration::from_millis(
        movetime_ms.saturating_sub(overhead_ms),
    ))
}

/// Budget for `go wtime/btime`: a share of the time left plus most of the increment,
/// with a hard limit that keeps `overhead_ms` in reserve and never passes the clock.
pub fn clock_budget(clock: ClockState, overhead_ms: u64) -> TimeBudget {
    // In 128 bits: absurd clocks (i64::MAX) give a long think, never an overflow.
    let overhead = i128::from(overhead_ms);
    let left = i128::from(clock.time_left_ms.max(0));
    let increment = i128::from(clock.increment_ms.max(0));
    let moves_to_go = i128::from(
        clock
            .moves_to_go
            .filter(|&n| n > 0)
            .unwrap_or(ASSUMED_MOVES_TO_GO)
            .min(ASSUMED_MOVES_TO_GO),
    );
    // What can be spent at all: the clock less the overhead for each move still to make.
    let usable = (left - overhead * moves_to_go.min(3)).max(0);
    let share = usable / moves_to_go + increment * 3 / 4;
    let hard_cap = (left - overhead).max(0) * 3 / 5;
    let hard = (share * HARD_TO_SOFT).min(hard_cap);
    let soft = share.min(hard);
    TimeBudget {
        soft: ms(soft),
        hard: ms(hard),
        whole: false,
    }
}

/// The budget of a forced move (one legal move) under a clock: a quarter of the usual base, at
/// most half a second, and no more. Deep enough that the score it reports is the position's
/// (a GUI shows it, an adjudication may act on it), short enough to keep the clock for the
/// moves that have a choice.
pub fn forced_move_budget(usual: TimeBudget) -> TimeBudget {
    let think = (usual.soft / FORCED_MOVE_SHARE)
        .min(FORCED_MOVE_MAX)
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
/// share of the last depth's nodes its subtree took, when the search knows it.
pub fn soft_scale(stable_depths: u32, best_share: Option<f64>) -> f64 {
    const BY_STABILITY: [f64; 5] = [1.5, 1.2, 1.0, 0.9, 0.8];
    let stability = BY_STABILITY[(stable_depths as usize).min(BY_STABILITY.len() - 1)];
    let effort = best_share.map_or(1.0, |share| (1.6 - share).clamp(0.6, 1.4));
    stability * effort
}

fn ms(millis: i128) -> Duration {
    let millis = u64::try_from(millis.max(0)).unwrap_or(u64::MAX);
    Duration::from_millis(millis).max(MIN_THINK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_keeps_the_overhead() {
        let budget = movetime_budget(1000, 10);
        assert_eq!(budget.hard, Duration::from_millis(990));
        assert!(budget.whole && budget.soft == budget.hard);
        assert!(!clock_budget(ClockState::default(), 10).whole);
        assert_eq!(movetime_budget(5, 10).hard, MIN_THINK);
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
        assert!(movetime_budget(u64::MAX, 10).hard > a_year);
    }

    #[test]
    fn a_changing_best_move_earns_more_time_than_a_stable_one() {
        assert!(soft_scale(0, None) > soft_scale(1, None));
        assert!(soft_scale(1, None) > soft_scale(4, None));
        assert_eq!(soft_scale(4, None), soft_scale(40, None));
        assert!(soft_scale(2, Some(0.3)) > soft_scale(2, Some(0.95)));
        assert_eq!(soft_scale(2, Some(0.6)), 1.0);
        // Never more than the hard limit's room above the base share.
        assert!(soft_scale(0, Some(0.0)) < HARD_TO_SOFT as f64);
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
        assert_eq!(forced_move_budget(movetime_budget(0, 10)).soft, MIN_THINK);
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
}
