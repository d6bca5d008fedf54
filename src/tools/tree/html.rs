//! The tree as one self-contained web page, the search explorer: the recorded searches as
//! data (the columns of [`data`](super::data), one object per search, in
//! `<script id="search-data">`) with the page's own script and style inline (`page/`), so it
//! works offline. The script replays the searches step by step beside a board; several searches
//! of one position step together.

use std::fmt::Write as _;

use crate::eval::{INFINITY, MATE, MATE_BOUND};
use crate::tools::tree::data::tree_json;
use crate::tools::tree::SearchTree;

/// The page's script: the data read, the explanations, the tree drawn, the page.
const SCRIPT: [&str; 4] = [
    include_str!("page/data.js"),
    include_str!("page/explain.js"),
    include_str!("page/view.js"),
    include_str!("page/page.js"),
];
/// The page's style.
const STYLE: &str = include_str!("page/style.css");

/// The explorer page of `trees`: searches of one position, replayed side by side.
pub fn render(trees: &[SearchTree]) -> String {
    let names: Vec<String> = trees.iter().map(|t| t.kind.to_string()).collect();
    let fen = trees.first().map_or(String::new(), |t| t.fen.clone());
    let data: Vec<String> = trees.iter().map(tree_json).collect();
    let constants = format!("{{\"inf\":{INFINITY},\"mate\":{MATE},\"mateBound\":{MATE_BOUND}}}");
    let size: usize = data.iter().map(String::len).sum();
    let mut page = String::with_capacity(size + 128 * 1024);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Search explorer: {} from {}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <noscript>This page replays a search with JavaScript; please enable it.</noscript>\n\
         <script type=\"application/json\" id=\"search-constants\">{constants}</script>\n\
         <script type=\"application/json\" id=\"search-data\">[{}]</script>\n\
         <script>\n{}</script>\n</body>\n</html>\n",
        escape_html(&names.join(" and ")),
        escape_html(&fen),
        data.join(",\n"),
        SCRIPT.join("\n")
    );
    page
}

/// `s` as HTML text.
fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
