//! Shared helpers for the black-box tests: spawn the built `engine` binary, talk to it through
//! pipes, and read its stdout line by line with timeouts (a reader thread feeds a channel).

#![allow(dead_code)]

pub mod search;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

/// Path of the binary under test.
pub const ENGINE: &str = env!("CARGO_BIN_EXE_engine");

/// How long to wait for an answer that should come quickly. Generous: tests never assert timings.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A running engine, spoken to over its stdin and stdout.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts the engine in UCI mode.
    pub fn start() -> Engine {
        Engine::start_with_args(&[])
    }

    /// Starts the engine with command-line arguments.
    pub fn start_with_args(args: &[&str]) -> Engine {
        let mut child = spawn_piped(args);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = std::io::BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match std::io::BufRead::read_until(&mut reader, b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buffer);
                        let line = text.strip_suffix('\n').unwrap_or(&text).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let collected = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&collected);
        thread::spawn(move || {
            let mut stderr = stderr;
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&chunk[..n]));
            }
        });
        Engine {
            child,
            stdin,
            lines,
            stderr: collected,
            transcript: Vec::new(),
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Sends bytes exactly as given.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None if none arrives within `timeout` (or stdout closed).
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns all of them, the matching one last.
    /// Panics (with the transcript) if none arrives within [`TIMEOUT`].
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => panic!(
                    "no {what} within {TIMEOUT:?}; transcript:\n{}\nstderr:\n{}",
                    self.transcript.join("\n"),
                    self.stderr()
                ),
            }
        }
    }

    /// Reads up to and including the line equal to `expected`.
    pub fn read_until_line(&mut self, expected: &str) -> Vec<String> {
        self.read_until(&format!("'{expected}'"), |line| line == expected)
    }

    /// Reads up to and including the `bestmove` line; returns (lines before it, the bestmove line).
    pub fn read_bestmove(&mut self) -> (Vec<String>, String) {
        let mut lines = self.read_until("bestmove", |line| line.starts_with("bestmove"));
        let best = lines.pop().expect("read_until returns the match last");
        (lines, best)
    }

    /// Every line that arrives within `window` (waits the whole window).
    pub fn collect_for(&mut self, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return lines;
            }
            if let Some(line) = self.recv(left) {
                lines.push(line);
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until_line("readyok");
        lines.pop();
        lines
    }

    /// Sends `line`, then syncs; returns what the engine printed in between.
    pub fn command(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.sync()
    }

    /// The FEN of the current position, as `d` shows it.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until("'Fen: ' line", |line| line.starts_with("Fen: "));
        let fen = lines.last().expect("non-empty")["Fen: ".len()..].to_string();
        // The rest of the `d` output (key, checkers) comes before readyok.
        self.sync();
        fen
    }

    /// Sends `go ...` and returns (info lines, the answer of `bestmove`).
    pub fn go(&mut self, line: &str) -> (Vec<String>, Bestmove) {
        self.send(line);
        let (lines, best) = self.read_bestmove();
        (lines, bestmove_of(&best))
    }

    /// Waits for the process to exit; None if it is still running after `timeout` (it is killed then).
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait works") {
                return Some(status);
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return None;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Every line left on stdout until it closes (after the process exits).
    pub fn rest_of_output(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Some(line) = self.recv(TIMEOUT) {
            lines.push(line);
        }
        lines
    }

    /// The process id of the engine.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the engine wrote on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The answer of a `bestmove <move> [ponder <move>]` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bestmove {
    /// The move played, or `(none)`.
    pub best: String,
    pub ponder: Option<String>,
}

/// Parses a `bestmove <move> [ponder <move>]` line, keeping both moves.
pub fn bestmove_of(line: &str) -> Bestmove {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    assert!(
        tokens.len() == 2 || (tokens.len() == 4 && tokens[2] == "ponder"),
        "malformed bestmove line: '{line}'"
    );
    assert_eq!(tokens[0], "bestmove", "not a bestmove line: '{line}'");
    Bestmove {
        best: tokens[1].to_string(),
        ponder: tokens.get(3).map(|m| m.to_string()),
    }
}

