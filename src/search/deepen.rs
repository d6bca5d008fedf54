//! Deepening for Minimax and AlphaBeta: depth 1, 2, 3, ... each searched afresh, nothing carried over.

use std::time::Duration;

use shakmaty::Move;

use crate::eval::{mate_distance, Score};
use crate::game::Game;
use crate::search::control::Clock;
use crate::search::tree::Tree;
use crate::search::{Iteration, Limits, Report, SearchConfig, SearchResult};

/// A search of the whole tree to one depth: the root score, or None when it was stopped.
pub trait DepthSearch: FnMut(&mut Tree, &[Move], u32) -> Option<Score> {}
impl<F: FnMut(&mut Tree, &[Move], u32) -> Option<Score>> DepthSearch for F {}

/// How much longer than the last depth the next one is assumed to take, when deciding whether to start it.
const GROWTH: u32 = 8;

/// Searches one depth when only a depth is given, else deepens until a limit ends it;
/// answers with the last completed depth.
pub fn search(
    game: &Game,
    root_moves: &[Move],
    limits: &Limits,
    clock: Clock,
    report: &mut dyn FnMut(Report),
    config: &SearchConfig,
    mut search_depth: impl DepthSearch,
) -> SearchResult {
    let mut tree = Tree::new(game, clock, config.evaluation);
    let max_depth = limits.max_depth();
    let first_depth = if limits.is_depth_only() { max_depth } else { 1 };
    let mut result = SearchResult {
        best: root_moves.first().copied(),
        ..SearchResult::default()
    };
    let mut last_duration = Duration::ZERO;
    for depth in first_depth..=max_depth {
        if depth > first_depth && !tree.clock.may_start_iteration(last_duration * GROWTH) {
            break;
        }
        let started = tree.clock.elapsed();
        let Some(score) = search_depth(&mut tree, root_moves, depth) else {
            break;
        };
        last_duration = tree.clock.elapsed() - started;
        let pv = tree.pv.line(0);
        result.best = pv.first().copied().or(result.best);
        result.ponder = pv.get(1).copied();
        result.score = score;
        result.depth = depth;
        report(Report::Iteration(Iteration {
            depth,
            seldepth: tree.seldepth as u32,
            score,
            nodes: tree.clock.nodes(),
            time: tree.clock.elapsed(),
            hashfull: None,
            pv,
        }));
        if config.debug {
            report(Report::Message(tree.stats.describe(depth)));
        }
        if mate_limit_reached(limits, score) {
            break;
        }
    }
    result.nodes = tree.clock.nodes();
    result.stats = tree.stats;
    result
}

/// `go mate N` is satisfied by a mate in N moves or fewer.
pub fn mate_limit_reached(limits: &Limits, score: Score) -> bool {
    match (limits.mate, mate_distance(score)) {
        (Some(wanted), Some(found)) => found > 0 && found <= wanted as i32,
        _ => false,
    }
}
