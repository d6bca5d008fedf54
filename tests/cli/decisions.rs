//! The decisions of IterativeDeepening's selective search as `engine tree` records them: every
//! legal move of a full-width node is searched, pruned by a named rule, or skipped by a cut-off
//! (a singularity test's every move but its node's table move), each decision holds the values
//! that made it, and the explorer's page names every one of them.

use std::collections::HashMap;

use engine::board::game::Game;
use engine::eval::Evaluation;
use engine::search::observer::{Decision, Extended, NodeKind, Prune};
use engine::search::SearchKind;
use engine::tools::tree::{self, Edge, SearchTree, Step};
use shakmaty::{Chess, Move, Position};

use crate::explorer::LARGE_FEN;
use crate::page::pages;
use crate::tree::{config, record, KIWIPETE, SMALL};

/// The start position: searched to depth 9, it tests table moves for singularity.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The default search of each position to its depth.
fn default_trees() -> Vec<(&'static str, SearchTree)> {
    [(SMALL[0], 7), (KIWIPETE, 5), (LARGE_FEN, 7), (START, 9)]
        .into_iter()
        .map(|(fen, depth)| {
            let config = config(SearchKind::IterativeDeepening, Evaluation::Nnue);
            (fen, record(fen, &config, depth))
        })
        .collect()
}

/// Every node's position, null moves included (the side to move passes).
fn positions(fen: &str, tree: &SearchTree) -> Vec<Chess> {
    let root = Game::from_fen(fen).expect("legal").position().clone();
    let mut all: Vec<Chess> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let pos = match (&node.edge, node.parent) {
            (Edge::Move { mv, .. }, Some(p)) => {
                let mut child = all[p].clone();
                child.play_unchecked(*mv);
                child
            }
            (Edge::Null, Some(p)) => all[p].clone().swap_turn().expect("a legal null move"),
            (Edge::Without { .. }, Some(p)) => all[p].clone(),
            _ => root.clone(),
        };
        all.push(pos);
    }
    all
}

/// Each node's pruned moves, by rule.
fn pruned_at(tree: &SearchTree) -> HashMap<usize, Vec<(Prune, Move)>> {
    let mut at: HashMap<usize, Vec<(Prune, Move)>> = HashMap::new();
    for p in &tree.pruned {
        let list = at.entry(p.node).or_default();
        list.extend(p.moves.iter().map(|m| (p.rule, m.mv)));
    }
    at
}

fn edge_move(tree: &SearchTree, id: usize) -> Option<Move> {
    match tree.nodes[id].edge {
        Edge::Move { mv, .. } => Some(mv),
        _ => None,
    }
}

#[test]
fn every_legal_move_of_a_full_width_node_is_searched_pruned_or_skipped_once() {
    for (fen, tree) in default_trees() {
        let positions = positions(fen, &tree);
        let pruned = pruned_at(&tree);
        let mut checked = 0;
        for (id, node) in tree.nodes.iter().enumerate() {
            let own_pruned = pruned.get(&id).map_or(&[][..], Vec::as_slice);
            let skipped = node.cutoff.as_deref().unwrap_or(&[]);
            let searched: Vec<Move> = node
                .children
                .iter()
                .filter_map(|&c| edge_move(&tree, c))
                .collect();
            let quiet = node.kind == NodeKind::Quiescence && !positions[id].is_check();
            if quiet || searched.is_empty() && own_pruned.is_empty() {
                continue;
            }
            let mut seen: Vec<Move> = searched.clone();
            // A move searched again (reduced, null window) follows its first search.
            seen.dedup();
            seen.extend(own_pruned.iter().map(|&(_, m)| m));
            seen.extend(skipped.iter().map(|s| s.mv));
            let mut legal: Vec<Move> = positions[id].legal_moves().into_iter().collect();
            if let Edge::Without { mv, .. } = node.edge {
                legal.retain(|&m| m != mv);
            }
            let key = |m: &Move| format!("{m:?}");
            seen.sort_by_key(key);
            legal.sort_by_key(key);
            assert_eq!(seen, legal, "{fen}: node {id}");
            checked += 1;
        }
        assert!(checked > 100, "{fen}: {checked} nodes checked");
    }
}

