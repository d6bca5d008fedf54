//! MultiPV output a GUI or python-chess can rely on: every line numbered whenever MultiPV is
//! above 1, exactly the lines asked for under UCI_LimitStrength, `bestmove` the first move of
//! the last `multipv 1` line (with `searchmoves` too), and `SyzygyPath` skipping a missing
//! directory.

use crate::common::{run_python_script, Engine};

/// The first move of the last `multipv 1` line, after checking every line is numbered.
fn last_line_one(lines: &[String]) -> String {
    let pv_lines: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(!pv_lines.is_empty(), "{lines:?}");
    for line in &pv_lines {
        assert!(line.contains(" multipv "), "a line without multipv: {line}");
    }
    let last = pv_lines
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .expect("a multipv 1 line");
    let pv = last.split(" pv ").nth(1).expect("a pv");
    pv.split_whitespace().next().expect("a move").to_string()
}

#[test]
fn python_chess_reads_the_lines_it_asked_for() {
    run_python_script("multipv_output.py");
}

#[test]
fn with_searchmoves_bestmove_is_line_one() {
    let mut engine = Engine::start();
    engine.command("setoption name MultiPV value 2");
    engine.command("position startpos");
    for nodes in [3_000, 20_000, 60_000] {
        let go = format!("go nodes {nodes} searchmoves a2a3 e2e4 g1f3 d2d4");
        let (lines, answer) = engine.go(&go);
        assert_eq!(answer.best, last_line_one(&lines), "{go}: {lines:?}");
    }
}

#[test]
fn one_legal_move_still_numbers_its_line() {
    let mut engine = Engine::start();
    engine.command("setoption name MultiPV value 3");
    engine.command("position fen 7k/8/8/8/8/8/6R1/K7 b - - 0 1");
    let (lines, answer) = engine.go("go depth 4");
    assert_eq!(answer.best, "h8h7");
    assert_eq!(last_line_one(&lines), "h8h7");
}

#[test]
fn a_missing_syzygy_directory_is_skipped_and_the_rest_loaded() {
    let mut engine = Engine::start();
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let out = engine.command(&format!(
        "setoption name SyzygyPath value /no/such/syzygy:{tables}"
    ));
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].contains("/no/such/syzygy") && out[0].contains("skipped"));
    assert!(
        out[1].starts_with("info string Found 6 tablebases"),
        "{out:?}"
    );
    // The tables are in use: a KQvK position is scored as a tablebase win.
    engine.command("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    let (lines, _) = engine.go("go depth 2");
    assert!(lines.iter().any(|l| l.contains("tbhits")), "{lines:?}");
}
