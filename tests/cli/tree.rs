//! `engine tree` and `engine compare --plot`: the tree drawn is the tree searched (as many nodes
//! as `go` counts, the search's score at the root, Minimax's children every legal move,
//! AlphaBeta's cut-offs skipping exactly the moves not searched), the SVG is well-formed XML with
//! one node element per node and one pruned element per cut-off, and too large a tree is refused
//! with exit status 2.

use engine::board::game::Game;
use engine::board::notation;
use engine::eval::Evaluation;
use engine::search::{
    self, Limits, SearchConfig, SearchKind, SearchRequest, SearchResult, SearchState, Signals,
};
use engine::tools::tree::{self, Edge, SearchTree};
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::common::{number_after, run};
use crate::page::{pages, Page};

/// A move in standard UCI notation (the trees here are of standard chess).
fn uci_move_standard(m: Move) -> String {
    notation::uci_move(m, CastlingMode::Standard)
}

/// Small positions: a knight hanging to a pawn, a pawn ending, a mate in one with a back rank,
/// and Kiwipete (at depth 1 and 2 only).
pub const SMALL: [&str; 3] = [
    "k7/8/8/3n4/4P3/8/8/K7 w - - 0 1",
    "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
];
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

pub fn config(kind: SearchKind, evaluation: Evaluation) -> SearchConfig {
    SearchConfig {
        kind,
        evaluation,
        ..SearchConfig::default()
    }
}

/// Every configuration drawn: Minimax, AlphaBeta with and without ordering, IterativeDeepening
/// whole and without quiescence or table, under both evaluators.
fn configurations() -> Vec<SearchConfig> {
    let mut all = Vec::new();
    for evaluation in Evaluation::ALL {
        let base = |kind| config(kind, evaluation);
        all.push(base(SearchKind::Minimax));
        all.push(base(SearchKind::AlphaBeta));
        let mut unordered = base(SearchKind::AlphaBeta);
        unordered.parts.move_ordering = false;
        all.push(unordered);
        all.push(base(SearchKind::IterativeDeepening));
        let mut without_quiescence = base(SearchKind::IterativeDeepening);
        without_quiescence.parts.quiescence = false;
        all.push(without_quiescence);
        let mut without_table = base(SearchKind::IterativeDeepening);
        without_table.parts.transposition_table = false;
        all.push(without_table);
    }
    all
}

/// The search as `go depth` runs it on a fresh engine.
fn plain_search(game: &Game, config: &SearchConfig, depth: u32) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search::run(
        &SearchRequest::now(game, config, &limits, &Signals::new(false)),
        &mut SearchState::new(16),
        &mut |_| {},
    )
}

pub fn record(fen: &str, config: &SearchConfig, depth: u32) -> SearchTree {
    let game = Game::from_fen(fen).expect("a legal FEN");
    tree::record(&game, config, depth, 16, u64::MAX)
        .unwrap_or_else(|e| panic!("{fen} {config:?} depth {depth}: {e}"))
}

/// The position of every node, from the root and the moves (None below a null move).
pub fn positions(fen: &str, tree: &SearchTree) -> Vec<Option<Chess>> {
    let root = Game::from_fen(fen).expect("legal").position().clone();
    let mut all: Vec<Option<Chess>> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let pos = match (&node.edge, node.parent) {
            (Edge::Root, _) => Some(root.clone()),
            (Edge::Move { mv, .. }, Some(parent)) => all[parent].as_ref().map(|pos| {
                assert!(pos.is_legal(*mv), "{} is not legal", uci_move_standard(*mv));
                let mut child = pos.clone();
                child.play_unchecked(*mv);
                child
            }),
            // A singularity test searches its parent's position again.
            (Edge::Without { .. }, Some(parent)) => all[parent].clone(),
            _ => None,
        };
        all.push(pos);
    }
    all
}

/// The moves of a node's children, in the order searched.
fn child_moves(tree: &SearchTree, id: usize) -> Vec<Move> {
    tree.nodes[id]
        .children
        .iter()
        .filter_map(|&c| match tree.nodes[c].edge {
            Edge::Move { mv, .. } => Some(mv),
            _ => None,
        })
        .collect()
}

fn sorted(mut moves: Vec<String>) -> Vec<String> {
    moves.sort();
    moves
}

fn legal(pos: &Chess) -> Vec<String> {
    sorted(
        pos.legal_moves()
            .iter()
            .map(|&m| uci_move_standard(m))
            .collect(),
    )
}

