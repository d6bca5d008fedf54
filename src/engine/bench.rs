//! `bench`: a fixed set of positions searched to a fixed depth; the node total is the bench
//! signature, the same for the same code on any machine. The UCI loop and `engine bench` run it
//! as an engine task, so both print the same lines.

use std::time::Instant;

use crate::board::epd;
use crate::board::game::Game;
use crate::engine::event::{BenchProgress, BenchSummary, Event};
use crate::engine::task::{Finished, TaskKind};
use crate::engine::Engine;
use crate::search::{self, Limits, SearchConfig, SearchRequest, SearchState, Signals, MAX_DEPTH};

/// The bench positions, built into the binary so that `bench` runs anywhere.
pub const BENCH_EPD: &str = include_str!("../../positions/bench.epd");
/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 11;
/// The table size of each bench search, in MB.
const BENCH_HASH_MB: usize = 16;

/// The depth of a `bench`, refused outside 1..=[`MAX_DEPTH`].
pub fn check_depth(depth: u32) -> Result<u32, String> {
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(format!("bench depth must be from 1 to {MAX_DEPTH}"))
    }
}

/// Searches each bench position to `depth` from an empty table, reporting each; None if stopped.
pub fn run(
    depth: u32,
    config: &SearchConfig,
    signals: &Signals,
    mut progress: impl FnMut(BenchProgress),
) -> Result<Option<BenchSummary>, String> {
    let records = epd::parse(BENCH_EPD).map_err(|e| format!("positions/bench.epd: {e:#}"))?;
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
        let game = Game::from_fen(&record.fen).map_err(|e| format!("{}: {e}", record.id()))?;
        state.clear();
        let result = search::run(
            &SearchRequest::now(&game, config, &limits, signals),
            &mut state,
            &mut |_| {},
        );
        if signals.is_stopped() {
            return Ok(None);
        }
        nodes += result.nodes;
        let step = BenchProgress {
            index: i + 1,
            total: records.len(),
            fen: record.fen.clone(),
            nodes: result.nodes,
        };
        progress(step);
    }
    Ok(Some(BenchSummary {
        positions: records.len(),
        nodes,
        time: started.elapsed(),
    }))
}

impl Engine {
    /// `bench [depth]` on the task thread with the current search options: each position, then the totals.
    pub(super) fn start_bench(&mut self, depth: u32) {
        let config = self.settings.search;
        let sink = self.sink.clone();
        let kind = TaskKind {
            pondering: false,
            waits_for_stop: false,
            fallback: None,
        };
        self.spawn(kind, move |state, signals, _| {
            let outcome = run(depth, &config, signals, |step| {
                sink(Event::BenchPosition(step))
            });
            let last = match outcome {
                Ok(Some(summary)) => Event::Bench(summary),
                Ok(None) => Event::BenchStopped,
                Err(why) => Event::Message(format!("bench: {why}")),
            };
            Finished {
                state,
                last: Some(last),
            }
        });
    }
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
            let signals = Signals::new(false);
            let summary = run(7, &config, &signals, |_| {})
                .expect("the bench positions")
                .expect("nothing stops it");
            (evaluation, summary.nodes)
        });
        assert_eq!(
            nodes,
            [
                (Evaluation::Material, 203_838),
                (Evaluation::Positional, 230_577),
                (Evaluation::Nnue, 224_118)
            ]
        );
    }

    #[test]
    fn a_stopped_bench_has_no_totals() {
        let signals = Signals::new(false);
        signals.stop();
        let mut reported = 0;
        let outcome = run(3, &SearchConfig::DEFAULT, &signals, |_| reported += 1);
        assert_eq!(outcome, Ok(None));
        assert_eq!(reported, 0);
    }

    #[test]
    fn bench_depths_outside_the_search_range_are_refused() {
        assert_eq!(check_depth(1), Ok(1));
        assert_eq!(check_depth(MAX_DEPTH), Ok(MAX_DEPTH));
        assert!(check_depth(0).is_err());
        assert!(check_depth(MAX_DEPTH + 1).is_err());
    }
}
