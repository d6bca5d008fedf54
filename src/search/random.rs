//! The random player: a uniformly random legal move, reproducible from the `Seed` option.

use rand::{rngs::StdRng, Rng, SeedableRng};
use shakmaty::Move;

use crate::search::context::SearchContext;
use crate::search::observer::SearchObserver;
use crate::search::types::SearchResult;

/// Picks a root move at random. The generator is seeded by `seed` and the position,
/// so the same seed plays the same move in the same position, in any game or process. The score
/// reported is the configured evaluator's.
pub fn search<O: SearchObserver>(
    mut context: SearchContext<O>,
    root_moves: &[Move],
    seed: u64,
) -> SearchResult {
    context.limiter.count_node();
    let mut rng = StdRng::seed_from_u64(seed ^ context.history.key());
    let best = root_moves[rng.random_range(0..root_moves.len())];
    let score = context.eval.evaluation().evaluate(&context.root);
    context.report_line(0, score, vec![best], None);
    SearchResult {
        best: Some(best),
        score,
        nodes: context.limiter.nodes(),
        ..SearchResult::default()
    }
}
