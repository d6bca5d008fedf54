//! Black-box tests of the UCI protocol: the built binary driven through pipes.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::common::{
    assert_legal_answer, bestmove_of, is_protocol_line, run, word_after, Engine, START_FEN, TIMEOUT,
};

const MATED_FEN: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
const STALEMATE_FEN: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const CASTLING_FEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

/// How long a search that must wait for `stop` or `ponderhit` is watched for a premature
/// `bestmove`: ten times the longest limit such a search is given (`movetime 200`), so that a
/// loaded machine cannot delay a wrongly released one past it.
const QUIET_WINDOW: Duration = Duration::from_millis(2000);

fn info_strings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

/// The depths of the `info depth N ...` lines, in order.
fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect()
}

/// Waits until `info depth <depth>` has been printed (the search finished that depth).
fn wait_for_depth(engine: &mut Engine, depth: u32) -> Vec<String> {
    let prefix = format!("info depth {depth} ");
    let lines = engine.read_until(&format!("'{prefix}'"), |l| l.starts_with(&prefix));
    assert!(
        bestmoves(&lines).is_empty(),
        "bestmove before depth {depth}: {lines:?}"
    );
    lines
}

/// Asserts that no `bestmove` arrives within the quiet window, nor before the `readyok` of an
/// `isready` sent after it.
fn assert_no_bestmove_yet(engine: &mut Engine, context: &str) {
    let mut lines = engine.collect_for(QUIET_WINDOW);
    lines.extend(engine.sync());
    assert!(
        bestmoves(&lines).is_empty(),
        "{context}: bestmove arrived before it was released: {lines:?}"
    );
}

/// After a bestmove, makes sure no second one follows.
fn assert_no_more_bestmoves(engine: &mut Engine) {
    let mut lines = engine.collect_for(Duration::from_millis(100));
    lines.extend(engine.sync());
    assert!(
        bestmoves(&lines).is_empty(),
        "a second bestmove for one go: {lines:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Handshake

#[test]
fn uci_handshake_lists_identity_and_every_option() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until_line("uciok");
    let version = env!("CARGO_PKG_VERSION");
    // The version, then the commit of the build (checked in tests/cli/identity.rs).
    assert!(
        lines[0].starts_with(&format!("id name engine {version}")),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("id author ") && lines[1].len() > "id author ".len(),
        "{lines:?}"
    );
    let option_lines = &lines[2..lines.len() - 1];
    assert!(
        option_lines.iter().all(|l| l.starts_with("option name ")),
        "only option lines between id and uciok: {lines:?}"
    );

    // name -> the rest of the line after `type`.
    let mut options = BTreeMap::new();
    for line in option_lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let type_at = tokens
            .iter()
            .position(|&t| t == "type")
            .unwrap_or_else(|| panic!("no type in '{line}'"));
        let name = tokens[2..type_at].join(" ");
        let rest: Vec<String> = tokens[type_at + 1..]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(
            options.insert(name.clone(), rest).is_none(),
            "option {name} listed twice"
        );
    }
    let expected = [
        ("Hash", "spin"),
        ("Clear Hash", "button"),
        ("Move Overhead", "spin"),
        ("Ponder", "check"),
        ("Search", "combo"),
        ("Evaluation", "combo"),
        ("Depth", "spin"),
        ("TranspositionTable", "check"),
        ("MoveOrdering", "check"),
        ("Quiescence", "check"),
        ("AspirationWindows", "check"),
        ("NullMove", "check"),
        ("LateMoveReductions", "check"),
        ("Futility", "check"),
        ("Seed", "spin"),
        ("UCI_Chess960", "check"),
        ("EvalFile", "string"),
        ("SyzygyPath", "string"),
        ("SyzygyProbeLimit", "spin"),
        ("Threads", "spin"),
        ("MultiPV", "spin"),
        ("UCI_LimitStrength", "check"),
        ("UCI_Elo", "spin"),
        ("UCI_ShowWDL", "check"),
    ];
    assert_eq!(
        options.len(),
        expected.len(),
        "exactly the documented options: {options:?}"
    );
    for (name, kind) in expected {
        let rest = options
            .get(name)
            .unwrap_or_else(|| panic!("option {name} is missing: {options:?}"));
        assert_eq!(rest[0], kind, "type of {name}");
        let field = |key: &str| -> Option<&str> {
            let at = rest.iter().position(|t| t == key)?;
            rest.get(at + 1).map(String::as_str)
        };
        match kind {
            "spin" => {
                let num = |key| -> i64 {
                    field(key)
                        .and_then(|v| v.parse().ok())
                        .unwrap_or_else(|| panic!("{name}: {key} missing or not a number"))
                };
                let (default, min, max) = (num("default"), num("min"), num("max"));
                assert!(min <= default && default <= max, "{name}: {rest:?}");
            }
            "check" => assert!(
                matches!(field("default"), Some("true" | "false")),
                "{name}: {rest:?}"
            ),
            "combo" => {
                let vars: Vec<&str> = rest
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].as_str())
                    .collect();
                let wanted: &[&str] = match name {
                    "Search" => &["Random", "Minimax", "AlphaBeta", "IterativeDeepening"],
                    _ => &["Material", "Positional", "NNUE"],
                };
                assert_eq!(vars, wanted, "{name}: {rest:?}");
                let default = field("default").expect("combo default");
                assert!(vars.contains(&default), "{name}: default not a var");
            }
            "button" => assert_eq!(rest.len(), 1, "{name}: {rest:?}"),
            // A string's default is a word; `<empty>` for an empty one, as Stockfish.
            "string" => assert_eq!(rest.len(), 3, "{name}: {rest:?}"),
            _ => unreachable!(),
        }
    }

    assert_eq!(
        engine.sync(),
        Vec::<String>::new(),
        "isready -> readyok only"
    );
    engine.send("quit");
    assert!(engine.wait_exit(TIMEOUT).expect("exits").success());
}

