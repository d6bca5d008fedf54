//! `engine solve`: a test suite of EPD positions with `bm` (best move) and `am` (avoid move)
//! operations, each searched for a fixed time; a position is solved when the move chosen is one
//! of the `bm` moves and none of the `am` moves. A record with neither is skipped.

use std::time::Duration;

use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Move};

use crate::board::epd::EpdRecord;
use crate::board::game::Game;
use crate::search::limits::TimeLimit;
use crate::search::{
    self, Limits, SearchConfig, SearchRequest, SearchResult, SearchState, Signals,
};

/// The expected answer of one suite position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// The `bm` moves: the answer must be one of them (any move, when there are none).
    pub best: Vec<Move>,
    /// The `am` moves: the answer must be none of them.
    pub avoid: Vec<Move>,
}

impl Expectation {
    /// Whether `m` answers the position.
    pub fn is_solved_by(&self, m: Move) -> bool {
        (self.best.is_empty() || self.best.contains(&m)) && !self.avoid.contains(&m)
    }
}

/// Parses the SAN moves of an operand ("Qb5", "Rxe8+ Qd1", "e8=Q#"), ignoring `!` and `?`.
pub fn parse_san_moves(pos: &Chess, operand: &str) -> Result<Vec<Move>, String> {
    operand
        .split_whitespace()
        .map(|text| {
            let clean = text.trim_end_matches(['!', '?']);
            let san: San = clean
                .parse()
                .map_err(|_| format!("'{text}' is not a move in SAN"))?;
            san.to_move(pos)
                .map_err(|e| format!("'{text}' is not a legal move here: {e}"))
        })
        .collect()
}

/// The position and the expected moves of one EPD record.
pub fn expectation(record: &EpdRecord) -> Result<(Game, Expectation), String> {
    let game = Game::from_fen(&record.fen)?;
    let best = parse_san_moves(game.position(), &record.operation("bm").unwrap_or_default())?;
    let avoid = parse_san_moves(game.position(), &record.operation("am").unwrap_or_default())?;
    if best.is_empty() && avoid.is_empty() {
        return Err("no bm or am operation".to_string());
    }
    Ok((game, Expectation { best, avoid }))
}

/// The outcome of one position.
#[derive(Clone, Debug)]
pub struct PositionOutcome {
    pub id: String,
    /// The move chosen, in SAN with its suffix.
    pub chosen: Option<String>,
    /// The expected moves as the file gives them (`bm ...`, `am ...`).
    pub expected: String,
    pub solved: bool,
    pub result: SearchResult,
}

/// How long each position is searched: a time, a node count, or both (whichever ends first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub movetime: Option<Duration>,
    /// A node count makes the result the same on any machine and under any load.
    pub nodes: Option<u64>,
}

/// Searches one position within `budget` with `config`, in a state cleared first.
pub fn solve_one(
    record: &EpdRecord,
    config: &SearchConfig,
    budget: Budget,
    state: &mut SearchState,
) -> Result<PositionOutcome, String> {
    let (game, expectation) = expectation(record).map_err(|e| format!("{}: {e}", record.id()))?;
    state.clear();
    let limits = Limits {
        time: budget.movetime.map(TimeLimit::movetime),
        nodes: budget.nodes,
        ..Limits::default()
    };
    let signals = Signals::new(false);
    let result = search::run(
        &SearchRequest::now(&game, config, &limits, &signals),
        state,
        &mut |_| {},
    );
    let chosen = result
        .best
        .map(|m| SanPlus::from_move(game.position().clone(), m).to_string());
    let solved = result.best.is_some_and(|m| expectation.is_solved_by(m));
    let expected = [
        ("bm", record.operation("bm")),
        ("am", record.operation("am")),
    ]
    .iter()
    .filter_map(|(op, value)| value.as_ref().map(|v| format!("{op} {v}")))
    .collect::<Vec<_>>()
    .join("; ");
    Ok(PositionOutcome {
        id: record.id().to_string(),
        chosen,
        expected,
        solved,
        result,
    })
}

/// What became of one record: searched, or skipped for having neither `bm` nor `am`.
#[derive(Clone, Debug)]
pub enum Entry {
    Searched(Box<PositionOutcome>),
    Skipped { id: String },
}

/// The records solved, searched and skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub solved: usize,
    pub searched: usize,
    pub skipped: usize,
}

/// Whether the record says what to play or avoid (a `bm` or an `am` operation).
pub fn has_answer(record: &EpdRecord) -> bool {
    record.operation("bm").is_some() || record.operation("am").is_some()
}

/// Searches every record that has a `bm` or an `am` and skips the others, calling `progress`
/// after each; returns the counts.
pub fn run(
    records: &[EpdRecord],
    config: &SearchConfig,
    budget: Budget,
    hash_mb: usize,
    mut progress: impl FnMut(usize, &Entry),
) -> Result<Tally, String> {
    let mut state = SearchState::new(hash_mb);
    let mut tally = Tally::default();
    for (i, record) in records.iter().enumerate() {
        if !has_answer(record) {
            tally.skipped += 1;
            let id = record.id().to_string();
            progress(i + 1, &Entry::Skipped { id });
            continue;
        }
        let outcome = solve_one(record, config, budget, &mut state)?;
        tally.searched += 1;
        tally.solved += usize::from(outcome.solved);
        progress(i + 1, &Entry::Searched(Box::new(outcome)));
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::epd::EpdRecord;

    fn parse_line(text: &str) -> Option<EpdRecord> {
        crate::board::epd::parse_line(text, 1).expect("a well-formed record")
    }
    use shakmaty::Position;

    #[test]
    fn bm_and_am_are_parsed_as_san() {
        let record = parse_line(
            "2q1r1k1/1ppb4/r2p1Pp1/p4n1p/2P1n3/5NPP/PP3Q1K/2BRRB2 w - - bm f7+; id \"ECM.001\";",
        )
        .expect("record");
        let (game, expected) = expectation(&record).expect("legal bm");
        assert_eq!(expected.best.len(), 1);
        assert_eq!(
            crate::board::notation::uci_move(expected.best[0], shakmaty::CastlingMode::Standard),
            "f6f7"
        );
        let other = game.position().legal_moves()[0];
        assert_eq!(expected.is_solved_by(other), other == expected.best[0]);

        let record = parse_line("4k3/8/8/8/8/8/8/R3K3 w Q - am O-O-O Kd1; id \"x\";").expect("rec");
        let (_, expected) = expectation(&record).expect("legal am");
        assert_eq!(expected.avoid.len(), 2);
        assert!(expected.best.is_empty());
        assert!(!expected.is_solved_by(expected.avoid[0]));
        assert!(parse_san_moves(&Chess::default(), "Qh5").is_err());
    }

    #[test]
    fn a_mate_in_one_is_solved() {
        let record =
            parse_line("6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"back rank\";").expect("rec");
        let mut state = SearchState::new(1);
        let budget = Budget {
            movetime: Some(Duration::from_millis(50)),
            nodes: None,
        };
        let outcome =
            solve_one(&record, &SearchConfig::default(), budget, &mut state).expect("searched");
        assert!(outcome.solved, "{outcome:?}");
        assert_eq!(outcome.chosen.as_deref(), Some("Ra8#"));
    }
}
