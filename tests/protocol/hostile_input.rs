//! Bad input never breaks the engine: a table of hostile inputs, each run in a fresh process.
//!
//! For every row: the process exits 0, stdout carries only protocol lines, every rejected
//! command gets exactly the expected `info string` lines (naming what was wrong), the position
//! and options stay as they were, `isready` is still answered, and each `go` gets exactly one
//! legal `bestmove`. A refused `position` leaves no position: `d` and `go` then answer with an
//! `info string`, and `go` with `bestmove 0000`.

use crate::common::{is_legal, is_protocol_line, run_bytes};

/// The position every row starts from, and the FEN `d` shows for it.
const SETUP: &str = "position startpos moves e2e4 e7e5\nsetoption name Depth value 2\n";
const SETUP_FEN: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const SETUP_MOVES: &[&str] = &["e2e4", "e7e5"];

struct Case {
    name: &'static str,
    /// Sent after [`SETUP`].
    input: &'static [u8],
    /// Substrings of the one `info string` line the input must produce (none: no such line).
    messages: &'static [&'static str],
    /// `bestmove` lines expected.
    bestmoves: usize,
}

const fn case(
    name: &'static str,
    input: &'static [u8],
    messages: &'static [&'static str],
    bestmoves: usize,
) -> Case {
    Case {
        name,
        input,
        messages,
        bestmoves,
    }
}

