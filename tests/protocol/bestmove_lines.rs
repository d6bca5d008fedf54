//! `bestmove` and `ponder` come from one line: searches stopped at many node counts and times,
//! with every search type, on positions of the ECM suite. For each answer the move played is
//! legal and is the first move of the last `info ... pv` line printed before it; the ponder
//! move, when given, is legal after it and is the second move of that line (a one-move line may
//! be extended by a legal reply from the table).

use crate::common::{bestmove_of, is_legal, Engine};
use engine::board::epd;

/// `go` limits that stop searches at every stage: inside depth 1, between depths, mid-depth.
const NODE_LIMITS: [u64; 6] = [1, 50, 400, 3_000, 15_000, 60_000];
const MOVETIMES_MS: [u64; 3] = [1, 10, 40];
const SEARCHES: [&str; 4] = ["Random", "Minimax", "AlphaBeta", "IterativeDeepening"];

/// The position of the issue that answered `bestmove d1d5 ponder d5e3` after the PV `e4g3 d5e3`.
const STOPPED_MID_ITERATION: &str = "r1b1k3/5p1p/p1p5/3np3/1b2N3/4B3/PPP1BPrP/2KR3R w q - 0 1";

/// Every `step`-th position of positions/ecm.epd.
fn ecm_positions(step: usize) -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/ecm.epd");
    let records = epd::read(std::path::Path::new(path)).expect("ecm.epd parses");
    records
        .into_iter()
        .step_by(step)
        .map(|record| record.fen)
        .collect()
}

/// The moves of the last `info ... pv ...` line.
fn last_pv(lines: &[String]) -> Option<Vec<&str>> {
    lines
        .iter()
        .filter(|line| line.starts_with("info "))
        .filter_map(|line| line.split_once(" pv "))
        .map(|(_, moves)| moves.split_whitespace().collect())
        .next_back()
}

/// Sends `go`, then checks the answer against the position and the lines printed before it.
fn check_answer(engine: &mut Engine, fen: &str, go: &str, what: &str) {
    engine.send(go);
    let (lines, line) = engine.read_bestmove();
    let answer = bestmove_of(&line);
    let what = format!("{what} '{go}' in {fen}: '{line}' after {lines:?}");
    assert!(is_legal(fen, &[], &answer.best), "illegal bestmove: {what}");
    let pv = last_pv(&lines).unwrap_or_else(|| panic!("no pv line before bestmove: {what}"));
    assert_eq!(pv.first().copied(), Some(answer.best.as_str()), "{what}");
    if let Some(ponder) = &answer.ponder {
        assert!(
            is_legal(fen, &[answer.best.as_str()], ponder),
            "illegal ponder move: {what}"
        );
        if pv.len() > 1 {
            assert_eq!(pv[1], ponder, "ponder not from the pv: {what}");
        }
    } else {
        assert!(pv.len() < 2, "the pv offers a ponder move: {what}");
    }
}

fn engine_with(search: &str) -> Engine {
    let mut engine = Engine::start();
    let lines = engine.command(&format!("setoption name Search value {search}"));
    assert!(lines.is_empty(), "{lines:?}");
    engine
}

#[test]
fn the_example_of_the_issue_answers_from_one_line() {
    for search in SEARCHES {
        let mut engine = engine_with(search);
        for nodes in (1_000..=20_000).step_by(1_000) {
            // From an empty table each time, as a fresh process searches it.
            engine.command("ucinewgame");
            engine.command(&format!("position fen {STOPPED_MID_ITERATION}"));
            check_answer(
                &mut engine,
                STOPPED_MID_ITERATION,
                &format!("go nodes {nodes}"),
                search,
            );
        }
    }
}

#[test]
fn node_limits_answer_from_one_line() {
    let positions = ecm_positions(12);
    assert!(positions.len() >= 70, "{}", positions.len());
    for search in SEARCHES {
        let mut engine = engine_with(search);
        for fen in &positions {
            engine.command(&format!("position fen {fen}"));
            for nodes in NODE_LIMITS {
                check_answer(&mut engine, fen, &format!("go nodes {nodes}"), search);
            }
        }
    }
}

#[test]
fn movetimes_answer_from_one_line() {
    let positions = ecm_positions(40);
    assert!(positions.len() >= 20, "{}", positions.len());
    for search in SEARCHES {
        let mut engine = engine_with(search);
        for fen in &positions {
            engine.command(&format!("position fen {fen}"));
            for ms in MOVETIMES_MS {
                check_answer(&mut engine, fen, &format!("go movetime {ms}"), search);
            }
        }
    }
}
