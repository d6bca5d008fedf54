//! The words of `engine tree`'s drawings, SVG and DOT: each node's move in SAN, its value from
//! MAX's side (the side to move at the root) with `≥`/`≤` where alpha-beta proved only a bound,
//! its window from MAX's side, the aspiration windows of IterativeDeepening's roots, the null-move
//! and quiescence nodes drawn as such, the cut-offs named by the side that cut; and the DOT
//! carrying the same labels, edges and boxes as the SVG.

use std::collections::BTreeMap;

use engine::board::game::Game;
use engine::eval::{mate_distance, Evaluation, Score, INFINITY};
use engine::search::observer::NodeKind;
use engine::search::SearchKind;
use engine::tools::tree::{self, Edge, SearchTree, TreeNode};
use shakmaty::san::San;
use shakmaty::{Chess, Position};

use crate::common::run;
use crate::tree::{config, elements_of_class, record, KIWIPETE, SMALL};

/// A value as the drawings write it, from MAX's side: `+35`, `−35` (a minus sign), `0`, `+M2`,
/// `−M1`, `±∞` for a window's open end.
fn value(score: Score) -> String {
    match mate_distance(score) {
        _ if score >= INFINITY => "+∞".to_string(),
        _ if score <= -INFINITY => "−∞".to_string(),
        Some(moves) if moves > 0 => format!("+M{moves}"),
        Some(moves) => format!("−M{}", -moves),
        None if score > 0 => format!("+{score}"),
        None if score < 0 => format!("−{}", -score),
        None => "0".to_string(),
    }
}

/// The position of every node, from the root and the moves, a null move passing the turn.
fn positions(fen: &str, tree: &SearchTree) -> Vec<Chess> {
    let root = Game::from_fen(fen).expect("legal").position().clone();
    let mut all: Vec<Chess> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let pos = match (&node.edge, node.parent) {
            (Edge::Move { mv, .. }, Some(parent)) => {
                let mut child = all[parent].clone();
                child.play_unchecked(*mv);
                child
            }
            (Edge::Null, Some(parent)) => all[parent].clone().swap_turn().expect("not in check"),
            (Edge::Without { .. }, Some(parent)) => all[parent].clone(),
            _ => root.clone(),
        };
        all.push(pos);
    }
    all
}

/// The three lines a node's label should have: its move (SAN, `root`, `null`, `without` and the
/// move of a singularity test); its value from
/// MAX's side, marked `≥` (MAX has at least it) or `≤` (at most) when it is a bound; its window
/// from MAX's side.
fn expected_lines(fen: &str, tree: &SearchTree) -> Vec<Vec<String>> {
    let positions = positions(fen, tree);
    tree.nodes
        .iter()
        .map(|node| {
            let max = node.ply % 2 == 0;
            let mv = match node.edge {
                Edge::Root => "root".to_string(),
                Edge::Null => "null".to_string(),
                Edge::Move { mv, .. } => {
                    let parent = node.parent.expect("a move has a parent");
                    San::from_move(&positions[parent], mv).to_string()
                }
                Edge::Without { mv, .. } => {
                    let parent = node.parent.expect("a test has a parent");
                    format!("without {}", San::from_move(&positions[parent], mv))
                }
            };
            let score = node.score.expect("a value");
            let from_max = if max { score } else { -score };
            let mut lines = vec![mv, bound(node, score, max) + &value(from_max)];
            if let Some(w) = node.window {
                let (alpha, beta) = if max {
                    (w.alpha, w.beta)
                } else {
                    (-w.beta, -w.alpha)
                };
                lines.push(format!("α {} β {}", value(alpha), value(beta)));
            }
            lines
        })
        .collect()
}

/// `≥ ` or `≤ ` (from MAX's side) when the node searched moves and its value fell outside its
/// window: at or above beta it is a lower bound for its side to move, at or below alpha an
/// upper bound.
fn bound(node: &TreeNode, score: Score, max: bool) -> String {
    let searched = !node.children.is_empty() || node.cutoff.is_some();
    let lower = match node.window {
        Some(w) if searched && score >= w.beta => Some(max),
        Some(w) if searched && score <= w.alpha => Some(!max),
        _ => None,
    };
    match lower {
        Some(true) => "≥ ".to_string(),
        Some(false) => "≤ ".to_string(),
        None => String::new(),
    }
}

/// Per node of the SVG (by its id `nI`): its class and the lines of its label.
fn svg_labels(svg: &roxmltree::Document) -> Vec<(String, Vec<String>)> {
    elements_of_class(svg, "node")
        .iter()
        .map(|g| {
            let lines = g
                .children()
                .filter(|t| t.has_tag_name("text"))
                .map(|t| t.text().unwrap_or_default().to_string())
                .collect();
            (g.attribute("class").unwrap_or_default().to_string(), lines)
        })
        .collect()
}