#[test]
fn isready_is_answered_before_any_search() {
    let mut engine = Engine::start();
    engine.send("isready");
    assert_eq!(engine.recv(TIMEOUT).as_deref(), Some("readyok"));
}

/// Memory the system can still give, in MB, from /proc/meminfo (None elsewhere).
fn available_memory_mb() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

/// The `max` that `uci` announces for `Hash`.
fn announced_hash_max(engine: &mut Engine) -> u64 {
    engine.send("uci");
    let lines = engine.read_until_line("uciok");
    let hash = lines
        .iter()
        .find(|l| l.starts_with("option name Hash type spin "))
        .unwrap_or_else(|| panic!("no Hash option: {lines:?}"));
    let tokens: Vec<&str> = hash.split_whitespace().collect();
    assert_eq!(
        tokens[..9],
        ["option", "name", "Hash", "type", "spin", "default", "16", "min", "1"]
    );
    assert_eq!(tokens[9], "max", "{hash}");
    tokens[10].parse().expect("a whole number")
}

/// The announced `Hash` maximum is one the engine accepts: half the memory available when it
/// started, and a table that size is taken at once (the system hands out zeroed memory as it
/// is written). Only if a third of that memory has since been taken by others (a size above
/// three quarters of what is left) is it refused, saying so, with the old table kept. One more
/// than the maximum is out of range.
#[test]
fn the_announced_hash_maximum_is_accepted() {
    let available_before = available_memory_mb();
    let mut engine = Engine::start();
    let max = announced_hash_max(&mut engine);
    let available_after = available_memory_mb();
    if let (Some(before), Some(after)) = (available_before, available_after) {
        // Not above half the memory there was (other processes come and go meanwhile).
        assert!(
            max <= before.max(after) / 2 + before.max(after) / 20,
            "Hash max {max} MB with {before}..{after} MB available"
        );
    }
    // Read just before: the engine refuses only what memory cannot hold now (5% spared for
    // what others take in the moment between this read and the engine's).
    let available_now = available_memory_mb();
    let lines = engine.command(&format!("setoption name Hash value {max}"));
    if let Some(now) = available_now.filter(|now| now / 4 * 3 >= max + max / 20) {
        assert!(
            lines.is_empty(),
            "refused with {now} MB available: {lines:?}"
        );
    }
    if !lines.is_empty() {
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with(&format!("info string setoption: Hash {max} MB refused"))
                && lines[0].ends_with("Hash stays 16 MB"),
            "{lines:?}"
        );
        let now = available_memory_mb().expect("refusals come from reading the memory");
        assert!(
            now / 4 * 3 < max + max / 10,
            "refused with {now} MB available: {lines:?}"
        );
    }
    // The table in force, the new one or the old, works.
    engine.command("position startpos moves e2e4");
    let (_, best) = engine.go("go depth 6");
    assert_legal_answer(START_FEN, &["e2e4"], &best);
    let lines = engine.command(&format!("setoption name Hash value {}", max + 1));
    assert_eq!(info_strings(&lines).len(), 1, "{lines:?}");
    assert!(lines[0].contains("out of range 1.."), "{lines:?}");
}

