//! Edges of the command line: each bad request is refused on stderr with exit status 2 and
//! nothing on stdout, and the requests that look odd but make sense work.

use crate::common::{bestmove_of, run, Run};

/// A FEN where Black, to move, is checkmated.
const MATED: &str = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/tune-sample.epd");

/// Checks that `out` is a refusal naming `what`.
fn assert_refused(args: &[&str], out: &Run, what: &str) {
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", out.stderr);
    assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
    assert!(out.stderr.contains(what), "{args:?}: {}", out.stderr);
}

#[test]
fn bad_tool_arguments_are_refused_with_status_2() {
    let empty = std::env::temp_dir().join(format!("engine-edges-{}.epd", std::process::id()));
    std::fs::write(&empty, "").expect("the temporary directory is writable");
    let empty = empty.to_str().expect("a UTF-8 path").to_string();
    let syzygy = format!(
        "SyzygyPath={}/tests/data/syzygy",
        env!("CARGO_MANIFEST_DIR")
    );
    let cases: [(&[&str], &str); 9] = [
        (&["compare", "--epd", &empty], "no positions"),
        (&["bench", "0"], "bench depth"),
        (&["--fen", MATED, "bench", "1"], "--fen"),
        (&["--moves", "e2e4", "bench", "1"], "--moves"),
        (
            &["--set", &syzygy, "bench", "1"],
            "bench searches without tables",
        ),
        (
            &["--set", "EvalFile=/no/such/net.nnue", "go", "depth", "1"],
            "EvalFile: /no/such/net.nnue",
        ),
        (
            &[
                "play", "--white", "Depth=1", "--black", "Depth=1", "--games", "0",
            ],
            "--games",
        ),
        (&["tune", SAMPLE, "--holdout", "1"], "train on"),
        (&["go", "perft", "0"], "perft needs a depth"),
    ];
    for (args, what) in cases {
        assert_refused(args, &run(args, ""), what);
    }
    std::fs::remove_file(&empty).expect("removable");
}

/// A position given twice (`--fen` or `--moves`, and a file of positions) is refused, whichever
/// comes first on the line.
#[test]
fn a_position_and_a_file_of_positions_together_are_refused() {
    let seeds = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/seeds.epd");
    let play = ["--white", "Depth=1", "--black", "Depth=1", "--games", "1"];
    let cases: [Vec<&str>; 5] = [
        vec!["--fen", MATED, "compare", "--epd", seeds],
        vec!["compare", "--epd", seeds, "--fen", MATED],
        vec!["--moves", "e2e4", "compare", "--epd", seeds],
        [&["--fen", MATED, "play", "--openings", seeds][..], &play].concat(),
        [&["--moves", "e2e4", "play", "--openings", seeds][..], &play].concat(),
    ];
    for args in cases {
        let out = run(&args, "");
        let given = if args.contains(&"--fen") {
            "--fen"
        } else {
            "--moves"
        };
        let file = if args.contains(&"--epd") {
            "--epd"
        } else {
            "--openings"
        };
        assert_refused(&args, &out, given);
        assert!(out.stderr.contains(file), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn compare_on_a_checkmated_root_says_mate_like_go() {
    let out = run(&["--fen", MATED, "compare", "--depth", "2"], "");
    assert!(out.status.success(), "{}", out.stderr);
    let rows: Vec<&str> = out
        .lines()
        .into_iter()
        .filter(|l| l.contains("(none)"))
        .collect();
    assert!(!rows.is_empty(), "{}", out.stdout);
    assert!(rows.iter().all(|r| r.contains("mate 0")), "{}", out.stdout);
    let go = run(&["--fen", MATED, "go", "depth", "2"], "");
    assert!(go.stdout.contains("score mate 0"), "{}", go.stdout);
}

#[test]
fn go_mate_from_a_shell_ends_with_or_without_a_mate() {
    // No mate in one from the start: the search ends at its depth bound.
    let out = run(&["go", "mate", "1"], "");
    assert!(out.status.success(), "{}", out.stderr);
    let last = out.lines().last().copied().unwrap_or_default();
    assert_ne!(bestmove_of(last).best, "(none)");
    // A back-rank mate in one is found.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = run(&["--fen", fen, "go", "mate", "1"], "");
    assert!(out.stdout.contains("score mate 1"), "{}", out.stdout);
    assert_eq!(
        bestmove_of(out.lines().last().copied().unwrap_or_default()).best,
        "a1a8"
    );
}

#[test]
fn tree_records_its_search_with_two_threads_set() {
    let file = std::env::temp_dir().join(format!("engine-edges-{}.svg", std::process::id()));
    let path = file.to_str().expect("a UTF-8 path");
    let nodes = |threads: &str| {
        let set = format!("Threads={threads}");
        let args = [
            "--set",
            &set,
            "tree",
            "--depth",
            "4",
            "--search",
            "IterativeDeepening",
            "--max-nodes",
            "20000",
            "-o",
            path,
        ];
        let out = run(&args, "");
        assert!(out.status.success(), "{args:?}: {}", out.stderr);
        let svg = std::fs::read_to_string(&file).expect("the tree was drawn");
        assert!(svg.contains("<svg"), "{threads} threads: not an SVG");
        let tree = out
            .stderr
            .lines()
            .find(|l| l.starts_with("Tree: "))
            .map(str::to_string);
        tree.and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    };
    let (one, two) = (nodes("1"), nodes("2"));
    std::fs::remove_file(&file).expect("removable");
    assert!(
        one.is_some() && one == two,
        "{one:?} nodes with one thread, {two:?} with two"
    );
}
