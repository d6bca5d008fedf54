//! Minimax and AlphaBeta are exact: Minimax visits exactly the positions of the full tree,
//! AlphaBeta returns the Minimax score while never visiting more nodes, the transposition table
//! does not touch either, and the limits (searchmoves, nodes, mate) do what they say. The node
//! counts and scores are those of the seeds' material evaluator; AlphaBeta = Minimax is checked
//! with the positional evaluator too.

use crate::common::search::{
    config, config_with, depth, play_line, read_epd, search, uci, Outcome, RecordExt,
};
use engine::board::epd::EpdRecord;
use engine::board::game::Game;
use engine::eval::{mate_distance, Evaluation, MATE};
use engine::search::limits::{ClockState, TimeControl, TimeLimit};
use engine::search::{Limits, SearchConfig, SearchKind};
use engine::tools::compare;
use shakmaty::Position;

const R1B2RK1: &str = "r1b2rk1/pppp1ppp/2n5/2b1q3/3P4/2P5/PPP2PPP/R1BQKBNR w KQ - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn minimax(game: &Game, d: u32) -> Outcome {
    minimax_with(game, d, Evaluation::Material)
}

fn minimax_with(game: &Game, d: u32, evaluation: Evaluation) -> Outcome {
    search(
        game,
        &config_with(SearchKind::Minimax, evaluation),
        &depth(d),
    )
}

fn alphabeta(game: &Game, d: u32, ordering: bool) -> Outcome {
    alphabeta_with(game, d, ordering, Evaluation::Material)
}

fn alphabeta_with(game: &Game, d: u32, ordering: bool, evaluation: Evaluation) -> Outcome {
    let mut config = config_with(SearchKind::AlphaBeta, evaluation);
    config.parts.move_ordering = ordering;
    search(game, &config, &depth(d))
}

/// Minimax counts every position of the tree, the root included: the sum of perft(0..=d).
#[test]
fn minimax_visits_the_whole_tree_from_the_start() {
    let outcome = minimax(&Game::default(), 5);
    assert_eq!(outcome.result.nodes, 1 + 20 + 400 + 8902 + 197281 + 4865609);
    assert_eq!(outcome.result.nodes, 5_072_213);
    assert_eq!(outcome.result.depth, 5);
    // A depth-only limit searches that one depth: a single iteration is reported.
    assert_eq!(outcome.iterations.len(), 1);
}

/// Every position of the game tree to `depth` plies, the root included: 1 + the sum of
/// perft(1..=depth), counted by shakmaty's own perft.
fn tree_size(game: &Game, depth: u32) -> u64 {
    1 + (1..=depth)
        .map(|d| shakmaty::perft(game.position(), d))
        .sum::<u64>()
}

#[test]
fn minimax_visits_the_whole_tree_of_the_blocking_position() {
    let game = Game::from_fen(R1B2RK1).expect("legal FEN");
    let outcome = minimax(&game, 4);
    // No game ends within 4 plies of it, so Minimax visits the whole tree: 294,105 positions.
    assert_eq!(outcome.result.nodes, tree_size(&game, 4));
    for d in 1..=3 {
        assert_eq!(
            minimax(&game, d).result.nodes,
            tree_size(&game, d),
            "depth {d}"
        );
    }
    // The queen on e5 is en prise: both searches take it at depths 2, 3 and 4 (report 004).
    let dxe5 = uci(&game, "d4e5");
    for d in 2..=4 {
        assert_eq!(
            minimax(&game, d).result.best,
            Some(dxe5),
            "Minimax depth {d}"
        );
        for ordering in [false, true] {
            assert_eq!(
                alphabeta(&game, d, ordering).result.best,
                Some(dxe5),
                "AlphaBeta depth {d}, ordering {ordering}"
            );
        }
    }
}

/// Node totals of one search kind over a set of positions, by depth.
#[derive(Default)]
struct Totals {
    minimax: [u64; 5],
    alphabeta: [u64; 5],
    alphabeta_ordered: [u64; 5],
}

