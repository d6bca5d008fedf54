//! `engine compare`: every chosen search at each depth on the same positions, in one table,
//! so that node counts, times, scores and best moves can be compared side by side.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::board::game::Game;
use crate::board::notation::uci_move;
use crate::eval::mated_in;
use crate::search::nodes_per_second;
use crate::search::{
    self, Limits, SearchConfig, SearchKind, SearchParts, SearchRequest, SearchResult, SearchState,
    Signals,
};
use crate::uci::format;
use shakmaty::Position;

/// A search as compared: a label and its configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub label: String,
    pub config: SearchConfig,
}

/// The variants for the chosen search types, each built on `base` (the options in force):
/// AlphaBeta with and without ordering, and IterativeDeepening whole and with its table,
/// ordering and quiescence off one at a time.
pub fn variants(kinds: &[SearchKind], base: &SearchConfig) -> Vec<Variant> {
    let variant = |label: &str, kind: SearchKind, parts: SearchParts| Variant {
        label: label.to_string(),
        config: SearchConfig {
            kind,
            parts,
            ..*base
        },
    };
    let on = base.parts;
    let mut list = Vec::new();
    for &kind in kinds {
        match kind {
            SearchKind::Random | SearchKind::Minimax => list.push(variant(kind.name(), kind, on)),
            SearchKind::AlphaBeta => {
                list.push(variant("AlphaBeta", kind, on));
                let unordered = without(on, |parts| parts.move_ordering = false);
                list.push(variant("AlphaBeta -ordering", kind, unordered));
            }
            SearchKind::IterativeDeepening => {
                list.push(variant("IterativeDeepening", kind, on));
                let without_each: [(&str, SwitchOff); 3] = [
                    ("ID -table", |parts| parts.transposition_table = false),
                    ("ID -ordering", |parts| parts.move_ordering = false),
                    ("ID -quiescence", |parts| parts.quiescence = false),
                ];
                for (label, off) in without_each {
                    list.push(variant(label, kind, without(on, off)));
                }
            }
        }
    }
    list
}

/// Switches a part off.
type SwitchOff = fn(&mut SearchParts);

/// `parts` with what `off` switches off.
fn without(mut parts: SearchParts, off: SwitchOff) -> SearchParts {
    off(&mut parts);
    parts
}

/// One search of one position to one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub position: String,
    pub search: String,
    pub depth: u32,
    pub result: SearchResult,
    /// Whether the search was stopped by the time limit before completing this depth.
    pub stopped: bool,
    /// For Minimax and AlphaBeta rows: whether Minimax and AlphaBeta agree on the score at this depth.
    pub agrees: Option<bool>,
    /// The best move differs from that of the depth before.
    pub best_changed: bool,
}

/// Runs every variant at depths `depths` on `game`; a variant stops at the first depth that runs out of `limit`.
pub fn compare(
    position: &str,
    game: &Game,
    variants: &[Variant],
    depths: std::ops::RangeInclusive<u32>,
    limit: Duration,
) -> Vec<Row> {
    let mut rows = Vec::new();
    for variant in variants {
        let mut previous_best = None;
        for depth in depths.clone() {
            let mut result = search_once(game, &variant.config, depth, limit, 16);
            if result.best.is_none() && game.position().is_check() {
                // Checkmated: scored as `go` scores it (`mate 0`), not as a stalemate.
                result.score = mated_in(0);
            }
            let nothing_to_search =
                result.best.is_none() || variant.config.kind == SearchKind::Random;
            let stopped = result.depth < depth && !nothing_to_search;
            let best_changed = previous_best.is_some() && previous_best != result.best;
            previous_best = result.best;
            rows.push(Row {
                position: position.to_string(),
                search: variant.label.clone(),
                depth,
                result,
                stopped,
                agrees: None,
                best_changed,
            });
            if stopped {
                break;
            }
        }
    }
    mark_agreement(&mut rows);
    rows
}

/// Searches `game` to exactly `depth` with a fresh table of `hash_mb`, stopped by a watchdog
/// after `limit`.
pub(crate) fn search_once(
    game: &Game,
    config: &SearchConfig,
    depth: u32,
    limit: Duration,
    hash_mb: usize,
) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut state = SearchState::new(hash_mb);
    let signals = Signals::new(false);
    let done = AtomicBool::new(false);
    thread::scope(|scope| {
        scope.spawn(|| watchdog(&signals, &done, limit));
        let result = search::run(
            &SearchRequest::now(game, config, &limits, &signals),
            &mut state,
            &mut |_| {},
        );
        done.store(true, Ordering::SeqCst);
        result
    })
}

/// Stops the search once `limit` has passed, unless it is done first.
fn watchdog(signals: &Signals, done: &AtomicBool, limit: Duration) {
    let start = Instant::now();
    while !done.load(Ordering::SeqCst) {
        let elapsed = start.elapsed();
        if elapsed >= limit {
            signals.stop();
            return;
        }
        thread::sleep((limit - elapsed).min(Duration::from_millis(5)));
    }
}

