//! Chess960 (`UCI_Chess960`): the published perft counts of positions/fischer.epd through the
//! engine's own move generator (`board::perft`), and castling read and written king-takes-rook
//! through the binary's pipes.
//!
//! The normal run checks D1-D4 of all 960 positions; the deep run,
//! `cargo test --release --test board chess960 -- --ignored`, checks D5 of every position, or
//! every depth up to `PERFT_MAX_DEPTH` (6: all of them, most of an hour).

use crate::common::{run, Engine};
use crate::perft::{check, check_timed, header, load};
use shakmaty::CastlingMode;

/// A 960 position (king b1, rook a1 with its castling right) where only castling long mates:
/// the rook lands on d1.
const CASTLE_MATES: &str = "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1";
const FILE: &str = "fischer.epd";

#[test]
fn the_suite_is_ethereals_960_positions_with_its_source() {
    let first = header(FILE);
    assert!(
        first.starts_with("# Chess960 perft") && first.contains("AndyGrant/Ethereal"),
        "the first line names the source: {first}"
    );
    let entries = load(FILE);
    assert_eq!(entries.len(), 960);
    for entry in &entries {
        let depths: Vec<u32> = entry.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5, 6], "line {}", entry.line);
    }
}

#[test]
fn every_position_matches_d1_to_d4() {
    let checked = check(&load(FILE), CastlingMode::Chess960, |_, depth, _| {
        depth <= 4
    });
    assert_eq!(checked.counts, 960 * 4, "{checked:?}");
}

/// D5 of every position (about 17 billion leaves), or D5 up to `PERFT_MAX_DEPTH`.
#[test]
#[ignore = "deep 960 perft: minutes; run with --ignored in release"]
fn every_position_matches_its_deep_counts() {
    let max = std::env::var("PERFT_MAX_DEPTH")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(5);
    let checked = check_timed(&load(FILE), CastlingMode::Chess960, |_, depth, _| {
        (5..=max).contains(&depth)
    });
    assert_eq!(checked.counts as u32, 960 * max.saturating_sub(4));
}

#[test]
fn the_option_is_announced_and_refuses_bad_values() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until_line("uciok");
    assert!(lines.contains(&"option name UCI_Chess960 type check default false".to_string()));
    let out = engine.command("setoption name UCI_Chess960 value maybe");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("info string") && out[0].contains("UCI_Chess960"));
    // Still standard chess: a Chess960 FEN with its castling rights is refused, with the hint.
    let out = engine.command(&format!("position fen {CASTLE_MATES}"));
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].contains("set UCI_Chess960 to true"), "{out:?}");
}

#[test]
fn castling_is_read_and_written_king_takes_rook() {
    let mut engine = Engine::start();
    engine.command("setoption name UCI_Chess960 value true");
    // The mate is castling long: b1a1, the king takes its rook.
    assert!(engine
        .command(&format!("position fen {CASTLE_MATES}"))
        .is_empty());
    let (lines, best) = engine.go("go depth 3");
    assert_eq!(best.best, "b1a1", "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1 ")),
        "{lines:?}"
    );
    // Read back in a move list: king on c1, rook on d1, the castling right gone.
    let out = engine.command(&format!("position fen {CASTLE_MATES} moves b1a1"));
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(engine.fen(), "2rkr3/2p1p3/8/8/8/8/8/2KR4 b - - 1 1");
    // A Shredder-FEN 960 start (king f1, rooks b1 and h1) and both castlings in one game.
    let start = "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1";
    let moves = "g1h3 g8h6 f1h1 f8h8";
    assert!(engine
        .command(&format!("position fen {start} moves {moves}"))
        .is_empty());
    assert_eq!(
        engine.fen(),
        "nrbbqrk1/pppppppp/7n/8/8/7N/PPPPPPPP/NRBBQRK1 w - - 4 3"
    );
    // The standard start in 960 mode: castling is e1h1, and e1g1 read as it too.
    engine.command("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    let (_, best) = engine.go("go depth 1 searchmoves e1h1");
    assert_eq!(best.best, "e1h1");
    engine.command("setoption name UCI_Chess960 value false");
    let (_, best) = engine.go("go depth 1 searchmoves e1h1");
    assert_eq!(best.best, "e1g1");
}

#[test]
fn perft_through_the_binary_in_960_mode() {
    let entries = load(FILE);
    let mut engine = Engine::start();
    engine.command("setoption name UCI_Chess960 value true");
    for entry in entries.iter().step_by(97) {
        let (depth, expected) = entry.counts[2];
        let out = engine.command(&format!("position fen {}", entry.fen));
        assert!(out.is_empty(), "line {}: {out:?}", entry.line);
        engine.send(&format!("perft {depth}"));
        let lines = engine.read_until("Nodes searched", |l| l.starts_with("Nodes searched: "));
        assert_eq!(
            lines.last().map(String::as_str),
            Some(format!("Nodes searched: {expected}").as_str()),
            "line {}",
            entry.line
        );
    }
}

#[test]
fn the_command_line_sets_the_option() {
    let result = run(
        &[
            "--set",
            "UCI_Chess960=true",
            "--fen",
            CASTLE_MATES,
            "go",
            "depth",
            "3",
        ],
        "",
    );
    assert!(result.status.success(), "{}", result.stderr);
    assert_eq!(result.lines().last(), Some(&"bestmove b1a1"));
    let refused = run(&["--fen", CASTLE_MATES, "go", "depth", "3"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        refused.stderr.contains("UCI_Chess960"),
        "{}",
        refused.stderr
    );
}
