//! Syzygy tablebases (`SyzygyPath`, `SyzygyProbeLimit`) through the binary's pipes, with the
//! 3- and 4-piece tables of tests/data/syzygy (generated with syzygy1/tb, see its README):
//! won endings converted to mate with every move keeping the win, a drawn one kept drawn, and
//! bad values refused with the previous state kept. The tables' verdicts in these tests come
//! from shakmaty-syzygy itself, not from the engine.

use crate::common::{run, Engine};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use shakmaty_syzygy::{AmbiguousWdl, Tablebase};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
const KQ_K: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";
const KR_K: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
/// King in front of its pawn on the sixth rank: a win, but only by the right moves.
const KP_K: &str = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
/// KRvK at its longest (mate in 16, DTZ 31 plies) with 68 plies of the fifty-move count gone:
/// only moves that keep to the distance the tables give mate in time; a search alone, which
/// sees no mate in sixteen, lets the count run out.
const KR_K_LATE: &str = "K7/8/8/8/8/8/4k3/5R2 w - - 68 1";
const KR_KR: &str = "8/8/4k3/8/2r5/8/3R4/4K3 w - - 0 1";
/// Nodes per move: enough to see short mates, few enough to need the tables.
const NODES: u32 = 20_000;

fn tables() -> Tablebase<Chess> {
    let mut tables = Tablebase::new();
    tables.add_directory(TABLES).expect("the test tables");
    tables
}

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("FEN");
    fen.into_position(CastlingMode::Standard).expect("legal")
}

fn wdl(tables: &Tablebase<Chess>, pos: &Chess) -> AmbiguousWdl {
    tables
        .probe_wdl(pos)
        .expect("the tables cover the position")
}

fn engine_with_tables() -> Engine {
    let mut engine = Engine::start();
    let out = engine.command(&format!("setoption name SyzygyPath value {TABLES}"));
    assert_eq!(
        out,
        [format!(
            "info string Found 6 tablebases (6 with DTZ, up to 4 pieces) in '{TABLES}'"
        )]
    );
    engine
}

/// Plays the engine against itself from `fen` for at most `plies`, checking after every move
/// that the side to move has `expected` (from its own side: `expected` for the first mover's
/// turns, its negation for the other's). Returns the final position and the number of plies.
fn play_out(engine: &mut Engine, fen: &str, expected: AmbiguousWdl, plies: usize) -> Chess {
    let tables = tables();
    let mut pos = position(fen);
    assert_eq!(
        wdl(&tables, &pos),
        expected,
        "{fen} is not what the test says"
    );
    let mut moves: Vec<String> = Vec::new();
    engine.command("ucinewgame");
    for ply in 0..plies {
        if pos.is_game_over() {
            break;
        }
        engine.command(&format!("position fen {fen} moves {}", moves.join(" ")));
        let (lines, best) = engine.go(&format!("go nodes {NODES}"));
        assert!(
            lines.iter().any(|l| l.contains(" tbhits ")),
            "no tbhits: {lines:?}"
        );
        let m = best
            .best
            .parse::<UciMove>()
            .ok()
            .and_then(|uci| uci.to_move(&pos).ok())
            .unwrap_or_else(|| panic!("illegal {} after {moves:?}", best.best));
        pos.play_unchecked(m);
        moves.push(best.best);
        assert!(pos.halfmoves() < 100, "fifty-move rule reached: {moves:?}");
        if pos.is_checkmate() {
            eprintln!("{fen}: mate after {moves:?}");
            break;
        }
        let side_expected = if ply % 2 == 0 { -expected } else { expected };
        assert_eq!(
            wdl(&tables, &pos),
            side_expected,
            "{fen} after {moves:?}: the result changed"
        );
    }
    pos
}

fn assert_converted(fen: &str, max_plies: usize) {
    let mut engine = engine_with_tables();
    let end = play_out(&mut engine, fen, AmbiguousWdl::Win, max_plies);
    assert!(end.is_checkmate(), "{fen}: no mate in {max_plies} plies");
}

/// Within the fifty-move rule (every win ranks alike at the root, as in Stockfish, so the
/// search and the evaluation choose among them). How many plies the mate takes depends on the
/// embedded net; the bound is the fifty-move rule's 100 plies.
#[test]
fn kq_vs_k_is_mated() {
    assert_converted(KQ_K, 100);
}

#[test]
fn kr_vs_k_is_mated() {
    assert_converted(KR_K, 70);
}

#[test]
fn kr_vs_k_late_in_the_fifty_move_count_is_mated_by_the_tables_ranking() {
    assert_converted(KR_K_LATE, 32);
}

#[test]
fn kp_vs_k_is_promoted_and_mated() {
    assert_converted(KP_K, 70);
}

#[test]
fn a_drawn_kr_vs_kr_stays_drawn_and_scores_zero() {
    let mut engine = engine_with_tables();
    play_out(&mut engine, KR_KR, AmbiguousWdl::Draw, 40);
    engine.command(&format!("position fen {KR_KR}"));
    let (lines, _) = engine.go("go depth 6");
    let last = lines.iter().rev().find(|l| l.starts_with("info depth 6 "));
    assert!(
        last.is_some_and(|l| l.contains(" score cp 0 ")),
        "{lines:?}"
    );
}