/// Compares AlphaBeta (ordering on and off) with Minimax on `epd` at depths 1..=4, both
/// scoring with `evaluation`.
fn compare(epd: &EpdRecord, totals: &mut Totals, evaluation: Evaluation) {
    let game = epd.game();
    let name = format!("{} ({}, {evaluation})", epd.name(), epd.fen);
    for d in 1..=4u32 {
        let reference = minimax_with(&game, d, evaluation);
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            assert_eq!(
                reference.result.best, None,
                "{name}: Minimax, no legal move"
            );
        } else {
            let best = reference.result.best.expect("a move");
            assert!(legal.contains(&best), "{name}: Minimax's move is illegal");
            assert_eq!(reference.result.depth, d, "{name}: Minimax depth");
            let pv = &reference.iterations.last().expect("iteration").pv;
            assert_eq!(pv.first(), Some(&best), "{name}: PV starts with the move");
            play_line(game.position(), pv, &name);
        }
        totals.minimax[d as usize] += reference.result.nodes;
        for ordering in [false, true] {
            let what = format!("{name}: depth {d}, ordering {ordering}");
            let outcome = alphabeta_with(&game, d, ordering, evaluation);
            assert_eq!(
                outcome.result.score, reference.result.score,
                "{what}: AlphaBeta's score differs from Minimax's"
            );
            assert!(
                outcome.result.nodes <= reference.result.nodes,
                "{what}: AlphaBeta visited {} nodes, Minimax {}",
                outcome.result.nodes,
                reference.result.nodes
            );
            if legal.is_empty() {
                assert_eq!(outcome.result.best, None, "{what}: no legal move");
                continue;
            }
            if !ordering {
                // In the same move order, both keep the first move that reaches the best score.
                assert_eq!(
                    outcome.result.best, reference.result.best,
                    "{what}: a different move in the same order"
                );
            }
            let best = outcome.result.best.expect("a move");
            let pv = &outcome.iterations.last().expect("iteration").pv;
            assert_eq!(pv.first(), Some(&best), "{what}: PV starts with the move");
            play_line(game.position(), pv, &what);
            let totals = if ordering {
                &mut totals.alphabeta_ordered
            } else {
                &mut totals.alphabeta
            };
            totals[d as usize] += outcome.result.nodes;
        }
    }
}

fn assert_fewer_from_depth_3(totals: &Totals, what: &str) {
    for d in 3..=4 {
        for (ab, ordering) in [
            (&totals.alphabeta, "off"),
            (&totals.alphabeta_ordered, "on"),
        ] {
            assert!(
                ab[d] < totals.minimax[d],
                "{what}, depth {d}: AlphaBeta (ordering {ordering}) visited {} nodes in all, Minimax {}",
                ab[d],
                totals.minimax[d]
            );
        }
    }
}

#[test]
fn alphabeta_agrees_with_minimax_on_the_course_positions() {
    let seeds = read_epd("seeds.epd");
    assert_eq!(seeds.len(), 8);
    let mut totals = Totals::default();
    for epd in &seeds {
        compare(epd, &mut totals, Evaluation::Material);
    }
    assert_fewer_from_depth_3(&totals, "course positions");
}

/// Alpha-beta's exactness does not depend on the evaluator: the same with the positional one.
#[test]
fn alphabeta_agrees_with_minimax_with_the_positional_evaluator() {
    let seeds = read_epd("seeds.epd");
    let mut totals = Totals::default();
    for epd in &seeds {
        compare(epd, &mut totals, Evaluation::Positional);
    }
    assert_fewer_from_depth_3(&totals, "course positions, positional");
}

/// Every sixth position of perft.epd (59 of 349), all at depths 1 to 4: Minimax at depth 4
/// on them is about 9 million nodes, a second or two in release.
#[test]
fn alphabeta_agrees_with_minimax_on_perft_positions() {
    let all = read_epd("perft.epd");
    let sample: Vec<&EpdRecord> = all.iter().step_by(6).collect();
    assert!(sample.len() >= 50, "{} positions", sample.len());
    let mut totals = Totals::default();
    for epd in sample {
        compare(epd, &mut totals, Evaluation::Material);
    }
    assert_fewer_from_depth_3(&totals, "perft sample");
}

/// Minimax and AlphaBeta have no table: switching it on changes neither score nor node count.
#[test]
fn the_table_does_not_change_minimax_or_alphabeta() {
    let mut positions = read_epd("seeds.epd");
    positions.extend(read_epd("perft.epd").into_iter().step_by(25));
    for epd in &positions {
        let game = epd.game();
        for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
            for ordering in [false, true] {
                let mut on = config(kind);
                on.parts.transposition_table = true;
                on.parts.move_ordering = ordering;
                let mut off = on;
                off.parts.transposition_table = false;
                let d = 3;
                let a = search(&game, &on, &depth(d)).result;
                let b = search(&game, &off, &depth(d)).result;
                let what = format!("{} {kind} ordering {ordering}", epd.name());
                assert_eq!(
                    (a.score, a.nodes, a.best),
                    (b.score, b.nodes, b.best),
                    "{what}"
                );
                assert_eq!(a.stats.tt_probes + b.stats.tt_probes, 0, "{what}");
            }
        }
    }
}

