//! The analysis and play options of issue 13 through the binary's pipes: MultiPV, Threads,
//! UCI_LimitStrength and UCI_Elo.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{assert_legal, Engine, START_FEN};

/// After 1.e4 e5 2.Nf3 Qh4??: the queen hangs to the knight, the best move by far.
const TACTICAL_FEN: &str = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

/// One `info depth ... pv ...` line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Info {
    depth: u32,
    multipv: Option<usize>,
    /// `cp N` or `mate N`, as printed.
    score: String,
    /// The score in centipawns, mates far beyond any material.
    value: i64,
    pv: Vec<String>,
}

fn parse_info(line: &str) -> Option<Info> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.first() != Some(&"info") || !tokens.contains(&"pv") {
        return None;
    }
    let after = |key: &str| {
        let at = tokens.iter().position(|&t| t == key)?;
        tokens.get(at + 1).copied()
    };
    let depth = after("depth")?.parse().ok()?;
    let multipv = after("multipv").and_then(|k| k.parse().ok());
    let score_at = tokens.iter().position(|&t| t == "score")?;
    let (kind, number) = (tokens[score_at + 1], tokens[score_at + 2]);
    let number: i64 = number.parse().ok()?;
    let value = match kind {
        "cp" => number,
        _ => number.signum() * 1_000_000 - number,
    };
    let pv_at = tokens.iter().position(|&t| t == "pv")?;
    Some(Info {
        depth,
        multipv,
        score: format!("{kind} {number}"),
        value,
        pv: tokens[pv_at + 1..].iter().map(|m| m.to_string()).collect(),
    })
}

fn infos(lines: &[String]) -> Vec<Info> {
    lines.iter().filter_map(|l| parse_info(l)).collect()
}

/// The lines of each depth, in the order printed.
fn by_depth(infos: &[Info]) -> BTreeMap<u32, Vec<Info>> {
    let mut depths: BTreeMap<u32, Vec<Info>> = BTreeMap::new();
    for info in infos {
        depths.entry(info.depth).or_default().push(info.clone());
    }
    depths
}

/// Every depth reports `count` lines numbered 1..=count, distinct first moves, best first, each
/// pv legal; the bestmove is the first move of the last depth's `multipv 1`.
fn assert_multipv_lines(fen: &str, lines: &[String], best: &str, count: usize) {
    let depths = by_depth(&infos(lines));
    assert!(!depths.is_empty(), "{lines:?}");
    for (depth, infos) in &depths {
        let numbers: Vec<Option<usize>> = infos.iter().map(|i| i.multipv).collect();
        let expected: Vec<Option<usize>> = (1..=count).map(Some).collect();
        assert_eq!(numbers, expected, "depth {depth}: {lines:?}");
        let firsts: BTreeSet<&String> = infos.iter().map(|i| &i.pv[0]).collect();
        assert_eq!(
            firsts.len(),
            count,
            "distinct first moves at depth {depth}: {infos:?}"
        );
        assert!(
            infos.windows(2).all(|w| w[0].value >= w[1].value),
            "best first at depth {depth}: {infos:?}"
        );
        for info in infos {
            for (i, m) in info.pv.iter().enumerate() {
                let before: Vec<&str> = info.pv[..i].iter().map(String::as_str).collect();
                assert_legal(fen, &before, m);
            }
        }
    }
    let last = depths.values().last().expect("a depth");
    assert_eq!(last[0].pv[0], best, "{lines:?}");
}

fn setup(engine: &mut Engine, options: &[(&str, &str)], fen: &str) {
    for (name, value) in options {
        let out = engine.command(&format!("setoption name {name} value {value}"));
        assert!(out.is_empty(), "{name}={value}: {out:?}");
    }
    engine.command(&format!("position fen {fen}"));
}

#[test]
fn multipv_reports_the_best_root_moves_each_depth_best_first() {
    for fen in [START_FEN, TACTICAL_FEN] {
        let mut engine = Engine::start();
        setup(&mut engine, &[("MultiPV", "3")], fen);
        let (lines, answer) = engine.go("go depth 7");
        assert_multipv_lines(fen, &lines, &answer.best, 3);
    }
}

#[test]
fn one_line_prints_no_multipv_field() {
    let mut engine = Engine::start();
    setup(&mut engine, &[("MultiPV", "1")], START_FEN);
    let (lines, _) = engine.go("go depth 5");
    assert!(!infos(&lines).is_empty(), "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
}

#[test]
fn multipv_above_the_number_of_moves_reports_every_move() {
    // Twelve legal moves: six of the rook, six of the pawns; the king has none.
    let fen = "7k/8/8/8/8/8/5PPP/6RK w - - 0 1";
    let mut engine = Engine::start();
    setup(&mut engine, &[("MultiPV", "256")], fen);
    let (lines, answer) = engine.go("go depth 3");
    assert_multipv_lines(fen, &lines, &answer.best, 12);
}

/// Minimax and AlphaBeta give every root move its exact score; with MultiPV they agree line for
/// line on the scores, and every AlphaBeta line's score is Minimax's score of the same move.
#[test]
fn minimax_and_alphabeta_lines_agree_on_exact_scores() {
    let fen = TACTICAL_FEN;
    let mut engine = Engine::start();
    setup(
        &mut engine,
        &[("Search", "Minimax"), ("MultiPV", "256")],
        fen,
    );
    let (lines, answer) = engine.go("go depth 3");
    let all = by_depth(&infos(&lines))[&3].clone();
    assert_multipv_lines(fen, &lines, &answer.best, all.len());
    let exact: BTreeMap<String, String> = all
        .iter()
        .map(|i| (i.pv[0].clone(), i.score.clone()))
        .collect();
    for n in ["1", "4"] {
        setup(&mut engine, &[("Search", "AlphaBeta"), ("MultiPV", n)], fen);
        let (lines, answer) = engine.go("go depth 3");
        let count: usize = n.parse().expect("a number");
        if count > 1 {
            assert_multipv_lines(fen, &lines, &answer.best, count);
        }
        let found = infos(&lines);
        for (i, info) in found.iter().enumerate() {
            assert_eq!(Some(&info.score), exact.get(&info.pv[0]), "{info:?}");
            assert_eq!(info.score, all[i].score, "rank {}: {info:?}", i + 1);
        }
    }
}

#[test]
fn bad_multipv_values_are_refused_and_the_previous_count_stays() {
    let mut engine = Engine::start();
    setup(&mut engine, &[("MultiPV", "2")], START_FEN);
    for bad in ["0", "1000", "-1", "two"] {
        let out = engine.command(&format!("setoption name MultiPV value {bad}"));
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(
            out[0].starts_with("info string ") && out[0].contains("MultiPV"),
            "{out:?}"
        );
        let (lines, answer) = engine.go("go depth 3");
        assert_multipv_lines(START_FEN, &lines, &answer.best, 2);
    }
}

#[test]
fn multipv_works_from_the_command_line() {
    let run = common::run(&["--set", "MultiPV=2", "go", "depth", "4"], "");
    let lines: Vec<String> = run.lines().iter().map(|l| l.to_string()).collect();
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a bestmove");
    assert_multipv_lines(START_FEN, &lines, best, 2);
}

/// python-chess asks `analyse(board, limit, multipv=3)` and gets three lines.
#[test]
fn python_chess_analyses_three_lines() {
    common::run_python_script("multipv.py");
}
