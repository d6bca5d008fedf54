//! The tree as one self-contained web page, the search explorer: the recorded search as JSON
//! data (every node, and every step in the order the search ran it) with the page's own
//! script and style inline (`explorer.js`, `explorer.css`), so it works offline. The script
//! replays the search step by step beside a board; several searches of one position step
//! together.
//!
//! The data is one JSON array, one object per search, in `<script id="search-data">`:
//! `n` holds the nodes in the order entered, each
//! `[parent, ply, move, uci, flags, alpha, beta, value, position, table move, skipped]`
//! (values negamax-style, from the node's side to move; `flags`: 1 quiescence, 2 null move,
//! 4 principal variation, 8 value from the table); `steps` the steps, `3 × node + k` with
//! k = 0 entered, 1 left, 2 cut off.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use crate::board::game::Game;
use crate::board::notation::uci_move;
use crate::eval::{INFINITY, MATE, MATE_BOUND};
use crate::search::observer::NodeKind;
use crate::tools::tree::{text, Edge, SearchTree, Skipped, Step, TreeNode};

/// The page's script.
const SCRIPT: &str = include_str!("explorer.js");
/// The page's style.
const STYLE: &str = include_str!("explorer.css");

/// The explorer page of `trees`: searches of one position, replayed side by side.
pub fn render(trees: &[SearchTree]) -> String {
    let names: Vec<String> = trees.iter().map(|t| t.kind.to_string()).collect();
    let fen = trees.first().map_or(String::new(), |t| t.fen.clone());
    let data: Vec<String> = trees.iter().map(tree_json).collect();
    let constants = format!("{{\"inf\":{INFINITY},\"mate\":{MATE},\"mateBound\":{MATE_BOUND}}}");
    let mut page = String::with_capacity(64 * 1024);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Search explorer: {} from {}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <noscript>This page replays a search with JavaScript; please enable it.</noscript>\n\
         <script type=\"application/json\" id=\"search-constants\">{constants}</script>\n\
         <script type=\"application/json\" id=\"search-data\">[{}]</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        escape_html(&names.join(" and ")),
        escape_html(&fen),
        data.join(",\n")
    );
    page
}

/// One search as a JSON object.
fn tree_json(tree: &SearchTree) -> String {
    let positions = positions(tree);
    let mut json = String::with_capacity(128 * tree.nodes.len() + 1024);
    let roots: Vec<String> = tree
        .roots
        .iter()
        .map(|r| format!("[{},{}]", r.node, r.depth))
        .collect();
    let _ = write!(
        json,
        "{{\"search\":{},\"depth\":{},\"fen\":{},\"score\":{},\"nodes\":{},\"max\":{},\
         \"title\":{},\"roots\":[{}],\n\"n\":[",
        string(&tree.kind.to_string()),
        tree.depth,
        string(&tree.fen),
        tree.result.score,
        tree.result.nodes,
        string(text::max_side(tree)),
        string(&text::title(tree)),
        roots.join(",")
    );
    for (id, node) in tree.nodes.iter().enumerate() {
        if id > 0 {
            json.push_str(",\n");
        }
        let (position, label) = &positions[id];
        json.push_str(&node_json(node, label, position));
    }
    json.push_str("],\n\"steps\":[");
    let steps: Vec<String> = tree
        .steps
        .iter()
        .filter_map(|s| step_code(*s).map(|code| code.to_string()))
        .collect();
    json.push_str(&steps.join(","));
    json.push_str("]}");
    json
}

/// A step as one number: three per node (entered, left, cut off); None for pruned moves.
fn step_code(step: Step) -> Option<usize> {
    match step {
        Step::Enter(id) => Some(3 * id),
        Step::Leave(id) => Some(3 * id + 1),
        Step::Cutoff(id) => Some(3 * id + 2),
        Step::Prune(_) => None,
    }
}

/// One node as a JSON array (see the module's documentation).
fn node_json(node: &TreeNode, label: &str, position: &str) -> String {
    let parent = node.parent.map_or(-1, |p| p as i64);
    let uci = match node.edge {
        Edge::Move { mv, .. } => uci_move(mv, CastlingMode::Standard),
        _ => String::new(),
    };
    let flags = u8::from(node.kind == NodeKind::Quiescence)
        | (u8::from(node.edge == Edge::Null) << 1)
        | (u8::from(node.pv) << 2)
        | (u8::from(node.table_cutoff) << 3);
    let (alpha, beta) = match node.window {
        Some(w) => (w.alpha.to_string(), w.beta.to_string()),
        None => ("null".to_string(), "null".to_string()),
    };
    let value = node.score.map_or("null".to_string(), |s| s.to_string());
    let table = node
        .table_move
        .as_ref()
        .map_or("null".to_string(), |m| string(&move_name(m)));
    let skipped = node.cutoff.as_ref().map_or("null".to_string(), |moves| {
        let names: Vec<String> = moves.iter().map(|m| string(&move_name(m))).collect();
        format!("[{}]", names.join(","))
    });
    format!(
        "[{parent},{},{},{},{flags},{alpha},{beta},{value},{},{table},{skipped}]",
        node.ply,
        string(label),
        string(&uci),
        string(position)
    )
}

/// A skipped or table move by its SAN, else its UCI name.
fn move_name(m: &Skipped) -> String {
    m.san
        .clone()
        .unwrap_or_else(|| uci_move(m.mv, CastlingMode::Standard))
}

/// Each node's position (the board and side to move of its FEN) and its move numbered as in a
/// game score (`2.d6`, `1…Nf6`, `null`, `root`).
fn positions(tree: &SearchTree) -> Vec<(String, String)> {
    let root = Game::from_fen(&tree.fen)
        .map(|g| g.position().clone())
        .unwrap_or_default();
    let mut all: Vec<Chess> = Vec::with_capacity(tree.nodes.len());
    let mut out = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let before = node.parent.map_or(&root, |p| &all[p]);
        let (pos, label) = match &node.edge {
            Edge::Root => (root.clone(), "root".to_string()),
            Edge::Move { mv, san } => {
                let mut child = before.clone();
                child.play_unchecked(*mv);
                (child, numbered(before, san))
            }
            Edge::Null => {
                let passed = before
                    .clone()
                    .swap_turn()
                    .unwrap_or_else(|_| before.clone());
                (passed, "null".to_string())
            }
        };
        out.push((board_and_turn(&pos), label));
        all.push(pos);
    }
    out
}

/// `san` played in `before`, numbered: `2.d6` for White, `1…Nf6` for Black.
fn numbered(before: &Chess, san: &str) -> String {
    let number = before.fullmoves();
    match before.turn() {
        Color::White => format!("{number}.{san}"),
        Color::Black => format!("{number}…{san}"),
    }
}

/// The first two fields of the FEN: the board and the side to move.
fn board_and_turn(pos: &Chess) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// `s` as a JSON string that is also safe inside a `<script>` element.
fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` as HTML text.
fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