/// With searchmoves, only those root moves are searched: Minimax's score is then the negated
/// score of the child searched one ply less, and its node count that child's plus the root.
#[test]
fn searchmoves_restricts_the_root() {
    let game = Game::default();
    let only = uci(&game, "g1h3");
    for kind in [
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
        SearchKind::IterativeDeepening,
        SearchKind::Random,
    ] {
        for d in 1..=3 {
            let limits = Limits {
                searchmoves: vec![only],
                ..depth(d)
            };
            let outcome = search(&game, &config(kind), &limits);
            assert_eq!(outcome.result.best, Some(only), "{kind} depth {d}");
        }
    }
    let mut child = game.clone();
    child.play(only);
    for d in 2..=4 {
        let limits = Limits {
            searchmoves: vec![only],
            ..depth(d)
        };
        let restricted = search(&game, &config(SearchKind::Minimax), &limits).result;
        let reply = minimax(&child, d - 1).result;
        assert_eq!(restricted.score, -reply.score, "depth {d}");
        assert_eq!(restricted.nodes, reply.nodes + 1, "depth {d}");
    }
    // Two interpositions against the queen's check, not dxe5: one of the two is chosen,
    // and the score is no better than the full search's.
    let game = Game::from_fen(R1B2RK1).expect("legal FEN");
    let allowed = vec![uci(&game, "f1e2"), uci(&game, "g1e2")];
    for kind in [
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
        SearchKind::IterativeDeepening,
    ] {
        let limits = Limits {
            searchmoves: allowed.clone(),
            ..depth(3)
        };
        let restricted = search(&game, &config(kind), &limits).result;
        let full = search(&game, &config(kind), &depth(3)).result;
        let best = restricted.best.expect("a move");
        assert!(allowed.contains(&best), "{kind}: {best} not in searchmoves");
        assert!(restricted.score < full.score, "{kind}: dxe5 was excluded");
    }
    // searchmoves naming no legal move leaves nothing to search.
    let limits = Limits {
        searchmoves: vec![uci(&Game::default(), "e2e4")],
        ..depth(2)
    };
    let game = Game::from_fen(R1B2RK1).expect("legal FEN");
    assert_eq!(
        search(&game, &config(SearchKind::Minimax), &limits)
            .result
            .best,
        None
    );
}

/// `go nodes N` stops the search within N nodes, still answering with a legal move.
#[test]
fn a_node_limit_stops_the_search() {
    let game = Game::from_fen(R1B2RK1).expect("legal FEN");
    for kind in [
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
        SearchKind::IterativeDeepening,
    ] {
        for limit in [1_000u64, 20_000, 300_000] {
            let limits = Limits {
                nodes: Some(limit),
                ..Limits::default()
            };
            let result = search(&game, &config(kind), &limits).result;
            let what = format!("{kind} nodes {limit}");
            assert!(result.nodes <= limit, "{what}: {} nodes", result.nodes);
            assert!(
                result.nodes >= limit / 2,
                "{what}: only {} nodes",
                result.nodes
            );
            let best = result.best.expect("a move");
            assert!(game.position().is_legal(best), "{what}: illegal move");
        }
    }
    // Minimax's whole depth-4 tree is 294,105 nodes (see above); with the limit below it,
    // depth 4 is cut off and the answer is depth 3's.
    let limit = tree_size(&game, 4) * 2 / 3;
    let depths_1_to_3: u64 = (1..=3).map(|d| tree_size(&game, d)).sum();
    assert!(depths_1_to_3 < limit);
    let limits = Limits {
        nodes: Some(limit),
        depth: Some(4),
        ..Limits::default()
    };
    let result = search(&game, &config(SearchKind::Minimax), &limits).result;
    assert_eq!(result.depth, 3);
    assert_eq!(result.nodes, limit);
}

/// Under a clock, Minimax does not start a depth it cannot finish: every node searched belongs
/// to a completed depth. From Kiwipete depth 4 is 4,185,553 nodes (0.4 s of CPU on the 2-core
/// VM, 0.7 s beside a match) and depth 5 is 47 times more; there are 6 s to think. A depth
/// starts only if expected to end in time at 1.2 times the growth measured (1.37 times depth
/// 4's true cost, 1.21 times depth 5's), so a begun depth is cut only if the machine slows by
/// that much in the middle of it, and only when its estimate nearly fills the time left: for
/// depth 4 on a machine about ten times slower than the VM, for depth 5 on one about four
/// times faster. Assuming each depth costs 8 times the last, as the search once did, it began
/// depth 5 whenever depth 4 took less than 0.65 s, and threw it away unfinished.
#[test]
fn minimax_under_a_clock_starts_no_depth_it_cannot_finish() {
    let game = Game::from_fen(KIWIPETE).expect("legal FEN");
    // The last of 10 s: 6 s to think (three fifths of the clock), soft limit and hard alike.
    let last_move = ClockState {
        time_left_ms: 10_000,
        increment_ms: 0,
        moves_to_go: Some(1),
    };
    let limits = Limits {
        time: Some(TimeLimit {
            control: TimeControl::Clock(last_move),
            overhead_ms: 0,
            forced: false,
        }),
        ..Limits::default()
    };
    let outcome = search(&game, &config(SearchKind::Minimax), &limits);
    let last = outcome.iterations.last().expect("a completed depth");
    assert!(outcome.result.depth >= 3, "depth {}", outcome.result.depth);
    assert_eq!(last.depth, outcome.result.depth);
    assert_eq!(
        outcome.result.nodes,
        last.nodes,
        "depth {} was begun and not finished",
        outcome.result.depth + 1
    );
}