/// Middlegames of the bench searched to depth 11, in turn, while a rule has pruned nothing in the
/// default trees (history pruning needs bad histories, which a small tree may not build).
const MORE: &[&str] = &[
    "1r2r1k1/3bnppp/p2q4/2RPp3/4P3/6P1/2Q1NPBP/2R3K1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2brr1k1/ppq2ppp/2pb1n2/8/3NP3/2P2P2/P1Q2BPP/1R1R1BK1 w - - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
];

#[test]
fn each_pruned_move_holds_the_values_its_rule_compared() {
    let mut rules = [0; 7];
    for (fen, tree) in default_trees() {
        count_pruned(fen, &tree, &mut rules);
    }
    let config = config(SearchKind::IterativeDeepening, Evaluation::Nnue);
    for &fen in MORE {
        if rules.iter().all(|&n| n > 0) {
            break;
        }
        count_pruned(fen, &record(fen, &config, 11), &mut rules);
    }
    assert!(rules.iter().all(|&n| n > 0), "each rule pruned: {rules:?}");
}

/// Checks that each of `tree`'s pruned moves holds the values its rule compared, and counts
/// them by rule.
fn count_pruned(fen: &str, tree: &SearchTree, rules: &mut [usize; 7]) {
    for p in &tree.pruned {
        let what = format!("{fen}: node {} {:?}", p.node, p.rule);
        assert!(!p.moves.is_empty(), "{what}");
        let rule = match p.rule {
            Prune::Futility {
                eval,
                margin,
                alpha,
            } => {
                assert!(eval + margin <= alpha && margin >= 0, "{what}");
                0
            }
            Prune::LateMove { count, limit, .. } => {
                assert!(count >= limit, "{what}");
                1
            }
            Prune::See { threshold, .. } => {
                assert!(threshold <= 0, "{what}");
                2
            }
            Prune::QuietFutility {
                eval,
                margin,
                alpha,
                depth,
            } => {
                assert!(
                    eval + margin <= alpha && margin >= 0 && depth >= 0,
                    "{what}"
                );
                3
            }
            Prune::History {
                history, threshold, ..
            } => {
                assert!(history < threshold && threshold < 0, "{what}");
                4
            }
            Prune::Delta {
                gain,
                eval,
                margin,
                alpha,
            } => {
                assert!(eval + gain + margin < alpha, "{what}");
                5
            }
            Prune::LosingCapture => 6,
        };
        rules[rule] += 1;
        let quiescence = tree.nodes[p.node].kind == NodeKind::Quiescence;
        assert_eq!(quiescence, rule >= 5, "{what}");
    }
}

/// The sibling searched after `id`, if any.
fn next_sibling(tree: &SearchTree, id: usize) -> Option<usize> {
    let kids = &tree.nodes[tree.nodes[id].parent?].children;
    let at = kids.iter().position(|&k| k == id)?;
    kids.get(at + 1).copied()
}

#[test]
fn reductions_and_re_searches_are_recorded_where_the_search_made_them() {
    let (mut reduced, mut again) = (0, 0);
    for (fen, tree) in default_trees() {
        for (id, node) in tree.nodes.iter().enumerate() {
            let what = format!("{fen}: node {id}");
            let next = next_sibling(&tree, id);
            let same_next = next.filter(|&n| {
                edge_move(&tree, n).is_some() && edge_move(&tree, n) == edge_move(&tree, id)
            });
            let research = same_next.map(|n| tree.nodes[n].notes.clone());
            // A move searched twice in a row is a re-search, and says so.
            assert_eq!(
                same_next.is_some(),
                research
                    .iter()
                    .flatten()
                    .any(|d| matches!(d, Decision::ReSearch { .. })),
                "{what}"
            );
            for decision in &node.notes {
                if let Decision::Reduction { plies, number, .. } = *decision {
                    reduced += 1;
                    let window = node.window.expect("a window");
                    assert_eq!(window.beta - window.alpha, 1, "{what}: a null window");
                    assert!(plies >= 1 && number >= 2, "{what}");
                    // Failing high (below the child's alpha), it is searched again at full depth.
                    let failed_high = node.score.expect("a value") <= window.alpha;
                    let full_depth = research.iter().flatten().any(|d| {
                        matches!(
                            d,
                            Decision::ReSearch {
                                full_depth: true,
                                ..
                            }
                        )
                    });
                    assert_eq!(failed_high, full_depth, "{what}");
                    again += usize::from(full_depth);
                }
            }
        }
    }
    assert!(
        reduced > 100 && again > 0,
        "{reduced} reduced, {again} again"
    );
}