/// The moves of the path of PV nodes from `root`: at each node its one child marked PV.
fn drawn_pv(tree: &SearchTree, root: usize, what: &str) -> Vec<Move> {
    assert!(tree.nodes[root].pv, "{what}: the root is not marked");
    let mut moves = Vec::new();
    let mut at = root;
    loop {
        let marked: Vec<usize> = tree.nodes[at]
            .children
            .iter()
            .copied()
            .filter(|&c| tree.nodes[c].pv)
            .collect();
        assert!(marked.len() <= 1, "{what}: node {at} has {marked:?} marked");
        let Some(&child) = marked.first() else {
            return moves;
        };
        match tree.nodes[child].edge {
            Edge::Move { mv, .. } => moves.push(mv),
            ref edge => panic!("{what}: a PV node reached by {edge:?}"),
        }
        at = child;
    }
}

#[test]
fn the_tree_has_the_nodes_and_the_score_of_the_search() {
    let cases = SMALL
        .iter()
        .flat_map(|fen| (1..=3).map(move |d| (*fen, d)))
        .chain((1..=2).map(|d| (KIWIPETE, d)));
    for (fen, depth) in cases {
        let game = Game::from_fen(fen).expect("legal");
        for config in configurations() {
            let what = format!("{fen} {:?} depth {depth}", config);
            let plain = plain_search(&game, &config, depth);
            let tree = record(fen, &config, depth);
            assert_eq!(tree.nodes.len() as u64, plain.nodes, "{what}");
            let root = tree.roots.last().expect("a root");
            assert_eq!(tree.nodes[root.node].score, Some(plain.score), "{what}");
            assert_eq!(tree.result.best, plain.best, "{what}");
            // Every node was left with a value, and lies one ply below its parent (a
            // singularity test at its parent's ply).
            for node in &tree.nodes {
                assert!(node.score.is_some(), "{what}");
                if let Some(parent) = node.parent {
                    let below = usize::from(!matches!(node.edge, Edge::Without { .. }));
                    assert_eq!(node.ply, tree.nodes[parent].ply + below, "{what}");
                }
            }
            // The PV drawn is the line the search reported, all of it, and one node a ply.
            let drawn = drawn_pv(&tree, root.node, &what);
            assert!(!drawn.is_empty(), "{what}: no PV node drawn");
            assert_eq!(drawn, tree.pv, "{what}");
            let marked = tree.nodes[root.node..].iter().filter(|n| n.pv).count();
            assert_eq!(marked, drawn.len() + 1, "{what}: PV nodes off the path");
            assert_eq!(tree.pv.first().copied(), plain.best, "{what}");
        }
    }
}

