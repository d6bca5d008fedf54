//! The command-line tools: the bench signature is the one README.md records, `compare` shows
//! Minimax and AlphaBeta agreeing on the course positions, `play` completes a short match.

use std::time::Duration;

use crate::common::{run, run_within};

fn bench_signature(args: &[&str]) -> u64 {
    // The full bench takes some 10 s on an idle machine: minutes on a loaded one.
    let run = run_within(args, b"", Duration::from_secs(900));
    assert!(run.status.success(), "{}", run.stderr);
    let line = run
        .lines()
        .into_iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .expect("signature line");
    assert!(run.stdout.contains("Nodes/second: ") && run.stdout.contains("Total time (ms): "));
    assert!(
        run.stderr.contains("Position 38/38"),
        "progress goes to stderr: {}",
        run.stderr
    );
    line.trim().parse().expect("a node count")
}

/// The signature README.md records, the one place it is written down: the number of its one
/// line that contains `Nodes searched: N`.
fn recorded_signature() -> u64 {
    let readme = include_str!("../../README.md");
    let recorded: Vec<u64> = readme
        .match_indices("Nodes searched: ")
        .filter_map(|(at, tag)| {
            let digits: String = readme[at + tag.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .collect();
    assert_eq!(recorded.len(), 1, "README.md records one bench signature");
    recorded[0]
}

/// `engine bench` (the default depth, the default options) prints the signature README.md
/// records: a change of the search or the evaluation that changes it updates README.md too, and
/// its commit quotes it (CONTRIBUTING.md).
#[test]
fn bench_prints_the_signature_readme_records() {
    assert_eq!(bench_signature(&["bench"]), recorded_signature());
}

#[test]
fn bench_signature_is_the_same_on_every_run() {
    let first = bench_signature(&["bench", "4"]);
    assert!(first > 10_000, "bench searched {first} nodes");
    assert_eq!(first, bench_signature(&["bench", "4"]));
}

#[test]
fn compare_shows_minimax_and_alphabeta_agree_on_the_course_positions() {
    let epd = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/seeds.epd");
    let run = run(
        &[
            "compare",
            "--epd",
            epd,
            "--depth",
            "3",
            "--search",
            "Minimax,AlphaBeta",
            "--format",
            "csv",
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines[0].split(',').nth(10), Some("minimax_agrees"));
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split(',').collect()).collect();
    // 7 positions with moves (one is checkmate), 3 searches, 3 depths.
    let with_moves: Vec<&Vec<&str>> = rows.iter().filter(|r| r[3] != "(none)").collect();
    assert_eq!(with_moves.len(), 7 * 3 * 3, "{}", run.stdout);
    // Each AlphaBeta row (ordering on and off) has the score of the Minimax row of its position
    // and depth, compared here from the score column; the tool's agreement column says so too.
    let alphabeta_rows: Vec<&&Vec<&str>> = with_moves
        .iter()
        .filter(|r| r[1].starts_with("AlphaBeta"))
        .collect();
    assert_eq!(alphabeta_rows.len(), 7 * 2 * 3, "{}", run.stdout);
    for alphabeta in alphabeta_rows {
        let minimax = with_moves
            .iter()
            .find(|r| r[1] == "Minimax" && r[0] == alphabeta[0] && r[2] == alphabeta[2])
            .unwrap_or_else(|| panic!("no Minimax row for {alphabeta:?}"));
        assert_eq!(
            alphabeta[4], minimax[4],
            "AlphaBeta's score is not Minimax's: {alphabeta:?} vs {minimax:?}"
        );
        assert_eq!(alphabeta[10], "true", "{alphabeta:?}");
    }
    // AlphaBeta never visits more nodes than Minimax at the same depth on the same position.
    for minimax in with_moves.iter().filter(|r| r[1] == "Minimax") {
        for alphabeta in with_moves
            .iter()
            .filter(|r| r[1].starts_with("AlphaBeta") && r[0] == minimax[0] && r[2] == minimax[2])
        {
            let (m, a): (u64, u64) = (
                minimax[5].parse().expect("nodes"),
                alphabeta[5].parse().expect("nodes"),
            );
            assert!(a <= m, "AlphaBeta {a} > Minimax {m}: {alphabeta:?}");
        }
    }
}

#[test]
fn compare_prints_json_and_tables() {
    let json = run(
        &[
            "compare",
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
            "--format",
            "json",
        ],
        "",
    );
    assert!(json.status.success(), "{}", json.stderr);
    assert!(
        json.stdout.trim_start().starts_with('[')
            && json.stdout.contains("\"minimax_agrees\": null")
    );
    let table = run(
        &[
            "compare",
            "--depth",
            "1..2",
            "--search",
            "IterativeDeepening",
        ],
        "",
    );
    assert!(table.status.success(), "{}", table.stderr);
    for label in [
        "IterativeDeepening",
        "ID -table",
        "ID -ordering",
        "ID -quiescence",
    ] {
        assert!(
            table.stdout.contains(label),
            "{label} missing:\n{}",
            table.stdout
        );
    }
}

#[test]
fn play_completes_a_short_match_with_results_and_a_score() {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/openings.epd");
    let run = run(
        &[
            "play",
            "--white",
            "Search=AlphaBeta,Depth=2",
            "--black",
            "Search=Random",
            "--games",
            "4",
            "--openings",
            openings,
        ],
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let games: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("Game "))
        .collect();
    assert_eq!(games.len(), 4, "{}", run.stdout);
    let endings = [
        "checkmate",
        "stalemate",
        "threefold repetition",
        "fifty-move rule",
        "insufficient material",
        "move limit",
    ];
    for game in &games {
        assert!(
            endings.iter().any(|e| game.contains(e)),
            "no ending in {game}"
        );
        assert!(
            game.contains(" moves; time ") && game.contains("nodes "),
            "{game}"
        );
    }
    let score = run
        .lines()
        .into_iter()
        .find(|l| l.starts_with("Score of "))
        .expect("a score line");
    assert!(score.contains("(95%)"), "{score}");
}

#[test]
fn play_refuses_sides_without_a_limit() {
    let run = run(
        &[
            "play",
            "--white",
            "Search=Minimax",
            "--black",
            "Search=Random",
        ],
        "",
    );
    assert!(!run.status.success());
    assert!(run.stderr.contains("Depth=N"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

#[test]
fn compare_names_each_position_once_before_its_table() {
    let fen = "r1b2rk1/pppp1ppp/2n5/2b1q3/3P4/2P5/PPP2PPP/R1BQKBNR w KQ - 0 1";
    let single = run(
        &[
            "compare",
            "--fen",
            fen,
            "--depth",
            "2",
            "--search",
            "AlphaBeta",
        ],
        "",
    );
    assert!(single.status.success(), "{}", single.stderr);
    assert_eq!(single.stderr, "", "nothing but the table");
    assert_eq!(single.stdout.matches(fen).count(), 1, "{}", single.stdout);
    let lines = single.lines();
    assert_eq!(lines[0], fen, "{}", single.stdout);
    assert!(lines[1].starts_with("search "), "{}", single.stdout);

    // From a file: every position once, the tables one blank line apart.
    let epd = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/seeds.epd");
    let suite = run(
        &[
            "compare",
            "--epd",
            epd,
            "--depth",
            "1",
            "--search",
            "AlphaBeta",
        ],
        "",
    );
    assert!(suite.status.success(), "{}", suite.stderr);
    assert_eq!(suite.stderr, "");
    let headings: Vec<&str> = suite
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("seed."))
        .collect();
    assert_eq!(headings.len(), 8, "{}", suite.stdout);
    for heading in &headings {
        assert_eq!(suite.stdout.matches(heading).count(), 1, "{}", suite.stdout);
    }
    assert_eq!(
        suite.stdout.matches("\n\nseed.").count(),
        7,
        "{}",
        suite.stdout
    );
}

/// Writes `text` to a fresh file in the temporary directory; its path.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("engine-tools-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("the temporary directory is writable");
    path
}

/// A `;` inside a quoted operand does not end the operation: the comment cannot forge a `bm`.
#[test]
fn solve_reads_a_quoted_comment_whole() {
    let path = temp_file(
        "forged.epd",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - c0 \"x; bm Kh1\"; bm Ra8#; id \"forged\";\n",
    );
    let run = run(
        &[
            "solve",
            path.to_str().expect("UTF-8 path"),
            "--nodes",
            "2000",
        ],
        "",
    );
    std::fs::remove_file(&path).expect("removable");
    assert!(run.status.success(), "{}", run.stderr);
    let lines = run.lines();
    assert!(
        lines[0].contains("forged")
            && lines[0].contains("solved")
            && lines[0].contains("(bm Ra8#;"),
        "{}",
        run.stdout
    );
    assert_eq!(lines.last(), Some(&"Solved: 1/1"));
}

/// A malformed record is an error naming its file and line, not a silently wrong record.
#[test]
fn solve_names_the_line_of_a_malformed_record() {
    let path = temp_file(
        "malformed.epd",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#;\n8/8/8/8/8/8/8/K6k w - - c0 \"open; bm Kb1;\n",
    );
    let run = run(
        &[
            "solve",
            path.to_str().expect("UTF-8 path"),
            "--nodes",
            "2000",
        ],
        "",
    );
    std::fs::remove_file(&path).expect("removable");
    assert_eq!(run.status.code(), Some(2), "{}", run.stdout);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains("malformed.epd")
            && run
                .stderr
                .contains("line 2: a quoted operand is not closed"),
        "{}",
        run.stderr
    );
}
