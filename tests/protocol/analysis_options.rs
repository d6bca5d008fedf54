//! The analysis and play options through the binary's pipes: MultiPV, Threads,
//! UCI_LimitStrength and UCI_Elo.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{assert_legal, number_after, word_after, Engine, START_FEN};

/// After 1.e4 e5 2.Nf3 Qh4??: the queen hangs to the knight, the best move by far.
const TACTICAL_FEN: &str = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const KIWIPETE_FEN: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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
    let depth = word_after(line, "depth")?.parse().ok()?;
    let multipv = word_after(line, "multipv").and_then(|k| k.parse().ok());
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
        assert_eq!(found.len(), count, "one depth, {count} lines: {lines:?}");
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
    let run = crate::common::run(&["--set", "MultiPV=2", "go", "depth", "4"], "");
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
    crate::common::run_python_script("multipv.py");
}

// ---------------------------------------------------------------------------------------------
// Threads

/// The fields of the `info … pv` lines that do not depend on timing: depth, multipv, score,
/// nodes, pv; progress lines (`currmove`), due after each second, are left out.
fn timeless(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .map(|l| {
            let tokens: Vec<&str> = l.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut i = 0;
            while i < tokens.len() {
                match tokens[i] {
                    "nps" | "time" | "hashfull" => i += 2,
                    t => {
                        kept.push(t);
                        i += 1;
                    }
                }
            }
            kept.join(" ")
        })
        .collect()
}

/// Depths 1, 2, ... each once, nodes never falling, every pv legal, the bestmove the last pv's
/// first move and the ponder move its second.
fn assert_consistent_search(
    fen: &str,
    lines: &[String],
    answer: &crate::common::Bestmove,
    depth: u32,
) {
    let found = infos(lines);
    let depths: Vec<u32> = found.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=depth).collect::<Vec<_>>(), "{lines:?}");
    let nodes = node_counts(lines);
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    for info in &found {
        for (i, m) in info.pv.iter().enumerate() {
            let before: Vec<&str> = info.pv[..i].iter().map(String::as_str).collect();
            assert_legal(fen, &before, m);
        }
    }
    let last = found.last().expect("a line");
    assert_eq!(answer.best, last.pv[0], "{lines:?}");
    assert_eq!(answer.ponder.as_ref(), last.pv.get(1), "{lines:?}");
}

#[test]
fn two_threads_give_a_legal_move_and_consistent_info() {
    let mut engine = Engine::start();
    for fen in [START_FEN, TACTICAL_FEN, KIWIPETE_FEN] {
        setup(&mut engine, &[("Threads", "2")], fen);
        let (lines, answer) = engine.go("go depth 10");
        assert_consistent_search(fen, &lines, &answer, 10);
    }
    let (lines, answer) = engine.go("go movetime 300");
    assert!(!infos(&lines).is_empty(), "{lines:?}");
    assert_legal(KIWIPETE_FEN, &[], &answer.best);
}

#[test]
fn two_threads_find_the_mate_and_take_the_queen() {
    let mut engine = Engine::start();
    let mate_in_two = "6k1/ppR2pp1/4p1p1/4P1N1/3r2P1/1P4K1/P3r3/8 w - - 0 1";
    setup(&mut engine, &[("Threads", "2")], mate_in_two);
    let (lines, answer) = engine.go("go depth 6");
    assert_eq!(answer.best, "c7c8", "{lines:?}");
    assert_eq!(
        infos(&lines).last().map(|i| i.score.as_str()),
        Some("mate 2")
    );
    setup(&mut engine, &[], TACTICAL_FEN);
    let (_, answer) = engine.go("go depth 8");
    assert_eq!(answer.best, "f3h4");
}

/// (`info` nodes, the main thread's own nodes from `debug on`) of each completed depth.
fn thread_counts(lines: &[String]) -> Vec<(u64, u64)> {
    let nodes = |line: &str| number_after(line, "nodes");
    let mut counts = Vec::new();
    let mut total = None;
    for line in lines {
        if line.starts_with("info depth") && line.contains(" pv ") {
            total = nodes(line);
        } else if line.starts_with("info string depth") && line.contains(" thread nodes ") {
            counts.extend(total.zip(nodes(line)));
        }
    }
    counts
}

