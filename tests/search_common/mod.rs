//! Shared helpers of the search tests: EPD parsing, running a search through the library,
//! and checking that a line of moves is legal.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Instant;

use engine::eval::Evaluation;
use engine::game::Game;
use engine::search::control::Signals;
use engine::search::{
    run, Iteration, Limits, Report, SearchConfig, SearchKind, SearchResult, SearchState,
};
use shakmaty::{san::San, Chess, Move, Position};

/// One EPD record: the position (4 FEN fields, or 6 when the clocks are given) and its operations.
#[derive(Clone, Debug)]
pub struct Epd {
    pub fen: String,
    /// The operations in file order: opcode and operands (quotes removed).
    pub ops: Vec<(String, Vec<String>)>,
    /// 1-based line number in the file.
    pub line: usize,
}

impl Epd {
    /// The operands of `opcode`, if the record has it.
    pub fn op(&self, opcode: &str) -> Option<&[String]> {
        self.ops
            .iter()
            .find(|(name, _)| name == opcode)
            .map(|(_, operands)| operands.as_slice())
    }

    /// The record's `id`, or its line number.
    pub fn name(&self) -> String {
        match self.op("id") {
            Some([id]) => id.clone(),
            _ => format!("line {}", self.line),
        }
    }

    pub fn game(&self) -> Game {
        Game::from_fen(&self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.name()))
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

/// Reads an EPD file: one record a line; blank lines and `#` comments are skipped.
///
/// Handles both `FEN4 opcode operands; ...` and the perft files' `FEN6 ;D1 20 ;D2 400` form.
pub fn read_epd(name: &str) -> Vec<Epd> {
    let path = positions_file(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_epd_line(l, i + 1))
        .collect()
}

/// Parses one EPD line (see [`read_epd`]).
pub fn parse_epd_line(line: &str, number: usize) -> Epd {
    // Four FEN fields, then the two clocks if the next two fields are numbers (the perft form).
    let mut fields = Vec::new();
    let mut rest = line.trim_start();
    for i in 0..6 {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let field = &rest[..end];
        if i >= 4 && (field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit())) {
            break;
        }
        fields.push(field);
        rest = rest[end..].trim_start();
    }
    let position = fields.join(" ");
    let mut ops = Vec::new();
    for op in split_operations(rest) {
        let tokens = tokenize(&op);
        if let Some((name, operands)) = tokens.split_first() {
            ops.push((name.clone(), operands.to_vec()));
        }
    }
    Epd {
        fen: position,
        ops,
        line: number,
    }
}

/// Splits operations at the `;` that are not inside a quoted string.
fn split_operations(text: &str) -> Vec<String> {
    let mut ops = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ';' if !quoted => {
                if !current.trim().is_empty() {
                    ops.push(current.trim().to_string());
                }
                current.clear();
            }
            _ => current.push(c),
        }
    }
    if !current.trim().is_empty() {
        ops.push(current.trim().to_string());
    }
    ops
}

/// Splits an operation into whitespace-separated tokens; a quoted string is one token.
fn tokenize(op: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in op.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    tokens.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    tokens
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
    let result = run(
        game,
        config,
        limits,
        state,
        &Signals::new(false),
        Instant::now(),
        &mut |report| {
            if let Report::Iteration(iteration) = report {
                iterations.push(iteration);
            }
        },
    );
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
    engine::game::parse_uci_move(game.position(), text).expect("legal UCI move")
}
