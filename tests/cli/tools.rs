//! The command-line tools: the bench signature is the one README.md records, `compare` shows
//! Minimax and AlphaBeta agreeing on the course positions, `play` completes a short match that
//! AlphaBeta wins against the random player.

use std::time::Duration;

use crate::common::{number_after, run, run_within};

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
    recorded_after("Nodes searched: ")
}

/// The number README.md writes after `tag`, which it writes once.
fn recorded_after(tag: &str) -> u64 {
    let readme = include_str!("../../README.md");
    let recorded: Vec<u64> = readme
        .match_indices(tag)
        .filter_map(|(at, tag)| {
            let digits: String = readme[at + tag.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .collect();
    assert_eq!(recorded.len(), 1, "README.md records one `{tag}N`");
    recorded[0]
}

/// `engine bench` (the default depth, the default options) prints the signature README.md
/// records: a change of the search or the evaluation that changes it updates README.md too, and
/// its commit quotes it (CONTRIBUTING.md).
#[test]
fn bench_prints_the_signature_readme_records() {
    assert_eq!(bench_signature(&["bench"]), recorded_signature());
}

/// The other evaluators' signatures, which README.md records beside the default one: a change
/// of the course's material evaluator or of the positional one shows here, where the default
/// (NNUE) bench cannot see it.
#[test]
fn bench_prints_the_signatures_readme_records_for_material_and_positional() {
    for evaluator in ["Material", "Positional"] {
        let setting = format!("Evaluation={evaluator}");
        assert_eq!(
            bench_signature(&["--set", &setting, "bench"]),
            recorded_after(&format!("`{evaluator} ")),
            "{evaluator}"
        );
    }
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

/// The first player's points in one `Game N: A (White) vs B (Black): 1-0 by ...` line of
/// `engine play`, where the first player is `first`.
fn first_players_points(game: &str, first: &str) -> f64 {
    let white = game.contains(&format!(": {first} (White) vs "));
    let (result, _) = game
        .split_once("): ")
        .and_then(|(_, rest)| rest.split_once(' '))
        .unwrap_or_else(|| panic!("no result in {game}"));
    match (result, white) {
        ("1/2-1/2", _) => 0.5,
        ("1-0", true) | ("0-1", false) => 1.0,
        ("1-0", false) | ("0-1", true) => 0.0,
        _ => panic!("result '{result}' in {game}"),
    }
}

/// AlphaBeta at depth 2 against the random player, 8 games: each ends by a rule or the move
/// limit, and AlphaBeta scores at least 7.5. An engine no stronger than the random player
/// scores ½ a game on average; it reaches 7.5 of 8 with decisive games only by winning all
/// eight, probability (1/2)^8 = 1/256 (less when it can draw). Measured: 8 wins in 8. The score
/// line counts the games' results as the game lines give them.
#[test]
fn play_completes_a_short_match_that_alphabeta_wins_against_random() {
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/openings.epd");
    let first = "Search=AlphaBeta,Depth=2";
    let args = ["play", "--white", first, "--black", "Search=Random"];
    let run = run(
        &[&args[..], &["--games", "8", "--openings", openings]].concat(),
        "",
    );
    assert!(run.status.success(), "{}", run.stderr);
    let games: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("Game "))
        .collect();
    assert_eq!(games.len(), 8, "{}", run.stdout);
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
            game.contains(" plies; time ") && game.contains("nodes "),
            "{game}"
        );
    }
    let points: Vec<f64> = games
        .iter()
        .map(|g| first_players_points(g, first))
        .collect();
    let total: f64 = points.iter().sum();
    assert!(
        total >= 7.5,
        "AlphaBeta scored {total} of 8:\n{}",
        run.stdout
    );
    let count = |p: f64| points.iter().filter(|&&x| x == p).count();
    let counts = format!("{} - {} - {}", count(1.0), count(0.0), count(0.5));
    let score = run
        .lines()
        .into_iter()
        .find(|l| l.starts_with("Score of "))
        .expect("a score line");
    assert!(
        score.contains(&format!(": {counts} (wins - losses - draws)")),
        "{score}"
    );
    assert!(
        score.contains(&format!("score {:.3} +/- ", total / 8.0)),
        "{score}"
    );
    assert!(score.contains("(95%)"), "{score}");
}

/// A game's length is counted in plies (half-moves), and a drawn match is Elo +0.
#[test]
fn play_counts_plies_and_scores_a_draw_as_elo_zero() {
    let mate_in_two = "6k1/ppR2pp1/4p1p1/4P1N1/3r2P1/1P4K1/P3r3/8 w - - 0 1";
    let (white, black) = (
        "Search=IterativeDeepening,Depth=5",
        "Search=AlphaBeta,Depth=4",
    );
    let args = ["--fen", mate_in_two, "play", "--games", "1"];
    let mate = run(
        &[&args[..], &["--white", white, "--black", black]].concat(),
        "",
    );
    assert!(mate.status.success(), "{}", mate.stderr);
    // 1. Rc8+ Rd8 2. Rxd8#: three plies.
    assert!(
        mate.stdout.contains("1-0 by checkmate, 3 plies; "),
        "{}",
        mate.stdout
    );
    let bare_kings = "8/8/8/4k3/8/8/8/4K3 w - - 0 1";
    let args = ["--fen", bare_kings, "play", "--games", "1"];
    let draw = run(
        &[&args[..], &["--white", white, "--black", black]].concat(),
        "",
    );
    assert!(draw.status.success(), "{}", draw.stderr);
    assert!(draw.stdout.contains(", 0 plies; "), "{}", draw.stdout);
    let score = draw
        .lines()
        .into_iter()
        .find(|l| l.starts_with("Score of "))
        .expect("a score line")
        .to_string();
    assert!(
        score.contains(": 0 - 0 - 1 ") && score.ends_with("Elo +0"),
        "{score}"
    );
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

/// A record without `bm` or `am` has nothing to solve: it is skipped and counted as such, and
/// the rest of the file is searched (`positions/seeds.epd` has 2 of 8 with a `bm`).
#[test]
fn solve_skips_and_counts_the_records_without_bm_or_am() {
    let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/seeds.epd");
    let run = run(&["solve", seeds, "--nodes", "20000"], "");
    assert!(run.status.success(), "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 9, "{}", run.stdout);
    for id in ["seed.blocking", "seed.ordering"] {
        let line = lines.iter().find(|l| l.contains(id)).expect(id);
        assert!(line.contains(" (bm "), "{line}");
    }
    let skipped: Vec<&&str> = lines.iter().filter(|l| l.contains(" skipped ")).collect();
    assert_eq!(skipped.len(), 6, "{}", run.stdout);
    assert!(
        skipped.iter().any(|l| l.contains("seed.mated")),
        "{skipped:?}"
    );
    let last = lines.last().expect("a summary");
    assert!(
        last.starts_with("Solved: ") && last.contains("/2 ") && last.contains("6 skipped"),
        "{last}"
    );
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

/// The rows of `engine compare ... --format csv`, each split into its columns.
fn compare_csv(args: &[&str]) -> Vec<Vec<String>> {
    let out = run(&[&["compare"], args, &["--format", "csv"]].concat(), "");
    assert!(out.status.success(), "{}", out.stderr);
    let lines = out.lines();
    assert_eq!(lines[0].split(',').nth(11), Some("best_changed"));
    assert_eq!(lines[0].split(',').nth(12), Some("stopped"));
    lines[1..]
        .iter()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

/// A queen can take a pawn that another pawn guards: the greedy capture is best at depth 1
/// (a pawn up), a queen lost at depth 2, so Minimax's best move changes at depth 2.
const POISONED_PAWN: &str = "k7/8/2p5/3p4/8/8/8/K2Q4 w - - 0 1";

#[test]
fn compare_notes_the_depths_whose_best_move_changed() {
    let rows = compare_csv(&[
        "--fen",
        POISONED_PAWN,
        "--depth",
        "1..3",
        "--search",
        "Minimax,AlphaBeta",
        "--set",
        "Evaluation=Material",
    ]);
    assert_eq!(rows.len(), 3 * 3, "{rows:?}");
    assert_eq!(rows[0][3], "d1d5", "depth 1 takes the pawn: {rows:?}");
    assert_ne!(rows[1][3], "d1d5", "depth 2 keeps the queen: {rows:?}");
    // Each row says whether its best move differs from the row above of the same search.
    for (i, row) in rows.iter().enumerate() {
        let changed = i > 0 && rows[i - 1][1] == row[1] && rows[i - 1][3] != row[3];
        assert_eq!(row[11], changed.to_string(), "row {i}: {rows:?}");
    }
    for row in rows.iter().filter(|r| r[2] == "2") {
        assert_eq!(row[11], "true", "depth 2 gives up the pawn: {row:?}");
    }
    // The table says it in its notes.
    let table = run(
        &[
            "--set",
            "Evaluation=Material",
            "compare",
            "--fen",
            POISONED_PAWN,
            "--depth",
            "1..2",
            "--search",
            "Minimax",
        ],
        "",
    );
    let noted: Vec<&str> = table
        .lines()
        .into_iter()
        .filter(|l| l.ends_with("best move changed"))
        .collect();
    assert_eq!(noted.len(), 1, "{}", table.stdout);
    assert!(noted[0].starts_with("Minimax ") && noted[0].contains(" 2 "));
}

/// `--limit`: a search that runs out of it is marked stopped, with no score, and no deeper
/// depth of it is run; the depths before it completed.
#[test]
fn compare_stops_a_variant_at_its_limit_and_goes_no_deeper() {
    // Minimax from the start position to depth 8 is some 8.5e10 nodes: never within 0.3 s.
    let rows = compare_csv(&["--depth", "1..8", "--search", "Minimax", "--limit", "0.3"]);
    let last = rows.last().expect("rows");
    assert_eq!(last[12], "true", "{rows:?}");
    assert_eq!(last[4], "", "a stopped depth has no score: {rows:?}");
    let depth: u32 = last[2].parse().expect("a depth");
    assert!(depth < 8, "{rows:?}");
    assert_eq!(
        rows.len() as u32,
        depth,
        "no depth after the stopped one: {rows:?}"
    );
    for row in &rows[..rows.len() - 1] {
        assert_eq!(row[12], "false", "{rows:?}");
        assert_ne!(row[4], "", "{rows:?}");
    }
    // Depth 1 (the root and its 20 children, microseconds) is not stopped by a limit it does not
    // reach: 10 s, which no descheduling on a loaded machine uses up (the watchdog, looking
    // every 5 ms, ends with the search).
    let rows = compare_csv(&["--depth", "1", "--search", "Minimax", "--limit", "10"]);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0][5].as_str(), rows[0][12].as_str()), ("21", "false"));
}

/// `am`: a position is solved when the move chosen is not the one to avoid, and not solved
/// when it is, through the binary.
#[test]
fn solve_counts_an_avoided_move_and_fails_a_played_one() {
    let path = temp_file(
        "avoid.epd",
        &format!(
            "{POISONED_PAWN} am Qxd5; id \"poisoned\";\n\
             6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra8#; id \"avoid the mate\";\n"
        ),
    );
    let run = run(
        &[
            "solve",
            path.to_str().expect("UTF-8 path"),
            "--nodes",
            "5000",
        ],
        "",
    );
    std::fs::remove_file(&path).expect("removable");
    assert!(run.status.success(), "{}", run.stderr);
    let lines = run.lines();
    let line = |id: &str| {
        lines
            .iter()
            .find(|l| l.contains(id))
            .unwrap_or_else(|| panic!("no line for {id}: {}", run.stdout))
            .to_string()
    };
    let poisoned = line("poisoned");
    assert!(
        poisoned.contains(" solved ")
            && !poisoned.contains("Qxd5 (")
            && poisoned.contains("(am Qxd5;"),
        "{poisoned}"
    );
    let mate = line("avoid the mate");
    assert!(
        mate.contains(" missed ") && mate.contains(" Ra8# (am Ra8#;"),
        "{mate}"
    );
    assert_eq!(lines.last(), Some(&"Solved: 1/2"), "{}", run.stdout);
}

/// The first five positions of ECM (`positions/ecm.epd`).
const ECM_FIRST_FIVE: [&str; 5] = [
    "2q1r1k1/1ppb4/r2p1Pp1/p4n1p/2P1n3/5NPP/PP3Q1K/2BRRB2 w - - bm f7+; id \"ECM.001\";",
    "7r/1p2k3/2bpp3/p3np2/P1PR4/2N2PP1/1P4K1/3B4 b - - bm Bxf3+; id \"ECM.002\";",
    "4k3/p1P3p1/2q1np1p/3N4/8/1Q3PP1/6KP/8 w - - bm Qb5; id \"ECM.003\";",
    "2r1b1k1/R4pp1/4pb1p/1pBr4/1Pq2P2/3N4/2PQ2PP/5RK1 b - - bm Rcxc5; id \"ECM.004\";",
    "6k1/p1qb1p1p/1p3np1/2b2p2/2B5/2P3N1/PP2QPPP/4N1K1 b - - bm Bxf2+; id \"ECM.005\";",
];

/// The depth `engine --set Hash=MB solve` reports for each of ECM's first five positions at
/// 300,000 nodes, and the last depth `go nodes 300000` completes from each with the same table
/// size (a line of a depth stopped at the limit, which `go` reports when its first move got
/// a better score, does not count: `solve` reports complete depths).
fn solve_and_go_depths(hash: &str) -> (Vec<u64>, Vec<u64>) {
    let path = temp_file(&format!("hash-{hash}.epd"), &ECM_FIRST_FIVE.join("\n"));
    let setting = format!("Hash={hash}");
    let file = path.to_str().expect("UTF-8 path");
    let solve = run(&["--set", &setting, "solve", file, "--nodes", "300000"], "");
    std::fs::remove_file(&path).expect("removable");
    assert!(solve.status.success(), "{}", solve.stderr);
    let solved = solve
        .stdout
        .lines()
        .filter(|l| l.contains(" ECM."))
        .map(|l| number_after(&l.replace(',', " "), "depth").expect("solve's depth"))
        .collect();
    let went = ECM_FIRST_FIVE
        .iter()
        .map(|epd| {
            let fen = epd.split(" bm ").next().expect("a FEN");
            let go = run(
                &["--set", &setting, "--fen", fen, "go", "nodes", "300000"],
                "",
            );
            go.lines()
                .into_iter()
                .rev()
                .filter(|l| l.starts_with("info depth ") && l.contains(" pv "))
                .find(|l| number_after(l, "nodes").is_some_and(|n| n < 300_000))
                .and_then(|l| number_after(l, "depth"))
                .expect("go's last complete depth")
        })
        .collect();
    (solved, went)
}

/// The tools make their table of the size `--set Hash` asks, as `go` does: each position's
/// depth at 300,000 nodes is the one `go` reaches with the same table, and a 1 MB table, full
/// long before 300,000 nodes, reaches other depths than the default 16 MB on some of five
/// positions.
#[test]
fn the_tools_search_with_the_table_hash_asks_for() {
    let small = solve_and_go_depths("1");
    let default = solve_and_go_depths("16");
    assert_eq!(small.0.len(), ECM_FIRST_FIVE.len(), "{small:?}");
    assert_eq!(small.0, small.1, "Hash=1: solve against go");
    assert_eq!(default.0, default.1, "Hash=16: solve against go");
    assert_ne!(small.0, default.0, "the table's size changed nothing");
}
