//! The types every search shares: which search, how it is configured, what it reports and
//! what it answers, and the depth and ply bounds.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use shakmaty::Move;

use crate::eval::wdl::Wdl;
use crate::eval::{mated_in, Evaluation, Score, DRAW};
use crate::search::multipv::Line;
#[cfg(feature = "tune")]
use crate::search::pvs::params;

/// The range of `UCI_Elo` and its default. Stockfish 15.1 offers 1350–2850; the top here is
/// the engine at full strength, about 2500 on Stockfish's scale at 10 s + 0.1 s.
pub const MIN_ELO: u32 = 1350;
pub const MAX_ELO: u32 = 2500;
pub const DEFAULT_ELO: u32 = MIN_ELO;

/// The deepest nominal depth a search goes to, in plies.
pub const MAX_DEPTH: u32 = 64;
/// The deepest ply a search path can reach, extensions and quiescence included.
pub const MAX_PLY: usize = 128;

/// The algorithm that chooses the move (the `Search` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchKind {
    Random,
    Minimax,
    AlphaBeta,
    IterativeDeepening,
}

impl SearchKind {
    pub const ALL: [SearchKind; 4] = [
        SearchKind::Random,
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
        SearchKind::IterativeDeepening,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            SearchKind::Random => "Random",
            SearchKind::Minimax => "Minimax",
            SearchKind::AlphaBeta => "AlphaBeta",
            SearchKind::IterativeDeepening => "IterativeDeepening",
        }
    }
}

impl fmt::Display for SearchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SearchKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SearchKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown search '{s}'"))
    }
}

/// The parts of a search that can be switched off one at a time (each a UCI option of its
/// name), to see what each is worth: `engine compare` lists the search without each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParts {
    /// IterativeDeepening: the transposition table.
    pub transposition_table: bool,
    /// For AlphaBeta: captures first (MVV-LVA); for IterativeDeepening: the full ordering.
    pub move_ordering: bool,
    /// IterativeDeepening: at the horizon, captures searched until the position is quiet.
    pub quiescence: bool,
    /// IterativeDeepening: search each depth from the second on within a window around the
    /// last score, widened when the score falls outside.
    pub aspiration_windows: bool,
    /// IterativeDeepening: null-move pruning (not in check, not with only pawns).
    pub null_move: bool,
    /// IterativeDeepening: late quiet moves searched to a reduced depth first.
    pub late_move_reductions: bool,
    /// IterativeDeepening: quiet moves near the horizon that cannot lift a hopeless score are
    /// skipped, and so are captures in quiescence that cannot (delta pruning); the static
    /// evaluation (quiescence's stand pat too) is corrected by the correction history.
    pub futility: bool,
}

impl SearchParts {
    /// Every part on: the defaults of the options.
    pub const ALL: SearchParts = SearchParts {
        transposition_table: true,
        move_ordering: true,
        quiescence: true,
        aspiration_windows: true,
        null_move: true,
        late_move_reductions: true,
        futility: true,
    };
}

/// How the search is built (the algorithm, the evaluator, the parts switched on) and what the
/// session asks of it (the seed, the tablebases, the lines, the threads, the strength, debug).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub kind: SearchKind,
    /// The evaluator every search type scores positions with.
    pub evaluation: Evaluation,
    pub parts: SearchParts,
    pub seed: u64,
    /// IterativeDeepening probes the tablebases in positions of at most this many pieces.
    pub syzygy_probe_limit: u32,
    /// How many of the best root moves each depth reports, each with its line (MultiPV).
    pub multi_pv: usize,
    /// IterativeDeepening: search threads (Lazy SMP); the other searches use one.
    pub threads: usize,
    /// Play at about `elo` (UCI_LimitStrength, UCI_Elo).
    pub limit_strength: bool,
    pub elo: u32,
    /// Report cutoffs, table hits and stores as `info string` lines.
    pub debug: bool,
    /// The search parameters' values (the `tune` build; otherwise they are constants).
    #[cfg(feature = "tune")]
    pub params: params::Values,
}

impl SearchConfig {
    /// IterativeDeepening with every part on, scored by the neural evaluator: the defaults of
    /// the UCI options.
    pub const DEFAULT: SearchConfig = SearchConfig {
        kind: SearchKind::IterativeDeepening,
        evaluation: Evaluation::Nnue,
        parts: SearchParts::ALL,
        seed: 0,
        syzygy_probe_limit: 7,
        multi_pv: 1,
        threads: 1,
        limit_strength: false,
        elo: DEFAULT_ELO,
        debug: false,
        #[cfg(feature = "tune")]
        params: params::DEFAULTS,
    };

    /// Makes this configuration's parameter values those the search reads (the `tune` build;
    /// nothing otherwise, where they are constants).
    #[inline]
    pub fn apply_params(&self) {
        #[cfg(feature = "tune")]
        params::apply(&self.params);
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig::DEFAULT
    }
}

/// Counters that `debug on` and `engine compare` show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub beta_cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_cutoffs: u64,
    pub tt_stores: u64,
}

/// One completed depth, as an `info` line shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// The line's rank among the root moves (from 1) when MultiPV asks for more than one.
    pub multipv: Option<usize>,
    pub score: Score,
    /// The score's chances (`UCI_ShowWDL`): none from the searches, filled in by the engine.
    pub wdl: Option<Wdl>,
    pub nodes: u64,
    pub time: Duration,
    /// Permille of the transposition table in use, when the search has one.
    pub hashfull: Option<u32>,
    /// Tablebase probes that found a result, when tables are in use.
    pub tbhits: Option<u64>,
    pub pv: Vec<Move>,
}

/// Where a long depth has got to, reported at least once a second so that a GUI sees it working.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The depth being searched.
    pub depth: u32,
    /// The root move being searched, and its number in the root's order (from 1).
    pub currmove: Move,
    pub currmovenumber: usize,
    pub nodes: u64,
    pub time: Duration,
}

/// What a search tells the outside world while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A completed depth, or the line of a stopped one that the search answers with.
    Iteration(Iteration),
    Progress(Progress),
    /// The counters after a completed depth (with `debug on`).
    Stats {
        depth: u32,
        stats: Stats,
        /// The nodes the reporting thread searched itself (the `nodes` of `info` count every
        /// thread's).
        thread_nodes: u64,
    },
}

/// The answer of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    /// The deepest completed depth (0 when none completed).
    pub depth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub stats: Stats,
    /// With MultiPV: the root lines one may choose among, best first (`UCI_LimitStrength` picks
    /// from them). The last depth's lines, then the root moves a depth stopped part way did not
    /// reach, each with its line of the last depth that found every line, scored no better
    /// than the best; with the root in the tablebases, only the moves that keep its result.
    pub lines: Vec<Line>,
}

/// Nodes per second over `time` (0 when no time has passed).
pub fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as u128 * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |nps| nps as u64)
}

/// The score of a position without a legal move, `ply` plies from the root: checkmate in
/// check, else stalemate (a draw).
#[inline]
pub fn score_without_moves(in_check: bool, ply: usize) -> Score {
    if in_check {
        mated_in(ply)
    } else {
        DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each search shows as its `Search` option's value, which parses back to it.
    #[test]
    fn a_search_kind_shows_as_its_option_value() {
        assert_eq!(SearchKind::AlphaBeta.to_string(), "AlphaBeta");
        for kind in SearchKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
    }
}