/// The helper's work is counted: with two threads each depth's `nodes` is the main thread's
/// own count (`debug on` shows it) and more, the helper's; with one thread it is exactly the
/// main thread's. `go nodes N` bounds the nodes of both threads together: each thread stops at
/// the total it knows of, which lags by at most the 1024 nodes between two publications of each.
#[test]
fn two_threads_count_the_helpers_nodes_and_go_nodes_bounds_their_total() {
    const LIMIT: u64 = 300_000;
    const UNPUBLISHED: u64 = 2 * 1024;
    for threads in [1, 2] {
        let mut engine = Engine::start();
        setup(&mut engine, &[("Threads", &threads.to_string())], START_FEN);
        engine.command("debug on");
        let go = format!("go nodes {LIMIT}");
        let (lines, answer) = engine.go(&go);
        assert_legal(START_FEN, &[], &answer.best);
        let slack = if threads == 1 { 0 } else { UNPUBLISHED };
        let most = node_counts(&lines).into_iter().max();
        assert!(most <= Some(LIMIT + slack), "{most:?}: {lines:?}");
        let counts = thread_counts(&lines);
        let &(all, own) = counts
            .last()
            .unwrap_or_else(|| panic!("no counts: {lines:?}"));
        if threads == 1 {
            assert!(counts.iter().all(|(all, own)| all == own), "{counts:?}");
        } else {
            assert!(all > own, "the helper's nodes are not counted: {counts:?}");
        }
    }
}

#[test]
fn two_threads_stop_at_once_with_one_bestmove() {
    let mut engine = Engine::start();
    setup(&mut engine, &[("Threads", "2")], START_FEN);
    engine.send("go infinite");
    engine.read_until("depth 6", |l| l.starts_with("info depth 6 "));
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert_legal(START_FEN, &[], &crate::common::bestmove_of(&best).best);
    let rest = engine.sync();
    assert!(rest.iter().all(|l| !l.starts_with("bestmove")), "{rest:?}");
}

#[test]
fn one_thread_is_deterministic_and_the_simple_searches_ignore_threads() {
    let mut engine = Engine::start();
    let run = |engine: &mut Engine, options: &[(&str, &str)], go: &str| {
        setup(engine, options, TACTICAL_FEN);
        engine.command("ucinewgame");
        let (lines, answer) = engine.go(go);
        (timeless(&lines), answer)
    };
    let first = run(&mut engine, &[("Threads", "1")], "go depth 9");
    let again = run(&mut engine, &[], "go depth 9");
    assert_eq!(first, again);
    for search in ["Minimax", "AlphaBeta"] {
        let one = run(
            &mut engine,
            &[("Search", search), ("Threads", "1")],
            "go depth 4",
        );
        let two = run(&mut engine, &[("Threads", "2")], "go depth 4");
        assert_eq!(one, two, "{search} stays on one thread");
    }
}

#[test]
fn bad_thread_counts_are_refused_and_the_engine_keeps_searching() {
    let mut engine = Engine::start();
    setup(&mut engine, &[("Threads", "2")], START_FEN);
    for bad in ["0", "257", "-1", "many"] {
        let out = engine.command(&format!("setoption name Threads value {bad}"));
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(
            out[0].starts_with("info string ") && out[0].contains("Threads"),
            "{out:?}"
        );
        let (lines, answer) = engine.go("go depth 6");
        assert_consistent_search(START_FEN, &lines, &answer, 6);
    }
}

#[test]
fn threads_and_multipv_work_together() {
    let mut engine = Engine::start();
    setup(
        &mut engine,
        &[("Threads", "2"), ("MultiPV", "3")],
        TACTICAL_FEN,
    );
    let (lines, answer) = engine.go("go depth 8");
    assert_multipv_lines(TACTICAL_FEN, &lines, &answer.best, 3);
    assert_eq!(answer.best, "f3h4");
}