/// `go mate N` ends the search once a mate in N or fewer is proven, with no depth limit: at
/// the first depth that proves it.
#[test]
fn a_mate_limit_stops_the_search_early() {
    // Mate in 2 (from mates.epd): found at depth 3; without the limit the search would go on.
    let mates = read_epd("mates.epd");
    let problems: Vec<&EpdRecord> = mates
        .iter()
        .filter(|e| e.operands("dm") == Some(&["2".to_string()][..]))
        .step_by(50)
        .collect();
    assert!(problems.len() >= 10);
    for epd in problems {
        let game = epd.game();
        for kind in [
            SearchKind::Minimax,
            SearchKind::AlphaBeta,
            SearchKind::IterativeDeepening,
        ] {
            let limits = Limits {
                mate: Some(2),
                ..Limits::default()
            };
            let outcome = search(&game, &config(kind), &limits);
            let what = format!("{} {kind}", epd.name());
            assert_eq!(outcome.result.score, MATE - 3, "{what}");
            assert_eq!(mate_distance(outcome.result.score), Some(2), "{what}");
            // The exact searches prove it by depth 3; the selective one may need a ply more
            // (lichess.UTe0P, a zugzwang, needs depth 4), but it stops at the first depth that
            // proves it.
            let most = if kind == SearchKind::IterativeDeepening {
                5
            } else {
                3
            };
            assert!(
                outcome.result.depth <= most,
                "{what}: depth {}",
                outcome.result.depth
            );
            let earlier = &outcome.iterations[..outcome.iterations.len() - 1];
            assert!(
                earlier.iter().all(|i| mate_distance(i.score) != Some(2)),
                "{what}: searched on after proving the mate"
            );
            assert_eq!(
                outcome.iterations.len() as u32,
                outcome.result.depth,
                "{what}: one report per depth"
            );
        }
    }
}

/// IterativeDeepening, whole and with each part off, on the perft sample to depth 4 (depth 2 with
/// move ordering off: quiescence with unordered captures explodes in some middlegames, e.g.
/// 100M+ nodes at depth 4 for `r4rk1/1pp1qppp/...`): one report per depth with growing node
/// counts, every PV legal and led by the best move.
#[test]
fn iterative_deepening_reports_legal_lines() {
    let all = read_epd("perft.epd");
    // Whole and with each part off, as `engine compare` lists them.
    let id = config(SearchKind::IterativeDeepening);
    let variants: Vec<(SearchConfig, u32)> =
        compare::variants(&[SearchKind::IterativeDeepening], &id)
            .into_iter()
            .map(|v| (v.config, if v.config.parts.move_ordering { 4 } else { 2 }))
            .collect();
    for epd in all.iter().step_by(6) {
        let game = epd.game();
        let legal = game.position().legal_moves();
        for (config, d) in &variants {
            let what = format!("{} {config:?}", epd.name());
            let outcome = search(&game, config, &depth(*d));
            if legal.is_empty() {
                assert_eq!(outcome.result.best, None, "{what}");
                continue;
            }
            assert_eq!(outcome.result.depth, *d, "{what}");
            let depths: Vec<u32> = outcome.iterations.iter().map(|i| i.depth).collect();
            assert_eq!(depths, (1..=*d).collect::<Vec<_>>(), "{what}");
            let mut nodes = 0;
            for iteration in &outcome.iterations {
                assert!(iteration.nodes >= nodes, "{what}: node counts shrink");
                nodes = iteration.nodes;
                assert!(!iteration.pv.is_empty(), "{what}: empty PV");
                play_line(game.position(), &iteration.pv, &what);
            }
            assert_eq!(outcome.result.nodes, nodes, "{what}");
            let last = outcome.iterations.last().expect("iterations");
            assert_eq!(last.pv.first().copied(), outcome.result.best, "{what}");
            assert_eq!(last.score, outcome.result.score, "{what}");
            if last.pv.len() > 1 {
                assert_eq!(last.pv.get(1).copied(), outcome.result.ponder, "{what}");
            }
            if let Some(ponder) = outcome.result.ponder {
                play_line(game.position(), &[last.pv[0], ponder], &what);
            }
        }
    }
}
