//! The evaluators: symmetry on every position of positions/*.epd, the material evaluator's exact
//! values, the `eval` command's output under each evaluator, and the `Evaluation` option through
//! `setoption` and `--set` (bad values refused, the previous evaluator kept).

use crate::common::search::{read_epd, RecordExt};
use crate::common::{run, Engine, START_FEN};
use engine::eval::{material, Evaluation};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// The position with the board mirrored (ranks flipped, colours swapped) and the other side to move.
fn mirrored(pos: &Chess) -> Chess {
    pos.to_setup(EnPassantMode::Legal)
        .into_mirrored()
        .position(CastlingMode::Standard)
        .expect("the mirror of a legal position is legal")
}

#[test]
fn a_mirrored_position_scores_the_same_for_the_side_to_move() {
    let mut checked = 0;
    let mut nonzero = 0;
    for file in [
        "bench.epd",
        "ecm.epd",
        "mates.epd",
        "openings.epd",
        "perft.epd",
        "seeds.epd",
    ] {
        for epd in read_epd(file) {
            let game = epd.game();
            let pos = game.position();
            let mirror = mirrored(pos);
            for evaluation in Evaluation::ALL {
                let score = evaluation.evaluate(pos);
                assert_eq!(
                    score,
                    evaluation.evaluate(&mirror),
                    "{evaluation}, {file} {}: {}",
                    epd.name(),
                    epd.fen
                );
                nonzero += usize::from(score != 0);
            }
            checked += 1;
        }
    }
    assert!(checked > 2500, "{checked} positions");
    // The test means something only if the scores are not all level.
    assert!(
        nonzero > checked,
        "{nonzero} non-zero scores of {checked} x 2"
    );
}

/// The material evaluator counts 100, 300, 300, 500, 900 and nothing else: not the squares, not
/// the side to move beyond the sign.
#[test]
fn the_material_evaluator_counts_the_seeds_values_exactly() {
    let cases = [
        (START_FEN, 0),
        ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 100),
        ("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", 300),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 300),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 500),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", 900),
        ("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", 900),
        ("3qk3/8/8/8/8/8/PPPPPPPP/RNB1KBNR b KQ - 0 1", 900 - 3000),
        ("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 b kq - 0 1", 3900),
    ];
    for (fen, expected) in cases {
        let pos = crate::common::position(fen);
        assert_eq!(Evaluation::Material.evaluate(&pos), expected, "{fen}");
        assert_eq!(material::evaluate(&pos), expected, "{fen}");
    }
}

/// The number in column `index` (after the name) of the `eval` row named `name`.
fn cell(lines: &[String], name: &str, index: usize) -> i32 {
    let line = lines
        .iter()
        .find(|l| l.split('|').next().map(str::trim) == Some(name))
        .unwrap_or_else(|| panic!("no row {name} in {lines:#?}"));
    let cells: Vec<i32> = line
        .split('|')
        .skip(1)
        .flat_map(|c| c.split_whitespace())
        .map(|n| n.parse().expect("a number"))
        .collect();
    cells[index]
}

fn eval_lines(engine: &mut Engine) -> Vec<String> {
    engine.command("eval")
}

#[test]
fn eval_shows_every_positional_term_for_each_side() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQK2R b KQ - 1 8";
    let out = run(
        &["--set", "Evaluation=Positional", "--fen", fen, "eval"],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let lines: Vec<String> = out.lines().iter().map(|l| l.to_string()).collect();
    assert!(
        lines[0].starts_with("Evaluator: Positional, phase 24/24"),
        "{lines:#?}"
    );
    for name in [
        "Material",
        "Piece-square",
        "Passed pawns",
        "Isolated pawns",
        "Doubled pawns",
        "Mobility",
        "King safety",
        "Bishop pair",
        "Rook files",
        "Tempo",
        "Total",
    ] {
        // White mg, eg; Black mg, eg; White - Black mg, eg; tapered.
        assert_eq!(
            cell(&lines, name, 4),
            cell(&lines, name, 0) - cell(&lines, name, 2),
            "{name}"
        );
        assert_eq!(
            cell(&lines, name, 5),
            cell(&lines, name, 1) - cell(&lines, name, 3),
            "{name}"
        );
    }
    // Black to move: the tempo is Black's.
    assert_eq!(cell(&lines, "Tempo", 0), 0);
    assert!(cell(&lines, "Tempo", 2) > 0);
    // At phase 24 the tapered total is the middlegame total; it is the evaluation from White.
    let total = cell(&lines, "Total", 6);
    assert_eq!(total, cell(&lines, "Total", 4));
    let score = Evaluation::Positional.evaluate(&crate::common::position(fen));
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            format!("Evaluation: {score} cp from the side to move (black), {total} cp from White")
                .as_str()
        )
    );
    assert_eq!(score, -total);
}

/// The words of a shell command line: spaces split, double quotes group.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => words.push(String::new()),
            c => words.last_mut().expect("one word at least").push(c),
        }
    }
    words.into_iter().filter(|w| !w.is_empty()).collect()
}