// ---------------------------------------------------------------------------------------------
// UCI_LimitStrength, UCI_Elo

/// The `nodes` of each `info depth` line.
fn node_counts(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| number_after(l, "nodes"))
        .collect()
}

#[test]
fn a_limited_engine_still_takes_a_hanging_queen() {
    let mut engine = Engine::start();
    for elo in ["1350", "1500"] {
        setup(
            &mut engine,
            &[("UCI_LimitStrength", "true"), ("UCI_Elo", elo)],
            TACTICAL_FEN,
        );
        for go in [
            "go movetime 300",
            "go wtime 10000 btime 10000 winc 100 binc 100",
        ] {
            for _ in 0..10 {
                let (lines, answer) = engine.go(go);
                assert_eq!(answer.best, "f3h4", "UCI_Elo {elo}, {go}: {lines:?}");
            }
        }
    }
}

#[test]
fn a_limited_engine_searches_few_nodes_varies_among_close_moves_and_reports_its_move_last() {
    let mut engine = Engine::start();
    setup(
        &mut engine,
        &[("UCI_LimitStrength", "true"), ("UCI_Elo", "1350")],
        START_FEN,
    );
    let mut played = BTreeSet::new();
    for seed in 0..20 {
        setup(&mut engine, &[("Seed", &seed.to_string())], START_FEN);
        engine.command("ucinewgame");
        let (lines, answer) = engine.go("go movetime 2000");
        let nodes = node_counts(&lines);
        assert!(nodes.iter().all(|&n| n <= 4000), "{lines:?}");
        let last = infos(&lines).last().cloned().expect("a line");
        assert_eq!(last.pv[0], answer.best, "{lines:?}");
        assert_legal(START_FEN, &[], &answer.best);
        played.insert(answer.best);
    }
    assert!(played.len() > 1, "always {played:?}");
}

/// A limited search stopped in a depth prints that depth's lines, then its pick: the pick is
/// printed at the depth reached, never a shallower one after it.
#[test]
fn a_limited_engine_never_prints_a_shallower_depth_after_a_deeper_one() {
    let bench =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/positions/bench.epd"))
            .expect("positions/bench.epd");
    let mut engine = Engine::start();
    setup(
        &mut engine,
        &[("UCI_LimitStrength", "true"), ("UCI_Elo", "1350")],
        START_FEN,
    );
    let mut checked = 0;
    for record in bench.lines().filter(|l| !l.starts_with('#')) {
        let fen: Vec<&str> = record.split_whitespace().take(4).collect();
        let fen = format!("{} 0 1", fen.join(" "));
        setup(&mut engine, &[], &fen);
        engine.command("ucinewgame");
        let (lines, _) = engine.go("go depth 30");
        let depths: Vec<u32> = infos(&lines).iter().map(|i| i.depth).collect();
        assert!(
            depths.windows(2).all(|w| w[0] <= w[1]),
            "{fen}: depths {depths:?}\n{lines:#?}"
        );
        checked += 1;
    }
    assert!(checked >= 30, "{checked} positions");
}

/// The limited engine's pick is drawn from `Seed` (and the position): the same seed plays the
/// same move, in a fresh process as after `ucinewgame`; the seeds do not all play one move.
#[test]
fn a_limited_engine_plays_the_same_move_for_the_same_seed() {
    let pick = |engine: &mut Engine, seed: u32| {
        let options = [("UCI_LimitStrength", "true"), ("Seed", &seed.to_string())];
        setup(engine, &options, START_FEN);
        engine.command("ucinewgame");
        engine.go("go depth 20").1.best
    };
    let mut first = Engine::start();
    let picks: Vec<String> = (0..10).map(|seed| pick(&mut first, seed)).collect();
    let mut second = Engine::start();
    let again: Vec<String> = (0..10).rev().map(|seed| pick(&mut second, seed)).collect();
    let again: Vec<String> = again.into_iter().rev().collect();
    assert_eq!(picks, again, "seeds 0..10");
    let distinct: BTreeSet<&String> = picks.iter().collect();
    assert!(distinct.len() > 1, "every seed plays {distinct:?}");
}

