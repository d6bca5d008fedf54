//! The search algorithms: Random, Minimax, AlphaBeta and IterativeDeepening.
//!
//! Every search takes a [`Game`], [`Limits`] and a [`SearchConfig`], counts nodes the same way
//! (one per position visited, the root included), reports each completed depth as a [`Report`]
//! and returns a [`SearchResult`] whose move and ponder move are those of the last line
//! reported. None of them formats text or touches stdout.

pub mod alphabeta;
pub mod context;
pub mod deepening;
pub mod iterative;
pub mod limits;
pub mod minimax;
pub mod multipv;
pub mod observer;
pub mod ordering;
pub mod pv;
mod quiescence;
pub mod random;
pub mod see;
mod selective;
pub mod smp;
pub mod strength;
pub mod tablebase;
pub mod tt;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::{Move, Position};

use crate::board::game::Game;
use crate::eval::{mated_in, Evaluation, Score, DRAW};
use alphabeta::AlphaBeta;
use context::SearchContext;
use deepening::deepen;
use iterative::IterativeDeepening;
use limits::Limiter;
pub use limits::{Limits, Signals};
use minimax::Minimax;
use multipv::{Line, RootLines};
use tablebase::{SearchTables, Tablebases};
use tt::TranspositionTable;

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

/// How the search is built: the algorithm, the evaluator, and the parts of IterativeDeepening
/// that are switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub kind: SearchKind,
    /// The evaluator every search type scores positions with.
    pub evaluation: Evaluation,
    pub transposition_table: bool,
    /// For AlphaBeta: captures first (MVV-LVA); for IterativeDeepening: the full ordering.
    pub move_ordering: bool,
    pub quiescence: bool,
    /// IterativeDeepening: search each depth from the second on within a window around the
    /// last score, widened when the score falls outside.
    pub aspiration_windows: bool,
    /// IterativeDeepening: null-move pruning (not in check, not with only pawns).
    pub null_move: bool,
    /// IterativeDeepening: late quiet moves searched to a reduced depth first.
    pub late_move_reductions: bool,
    /// IterativeDeepening: quiet moves near the horizon that cannot lift a hopeless score are
    /// skipped, and so are captures in quiescence that cannot (delta pruning).
    pub futility: bool,
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
}

impl SearchConfig {
    /// IterativeDeepening with every part on, scored by the positional evaluator: the defaults
    /// of the UCI options.
    pub const DEFAULT: SearchConfig = SearchConfig {
        kind: SearchKind::IterativeDeepening,
        evaluation: Evaluation::Positional,
        transposition_table: true,
        move_ordering: true,
        quiescence: true,
        aspiration_windows: true,
        null_move: true,
        late_move_reductions: true,
        futility: true,
        seed: 0,
        syzygy_probe_limit: 7,
        multi_pv: 1,
        threads: 1,
        limit_strength: false,
        elo: strength::DEFAULT_ELO,
        debug: false,
    };
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
    /// With MultiPV: the last depth's root lines, best first.
    pub lines: Vec<Line>,
    /// With MultiPV in a search that deepens: the root lines of the last depth at which every
    /// line was found (`lines` may hold fewer, from a depth stopped part way).
    pub complete_lines: Vec<Line>,
}

/// State a search keeps from one move to the next: the table and the ordering heuristics, and
/// the Syzygy tables of `SyzygyPath`.
#[derive(Debug)]
pub struct SearchState {
    pub tt: TranspositionTable,
    pub heuristics: ordering::Heuristics,
    pub tablebases: Option<Arc<Tablebases>>,
}

impl SearchState {
    pub fn new(hash_mb: usize) -> SearchState {
        SearchState {
            tt: TranspositionTable::new(hash_mb),
            heuristics: ordering::Heuristics::default(),
            tablebases: None,
        }
    }

    /// Forgets everything learnt (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }
}

/// Runs the configured search on `game` within `limits`.
pub fn run(
    game: &Game,
    config: &SearchConfig,
    limits: &Limits,
    state: &mut SearchState,
    signals: &Signals,
    start: Instant,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    if config.limit_strength && config.kind == SearchKind::IterativeDeepening {
        return strength::run_limited(game, config, limits, state, signals, start, report);
    }
    let limiter = Limiter::new(signals, start, limits.time, limits.nodes);
    let root_moves = root_moves(game, limits);
    if root_moves.is_empty() {
        return SearchResult::default();
    }
    let mut root_moves = root_moves;
    let mut tables = SearchTables::default();
    if config.kind == SearchKind::IterativeDeepening {
        let limit = config.syzygy_probe_limit;
        tables = SearchTables::new(state.tablebases.clone(), game, &mut root_moves, limit);
        state.tt.new_search();
        state.heuristics.new_search();
        if config.threads > 1 {
            let mut result = smp::search(
                game,
                config,
                limits,
                &root_moves,
                tables,
                state,
                signals,
                start,
                report,
            );
            result.time = start.elapsed();
            return result;
        }
    }
    let mut context = SearchContext::new(game, limiter, config.evaluation, report);
    context.lines = RootLines::new(config.multi_pv.min(root_moves.len()));
    let mut result = match config.kind {
        SearchKind::Random => random::search(context, &root_moves, config.seed),
        SearchKind::Minimax => deepen(
            &mut Minimax::new(context, &root_moves),
            limits,
            config.debug,
        ),
        SearchKind::AlphaBeta => {
            let mut search = AlphaBeta::new(context, &root_moves, config.move_ordering);
            deepen(&mut search, limits, config.debug)
        }
        SearchKind::IterativeDeepening => {
            context.tablebases = tables;
            let (tt, heuristics) = (&state.tt, &mut state.heuristics);
            let mut search = IterativeDeepening::new(context, &root_moves, config, tt, heuristics);
            deepen(&mut search, limits, config.debug)
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
    state: &mut SearchState,
) -> SearchResult {
    run(
        game,
        config,
        limits,
        state,
        &Signals::new(false),
        Instant::now(),
        &mut |_| {},
    )
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
