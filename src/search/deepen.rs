//! Deepening for Minimax and AlphaBeta: depth 1, 2, 3, ... each searched afresh, nothing carried over.

use std::time::Duration;

use shakmaty::Move;

use crate::board::game::Game;
use crate::eval::{mate_distance, Score};
use crate::search::context::SearchContext;
use crate::search::limits::Limiter;
use crate::search::{Limits, Report, SearchConfig, SearchResult};

/// A search of the whole tree to one depth: the root score, or None when it was stopped.
pub trait DepthSearch: FnMut(&mut SearchContext, &[Move], u32) -> Option<Score> {}
impl<F: FnMut(&mut SearchContext, &[Move], u32) -> Option<Score>> DepthSearch for F {}

/// How much the next depth's cost is assumed to exceed what the measured growth predicts: a
/// depth that cannot finish is wasted whole, so the estimate errs long.
const GROWTH_MARGIN: f64 = 1.2;

/// Searches one depth when only a depth is given, else deepens until a limit ends it;
/// answers with the last completed depth.
pub fn search(
    game: &Game,
    root_moves: &[Move],
    limits: &Limits,
    limiter: Limiter,
    report: &mut dyn FnMut(Report),
    config: &SearchConfig,
    mut search_depth: impl DepthSearch,
) -> SearchResult {
    let mut context = SearchContext::new(game, limiter, config.evaluation, report);
    let max_depth = limits.max_depth();
    let first_depth = if limits.is_depth_only() { max_depth } else { 1 };
    let mut result = SearchResult {
        best: root_moves.first().copied(),
        ..SearchResult::default()
    };
    let mut costs = DepthCosts::new(root_moves.len());
    for depth in first_depth..=max_depth {
        if depth > first_depth && !context.limiter.may_start_iteration(costs.next_duration()) {
            break;
        }
        let (started, nodes_before) = (context.limiter.elapsed(), context.limiter.nodes());
        let Some(score) = search_depth(&mut context, root_moves, depth) else {
            break;
        };
        costs.record(
            context.limiter.nodes() - nodes_before,
            context.limiter.elapsed() - started,
        );
        let pv = context.pv.line(0);
        result.best = pv.first().copied().or(result.best);
        result.ponder = pv.get(1).copied();
        result.score = score;
        result.depth = depth;
        context.report_line(depth, score, pv, None);
        if config.debug {
            context.report(Report::Message(context.stats.describe(depth)));
        }
        if mate_limit_reached(limits, score) {
            break;
        }
    }
    if let (false, Some(best)) = (context.has_reported_line(), result.best) {
        context.report_unsearched(best, None);
    }
    result.nodes = context.limiter.nodes();
    result.stats = context.stats;
    result
}

/// The measured cost of the depths searched so far, to predict the next one's.
#[derive(Clone, Debug)]
struct DepthCosts {
    /// Nodes of each completed depth, searched afresh.
    nodes: Vec<u64>,
    /// Time of the last completed depth.
    last_time: Duration,
    /// The number of root moves: the growth assumed before two depths are measured.
    branching: usize,
}

impl DepthCosts {
    fn new(branching: usize) -> DepthCosts {
        DepthCosts {
            nodes: Vec::new(),
            last_time: Duration::ZERO,
            branching,
        }
    }

    fn record(&mut self, nodes: u64, time: Duration) {
        self.nodes.push(nodes);
        self.last_time = time;
    }

    /// How long the next depth is expected to take.
    fn next_duration(&self) -> Duration {
        self.last_time
            .mul_f64(expected_growth(&self.nodes, self.branching) * GROWTH_MARGIN)
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

/// `go mate N` is satisfied by a mate in N moves or fewer.
pub fn mate_limit_reached(limits: &Limits, score: Score) -> bool {
    match (limits.mate, mate_distance(score)) {
        (Some(wanted), Some(found)) => found > 0 && found <= wanted as i32,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut costs = DepthCosts::new(20);
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
}