#[test]
fn uci_elo_changes_nothing_without_uci_limitstrength() {
    let mut engine = Engine::start();
    let mut run = |options: &[(&str, &str)]| {
        setup(&mut engine, options, TACTICAL_FEN);
        engine.command("ucinewgame");
        let (lines, answer) = engine.go("go depth 8");
        (timeless(&lines), answer)
    };
    let full = run(&[]);
    assert_eq!(run(&[("UCI_Elo", "1350")]), full);
    assert_eq!(
        run(&[
            ("UCI_LimitStrength", "true"),
            ("UCI_LimitStrength", "false")
        ]),
        full
    );
}

#[test]
fn bad_strength_values_are_refused_and_the_previous_level_stays() {
    let mut engine = Engine::start();
    setup(
        &mut engine,
        &[("UCI_LimitStrength", "true"), ("UCI_Elo", "1350")],
        START_FEN,
    );
    for (name, bad) in [
        ("UCI_Elo", "1349"),
        ("UCI_Elo", "2501"),
        ("UCI_Elo", "strong"),
        ("UCI_LimitStrength", "yes"),
    ] {
        let out = engine.command(&format!("setoption name {name} value {bad}"));
        assert_eq!(out.len(), 1, "{name} {bad}: {out:?}");
        assert!(
            out[0].starts_with("info string ") && out[0].contains(name),
            "{out:?}"
        );
        // Still the lowest level: few nodes.
        let (lines, _) = engine.go("go movetime 500");
        assert!(node_counts(&lines).iter().all(|&n| n <= 4000), "{lines:?}");
    }
}

/// The levels were calibrated with the net, so a limited engine scores with it whatever
/// `Evaluation` says: the same transcript under Positional as under NNUE.
#[test]
fn a_limited_engine_scores_with_the_evaluator_its_levels_were_calibrated_with() {
    let mut engine = Engine::start();
    let mut run = |evaluation: &str| {
        let options = [
            ("UCI_LimitStrength", "true"),
            ("UCI_Elo", "1800"),
            ("Evaluation", evaluation),
        ];
        setup(&mut engine, &options, TACTICAL_FEN);
        engine.command("ucinewgame");
        let (lines, answer) = engine.go("go depth 6");
        (timeless(&lines), answer)
    };
    let nnue = run("NNUE");
    assert!(!nnue.0.is_empty());
    assert_eq!(run("Positional"), nnue);
}

/// The top of the scale is the engine at full strength: at `UCI_Elo` 2500 the search is the
/// unlimited one. Below it, from 2000, a level follows one line within its nodes (15,000 at
/// 2000, spent as a clock's time is, never past four times them), where the unlimited search
/// would go on to the depth asked.
#[test]
fn the_top_level_is_full_strength_and_the_one_line_levels_stop_at_their_nodes() {
    let mut engine = Engine::start();
    let mut run = |options: &[(&str, &str)], go: &str| {
        setup(&mut engine, options, TACTICAL_FEN);
        engine.command("ucinewgame");
        let (lines, answer) = engine.go(go);
        (timeless(&lines), answer)
    };
    let full = run(&[("UCI_LimitStrength", "false")], "go depth 8");
    let top = [("UCI_LimitStrength", "true"), ("UCI_Elo", "2500")];
    assert_eq!(run(&top, "go depth 8"), full);
    let level = [("UCI_LimitStrength", "true"), ("UCI_Elo", "2000")];
    let (lines, answer) = run(&level, "go depth 40");
    let nodes = node_counts(&lines);
    let last = nodes.last().copied().expect("a line");
    assert!(last <= 60_000, "{lines:?}");
    assert!(!answer.best.is_empty() && !lines.iter().any(|l| l.contains(" multipv ")));
}