#[test]
fn node_rules_settle_their_nodes_with_the_values_they_compared() {
    let mut cuts = [0; 4];
    for (fen, tree) in default_trees() {
        for (id, node) in tree.nodes.iter().enumerate() {
            let what = format!("{fen}: node {id} {:?}", node.notes);
            let (window, value) = (node.window.expect("a window"), node.score.expect("a value"));
            let unsearched = !node
                .children
                .iter()
                .any(|&c| tree.nodes[c].edge != Edge::Null);
            for decision in &node.notes {
                match *decision {
                    Decision::ReverseFutility { eval, margin, beta } => {
                        assert!(
                            eval - margin >= beta && value == eval && unsearched,
                            "{what}"
                        );
                        cuts[0] += 1;
                    }
                    Decision::NullMoveResult { score, beta, cut } => {
                        assert_eq!(cut, score >= beta, "{what}");
                        assert_eq!(cut, unsearched && value >= window.beta, "{what}");
                        cuts[1] += usize::from(cut);
                    }
                    Decision::TableCut { score, .. } => {
                        assert!(node.table_cutoff && value == score && node.children.is_empty());
                        cuts[2] += 1;
                    }
                    Decision::StandPat { eval } => {
                        assert_eq!(node.kind, NodeKind::Quiescence, "{what}");
                        assert!(value >= eval || eval >= window.beta, "{what}");
                        cuts[3] += 1;
                    }
                    _ => {}
                }
            }
            // A null move's node says how much shallower it was searched.
            if node.edge == Edge::Null {
                let parent = &tree.nodes[node.parent.expect("a parent")];
                assert!(node
                    .notes
                    .iter()
                    .any(|d| matches!(d, Decision::NullMove { .. })));
                let results = parent.notes.iter();
                assert!(
                    results
                        .filter(|d| matches!(d, Decision::NullMoveResult { .. }))
                        .count()
                        == 1
                );
            }
        }
    }
    assert!(cuts.iter().all(|&n| n > 0), "{cuts:?}");
}

#[test]
fn the_page_names_each_reduction_re_search_prune_and_null_move_cut() {
    for (fen, tree) in default_trees() {
        let page = &pages(&tree::render_html(std::slice::from_ref(&tree)))[0];
        for (id, node) in tree.nodes.iter().enumerate() {
            let kinds: String = page.notes[id].iter().map(|(k, _)| *k).collect();
            for (decision, letter) in node.notes.iter().filter_map(|d| {
                let letter = match d {
                    Decision::Reduction { .. } => 'R',
                    Decision::ReSearch { .. } => 'S',
                    Decision::NullMove { .. } => 'N',
                    Decision::NullMoveResult { .. } => 'n',
                    Decision::ReverseFutility { .. } => 'F',
                    Decision::SingularTest { .. } => 'W',
                    Decision::MultiCut { .. } => 'Y',
                    Decision::Extension {
                        cause: Extended::Singular { .. },
                        ..
                    } => 'X',
                    Decision::Extension { .. } => 'E',
                    _ => return None,
                };
                Some((d, letter))
            }) {
                assert!(
                    kinds.contains(letter),
                    "{fen}: node {id} {decision:?}: {kinds}"
                );
            }
            if let Some(Decision::NullMoveResult { score, cut, .. }) = node
                .notes
                .iter()
                .find(|d| matches!(d, Decision::NullMoveResult { .. }))
            {
                let n = page.note(id, 'n').expect("the null move's result");
                assert_eq!((n[0], n[2]), (*score as i64, i64::from(*cut)));
            }
        }
        // The pruned and skipped moves, in the order of the steps, each named with its rule.
        let recorded: Vec<(usize, Vec<String>)> = tree
            .steps
            .iter()
            .filter_map(|step| match *step {
                Step::Prune(i) => Some((tree.pruned[i].node, &tree.pruned[i].moves)),
                Step::Cutoff(id) => tree.nodes[id].cutoff.as_ref().map(|c| (id, c)),
                _ => None,
            })
            .map(|(node, moves)| {
                let names = moves
                    .iter()
                    .map(|m| m.san.clone().expect("a SAN"))
                    .collect();
                (node, names)
            })
            .collect();
        let named: Vec<(usize, Vec<String>)> = page
            .groups
            .iter()
            .map(|g| {
                let names = g
                    .moves
                    .iter()
                    .map(|m| m.split(' ').next().unwrap_or("").to_string());
                (g.node, names.collect())
            })
            .collect();
        assert_eq!(named, recorded, "{fen}");
        assert_eq!(
            page.groups
                .iter()
                .filter(|g| g.kind != 'c')
                .map(|g| g.moves.len())
                .sum::<usize>(),
            tree.pruned_moves(),
            "{fen}"
        );
    }
}