/// Marks each Minimax and AlphaBeta row with whether its score agrees with Minimax's at its depth.
fn mark_agreement(rows: &mut [Row]) {
    let minimax_scores: Vec<(u32, i32)> = rows
        .iter()
        .filter(|r| r.search == "Minimax" && !r.stopped)
        .map(|r| (r.depth, r.result.score))
        .collect();
    for row in rows
        .iter_mut()
        .filter(|r| !r.stopped && (r.search == "Minimax" || r.search.starts_with("AlphaBeta")))
    {
        row.agrees = minimax_scores
            .iter()
            .find(|(depth, _)| *depth == row.depth)
            .map(|&(_, score)| score == row.result.score);
    }
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Csv,
    Json,
}

const COLUMNS: [&str; 13] = [
    "position",
    "search",
    "depth",
    "best",
    "score",
    "nodes",
    "time_ms",
    "nps",
    "tt_stores",
    "tt_hits",
    "minimax_agrees",
    "best_changed",
    "stopped",
];

fn cells(row: &Row) -> [String; 13] {
    let r = &row.result;
    let flag = |b: Option<bool>| b.map_or(String::new(), |b| b.to_string());
    [
        row.position.clone(),
        row.search.clone(),
        row.depth.to_string(),
        r.best.map_or("(none)".to_string(), |m| {
            uci_move(m, shakmaty::CastlingMode::Standard)
        }),
        if row.stopped {
            String::new()
        } else {
            format::score(r.score)
        },
        r.nodes.to_string(),
        r.time.as_millis().to_string(),
        nodes_per_second(r.nodes, r.time).to_string(),
        r.stats.tt_stores.to_string(),
        r.stats.tt_hits.to_string(),
        flag(row.agrees),
        row.best_changed.to_string(),
        row.stopped.to_string(),
    ]
}

/// Renders the rows in a format.
pub fn render(rows: &[Row], format: Format) -> String {
    match format {
        Format::Table => render_table(rows),
        Format::Csv => render_csv(rows),
        Format::Json => render_json(rows),
    }
}

/// The table: for each position, its heading, then its rows; a blank line between positions.
fn render_table(rows: &[Row]) -> String {
    let mut out = String::new();
    let mut start = 0;
    while start < rows.len() {
        let position = &rows[start].position;
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| &r.position == position)
                .count();
        if start > 0 {
            out.push('\n');
        }
        out += &table_heading(position);
        out += &table_rows(&rows[start..end]);
        start = end;
    }
    out
}

/// The heading of one position's table: its name, then the column names.
pub fn table_heading(position: &str) -> String {
    format!(
        "{position}\n{:<20} {:>5} {:<7} {:>9} {:>12} {:>9} {:>11} {:>10} {:>10}  notes\n",
        "search", "depth", "best", "score", "nodes", "time ms", "nps", "tt stores", "tt hits"
    )
}

/// The table lines of `rows`, without a heading.
pub fn table_rows(rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        let c = cells(row);
        let mut notes = Vec::new();
        match row.agrees {
            Some(true) => notes.push("= minimax"),
            Some(false) => notes.push("DIFFERS FROM MINIMAX"),
            None => {}
        }
        if row.best_changed {
            notes.push("best move changed");
        }
        if row.stopped {
            notes.push("stopped by --limit");
        }
        let _ = writeln!(
            out,
            "{:<20} {:>5} {:<7} {:>9} {:>12} {:>9} {:>11} {:>10} {:>10}  {}",
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            c[7],
            c[8],
            c[9],
            notes.join(", ")
        );
    }
    out
}

fn render_csv(rows: &[Row]) -> String {
    csv_header() + &csv_rows(rows)
}

/// The CSV header line.
pub fn csv_header() -> String {
    COLUMNS.join(",") + "\n"
}

/// The CSV lines of `rows`, without the header.
pub fn csv_rows(rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = cells(row).iter().map(|c| csv_field(c)).collect();
        out += &(line.join(",") + "\n");
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn render_json(rows: &[Row]) -> String {
    let numeric = [2, 5, 6, 7, 8, 9];
    let boolean = [10, 11, 12];
    let objects: Vec<String> = rows
        .iter()
        .map(|row| {
            let fields: Vec<String> = cells(row)
                .iter()
                .enumerate()
                .map(|(i, value)| {
                    let value = if numeric.contains(&i) {
                        value.clone()
                    } else if boolean.contains(&i) {
                        if value.is_empty() {
                            "null".to_string()
                        } else {
                            value.clone()
                        }
                    } else {
                        json_string(value)
                    };
                    format!("\"{}\": {value}", COLUMNS[i])
                })
                .collect();
            format!("  {{{}}}", fields.join(", "))
        })
        .collect();
    format!("[\n{}\n]\n", objects.join(",\n"))
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if c.is_control() => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out + "\""
}