/// The word after the first `key` in a line of words (`info … nodes 1234 …`), if there is one.
pub fn word_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()
}

/// The number after the first `key` in a line of words, if there is one.
pub fn number_after(line: &str, key: &str) -> Option<u64> {
    word_after(line, key)?.parse().ok()
}

/// The position of a FEN, parsed by shakmaty itself (not by the engine's code).
pub fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("test FEN '{fen}' does not parse: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("test FEN '{fen}' is not legal: {e}"))
}

/// Whether `text` is a legal move (UCI notation) in the position of `fen` after `moves`.
pub fn is_legal(fen: &str, moves: &[&str], text: &str) -> bool {
    let mut pos = position(fen);
    for m in moves {
        let m = m
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&pos).ok())
            .unwrap_or_else(|| panic!("test move {m} is not legal"));
        pos.play_unchecked(m);
    }
    let Ok(uci) = text.parse::<UciMove>() else {
        return false;
    };
    // The engine must print castling as king-to-destination (e1g1), the standard UCI form.
    match uci.to_move(&pos) {
        Ok(m) => m.to_uci(CastlingMode::Standard).to_string() == text,
        Err(_) => false,
    }
}

/// Asserts that `text` is a legal move, with a helpful message.
pub fn assert_legal(fen: &str, moves: &[&str], text: &str) {
    assert!(
        is_legal(fen, moves, text),
        "bestmove '{text}' is not a legal move in '{fen}' after {moves:?}"
    );
}

/// Asserts that an answer's move is legal in the position of `fen` after `moves`, and that its
/// ponder move, when given, is legal after it.
pub fn assert_legal_answer(fen: &str, moves: &[&str], answer: &Bestmove) {
    assert_legal(fen, moves, &answer.best);
    if let Some(ponder) = &answer.ponder {
        let mut line = moves.to_vec();
        line.push(&answer.best);
        assert!(
            is_legal(fen, &line, ponder),
            "ponder '{ponder}' is not a legal reply to '{}' in '{fen}' after {moves:?}",
            answer.best
        );
    }
}

/// Result of running the binary to completion.
pub struct Run {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Runs the binary with `args` and `input` on stdin, to completion (killed after [`TIMEOUT`] * 3).
pub fn run(args: &[&str], input: &str) -> Run {
    run_bytes(args, input.as_bytes())
}

/// The child's exit status once it exits within `limit`; None (the child killed) if it does not.
pub fn exit_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().expect("try_wait works") {
            return Some(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// The engine started with `args`, its stdin, stdout and stderr piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    Command::new(ENGINE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine binary starts")
}

/// [`run`] with raw bytes on stdin (invalid UTF-8, NUL bytes, ...).
pub fn run_bytes(args: &[&str], input: &[u8]) -> Run {
    run_within(args, input, TIMEOUT * 3)
}

/// [`run_bytes`] for a command that takes long (killed after `limit`).
pub fn run_within(args: &[&str], input: &[u8], limit: Duration) -> Run {
    let mut child = spawn_piped(args);
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        // The engine may exit without reading everything: ignore a broken pipe.
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let out = thread::spawn(move || {
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text);
        text
    });
    let err = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = exit_within(&mut child, limit)
        .unwrap_or_else(|| panic!("engine {args:?} did not exit within {limit:?}"));
    let _ = writer.join();
    Run {
        status,
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
    }
}

/// Whether a stdout line is one the UCI protocol (or the engine's documented `d`/`perft`
/// console commands) may print.
pub fn is_protocol_line(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    matches!(
        first,
        "id" | "option" | "uciok" | "readyok" | "info" | "bestmove"
    )
}

/// Runs a python-chess script from tests/python/ against the built engine and checks that it
/// passed: exit status 0 and a last line "N passed, 0 failed" with N > 0.
#[allow(dead_code)]
pub fn run_python_script(name: &str) {
    let script = format!("{}/tests/python/{name}", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(&script)
        .arg(ENGINE)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is missing: pip install chess"
    );
    assert!(
        output.status.success(),
        "{name} failed:\n{stdout}\n{stderr}"
    );
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        last.ends_with(" passed, 0 failed") && !last.starts_with("0 passed"),
        "{stdout}"
    );
}