/// The test of `tested`'s table move, if it made one: its singularity test node.
fn singularity_test(tree: &SearchTree, tested: usize) -> Option<usize> {
    let children = &tree.nodes[tested].children;
    children
        .iter()
        .copied()
        .find(|&c| matches!(tree.nodes[c].edge, Edge::Without { .. }))
}

#[test]
fn singularity_tests_and_singular_extensions_hold_the_values_they_compared() {
    let (mut tests, mut extended, mut cut) = (0, 0, 0);
    for (fen, tree) in default_trees() {
        for (id, node) in tree.nodes.iter().enumerate() {
            let Some(test) = singularity_test(&tree, id) else {
                continue;
            };
            let what = format!("{fen}: node {id} {:?}", node.notes);
            let t = &tree.nodes[test];
            let (Edge::Without { mv, .. }, Some(w), Some(score)) = (&t.edge, t.window, t.score)
            else {
                panic!("{what}: a test searched without a move, with a window and a value");
            };
            // The node's table move, left out at the node's own ply with a null window.
            assert_eq!(node.table_move.as_ref().map(|s| s.mv), Some(*mv), "{what}");
            assert_eq!((t.ply, w.beta - w.alpha), (node.ply, 1), "{what}");
            let announced = t.notes.iter().any(|d| {
                matches!(*d, Decision::SingularTest { m, beta, .. } if m == *mv && beta == w.beta)
            });
            assert!(announced, "{what}: {:?}", t.notes);
            tests += 1;
            // Then the table move first, extended when every other move stayed below the bound;
            // or, when one reached it past the node's beta, a multi-cut and no move.
            let after =
                &node.children[node.children.iter().position(|&c| c == test).unwrap_or(0) + 1..];
            let multi_cut = node.notes.iter().find_map(|d| match *d {
                Decision::MultiCut { score, beta } => Some((score, beta)),
                _ => None,
            });
            if let Some((bound, beta)) = multi_cut {
                assert!(
                    after.is_empty() && score >= w.beta && bound == w.beta,
                    "{what}"
                );
                assert!(bound >= beta && node.score == Some(bound), "{what}");
                cut += 1;
                continue;
            }
            let first = &tree.nodes[*after.first().expect("the table move after its test")];
            assert!(
                matches!(first.edge, Edge::Move { mv: m, .. } if m == *mv),
                "{what}"
            );
            let extension = first.notes.iter().find_map(|d| match *d {
                Decision::Extension {
                    cause: Extended::Singular { plies, score, beta },
                    ..
                } => Some((plies, score, beta)),
                _ => None,
            });
            assert_eq!(extension.is_some(), score < w.beta, "{what}");
            if let Some((plies, test_score, beta)) = extension {
                assert!((1..=2).contains(&plies), "{what}");
                assert_eq!((test_score, beta), (score, w.beta), "{what}");
                extended += 1;
            }
        }
    }
    assert!(
        tests > 0 && extended > 0 && cut > 0,
        "{tests} tests, {extended} extended, {cut} multi-cuts"
    );
}