// ---------------------------------------------------------------------------------------------
// Infinite search, stop, ponder

#[test]
fn isready_is_answered_while_searching_and_stop_gives_one_legal_bestmove() {
    let mut engine = Engine::start();
    engine.command("position startpos moves e2e4");
    engine.send("go infinite");
    wait_for_depth(&mut engine, 1);
    engine.send("isready");
    let lines = engine.read_until_line("readyok");
    assert!(bestmoves(&lines).is_empty(), "{lines:?}");
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["e2e4"], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn go_infinite_waits_for_stop_even_when_the_depth_limit_is_reached() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.command("setoption name Depth value 2"),
        Vec::<String>::new()
    );
    engine.send("go infinite");
    wait_for_depth(&mut engine, 2);
    assert_no_bestmove_yet(&mut engine, "go infinite with Depth 2");
    engine.send("isready");
    let lines = engine.read_until_line("readyok");
    assert!(bestmoves(&lines).is_empty(), "{lines:?}");
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn go_infinite_with_a_depth_still_waits_for_stop() {
    // `go infinite depth 1`: the depth is reached at once, but infinite means "until stop".
    let mut engine = Engine::start();
    engine.send("go infinite depth 1");
    wait_for_depth(&mut engine, 1);
    assert_no_bestmove_yet(&mut engine, "go infinite depth 1");
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
}