#[test]
fn iterative_deepening_trees_hold_every_iteration_with_its_null_moves() {
    let mut null_moves = 0;
    for (fen, depth) in [(SMALL[0], 5), (SMALL[0], 7), (KIWIPETE, 5)] {
        let config = config(SearchKind::IterativeDeepening, Evaluation::Positional);
        let plain = plain_search(&Game::from_fen(fen).expect("legal"), &config, depth);
        let tree = record(fen, &config, depth);
        assert_eq!(tree.nodes.len() as u64, plain.nodes, "{fen} depth {depth}");
        let root = tree.roots.last().expect("a root");
        assert_eq!(tree.nodes[root.node].score, Some(plain.score));
        // One root search per iteration, more where an aspiration window failed.
        let mut depths: Vec<u32> = tree.roots.iter().map(|r| r.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        depths.dedup();
        assert_eq!(depths, (1..=depth).collect::<Vec<_>>());
        null_moves += tree.nodes.iter().filter(|n| n.edge == Edge::Null).count();
    }
    assert!(null_moves > 0, "no null move drawn");
}

#[test]
fn minimax_searches_every_legal_move_and_backs_up_the_values() {
    for fen in SMALL {
        let tree = record(fen, &config(SearchKind::Minimax, Evaluation::Material), 3);
        let positions = positions(fen, &tree);
        for (id, node) in tree.nodes.iter().enumerate() {
            let pos = positions[id].as_ref().expect("no null moves in Minimax");
            let moves: Vec<String> = child_moves(&tree, id)
                .into_iter()
                .map(uci_move_standard)
                .collect();
            if node.ply < 3 && !node.children.is_empty() {
                assert_eq!(sorted(moves), legal(pos), "{fen} node {id}");
                let best = node
                    .children
                    .iter()
                    .map(|&c| -tree.nodes[c].score.expect("a value"))
                    .max();
                assert_eq!(node.score, best, "{fen} node {id}");
            } else {
                // A leaf: the horizon, or a game over.
                assert!(node.ply == 3 || pos.is_game_over(), "{fen} node {id}");
            }
        }
    }
}

#[test]
fn alphabeta_cutoffs_skip_exactly_the_moves_not_searched() {
    for fen in SMALL.iter().copied().chain([KIWIPETE]) {
        let depth = if fen == KIWIPETE { 2 } else { 3 };
        for ordering in [true, false] {
            let mut config = config(SearchKind::AlphaBeta, Evaluation::Positional);
            config.parts.move_ordering = ordering;
            let what = format!("{fen} ordering {ordering}");
            let tree = record(fen, &config, depth);
            let positions = positions(fen, &tree);
            let mut cutoffs = 0;
            for (id, node) in tree.nodes.iter().enumerate() {
                let pos = positions[id].as_ref().expect("no null moves in AlphaBeta");
                let searched: Vec<String> = child_moves(&tree, id)
                    .into_iter()
                    .map(uci_move_standard)
                    .collect();
                match &node.cutoff {
                    Some(skipped) => {
                        cutoffs += 1;
                        let window = node.window.expect("a window");
                        let score = node.score.expect("a value");
                        assert!(score >= window.beta, "{what} node {id}");
                        // The last move searched caused it.
                        let last = *node.children.last().expect("a move searched");
                        assert_eq!(Some(-score), tree.nodes[last].score, "{what} node {id}");
                        let skipped: Vec<String> =
                            skipped.iter().map(|s| uci_move_standard(s.mv)).collect();
                        assert!(skipped.iter().all(|m| !searched.contains(m)), "{what}");
                        let all = [searched, skipped].concat();
                        assert_eq!(sorted(all), legal(pos), "{what} node {id}");
                    }
                    None if !node.children.is_empty() => {
                        assert_eq!(sorted(searched), legal(pos), "{what} node {id}");
                    }
                    None => {}
                }
            }
            let plain = plain_search(&Game::from_fen(fen).expect("legal"), &config, depth);
            assert_eq!(cutoffs, plain.stats.beta_cutoffs, "{what}");
            assert!(
                tree.skipped_moves() > 0,
                "{what}: alpha-beta pruned nothing"
            );
        }
    }
}

/// The elements of `svg` (which must be well-formed XML) whose class begins with `class`.
pub fn elements_of_class<'a>(
    svg: &'a roxmltree::Document,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    svg.descendants()
        .filter(|n| {
            n.attribute("class")
                .and_then(|c| c.split_whitespace().next())
                == Some(class)
        })
        .collect()
}