#[test]
fn the_options_are_announced() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until_line("uciok");
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
}

#[test]
fn a_bad_path_is_one_info_string_and_the_engine_plays_on() {
    let mut engine = Engine::start();
    let out = engine.command("setoption name SyzygyPath value /no/such/tables");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string") && out[0].contains("/no/such/tables"),
        "{out:?}"
    );
    engine.command(&format!("position fen {KQ_K}"));
    let (lines, best) = engine.go("go depth 5");
    assert!(!lines.iter().any(|l| l.contains("tbhits")), "{lines:?}");
    crate::common::assert_legal_answer(KQ_K, &[], &best);
    // With tables open, a bad path leaves them in use.
    engine.command(&format!("setoption name SyzygyPath value {TABLES}"));
    let out = engine.command("setoption name SyzygyPath value /no/such/tables");
    assert_eq!(out.len(), 1, "{out:?}");
    engine.command(&format!("position fen {KQ_K}"));
    let (lines, _) = engine.go("go depth 5");
    assert!(lines.iter().any(|l| l.contains(" tbhits ")), "{lines:?}");
    // An empty value (as GUIs send it) turns them off.
    assert!(engine
        .command("setoption name SyzygyPath value <empty>")
        .is_empty());
    let (lines, _) = engine.go("go depth 5");
    assert!(!lines.iter().any(|l| l.contains("tbhits")), "{lines:?}");
}

/// The tablebase hits of a depth-1 search of `fen`: those of the root's ranking alone (the
/// search probes only at nodes with depth left, after a capture or pawn move).
fn tbhits(engine: &mut Engine, fen: &str) -> u64 {
    engine.command(&format!("position fen {fen}"));
    let (lines, _) = engine.go("go depth 1");
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let at = line.find(" tbhits ").expect("tbhits") + " tbhits ".len();
    line[at..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a count")
}

#[test]
fn the_probe_limit_counts_pieces_and_refuses_bad_values() {
    let mut engine = engine_with_tables();
    assert!(tbhits(&mut engine, KR_KR) > 0);
    assert!(engine
        .command("setoption name SyzygyProbeLimit value 3")
        .is_empty());
    assert_eq!(tbhits(&mut engine, KR_KR), 0, "4 pieces, limit 3");
    assert!(tbhits(&mut engine, KQ_K) > 0, "3 pieces, limit 3");
    for bad in ["8", "-1", "x"] {
        let out = engine.command(&format!("setoption name SyzygyProbeLimit value {bad}"));
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(out[0].contains("SyzygyProbeLimit"), "{out:?}");
    }
    assert_eq!(tbhits(&mut engine, KR_KR), 0, "the limit stays 3");
}

#[test]
fn the_command_line_sets_both_options() {
    let tables = format!("SyzygyPath={TABLES}");
    let result = run(&["--set", &tables, "--fen", KQ_K, "go", "depth", "3"], "");
    assert!(result.status.success(), "{}", result.stderr);
    assert!(result.stdout.contains(" tbhits "), "{}", result.stdout);
    let limited = run(
        &[
            "--set",
            &tables,
            "--set",
            "SyzygyProbeLimit=2",
            "--fen",
            KQ_K,
            "go",
            "depth",
            "1",
        ],
        "",
    );
    assert!(limited.stdout.contains(" tbhits 0 "), "{}", limited.stdout);
    let bad = run(
        &["--set", "SyzygyPath=/no/such/tables", "go", "depth", "1"],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stderr.contains("/no/such/tables"), "{}", bad.stderr);
}

#[test]
fn the_search_probes_after_a_capture_into_the_tables() {
    // Four pieces, more than the probe limit of 3: the root is searched, and taking the
    // knight enters KRvK, which the search scores from the tables, above any evaluation.
    let fen = "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1";
    let mut engine = engine_with_tables();
    engine.command("setoption name SyzygyProbeLimit value 3");
    engine.command(&format!("position fen {fen}"));
    let (lines, best) = engine.go("go depth 4");
    assert_eq!(best.best, "a1a2", "{lines:?}");
    let last = lines.iter().rev().find(|l| l.starts_with("info depth 4 "));
    let score = last
        .and_then(|l| cp_score(l))
        .unwrap_or_else(|| panic!("no cp score: {lines:?}"));
    assert!(score > 30_000, "{lines:?}");
    // Without the tables the same search scores by evaluation, below the tables' win scores.
    engine.command("setoption name SyzygyPath value <empty>");
    let (lines, _) = engine.go("go depth 4");
    let scores: Vec<i32> = lines.iter().filter_map(|l| cp_score(l)).collect();
    assert!(!scores.is_empty(), "{lines:?}");
    assert!(scores.iter().all(|cp| cp.abs() < 30_000), "{lines:?}");
}

/// The centipawn score of an `info` line, if it has one.
fn cp_score(line: &str) -> Option<i32> {
    line.split(" score cp ")
        .nth(1)?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
