//! The loop itself, in process: lines in through a reader, protocol lines out through a buffer;
//! and every command word the parser knows, each to its own command.

use super::*;
use crate::engine::command::Setup;
use std::io::{Cursor, Write};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Mutex;
use std::time::Duration;

/// How long a loop may run before its test fails as hung: far beyond the second or so each
/// takes, and short enough that a hung loop fails the test run instead of stalling it.
const HANG_LIMIT: Duration = Duration::from_secs(30);

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("unpoisoned").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `work` on its own thread; fails the test if it does not end within [`HANG_LIMIT`].
fn within_limit(what: &str, work: impl FnOnce() + Send + 'static) {
    let (done, ended) = mpsc::channel();
    thread::spawn(move || {
        work();
        let _ = done.send(());
    });
    match ended.recv_timeout(HANG_LIMIT) {
        Ok(()) => {}
        Err(RecvTimeoutError::Timeout) => panic!("{what} did not end within {HANG_LIMIT:?}"),
        Err(RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
    }
}

/// The lines the loop writes for `input`, run until it quits or its input ends.
fn session(input: Vec<u8>) -> Vec<String> {
    let shared = Shared::default();
    let output = Output::to(Box::new(shared.clone()));
    within_limit("the loop", move || run(Cursor::new(input), output));
    let bytes = shared.0.lock().expect("unpoisoned").clone();
    String::from_utf8(bytes)
        .expect("text")
        .lines()
        .map(str::to_string)
        .collect()
}

fn count(lines: &[String], prefix: &str) -> usize {
    lines.iter().filter(|l| l.starts_with(prefix)).count()
}

#[test]
fn the_loop_answers_each_line_and_finishes_the_search_when_the_input_ends() {
    // The last line has no newline: it is a line all the same.
    let input = "uci\nisready\nposition startpos moves e2e4\ngo depth 2\nisready";
    let lines = session(input.as_bytes().to_vec());
    assert_eq!(count(&lines, "id name "), 1, "{lines:?}");
    assert_eq!(count(&lines, "uciok"), 1, "{lines:?}");
    assert_eq!(count(&lines, "readyok"), 2, "{lines:?}");
    assert_eq!(count(&lines, "info depth 2 "), 1, "{lines:?}");
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .expect("the search answers");
    let reply = best.split_whitespace().nth(1).expect("a move");
    assert!(
        [
            "e7e5", "e7e6", "d7d5", "c7c5", "g8f6", "b8c6", "d7d6", "c7c6", "a7a6", "b7b6", "g7g6",
            "h7h6", "a7a5", "b7b5", "f7f6", "f7f5", "g7g5", "h7h5", "g8h6", "b8a6"
        ]
        .contains(&reply),
        "{best}"
    );
}

#[test]
fn quit_ends_the_loop_and_later_lines_are_not_read() {
    let lines = session(b"isready\nquit\nisready\nuci\n".to_vec());
    assert_eq!(lines, ["readyok"]);
}

#[test]
fn an_overlong_line_is_dropped_whole_with_one_message() {
    let mut input = vec![b'x'; MAX_LINE_BYTES as usize + 10];
    input.extend_from_slice(b"\nisready\n");
    let lines = session(input);
    let message = format!("info string input line longer than {MAX_LINE_BYTES} bytes ignored");
    assert_eq!(lines, [message, "readyok".to_string()]);
}

#[test]
fn every_command_word_is_its_own_command() {
    let parsed = |line: &str| command::parse(line).expect(line).expect(line);
    assert_eq!(parsed("uci"), Command::Uci);
    assert_eq!(parsed("isready"), Command::IsReady);
    assert_eq!(parsed("ucinewgame"), Command::UciNewGame);
    assert_eq!(parsed("stop"), Command::Stop);
    assert_eq!(parsed("ponderhit"), Command::PonderHit);
    assert_eq!(parsed("quit"), Command::Quit);
    assert_eq!(parsed("d"), Command::Display);
    assert_eq!(parsed("eval"), Command::Eval);
    assert_eq!(parsed("debug on"), Command::Debug(true));
    assert_eq!(parsed("debug off"), Command::Debug(false));
    assert!(command::parse("debug").is_err() && command::parse("debug on off").is_err());
    assert_eq!(parsed("perft 3"), Command::Perft(3));
    assert!(command::parse("perft").is_err() && command::parse("perft 0").is_err());
    let startpos = Command::Position {
        setup: Setup::StartPos,
        moves: Vec::new(),
    };
    assert_eq!(parsed("position startpos"), startpos);
}

#[test]
fn go_reads_searchmoves_to_the_end_of_the_line_and_perft_with_its_depth() {
    let go = |line: &str| match command::parse(line) {
        Ok(Some(Command::Go(params))) => params,
        other => panic!("{line}: {other:?}"),
    };
    let last = go("go depth 3 searchmoves e2e4 d2d4");
    assert_eq!(last.searchmoves, ["e2e4", "d2d4"]);
    assert_eq!(last.depth, Some(3));
    assert!(last.warnings.is_empty(), "{:?}", last.warnings);
    let perft = go("go perft 3 depth 2");
    assert_eq!((perft.perft, perft.depth), (Some(3), Some(2)));
    assert!(perft.warnings.is_empty(), "{:?}", perft.warnings);
    // A mate in N moves takes 2N - 1 plies: N is held to half the deepest depth.
    let mate = go("go mate 1000");
    assert_eq!(mate.mate, Some(crate::search::MAX_DEPTH / 2));
    assert_eq!(mate.warnings.len(), 1);
}

#[test]
fn answers_and_counters_are_written_as_the_protocol_and_the_bench_signature_read_them() {
    use crate::engine::event::{BenchProgress, BenchSummary, PerftReport};
    use crate::search::Stats;
    use shakmaty::{Chess, Position};
    use std::time::Duration;
    let pos = Chess::default();
    let moves = pos.legal_moves();
    let uci = |m: &shakmaty::Move| m.to_uci(CastlingMode::Standard).to_string();
    let e4 = *moves.iter().find(|m| uci(m) == "e2e4").expect("e2e4");
    let d4 = *moves.iter().find(|m| uci(m) == "d2d4").expect("d2d4");
    let mode = CastlingMode::Standard;
    // The UCI specification: `bestmove <move1> [ ponder <move2> ]`.
    assert_eq!(
        format::bestmove(Some(e4), Some(d4), mode),
        "bestmove e2e4 ponder d2d4"
    );
    assert_eq!(format::bestmove(Some(e4), None, mode), "bestmove e2e4");
    assert_eq!(format::bestmove(None, Some(d4), mode), "bestmove (none)");
    // README's bench signature line, and perft's lines (Stockfish's `go perft` layout).
    assert_eq!(format::nodes_searched(1_477_636), "Nodes searched: 1477636");
    let summary = BenchSummary {
        positions: 2,
        nodes: 3000,
        time: Duration::from_millis(1500),
    };
    assert_eq!(
        format::bench_summary(&summary),
        "Total time (ms): 1500\nNodes searched: 3000\nNodes/second: 2000"
    );
    let step = BenchProgress {
        index: 3,
        total: 12,
        fen: "8/8/8/8/8/8/8/K6k w - - 0 1".to_string(),
        nodes: 42,
    };
    assert_eq!(
        format::bench_position(&step),
        "Position  3/12: 8/8/8/8/8/8/8/K6k w - - 0 1  nodes 42"
    );
    assert_eq!(format::perft_move(e4, 20, mode), "e2e4: 20");
    let report = PerftReport {
        depth: 2,
        counts: vec![(e4, 20), (d4, 20)],
        time: Duration::ZERO,
    };
    assert_eq!(format::perft_total(&report), "\nNodes searched: 40");
    let stats = Stats {
        beta_cutoffs: 1,
        tt_probes: 2,
        tt_hits: 3,
        tt_cutoffs: 4,
        tt_stores: 5,
    };
    assert_eq!(
        format::stats(7, &stats, 99),
        "depth 7 thread nodes 99 beta cutoffs 1 table probes 2 hits 3 cutoffs 4 stores 5"
    );
    assert_eq!(
        format::no_legal_move(true, None, None),
        "info depth 0 score mate 0"
    );
    assert_eq!(
        format::no_legal_move(false, Some(2), None),
        "info depth 0 multipv 2 score cp 0"
    );
}

#[test]
fn d_shows_the_fen_and_key_and_eval_says_why_a_game_is_over() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let input = format!(
        "d\nposition fen {mated}\nsetoption name Evaluation value Material\neval\nposition fen {stalemate}\neval\n"
    );
    let lines = session(input.into_bytes());
    let start = "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(lines.iter().any(|l| l == start), "{lines:?}");
    // The start position's Zobrist key as Polyglot publishes it.
    assert!(
        lines.iter().any(|l| l == "Key: 463B96181691FC9C"),
        "{lines:?}"
    );
    let over: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("Game over: "))
        .collect();
    assert_eq!(
        over,
        [
            "Game over: checkmate, white is mated (a search scores it mate 0)",
            "Game over: stalemate, a draw (a search scores it 0)"
        ]
    );
}

#[test]
fn an_info_string_is_cut_only_past_its_longest() {
    let longest = "x".repeat(800);
    assert_eq!(output::sanitize(&longest), longest);
    let longer = "y".repeat(801);
    assert_eq!(output::sanitize(&longer), "y".repeat(800) + "...");
}

#[test]
fn the_command_lines_commands_run_then_the_input_counts_as_closed() {
    let shared = Shared::default();
    let commands = vec![Command::IsReady, Command::Perft(1)];
    let output = Output::to(Box::new(shared.clone()));
    within_limit("the command line's commands", move || {
        run_commands(commands, output)
    });
    let bytes = shared.0.lock().expect("unpoisoned").clone();
    let text = String::from_utf8(bytes).expect("text");
    // The start position's 20 moves (perft 1 as published), after readyok.
    assert!(text.starts_with("readyok\n"), "{text}");
    assert!(text.ends_with("\nNodes searched: 20\n"), "{text}");
}