/// docs/evaluation.md (where README.md sends readers of `eval`) shows `engine eval` after five
/// moves of the Ruy Lopez with its output: run as written, it prints that output, line for
/// line, and the output adds up (White − Black per term, the terms to the total, the tapered
/// centipawns at phase 24, the evaluation from Black as the side to move).
#[test]
fn the_documented_eval_example_prints_what_the_documentation_shows() {
    let doc = include_str!("../../docs/evaluation.md");
    let at = doc
        .find("(`engine --set Evaluation=Positional --moves")
        .expect("the example's command")
        + 2;
    let command = &doc[at..at + doc[at..].find('`').expect("its end")];
    let words = shell_words(command);
    assert_eq!(words[0], "engine", "{command}");
    let block = doc[at..].split("```").nth(1).expect("the output block");
    let shown: Vec<&str> = block.trim_matches('\n').lines().collect();
    let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
    assert_eq!(
        args,
        [
            "--set",
            "Evaluation=Positional",
            "--moves",
            "e2e4 e7e5 g1f3 b8c6 f1b5",
            "eval"
        ]
    );
    let out = run(&args, "");
    assert!(out.status.success(), "{}", out.stderr);
    assert_eq!(
        out.lines(),
        shown,
        "docs/evaluation.md's example is not the output"
    );
    let lines: Vec<String> = out.lines().iter().map(|l| l.to_string()).collect();
    assert!(lines[0].starts_with("Evaluator: Positional, phase 24/24"));
    let terms = [
        "Material",
        "Piece-square",
        "Passed pawns",
        "Isolated pawns",
        "Doubled pawns",
        "Mobility",
        "King safety",
        "Bishop pair",
        "Rook files",
        "Tempo",
    ];
    for column in 0..7 {
        let sum: i32 = terms.iter().map(|t| cell(&lines, t, column)).sum();
        assert_eq!(cell(&lines, "Total", column), sum, "column {column}");
    }
    for name in terms.iter().chain(&["Total"]) {
        let cells = |i| cell(&lines, name, i);
        assert_eq!(cells(4), cells(0) - cells(2), "{name}");
        assert_eq!(cells(5), cells(1) - cells(3), "{name}");
        assert_eq!(cells(6), cells(4), "{name}: phase 24 is the middlegame");
    }
    let total = cell(&lines, "Total", 6);
    let game = format!("{}", -total);
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            format!("Evaluation: {game} cp from the side to move (black), {total} cp from White")
                .as_str()
        )
    );
}

#[test]
fn eval_follows_the_evaluation_option_and_keeps_it_on_bad_values() {
    let mut engine = Engine::start();
    engine.command("position fen 4k3/8/8/8/8/8/8/R2QK3 b - - 0 1");
    let default = eval_lines(&mut engine);
    assert!(default[0].starts_with("Evaluator: NNUE"), "{default:#?}");
    assert_eq!(
        engine.command("setoption name Evaluation value Material"),
        Vec::<String>::new()
    );
    let lines = eval_lines(&mut engine);
    assert_eq!(lines[0], "Evaluator: Material");
    assert_eq!(cell(&lines, "Rook", 0), 1);
    assert_eq!(cell(&lines, "Rook", 2), 500);
    assert_eq!(cell(&lines, "Queen", 0), 1);
    assert_eq!(cell(&lines, "Queen", 1), 0);
    assert_eq!(cell(&lines, "Material", 0), 1400);
    assert_eq!(cell(&lines, "Material", 1), 0);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Evaluation: -1400 cp from the side to move (black), 1400 cp from White")
    );
    for bad in [
        "setoption name Evaluation value Neural",
        "setoption name Evaluation value",
        "setoption name Evaluation",
    ] {
        let out = engine.command(bad);
        assert_eq!(out.len(), 1, "{bad}: {out:?}");
        assert!(out[0].starts_with("info string "), "{bad}: {out:?}");
        assert_eq!(
            eval_lines(&mut engine),
            lines,
            "{bad} changed the evaluator"
        );
    }
    // The search scores with the chosen evaluator: a bare material count at depth 1 from the
    // start position is level.
    engine.command("position startpos");
    let (info, _) = engine.go("go depth 1");
    assert!(info.iter().any(|l| l.contains(" score cp 0 ")), "{info:?}");
    assert_eq!(
        engine.command("setoption name evaluation value POSITIONAL"),
        Vec::<String>::new()
    );
    assert_eq!(
        eval_lines(&mut engine)[0].split(',').next(),
        Some("Evaluator: Positional")
    );
}

