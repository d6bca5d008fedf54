//! Shared helpers of the search tests: reading the suites, running a search through the
//! library, and checking that a line of moves is legal.

use std::path::PathBuf;

use engine::board::epd::{self, EpdRecord};
use engine::board::game::Game;
use engine::eval::Evaluation;
use engine::search::{
    run, Iteration, Limits, Report, SearchConfig, SearchKind, SearchRequest, SearchResult,
    SearchState, Signals,
};
use shakmaty::{san::San, Chess, Move, Position};

/// What the search tests need of an EPD record beside the library's accessors.
pub trait RecordExt {
    /// The record's position, which must be legal.
    fn game(&self) -> Game;
    /// The record's `id`, or its line number.
    fn name(&self) -> String;
}

impl RecordExt for EpdRecord {
    fn game(&self) -> Game {
        Game::from_fen(&self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.name()))
    }

    fn name(&self) -> String {
        match self.operands("id") {
            Some([id]) => id.clone(),
            _ => format!("line {}", self.line),
        }
    }
}

/// A file of the crate's `positions/` directory, falling back to the shared copy next to the crate.
pub fn positions_file(name: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let local = root.join("positions").join(name);
    if local.exists() {
        return local;
    }
    let shared = root.join("../shared/positions").join(name);
    assert!(
        shared.exists(),
        "neither {} nor {} exists",
        local.display(),
        shared.display()
    );
    shared
}

/// Reads a file of `positions/` with the engine's EPD parser.
pub fn read_epd(name: &str) -> Vec<EpdRecord> {
    let path = positions_file(name);
    epd::read(&path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()))
}

/// A configuration of `kind` with the seeds' material evaluator, which the exact scores and node
/// counts of these tests were measured with; IterativeDeepening's parts all on, AlphaBeta's
/// ordering on.
pub fn config(kind: SearchKind) -> SearchConfig {
    config_with(kind, Evaluation::Material)
}

/// A configuration of `kind` with `evaluation`, otherwise the defaults.
pub fn config_with(kind: SearchKind, evaluation: Evaluation) -> SearchConfig {
    SearchConfig {
        kind,
        evaluation,
        ..SearchConfig::default()
    }
}

/// Limits that only bound the depth.
pub fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// What a search returned and every iteration it reported.
pub struct Outcome {
    pub result: SearchResult,
    pub iterations: Vec<Iteration>,
}

/// Runs a search with a fresh (small) table.
pub fn search(game: &Game, config: &SearchConfig, limits: &Limits) -> Outcome {
    search_with(game, config, limits, &mut SearchState::new(1))
}

/// Runs a search with `state`.
pub fn search_with(
    game: &Game,
    config: &SearchConfig,
    limits: &Limits,
    state: &mut SearchState,
) -> Outcome {
    let mut iterations = Vec::new();
    let signals = Signals::new(false);
    let request = SearchRequest::now(game, config, limits, &signals);
    let result = run(&request, state, &mut |report| {
        if let Report::Iteration(iteration) = report {
            iterations.push(iteration);
        }
    });
    Outcome { result, iterations }
}

/// Plays `line` from `pos`, panicking with `what` if a move is illegal; the final position.
pub fn play_line(pos: &Chess, line: &[Move], what: &str) -> Chess {
    let mut pos = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        assert!(
            pos.is_legal(m),
            "{what}: move {} of the line {line:?} ({m:?}) is illegal",
            i + 1
        );
        pos.play_unchecked(m);
    }
    pos
}

/// A SAN move of `pos` (`+`/`#` suffixes allowed).
pub fn san_move(pos: &Chess, san: &str) -> Move {
    San::from_ascii(san.as_bytes())
        .unwrap_or_else(|e| panic!("'{san}' is not SAN: {e}"))
        .to_move(pos)
        .unwrap_or_else(|e| panic!("'{san}' is not a legal move: {e}"))
}

/// A UCI move of `game`'s position.
pub fn uci(game: &Game, text: &str) -> Move {
    engine::board::notation::parse_uci_move(game.position(), text).expect("legal UCI move")
}
