//! Lazy SMP: with `Threads` above 1, helper threads search the same root as the main thread,
//! sharing its transposition table. Each helper skips some depths (Stockfish 9's pattern), so
//! that the threads work on different depths at once, and orders its moves by heuristics of its
//! own; what they store in the table makes the main thread's search cheaper. Each helper runs
//! the one deepening driver ([`deepen`]) over the depths it does not skip, reporting nothing
//! and keeping no clock. Only the main thread reports and decides the move; the node counts
//! are all threads' together.

use std::thread;
use std::time::Instant;

use shakmaty::Move;

use crate::board::game::Game;
use crate::search::context::SearchContext;
use crate::search::deepening::{deepen, Role};
use crate::search::limits::{Limiter, Limits, Signals, ThreadNodes};
use crate::search::pvs::history::Heuristics;
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::tt::TranspositionTable;
use crate::search::request::SearchRequest;
use crate::search::tablebase::SearchTables;
use crate::search::types::SearchConfig;

/// The stack of each helper thread, as large as the main search thread's (deep recursion).
const HELPER_STACK_BYTES: usize = 64 << 20;

/// How many depths in a row (size) and from which offset (phase) each helper skips, helpers
/// 1, 2, ... in turn (Stockfish 9's Lazy SMP).
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper `helper` (from 1) leaves out `depth`.
pub fn skips(helper: usize, depth: u32) -> bool {
    let i = (helper.max(1) - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// The helper threads of a search, each with ordering heuristics of its own (cloned from the
/// main thread's).
pub struct Helpers {
    heuristics: Vec<Heuristics>,
}

impl Helpers {
    /// The `threads - 1` helpers of a search on `threads` threads; none for one thread.
    pub fn new(threads: usize, heuristics: &Heuristics) -> Helpers {
        let helpers = threads.max(1) - 1;
        Helpers {
            heuristics: (0..helpers).map(|_| heuristics.clone()).collect(),
        }
    }

    /// Runs `main`, the main thread's search (the dispatcher's), with the helpers searching
    /// the same root beside it until it is done. `main` is given the threads' node counts when
    /// there are helpers. Every thread probes `tables` (the root already ranked by them).
    pub fn run<R>(
        mut self,
        request: &SearchRequest,
        (root_moves, tables): (&[Move], &SearchTables),
        tt: &TranspositionTable,
        main: impl FnOnce(Option<&ThreadNodes>) -> R,
    ) -> R {
        let SearchRequest {
            game,
            config,
            limits,
            start,
            ..
        } = *request;
        if self.heuristics.is_empty() {
            return main(None);
        }
        let nodes = ThreadNodes::new(self.heuristics.len() + 1);
        let helpers_stop = Signals::new(false);
        // A helper keeps no clock and seeks no mate: it searches as deep as the main thread may,
        // within the node limit, until the main thread is done.
        let helper_limits = Limits {
            depth: Some(limits.max_depth()),
            nodes: limits.nodes,
            ..Limits::default()
        };
        thread::scope(|scope| {
            let (nodes, helpers_stop) = (&nodes, &helpers_stop);
            let limits = &helper_limits;
            for (i, heuristics) in self.heuristics.iter_mut().enumerate() {
                let helper = Helper {
                    id: i + 1,
                    game,
                    config,
                    limits,
                    root_moves,
                    tt,
                    tables: tables.clone(),
                    stop: helpers_stop,
                    start,
                    nodes,
                };
                let spawned = thread::Builder::new()
                    .name(format!("helper {}", i + 1))
                    .stack_size(HELPER_STACK_BYTES)
                    .spawn_scoped(scope, move || helper.run(heuristics));
                // A thread the system refuses: the search goes on with fewer.
                if spawned.is_err() {
                    break;
                }
            }
            let result = main(Some(nodes));
            helpers_stop.stop();
            result
        })
    }
}

/// What a helper thread searches with.
struct Helper<'s> {
    /// From 1; the main thread is 0.
    id: usize,
    game: &'s Game,
    config: &'s SearchConfig,
    /// The deepest depth and `go nodes`: the threads' total, which each thread stops at by
    /// itself, so that the total overshoots it by at most the nodes not yet published
    /// (whichever thread runs faster).
    limits: &'s Limits,
    root_moves: &'s [Move],
    tt: &'s TranspositionTable,
    tables: SearchTables,
    /// Set when the main thread is done.
    stop: &'s Signals,
    start: Instant,
    nodes: &'s ThreadNodes,
}

impl Helper<'_> {
    /// Deepens over the depths this helper does not skip until the main thread is done (or the
    /// deepest depth is searched, or the node limit reached), reporting nothing.
    fn run(self, heuristics: &mut Heuristics) {
        let limiter = Limiter::new(self.stop, self.start, None, self.limits.nodes)
            .with_threads(self.nodes, self.id);
        let mut silent = |_| {};
        let context = SearchContext::new(self.game, limiter, self.config.evaluation, &mut silent)
            .with_tablebases(self.tables);
        let mut search =
            PvsSearcher::new(context, self.root_moves, self.config, self.tt, heuristics);
        let skips = |depth| skips(self.id, depth);
        deepen(&mut search, self.limits, Role::Helper { skips: &skips });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pvs::tests::KIWIPETE;

    #[test]
    fn helpers_skip_different_depths() {
        let searched = |helper| -> Vec<u32> { (1..=8).filter(|&d| !skips(helper, d)).collect() };
        assert_eq!(searched(1), vec![2, 4, 6, 8]);
        assert_eq!(searched(2), vec![1, 3, 5, 7]);
        assert_eq!(searched(3), vec![1, 4, 5, 8]);
        assert_ne!(searched(3), searched(4));
        // Stockfish 9's pattern, ((depth + phase) / size) % 2 == 1 skipped: helper 4 has size
        // 2 and phase 1, helper 7 size 3 and phase 0.
        assert_eq!(searched(4), vec![3, 4, 7, 8]);
        assert_eq!(searched(7), vec![1, 2, 6, 7, 8]);
    }

    #[test]
    fn two_threads_search_to_the_depth_asked_with_a_legal_answer() {
        use crate::eval::Evaluation;
        use crate::search::pvs::state::SearchState;
        use shakmaty::Position;
        let game = Game::from_fen(KIWIPETE).expect("legal");
        let config = SearchConfig {
            threads: 2,
            evaluation: Evaluation::Material,
            ..SearchConfig::default()
        };
        let limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        let mut state = SearchState::new(16);
        let result = crate::search::run_alone(&game, &config, &limits, &mut state);
        assert_eq!(result.depth, 9);
        assert!(result.best.is_some_and(|m| game.position().is_legal(m)));
    }

    #[test]
    fn a_helper_searches_beside_the_main_thread_and_publishes_its_own_nodes() {
        let game = Game::from_fen(KIWIPETE).expect("legal");
        let config = SearchConfig {
            threads: 3,
            ..SearchConfig::default()
        };
        let limits = Limits::default();
        let signals = Signals::new(false);
        let request = SearchRequest::now(&game, &config, &limits, &signals);
        let moves: Vec<Move> = shakmaty::Position::legal_moves(game.position())
            .into_iter()
            .collect();
        let helpers = Helpers::new(config.threads, &Heuristics::default());
        let tt = TranspositionTable::new(1);
        // The main thread searches nothing: it marks its own slot, and waits (5 s at most) until
        // each helper has published a count in its own (thread i in slot i; `others(i)` sums
        // the other slots), its mark untouched.
        let mark = 1 << 60;
        let seen = helpers.run(&request, (&moves, &SearchTables::default()), &tt, |nodes| {
            let nodes = nodes.expect("the main thread is given the threads' counts");
            nodes.publish(0, mark);
            let counts = || (nodes.others(0), nodes.others(1), nodes.others(2));
            let published = |(all, but_first, but_second): (u64, u64, u64)| {
                all > 0 && but_first > mark && but_second > mark
            };
            let waited = Instant::now();
            while !published(counts()) && waited.elapsed().as_secs() < 5 {
                thread::yield_now();
            }
            counts()
        });
        let (all, but_first, but_second) = seen;
        assert!(all > 0 && all < mark, "the helpers' nodes: {seen:?}");
        assert!(
            but_first > mark,
            "the second helper's nodes in its slot: {seen:?}"
        );
        assert!(
            but_second > mark,
            "the first helper's nodes in its slot: {seen:?}"
        );
    }
}