const CASES: &[Case] = &[
    // Lines that are not commands.
    case("empty line", b"\n", &[], 0),
    case("whitespace-only line", b"  \t \t  \n", &[], 0),
    case("CR LF line ends", b"isready\r\n\r\n", &[], 0),
    case("tabs and repeated spaces", b"go\t depth \t 1\n", &[], 1),
    case(
        "unknown command",
        b"xyzzy 42\n",
        &["unknown command: xyzzy"],
        0,
    ),
    case("NUL bytes", b"\0\0is\0ready\0\n", &["unknown command"], 0),
    case(
        "non-UTF-8 bytes",
        b"\xff\xfe\xc3go depth 1\n",
        &["unknown command"],
        0,
    ),
    case(
        "non-UTF-8 inside a known command",
        b"position startpos moves \xff\xfe\n",
        &["not a move"],
        0,
    ),
    // position
    case(
        "position with no argument",
        b"position\n",
        &["position needs 'startpos' or 'fen"],
        0,
    ),
    case(
        "position with an unknown argument",
        b"position somewhere\n",
        &["got 'somewhere'"],
        0,
    ),
    case("fen with no FEN", b"position fen\n", &["needs a FEN"], 0),
    case(
        "fen with too few fields",
        b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\n",
        &["6 fields"],
        0,
    ),
    case(
        "fen with 9 squares in a rank",
        b"position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        &["9 squares"],
        0,
    ),
    case(
        "fen with an unknown piece letter",
        b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n",
        &["unknown piece letter 'X'"],
        0,
    ),
    case(
        "fen with no king",
        b"position fen 8/8/8/8/8/8/8/4K3 w - - 0 1\n",
        &["king is missing"],
        0,
    ),
    case(
        "fen with two white kings",
        b"position fen 4k3/8/8/8/8/8/8/3KK3 w - - 0 1\n",
        &["more than one king"],
        0,
    ),
    case(
        "fen with a pawn on the last rank",
        b"position fen 4k2P/8/8/8/8/8/8/4K3 w - - 0 1\n",
        &["first or last rank"],
        0,
    ),
    case(
        "fen with a pawn on the first rank",
        b"position fen 4k3/8/8/8/8/8/8/p3K3 w - - 0 1\n",
        &["first or last rank"],
        0,
    ),
    case(
        "fen where the side to move gives check",
        b"position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\n",
        &["not to move is in check"],
        0,
    ),
    case(
        "fen with a bad side to move",
        b"position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1\n",
        &["side to move"],
        0,
    ),
    case(
        "fen with a bad clock",
        b"position fen 4k3/8/8/8/8/8/8/4K3 w - - x 1\n",
        &["halfmove clock"],
        0,
    ),
    // moves
    case(
        "unknown move first",
        b"position startpos moves e9e4 e7e5\n",
        &["move 1", "'e9e4' is not a move"],
        0,
    ),
    case(
        "unknown move in the middle",
        b"position startpos moves e2e4 zz e7e5\n",
        &["move 2", "'zz' is not a move"],
        0,
    ),
    case(
        "unknown move last",
        b"position startpos moves e2e4 e7e5 g1f3 qq\n",
        &["move 4", "'qq' is not a move"],
        0,
    ),
    case(
        "illegal move first",
        b"position startpos moves e2e5 e7e5\n",
        &["move 1", "'e2e5' is not a legal move"],
        0,
    ),
    case(
        "illegal move in the middle",
        b"position startpos moves e2e4 e7e5 e1e3 b8c6\n",
        &["move 3", "'e1e3' is not a legal move"],
        0,
    ),
    case(
        "illegal move last",
        b"position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6 a1a8\n",
        &["move 9", "'a1a8' is not a legal move"],
        0,
    ),
    // go
    case(
        "go depth -1",
        b"go depth -1\n",
        &["depth -1 is out of range"],
        1,
    ),
    case(
        "go depth 0",
        b"go depth 0\n",
        &["depth 0 is out of range"],
        1,
    ),
    case(
        "go depth 100000",
        b"go depth 100000\n",
        &["depth 100000 is out of range"],
        1,
    ),
    case(
        "go movetime abc",
        b"go movetime abc depth 1\n",
        &["movetime needs a whole number, got 'abc'"],
        1,
    ),
    case(
        "go movetime abc alone waits for stop",
        b"go movetime abc\nstop\n",
        &["movetime needs a whole number"],
        1,
    ),
    case("go wtime negative", b"go wtime -1500 btime 1000\n", &[], 1),
    case(
        "go nodes 0",
        b"go nodes 0\n",
        &["nodes 0 is out of range"],
        1,
    ),
    case(
        "go with an unknown parameter",
        b"go sideways depth 1\n",
        &["unknown parameter 'sideways'"],
        1,
    ),
    case(
        "go searchmoves with an illegal move",
        b"go depth 1 searchmoves a1a5 d2d4\n",
        &["searchmoves", "'a1a5'"],
        1,
    ),
    case(
        "go while a search is running",
        b"go infinite\ngo depth 1\nstop\n",
        &["waits"],
        2,
    ),
    case(
        "go perft with no depth",
        b"go perft\n",
        &["perft needs a depth"],
        0,
    ),
    // setoption
    case(
        "setoption with no name",
        b"setoption\n",
        &["setoption needs 'name"],
        0,
    ),
    case(
        "setoption name with nothing after it",
        b"setoption name\n",
        &["no option name"],
        0,
    ),
    case(
        "setoption with an unknown name",
        b"setoption name Cores value 4\n",
        &["no such option: 'Cores'"],
        0,
    ),
    case(
        "setoption with a value out of range",
        b"setoption name Depth value 65\n",
        &["out of range"],
        0,
    ),
    case(
        "setoption with a negative value",
        b"setoption name Depth value -3\n",
        &["out of range"],
        0,
    ),
    case(
        "setoption with a value of the wrong type",
        b"setoption name Depth value deep\n",
        &["whole number"],
        0,
    ),
    case(
        "setoption check with a non-boolean",
        b"setoption name Quiescence value maybe\n",
        &["true or false"],
        0,
    ),
    case(
        "setoption combo with an unknown value",
        b"setoption name Search value Negascout\n",
        &["must be one of"],
        0,
    ),
    case(
        "setoption spin with no value",
        b"setoption name Hash\n",
        &["needs a value"],
        0,
    ),
    case(
        "Hash above the largest ever announced",
        b"setoption name Hash value 1048577\n",
        &["out of range"],
        0,
    ),
    case(
        "UCI_Chess960 with a non-boolean",
        b"setoption name UCI_Chess960 value yes\n",
        &["UCI_Chess960", "true or false"],
        0,
    ),
    case(
        "a Chess960 FEN without UCI_Chess960",
        b"position fen rk5r/8/8/8/8/8/8/RK4R1 w GAha - 0 1\n",
        &["castling rights", "UCI_Chess960"],
        0,
    ),
    case(
        "SyzygyPath that cannot be read",
        b"setoption name SyzygyPath value /no/such/syzygy\n",
        &["SyzygyPath", "/no/such/syzygy", "stay"],
        0,
    ),
    case(
        "EvalFile that does not exist",
        b"setoption name EvalFile value /no/such/net.nnue\n",
        &["EvalFile", "/no/such/net.nnue", "stays"],
        0,
    ),
    case(
        "EvalFile that is not a net",
        concat!(
            "setoption name EvalFile value ",
            env!("CARGO_MANIFEST_DIR"),
            "/Cargo.toml\n"
        )
        .as_bytes(),
        &["EvalFile", "not a net file", "stays"],
        0,
    ),
    case(
        "SyzygyProbeLimit above 7",
        b"setoption name SyzygyProbeLimit value 8\n",
        &["SyzygyProbeLimit", "out of range"],
        0,
    ),
    // during a search
    case(
        "setoption while a search runs",
        b"go infinite\nsetoption name Hash value 8\nstop\n",
        &["waits"],
        1,
    ),
    case(
        "ucinewgame while a search runs",
        b"go infinite\nucinewgame\nstop\n",
        &["waits"],
        1,
    ),
    case("stop with no search", b"stop\n", &[], 0),
    case(
        "ponderhit with no search",
        b"ponderhit\n",
        &["no search is pondering"],
        0,
    ),
    case(
        "ponderhit while a search that is not pondering runs",
        b"go infinite\nponderhit\nstop\n",
        &["no search is pondering"],
        1,
    ),
    case(
        "isready while a search runs",
        b"go infinite\nisready\nstop\n",
        &[],
        1,
    ),
];

