//! `go` and `perft`: their limits, and the tasks that run them.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use crate::board::notation::parse_uci_move;
use crate::board::perft;
use crate::engine::command::GoParams;
use crate::engine::echo::quote;
use crate::engine::event::{Event, PerftReport};
use crate::engine::task::{wait_for_release, Finished, TaskKind};
use crate::engine::Engine;
use crate::eval::wdl::{self, Wdl};
use crate::search::limits::{ClockState, TimeControl, TimeLimit};
use crate::search::{self, Limits, Report, SearchConfig, SearchRequest};

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
                &SearchRequest {
                    game: &game,
                    config: &config,
                    limits: &limits,
                    signals,
                    start,
                },
                &mut state,
                &mut |report| sink(Event::Search(with_wdl(report, wdl_material))),
            );
            if result.best.is_none() {
                let in_check = game.position().is_check();
                let multipv = (config.multi_pv > 1).then_some(1);
                let result = if in_check { Wdl::LOSS } else { Wdl::DRAW };
                let wdl = wdl_material.map(|_| result);
                sink(Event::NoLegalMove {
                    in_check,
                    multipv,
                    wdl,
                });
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

    /// `perft N`: the leaf counts per root move, each reported as it is counted, on its own
    /// thread so that `stop` can end it.
    pub(super) fn start_perft(&mut self, depth: u32) {
        let pos = self.game.position().clone();
        let sink = self.sink.clone();
        let kind = TaskKind {
            pondering: false,
            waits_for_stop: false,
            fallback: None,
        };
        self.spawn(kind, move |state, signals, start| {
            let stopped = || signals.is_stopped();
            let mut counts = Vec::new();
            for root_move in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(root_move);
                let Some(count) = subtree_until_stopped(&child, depth.saturating_sub(1), &stopped)
                else {
                    sink(Event::PerftStopped { depth });
                    return Finished { state, last: None };
                };
                sink(Event::PerftMove { root_move, count });
                counts.push((root_move, count));
            }
            let report = PerftReport {
                depth,
                counts,
                time: start.elapsed(),
            };
            Finished {
                state,
                last: Some(Event::Perft(report)),
            }
        });
    }

    /// The limits of a `go`: its own, capped by the `Depth` option, with its time as the
    /// search's time manager reads it.
    fn limits(&self, go: &GoParams) -> Limits {
        let option_depth = (self.settings.depth > 0).then_some(self.settings.depth);
        let depth = match (go.depth, option_depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth,
            nodes: go.nodes,
            mate: go.mate,
            time: self.time_limit(go),
            searchmoves: self.searchmoves(&go.searchmoves),
            infinite: go.infinite,
        }
    }

    /// The time of a `go` for the search's time manager: the movetime, or the side to move's
    /// clock; the `Move Overhead`; whether the move is forced (one legal move, whatever
    /// `searchmoves` says).
    fn time_limit(&self, go: &GoParams) -> Option<TimeLimit> {
        let control = match go.movetime {
            Some(movetime) => TimeControl::MoveTime(Duration::from_millis(movetime)),
            None if go.wtime.is_none() && go.btime.is_none() => return None,
            None => TimeControl::Clock(self.clock(go)),
        };
        Some(TimeLimit {
            control,
            overhead_ms: self.settings.move_overhead_ms,
            forced: self.game.position().legal_moves().len() == 1,
        })
    }

    /// The side to move's clock. As Stockfish: a clock for either side makes a timed search,
    /// and the side to move's clock, if not given, is empty.
    fn clock(&self, go: &GoParams) -> ClockState {
        let (time, increment) = match self.game.position().turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        ClockState {
            time_left_ms: time.unwrap_or(0),
            increment_ms: increment.unwrap_or(0),
            moves_to_go: go.movestogo,
        }
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

/// Leaf positions `depth` plies below `pos`; None when `stopped` said so.
fn subtree_until_stopped(pos: &Chess, depth: u32, stopped: &dyn Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let counts = perft::divide_until_stopped(pos, depth, stopped)?;
    Some(counts.iter().map(|(_, count)| count).sum())
}
