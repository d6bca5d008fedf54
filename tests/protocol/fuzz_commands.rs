//! Fuzzing the command handler the UCI loop uses: random and mutated command lines must never
//! panic, hang or print anything but protocol, and must leave the engine coherent.
//!
//! The normal suite runs 300 seeded sessions. For a long run with fresh seeds:
//! `FUZZ_SECONDS=600 cargo test --release --test protocol fuzz_commands -- --ignored --nocapture`.

use std::io::Write;
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use engine::board::game::Game;
use engine::command::Command;
use engine::uci::command::parse;
use engine::uci::output::Output;
use engine::uci::{self, Input};
use engine::{Engine, Flow};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// A writer whose bytes the test can read back.
#[derive(Clone, Default)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("buffer lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedBuffer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("buffer lock")).into_owned()
    }
}

/// Words the fuzzer builds commands from: commands, parameters, options, moves, FEN parts, garbage.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "setoption",
    "name",
    "value",
    "debug",
    "on",
    "off",
    "d",
    "eval",
    "perft",
    "register",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "Hash",
    "Clear",
    "Move",
    "Overhead",
    "Ponder",
    "Search",
    "Depth",
    "TranspositionTable",
    "MoveOrdering",
    "Quiescence",
    "AspirationWindows",
    "NullMove",
    "LateMoveReductions",
    "Futility",
    "Seed",
    "Random",
    "Minimax",
    "AlphaBeta",
    "IterativeDeepening",
    "true",
    "false",
    "e2e4",
    "e7e5",
    "g1f3",
    "b8c6",
    "e1g1",
    "e1h1",
    "a7a8q",
    "e2e5",
    "0000",
    "(none)",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "50",
    "1000",
    "100000",
    "99999999999999999999",
    "abc",
    "1e3",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "w",
    "b",
    "KQkq",
    "-",
    "e3",
    "4k3/8/8/8/8/8/8/4K2R",
    "8/8/8/8/8/8/8/8",
    "K",
    "k",
    "\u{0}",
    "\u{1b}[2J",
    "é",
    "\r",
];

/// The commands a line mostly starts with.
const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "position startpos moves",
    "position fen",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "setoption name",
    "debug",
    "d",
    "eval",
    "perft",
    "bench",
];

/// A line: usually a command, then a few words (or arbitrary text) joined by runs of spaces and tabs.
fn line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        8 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => ".{0,12}",
    ];
    let first = prop_oneof![
        6 => proptest::sample::select(COMMANDS).prop_map(str::to_string),
        1 => ".{0,12}",
    ];
    let separator = proptest::sample::select(&[" ", "  ", "\t", " \t "][..]);
    (first, proptest::collection::vec((word, separator), 0..8)).prop_map(|(first, parts)| {
        let rest: String = parts.into_iter().map(|(w, s)| format!("{w}{s}")).collect();
        format!("{first} {rest}")
    })
}

/// Keeps a session short: deep or unbounded searches get small bounds.
fn tame(line: String) -> String {
    match parse(&line) {
        Ok(Some(Command::Go(go))) if go.perft.is_some() => "go perft 2".to_string(),
        Ok(Some(Command::Perft(_))) => "perft 2".to_string(),
        Ok(Some(Command::Bench(_))) => "bench 1".to_string(),
        Ok(Some(Command::Go(_))) => format!("{line} depth 2 nodes 20000"),
        Ok(Some(Command::SetOption { name, .. })) if name.eq_ignore_ascii_case("depth") => {
            line + " value 2"
        }
        _ => line,
    }
}

/// Feeds the lines to an engine as the loop would, then stops whatever still runs.
/// Returns the output, whether `quit` was seen, and the number of `go` commands (perft aside).
fn session(lines: &[String]) -> (SharedBuffer, Engine, Receiver<Input>, usize) {
    let buffer = SharedBuffer::default();
    let (events, received) = mpsc::channel();
    let output = Output::to(Box::new(buffer.clone()));
    let mut engine = uci::connect(output.clone(), events);
    let mut searches = 0;
    for line in lines {
        if let Ok(Some(Command::Go(go))) = parse(line) {
            searches += usize::from(go.perft.is_none());
        }
        let flow = uci::handle_line(&mut engine, &output, line);
        pump(&mut engine, &received, Duration::ZERO);
        if flow == Flow::Quit {
            return (buffer, engine, received, searches);
        }
    }
    engine.on_input_closed();
    while !engine.is_finished() {
        engine.handle(Command::Stop);
        pump(&mut engine, &received, Duration::from_secs(30));
    }
    (buffer, engine, received, searches)
}

