//! MultiPV output a GUI or python-chess can rely on: every line numbered whenever MultiPV is
//! above 1, exactly the lines asked for under UCI_LimitStrength, `bestmove` the first move of
//! the last `multipv 1` line (with `searchmoves` too), and `SyzygyPath` skipping a missing
//! directory.

use crate::common::{number_after, run_python_script, word_after, Engine};

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
fn no_legal_move_still_numbers_its_line() {
    // Checkmated (fool's mate) and stalemated: the one line of each carries `multipv 1`.
    for (fen, score) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "mate 0",
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0"),
    ] {
        let mut engine = Engine::start();
        engine.command("setoption name MultiPV value 3");
        engine.command(&format!("position fen {fen}"));
        let (lines, answer) = engine.go("go depth 3");
        assert_eq!(answer.best, "(none)", "{lines:?}");
        assert_eq!(
            lines,
            vec![format!("info depth 0 multipv 1 score {score}")],
            "{fen}"
        );
    }
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

/// One `info depth … pv …` line: its depth, `multipv` number, nodes and first move.
#[derive(Clone, Debug)]
struct PvLine {
    depth: u32,
    multipv: Option<usize>,
    nodes: u64,
    first: String,
}

fn pv_lines<S: AsRef<str>>(lines: &[S]) -> Vec<PvLine> {
    lines
        .iter()
        .map(AsRef::as_ref)
        .filter(|l| l.starts_with("info depth ") && l.contains(" pv "))
        .map(|l| PvLine {
            depth: word_after(l, "depth")
                .and_then(|d| d.parse().ok())
                .expect("a depth"),
            multipv: word_after(l, "multipv").map(|k| k.parse().expect("a number")),
            nodes: number_after(l, "nodes").expect("nodes"),
            first: word_after(l, "pv").expect("a move").to_string(),
        })
        .collect()
}

/// The reports in order: each a `multipv 1` (or unnumbered) line and the numbered lines after
/// it. A completed depth is one report; a stopped one reports its lines found at its depth and,
/// as Stockfish, the last depth's other lines at the depth before.
fn reports(lines: &[PvLine]) -> Vec<Vec<PvLine>> {
    let mut reports: Vec<Vec<PvLine>> = Vec::new();
    for line in lines {
        match reports.last_mut() {
            Some(report) if line.multipv.is_some_and(|k| k > 1) => report.push(line.clone()),
            _ => reports.push(vec![line.clone()]),
        }
    }
    reports
}

/// Every report, the last (a stopped depth's) too, has `multipv 1` .. `multipv count` with
/// distinct first moves: line 1 at the report's depth, the others at it or, not reached, at the
/// depth before, the reached ones first.
fn assert_every_report_has_every_line(lines: &[String], count: usize, what: &str) {
    let reports = reports(&pv_lines(lines));
    assert!(reports.len() >= 2, "{what}: {lines:?}");
    for report in &reports {
        let numbers: Vec<Option<usize>> = report.iter().map(|l| l.multipv).collect();
        let expected: Vec<Option<usize>> = (1..=count).map(Some).collect();
        let depth = report[0].depth;
        assert_eq!(numbers, expected, "{what}, depth {depth}: {lines:?}");
        assert_distinct_firsts(report, what);
        let depths: Vec<u32> = report.iter().map(|l| l.depth).collect();
        let ordered = depths.windows(2).all(|w| w[1] == w[0] || w[1] + 1 == depth);
        assert!(ordered, "{what}, depth {depth}: {depths:?}: {lines:?}");
    }
}

/// No first move leads two of `report`'s lines.
fn assert_distinct_firsts(report: &[PvLine], what: &str) {
    let mut firsts: Vec<&String> = report.iter().map(|l| &l.first).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), report.len(), "{what}: {report:?}");
}

/// Node limits spread over depths 9–12, so that some stop a depth in its second or third line.
#[test]
fn multipv_under_a_node_limit_prints_every_line_in_every_report() {
    let mut engine = Engine::start();
    engine.command("setoption name MultiPV value 3");
    engine.command("position startpos moves e2e4");
    for nodes in (20_000..=200_000).step_by(18_000) {
        engine.command("ucinewgame");
        let go = format!("go nodes {nodes}");
        let (lines, answer) = engine.go(&go);
        assert_every_report_has_every_line(&lines, 3, &go);
        assert_eq!(answer.best, last_line_one(&lines), "{go}");
        let most = pv_lines(&lines).iter().map(|l| l.nodes).max();
        assert!(most <= Some(nodes), "{go}: {lines:?}");
    }
}

