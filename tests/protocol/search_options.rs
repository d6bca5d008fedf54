//! The search options reach the search through UCI: switching each of IterativeDeepening's
//! parts off changes the tree it searches (its node count at a fixed depth), and the exact
//! parts (move ordering, aspiration windows) change the tree but not its value, as alpha-beta's
//! theory says; `Clear Hash` forgets what the last search learnt; `Seed` makes the random
//! player reproducible.

use crate::common::{bestmove_of, number_after, run, word_after};

/// A middlegame (Kiwipete) where every part of the search has work to do.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The nodes of the last `info … nodes N` line of a UCI session.
fn last_nodes(stdout: &str) -> u64 {
    stdout
        .lines()
        .rev()
        .filter(|line| line.starts_with("info") && line.contains(" pv "))
        .find_map(|line| number_after(line, "nodes"))
        .unwrap_or_else(|| panic!("no info line with nodes in:\n{stdout}"))
}

/// The nodes of `go depth 7` from Kiwipete after the `setoption` lines of `options`.
fn nodes_with(options: &[(&str, &str)]) -> u64 {
    let mut input = String::from("uci\n");
    for (name, value) in options {
        input.push_str(&format!("setoption name {name} value {value}\n"));
    }
    input.push_str(&format!("position fen {KIWIPETE}\ngo depth 7\n"));
    let out = run(&[], &input);
    assert!(out.status.success(), "{}", out.stderr);
    assert!(!out.stdout.contains("info string"), "{}", out.stdout);
    last_nodes(&out.stdout)
}

/// Each option reaches the search: switched off, the tree changes (its node count); switched
/// back on, it is the default's again. What the change must be is stated where theory states
/// it, for the exact parts ([`the_exact_parts_change_the_tree_but_not_the_value`]).
#[test]
fn each_part_of_the_search_switched_off_changes_the_tree() {
    let all_on = nodes_with(&[]);
    assert_eq!(all_on, nodes_with(&[]), "the search is deterministic");
    for option in [
        "TranspositionTable",
        "MoveOrdering",
        "Quiescence",
        "AspirationWindows",
        "NullMove",
        "LateMoveReductions",
        "Futility",
    ] {
        let off = nodes_with(&[(option, "false")]);
        assert_ne!(off, all_on, "{option}=false searched the same tree");
        assert_eq!(
            nodes_with(&[(option, "false"), (option, "true")]),
            all_on,
            "{option} switched back on"
        );
    }
}

/// The `(depth, score)` of every completed depth of `go depth {depth}` from `fen` with the
/// `setoption` lines of `options`, and the nodes of the last.
fn scores_with(fen: &str, depth: u32, options: &[(&str, &str)]) -> (Vec<(u64, String)>, u64) {
    let mut input = String::from("uci\n");
    for (name, value) in options {
        input.push_str(&format!("setoption name {name} value {value}\n"));
    }
    input.push_str(&format!("position fen {fen}\ngo depth {depth}\n"));
    let out = run(&[], &input);
    assert!(out.status.success(), "{}", out.stderr);
    let scores = out
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("info depth ") && l.contains(" pv "))
        .filter(|l| !l.contains("lowerbound") && !l.contains("upperbound"))
        .map(|l| {
            let depth = number_after(l, "depth").expect("a depth");
            let kind = word_after(l, "score").expect("a score");
            (
                depth,
                format!("{kind} {}", word_after(l, kind).expect("a value")),
            )
        })
        .collect();
    (scores, last_nodes(&out.stdout))
}

/// The first twelve positions of positions/bench.epd (the course's, Kiwipete, endgames).
fn bench_positions() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/bench.epd");
    let text = std::fs::read_to_string(path).expect("positions/bench.epd");
    let records = text.lines().filter(|l| !l.starts_with('#'));
    let fens = records.map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "));
    fens.take(12).collect()
}

