//! The engine's own move generator against published perft counts: `board::perft` (what
//! `engine perft` runs) walks [`MoveGen`](engine::board::movegen::MoveGen) as the search does and
//! counts the last ply with `count_moves`. Here positions/perft.epd: the Chess Programming Wiki's
//! six positions to every count up to [`STANDARD_MAX_NODES`], the whole suite to D3 and every
//! count up to [`FAST_MAX_NODES`], a few through the binary. The loader and checker below serve
//! the Marcel van Kervinck and Chess960 suites too.
//!
//! The deep run, `cargo test --release --test board perft -- --ignored`, checks every count of
//! the suite, or those up to `PERFT_MAX_NODES` when it is set.

use std::time::Instant;

use crate::common::Engine;
use engine::board::epd;
use engine::board::game::Game;
use engine::board::perft::{divide, perft};
use shakmaty::{CastlingMode, Chess, Position};

/// The Chess Programming Wiki's six positions: every count up to this one (all but Kiwipete D6).
const STANDARD_MAX_NODES: u64 = 200_000_000;
/// The rest of perft.epd: counts above this (and above D3) are left to the deep run.
const FAST_MAX_NODES: u64 = 20_000_000;
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// One position of a perft suite and its published counts.
pub struct Entry {
    pub line: usize,
    pub fen: String,
    /// (depth, expected leaf count)
    pub counts: Vec<(u32, u64)>,
}

fn path(file: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("positions")
        .join(file)
}

/// The first line of `positions/<file>`, where the suite's source is noted.
pub fn header(file: &str) -> String {
    let text = std::fs::read_to_string(path(file)).expect("a readable suite");
    text.lines().next().expect("not empty").to_string()
}

/// The suite `positions/<file>`, read by the engine's EPD parser: each `Dn count` is a count.
pub fn load(file: &str) -> Vec<Entry> {
    let records = epd::read(&path(file)).expect("a well-formed suite");
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
                        .unwrap_or_else(|| panic!("{file} line {line}: bad count {op:?}"))
                })
                .collect();
            assert!(!counts.is_empty(), "{file} line {line}: no counts");
            Entry {
                line,
                fen: record.fen,
                counts,
            }
        })
        .collect()
}

/// The entry's position, its castling rights read in `mode`.
pub fn position(entry: &Entry, mode: CastlingMode) -> Chess {
    Game::from_fen_in(&entry.fen, mode)
        .unwrap_or_else(|e| {
            panic!(
                "line {}: the engine rejects '{}': {e}",
                entry.line, entry.fen
            )
        })
        .position()
        .clone()
}

/// What a check covered: counts compared and leaves counted.
#[derive(Debug, Default)]
pub struct Checked {
    pub counts: usize,
    pub nodes: u64,
}

/// Compares `perft` with every count that `select(index, depth, count)` picks; panics listing
/// every mismatch.
pub fn check(
    entries: &[Entry],
    mode: CastlingMode,
    select: impl Fn(usize, u32, u64) -> bool,
) -> Checked {
    let mut failures = Vec::new();
    let mut checked = Checked::default();
    for (index, entry) in entries.iter().enumerate() {
        let pos = position(entry, mode);
        for &(depth, expected) in &entry.counts {
            if !select(index, depth, expected) {
                continue;
            }
            let got = perft(&pos, depth);
            checked.counts += 1;
            checked.nodes += got;
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
    checked
}

/// [`check`], printing what it covered and how long it took (for the deep runs).
pub fn check_timed(
    entries: &[Entry],
    mode: CastlingMode,
    select: impl Fn(usize, u32, u64) -> bool,
) -> Checked {
    let started = Instant::now();
    let checked = check(entries, mode, select);
    eprintln!(
        "{} perft counts, {} leaves in {:.1} s",
        checked.counts,
        checked.nodes,
        started.elapsed().as_secs_f64()
    );
    checked
}

#[test]
fn the_epd_file_is_the_shared_suite() {
    let first = header("perft.epd");
    assert!(
        first.starts_with("# Perft positions")
            && first.contains("Sources: chessprogramming.org/Perft_Results"),
        "the first line keeps the source note: {first}"
    );
    let entries = load("perft.epd");
    assert_eq!(entries.len(), 349, "the file lists 349 positions");
    assert_eq!(entries[0].fen, crate::common::START_FEN);
    assert_eq!(entries[1].fen, KIWIPETE);
    assert!(entries[0].counts.contains(&(6, 119_060_324)));
}

/// The first seven positions of perft.epd: initial, Kiwipete, positions 3, 4 (and 4 mirrored), 5, 6.
#[test]
fn the_six_standard_positions_match_every_count_up_to_200_million() {
    let checked = check(
        &load("perft.epd"),
        CastlingMode::Standard,
        |index, _, count| index < 7 && count <= STANDARD_MAX_NODES,
    );
    // Every count of the seven (D1-D6 of positions 1 and 3, D1-D5 of the rest) but Kiwipete D6.
    assert_eq!(checked.counts, 6 + 5 + 6 + 5 + 5 + 5 + 5, "{checked:?}");
}

#[test]
fn every_position_matches_its_shallow_counts() {
    let entries = load("perft.epd");
    let checked = check(&entries, CastlingMode::Standard, |_, depth, count| {
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
    assert!(checked.counts > 950, "{checked:?}");
    assert!(checked.nodes > 300_000_000, "{checked:?}");
}

/// `divide` lists exactly shakmaty's legal moves, and its counts add up to the published one.
#[test]
fn divide_lists_every_legal_move_and_sums_to_the_count() {
    for entry in load("perft.epd").iter().step_by(7) {
        let pos = position(entry, CastlingMode::Standard);
        let Some(&(depth, expected)) = entry.counts.iter().find(|&&(d, _)| d <= 3) else {
            continue;
        };
        let split = divide(&pos, depth);
        let legal = pos.legal_moves();
        assert_eq!(split.len(), legal.len(), "line {}", entry.line);
        assert!(
            split.iter().all(|(m, _)| legal.contains(m)),
            "line {}",
            entry.line
        );
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
    let entries = load("perft.epd");
    let mut engine = Engine::start();
    // The start position, Kiwipete, and every 50th position, through `position` + `perft`.
    for entry in entries
        .iter()
        .take(2)
        .chain(entries.iter().skip(2).step_by(50))
    {
        let Some(&(depth, expected)) = entry.counts.iter().filter(|&&(d, _)| d <= 4).max() else {
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

/// Every count of perft.epd (about 16 billion leaves), or those up to `PERFT_MAX_NODES`.
#[test]
#[ignore = "deep perft: about a minute; run with --ignored in release"]
fn every_position_matches_its_deep_counts() {
    let max = std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(u64::MAX, |v| if v == 0 { u64::MAX } else { v });
    let entries = load("perft.epd");
    let checked = check_timed(&entries, CastlingMode::Standard, |_, _, count| count <= max);
    if max == u64::MAX {
        let listed: usize = entries.iter().map(|e| e.counts.len()).sum();
        assert_eq!(checked.counts, listed);
    }
}