/// Hands the engine the events that arrived, waiting up to `wait` for the first.
fn pump(engine: &mut Engine, events: &Receiver<Input>, wait: Duration) {
    let first = if wait.is_zero() {
        events.try_recv().ok()
    } else {
        events.recv_timeout(wait).ok()
    };
    if wait > Duration::ZERO {
        assert!(
            first.is_some(),
            "the search did not end within {wait:?} of stop"
        );
    }
    for event in first
        .into_iter()
        .chain(std::iter::from_fn(|| events.try_recv().ok()))
    {
        if let Input::TaskDone = event {
            engine.on_task_done();
        }
    }
}

/// Every output line is protocol (or the text of `d`, `eval`, `perft`, `bench`), with no control characters.
fn assert_protocol_only(output: &str) {
    const PREFIXES: &[&str] = &[
        "id name ",
        "id author ",
        "option name ",
        "uciok",
        "readyok",
        "info ",
        "bestmove ",
        " +---",
        " | ",
        "   a   b",
        "Fen: ",
        "Key: ",
        "Checkers:",
        "     Term",
        "Evaluation:",
        "Nodes searched:",
        "Total time (ms):",
        "Nodes/second:",
        " Material",
        "     Pawn",
        "   Knight",
        "   Bishop",
        "     Rook",
        "    Queen",
        "Evaluator: ",
        "Net: ",
        "Game over: ",
        "Material: ",
        "          Term",
        "      Material",
        "  Piece-square",
        "  Passed pawns",
        "Isolated pawns",
        " Doubled pawns",
        "      Mobility",
        "   King safety",
        "   Bishop pair",
        "    Rook files",
        "         Tempo",
        "         Total",
    ];
    for line in output.lines() {
        assert!(
            !line.chars().any(char::is_control),
            "control character in {line:?}"
        );
        let known = line.is_empty()
            || PREFIXES.iter().any(|p| line.starts_with(p))
            || line
                .split_once(": ")
                .is_some_and(|(m, n)| m.len() <= 5 && n.parse::<u64>().is_ok());
        assert!(known, "not a protocol line: {line:?}");
    }
}

/// After any session the engine still answers, its position is legal, and a search works.
fn assert_coherent(mut engine: Engine, events: Receiver<Input>, buffer: &SharedBuffer) {
    let fen = engine.game().fen();
    assert!(
        Game::from_fen(&fen).is_ok(),
        "position became invalid: {fen}"
    );
    let before = buffer.text().len();
    let output = Output::to(Box::new(buffer.clone()));
    for line in ["isready", "position startpos moves e2e4", "go depth 1"] {
        uci::handle_line(&mut engine, &output, line);
    }
    engine.on_input_closed();
    while !engine.is_finished() {
        pump(&mut engine, &events, Duration::from_secs(30));
    }
    let after = buffer.text()[before..].to_string();
    assert!(
        after.lines().any(|l| l == "readyok"),
        "no readyok after the session: {after}"
    );
    let best = after
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove after the session");
    let mut game = Game::default();
    game.play_uci("e2e4").expect("legal");
    let best = best.split_whitespace().next().unwrap_or("");
    assert!(
        game.play_uci(best).is_ok(),
        "illegal bestmove {best} after the session"
    );
}

fn check_session(lines: Vec<String>) {
    let lines: Vec<String> = lines.into_iter().map(tame).collect();
    let (buffer, engine, events, searches) = session(&lines);
    let output = buffer.text();
    assert_protocol_only(&output);
    let quit = lines
        .iter()
        .any(|l| matches!(parse(l), Ok(Some(Command::Quit))));
    let bestmoves = output
        .lines()
        .filter(|l| l.starts_with("bestmove "))
        .count();
    if quit {
        assert!(
            bestmoves <= searches,
            "{bestmoves} bestmoves for {searches} searches\n{output}"
        );
    } else {
        assert_eq!(
            bestmoves, searches,
            "one bestmove per go\n{lines:#?}\n{output}"
        );
        assert_coherent(engine, events, &buffer);
    }
}

/// Runs `cases` random sessions; the suite's run is seeded, long runs draw fresh seeds.
fn run(cases: u32, deterministic: bool) {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = if deterministic {
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
    } else {
        TestRunner::new(config)
    };
    let strategy = proptest::collection::vec(line(), 1..16);
    runner
        .run(&strategy, |lines| {
            check_session(lines);
            Ok(())
        })
        .expect("fuzzing found a failing session");
}

#[test]
fn random_command_sessions_stay_coherent() {
    run(300, true);
}

/// `FUZZ_SECONDS=600 cargo test --release --test protocol fuzz_commands -- --ignored --nocapture`
#[test]
#[ignore]
fn long_fuzz_run() {
    let seconds = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60);
    let started = std::time::Instant::now();
    let mut sessions = 0u64;
    while started.elapsed() < Duration::from_secs(seconds) {
        run(1000, false);
        sessions += 1000;
    }
    eprintln!(
        "fuzzed {sessions} sessions (1 to 15 lines each) in {:?} without a failure",
        started.elapsed()
    );
}
