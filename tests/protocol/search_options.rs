//! The search options reach the search through UCI: switching each of IterativeDeepening's
//! parts off changes the tree it searches (its node count at a fixed depth); `Clear Hash`
//! forgets what the last search learnt; `Seed` makes the random player reproducible.

use crate::common::{bestmove_of, number_after, run};

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
