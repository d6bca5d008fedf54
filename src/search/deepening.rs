//! Iterative deepening, the one driver of every search that deepens (Minimax, AlphaBeta and
//! IterativeDeepening, and Lazy SMP's helper threads): depth 1, 2, 3, ... until a limit ends
//! it, each completed depth's line reported, the answer that of the last one. Each algorithm
//! provides only its search of one depth ([`DepthSearch`]); the time manager decides whether
//! each depth starts, the answer ([`Answer`]) records it.

use crate::eval::{mate_distance, Score};
use crate::search::answer::Answer;
use crate::search::context::SearchContext;
use crate::search::limits::Limits;
use crate::search::observer::SearchObserver;
use crate::search::time::TimeManager;
use crate::search::types::{Report, SearchResult};

use crate::search::depth_search::{Deepening, DepthOutcome, DepthSearch};

/// Which thread deepens, and so which depths it searches and what it tells.
#[derive(Clone, Copy)]
pub enum Role<'f> {
    /// The thread that answers: every depth, each reported (with its counters under `debug on`).
    Main { debug: bool },
    /// A helper thread of Lazy SMP: only the depths `skips` leaves it, nothing reported. Its
    /// limits have no clock: the main thread's end stops it.
    Helper { skips: &'f dyn Fn(u32) -> bool },
}

impl Role<'_> {
    /// Whether this thread searches `depth`.
    fn searches(self, depth: u32) -> bool {
        match self {
            Role::Main { .. } => true,
            Role::Helper { skips } => !skips(depth),
        }
    }

    /// Whether this thread reports nothing: a helper.
    fn is_silent(self) -> bool {
        matches!(self, Role::Helper { .. })
    }

    /// Whether each depth's counters are reported: the main thread's, under `debug on`.
    fn reports_stats(self) -> bool {
        matches!(self, Role::Main { debug: true })
    }
}

/// Deepens `search` until a limit ends it: for each depth, asks the time manager whether to
/// start it, searches it, records it in the answer and tells the time manager how it went.
/// Answers with the last completed depth, or with the better move of a partly searched one.
pub fn deepen<'a, S: DepthSearch<'a>>(search: &mut S, limits: &Limits, role: Role) -> SearchResult {
    let mut time = TimeManager::new(limits, S::DEEPENING, search.root_moves().len());
    let mut answer = Answer::new(search, role.is_silent());
    let depths = first_depth(limits, S::DEEPENING)..=limits.max_depth();
    for depth in depths.filter(|&depth| role.searches(depth)) {
        let best_share = search.best_move_share();
        if !time.may_start(search.context().limiter_mut(), best_share) {
            break;
        }
        let score = match search.search_depth(depth, answer.score()) {
            DepthOutcome::Completed(score) => score,
            DepthOutcome::Stopped(partial) => {
                answer.record_stopped(search, depth, partial);
                break;
            }
        };
        let recorded = answer.record(search, depth, score);
        time.completed(search.context().limiter(), recorded.best_changed);
        if role.reports_stats() {
            report_stats(search.context(), depth);
        }
        if !recorded.every_line || mate_limit_reached(limits, score) {
            break;
        }
    }
    answer.finish(search)
}

/// The first depth searched: 1, but a search that deepens afresh bounded by a depth alone goes
/// straight to it.
fn first_depth(limits: &Limits, deepening: Deepening) -> u32 {
    match deepening {
        Deepening::Afresh if limits.is_depth_only() => limits.max_depth(),
        _ => 1,
    }
}

/// Reports the counters of `depth` (`debug on`).
fn report_stats<O: SearchObserver>(context: &mut SearchContext<'_, O>, depth: u32) {
    let (stats, thread_nodes) = (context.stats(), context.limiter().thread_nodes());
    context.report(Report::Stats {
        depth,
        stats,
        thread_nodes,
    });
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