#[test]
fn ponderhit_releases_the_bestmove_of_a_timed_ponder_search() {
    let mut engine = Engine::start();
    engine.command("setoption name Ponder value true");
    engine.command("position startpos moves d2d4 d7d5");
    engine.send("go ponder movetime 200");
    // Pondering: the movetime does not run, so nothing may come within a window longer than it.
    assert_no_bestmove_yet(&mut engine, "go ponder movetime 200");
    engine.send("ponderhit");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["d2d4", "d7d5"], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn ponderhit_releases_the_bestmove_of_a_ponder_search_on_the_clock() {
    let mut engine = Engine::start();
    engine.send("go ponder wtime 1000 btime 1000 winc 0 binc 0");
    wait_for_depth(&mut engine, 1);
    assert_no_bestmove_yet(&mut engine, "go ponder wtime 1000");
    engine.send("ponderhit");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn a_finished_ponder_search_waits_for_ponderhit() {
    let mut engine = Engine::start();
    engine.send("go ponder depth 2");
    wait_for_depth(&mut engine, 2);
    assert_no_bestmove_yet(&mut engine, "go ponder depth 2");
    engine.send("ponderhit");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
}

#[test]
fn stop_ends_a_ponder_search_with_a_bestmove() {
    let mut engine = Engine::start();
    engine.command("position startpos moves e2e4 c7c5");
    engine.send("go ponder wtime 60000 btime 60000");
    wait_for_depth(&mut engine, 1);
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["e2e4", "c7c5"], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn ponderhit_without_a_ponder_search_is_reported_not_fatal() {
    let mut engine = Engine::start();
    let lines = engine.command("ponderhit");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:?}");
    assert!(bestmoves(&lines).is_empty(), "{lines:?}");
    // `stop` with nothing to stop prints nothing.
    assert_eq!(engine.command("stop"), Vec::<String>::new());
    let (_, best) = engine.go("go depth 1");
    assert_legal_answer(START_FEN, &[], &best);
}

/// A long depth is not silent: at least once a second an `info` line names the depth, the root
/// move being searched and its number (Stockfish's `currmove`, `currmovenumber`), with the node
/// count, speed and time.
#[test]
fn a_long_depth_reports_its_progress() {
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut engine = Engine::start();
    engine.command("setoption name Search value Minimax");
    engine.command(&format!("position fen {KIWIPETE}"));
    engine.send("go infinite");
    // Minimax's depth 5 from Kiwipete is 197,876,243 nodes: seconds on any machine, so a
    // progress line comes before its end, however loaded the machine (waited for, not timed).
    let mut lines = engine.read_until("a currmove line", |l| l.contains(" currmove "));
    engine.send("stop");
    let (rest, best) = engine.read_bestmove();
    assert_legal_answer(KIWIPETE, &[], &bestmove_of(&best));
    lines.extend(rest);
    // Each progress line names the depth under way: one past the last completed depth printed
    // before it (how deep that is depends on the machine's speed, so no fixed depth is asked).
    let mut completed = 0;
    let mut progress = 0;
    let mut last_nodes = 0;
    for line in &lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let value = |key: &str| -> &str {
            word_after(line, key).unwrap_or_else(|| panic!("no {key} in {tokens:?}"))
        };
        let number = |key: &str| -> u64 {
            value(key)
                .parse()
                .unwrap_or_else(|_| panic!("{key} is not a number in {tokens:?}"))
        };
        if tokens.contains(&"pv") {
            completed = number("depth");
            continue;
        }
        if !tokens.contains(&"currmove") {
            continue;
        }
        progress += 1;
        assert_eq!(tokens[..2], ["info", "depth"], "{tokens:?}");
        assert_eq!(number("depth"), completed + 1, "{tokens:?} after {lines:?}");
        assert!(
            crate::common::is_legal(KIWIPETE, &[], value("currmove")),
            "{tokens:?}"
        );
        assert!((1..=48).contains(&number("currmovenumber")), "{tokens:?}");
        assert!(number("nodes") > last_nodes, "{tokens:?}");
        last_nodes = number("nodes");
        assert!(number("nps") > 0, "{tokens:?}");
        // Only after a second without a report.
        assert!(number("time") >= 1000, "{tokens:?}");
    }
    assert!(progress > 0, "no progress line: {lines:?}");
}

// ---------------------------------------------------------------------------------------------
// Positions without a move

#[test]
fn checkmated_and_stalemated_positions_give_bestmove_none() {
    let mut engine = Engine::start();
    for search in ["IterativeDeepening", "AlphaBeta", "Minimax", "Random"] {
        engine.command(&format!("setoption name Search value {search}"));
        for (fen, score) in [(MATED_FEN, "mate 0"), (STALEMATE_FEN, "cp 0")] {
            assert_eq!(
                engine.command(&format!("position fen {fen}")),
                Vec::<String>::new()
            );
            engine.send("go depth 1");
            let (lines, best) = engine.read_bestmove();
            assert_eq!(
                lines,
                vec![format!("info depth 0 score {score}")],
                "{search} in {fen}"
            );
            assert_eq!(best, "bestmove (none)", "{search} in {fen}");
        }
    }
}

#[test]
fn checkmate_reached_through_moves_gives_bestmove_none() {
    // Fool's mate: White is mated.
    let mut engine = Engine::start();
    engine.command("position startpos moves f2f3 e7e5 g2g4 d8h4");
    let (lines, best) = engine.go("go depth 3");
    assert_eq!(lines, vec!["info depth 0 score mate 0".to_string()]);
    assert_eq!(best.best, "(none)");
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn unknown_commands_are_reported() {
    let mut engine = Engine::start();
    let lines = engine.command("xyzzy foo bar");
    assert_eq!(lines, vec!["info string unknown command: xyzzy foo bar"]);
    let lines = engine.command("   Uci");
    assert_eq!(lines, vec!["info string unknown command: Uci"]);
}

#[test]
fn bad_fens_are_reported_and_leave_no_position() {
    let mut engine = Engine::start();
    engine.command("position startpos moves e2e4");
    let kept = engine.fen();
    assert_eq!(
        kept,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let cases = [
        // too few fields
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "field",
        ),
        // 9 squares in a rank
        (
            "position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7",
        ),
        // 9 squares through digits
        (
            "position fen rnbqkbnr/pppppppp/8/8/44P/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 4",
        ),
        // unknown piece letter
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "'X'",
        ),
        // two white kings
        ("position fen 4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "king"),
        // seven ranks
        ("position fen 8/8/8/8/8/8/4k2K w - - 0 1", "8 ranks"),
        // bad side to move
        ("position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        // the side not to move is in check
        ("position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "check"),
        // no FEN at all
        ("position fen", "FEN"),
        ("position", "startpos"),
        ("position middlegame", "middlegame"),
    ];
    for (line, problem) in cases {
        let out = engine.command(line);
        assert_eq!(out.len(), 1, "{line}: exactly one message: {out:?}");
        assert!(
            out[0].starts_with("info string ") && out[0].contains(problem),
            "{line}: the message should name '{problem}': {out:?}"
        );
        assert_no_position(&mut engine, line);
        engine.command("position startpos moves e2e4");
        assert_eq!(engine.fen(), kept);
    }
}

#[test]
fn illegal_moves_anywhere_in_the_list_refuse_the_whole_position() {
    let mut engine = Engine::start();
    engine.command("position startpos moves d2d4 d7d5");
    let kept = engine.fen();
    let cases = [
        ("position startpos moves e2e5 e7e5 g1f3", "e2e5", "move 1"),
        (
            "position startpos moves e2e4 e7e5 e4e5 b8c6",
            "e4e5",
            "move 3",
        ),
        (
            "position startpos moves e2e4 e7e5 g1f3 e8e6",
            "e8e6",
            "move 4",
        ),
        ("position startpos moves e2e4 zz9", "zz9", "move 2"),
        // a move for the wrong side
        ("position startpos moves e2e4 d2d4", "d2d4", "move 2"),
        (
            &format!("position fen {CASTLING_FEN} moves e1g1 e8c8 g1g3"),
            "g1g3",
            "move 3",
        ),
    ];
    for (line, bad_move, which) in cases {
        let out = engine.command(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(
            out[0].starts_with("info string ")
                && out[0].contains(bad_move)
                && out[0].contains(which),
            "{line}: the message should name {bad_move} ({which}): {out:?}"
        );
        assert_no_position(&mut engine, line);
        engine.command("position startpos moves d2d4 d7d5");
        assert_eq!(engine.fen(), kept);
    }
}

/// After the refused `line`, `d` and `go` find no position: `go` answers `bestmove 0000`.
fn assert_no_position(engine: &mut Engine, line: &str) {
    let out = engine.command("d");
    assert!(
        out.len() == 1 && out[0].starts_with("info string no position"),
        "{line}: {out:?}"
    );
    let (_, answer) = engine.go("go depth 2");
    assert_eq!(answer.best, "0000", "{line}");
}

#[test]
fn castling_is_accepted_as_king_two_squares_and_as_king_takes_rook() {
    let mut engine = Engine::start();
    let cases = [
        ("e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        ("e1h1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"),
        ("e1c1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"),
        ("e1a1", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"),
    ];
    for (castle, after) in cases {
        let out = engine.command(&format!("position fen {CASTLING_FEN} moves {castle}"));
        assert_eq!(out, Vec::<String>::new(), "{castle}");
        assert_eq!(engine.fen(), after, "{castle}");
    }
    let with_pawn = "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 0 1";
    for (castle, after) in [
        ("e8g8", "r4rk1/8/8/8/8/P7/8/R3K2R w KQ - 1 2"),
        ("e8h8", "r4rk1/8/8/8/8/P7/8/R3K2R w KQ - 1 2"),
        ("e8c8", "2kr3r/8/8/8/8/P7/8/R3K2R w KQ - 1 2"),
        ("e8a8", "2kr3r/8/8/8/8/P7/8/R3K2R w KQ - 1 2"),
    ] {
        let out = engine.command(&format!("position fen {with_pawn} moves a2a3 {castle}"));
        assert_eq!(out, Vec::<String>::new(), "{castle}");
        assert_eq!(engine.fen(), after, "{castle}");
    }
    // From the start position, through a real opening.
    let moves = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f8";
    let out = engine.command(&format!("position startpos moves {moves}"));
    assert_eq!(out.len(), 1, "g8f8 is not a legal knight move: {out:?}");
    let out = engine.command("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
    assert_eq!(out, Vec::<String>::new());
    assert_eq!(
        engine.fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    // castling given as king-takes-rook in searchmoves; the engine prints it the standard way.
    engine.command(&format!("position fen {CASTLING_FEN}"));
    let (_, best) = engine.go("go depth 2 searchmoves e1h1");
    assert_eq!(best.best, "e1g1");
    let (_, best) = engine.go("go depth 2 searchmoves e1a1");
    assert_eq!(best.best, "e1c1");
}

#[test]
fn four_field_fens_are_accepted() {
    let mut engine = Engine::start();
    let out = engine.command("position fen 4k3/8/8/8/8/8/8/4K2R w K -");
    assert_eq!(out, Vec::<String>::new());
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let out = engine.command("position fen 4k3/8/8/8/8/8/8/4K2R w K - moves e1g1");
    assert_eq!(out, Vec::<String>::new());
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    let (_, best) = engine.go("go depth 2");
    assert_legal_answer("4k3/8/8/8/8/8/8/5RK1 b - - 1 1", &[], &best);
}

/// The deepest `info depth` of `go depth 5`: the Depth option caps it, so it shows the option.
fn depth_option_in_force(engine: &mut Engine) -> u32 {
    let (lines, _) = engine.go("go depth 5");
    depths(&lines).into_iter().max().expect("info depth lines")
}

#[test]
fn bad_setoption_is_reported_and_changes_nothing() {
    let mut engine = Engine::start();
    assert_eq!(
        engine.command("setoption name Depth value 2"),
        Vec::<String>::new()
    );
    assert_eq!(depth_option_in_force(&mut engine), 2);
    let bad = [
        "setoption name Depth value 99999",
        "setoption name Depth value -1",
        "setoption name Depth value three",
        "setoption name Depth value 2.5",
        "setoption name Depth",
        "setoption name Dept value 3",
        "setoption name Nonexistent value 3",
        "setoption name Threads value 0",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Move Overhead value 99999",
        "setoption name Quiescence value maybe",
        "setoption name Search value Negascout",
        "setoption name Evaluation value Neural",
        "setoption name Evaluation",
        "setoption name Seed value -5",
        "setoption name",
        "setoption value 3",
        "setoption",
    ];
    for line in bad {
        let out = engine.command(line);
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].starts_with("info string "), "{line}: {out:?}");
        assert_eq!(
            depth_option_in_force(&mut engine),
            2,
            "{line} changed Depth"
        );
    }
    let out = engine.command("setoption name Nonexistent value 3");
    assert!(
        out[0].contains("Nonexistent"),
        "the message names the option: {out:?}"
    );
    let out = engine.command("setoption name Depth value 99999");
    assert!(
        out[0].contains("99999"),
        "the message names the value: {out:?}"
    );
}

#[test]
fn option_names_ignore_case_and_spacing() {
    let mut engine = Engine::start();
    for line in [
        "setoption name move overhead value 100",
        "setoption name MOVE   OVERHEAD value 50",
        "setoption name clear hash",
        "setoption name hash value 8",
        "setoption name search value alphabeta",
        "setoption name quiescence value FALSE",
        "setoption name seed value 7",
        "setoption name Ponder value true",
    ] {
        assert_eq!(engine.command(line), Vec::<String>::new(), "{line}");
    }
    assert_eq!(
        engine.command("setoption name depth value 3"),
        Vec::<String>::new()
    );
    assert_eq!(depth_option_in_force(&mut engine), 3);
    assert_eq!(
        engine.command("setoption name\tDEPTH  value\t1"),
        Vec::<String>::new()
    );
    assert_eq!(depth_option_in_force(&mut engine), 1);
    // 0 lifts the limit again.
    assert_eq!(
        engine.command("setoption name Depth value 0"),
        Vec::<String>::new()
    );
    assert_eq!(depth_option_in_force(&mut engine), 5);
}

#[test]
fn blank_lines_whitespace_tabs_and_crlf_are_tolerated() {
    let mut engine = Engine::start();
    engine.send_raw(b"\n\n   \n\t\t\n\r\n");
    assert_eq!(
        engine.sync(),
        Vec::<String>::new(),
        "blank lines are ignored"
    );
    engine.send_raw(b"isready\r\n");
    assert_eq!(engine.recv(TIMEOUT).as_deref(), Some("readyok"));
    engine.send_raw(b"  \t uci \t \r\n");
    let lines = engine.read_until_line("uciok");
    assert!(lines[0].starts_with("id name engine"), "{lines:?}");
    engine.send_raw(b"position\tstartpos   moves  e2e4 \t e7e5\t\r\n");
    assert_eq!(engine.sync(), Vec::<String>::new());
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    engine.send_raw(b"position   fen  4k3/8/8/8/8/8/8/4K2R\tw  K  -  0  1 \r\n");
    assert_eq!(engine.sync(), Vec::<String>::new());
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    engine.send_raw(b"setoption  name   Move \t Overhead   value  20\r\n");
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.send_raw(b"go\tdepth   2\r\n");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &[], &bestmove_of(&best));
    // Several commands in one write, mixed line endings.
    engine.send_raw(b"position startpos\r\nd\nisready\r\n");
    let lines = engine.read_until_line("readyok");
    assert!(lines.contains(&format!("Fen: {START_FEN}")), "{lines:?}");
}

#[test]
fn control_characters_in_input_do_not_reach_the_output_raw() {
    let mut engine = Engine::start();
    engine.send_raw(b"foo\x1b[31mbar\x07\n");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string unknown command: foo"));
    assert!(!lines[0].chars().any(|c| c.is_control()), "{lines:?}");
    // Invalid UTF-8 is survivable too.
    engine.send_raw(b"\xff\xfe go\n");
    let lines = engine.sync();
    assert_eq!(info_strings(&lines).len(), 1, "{lines:?}");
}

#[test]
fn repeated_positions_are_accepted_in_the_move_list() {
    let mut engine = Engine::start();
    let out = engine.command("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(out, Vec::<String>::new());
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5"
    );
    let (_, best) = engine.go("go depth 2");
    assert_legal_answer(START_FEN, &[], &best);
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let mut engine = Engine::start();
    let (_, best) = engine.go("go depth 3 searchmoves a2a3");
    assert_eq!(best.best, "a2a3");
    let (_, best) = engine.go("go depth 2 searchmoves h2h4 g1h3");
    assert!(best.best == "h2h4" || best.best == "g1h3", "{best:?}");
}

// ---------------------------------------------------------------------------------------------
// End of input and quit

#[test]
fn end_of_input_lets_a_finite_search_finish() {
    let out = run(&[], "go depth 5\n");
    assert!(out.status.success(), "exit status {:?}", out.status);
    let lines = out.lines();
    assert!(lines.iter().all(|l| is_protocol_line(l)), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1,
        "{lines:?}"
    );
    let last = lines.last().expect("output");
    assert_legal_answer(START_FEN, &[], &bestmove_of(last));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 5 ")),
        "the search was not cut short: {lines:?}"
    );
}

#[test]
fn end_of_input_stops_an_infinite_search() {
    // A ponder search on the clock has limits, yet only `ponderhit` or `stop` ends its
    // pondering: the end of input stops it too.
    for input in [
        "go infinite\n",
        "go ponder\n",
        "go ponder wtime 600000 btime 600000 winc 1000 binc 1000\n",
        "position startpos moves e2e4\ngo infinite",
    ] {
        let out = run(&[], input);
        assert!(out.status.success(), "{input:?}: {:?}", out.status);
        let lines = out.lines();
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("bestmove")).count(),
            1,
            "{input:?}: {lines:?}"
        );
        assert!(lines.last().unwrap().starts_with("bestmove"), "{lines:?}");
    }
}

#[test]
fn end_of_input_runs_commands_queued_behind_a_search() {
    let out = run(
        &[],
        "go depth 3\nposition startpos moves e2e4\ngo depth 2\nd\n",
    );
    assert!(out.status.success());
    let lines = out.lines();
    let best: Vec<&&str> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 2, "{lines:?}");
    assert_legal_answer(START_FEN, &[], &bestmove_of(best[0]));
    assert_legal_answer(START_FEN, &["e2e4"], &bestmove_of(best[1]));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/4P3")));
}

#[test]
fn quit_during_a_search_exits_promptly() {
    for go in [
        "go infinite",
        "go depth 60",
        "go movetime 600000",
        "go ponder",
    ] {
        let mut engine = Engine::start();
        engine.send(go);
        wait_for_depth(&mut engine, 1);
        engine.send("quit");
        let status = engine
            .wait_exit(TIMEOUT)
            .unwrap_or_else(|| panic!("{go}: no exit"));
        assert!(status.success(), "{go}: {status:?}");
        let rest = engine.rest_of_output();
        assert!(rest.iter().all(|l| is_protocol_line(l)), "{rest:?}");
    }
}

#[test]
fn quit_during_perft_exits_promptly() {
    let mut engine = Engine::start();
    engine.send("perft 8");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("quit");
    let status = engine
        .wait_exit(TIMEOUT)
        .expect("quit during perft 8 exits");
    assert!(status.success(), "{status:?}");
}

#[test]
fn stop_interrupts_perft() {
    let mut engine = Engine::start();
    engine.send("perft 8");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    let lines = engine.read_until("perft stopped", |l| l.starts_with("info string"));
    assert_eq!(lines, vec!["info string perft 8 stopped"]);
    engine.send("perft 2");
    let lines = engine.read_until("Nodes searched", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 400");
}

#[test]
fn quit_when_idle_exits_zero_and_ignores_later_input() {
    let out = run(&[], "isready\nquit\ngo depth 3\n");
    assert!(out.status.success());
    assert_eq!(out.stdout, "readyok\n");
}

// ---------------------------------------------------------------------------------------------
// Commands during a search

#[test]
fn commands_during_a_search_do_not_disturb_it() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    wait_for_depth(&mut engine, 1);
    for line in [
        "position startpos moves e2e4",
        "setoption name Hash value 32",
        "setoption name Clear Hash",
        "setoption name Depth value 2",
        "ucinewgame",
        "position startpos moves e2e4 e7e5",
        "uci",
        "d",
        "eval",
        "bogus",
    ] {
        engine.send(line);
    }
    engine.send("isready");
    let lines = engine.read_until_line("readyok");
    assert!(bestmoves(&lines).is_empty(), "{lines:?}");
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    // The search keeps the position it started with.
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
    // What was queued took effect afterwards: the position and Depth 2.
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let (lines, best) = engine.go("go depth 4");
    assert_eq!(depths(&lines), vec![1, 2]);
    assert_legal_answer(START_FEN, &["e2e4", "e7e5"], &best);
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let mut engine = Engine::start();
    // Two searches sent back to back: the second waits for the first.
    engine.send("go depth 3");
    engine.send("position startpos moves g1f3");
    engine.send("go depth 2");
    engine.send("go infinite");
    engine.send("go depth 1");
    let (_, first) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&first));
    let (_, second) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["g1f3"], &bestmove_of(&second));
    // The infinite search is now running: nothing until stop.
    assert_no_bestmove_yet(&mut engine, "queued go infinite");
    engine.send("stop");
    let (_, third) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["g1f3"], &bestmove_of(&third));
    let (_, fourth) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &["g1f3"], &bestmove_of(&fourth));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn stop_right_after_go_still_gives_a_legal_move() {
    let mut engine = Engine::start();
    for _ in 0..20 {
        engine.send("go infinite");
        engine.send("stop");
        let (_, best) = engine.read_bestmove();
        assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    }
    engine.send("go movetime 1");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    engine.send("go nodes 1");
    let (_, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    assert_no_more_bestmoves(&mut engine);
}

#[test]
fn protocol_output_only_on_stdout() {
    let input = "uci\nisready\nsetoption name Depth value 3\nposition startpos moves e2e4\n\
                 go depth 3\nsetoption name Search value Minimax\ngo depth 2\n\
                 setoption name Search value Random\ngo depth 2\nucinewgame\nisready\n";
    let out = run(&[], input);
    assert!(out.status.success());
    for line in out.lines() {
        assert!(
            is_protocol_line(line),
            "non-protocol line on stdout: '{line}'"
        );
    }
    assert_eq!(
        out.lines()
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count(),
        3
    );
}

#[test]
fn stop_also_ends_a_search_still_waiting_behind_another() {
    // The second `go` is queued behind the first when `stop` arrives: both must end.
    let mut engine = Engine::start();
    engine.send_raw(b"go depth 60\ngo infinite\nstop\n");
    let (_, first) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&first));
    let (_, second) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&second));
    assert_no_more_bestmoves(&mut engine);
    // A queued perft is stopped too, and the engine goes on.
    engine.send_raw(b"go infinite\nperft 9\nstop\n");
    engine.read_bestmove();
    let (_, best) = engine.go("go depth 1");
    assert_legal_answer(START_FEN, &[], &best);
}

