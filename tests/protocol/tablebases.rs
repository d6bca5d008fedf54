//! Syzygy tablebases through the binary's pipes: MultiPV with the root in the tables, the WDL
//! ranking when no DTZ table is there, damaged table files, and several directories in
//! `SyzygyPath`. The tables are those of tests/data/syzygy; the results they give are checked
//! with python-chess's own reader when the positions were chosen (see each test).

use std::path::{Path, PathBuf};

use crate::common::{assert_legal, Engine};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

/// KPvK, White to move: only c2d3 wins (c2c3 and d2d4 draw, by the tables); without tables the
/// search prefers c2c3 among these three.
const KPK: &str = "8/8/8/3k4/8/8/2KP4/8 w - - 0 1";
const KPK_MOVES: &str = "searchmoves c2c3 d2d4 c2d3";

/// `score` and the first move of each `multipv` line of the deepest depth printed, in order.
fn last_depth_lines(lines: &[String]) -> Vec<(String, String)> {
    let parsed: Vec<(u32, String, String)> = lines
        .iter()
        .filter(|l| l.starts_with("info depth ") && l.contains(" pv "))
        .map(|l| {
            let tokens: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| {
                let at = tokens.iter().position(|&t| t == key).expect(key);
                tokens[at + 1..].join(" ")
            };
            let depth = tokens[2].parse().expect("a depth");
            let score: Vec<String> = after("score")
                .split(' ')
                .take(2)
                .map(String::from)
                .collect();
            let first = after("pv").split(' ').next().expect("a move").to_string();
            (depth, score.join(" "), first)
        })
        .collect();
    let deepest = parsed.iter().map(|p| p.0).max().expect("a pv line");
    parsed
        .into_iter()
        .filter(|p| p.0 == deepest)
        .map(|(_, score, first)| (score, first))
        .collect()
}

fn engine_with_tables(path: &str) -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    let out = engine.command(&format!("setoption name SyzygyPath value {path}"));
    (engine, out)
}

/// A fresh directory under the system's temporary one, for table files made by a test.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("engine-tb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn copy_tables(to: &Path, files: &[&str]) {
    for file in files {
        std::fs::copy(Path::new(TABLES).join(file), to.join(file)).expect("copy a table");
    }
}

/// As Stockfish: with the root in the tables, MultiPV shows min(MultiPV, root moves) lines, the
/// winning move first (the tables' score, `cp 30871`) and the drawing ones after it (`cp 0`),
/// whatever the search scores them; `bestmove` is the win, with one line too. With the material
/// evaluator, whose search alone prefers the drawing c2c3 at this depth (the premise, checked at
/// the end; the default net finds the win by itself).
#[test]
fn with_tables_multipv_shows_every_root_move_and_plays_the_win() {
    let (mut engine, _) = engine_with_tables(TABLES);
    engine.command("setoption name Evaluation value Material");
    engine.command("setoption name MultiPV value 3");
    engine.command(&format!("position fen {KPK}"));
    let (lines, answer) = engine.go(&format!("go depth 8 {KPK_MOVES}"));
    let shown = last_depth_lines(&lines);
    let firsts: Vec<&str> = shown.iter().map(|(_, m)| m.as_str()).collect();
    let scores: Vec<&str> = shown.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(firsts.len(), 3, "{lines:?}");
    assert_eq!(firsts[0], "c2d3", "{lines:?}");
    assert!(
        firsts.contains(&"c2c3") && firsts.contains(&"d2d4"),
        "{lines:?}"
    );
    assert_eq!(scores, ["cp 30871", "cp 0", "cp 0"], "{lines:?}");
    assert_eq!(answer.best, "c2d3", "{lines:?}");
    engine.command("setoption name MultiPV value 1");
    let (lines, answer) = engine.go(&format!("go depth 8 {KPK_MOVES}"));
    assert_eq!(answer.best, "c2d3", "{lines:?}");
    // Without tables the search plays c2c3: the tables, not the search, chose c2d3 (from an
    // empty table: the hash keeps the scores the tables gave, as Stockfish's does).
    engine.command("setoption name SyzygyPath value <empty>");
    engine.command("ucinewgame");
    let (lines, answer) = engine.go(&format!("go depth 8 {KPK_MOVES}"));
    assert_eq!(answer.best, "c2c3", "the premise: {lines:?}");
}

/// `UCI_LimitStrength` picks only among the moves of the best rank: whatever the seed, the
/// win, though the search scores the drawing c2c3 above it.
#[test]
fn a_limited_engine_plays_only_a_move_of_the_best_rank() {
    let (mut engine, _) = engine_with_tables(TABLES);
    engine.command("setoption name UCI_LimitStrength value true");
    engine.command(&format!("position fen {KPK}"));
    for seed in 0..8 {
        engine.command(&format!("setoption name Seed value {seed}"));
        let (lines, answer) = engine.go(&format!("go depth 20 {KPK_MOVES}"));
        assert_eq!(answer.best, "c2d3", "seed {seed}: {lines:?}");
    }
}

