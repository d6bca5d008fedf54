//! `engine bench`: a fixed set of positions searched to a fixed depth; the node total is the
//! bench signature, the same for the same code on any machine.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::board::epd;
use crate::board::game::Game;
use crate::search::{self, nodes_per_second, Limits, SearchConfig, SearchResult, SearchState};
use crate::uci::format;

/// The bench positions, built into the binary so that `engine bench` runs anywhere.
pub const BENCH_EPD: &str = include_str!("../../positions/bench.epd");
/// The depth `engine bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 11;
/// The table size of each bench search, in MB.
const BENCH_HASH_MB: usize = 16;

/// The totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    pub positions: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// Searches every bench position to `depth` with `config` (IterativeDeepening and its default
/// options for the signature) and an empty table, calling `progress` after each with its
/// number, the total, its FEN and the result.
pub fn run(
    depth: u32,
    config: &SearchConfig,
    mut progress: impl FnMut(usize, usize, &str, &SearchResult),
) -> Result<BenchSummary> {
    let records = epd::parse(BENCH_EPD).context("positions/bench.epd")?;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let started = Instant::now();
    let mut nodes = 0;
    // One table, emptied before each position (as `ucinewgame` does): the same fresh start as a
    // new table, without allocating and faulting in 16 MB each time.
    let mut state = SearchState::new(BENCH_HASH_MB);
    for (i, record) in records.iter().enumerate() {
        let game = Game::from_fen(&record.fen)
            .map_err(anyhow::Error::msg)
            .with_context(|| record.id().to_string())?;
        state.clear();
        let result = search::run_alone(&game, config, &limits, &mut state);
        nodes += result.nodes;
        progress(i + 1, records.len(), &record.fen, &result);
    }
    Ok(BenchSummary {
        positions: records.len(),
        nodes,
        time: started.elapsed(),
    })
}

/// The lines `engine bench` prints on stdout.
pub fn summary_lines(summary: &BenchSummary) -> String {
    let nps = nodes_per_second(summary.nodes, summary.time);
    format!(
        "Total time (ms): {}\n{}\nNodes/second: {}",
        summary.time.as_millis(),
        format::nodes_searched(summary.nodes),
        nps
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluation;

    #[test]
    fn a_shallow_bench_of_each_evaluator_is_pinned() {
        // `engine bench 7` with the default search and each evaluator (the binary prints the same
        // totals): a quick pin of the search for the unit tests and their mutation runs. README
        // pins the full-depth signatures; a change of the search updates both.
        let nodes = Evaluation::ALL.map(|evaluation| {
            let config = SearchConfig {
                evaluation,
                ..SearchConfig::DEFAULT
            };
            let summary = run(7, &config, |_, _, _, _| {}).expect("the bench positions");
            (evaluation, summary.nodes)
        });
        assert_eq!(
            nodes,
            [
                (Evaluation::Material, 188_551),
                (Evaluation::Positional, 308_933),
                (Evaluation::Nnue, 241_092)
            ]
        );
    }
}