/// With the table and the selective parts (null move, late-move reductions, futility and the
/// prunings it gates) off, IterativeDeepening is a full-width alpha-beta (PVS) over a tree that
/// the position and the depth alone fix (extensions and quiescence included). Alpha-beta returns
/// the minimax value of its tree whatever the order of the moves, and an aspiration window
/// that fails is searched again wider until the value lies inside it: so every depth's score
/// must be the same with `MoveOrdering` and `AspirationWindows` on or off, while the trees
/// differ. (The table is not exact: an entry searched deeper than asked cuts with a deeper
/// value. Nor are the pruning parts, which may even search fewer nodes switched off: at depth 7
/// on these positions `NullMove` off searched fewer in 9 of 16, `Futility` off in 1.)
#[test]
fn the_exact_parts_change_the_tree_but_not_the_value() {
    let exact = [
        ("TranspositionTable", "false"),
        ("NullMove", "false"),
        ("LateMoveReductions", "false"),
        ("Futility", "false"),
    ];
    let mut trees_differ = [false; 3];
    for fen in bench_positions() {
        let (scores, nodes) = scores_with(&fen, 5, &exact);
        assert_eq!(scores.len(), 5, "{fen}: {scores:?}");
        let variants = [
            [("MoveOrdering", "false"), ("AspirationWindows", "true")],
            [("MoveOrdering", "true"), ("AspirationWindows", "false")],
            [("MoveOrdering", "false"), ("AspirationWindows", "false")],
        ];
        for (variant, differ) in variants.iter().zip(&mut trees_differ) {
            let options = [&exact[..], &variant[..]].concat();
            let (other, other_nodes) = scores_with(&fen, 5, &options);
            assert_eq!(other, scores, "{fen} with {variant:?}");
            *differ |= other_nodes != nodes;
        }
    }
    assert_eq!(
        trees_differ, [true; 3],
        "each variant searched another tree"
    );
}

/// Two searches of one position in one session, with `between` sent between them: the nodes of
/// each, the first checked against the same search in a fresh process.
fn two_searches(between: &str) -> (u64, u64) {
    let go = format!("position fen {KIWIPETE}\ngo depth 7\n");
    let first = run(&[], &go);
    let both = run(&[], &format!("{go}{between}{go}"));
    let first_nodes = last_nodes(&first.stdout);
    let split = both
        .stdout
        .find("bestmove")
        .expect("a bestmove after the first search");
    let (before, after) = both.stdout.split_at(split);
    assert_eq!(last_nodes(before), first_nodes, "the same first search");
    (first_nodes, last_nodes(after))
}

#[test]
fn clear_hash_forgets_what_the_last_search_learnt() {
    let (first, again) = two_searches("");
    assert!(
        again < first,
        "the table helps the second search: {again} vs {first}"
    );
    let (first, cleared) = two_searches("setoption name Clear Hash\n");
    assert_eq!(cleared, first, "after Clear Hash the search starts afresh");
    let (first, new_game) = two_searches("ucinewgame\n");
    assert_eq!(new_game, first, "after ucinewgame the search starts afresh");
}

/// The table keeps the scores and static evaluations of the evaluator that wrote them: another
/// evaluator, or another net, starts from an empty table (what the first search learnt is
/// forgotten, though the evaluator is back to the first one's by the second search).
#[test]
fn another_evaluator_or_net_starts_from_an_empty_table() {
    let (first, switched) = two_searches(
        "setoption name Evaluation value Material\nsetoption name Evaluation value NNUE\n",
    );
    assert_eq!(
        switched, first,
        "after another evaluator the search starts afresh"
    );
    let (first, net) = two_searches("setoption name EvalFile value <empty>\n");
    assert_eq!(net, first, "after another net the search starts afresh");
    let (first, same) = two_searches("setoption name Evaluation value NNUE\n");
    assert!(
        same < first,
        "the same evaluator keeps the table: {same} vs {first}"
    );
}

/// The random player's move in `fen` with `Seed` at `seed`, in a fresh process.
fn random_move(fen: &str, seed: u32) -> String {
    let input = format!(
        "setoption name Search value Random\nsetoption name Seed value {seed}\n\
         position fen {fen}\ngo depth 1\n"
    );
    let out = run(&[], &input);
    let last = out.lines().last().copied().unwrap_or_default().to_string();
    bestmove_of(&last).best.to_string()
}

#[test]
fn the_same_seed_plays_the_same_random_move_and_seeds_differ() {
    let positions = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        KIWIPETE,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ];
    let mut differ = false;
    for fen in positions {
        let seven = random_move(fen, 7);
        assert_eq!(seven, random_move(fen, 7), "Seed 7 in {fen}");
        differ |= (1..=5).any(|seed| random_move(fen, seed) != seven);
    }
    assert!(differ, "other seeds play other moves somewhere");
}
