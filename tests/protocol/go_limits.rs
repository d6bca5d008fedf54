//! The limits of `go` read as Stockfish reads them: no `go` becomes a search without end unless
//! it asks for one, a forced move (one legal move, not one `searchmoves` entry) is thought about
//! briefly under a clock, and absurd clocks give a long think, not an overflow.

use std::time::{Duration, Instant};

use crate::common::{assert_legal_answer, bestmove_of, Engine, START_FEN};

/// The deepest `info depth` among `lines`.
fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// The lines of `go` from `position`, which must answer `best` from a search past depth 1.
fn searched_past_depth_one(position: &str, go: &str, best: &str) -> Vec<String> {
    let mut engine = Engine::start();
    engine.command(position);
    let (lines, answer) = engine.go(go);
    assert_eq!(answer.best, best);
    assert!(deepest(&lines) > 1, "{lines:?}");
    lines
}

/// White's king has one move, Kh1.
const FORCED_KH1: &str = "position fen 6k1/8/8/8/8/8/4q3/6K1 w - - 0 1";

#[test]
fn one_searchmove_under_a_clock_is_searched_deeper_than_depth_one() {
    let lines = searched_past_depth_one(
        "position startpos moves f2f3 e7e5",
        "go movetime 500 searchmoves g2g4",
        "g2g4",
    );
    assert!(
        lines.iter().any(|l| l.contains("score mate -1")),
        "{lines:?}"
    );
}

#[test]
fn a_decimal_movetime_is_read_as_stockfish_reads_it() {
    let mut engine = Engine::start();
    engine.command("position startpos");
    // Without the fix this search has no limit and only `stop` ends it: `go` would time out.
    let (lines, answer) = engine.go("go movetime 1.5");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("movetime 1.5") && l.contains("using 1")),
        "{lines:?}"
    );
    assert_legal_answer(START_FEN, &[], &answer);
}

#[test]
fn a_clock_for_the_other_side_only_is_a_timed_search() {
    for (position, go) in [
        ("position startpos", "go btime 1"),
        ("position startpos moves e2e4", "go wtime 1"),
    ] {
        let mut engine = Engine::start();
        engine.command(position);
        let (_, answer) = engine.go(go);
        let moves: Vec<&str> = position.split_whitespace().skip(3).collect();
        assert_legal_answer(START_FEN, &moves, &answer);
    }
}

/// A move under a clock comes back long before that clock runs out: the soft budget is about a
/// twentieth of it plus ¾ of the increment, and the hard limit four times that, at most a fifth
/// of the clock plus three increments. The test allows that hard limit and 3 s of slack for a
/// loaded machine (5 s of the 10 s clock, 7.3 s of the 20 s one), while a search that ignored
/// the clock, or spent it whole as a movetime, fails. The budget's exact numbers are
/// src/search/time.rs's unit tests.
#[test]
fn a_clocked_move_comes_back_well_within_the_clock() {
    let mut engine = Engine::start();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    engine.command(&format!("position startpos moves {}", moves.join(" ")));
    for (go, clock_ms, increment_ms) in [
        ("go wtime 10000 btime 10000", 10_000, 0),
        (
            "go wtime 20000 btime 20000 winc 100 binc 100 movestogo 30",
            20_000,
            100,
        ),
    ] {
        let started = Instant::now();
        let (lines, answer) = engine.go(go);
        let spent = started.elapsed();
        // The hard limit (a fifth of the clock, three increments) and 3 s of slack.
        let bound = Duration::from_millis(clock_ms / 5 + 3 * increment_ms + 3000);
        assert!(
            spent < bound,
            "{go}: answered after {spent:?}, not within {bound:?}"
        );
        assert!(deepest(&lines) > 1, "{go}: {lines:?}");
        assert_legal_answer(START_FEN, &moves, &answer);
    }
}

/// A forced move under a clock is thought about briefly, but past depth 1, so that its score is
/// the position's (a GUI shows it; an adjudication may act on it). With ten minutes on the clock
/// (a base of half a minute) the answer comes well within the test's wait, from a search deeper
/// than one ply that sees the queen it is down, or the mate.
#[test]
fn a_forced_move_under_a_long_clock_is_searched_briefly_and_scored_truly() {
    let lines = searched_past_depth_one(FORCED_KH1, "go wtime 600000 btime 600000", "g1h1");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("a line");
    let cp = last
        .split_once("score cp ")
        .and_then(|(_, rest)| rest.split_whitespace().next()?.parse::<i32>().ok());
    assert!(
        last.contains("score mate -") || cp.is_some_and(|cp| cp < -500),
        "{last}"
    );
}

