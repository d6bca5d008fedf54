//! The engine's own move generator against Marcel van Kervinck's random perft positions
//! (positions/perft_marcel.epd, 6,751 positions with D1-D6 each): D1-D4 of every position.
//!
//! The deep run, `cargo test --release --test board marcel -- --ignored`, checks D5 of every
//! position, or every depth up to `PERFT_MAX_DEPTH` (6: all of them, hours).

use crate::perft::{check, check_timed, header, load};
use shakmaty::CastlingMode;

const FILE: &str = "perft_marcel.epd";

#[test]
fn the_suite_is_van_kervincks_positions_with_its_source() {
    let first = header(FILE);
    assert!(
        first.contains("Marcel van Kervinck") && first.contains("source: github.com/"),
        "the first line names the source: {first}"
    );
    let entries = load(FILE);
    assert_eq!(entries.len(), 6751);
    for entry in &entries {
        let depths: Vec<u32> = entry.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5, 6], "line {}", entry.line);
    }
}

#[test]
fn every_position_matches_d1_to_d4() {
    let checked = check(&load(FILE), CastlingMode::Standard, |_, depth, _| {
        depth <= 4
    });
    assert_eq!(checked.counts, 6751 * 4, "{checked:?}");
    assert!(checked.nodes > 4_000_000_000, "{checked:?}");
}

/// D5 of every position (about 130 billion leaves), or D5 up to `PERFT_MAX_DEPTH`.
#[test]
#[ignore = "deep perft: about 4 CPU minutes; run with --ignored in release"]
fn every_position_matches_its_deep_counts() {
    let max = std::env::var("PERFT_MAX_DEPTH")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(5);
    let checked = check_timed(&load(FILE), CastlingMode::Standard, |_, depth, _| {
        (5..=max).contains(&depth)
    });
    assert_eq!(checked.counts as u32, 6751 * max.saturating_sub(4));
}