#[test]
fn every_hostile_input_is_answered_and_changes_nothing() {
    let mut failures = Vec::new();
    for case in CASES {
        if let Err(why) = check(case) {
            failures.push(format!("{}: {why}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

fn check(case: &Case) -> Result<(), String> {
    let mut input = SETUP.as_bytes().to_vec();
    input.extend_from_slice(case.input);
    // The probe: the position shown by `d`, the Depth cap still 2, and isready answered.
    input.extend_from_slice(b"d\ngo depth 5\nisready\n");
    let run = run_bytes(&[], &input);
    if !run.status.success() {
        return Err(format!("exit status {:?}", run.status));
    }
    let lines = run.lines();
    let display = ["Fen:", "Key:", "Checkers:", "+---", "|", "a   b"];
    if let Some(bad) = lines.iter().find(|l| {
        !is_protocol_line(l)
            && !l.is_empty()
            && !display.iter().any(|d| l.trim_start().starts_with(d))
    }) {
        return Err(format!("not a protocol line: {bad:?}"));
    }
    let infos: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect();
    if refuses_position(case) {
        return check_refused(case, &lines, &infos);
    }
    let expected = usize::from(!case.messages.is_empty());
    if infos.len() != expected {
        return Err(format!(
            "expected {expected} info string line(s), got {infos:?}"
        ));
    }
    for message in case.messages {
        if !infos.iter().any(|l| l.contains(message)) {
            return Err(format!("no info string mentions {message:?}: {infos:?}"));
        }
    }
    let fen = lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .ok_or("no Fen line")?;
    if fen != SETUP_FEN {
        return Err(format!("the position changed to {fen}"));
    }
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    if bestmoves.len() != case.bestmoves + 1 {
        return Err(format!(
            "expected {} bestmove(s) for the input, got {bestmoves:?}",
            case.bestmoves
        ));
    }
    let probe = bestmoves
        .last()
        .and_then(|b| b.split_whitespace().next())
        .unwrap_or("");
    if !is_legal(crate::common::START_FEN, SETUP_MOVES, probe) {
        return Err(format!("illegal probe bestmove {probe}"));
    }
    let deepest = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .max();
    if deepest > Some(2) {
        return Err(format!(
            "the Depth option changed: the probe reached depth {deepest:?}"
        ));
    }
    if !lines.contains(&"readyok") {
        return Err("no readyok".into());
    }
    Ok(())
}

/// A `position` line answered with an `info string` is refused.
fn refuses_position(case: &Case) -> bool {
    case.input.starts_with(b"position") && !case.messages.is_empty()
}

/// After a refused `position`: its reason, then `d` and `go` answered without a position, and
/// `go` with the null move; `isready` still answered.
fn check_refused(case: &Case, lines: &[&str], infos: &[&&str]) -> Result<(), String> {
    let [refusal, display, search] = infos else {
        return Err(format!("expected 3 info string lines, got {infos:?}"));
    };
    if let Some(missing) = case.messages.iter().find(|m| !refusal.contains(*m)) {
        return Err(format!(
            "the refusal does not mention {missing:?}: {refusal}"
        ));
    }
    if ![display, search].iter().all(|l| l.contains("no position")) {
        return Err(format!("d and go must say there is no position: {infos:?}"));
    }
    let bestmoves: Vec<&&str> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    if bestmoves != [&"bestmove 0000"] || lines.iter().any(|l| l.starts_with("Fen:")) {
        return Err(format!("expected only bestmove 0000, got {lines:?}"));
    }
    if !lines.contains(&"readyok") {
        return Err("no readyok".into());
    }
    Ok(())
}

/// `position` during a running search is for the next search only: the running search answers
/// with a move of the position it was searching (White's, after 1.e4 e5), while `d` and the
/// next `go` are of the new one (after 1.d4, Black to move); nothing is refused.
#[test]
fn position_during_a_search_is_for_the_next_search_only() {
    let mut input = SETUP.as_bytes().to_vec();
    input.extend_from_slice(
        b"go infinite\nposition startpos moves d2d4\nisready\nstop\nd\ngo depth 5\nisready\n",
    );
    let run = run_bytes(&[], &input);
    assert!(run.status.success(), "{:?}", run.status);
    let lines = run.lines();
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
    assert_eq!(
        fen,
        Some("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"),
        "{lines:?}"
    );
    let bestmoves: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let [running, next] = bestmoves[..] else {
        panic!("expected two bestmoves: {lines:?}");
    };
    let start = crate::common::START_FEN;
    assert!(
        is_legal(start, SETUP_MOVES, running),
        "{running}: {lines:?}"
    );
    assert!(is_legal(start, &["d2d4"], next), "{next}: {lines:?}");
}

#[test]
fn very_long_lines_are_handled() {
    let mut input = SETUP.as_bytes().to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend_from_slice(b"\nposition startpos moves ");
    for _ in 0..20_000 {
        input.extend_from_slice(b"g1f3 g8f6 f3g1 f6g8 ");
    }
    input.extend_from_slice(b"\nd\nisready\n");
    let run = run_bytes(&[], &input);
    assert!(run.status.success());
    let lines = run.lines();
    let unknown = lines
        .iter()
        .find(|l| l.starts_with("info string unknown command"))
        .expect("the long line is reported");
    assert!(unknown.len() < 2000, "the echo of a 1 MB line is cut short");
    assert!(lines.contains(&"readyok"));
    // 80,000 moves that shuffle knights: accepted, the fifty-move counter is not a legality rule.
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")));
}

#[test]
fn quit_in_the_middle_of_a_search_exits_zero() {
    for search in ["Minimax", "AlphaBeta", "IterativeDeepening"] {
        let input = format!(
            "setoption name Search value {search}\ngo infinite\nisready\nquit\ngo depth 1\n"
        );
        let run = run_bytes(&[], input.as_bytes());
        assert!(run.status.success(), "{search}: {:?}", run.status);
        let bestmoves = run
            .lines()
            .iter()
            .filter(|l| l.starts_with("bestmove "))
            .count();
        assert!(
            bestmoves <= 1,
            "{search}: nothing runs after quit: {}",
            run.stdout
        );
    }
}
