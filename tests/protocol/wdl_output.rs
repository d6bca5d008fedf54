//! `UCI_ShowWDL` through the binary's pipes: `wdl W D L` right after the score on every scored
//! `info` line when on (MultiPV too, and without a legal move), absent by default.

use crate::common::Engine;

/// The lines with a score.
fn scored(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.contains(" score ")).collect()
}

/// The three per-mille figures after `score cp N`/`score mate N`, if `wdl` is there.
fn wdl_after_score(line: &str) -> Option<[u32; 3]> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let at = tokens.iter().position(|&t| t == "score")?;
    if tokens.get(at + 3) != Some(&"wdl") {
        return None;
    }
    let number = |i: usize| tokens.get(at + 4 + i)?.parse().ok();
    Some([number(0)?, number(1)?, number(2)?])
}

/// Asserts that every scored line of `go` carries a WDL summing to 1000, and returns them.
fn assert_every_score_has_wdl(engine: &mut Engine, go: &str) -> Vec<String> {
    let (lines, _) = engine.go(go);
    let scored = scored(&lines);
    assert!(!scored.is_empty(), "{go}: {lines:?}");
    for line in &scored {
        let wdl = wdl_after_score(line).unwrap_or_else(|| panic!("{go}: no wdl in {line}"));
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
    }
    lines
}

#[test]
fn show_wdl_puts_wdl_after_every_score() {
    let mut engine = Engine::start();
    assert!(engine
        .command("setoption name UCI_ShowWDL value true")
        .is_empty());
    engine.command("position startpos moves e2e4");
    assert_every_score_has_wdl(&mut engine, "go depth 5");
    engine.command("setoption name MultiPV value 3");
    let lines = assert_every_score_has_wdl(&mut engine, "go depth 5");
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
}

#[test]
fn mates_and_positions_without_moves_have_certain_results() {
    let mut engine = Engine::start();
    engine.command("setoption name UCI_ShowWDL value true");
    // Mate in one (Ra8#): a won game.
    engine.command("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let lines = assert_every_score_has_wdl(&mut engine, "go depth 4");
    let last = scored(&lines).last().map(|l| wdl_after_score(l));
    assert_eq!(last, Some(Some([1000, 0, 0])), "{lines:?}");
    // Checkmated and stalemated: the line of a search without a legal move.
    for (fen, result) in [
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", [0, 0, 1000]),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", [0, 1000, 0]),
    ] {
        engine.command(&format!("position fen {fen}"));
        let lines = assert_every_score_has_wdl(&mut engine, "go depth 3");
        assert_eq!(wdl_after_score(scored(&lines)[0]), Some(result), "{fen}");
    }
}

#[test]
fn without_show_wdl_no_line_has_wdl() {
    let mut engine = Engine::start();
    engine.command("position startpos");
    for go in ["go depth 5", "go depth 4"] {
        let (lines, _) = engine.go(go);
        assert!(!scored(&lines).is_empty(), "{lines:?}");
        assert!(lines.iter().all(|l| !l.contains("wdl")), "{lines:?}");
        // Off again after it was on.
        engine.command("setoption name UCI_ShowWDL value true");
        engine.command("setoption name MultiPV value 2");
        engine.command("setoption name UCI_ShowWDL value false");
    }
}
