//! Black-box tests of the command line: one-shot commands, --fen/--moves/--set, bad arguments.

use crate::common::{
    assert_legal, assert_legal_answer, bestmove_of, is_protocol_line, run, Run, START_FEN,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn assert_success(out: &Run, what: &str) {
    assert!(
        out.status.success(),
        "{what}: exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        out.stdout,
        out.stderr
    );
}

/// The `info depth N` depths in order.
fn depths(lines: &[&str]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect()
}

#[test]
fn go_depth_prints_one_info_line_per_depth_and_a_bestmove() {
    let out = run(&["go", "depth", "4"], "");
    assert_success(&out, "engine go depth 4");
    let lines = out.lines();
    assert!(lines.iter().all(|l| is_protocol_line(l)), "{lines:?}");
    assert_eq!(depths(&lines), vec![1, 2, 3, 4], "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{lines:?}"
    );
    let last = lines.last().expect("some output");
    assert_legal_answer(START_FEN, &[], &bestmove_of(last));
    // Each info line carries a score and a principal variation starting with a legal move.
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        assert!(
            tokens.contains(&"score") && tokens.contains(&"pv"),
            "{line}"
        );
        let pv_at = tokens.iter().position(|&t| t == "pv").unwrap();
        assert_legal(START_FEN, &[], tokens[pv_at + 1]);
    }
}

#[test]
fn fen_and_set_apply_before_go() {
    let out = run(
        &[
            "--fen", KIWIPETE, "--set", "Hash=64", "go", "movetime", "500",
        ],
        "",
    );
    assert_success(&out, "--fen --set go movetime");
    let lines = out.lines();
    assert!(lines.iter().all(|l| is_protocol_line(l)), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "no complaint expected: {lines:?}"
    );
    assert_legal_answer(KIWIPETE, &[], &bestmove_of(lines.last().expect("output")));

    // A 4-field FEN, and another search.
    let out = run(
        &[
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K -",
            "--set",
            "Search=Minimax",
            "go",
            "depth",
            "2",
        ],
        "",
    );
    assert_success(&out, "go depth 2 --fen --set");
    let lines = out.lines();
    // Minimax given only a depth searches that depth alone.
    assert_eq!(depths(&lines), vec![2], "{lines:?}");
    assert_legal_answer(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        &[],
        &bestmove_of(lines.last().unwrap()),
    );

    // Negative clock values (a flagged clock) are parameters, not options.
    let out = run(&["go", "wtime", "-100", "btime", "-100"], "");
    assert_success(&out, "go wtime -100");
    assert_legal_answer(START_FEN, &[], &bestmove_of(out.lines().last().unwrap()));

    // The Depth option caps go depth.
    let out = run(&["--set", "Depth=2", "go", "depth", "6"], "");
    assert_success(&out, "--set Depth=2 go depth 6");
    assert_eq!(depths(&out.lines()), vec![1, 2]);
}