#[test]
fn the_svg_holds_one_element_per_node_and_per_cutoff() {
    for (fen, kind, depth) in [
        (SMALL[0], SearchKind::AlphaBeta, 3),
        (SMALL[1], SearchKind::Minimax, 2),
        (SMALL[0], SearchKind::IterativeDeepening, 3),
        (KIWIPETE, SearchKind::AlphaBeta, 2),
    ] {
        let tree = record(fen, &config(kind, Evaluation::Positional), depth);
        let text = tree::render_svg(&tree);
        let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
        assert_eq!(svg.root_element().tag_name().name(), "svg");
        let nodes = elements_of_class(&svg, "node");
        assert_eq!(nodes.len(), tree.nodes.len(), "{fen} {kind}");
        let drawn_pv = nodes
            .iter()
            .filter(|n| n.attribute("class").is_some_and(|c| c.contains(" pv")))
            .count();
        assert_eq!(drawn_pv, tree.nodes.iter().filter(|n| n.pv).count());
        let pruned: Vec<String> = elements_of_class(&svg, "pruned")
            .iter()
            .map(|n| {
                n.attribute("data-skipped")
                    .expect("the skipped moves")
                    .to_string()
            })
            .collect();
        let skipped: Vec<String> = tree
            .nodes
            .iter()
            .filter_map(|n| n.cutoff.as_ref())
            .filter(|s| !s.is_empty())
            .map(|s| {
                s.iter()
                    .map(|m| uci_move_standard(m.mv))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(pruned, skipped, "{fen} {kind}");
        assert_eq!(
            kind != SearchKind::Minimax,
            !pruned.is_empty(),
            "{fen} {kind}"
        );
    }
}

/// The node count of the last `info depth` line of `engine ... go depth N`.
fn go_nodes(args: &[&str]) -> u64 {
    let out = run(args, "");
    let line = out
        .lines()
        .into_iter()
        .rfind(|l| l.starts_with("info depth"))
        .map(str::to_string)
        .expect("an info line");
    number_after(&line, "nodes").expect("a node count")
}

#[test]
fn engine_tree_draws_as_many_nodes_as_go_counts() {
    let fen = SMALL[0];
    for search in ["Minimax", "AlphaBeta", "IterativeDeepening"] {
        let set = format!("Search={search}");
        let nodes = go_nodes(&["--fen", fen, "--set", &set, "go", "depth", "3"]);
        let out = run(
            &["--fen", fen, "tree", "--depth", "3", "--search", search],
            "",
        );
        assert!(out.status.success(), "{search}: {}", out.stderr);
        let svg = roxmltree::Document::parse(&out.stdout).expect("well-formed XML");
        assert_eq!(
            elements_of_class(&svg, "node").len() as u64,
            nodes,
            "{search}"
        );
        assert!(
            out.stderr.contains(&format!("Tree: {nodes} nodes")),
            "{}",
            out.stderr
        );

        let out = run(
            &[
                "--fen", fen, "tree", "--depth", "3", "--search", search, "--format", "dot",
            ],
            "",
        );
        assert!(out.status.success(), "{search}: {}", out.stderr);
        assert!(out.stdout.starts_with("digraph search_tree {"));
        let drawn = out
            .lines()
            .iter()
            .filter(|l| l.trim_start().starts_with('n') && l.contains("[label="))
            .count();
        assert_eq!(drawn as u64, nodes, "{search}");
    }
}

/// The score (centipawns) of the last `info depth` line of `engine ... go depth N`.
fn go_score(args: &[&str]) -> i64 {
    let out = run(args, "");
    let line = out
        .lines()
        .into_iter()
        .rfind(|l| l.starts_with("info depth"))
        .map(str::to_string)
        .expect("an info line");
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let at = tokens
        .iter()
        .position(|&t| t == "cp")
        .expect("a score in cp");
    tokens[at + 1].parse().expect("a score")
}

/// Checks one search of a page against `go`: as many nodes, each entered and left once in the
/// steps, the last root's value the search's score.
fn check_page_search(page: &Page, nodes: u64, score: i64, what: &str) {
    assert_eq!(page.moves.len() as u64, nodes, "{what}");
    assert_eq!(page.json["nodes"].as_u64(), Some(nodes), "{what}");
    for kind in ['e', 'l'] {
        let ids: Vec<usize> = page
            .steps
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| s.node)
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..nodes as usize).collect::<Vec<_>>(),
            "{what}: {kind}"
        );
        if kind == 'e' {
            assert_eq!(ids, sorted, "{what}: nodes entered in order");
        }
    }
    assert_eq!(page.root_value(), Some(score), "{what}: root value");
    assert_eq!(page.json["score"].as_i64(), Some(score), "{what}");
}

#[test]
fn the_html_page_holds_the_nodes_and_the_score_of_go() {
    let fen = SMALL[0];
    for search in ["Minimax", "AlphaBeta", "IterativeDeepening"] {
        let set = format!("Search={search}");
        let go = ["--fen", fen, "--set", &set, "go", "depth", "3"];
        let (nodes, score) = (go_nodes(&go), go_score(&go));
        let out = run(
            &[
                "--fen", fen, "tree", "--depth", "3", "--search", search, "--format", "html",
            ],
            "",
        );
        assert!(out.status.success(), "{search}: {}", out.stderr);
        assert!(out.stdout.starts_with("<!DOCTYPE html>"), "{search}");
        // Self-contained: nothing loaded from elsewhere.
        assert!(
            !out.stdout.contains("src=") && !out.stdout.contains("href="),
            "{search}"
        );
        let data = pages(&out.stdout);
        assert_eq!(data.len(), 1);
        check_page_search(&data[0], nodes, score, search);
    }
}

