//! A closed stdout ends every command quietly, as in `engine solve FILE | head -1`: exit status 0,
//! no panic, no backtrace. Each command runs with its stdout on a pipe whose reading end the test
//! closes, either after the first line or before the engine has written anything.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus};
use std::thread::{self, JoinHandle};

use crate::common::{exit_within, spawn_piped, TIMEOUT};

/// When the test closes the reading end of the engine's stdout.
#[derive(Clone, Copy, Debug)]
enum Close {
    AfterFirstLine,
    BeforeAnyOutput,
}

/// How a command ended once its reader had gone.
struct Ending {
    first_line: Option<String>,
    status: ExitStatus,
    stderr: String,
}

fn positions(file: &str) -> String {
    format!("{}/positions/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn spawn(args: &[&str]) -> (Child, ChildStdin, JoinHandle<String>) {
    let mut child = spawn_piped(args);
    let stdin = child.stdin.take().expect("stdin is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let stderr = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    (child, stdin, stderr)
}

/// Waits for the engine to exit; kills it and fails the test if it is still running after [`TIMEOUT`].
fn wait(child: &mut Child, args: &[&str], close: Close) -> ExitStatus {
    exit_within(child, TIMEOUT).unwrap_or_else(|| {
        panic!("engine {args:?} still running {TIMEOUT:?} after its stdout closed ({close:?})")
    })
}

/// Runs `engine args` with `input` on stdin (kept open), closes its stdout as `close` says, and
/// waits for it to end.
fn run_until_reader_leaves(args: &[&str], input: &str, close: Close) -> Ending {
    let (mut child, mut stdin, stderr) = spawn(args);
    // A command that does not read its input may have ended already: ignore a broken pipe here.
    let _ = stdin.write_all(input.as_bytes());
    let stdout = child.stdout.take().expect("stdout is piped");
    let first_line = match close {
        Close::BeforeAnyOutput => {
            drop(stdout);
            None
        }
        Close::AfterFirstLine => {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            reader.read_line(&mut line).expect("the engine writes text");
            Some(line)
        }
    };
    let status = wait(&mut child, args, close);
    drop(stdin);
    Ending {
        first_line,
        status,
        stderr: stderr.join().expect("stderr reader"),
    }
}

/// Asserts that `engine args` ends with status 0 and nothing on stderr but lines `expected_on_stderr`
/// accepts, whichever way its reader goes.
fn assert_quiet_exit(args: &[&str], input: &str, expected_on_stderr: impl Fn(&str) -> bool) {
    for close in [Close::AfterFirstLine, Close::BeforeAnyOutput] {
        let ending = run_until_reader_leaves(args, input, close);
        let what = format!("engine {args:?} ({close:?})");
        if let Some(line) = &ending.first_line {
            assert!(
                !line.is_empty(),
                "{what}: no first line; stderr:\n{}",
                ending.stderr
            );
        }
        assert_eq!(
            ending.status.code(),
            Some(0),
            "{what}: exit {:?}; stderr:\n{}",
            ending.status,
            ending.stderr
        );
        for line in ending.stderr.lines() {
            assert!(
                expected_on_stderr(line),
                "{what}: unexpected on stderr: '{line}'\nstderr:\n{}",
                ending.stderr
            );
        }
        assert!(
            !ending.stderr.contains("panicked") && !ending.stderr.contains("Broken pipe"),
            "{what}: {}",
            ending.stderr
        );
    }
}

fn nothing(_: &str) -> bool {
    false
}

#[test]
fn go_stops_searching_when_stdout_closes() {
    assert_quiet_exit(&["go", "movetime", "100000"], "", nothing);
}

#[test]
fn perft_d_and_eval_end_quietly() {
    let perft_timing = |line: &str| line.starts_with("perft 4: ");
    assert_quiet_exit(&["perft", "4"], "", perft_timing);
    assert_quiet_exit(&["d"], "", nothing);
    assert_quiet_exit(&["eval"], "", nothing);
}

/// A long perft prints each root move's count as it is counted, so a reader that leaves after the
/// first line ends it at the next: exit 0, the count not finished, no summary on stderr.
#[test]
fn a_long_perft_ends_at_its_next_line_when_stdout_closes() {
    let args = ["perft", "7"];
    let ending = run_until_reader_leaves(&args, "", Close::AfterFirstLine);
    let first = ending.first_line.unwrap_or_default();
    let count = first
        .trim_end()
        .split_once(": ")
        .map(|(_, n)| n.parse::<u64>());
    assert!(
        matches!(count, Some(Ok(_))),
        "first line '{first}'; stderr:\n{}",
        ending.stderr
    );
    assert_eq!(ending.status.code(), Some(0), "stderr:\n{}", ending.stderr);
    assert!(ending.stderr.is_empty(), "stderr:\n{}", ending.stderr);
}

#[test]
fn bench_ends_quietly() {
    assert_quiet_exit(&["bench", "2"], "", |line| line.starts_with("Position "));
}

#[test]
fn solve_ends_quietly() {
    let mates = positions("mates.epd");
    assert_quiet_exit(&["solve", &mates, "--nodes", "2000"], "", nothing);
}

#[test]
fn compare_ends_quietly_in_every_format() {
    let seeds = positions("seeds.epd");
    for format in ["table", "csv", "json"] {
        let args = [
            "compare", "--epd", &seeds, "--depth", "1..3", "--format", format,
        ];
        assert_quiet_exit(&args, "", nothing);
    }
}

#[test]
fn play_ends_quietly() {
    let args = [
        "play",
        "--white",
        "Search=AlphaBeta,Depth=1",
        "--black",
        "Search=Random",
        "--games",
        "1000",
    ];
    assert_quiet_exit(&args, "", nothing);
    // With --show the moves and boards go to stdout as well.
    let mut shown = args.to_vec();
    shown.push("--show");
    assert_quiet_exit(&shown, "", nothing);
    // With the PGN on stdout, the lines about each game go to stderr.
    let mut pgn = args.to_vec();
    pgn.extend(["--pgn", "-"]);
    assert_quiet_exit(&pgn, "", |line| line.starts_with("Game "));
}

#[test]
fn the_uci_loop_ends_when_its_reader_goes_away() {
    // stdin stays open: only the closed stdout can end the loop.
    assert_quiet_exit(&[], "uci\nisready\ngo infinite\n", nothing);
}
