//! `go` and `perft`: their limits, and the tasks that run them.

use shakmaty::{Color, Move, Position};

use crate::board::notation::parse_uci_move;
use crate::board::perft;
use crate::engine::command::GoParams;
use crate::engine::event::{quote, Event, PerftReport};
use crate::engine::task::{wait_for_release, Finished, TaskKind};
use crate::engine::Engine;
use crate::eval::wdl::{self, Wdl};
use crate::search::time::{
    clock_budget, forced_move_budget, movetime_budget, ClockState, TimeBudget,
};
use crate::search::{self, Limits, Report, SearchConfig, MAX_DEPTH};

impl Engine {
    /// `go`: a search on its own thread, ending with `bestmove`.
    pub(super) fn go(&mut self, params: GoParams) {
        for warning in &params.warnings {
            self.message(quote(warning));
        }
        if let Some(depth) = params.perft {
            self.start_perft(depth);
            return;
        }
        let limits = self.limits(&params);
        let config = SearchConfig {
            debug: self.debug,
            ..self.settings.search
        };
        let game = self.game.clone();
        let sink = self.sink.clone();
        let wdl_material = self
            .settings
            .show_wdl
            .then(|| wdl::material_count(game.position().board()));
        let infinite = params.infinite;
        // A `go` with no limit at all would search to the maximum depth: like `go infinite`.
        let unbounded = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.mate.is_none()
            && limits.time.is_none();
        let first_move = game.position().legal_moves().first().copied();
        let kind = TaskKind {
            pondering: params.ponder,
            waits_for_stop: infinite || params.ponder || unbounded,
            fallback: Some(Event::BestMove {
                best: first_move,
                ponder: None,
            }),
        };
        self.spawn(kind, move |mut state, signals, start| {
            let result = search::run(
                &game,
                &config,
                &limits,
                &mut state,
                signals,
                start,
                &mut |report| sink(Event::Search(with_wdl(report, wdl_material))),
            );
            if result.best.is_none() {
                let in_check = game.position().is_check();
                let result = if in_check { Wdl::LOSS } else { Wdl::DRAW };
                let wdl = wdl_material.map(|_| result);
                sink(Event::NoLegalMove { in_check, wdl });
            }
            wait_for_release(signals, infinite);
            Finished {
                state,
                last: Some(Event::BestMove {
                    best: result.best,
                    ponder: result.ponder,
                }),
            }
        });
    }

    /// `perft N`: the leaf counts per root move, on its own thread so that `stop` can end it.
    pub(super) fn start_perft(&mut self, depth: u32) {
        let pos = self.game.position().clone();
        let sink = self.sink.clone();
        let kind = TaskKind {
            pondering: false,
            waits_for_stop: false,
            fallback: None,
        };
        self.spawn(kind, move |state, signals, start| {
            let counts = perft::divide_until_stopped(&pos, depth, &|| signals.is_stopped());
            let Some(counts) = counts else {
                sink(Event::PerftStopped { depth });
                return Finished { state, last: None };
            };
            let time = start.elapsed();
            let report = PerftReport {
                depth,
                counts,
                time,
            };
            Finished {
                state,
                last: Some(Event::Perft(report)),
            }
        });
    }

    /// The limits of a `go`: its own, capped by the `Depth` option, with the clock turned into a budget.
    fn limits(&self, go: &GoParams) -> Limits {
        let option_depth = (self.settings.depth > 0).then_some(self.settings.depth);
        let depth = match (go.depth, option_depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let depth = depth.or_else(|| mate_only_depth(go));
        Limits {
            depth,
            nodes: go.nodes,
            mate: go.mate,
            time: self.time_budget(go),
            searchmoves: self.searchmoves(&go.searchmoves),
            infinite: go.infinite,
        }
    }

    fn time_budget(&self, go: &GoParams) -> Option<TimeBudget> {
        let overhead = self.settings.move_overhead_ms;
        if let Some(movetime) = go.movetime {
            return Some(movetime_budget(movetime, overhead));
        }
        if go.wtime.is_none() && go.btime.is_none() {
            return None;
        }
        // As Stockfish: a clock for either side makes a timed search, and the side to move's
        // clock, if not given, is empty.
        let (time, increment) = match self.game.position().turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        let clock = ClockState {
            time_left_ms: time.unwrap_or(0),
            increment_ms: increment.unwrap_or(0),
            moves_to_go: go.movestogo,
        };
        let budget = clock_budget(clock, overhead);
        // A forced move (one legal move, whatever `searchmoves` says) is thought about briefly.
        let forced = self.game.position().legal_moves().len() == 1;
        Some(if forced {
            forced_move_budget(budget)
        } else {
            budget
        })
    }

    /// The legal moves among `searchmoves`; the others are reported and skipped.
    fn searchmoves(&self, texts: &[String]) -> Vec<Move> {
        let mut moves = Vec::new();
        for text in texts {
            match parse_uci_move(self.game.position(), text) {
                Ok(m) => moves.push(m),
                Err(why) => self.message(format!("searchmoves: {}; skipped", quote(&why))),
            }
        }
        if moves.is_empty() && !texts.is_empty() {
            self.message("searchmoves: no legal move given; searching all moves".to_string());
        }
        moves
    }
}

/// A report with its score's chances added, given the root's material (`UCI_ShowWDL` on).
fn with_wdl(report: Report, root_material: Option<u32>) -> Report {
    match (report, root_material) {
        (Report::Iteration(mut line), Some(material)) => {
            line.wdl = Some(wdl::wdl(line.score, material));
            Report::Iteration(line)
        }
        (report, _) => report,
    }
}

/// Plies searched beyond a mate's own length (2N − 1) before `go mate N` gives up: room for
/// the moves the selective search first reduces.
const MATE_MARGIN: u32 = 8;

/// The depth that ends a `go mate N` with no other limit, so that it ends when no mate is
/// found (Stockfish searches on until `stop`).
fn mate_only_depth(go: &GoParams) -> Option<u32> {
    let clock = go.wtime.is_some() || go.btime.is_some() || go.movetime.is_some();
    if clock || go.nodes.is_some() || go.infinite {
        return None;
    }
    go.mate
        .map(|moves| (2 * moves - 1 + MATE_MARGIN).min(MAX_DEPTH))
}
