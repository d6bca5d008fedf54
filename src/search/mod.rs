//! The search algorithms: Random, Minimax, AlphaBeta and PvsSearcher, and the one
//! dispatcher that runs them.
//!
//! Every search takes a [`Game`], [`Limits`] and a [`SearchConfig`], counts nodes the same way
//! (one per position visited, the root included), reports each completed depth as a [`Report`]
//! and returns a [`SearchResult`] whose move and ponder move are those of the last line
//! reported. None of them formats text or touches stdout.
//!
//! The course's algorithms stand at the top of this folder (`random.rs`, `minimax.rs`,
//! `alphabeta.rs`), with what they share: the deepening driver, the context, the limits, the
//! observer. IterativeDeepening's own parts (the PVS node, quiescence, the selective parts, the
//! staged move picker, the table, Lazy SMP) are in [`pvs`].

pub mod alphabeta;
pub mod answer;
pub mod context;
pub mod cutoff;
pub mod deepening;
pub mod depth_search;
pub mod limits;
pub mod minimax;
pub mod multipv;
pub mod observer;
pub mod ordering;
pub mod pv;
pub mod pvs;
pub mod random;
pub mod request;
pub mod strength;
pub mod tablebase;
pub mod time;
pub mod types;

#[cfg(test)]
mod tests;

use shakmaty::{Move, Position};

use crate::board::game::Game;
use crate::search::alphabeta::AlphaBeta;
use crate::search::context::SearchContext;
use crate::search::deepening::{deepen, Role};
use crate::search::depth_search::Afresh;
use crate::search::limits::{Limiter, ThreadNodes};
use crate::search::minimax::Minimax;
use crate::search::multipv::RootLines;
use crate::search::observer::{SearchObserver, Unobserved};
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::smp::Helpers;
use crate::search::pvs::state::SearchState as State;
use crate::search::tablebase::SearchTables;
use crate::search::time::TimeManager;

pub use limits::{Limits, Signals};
pub use pvs::state::SearchState;
pub use request::SearchRequest;
pub use types::*;

/// Runs the configured search on the request's game within its limits.
pub fn run(
    request: &SearchRequest,
    state: &mut State,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    run_observed(request, state, Unobserved, report)
}

/// The one dispatcher: runs the configured search on the request's game within its limits,
/// telling `observer` every node the search visits (`engine tree`; [`Unobserved`] for `go`,
/// `compare`, `bench`). IterativeDeepening runs on `config.threads` threads (Lazy SMP; only this
/// one is observed) and at a limited strength when `config.limit_strength` asks. The search
/// parameters are `config`'s (the `tune` build; see [`SearchConfig::apply_params`]).
pub fn run_observed<O: SearchObserver>(
    request: &SearchRequest,
    state: &mut State,
    observer: O,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let SearchRequest {
        game,
        config,
        limits,
        start,
        ..
    } = *request;
    config.apply_params();
    if strength::is_limited(config) {
        let search = |config: &SearchConfig, limits: &Limits, report: &mut dyn FnMut(Report)| {
            let limited = SearchRequest {
                config,
                limits,
                ..*request
            };
            run_observed(&limited, state, observer, report)
        };
        return strength::run_limited(config, limits, game.key(), start, report, search);
    }
    let mut root_moves = root_moves(game, limits);
    if root_moves.is_empty() {
        return SearchResult::default();
    }
    let search = request;
    let mut result = match config.kind {
        SearchKind::Random => {
            let context = search.context(None, root_moves.len(), observer, report);
            random::search(context, &root_moves, config.seed)
        }
        SearchKind::Minimax => {
            let context = search.context(None, root_moves.len(), observer, report);
            deepen(
                &mut Afresh::new(Minimax, context, &root_moves),
                limits,
                search.main(),
            )
        }
        SearchKind::AlphaBeta => {
            let context = search.context(None, root_moves.len(), observer, report);
            let ordering = config.parts.move_ordering;
            let mut alphabeta = Afresh::new(AlphaBeta { ordering }, context, &root_moves);
            deepen(&mut alphabeta, limits, search.main())
        }
        SearchKind::IterativeDeepening => {
            search.iterative_deepening(&mut root_moves, state, observer, report)
        }
    };
    result.time = start.elapsed();
    result
}

/// Runs a search that only its own limits end, reporting nothing (bench, play, benchmarks).
pub fn run_alone(
    game: &Game,
    config: &SearchConfig,
    limits: &Limits,
    state: &mut State,
) -> SearchResult {
    let signals = Signals::new(false);
    run(
        &SearchRequest::now(game, config, limits, &signals),
        state,
        &mut |_| {},
    )
}

/// What every search of one run of the dispatcher is built from.
impl<'r> SearchRequest<'r> {
    /// The role of the searching thread: the main one, which answers and reports.
    fn main(&self) -> Role<'static> {
        Role::Main {
            debug: self.config.debug,
        }
    }

    /// The context of the searching thread (thread 0 of `threads` when there are several).
    fn context<'c, O: SearchObserver>(
        &self,
        threads: Option<&'c ThreadNodes>,
        root_moves: usize,
        observer: O,
        report: &'c mut dyn FnMut(Report),
    ) -> SearchContext<'c, O>
    where
        'r: 'c,
    {
        let limits = self.limits;
        let deadline = TimeManager::deadline(limits);
        let mut limiter = Limiter::new(self.signals, self.start, deadline, limits.nodes);
        if let Some(nodes) = threads {
            limiter = limiter.with_threads(nodes, 0);
        }
        let multi_pv = self.config.multi_pv;
        let lines = RootLines::new(multi_pv.min(root_moves)).numbered(multi_pv > 1);
        SearchContext::new(self.game, limiter, self.config.evaluation, report)
            .with_lines(lines)
            .observed_by(observer)
    }

    /// IterativeDeepening: the root ranked by the tablebases (the best rank searched first, and
    /// the only moves among the answer's lines), the table and heuristics aged, and the helper
    /// threads of Lazy SMP searching beside this one.
    fn iterative_deepening<O: SearchObserver>(
        &self,
        root_moves: &mut Vec<Move>,
        state: &mut State,
        observer: O,
        report: &mut dyn FnMut(Report),
    ) -> SearchResult {
        let config = self.config;
        let limit = config.syzygy_probe_limit;
        let tables = SearchTables::new(state.tablebases.clone(), self.game, root_moves, limit);
        state.tt.new_search();
        state.heuristics.new_search();
        let helpers = Helpers::new(config.threads, &state.heuristics);
        let (tt, heuristics) = (&state.tt, &mut state.heuristics);
        let root_moves: &[Move] = root_moves;
        let mut result = helpers.run(self, (root_moves, &tables), tt, |nodes| {
            let context = self
                .context(nodes, root_moves.len(), observer, report)
                .with_tablebases(tables.clone());
            let mut search = PvsSearcher::new(context, root_moves, config, tt, heuristics);
            deepen(&mut search, self.limits, self.main())
        });
        tables.keep_best_ranked(&mut result.lines);
        result
    }
}

/// The legal root moves, restricted to `searchmoves` when given.
pub(crate) fn root_moves(game: &Game, limits: &Limits) -> Vec<Move> {
    let legal = game.position().legal_moves();
    if limits.searchmoves.is_empty() {
        return legal.to_vec();
    }
    legal
        .into_iter()
        .filter(|m| limits.searchmoves.contains(m))
        .collect()
}
