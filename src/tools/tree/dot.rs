//! The tree as Graphviz DOT (`dot -Tsvg tree.dot > tree.svg`), with the same labels, colours,
//! PV and pruned moves as the SVG.

use std::fmt::Write as _;

use crate::search::observer::NodeKind;
use crate::tools::tree::{text, SearchTree};

/// The DOT of `tree`: node `nI` for the I-th node searched, `pI` for the moves its cut-off
/// skipped.
pub fn render(tree: &SearchTree) -> String {
    let mut dot = String::from("digraph search_tree {\n");
    let _ = writeln!(
        dot,
        "  graph [ordering=out, labelloc=t, fontname=\"DejaVu Sans\", label={}];",
        quote(&format!(
            "{}\\nMAX ({}) blue, MIN orange; values from MAX's side; α β: the window",
            text::title(tree),
            text::max_side(tree)
        ))
    );
    dot += "  node [shape=box, style=\"rounded,filled\", fontname=\"DejaVu Sans\", fontsize=10];\n";
    for (id, node) in tree.nodes.iter().enumerate() {
        let (fill, border) = if SearchTree::is_max(node.ply) {
            ("#dce9f7", "#4a6f9c")
        } else {
            ("#fde7d4", "#b0703c")
        };
        let mut style = String::from("rounded,filled");
        if node.kind == NodeKind::Quiescence {
            style += ",dotted";
        }
        let (border, pen) = if node.pv {
            ("#c0392b", 2.6)
        } else {
            (border, 1.0)
        };
        let _ = writeln!(
            dot,
            "  n{id} [label={}, style=\"{style}\", fillcolor=\"{fill}\", color=\"{border}\", penwidth={pen}];",
            quote(&text::node_lines(node).join("\\n"))
        );
        if let Some(parent) = node.parent {
            let pv = node.pv && tree.nodes[parent].pv;
            let attributes = if pv {
                " [color=\"#c0392b\", penwidth=2.6]"
            } else {
                ""
            };
            let _ = writeln!(dot, "  n{parent} -> n{id}{attributes};");
        }
    }
    // After every node, so that with `ordering=out` each box comes after its node's children.
    for (id, node) in tree.nodes.iter().enumerate() {
        if node.cutoff.as_ref().is_some_and(|s| !s.is_empty()) {
            let mut lines = vec![text::cutoff_name(node.ply).to_string()];
            lines.extend(text::skipped_lines(node, 4));
            let _ = writeln!(
                dot,
                "  p{id} [label={}, style=\"rounded,dashed\", color=\"#a0a0a0\", fontcolor=\"#8c8c8c\"];\n  n{id} -> p{id} [style=dashed, color=\"#b0b0b0\"];",
                quote(&lines.join("\\n"))
            );
        }
    }
    dot += "}\n";
    dot
}

/// A DOT string: quotes and backslashes other than the `\n` line breaks escaped.
fn quote(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace("\\\\n", "\\n")
        .replace('"', "\\\"");
    format!("\"{escaped}\"")
}
