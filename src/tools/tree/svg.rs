//! The tree as SVG, laid out in-process ([`super::layout`]): one `<g class="node …">` per node
//! searched, one `<g class="pruned">` per cut-off that skipped moves (their UCI moves in
//! `data-skipped`), the PV in red, MAX and MIN nodes in two colours.

use shakmaty::CastlingMode;
use std::fmt::Write as _;

use crate::board::notation::uci_move;
use crate::search::observer::NodeKind;
use crate::search::SearchKind;
use crate::tools::tree::layout::{self, Item, Spacing};
use crate::tools::tree::{text, Edge, SearchTree, TreeNode};

/// Width of a character of the labels, about (12 px DejaVu Sans / Verdana).
const CHAR_WIDTH: f64 = 7.0;
/// Widths of a character in a node's lines: the move (bold), the value, the window (10 px).
const NODE_CHAR_WIDTHS: [f64; 3] = [7.6, 7.0, 6.0];
/// Width of a character of a pruned box (11 px).
const PRUNED_CHAR_WIDTH: f64 = 6.4;
const LINE_HEIGHT: f64 = 14.0;
const PADDING: f64 = 6.0;
/// Skipped moves per line of a pruned box.
const SKIPPED_PER_LINE: usize = 4;
const SPACING: Spacing = Spacing {
    level_height: 88.0,
    gap: 10.0,
    tree_gap: 40.0,
};
const MARGIN: f64 = 20.0;
/// The height of the title and legend above the tree.
const HEADER: f64 = 92.0;

