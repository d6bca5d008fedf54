//! The words of a drawn tree, shared by the SVG and the DOT: values and windows from MAX's
//! side (the side to move at the root), as the course draws minimax; the search computes them
//! negamax-style, from each node's side to move.

use shakmaty::CastlingMode;

use crate::eval::{mate_distance, Score, INFINITY};
use crate::search::observer::Window;
use crate::search::SearchKind;
use crate::tools::tree::{Edge, SearchTree, TreeNode};

/// `score` of a node at `ply` (from its side to move) from MAX's side.
pub fn max_view(score: Score, ply: usize) -> Score {
    if SearchTree::is_max(ply) {
        score
    } else {
        -score
    }
}

/// A value from MAX's side: centipawns with a sign, `+M3` for a mate in 3 moves, `±∞` for the
/// window's open ends.
pub fn value(score: Score) -> String {
    if score >= INFINITY {
        return "+∞".to_string();
    }
    if score <= -INFINITY {
        return "−∞".to_string();
    }
    match mate_distance(score) {
        Some(moves) if moves > 0 => format!("+M{moves}"),
        Some(moves) => format!("−M{}", -moves),
        None if score > 0 => format!("+{score}"),
        None if score < 0 => format!("−{}", -score),
        None => "0".to_string(),
    }
}

/// The window of a node at `ply` from MAX's side: (alpha, beta) at MAX nodes, (-beta, -alpha)
/// at MIN nodes.
pub fn window(window: Window, ply: usize) -> (Score, Score) {
    if SearchTree::is_max(ply) {
        (window.alpha, window.beta)
    } else {
        (-window.beta, -window.alpha)
    }
}

/// The window as `α −∞ β +35`.
pub fn window_label(w: Window, ply: usize) -> String {
    let (alpha, beta) = window(w, ply);
    format!("α {} β {}", value(alpha), value(beta))
}

/// The move that led to a node, in SAN (`root` at a root, `null` for a null move, `without`
/// and the move for a singularity test).
pub fn move_label(node: &TreeNode) -> String {
    match &node.edge {
        Edge::Root => "root".to_string(),
        Edge::Move { san, .. } => san.clone(),
        Edge::Null => "null".to_string(),
        Edge::Without { san, .. } => format!("without {san}"),
    }
}

/// The node's value from MAX's side, `≥ v` or `≤ v` when it is only a bound: a node that
/// searched moves and returned a value outside its window (alpha-beta proves no more).
pub fn value_label(node: &TreeNode) -> String {
    let Some(score) = node.score else {
        return "(stopped)".to_string();
    };
    let shown = value(max_view(score, node.ply));
    let searched = !node.children.is_empty() || node.cutoff.is_some();
    let bound = match node.window {
        Some(w) if searched && score >= w.beta => Some(true),
        Some(w) if searched && score <= w.alpha => Some(false),
        _ => None,
    };
    // A lower bound from the node's side is a lower bound for MAX at MAX nodes, an upper one
    // at MIN nodes.
    match bound.map(|lower| lower == SearchTree::is_max(node.ply)) {
        Some(true) => format!("≥ {shown}"),
        Some(false) => format!("≤ {shown}"),
        None => shown,
    }
}

/// The lines of a node's label: move, value, and window if it has one.
pub fn node_lines(node: &TreeNode) -> Vec<String> {
    let mut lines = vec![move_label(node), value_label(node)];
    if let Some(w) = node.window {
        lines.push(window_label(w, node.ply));
    }
    lines
}

/// The cut-off's name: a MAX node whose value reached beta (β cut-off), or a MIN node whose
/// value fell to alpha (α cut-off), from MAX's side.
pub fn cutoff_name(ply: usize) -> &'static str {
    if SearchTree::is_max(ply) {
        "β cut-off: not searched"
    } else {
        "α cut-off: not searched"
    }
}

/// The skipped moves in lines of at most `per_line`.
pub fn skipped_lines(node: &TreeNode, per_line: usize) -> Vec<String> {
    let Some(skipped) = &node.cutoff else {
        return Vec::new();
    };
    let names: Vec<String> = skipped
        .iter()
        .map(|s| {
            s.san
                .clone()
                .unwrap_or_else(|| crate::board::notation::uci_move(s.mv, CastlingMode::Standard))
        })
        .collect();
    names.chunks(per_line.max(1)).map(|c| c.join(" ")).collect()
}

/// The title: search, depth, position, node count, value and PV.
pub fn title(tree: &SearchTree) -> String {
    let pv: Vec<String> = pv_san(tree);
    format!(
        "{} to depth {} from {} — {} nodes (as `go depth {}` counts them), value {}, PV {}",
        tree.kind,
        tree.depth,
        tree.fen,
        tree.nodes.len(),
        tree.depth,
        value(tree.result.score),
        if pv.is_empty() {
            "(none)".to_string()
        } else {
            pv.join(" ")
        }
    )
}

/// The principal variation's moves in SAN, as the tree's highlighted path names them.
fn pv_san(tree: &SearchTree) -> Vec<String> {
    let Some(root) = tree.roots.last() else {
        return Vec::new();
    };
    let mut names = Vec::new();
    let mut at = root.node;
    while let Some(&child) = tree.nodes[at]
        .children
        .iter()
        .rev()
        .find(|&&c| tree.nodes[c].pv)
    {
        names.push(move_label(&tree.nodes[child]));
        at = child;
    }
    names
}

/// The caption of a root search: its depth for IterativeDeepening, whose tree has several.
pub fn root_caption(tree: &SearchTree, depth: u32) -> Option<String> {
    (tree.kind == SearchKind::IterativeDeepening).then(|| format!("iteration: depth {depth}"))
}

/// Which side MAX is.
pub fn max_side(tree: &SearchTree) -> &'static str {
    match tree.root_turn {
        shakmaty::Color::White => "White",
        shakmaty::Color::Black => "Black",
    }
}