#[test]
fn multipv_under_a_time_limit_prints_every_line_in_every_report() {
    let mut engine = Engine::start();
    engine.command("setoption name MultiPV value 3");
    engine.command("position startpos moves e2e4");
    for go in ["go movetime 400", "go wtime 3000 btime 3000"] {
        let (lines, answer) = engine.go(go);
        assert_every_report_has_every_line(&lines, 3, go);
        assert_eq!(answer.best, last_line_one(&lines), "{go}");
    }
}

/// Finds a depth D whose best move differs from depth D−1's (`go depth`), then stops searches
/// with `go nodes N` at points spread over depth D (the same search, node for node): when the
/// stop comes after depth D's new best move is found, that move is played and its line is
/// printed first, at depth D. Positions are tried in turn until one of the points shows it (a
/// change of the search can move where a depth finds its new best; every position's stops are
/// checked all the same).
fn check_stopped_depths_play_their_new_best(multipv: usize, positions: &[&str]) {
    let mut engine = Engine::start();
    engine.command(&format!("setoption name MultiPV value {multipv}"));
    let mut tried = Vec::new();
    for position in positions {
        let Some((before, after)) = best_move_change(&mut engine, position) else {
            continue;
        };
        let shown = stops_showing_the_new_best(&mut engine, position, &before, &after);
        if shown > 0 {
            return;
        }
        tried.push(format!(
            "{position}: depth {} ({})",
            after[0].depth, after[0].first
        ));
    }
    panic!("no stop played its depth's new best: {tried:?} of {positions:?}");
}

/// The last two depths of `go depth 10` from `position` whose first lines differ.
fn best_move_change(engine: &mut Engine, position: &str) -> Option<(Vec<PvLine>, Vec<PvLine>)> {
    engine.command(position);
    engine.command("ucinewgame");
    let (lines, _) = engine.go("go depth 10");
    let depths = reports(&pv_lines(&lines));
    let change = depths.windows(2).rfind(|w| w[0][0].first != w[1][0].first);
    change.map(|w| (w[0].clone(), w[1].clone()))
}

/// Stops at 47 points between the two depths' node counts, checking each answer; how many
/// played the later depth's new best with its line first.
fn stops_showing_the_new_best(
    engine: &mut Engine,
    position: &str,
    before: &[PvLine],
    after: &[PvLine],
) -> usize {
    let line_one = |l: &PvLine| l.multipv.unwrap_or(1) == 1;
    engine.command(position);
    let (from, to) = (before[0].nodes, after[0].nodes);
    let mut shown = 0;
    for step in 1..48 {
        let nodes = from + (to - from) * step / 48;
        engine.command("ucinewgame");
        let (lines, answer) = engine.go(&format!("go nodes {nodes}"));
        let found = pv_lines(&lines);
        let last = found.iter().rfind(|l| line_one(l)).expect("a line");
        assert_eq!(answer.best, last.first, "go nodes {nodes}: {lines:?}");
        let report = reports(&found).pop().expect("a report");
        if report[0].depth == after[0].depth {
            let what = format!("go nodes {nodes}");
            assert_eq!(report.len(), after.len(), "{what}: every line: {lines:?}");
            assert_distinct_firsts(&report, &what);
            shown += usize::from(last.first == after[0].first);
        }
    }
    shown
}

const OPENINGS: &[&str] = &[
    "position startpos",
    "position startpos moves e2e4",
    "position startpos moves d2d4",
    "position startpos moves e2e4 e7e5 g1f3",
];

#[test]
fn a_stopped_depth_plays_its_new_best_move_with_its_line() {
    check_stopped_depths_play_their_new_best(1, OPENINGS);
}

#[test]
fn a_stopped_depth_plays_its_new_best_move_with_its_line_first_of_all() {
    check_stopped_depths_play_their_new_best(3, OPENINGS);
}

/// With a line for every root move, the new best is also among the last depth's lines: it is
/// shown once, first, the others after it.
#[test]
fn a_stopped_depth_with_every_move_a_line_shows_its_new_best_once() {
    let endgames = [
        "position fen 8/8/4k3/8/2R5/8/4K3/3r4 w - - 0 1",
        "position fen 8/5pk1/8/4P3/8/8/5PK1/8 w - - 0 1",
        "position fen 7k/8/8/8/8/8/5PPP/6RK w - - 0 1",
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "position fen 8/8/3k4/3p4/3P4/3K4/8/8 w - - 0 1",
        "position fen 8/2k5/8/8/3R4/8/8/4K3 w - - 0 1",
    ];
    check_stopped_depths_play_their_new_best(256, &endgames);
}

