//! Iterative deepening, the one driver of every search that deepens (Minimax, AlphaBeta and
//! IterativeDeepening): depth 1, 2, 3, ... until a limit ends it, each completed depth's line
//! reported, the answer that of the last one. Each algorithm provides only its search of one
//! depth ([`DepthSearch`]).

use crate::eval::{mate_distance, Score};
use crate::search::limits::Limits;
use crate::search::multipv::Line;
use crate::search::time::TimeManager;
use crate::search::types::{Report, SearchResult};

/// What the driver calls, re-exported for the searches that implement it.
pub use crate::search::depth_search::{Deepening, DepthOutcome, DepthSearch};

/// Deepens `search` until a limit ends it; answers with the last completed depth, or with the
/// better move of a partly searched one.
pub fn deepen<'a, S: DepthSearch<'a>>(
    search: &mut S,
    limits: &Limits,
    debug: bool,
) -> SearchResult {
    let max_depth = limits.max_depth();
    let first_depth = match S::DEEPENING {
        Deepening::Afresh if limits.is_depth_only() => max_depth,
        _ => 1,
    };
    let mut time = TimeManager::new(limits, S::DEEPENING, search.root_moves().len());
    let mut result = SearchResult {
        best: search.root_moves().first().copied(),
        ..SearchResult::default()
    };
    let multi_pv = search.context().lines.wanted() > 1;
    // The scores of the last depth's lines, best first (MultiPV).
    let mut last_scores = Vec::new();
    for depth in first_depth..=max_depth {
        let best_share = search.best_move_share();
        if !time.may_start(&mut search.context().limiter, best_share) {
            break;
        }
        let best_before = result.best;
        search.context().lines.clear();
        let score = match search.search_depth(depth, result.score) {
            DepthOutcome::Completed(score) => score,
            DepthOutcome::Stopped(partial) => {
                // As Stockfish: a root move that beat the previous best in the stopped depth is
                // played, and its line reported.
                match partial {
                    Some(score) if multi_pv => record_new_best(search, &mut result, depth, score),
                    Some(score) => record_line(search, &mut result, depth, score),
                    None => {}
                }
                break;
            }
        };
        let lines_complete = !multi_pv || search_later_lines(search, depth, score, &last_scores);
        if multi_pv {
            last_scores = record_lines(search, &mut result, depth);
            if lines_complete {
                result.complete_lines.clone_from(&result.lines);
            }
        } else {
            record_line(search, &mut result, depth, score);
        }
        result.depth = depth;
        time.completed(&search.context().limiter, result.best != best_before);
        if debug {
            let context = search.context();
            let (stats, thread_nodes) = (context.stats, context.limiter.thread_nodes());
            context.report(Report::Stats {
                depth,
                stats,
                thread_nodes,
            });
        }
        if !lines_complete || mate_limit_reached(limits, score) {
            break;
        }
    }
    finish(search, &mut result);
    result
}

/// Makes the PV at ply 0, scored `score` at `depth`, the search's answer, and reports it.
fn record_line<'a>(
    search: &mut impl DepthSearch<'a>,
    result: &mut SearchResult,
    depth: u32,
    score: Score,
) {
    let hashfull = search.hashfull();
    let context = search.context();
    let pv = context.pv.line(0);
    result.best = pv.first().copied().or(result.best);
    result.ponder = pv.get(1).copied();
    result.score = score;
    context.report_line(depth, score, pv, hashfull);
}

/// MultiPV, a stopped depth whose first line beat the last best: that line becomes line 1,
/// the last depth's other lines follow it, and all are reported again, so that no move shows
/// in two lines and `bestmove` is the first move of the last `multipv 1` line.
fn record_new_best<'a>(
    search: &mut impl DepthSearch<'a>,
    result: &mut SearchResult,
    depth: u32,
    score: Score,
) {
    let hashfull = search.hashfull();
    let context = search.context();
    let pv = context.pv.line(0);
    let (best, ponder) = (pv.first().copied(), pv.get(1).copied());
    let others = result
        .lines
        .iter()
        .filter(|line| line.pv.first() != best.as_ref());
    let wanted = context.lines.wanted();
    let mut lines = vec![Line { score, pv }];
    lines.extend(others.take(wanted - 1).cloned());
    result.best = best.or(result.best);
    result.ponder = ponder;
    result.score = score;
    context.report_lines(depth, &lines, hashfull);
}

/// MultiPV in an incremental search: after the first line of `depth`, scored `score`, searches
/// the root again for each further line with the earlier lines' first moves left out, as
/// Stockfish does; each within a window around the same line's score at the last depth
/// (`last_scores`). The searches that deepen afresh have found their lines in one pass. False
/// when stopped before every line is found.
fn search_later_lines<'a, S: DepthSearch<'a>>(
    search: &mut S,
    depth: u32,
    score: Score,
    last_scores: &[Score],
) -> bool {
    if S::DEEPENING == Deepening::Afresh {
        return true;
    }
    let context = search.context();
    let pv = context.pv.line(0);
    context.offer_line(Line { score, pv });
    let wanted = context.lines.wanted();
    let mut complete = true;
    for k in 1..wanted {
        let excluded = search.context().lines.first_moves();
        search.exclude_root_moves(&excluded);
        let last = last_scores.get(k).copied().unwrap_or(score);
        let DepthOutcome::Completed(score) = search.search_depth(depth, last) else {
            complete = false;
            break;
        };
        let context = search.context();
        let pv = context.pv.line(0);
        context.offer_line(Line { score, pv });
    }
    search.exclude_root_moves(&[]);
    complete
}

/// Makes the best of the root lines found at `depth` the search's answer, and reports them all,
/// best first; their scores.
fn record_lines<'a>(
    search: &mut impl DepthSearch<'a>,
    result: &mut SearchResult,
    depth: u32,
) -> Vec<Score> {
    let hashfull = search.hashfull();
    let context = search.context();
    let lines = context.lines.lines().to_vec();
    if let Some(best) = lines.first() {
        result.best = best.pv.first().copied().or(result.best);
        result.ponder = best.pv.get(1).copied();
        result.score = best.score;
    }
    context.report_lines(depth, &lines, hashfull);
    let scores = lines.iter().map(|line| line.score).collect();
    result.lines = lines;
    scores
}

/// Reports the answer if no line was (a search stopped before its first depth), finds a ponder
/// move for a one-move line, and adds the counts.
fn finish<'a>(search: &mut impl DepthSearch<'a>, result: &mut SearchResult) {
    let hashfull = search.hashfull();
    if let (false, Some(best)) = (search.context().has_reported_line(), result.best) {
        search.context().report_unsearched(best, hashfull);
    }
    if result.ponder.is_none() {
        result.ponder = result.best.and_then(|best| search.ponder_after(best));
    }
    let context = search.context();
    result.nodes = context.limiter.nodes();
    result.stats = context.stats;
}

/// `go mate N` is satisfied by a mate in N moves or fewer.
pub fn mate_limit_reached(limits: &Limits, score: Score) -> bool {
    match (limits.mate, mate_distance(score)) {
        (Some(wanted), Some(found)) => found > 0 && found <= wanted as i32,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