#[test]
fn moves_are_played_from_the_fen() {
    let out = run(&["--moves", "e2e4 e7e5 g1f3", "d"], "");
    assert_success(&out, "--moves d");
    assert!(
        out.stdout
            .contains("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
        "{}",
        out.stdout
    );
    let out = run(
        &["--fen", KIWIPETE, "--moves", "e1h1", "go", "depth", "1"],
        "",
    );
    assert_success(&out, "--fen --moves castling go");
    assert_legal_answer(
        KIWIPETE,
        &["e1g1"],
        &bestmove_of(out.lines().last().unwrap()),
    );
}

#[test]
fn go_in_a_finished_game_prints_bestmove_none() {
    let out = run(
        &[
            "--fen",
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "go",
            "depth",
            "1",
        ],
        "",
    );
    assert_success(&out, "mated go");
    assert_eq!(
        out.lines(),
        vec!["info depth 0 score mate 0", "bestmove (none)"]
    );
}

#[test]
fn perft_prints_the_divide_and_the_total() {
    let out = run(&["perft", "3"], "");
    assert_success(&out, "engine perft 3");
    let lines = out.lines();
    assert_eq!(lines.last(), Some(&"Nodes searched: 8902"), "{lines:?}");
    let divide: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| {
            let (m, n) = l.split_once(": ")?;
            Some((m, n.parse().ok()?))
        })
        .filter(|(m, _)| *m != "Nodes searched")
        .collect();
    assert_eq!(divide.len(), 20, "{lines:?}");
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    for (m, _) in &divide {
        assert_legal(START_FEN, &[], m);
    }
    let out = run(&["perft", "2", "--fen", KIWIPETE], "");
    assert_success(&out, "perft 2 --fen kiwipete");
    assert!(
        out.stdout.ends_with("Nodes searched: 2039\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn version_and_help_exit_zero() {
    let out = run(&["--version"], "");
    assert_success(&out, "--version");
    assert!(
        out.stdout.contains(env!("CARGO_PKG_VERSION")),
        "{}",
        out.stdout
    );
    let out = run(&["--help"], "");
    assert_success(&out, "--help");
    for word in ["Usage", "go", "perft", "--fen", "--set", "--moves"] {
        assert!(
            out.stdout.contains(word),
            "--help lacks {word}: {}",
            out.stdout
        );
    }
    let out = run(&["go", "--help"], "");
    assert_success(&out, "go --help");
}

/// `engine help` is clap's help of the program or of a command, and has a `--help` of its own.
#[test]
fn help_and_help_of_help_exit_zero() {
    let main = run(&["--help"], "");
    let out = run(&["help"], "");
    assert_success(&out, "help");
    assert_eq!(out.stdout, main.stdout);
    let out = run(&["help", "perft"], "");
    assert_success(&out, "help perft");
    assert_eq!(out.stdout, run(&["perft", "--help"], "").stdout);
    let out = run(&["help", "--help"], "");
    assert_success(&out, "help --help");
    assert!(out.stdout.contains("Usage: engine help"), "{}", out.stdout);
    let out = run(&["help", "nosuch"], "");
    assert_eq!(out.status.code(), Some(2), "{}", out.stdout);
    assert!(
        out.stdout.is_empty() && out.stderr.contains("nosuch"),
        "{}",
        out.stderr
    );
}

#[test]
fn bad_arguments_fail_with_a_message_on_stderr_only() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "abc"], "abc"),
        (&["perft", "0"], "perft"),
        (&["perft"], "DEPTH"),
        (&["--fen", "bad", "go", "depth", "1"], "FEN"),
        (
            &[
                "--fen",
                "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
                "go",
                "depth",
                "1",
            ],
            "king",
        ),
        (&["--set", "Nope=1", "go", "depth", "1"], "Nope"),
        (&["--set", "Hash", "go", "depth", "1"], "NAME=VALUE"),
        (&["--set", "Depth=999", "go", "depth", "1"], "999"),
        (
            &["--set", "Quiescence=perhaps", "go", "depth", "1"],
            "perhaps",
        ),
        (&["go", "depth", "abc"], "abc"),
        (&["go", "depth", "0"], "depth"),
        (&["go", "movetime"], "movetime"),
        (&["go", "depth", "1", "sideways"], "sideways"),
        (&["go", "depth", "1", "--fen", START_FEN], "before 'go'"),
        (&["--moves", "e2e5", "go", "depth", "1"], "e2e5"),
        (&["--moves", "e2e4 e2e4", "d"], "e2e4"),
        (&["--fen", START_FEN], "command"),
        (&["frobnicate"], "frobnicate"),
        (&["--no-such-flag"], "no-such-flag"),
    ];
    for (args, needle) in cases {
        let out = run(args, "isready\n");
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?} should exit with status 2; stdout:\n{}\nstderr:\n{}",
            out.stdout,
            out.stderr
        );
        assert!(!out.stderr.contains("panicked"), "{args:?}: {}", out.stderr);
        // Refused, not skipped: the loop's "; ignored" must not reach the command line.
        assert!(!out.stderr.contains("ignored"), "{args:?}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{args:?}: nothing on stdout");
        assert!(
            out.stderr.contains(needle),
            "{args:?}: stderr should mention '{needle}': {}",
            out.stderr
        );
    }
}

#[test]
fn no_arguments_runs_the_uci_loop_on_stdin() {
    let out = run(
        &[],
        "uci\nisready\nposition startpos moves e2e4\ngo depth 2\n",
    );
    assert_success(&out, "uci loop");
    let lines = out.lines();
    assert!(
        lines.contains(&"uciok") && lines.contains(&"readyok"),
        "{lines:?}"
    );
    assert_legal_answer(START_FEN, &["e2e4"], &bestmove_of(lines.last().unwrap()));
    // A go without any limit ends at the end of input, like go infinite.
    let out = run(&[], "go\n");
    assert_success(&out, "bare go");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove"),
        "{}",
        out.stdout
    );
}