/// Middlegames of the bench, tried in turn until one has a depth whose new best leads before
/// the depth ends.
const MIDDLEGAMES: &[&str] = &[
    "1r2r1k1/3bnppp/p2q4/2RPp3/4P3/6P1/2Q1NPBP/2R3K1 w - - 0 1",
    "1qr3k1/p2nbppp/bp2p3/3p4/3P4/1P2PNP1/P2Q1PBP/1N2R1K1 b - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2brr1k1/ppq2ppp/2pb1n2/8/3NP3/2P2P2/P1Q2BPP/1R1R1BK1 w - - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
];

/// The `info ... pv` lines of a MultiPV 2 search of `fen` within `limit` (for example
/// `["nodes", "77200"]`).
fn middlegame_lines(fen: &str, limit: &[&str]) -> (Vec<String>, Vec<PvLine>) {
    let mut args = vec!["--fen", fen, "--set", "MultiPV=2", "go"];
    args.extend_from_slice(limit);
    let out = crate::common::run(&args, "");
    let text: Vec<String> = out.lines().into_iter().map(String::from).collect();
    let lines = pv_lines(&text);
    (text, lines)
}

/// The depths of a search whose first line was not among the depth before's lines, the last
/// first: each one's number, the nodes at which the depth before and it ended, and its first
/// move.
fn new_bests(lines: &[PvLine]) -> Vec<(u32, u64, u64, String)> {
    let depths = reports(lines);
    let found = depths.windows(2).rev().filter_map(|pair| {
        let first = pair[1].iter().find(|l| l.multipv == Some(1))?;
        let new = pair[0].iter().all(|l| l.first != first.first);
        new.then(|| {
            (
                first.depth,
                pair[0][0].nodes,
                first.nodes,
                first.first.clone(),
            )
        })
    });
    found.collect()
}

/// A depth stopped by a node limit after its first line beat the last best: the lines reported
/// again are the new first at that depth and the last depth's other at the depth before (as
/// Stockfish reports them), never more than MultiPV asks for. The
/// stop is found rather than pinned, so that any search and net can be tested: a search to
/// depth 12 names the depths whose first move was new, and for the last of them whose new best
/// leads before the depth ends (a later line of a depth may beat its first and lead only once
/// the depth is complete), a bisection of the node limit between that depth's start and end
/// finds the first limit at which the move leads it. The middlegames are tried in turn until one
/// has such a depth.
#[test]
fn a_stopped_depths_new_best_is_reported_with_no_extra_line() {
    let mut tried = Vec::new();
    for fen in MIDDLEGAMES {
        let (_, full) = middlegame_lines(fen, &["depth", "12"]);
        let candidates = new_bests(&full);
        let stop = candidates.iter().find_map(|(depth, start, end, best)| {
            let high = first_limit_leading(fen, *depth, (*start, *end), best);
            (high < *end).then(|| (*depth, high, best.clone()))
        });
        match stop {
            Some(stop) => return check_stopped_depth(fen, stop),
            None => tried.push((fen, candidates)),
        }
    }
    panic!("no new best leads its depth before the depth is complete: {tried:?}");
}

/// The search of `fen` stopped at `high` nodes, when `best` leads `depth`: its last report is
/// that line and the last depth's other, at the depth before.
fn check_stopped_depth(fen: &str, (depth, high, best): (u32, u64, String)) {
    let (found, text, stopped) = stopped_lines(fen, depth, high, &best);
    assert!(found, "{text:?}");
    assert_eq!(stopped.len(), 2, "{stopped:?}");
    assert!(
        stopped[0].nodes >= high,
        "depth {depth} was not stopped: {stopped:?}"
    );
    assert_eq!(stopped[1].depth, depth - 1, "{stopped:?}");
    assert_distinct_firsts(&stopped, "the stopped depth");
    assert!(text.iter().all(|l| !l.contains(" multipv 3 ")), "{text:?}");
}

/// The last report of the search of `fen` stopped at `limit` nodes, with its whole output, and
/// whether `best` leads it at `depth`.
fn stopped_lines(
    fen: &str,
    depth: u32,
    limit: u64,
    best: &str,
) -> (bool, Vec<String>, Vec<PvLine>) {
    let (text, lines) = middlegame_lines(fen, &["nodes", &limit.to_string()]);
    let last = reports(&lines).pop().unwrap_or_default();
    let found = last
        .first()
        .is_some_and(|l| l.depth == depth && l.first == best);
    (found, text, last)
}

/// The least node limit between `start` and `end` (within 100 nodes) at which `best` leads the
/// stopped `depth`; `end` when it leads only the completed depth.
fn first_limit_leading(fen: &str, depth: u32, (start, end): (u64, u64), best: &str) -> u64 {
    let (mut low, mut high) = (start, end);
    while high - low > 100 {
        let middle = (low + high) / 2;
        if stopped_lines(fen, depth, middle, best).0 {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}