fn trees() -> Vec<(&'static str, SearchTree)> {
    let id = config(SearchKind::IterativeDeepening, Evaluation::Positional);
    vec![
        (
            SMALL[2],
            record(
                SMALL[2],
                &config(SearchKind::Minimax, Evaluation::Material),
                2,
            ),
        ),
        (
            SMALL[0],
            record(
                SMALL[0],
                &config(SearchKind::AlphaBeta, Evaluation::Positional),
                3,
            ),
        ),
        (
            KIWIPETE,
            record(
                KIWIPETE,
                &config(SearchKind::AlphaBeta, Evaluation::Material),
                2,
            ),
        ),
        (SMALL[0], record(SMALL[0], &id, 7)),
        (SMALL[1], record(SMALL[1], &id, 5)),
    ]
}

#[test]
fn every_node_is_labelled_with_its_san_its_value_for_max_and_its_window() {
    let (mut lower, mut upper, mut min_nodes) = (0, 0, 0);
    for (fen, tree) in trees() {
        let what = format!("{fen} {}", tree.kind);
        let svg_text = tree::render_svg(&tree);
        let svg = roxmltree::Document::parse(&svg_text).expect("well-formed XML");
        let drawn = svg_labels(&svg);
        let expected = expected_lines(fen, &tree);
        assert_eq!(drawn.len(), expected.len(), "{what}");
        for (id, ((class, lines), want)) in drawn.iter().zip(&expected).enumerate() {
            assert_eq!(lines, want, "{what}: node {id}");
            let side = if tree.nodes[id].ply % 2 == 0 {
                "max"
            } else {
                "min"
            };
            assert!(
                class.starts_with(&format!("node {side}")),
                "{what}: {id} {class}"
            );
        }
        let values = expected.iter().map(|l| &l[1]);
        lower += values.clone().filter(|v| v.starts_with('≥')).count();
        upper += values.filter(|v| v.starts_with('≤')).count();
        min_nodes += tree.nodes.iter().filter(|n| n.ply % 2 == 1).count();
    }
    assert!(
        lower > 0 && upper > 0 && min_nodes > 0,
        "{lower} ≥, {upper} ≤"
    );
}

/// The mate in one, by hand: White mates with Ra8 (SAN without its suffix), so the root and the mating move's node are
/// `+M1` from White's (MAX's) side, although the mated node scores itself as mated.
#[test]
fn a_mate_in_one_is_plus_m1_for_max_at_both_ends_of_the_move() {
    let tree = record(
        SMALL[2],
        &config(SearchKind::Minimax, Evaluation::Material),
        1,
    );
    let svg_text = tree::render_svg(&tree);
    let svg = roxmltree::Document::parse(&svg_text).expect("well-formed XML");
    let drawn = svg_labels(&svg);
    assert_eq!(drawn[0].1[..2], ["root", "+M1"]);
    let mate = drawn
        .iter()
        .find(|(_, lines)| lines[0] == "Ra8")
        .expect("Ra8 drawn");
    assert!(mate.0.starts_with("node min"), "{mate:?}");
    assert_eq!(mate.1[1], "+M1", "{mate:?}");
    assert!(tree
        .nodes
        .iter()
        .any(|n| n.score.is_some_and(|s| s < -INFINITY / 2)));
}

/// The root searches of IterativeDeepening: the full window (−∞, +∞) up to depth 4, then from
/// depth 5 an aspiration window of 30 either side of the depth before's value (wider after a
/// failure); with AspirationWindows off, the full window at every depth.
#[test]
fn iterative_deepening_roots_show_their_aspiration_windows() {
    let fen = SMALL[0];
    for aspiration in [true, false] {
        let mut config = config(SearchKind::IterativeDeepening, Evaluation::Positional);
        config.parts.aspiration_windows = aspiration;
        let tree = record(fen, &config, 7);
        let svg_text = tree::render_svg(&tree);
        let svg = roxmltree::Document::parse(&svg_text).expect("well-formed XML");
        let drawn = svg_labels(&svg);
        let mut value_before: BTreeMap<u32, Score> = BTreeMap::new();
        let mut first_of_depth = None;
        for root in &tree.roots {
            let window = &drawn[root.node].1[2];
            let first = first_of_depth != Some(root.depth);
            first_of_depth = Some(root.depth);
            let last = value_before.get(&(root.depth - 1)).copied();
            match last {
                Some(last) if aspiration && root.depth >= 5 && first => {
                    let want = format!("α {} β {}", value(last - 30), value(last + 30));
                    assert_eq!(window, &want, "depth {}", root.depth);
                }
                Some(_) if aspiration && root.depth >= 5 => {
                    assert_ne!(window, "α −∞ β +∞", "depth {}", root.depth);
                }
                _ => assert_eq!(window, "α −∞ β +∞", "depth {} {aspiration}", root.depth),
            }
            value_before.insert(root.depth, tree.nodes[root.node].score.expect("a value"));
        }
        let depths: Vec<u32> = tree.roots.iter().map(|r| r.depth).collect();
        if !aspiration {
            assert_eq!(depths, (1..=7).collect::<Vec<_>>());
        }
    }
}