#[test]
fn ponderhit_reaches_a_ponder_search_still_waiting_behind_another() {
    let mut engine = Engine::start();
    engine.send_raw(b"go movetime 200\ngo ponder movetime 100\nponderhit\n");
    let (_, first) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&first));
    let (lines, second) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&second));
    assert!(
        !lines.iter().any(|l| l.contains("no search is pondering")),
        "{lines:?}"
    );
}

#[test]
fn ponderhit_reaches_the_pondering_search_past_an_option_queued_behind_it() {
    // Only a queued search takes `ponderhit` for itself: an option waiting behind the ponder
    // search does not, and the running search is released at once.
    let mut engine = Engine::start();
    engine.send_raw(b"go ponder movetime 100\nsetoption name Hash value 1\nponderhit\n");
    let (lines, best) = engine.read_bestmove();
    assert_legal_answer(START_FEN, &[], &bestmove_of(&best));
    assert!(
        !lines.iter().any(|l| l.contains("no search is pondering")),
        "{lines:?}"
    );
    assert!(
        engine.sync().is_empty(),
        "the option's answer after readyok"
    );
}

#[test]
fn after_bestmove_the_engine_is_idle_for_the_next_command() {
    // A GUI reads `bestmove`, then sends setoption + isready: the setoption must have been
    // handled (here: its error reported) before `readyok`, never after it.
    let mut engine = Engine::start();
    for round in 0..50 {
        engine.send("go depth 1");
        engine.read_bestmove();
        let lines = engine.command("setoption name Depth value 99999");
        assert_eq!(
            info_strings(&lines).len(),
            1,
            "round {round}: the setoption answer came after readyok: {lines:?}"
        );
    }
    assert!(engine.collect_for(Duration::from_millis(50)).is_empty());
}

#[test]
fn go_infinite_without_a_legal_move_still_waits_for_stop() {
    let mut engine = Engine::start();
    engine.command(&format!("position fen {MATED_FEN}"));
    engine.send("go infinite");
    let lines = engine.read_until_line("info depth 0 score mate 0");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_no_bestmove_yet(&mut engine, "go infinite when mated");
    engine.send("stop");
    let (lines, best) = engine.read_bestmove();
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(best, "bestmove (none)");
}
