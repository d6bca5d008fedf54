//! The random player: a uniformly random legal move, reproducible from the `Seed` option.

use rand::{rngs::StdRng, Rng, SeedableRng};
use shakmaty::Move;

use crate::board::game::Game;
use crate::search::limits::Limiter;
use crate::search::{Iteration, Report, SearchConfig, SearchResult};

/// Picks a root move at random. The generator is seeded by `seed` and the position,
/// so the same seed plays the same move in the same position, in any game or process. The score
/// reported is the configured evaluator's.
pub fn search(
    game: &Game,
    root_moves: &[Move],
    config: &SearchConfig,
    mut limiter: Limiter,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    limiter.count_node();
    let mut rng = StdRng::seed_from_u64(config.seed ^ game.key());
    let best = root_moves[rng.random_range(0..root_moves.len())];
    let score = config.evaluation.evaluate(game.position());
    report(Report::Iteration(Iteration {
        depth: 0,
        seldepth: 0,
        score,
        nodes: limiter.nodes(),
        time: limiter.elapsed(),
        hashfull: None,
        pv: vec![best],
    }));
    SearchResult {
        best: Some(best),
        score,
        nodes: limiter.nodes(),
        ..SearchResult::default()
    }
}