const STYLE: &str = "
text { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 12px; fill: #222; }
.title { font-size: 14px; font-weight: bold; }
.sub { font-size: 12px; fill: #444; }
.caption { font-size: 12px; font-weight: bold; fill: #555; }
.node rect { stroke-width: 1.2; }
.max rect { fill: #dce9f7; stroke: #4a6f9c; }
.min rect { fill: #fde7d4; stroke: #b0703c; }
.quiescence rect { stroke-dasharray: 2 2; }
.pv rect { stroke: #c0392b; stroke-width: 2.6; }
.node .mv { font-weight: bold; }
.node .win { font-size: 10px; fill: #555; }
.pruned rect { fill: #f4f4f4; stroke: #a0a0a0; stroke-dasharray: 5 3; }
.pruned text { fill: #8c8c8c; font-size: 11px; }
.edge { stroke: #8a8a8a; stroke-width: 1; fill: none; }
.edge.pv { stroke: #c0392b; stroke-width: 2.6; }
.edge.cut { stroke: #b0b0b0; stroke-dasharray: 5 3; }
";

/// What is drawn at one slot of the layout.
enum Shape<'a> {
    Node(usize, &'a TreeNode),
    /// The moves a cut-off at the node skipped.
    Pruned(usize, &'a TreeNode),
}

/// The SVG of `tree`.
pub fn render(tree: &SearchTree) -> String {
    let (shapes, items) = shapes_and_items(tree);
    let roots: Vec<usize> = tree.roots.iter().map(|r| r.node).collect();
    let x = layout::tidy(&items, &roots, SPACING);
    let levels = levels(tree, &shapes);
    let tree_width = layout::width(&items, &x);
    let tree_height = items
        .iter()
        .zip(&levels)
        .map(|(item, &level)| level as f64 * SPACING.level_height + item.height)
        .fold(0.0, f64::max);
    let header = header_lines(tree);
    let header_width = header
        .iter()
        .map(|line| text_width(line))
        .fold(560.0, f64::max);
    let width = (tree_width.max(header_width) + 2.0 * MARGIN).ceil();
    let height = (HEADER + tree_height + 2.0 * MARGIN).ceil();
    let origin = (MARGIN, MARGIN + HEADER);
    let at = |i: usize| {
        let item = &items[i];
        let left = origin.0 + x[i] - item.width / 2.0;
        let top = origin.1 + levels[i] as f64 * SPACING.level_height;
        (left, top, item.width, item.height)
    };
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n<style>{STYLE}</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    write_header(&mut svg, tree, &header);
    write_captions(&mut svg, tree, &at);
    svg += "<g class=\"edges\">\n";
    for (i, shape) in shapes.iter().enumerate() {
        if let Some(parent) = parent_slot(shape) {
            write_edge(&mut svg, at(parent), at(i), edge_class(tree, shape));
        }
    }
    svg.push_str("</g>\n");
    for (i, shape) in shapes.iter().enumerate() {
        match shape {
            Shape::Node(id, node) => write_node(&mut svg, *id, node, at(i)),
            Shape::Pruned(id, node) => write_pruned(&mut svg, *id, node, at(i)),
        }
    }
    svg += "</svg>\n";
    svg
}

/// One shape per node (same index), then one per cut-off that skipped moves; the layout items
/// with the same indices.
fn shapes_and_items(tree: &SearchTree) -> (Vec<Shape<'_>>, Vec<Item>) {
    let mut shapes: Vec<Shape> = tree
        .nodes
        .iter()
        .enumerate()
        .map(|(id, node)| Shape::Node(id, node))
        .collect();
    let mut items: Vec<Item> = tree
        .nodes
        .iter()
        .map(|node| {
            let (width, height) = box_size(&text::node_lines(node), LINE_HEIGHT, &NODE_CHAR_WIDTHS);
            let children = node.children.clone();
            Item {
                width,
                height,
                children,
            }
        })
        .collect();
    for (id, node) in tree.nodes.iter().enumerate() {
        if node
            .cutoff
            .as_ref()
            .is_some_and(|skipped| !skipped.is_empty())
        {
            let (width, height) =
                box_size(&pruned_lines(node), LINE_HEIGHT - 1.0, &[PRUNED_CHAR_WIDTH]);
            items[id].children.push(shapes.len());
            shapes.push(Shape::Pruned(id, node));
            items.push(Item {
                width,
                height,
                children: Vec::new(),
            });
        }
    }
    (shapes, items)
}

/// The level of each shape: a node's depth in the tree (its ply, but a singularity test is one
/// below the node it tests, at the same ply), a pruned box one below its node.
fn levels(tree: &SearchTree, shapes: &[Shape]) -> Vec<usize> {
    // A parent is entered before its children.
    let mut depth = vec![0; tree.nodes.len()];
    for (id, node) in tree.nodes.iter().enumerate() {
        depth[id] = node.parent.map_or(0, |p| depth[p] + 1);
    }
    shapes
        .iter()
        .map(|shape| match shape {
            Shape::Node(id, _) => depth[*id],
            Shape::Pruned(id, _) => depth[*id] + 1,
        })
        .collect()
}

fn parent_slot(shape: &Shape) -> Option<usize> {
    match shape {
        Shape::Node(_, node) => node.parent,
        Shape::Pruned(id, _) => Some(*id),
    }
}

fn edge_class(tree: &SearchTree, shape: &Shape) -> &'static str {
    match shape {
        Shape::Pruned(..) => "edge cut",
        Shape::Node(_, node) if node.pv && node.parent.is_some_and(|p| tree.nodes[p].pv) => {
            "edge pv"
        }
        Shape::Node(..) => "edge",
    }
}

/// The header lines of the skipped moves' box: what cut off, then the moves.
fn pruned_lines(node: &TreeNode) -> Vec<String> {
    let mut lines = vec![text::cutoff_name(node.ply).to_string()];
    lines.extend(text::skipped_lines(node, SKIPPED_PER_LINE));
    lines
}

/// The size of a box holding `lines`, `line_height` apart, the k-th line's characters
/// `char_widths[k]` wide (the last for the rest).
fn box_size(lines: &[String], line_height: f64, char_widths: &[f64]) -> (f64, f64) {
    let widest = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let char_width = char_widths[k.min(char_widths.len() - 1)];
            line.chars().count() as f64 * char_width
        })
        .fold(0.0, f64::max);
    let width = (widest + 2.0 * PADDING).max(40.0);
    (width, lines.len() as f64 * line_height + PADDING)
}

fn text_width(line: &str) -> f64 {
    line.chars().count() as f64 * CHAR_WIDTH
}

fn header_lines(tree: &SearchTree) -> Vec<String> {
    let windows = if tree.kind == SearchKind::Minimax {
        ""
    } else {
        ", α and β the window each node was searched with; ≥ / ≤: a bound"
    };
    vec![
        text::title(tree),
        format!(
            "MAX ({}, to move at the root) in blue, MIN in orange; values in centipawns from \
             MAX's side{windows}",
            text::max_side(tree)
        ),
    ]
}

fn write_header(svg: &mut String, tree: &SearchTree, lines: &[String]) {
    let _ = writeln!(
        svg,
        "<text class=\"title\" x=\"{MARGIN}\" y=\"{}\">{}</text>",
        MARGIN + 8.0,
        escape(&lines[0])
    );
    let _ = writeln!(
        svg,
        "<text class=\"sub\" x=\"{MARGIN}\" y=\"{}\">{}</text>",
        MARGIN + 28.0,
        escape(&lines[1])
    );
    write_legend(svg, tree, MARGIN, MARGIN + 40.0);
}

/// Sample boxes: MAX, MIN, the PV, and what the tree has of quiescence nodes and moves a
/// cut-off skipped.
fn write_legend(svg: &mut String, tree: &SearchTree, left: f64, top: f64) {
    let quiescence = tree.nodes.iter().any(|n| n.kind == NodeKind::Quiescence);
    let pruned = tree.skipped_moves() > 0;
    let samples = [
        ("node max", "MAX node", true),
        ("node min", "MIN node", true),
        ("node max pv", "principal variation", true),
        ("node min quiescence", "quiescence", quiescence),
        ("pruned", "skipped by a cut-off", pruned),
    ];
    let mut x = left;
    for (class, label, _) in samples.into_iter().filter(|sample| sample.2) {
        let width = text_width(label) + 2.0 * PADDING;
        let _ = writeln!(
            svg,
            "<g class=\"legend {class}\"><rect x=\"{x}\" y=\"{top}\" width=\"{width}\" \
             height=\"20\" rx=\"4\"/><text x=\"{}\" y=\"{}\">{label}</text></g>",
            x + PADDING,
            top + 14.0
        );
        x += width + 12.0;
    }
}

/// IterativeDeepening's trees: the depth above each root search.
fn write_captions(
    svg: &mut String,
    tree: &SearchTree,
    at: &impl Fn(usize) -> (f64, f64, f64, f64),
) {
    for root in &tree.roots {
        if let Some(caption) = text::root_caption(tree, root.depth) {
            let (left, top, width, _) = at(root.node);
            let _ = writeln!(
                svg,
                "<text class=\"caption\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{caption}</text>",
                left + width / 2.0,
                top - 8.0
            );
        }
    }
}

fn write_edge(svg: &mut String, from: (f64, f64, f64, f64), to: (f64, f64, f64, f64), class: &str) {
    let (x1, y1) = (from.0 + from.2 / 2.0, from.1 + from.3);
    let (x2, y2) = (to.0 + to.2 / 2.0, to.1);
    let _ = writeln!(
        svg,
        "<line class=\"{class}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
    );
}

fn write_node(
    svg: &mut String,
    id: usize,
    node: &TreeNode,
    (left, top, w, h): (f64, f64, f64, f64),
) {
    let side = if SearchTree::is_max(node.ply) {
        "max"
    } else {
        "min"
    };
    let mut class = format!("node {side}");
    if node.kind == NodeKind::Quiescence {
        class += " quiescence";
    }
    if node.pv {
        class += " pv";
    }
    let uci = match node.edge {
        Edge::Move { mv, .. } => uci_move(mv, CastlingMode::Standard),
        Edge::Root => "root".to_string(),
        Edge::Null => "0000".to_string(),
        Edge::Without { mv, .. } => format!("-{}", uci_move(mv, CastlingMode::Standard)),
    };
    let _ = writeln!(
        svg,
        "<g class=\"{class}\" id=\"n{id}\" data-ply=\"{}\" data-move=\"{uci}\">\
         <title>{}</title>\
         <rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"4\"/>",
        node.ply,
        escape(&tooltip(node, side))
    );
    let centre = left + w / 2.0;
    for (k, line) in text::node_lines(node).iter().enumerate() {
        let class = ["mv", "val", "win"][k.min(2)];
        let _ = write!(
            svg,
            "<text class=\"{class}\" x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            top + PADDING / 2.0 + LINE_HEIGHT * (k as f64 + 1.0) - 3.0,
            escape(line)
        );
    }
    svg.push_str("</g>\n");
}

/// The node's details when the pointer rests on it.
fn tooltip(node: &TreeNode, side: &str) -> String {
    let mut tip = format!(
        "{} at ply {}, {} node{}: value {}",
        text::move_label(node),
        node.ply,
        side.to_uppercase(),
        if node.kind == NodeKind::Quiescence {
            " (quiescence)"
        } else {
            ""
        },
        text::value_label(node)
    );
    if let Some(w) = node.window {
        let _ = write!(tip, ", window {}", text::window_label(w, node.ply));
    }
    let _ = write!(tip, ", {} children searched", node.children.len());
    tip
}

fn write_pruned(
    svg: &mut String,
    id: usize,
    node: &TreeNode,
    (left, top, w, h): (f64, f64, f64, f64),
) {
    let skipped: Vec<String> = node
        .cutoff
        .iter()
        .flatten()
        .map(|s| uci_move(s.mv, CastlingMode::Standard))
        .collect();
    let _ = write!(
        svg,
        "<g class=\"pruned\" data-node=\"n{id}\" data-skipped=\"{}\">\
         <rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"4\"/>",
        skipped.join(" ")
    );
    for (k, line) in pruned_lines(node).iter().enumerate() {
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            left + w / 2.0,
            top + PADDING / 2.0 + (LINE_HEIGHT - 1.0) * (k as f64 + 1.0) - 3.0,
            escape(line)
        );
    }
    svg.push_str("</g>\n");
}

/// `text` with the characters XML reserves escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&apos;",
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_characters_are_escaped() {
        assert_eq!(
            escape("a<b & \"c\">'"),
            "a&lt;b &amp; &quot;c&quot;&gt;&apos;"
        );
    }
}