#[test]
fn the_html_page_compares_searches_side_by_side() {
    let fen = SMALL[1];
    let out = run(
        &[
            "--fen",
            fen,
            "tree",
            "--depth",
            "3",
            "--compare",
            "Minimax,AlphaBeta",
            "--format",
            "html",
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let data = pages(&out.stdout);
    assert_eq!(data.len(), 2);
    for (search, page) in ["Minimax", "AlphaBeta"].iter().zip(&data) {
        assert_eq!(page.json["search"].as_str(), Some(*search));
        let set = format!("Search={search}");
        let go = ["--fen", fen, "--set", &set, "go", "depth", "3"];
        check_page_search(page, go_nodes(&go), go_score(&go), search);
        assert!(
            out.stderr.contains(&format!("({search})")),
            "{}",
            out.stderr
        );
    }
    // --compare draws only HTML.
    let out = run(
        &["tree", "--depth", "2", "--compare", "Minimax,AlphaBeta"],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("--compare draws only --format html"));
}

#[test]
fn engine_tree_writes_the_file_named() {
    let path = std::env::temp_dir().join(format!("engine-tree-{}.svg", std::process::id()));
    let file = path.to_string_lossy().to_string();
    let out = run(
        &[
            "--fen",
            SMALL[0],
            "tree",
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
            "-o",
            &file,
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&path).expect("the file");
    let _ = std::fs::remove_file(&path);
    roxmltree::Document::parse(&text).expect("well-formed XML");
}

#[test]
fn too_large_a_tree_is_refused_with_its_size_and_status_2() {
    // Minimax to depth 4 from the start position: 206,604 nodes.
    let out = run(&["tree", "--depth", "4", "--search", "Minimax"], "");
    assert_eq!(out.status.code(), Some(2), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr
            .contains("would have 206604 nodes, more than --max-nodes 100000"),
        "{}",
        out.stderr
    );
    let out = run(
        &[
            "tree",
            "--depth",
            "2",
            "--search",
            "Minimax",
            "--max-nodes",
            "420",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("would have 421 nodes"),
        "{}",
        out.stderr
    );
    let out = run(
        &[
            "tree",
            "--depth",
            "2",
            "--search",
            "Minimax",
            "--max-nodes",
            "421",
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
}

#[test]
fn a_picture_too_large_to_read_is_drawn_with_a_warning_and_its_size() {
    // Minimax to depth 3 from the start position: 9,323 nodes, more than 500.
    for (format, warned) in [("svg", true), ("dot", true), ("html", false)] {
        let out = run(
            &[
                "tree", "--depth", "3", "--search", "Minimax", "--format", format,
            ],
            "",
        );
        assert!(out.status.success(), "{format}: {}", out.stderr);
        assert_eq!(
            out.stderr
                .contains("warning: the tree has 9323 nodes, more than 500"),
            warned,
            "{format}: {}",
            out.stderr
        );
        let bytes = number_after(&out.stderr, "Page:").expect("the page's size");
        assert_eq!(bytes as usize, out.stdout.len(), "{format}");
    }
}

#[test]
fn the_page_of_a_default_search_of_50000_nodes_takes_under_40_bytes_a_node() {
    let out = run(
        &[
            "--fen",
            crate::explorer::LARGE_FEN,
            "tree",
            "--search",
            "IterativeDeepening",
            "--depth",
            "12",
            "--max-nodes",
            "200000",
            "--format",
            "html",
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let page = &pages(&out.stdout)[0];
    let nodes = page.moves.len();
    assert!(nodes > 40_000, "{nodes} nodes");
    let bytes = number_after(&out.stderr, "Page:").expect("the page's size");
    assert_eq!(bytes as usize, out.stdout.len());
    assert!(bytes < 40 * nodes as u64, "{bytes} bytes for {nodes} nodes");
}

#[test]
fn bad_tree_arguments_are_refused_with_status_2() {
    for args in [
        &["tree", "--depth", "2", "--search", "Random"][..],
        &["tree", "--depth", "0", "--search", "AlphaBeta"],
        &["tree", "--depth", "2", "--search", "Alphabet"],
        &["tree", "--search", "AlphaBeta"],
        &[
            "tree",
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
            "--format",
            "png",
        ],
        &[
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "tree",
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
        ],
        // Checkmate: nothing to search.
        &[
            "--fen",
            "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
            "tree",
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
        ],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// The points of an SVG `points` attribute.
fn points(text: &str) -> Vec<(f64, f64)> {
    text.split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect()
}

/// The stroke colour of the legend entry `label`: the short line drawn level with its text.
fn legend_colour(svg: &roxmltree::Document, label: &str) -> String {
    let text = svg
        .descendants()
        .find(|n| n.has_tag_name("text") && n.text().map(str::trim) == Some(label))
        .expect("the label");
    let y: f64 = text.attribute("y").expect("y").parse().expect("a number");
    svg.descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter(|n| n.attribute("points").is_some_and(|p| points(p).len() == 2))
        .min_by(|a, b| {
            let dy = |n: &roxmltree::Node| {
                (points(n.attribute("points").unwrap_or("0,0"))[0].1 - y).abs()
            };
            dy(a).total_cmp(&dy(b))
        })
        .and_then(|n| n.attribute("stroke"))
        .expect("a legend line")
        .to_string()
}

#[test]
fn compare_plots_one_line_per_variant() {
    let path = std::env::temp_dir().join(format!("engine-plot-{}.svg", std::process::id()));
    let file = path.to_string_lossy().to_string();
    let out = run(
        &[
            "compare",
            "--depth",
            "1..3",
            "--search",
            "Minimax,AlphaBeta",
            "--format",
            "csv",
            "--plot",
            &file,
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let text = std::fs::read_to_string(&path).expect("the plot");
    let _ = std::fs::remove_file(&path);
    let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
    let texts: Vec<&str> = svg
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    let variants = ["Minimax", "AlphaBeta", "AlphaBeta -ordering"];
    for label in variants
        .iter()
        .chain(&["Nodes visited (log scale)", "Time (log scale)"])
    {
        assert!(texts.contains(label), "{label} not in {texts:?}");
    }
    // One line (a polyline of 3 points) per variant in each panel, nodes (left) then time.
    let lines: Vec<(String, Vec<(f64, f64)>)> = svg
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| {
            Some((
                n.attribute("stroke")?.to_string(),
                points(n.attribute("points")?),
            ))
        })
        .filter(|(_, points)| points.len() == 3)
        .collect();
    assert_eq!(lines.len(), 2 * 3, "{text}");
    // The nodes panel: each variant's line by its legend colour, its points sorted by depth.
    let nodes_line = |label: &str| {
        let colour = legend_colour(&svg, label);
        let mut points = lines
            .iter()
            .find(|(stroke, _)| *stroke == colour)
            .unwrap_or_else(|| panic!("no line of {label}'s colour {colour}"))
            .1
            .clone();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        points
    };
    let drawn: Vec<Vec<(f64, f64)>> = variants.iter().map(|v| nodes_line(v)).collect();
    // The node counts of the table printed beside it (csv: search, depth, nodes in 1, 2, 5).
    let counts: Vec<Vec<f64>> = variants
        .iter()
        .map(|v| {
            out.lines()[1..]
                .iter()
                .map(|l| l.split(',').collect::<Vec<_>>())
                .filter(|r| r[1] == *v)
                .map(|r| r[5].parse().expect("nodes"))
                .collect()
        })
        .collect();
    // Rising with depth (up is a smaller y), Minimax above AlphaBeta beyond depth 1 (the same
    // 20 leaves at depth 1), and unordered AlphaBeta between them or level with the ordered.
    for (label, line) in variants.iter().zip(&drawn) {
        assert!(
            line[0].1 > line[1].1 && line[1].1 > line[2].1,
            "{label}: {line:?}"
        );
    }
    let [minimax, ordered, unordered] = [&drawn[0], &drawn[1], &drawn[2]];
    for depth in 1..3 {
        let (m, o, u) = (minimax[depth].1, ordered[depth].1, unordered[depth].1);
        assert!(
            m < u && m < o && u < o + 0.5,
            "depth {}: {m} {u} {o}",
            depth + 1
        );
    }
    assert!((drawn[0][0].1 - drawn[1][0].1).abs() < 0.5);
    // On the log scale: y = a - b log10(nodes), with one a and b for every point drawn.
    let (y1, y3) = (drawn[0][0].1, drawn[0][2].1);
    let (n1, n3) = (counts[0][0], counts[0][2]);
    let b = (y1 - y3) / (n3 / n1).log10();
    for (line, counts) in drawn.iter().zip(&counts) {
        for (point, nodes) in line.iter().zip(counts) {
            let y = y1 - b * (nodes / n1).log10();
            assert!(
                (point.1 - y).abs() < 1.0,
                "{point:?} drawn for {nodes} nodes, {y} expected"
            );
        }
    }
}