#[test]
fn the_command_line_sets_the_evaluation_for_eval_and_go() {
    let out = run(&["--set", "Evaluation=Material", "eval"], "");
    assert!(out.status.success(), "{}", out.stderr);
    assert_eq!(out.lines()[0], "Evaluator: Material");
    let out = run(&["--set", "Evaluation=Material", "go", "depth", "2"], "");
    assert!(
        out.stdout.contains("info depth 2 seldepth"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains(" score cp 0 "), "{}", out.stdout);
    let bad = run(&["--set", "Evaluation=Neural", "eval"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stderr.contains("Evaluation"), "{}", bad.stderr);
}

/// The `Nodes searched` total of `engine [args] bench 3`.
fn bench_nodes(args: &[&str]) -> u64 {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["bench", "3"]);
    let out = run(&all, "");
    assert!(out.status.success(), "{}", out.stderr);
    out.lines()
        .iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .expect("a signature")
        .parse()
        .expect("a number")
}

#[test]
fn bench_compare_and_solve_honour_the_evaluation() {
    let material = bench_nodes(&["--set", "Evaluation=Material"]);
    let positional = bench_nodes(&["--set", "Evaluation=Positional"]);
    let nnue = bench_nodes(&["--set", "Evaluation=NNUE"]);
    assert_eq!(nnue, bench_nodes(&[]), "the default is NNUE");
    assert_ne!(nnue, positional);
    assert_ne!(material, positional);
    assert_eq!(material, bench_nodes(&["--set", "evaluation=material"]));

    // compare: Minimax from the start at depth 1 sees no material change.
    let compare = |evaluation: &str| {
        let out = run(
            &[
                "--set",
                &format!("Evaluation={evaluation}"),
                "compare",
                "--depth",
                "1",
                "--search",
                "Minimax",
                "--format",
                "csv",
            ],
            "",
        );
        assert!(out.status.success(), "{}", out.stderr);
        out.lines()[1]
            .split(',')
            .nth(4)
            .expect("a score")
            .to_string()
    };
    assert_eq!(compare("Material"), "cp 0");
    assert_ne!(compare("Positional"), "cp 0");

    // solve: the same node budget, different trees.
    let ecm = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/ecm.epd");
    let solve = |evaluation: &str| {
        let out = run(
            &[
                "--set",
                &format!("Evaluation={evaluation}"),
                "solve",
                ecm,
                "--nodes",
                "1000",
            ],
            "",
        );
        assert!(out.status.success(), "{}", out.stderr);
        out.stdout
    };
    assert_ne!(solve("Material"), solve("Positional"));
}

/// `engine play`: `--set` is in force for both players, and each player's spec overrides it.
#[test]
fn play_takes_the_evaluation_from_set_and_from_each_side() {
    use engine::options::Settings;
    use engine::tools::play::Player;
    let mut base = Settings::default();
    base.set("Evaluation", Some("Material"))
        .expect("a valid value");
    let from_set = Player::parse_over(&base, "Depth=2").expect("a valid spec");
    assert_eq!(from_set.options.search.evaluation, Evaluation::Material);
    let own = Player::parse_over(&base, "Evaluation=Positional,Depth=2").expect("a valid spec");
    assert_eq!(own.options.search.evaluation, Evaluation::Positional);
    let default = Player::parse("Depth=2").expect("a valid spec");
    assert_eq!(default.options.search.evaluation, Evaluation::Nnue);
    assert!(Player::parse("Evaluation=Neural").is_err());
}

/// `eval` on a position without a legal move says which end it is, under every evaluator: the
/// evaluator's number alone would read as a position still to play.
#[test]
fn eval_says_checkmate_and_stalemate() {
    let mut engine = Engine::start();
    for evaluation in ["Material", "Positional", "NNUE"] {
        engine.command(&format!("setoption name Evaluation value {evaluation}"));
        for (fen, end) in [
            (
                "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
                "Game over: checkmate, black is mated",
            ),
            ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Game over: stalemate"),
        ] {
            engine.command(&format!("position fen {fen}"));
            let lines = eval_lines(&mut engine);
            assert!(
                lines.iter().any(|l| l.starts_with(end)),
                "{evaluation}, {fen}: {lines:#?}"
            );
            assert!(lines.last().is_some_and(|l| l.starts_with("Evaluation: ")));
        }
        engine.command(&format!("position fen {START_FEN}"));
        let lines = eval_lines(&mut engine);
        assert!(lines.iter().all(|l| !l.contains("Game over")), "{lines:#?}");
    }
}

/// A net loaded by `EvalFile` is named when it is loaded and by `eval`; so is the embedded one.
#[test]
fn evalfile_and_eval_name_the_net_in_use() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/default.nnue");
    let mut engine = Engine::start();
    let net_line = |lines: &[String]| {
        lines
            .iter()
            .find(|l| l.starts_with("Net: "))
            .cloned()
            .unwrap_or_else(|| panic!("no Net line: {lines:#?}"))
    };
    assert_eq!(
        net_line(&eval_lines(&mut engine)),
        "Net: embedded (nets/default.nnue)"
    );
    let out = engine.command(&format!("setoption name EvalFile value {file}"));
    assert_eq!(
        out,
        vec![format!("info string EvalFile: using the net of {file}")]
    );
    assert_eq!(net_line(&eval_lines(&mut engine)), format!("Net: {file}"));
    let out = engine.command("setoption name EvalFile value <empty>");
    assert_eq!(
        out,
        vec!["info string EvalFile: using the embedded net".to_string()]
    );
    assert_eq!(
        net_line(&eval_lines(&mut engine)),
        "Net: embedded (nets/default.nnue)"
    );
}
