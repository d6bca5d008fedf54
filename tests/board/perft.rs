//! Move generation checked against published perft counts (positions/perft.epd).
//!
//! The normal run checks D1-D3 of every position and every other count under
//! [`FAST_MAX_NODES`] through the library, plus a few through the binary. The deep run,
//! `cargo test --release --test board perft -- --ignored`, checks every count up to
//! `PERFT_MAX_NODES` (default: the start position's D6, 119060324; 0 = every count listed).

use std::time::Instant;

use crate::common::Engine;
use engine::board::epd;
use engine::board::game::Game;
use engine::board::perft::{divide, perft};

/// Counts above this are left to the deep (ignored) run.
const FAST_MAX_NODES: u64 = 2_000_000;
/// Default bound of the deep run: D6 of the start position.
const DEEP_MAX_NODES: u64 = 119_060_324;

struct Entry {
    line: usize,
    fen: String,
    /// (depth, expected leaf count)
    counts: Vec<(u32, u64)>,
}

/// The suite, read by the engine's EPD parser: each `Dn count` operation is a count.
fn load() -> Vec<Entry> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/perft.epd");
    let records = epd::read(std::path::Path::new(path)).expect("positions/perft.epd parses");
    records
        .into_iter()
        .map(|record| {
            let line = record.line;
            let counts: Vec<(u32, u64)> = record
                .operations
                .iter()
                .map(|op| {
                    let depth = op.opcode.strip_prefix('D').and_then(|d| d.parse().ok());
                    let count = match op.operands.as_slice() {
                        [count] => count.parse().ok(),
                        _ => None,
                    };
                    depth
                        .zip(count)
                        .unwrap_or_else(|| panic!("line {line}: bad count {op:?}"))
                })
                .collect();
            assert!(!counts.is_empty(), "line {line}: no counts");
            Entry {
                line,
                fen: record.fen,
                counts,
            }
        })
        .collect()
}

fn game(entry: &Entry) -> Game {
    Game::from_fen(&entry.fen).unwrap_or_else(|e| {
        panic!(
            "line {}: the engine rejects '{}': {e}",
            entry.line, entry.fen
        )
    })
}

/// Checks the selected counts; returns (checks made, nodes counted) or panics listing every mismatch.
fn check(entries: &[Entry], select: impl Fn(u32, u64) -> bool) -> (usize, u64) {
    let mut failures = Vec::new();
    let (mut checks, mut nodes) = (0, 0);
    for entry in entries {
        let game = game(entry);
        for &(depth, expected) in &entry.counts {
            if !select(depth, expected) {
                continue;
            }
            let got = perft(game.position(), depth);
            checks += 1;
            nodes += got;
            if got != expected {
                failures.push(format!(
                    "line {}: {} D{depth}: expected {expected}, got {got}",
                    entry.line, entry.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    (checks, nodes)
}

#[test]
fn the_epd_file_is_the_shared_suite() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/perft.epd");
    let text = std::fs::read_to_string(path).expect("readable");
    let first = text.lines().next().expect("not empty");
    assert!(
        first.starts_with("# Perft positions") && first.contains("Sources:"),
        "the first line keeps the source note: {first}"
    );
    let entries = load();
    assert_eq!(entries.len(), 349, "the file lists 349 positions");
    let start = &entries[0];
    assert_eq!(start.fen, crate::common::START_FEN);
    assert!(start.counts.contains(&(6, 119_060_324)));
}

#[test]
fn every_position_matches_its_shallow_counts() {
    let entries = load();
    let (checks, nodes) = check(&entries, |depth, count| {
        depth <= 3 || count <= FAST_MAX_NODES
    });
    // Every position has D1-D3 or a small deeper count: nothing may be skipped silently.
    for entry in &entries {
        assert!(
            entry
                .counts
                .iter()
                .any(|&(d, n)| d <= 3 || n <= FAST_MAX_NODES),
            "line {}: no count checked",
            entry.line
        );
    }
    assert!(checks > 700, "only {checks} counts checked");
    assert!(nodes > 50_000_000, "only {nodes} nodes counted");
}

#[test]
fn divide_sums_to_perft_and_lists_every_legal_move() {
    for entry in load().iter().step_by(7) {
        let game = game(entry);
        let pos = game.position();
        let Some(&(depth, expected)) = entry.counts.iter().find(|&&(d, _)| d <= 3) else {
            continue;
        };
        let split = divide(pos, depth);
        assert_eq!(split.len(), perft(pos, 1) as usize, "line {}", entry.line);
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            expected,
            "line {}",
            entry.line
        );
    }
}

#[test]
fn perft_through_the_binary_matches() {
    let entries = load();
    let mut engine = Engine::start();
    // The start position, Kiwipete, and every 50th position, through `position` + `perft`.
    for entry in entries
        .iter()
        .take(2)
        .chain(entries.iter().skip(2).step_by(50))
    {
        let Some(&(depth, expected)) = entry.counts.iter().filter(|&&(d, _)| d <= 3).max() else {
            continue;
        };
        let out = engine.command(&format!("position fen {}", entry.fen));
        assert!(out.is_empty(), "line {}: {out:?}", entry.line);
        let command = if entry.line % 2 == 0 {
            "perft"
        } else {
            "go perft"
        };
        engine.send(&format!("{command} {depth}"));
        let lines = engine.read_until("Nodes searched", |l| l.starts_with("Nodes searched: "));
        assert_eq!(
            lines.last().map(String::as_str),
            Some(format!("Nodes searched: {expected}").as_str()),
            "line {}: {} {command} {depth}",
            entry.line,
            entry.fen
        );
    }
}

#[test]
fn perft_of_a_position_without_moves_is_zero() {
    let mut engine = Engine::start();
    engine.command("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("perft 3");
    let lines = engine.read_until("Nodes searched", |l| l.starts_with("Nodes searched: "));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 0");
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored in release"]
fn every_position_matches_its_deep_counts() {
    let max = std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(DEEP_MAX_NODES, |v| if v == 0 { u64::MAX } else { v });
    let started = Instant::now();
    let (checks, nodes) = check(&load(), |_, count| count <= max);
    eprintln!(
        "{checks} perft counts up to {max} nodes: {nodes} nodes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