/// Null moves are drawn as `null` (UCI `0000`), quiescence nodes with the dotted border of the
/// class `quiescence`, in the SVG and in the DOT; both kinds are present in the trees drawn.
#[test]
fn null_move_and_quiescence_nodes_are_drawn_as_such() {
    let (mut nulls, mut quiet) = (0, 0);
    for (fen, depth) in [(SMALL[0], 7), (KIWIPETE, 4)] {
        let tree = record(
            fen,
            &config(SearchKind::IterativeDeepening, Evaluation::Positional),
            depth,
        );
        let svg_text = tree::render_svg(&tree);
        assert!(svg_text.contains(".quiescence rect { stroke-dasharray"));
        let svg = roxmltree::Document::parse(&svg_text).expect("well-formed XML");
        let groups = elements_of_class(&svg, "node");
        let dot = dot_nodes(&tree::render_dot(&tree));
        for (id, node) in tree.nodes.iter().enumerate() {
            let class = groups[id].attribute("class").unwrap_or_default();
            let quiescence = node.kind == NodeKind::Quiescence;
            assert_eq!(class.contains("quiescence"), quiescence, "{fen} node {id}");
            assert_eq!(dot[&id].1.contains("dotted"), quiescence, "{fen} node {id}");
            let null = node.edge == Edge::Null;
            assert_eq!(groups[id].attribute("data-move") == Some("0000"), null);
            assert_eq!(dot[&id].0.first().map(String::as_str) == Some("null"), null);
            nulls += usize::from(null);
            quiet += usize::from(quiescence);
        }
    }
    assert!(
        nulls > 0 && quiet > 0,
        "{nulls} null moves, {quiet} quiescence nodes"
    );
}

/// The DOT's nodes: id → (label lines, style).
fn dot_nodes(dot: &str) -> BTreeMap<usize, (Vec<String>, String)> {
    dot.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('n')?;
            let (id, rest) = rest.split_once(" [label=\"")?;
            let (label, rest) = rest.split_once("\", style=\"")?;
            let (style, _) = rest.split_once('"')?;
            let lines = label.split("\\n").map(str::to_string).collect();
            Some((id.parse().ok()?, (lines, style.to_string())))
        })
        .collect()
}

/// The DOT carries the SVG's labels, an edge from each node's parent (red on the PV), and one
/// dashed box per cut-off naming the side that cut (β at MAX nodes, α at MIN nodes) and the
/// moves it skipped in SAN.
#[test]
fn the_dot_has_the_labels_edges_and_cutoff_boxes_of_the_tree() {
    let mut boxes = [0, 0];
    for (fen, tree) in trees() {
        let what = format!("{fen} {}", tree.kind);
        let dot = tree::render_dot(&tree);
        assert!(dot.starts_with("digraph search_tree {\n") && dot.ends_with("}\n"));
        let nodes = dot_nodes(&dot);
        let expected = expected_lines(fen, &tree);
        assert_eq!(nodes.len(), tree.nodes.len(), "{what}");
        for (id, (lines, _)) in &nodes {
            assert_eq!(lines, &expected[*id], "{what}: node {id}");
        }
        let positions = positions(fen, &tree);
        for (id, node) in tree.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                let red = node.pv && tree.nodes[parent].pv;
                let edge = format!("  n{parent} -> n{id}");
                let line = dot.lines().find(|l| {
                    l.starts_with(&format!("{edge};")) || l.starts_with(&format!("{edge} ["))
                });
                let line = line.unwrap_or_else(|| panic!("{what}: no edge to n{id}"));
                assert_eq!(line.contains("#c0392b"), red, "{what}: {line}");
            }
            let Some(skipped) = node.cutoff.as_ref().filter(|s| !s.is_empty()) else {
                assert!(!dot.contains(&format!("  p{id} [")), "{what}: box p{id}");
                continue;
            };
            let max = node.ply % 2 == 0;
            let sans: Vec<String> = skipped
                .iter()
                .map(|s| San::from_move(&positions[id], s.mv).to_string())
                .collect();
            let name = if max {
                "β cut-off: not searched"
            } else {
                "α cut-off: not searched"
            };
            let rows: Vec<String> = sans.chunks(4).map(|c| c.join(" ")).collect();
            let label = [vec![name.to_string()], rows].concat().join("\\n");
            assert!(
                dot.contains(&format!("  p{id} [label=\"{label}\"")),
                "{what}: p{id} {label}"
            );
            assert!(
                dot.contains(&format!("  n{id} -> p{id} [style=dashed")),
                "{what}"
            );
            boxes[usize::from(max)] += 1;
        }
    }
    assert!(
        boxes[0] > 0 && boxes[1] > 0,
        "α and β cut-off boxes: {boxes:?}"
    );
}

/// `engine tree --format dot` writes what the library draws for the same search.
#[test]
fn engine_tree_writes_the_dot_of_the_search() {
    let fen = SMALL[0];
    let out = run(
        &[
            "--fen",
            fen,
            "tree",
            "--depth",
            "3",
            "--search",
            "AlphaBeta",
            "--format",
            "dot",
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let tree = record(fen, &config(SearchKind::AlphaBeta, Evaluation::Nnue), 3);
    assert_eq!(out.stdout, tree::render_dot(&tree));
}
