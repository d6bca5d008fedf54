//! What the engine tells its front end, as typed events; the front end turns them into text.

use std::sync::Arc;
use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Move};

use crate::engine::options::UciOption;
use crate::eval::report::EvalReport;
use crate::eval::wdl::Wdl;
use crate::search::Report;

/// One thing the engine has to say.
#[derive(Clone, Debug)]
pub enum Event {
    /// `uci`: who the engine is.
    Id {
        name: String,
        author: &'static str,
    },
    /// `uci`: the options the engine accepts.
    Options(&'static [UciOption]),
    /// `uci`: the identification is complete.
    UciOk,
    ReadyOk,
    /// What a running search reports: a completed depth, progress, counters.
    Search(Report),
    /// A search in a position without a legal move: checkmated (in check) or stalemated.
    NoLegalMove {
        in_check: bool,
        /// The line's number (`multipv 1`) when MultiPV asks for more than one line.
        multipv: Option<usize>,
        /// With `UCI_ShowWDL`: the certain result, a loss or a draw.
        wdl: Option<Wdl>,
    },
    /// The end of a search: its move and the move it expects in reply.
    BestMove {
        best: Option<Move>,
        ponder: Option<Move>,
    },
    /// The answer of a `go` without a position to search: the null move.
    NullMove,
    /// A diagnostic for the user (why a command was refused, ...).
    Message(String),
    /// The leaf count below one root move of a running perft, as soon as it is counted.
    PerftMove {
        root_move: Move,
        count: u64,
    },
    /// A completed perft: its root moves' counts (each already reported) and its time.
    Perft(PerftReport),
    /// A perft that `stop` ended before it completed.
    PerftStopped {
        depth: u32,
    },
    /// `bench`: one position searched.
    BenchPosition(BenchProgress),
    /// `bench`: the totals of the run (the node total is the bench signature).
    Bench(BenchSummary),
    /// A bench that `stop` ended before it completed.
    BenchStopped,
    /// `d`: the current position.
    Board(BoardReport),
    /// `eval`: the evaluation and its terms.
    Eval(EvalReport),
    /// From now on, castling moves are written in this mode (`UCI_Chess960` changed).
    Notation(CastlingMode),
}

/// A completed perft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftReport {
    pub depth: u32,
    /// Leaf counts below each root move, in generation order.
    pub counts: Vec<(Move, u64)>,
    pub time: Duration,
}

impl PerftReport {
    /// Leaf positions in all.
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|(_, n)| n).sum()
    }
}

/// The totals of a completed bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    pub positions: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// One bench position searched: its number (from 1) of `total`, its FEN and its nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchProgress {
    pub index: usize,
    pub total: usize,
    pub fen: String,
    pub nodes: u64,
}

/// The current position as `d` shows it.
#[derive(Clone, Debug)]
pub struct BoardReport {
    pub position: Chess,
    pub fen: String,
    /// The Zobrist key.
    pub key: u64,
}

/// Where the engine sends its events: called from the engine's thread and from the search's.
pub type Sink = Arc<dyn Fn(Event) + Send + Sync>;