/// Without DTZ tables the root is ranked by WDL: the win is played and the draws shown below it,
/// each with the tables' score.
#[test]
fn without_dtz_tables_the_root_is_ranked_by_wdl() {
    let dir = scratch_dir("wdl");
    copy_tables(&dir, &["KPvK.rtbw", "KQvK.rtbw", "KRvK.rtbw"]);
    let (mut engine, out) = engine_with_tables(&dir.to_string_lossy());
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string Found 3 tablebases (0 with DTZ"),
        "{out:?}"
    );
    engine.command("setoption name MultiPV value 3");
    engine.command(&format!("position fen {KPK}"));
    let (lines, answer) = engine.go(&format!("go depth 8 {KPK_MOVES}"));
    let shown = last_depth_lines(&lines);
    let expected = [("cp 30871", "c2d3"), ("cp 0", "c2c3"), ("cp 0", "d2d4")];
    let mut sorted = shown.clone();
    sorted[1..].sort_by(|a, b| a.1.cmp(&b.1));
    let sorted: Vec<(&str, &str)> = sorted.iter().map(|(s, m)| (&s[..], &m[..])).collect();
    assert_eq!(sorted, expected, "{lines:?}");
    assert_eq!(answer.best, "c2d3", "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table file of the wrong size is refused by name, the tables in use stay; a file of the
/// right size whose content is damaged cannot be seen when it is opened: its probes fail and
/// the engine plays on without it (a legal move, no crash).
#[test]
fn a_damaged_table_file_is_named_and_never_crashes_the_engine() {
    let dir = scratch_dir("damaged");
    let truncated = dir.join("KQvK.rtbw");
    let whole = std::fs::read(Path::new(TABLES).join("KQvK.rtbw")).expect("the table");
    std::fs::write(&truncated, &whole[..whole.len() / 2]).expect("write");
    let (mut engine, _) = engine_with_tables(TABLES);
    let out = engine.command(&format!(
        "setoption name SyzygyPath value {}",
        dir.display()
    ));
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string ")
            && out[0].contains(&format!("bad table file '{}'", truncated.display()))
            && out[0].ends_with("the tablebases in use stay"),
        "{out:?}"
    );
    // The tables of TABLES are still in use: KQvK is a tablebase win.
    engine.command("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    let (lines, _) = engine.go("go depth 3");
    assert!(
        lines.last().is_some_and(|l| l.contains("score cp 30871")),
        "{lines:?}"
    );

    // Same size, garbage after the header.
    let garbled = scratch_dir("garbled");
    for file in ["KPvK.rtbw", "KPvK.rtbz"] {
        let mut bytes = std::fs::read(Path::new(TABLES).join(file)).expect("the table");
        bytes[16..].iter_mut().for_each(|b| *b = 0xff);
        std::fs::write(garbled.join(file), bytes).expect("write");
    }
    let out = engine.command(&format!(
        "setoption name SyzygyPath value {}",
        garbled.display()
    ));
    assert!(
        out[0].starts_with("info string Found 1 tablebases"),
        "{out:?}"
    );
    engine.command(&format!("position fen {KPK}"));
    let (lines, answer) = engine.go("go depth 6");
    assert_legal(KPK, &[], &answer.best);
    assert!(
        lines.iter().all(|l| !l.contains("score cp 30871")),
        "{lines:?}"
    );
    assert!(engine.sync().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&garbled);
}

/// `SyzygyPath` with two directories loads the tables of both.
#[test]
fn every_directory_of_the_path_is_loaded() {
    let (queen, rook) = (scratch_dir("queen"), scratch_dir("rook"));
    copy_tables(&queen, &["KQvK.rtbw", "KQvK.rtbz"]);
    copy_tables(&rook, &["KRvK.rtbw", "KRvK.rtbz"]);
    let path = format!("{}:{}", queen.display(), rook.display());
    let (mut engine, out) = engine_with_tables(&path);
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with("info string Found 2 tablebases (2 with DTZ, up to 3 pieces)"),
        "{out:?}"
    );
    for fen in [
        "8/8/8/4k3/8/8/8/KQ6 w - - 0 1",
        "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
    ] {
        engine.command(&format!("position fen {fen}"));
        let (lines, _) = engine.go("go depth 3");
        assert!(
            lines.last().is_some_and(|l| l.contains("score cp 30871")),
            "{fen}: {lines:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&queen);
    let _ = std::fs::remove_dir_all(&rook);
}

/// The search lines (depth, score, nodes, pv: the `info depth` lines without their time) and
/// the `bestmove` of `go` from `fen` with `Search` set to `search`, with or without the tables.
fn search_output(search: &str, fen: &str, go: &str, tables: bool) -> Vec<String> {
    let mut engine = Engine::start();
    if tables {
        engine.command(&format!("setoption name SyzygyPath value {TABLES}"));
    }
    engine.command(&format!("setoption name Search value {search}"));
    engine.command(&format!("position fen {fen}"));
    engine.send(go);
    let (lines, best) = engine.read_bestmove();
    let timeless = |line: &String| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut kept = Vec::new();
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "time" | "nps" | "hashfull" => i += 2,
                word => {
                    kept.push(word);
                    i += 1;
                }
            }
        }
        kept.join(" ")
    };
    let searched = lines.iter().filter(|l| l.starts_with("info depth "));
    searched.map(timeless).chain([best]).collect()
}

/// docs/protocol.md: the tables are IterativeDeepening's. Minimax, AlphaBeta and Random search
/// exactly as without them (the same lines, nodes and move, no `tbhits`), while
/// IterativeDeepening probes them (its lines report `tbhits`). In KPvK, where they hold every
/// position.
#[test]
fn only_iterative_deepening_uses_the_tables() {
    for (search, go) in [
        ("Minimax", "go depth 3"),
        ("AlphaBeta", "go depth 5"),
        ("Random", "go depth 1"),
    ] {
        let with = search_output(search, KPK, go, true);
        assert_eq!(with, search_output(search, KPK, go, false), "{search}");
        assert!(with.iter().all(|l| !l.contains("tbhits")), "{with:?}");
    }
    let id = search_output("IterativeDeepening", KPK, "go depth 5", true);
    assert!(id.iter().any(|l| l.contains(" tbhits ")), "{id:?}");
    let id_without = search_output("IterativeDeepening", KPK, "go depth 5", false);
    assert!(
        id_without.iter().all(|l| !l.contains("tbhits")),
        "{id_without:?}"
    );
}