/// A forced move in a balanced middlegame (the perft suite's, g1h1 its one legal move) under a
/// ten-minute clock: its think is capped at half a second, where a move with a choice would be
/// given some thirty; the bound adds 3 s of slack for a loaded machine.
#[test]
fn a_forced_move_in_a_balanced_middlegame_answers_within_its_short_think() {
    let mut engine = Engine::start();
    engine.command("position fen r3r1k1/1b1Rbppp/pqp5/1p2p3/2P1P3/PPN2N1n/1BQ3PP/2R2BK1 w - - 0 1");
    let started = Instant::now();
    let (lines, answer) = engine.go("go wtime 600000 btime 600000");
    let spent = started.elapsed();
    assert_eq!(answer.best, "g1h1");
    assert!(deepest(&lines) > 1, "{lines:?}");
    let bound = Duration::from_millis(500 + 3000);
    assert!(
        spent < bound,
        "answered after {spent:?}, not within {bound:?}"
    );
}

/// `go movetime` is spent whole, a forced move included, as Stockfish spends it.
#[test]
fn a_forced_move_under_movetime_is_searched_past_depth_one() {
    searched_past_depth_one(FORCED_KH1, "go movetime 300", "g1h1");
}

#[test]
fn go_perft_without_a_usable_depth_searches_nothing() {
    let mut engine = Engine::start();
    for go in ["go perft 0", "go perft", "go perft 21 depth 3"] {
        let out = engine.command(go);
        assert!(
            out.len() == 1 && out[0].contains("perft needs a depth from 1 to 20"),
            "{go}: {out:?}"
        );
    }
    // Nothing runs: a later `go` is answered at once.
    let (_, answer) = engine.go("go depth 1");
    assert_legal_answer(START_FEN, &[], &answer);
}

#[test]
fn absurd_clocks_give_a_long_think_not_an_instant_move() {
    let mut engine = Engine::start();
    let max = i64::MAX;
    let (lines, answer) = engine.go(&format!(
        "go wtime {max} winc {max} btime {max} binc {max} movestogo 1 depth 6"
    ));
    assert_eq!(deepest(&lines), 6, "{lines:?}");
    assert_legal_answer(START_FEN, &[], &answer);
}

#[test]
fn quit_lets_every_search_sent_before_it_answer() {
    let mut engine = Engine::start();
    // The first search runs until `quit`; the second waits for it.
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 30");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(60)).is_some());
    let lines = engine.rest_of_output();
    let answers: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(answers.len(), 2, "{lines:?}");
    let first = crate::common::bestmove_of(answers[0]);
    assert_legal_answer(START_FEN, &[], &first);
    let second = crate::common::bestmove_of(answers[1]);
    assert_legal_answer(START_FEN, &["e2e4"], &second);
}

/// `go movetime N` is spent whole, as Stockfish spends it: the answer comes no sooner than N
/// less `Move Overhead` (10 ms) and a little rounding, from a quiet opening and a tactical
/// middlegame. A late answer is left to the load (the time is measured by the engine's clock,
/// so a busy machine cannot make it early); a search that stopped when it expected its next
/// depth not to finish answered at 30–70% of N.
#[test]
fn go_movetime_is_spent_whole() {
    for (position, movetime_ms) in [
        ("position startpos", 1500),
        (
            "position fen 2r1b1k1/R4pp1/4pb1p/1pBr4/1Pq2P2/3N4/2PQ2PP/5RK1 b - - 0 1",
            1000,
        ),
    ] {
        let mut engine = Engine::start();
        engine.command(position);
        let go = format!("go movetime {movetime_ms}");
        let started = Instant::now();
        let (_, answer) = engine.go(&go);
        let spent = started.elapsed();
        assert!(
            spent >= Duration::from_millis(movetime_ms - 30),
            "{position}, {go}: answered after {spent:?}"
        );
        assert!(!answer.best.is_empty());
    }
}

/// After `ponderhit`, the time already pondered counts towards the move's budget, as in
/// Stockfish: pondered past its hard limit, a search answers at once. With `go ponder movetime
/// 2000`, and with a 10 s clock (hard limit about 2 s), each pondered 2.5 s, the answer must
/// come within half the hard limit of `ponderhit`, 1 s: a loaded machine's delay in answering
/// at once. A search that restarted its movetime there answers no sooner than its 2 s; one
/// that restarted its clock answered 0.3–0.8 s after `ponderhit` with a 4 s clock, about
/// 40–100% of its hard limit of 0.8 s.
#[test]
fn ponderhit_counts_the_time_already_pondered() {
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6"];
    for (go, hard_ms) in [
        ("go ponder movetime 2000", 2000),
        ("go ponder wtime 10000 btime 10000 winc 0 binc 0", 2000),
    ] {
        let mut engine = Engine::start();
        engine.command("setoption name Ponder value true");
        engine.command(&format!("position startpos moves {}", moves.join(" ")));
        engine.send(go);
        // Pondered past the hard limit.
        std::thread::sleep(Duration::from_millis(hard_ms + 500));
        let hit = Instant::now();
        engine.send("ponderhit");
        let (_, best) = engine.read_bestmove();
        let after = hit.elapsed();
        // Half the hard limit: late for a search that answers at once, early for one that
        // starts the move's time afresh.
        let bound = Duration::from_millis(hard_ms / 2);
        assert!(
            after < bound,
            "{go}: answered {after:?} after ponderhit, not within {bound:?}"
        );
        assert_legal_answer(START_FEN, &moves, &bestmove_of(&best));
    }
}
