//! The UCI front end: lines in, parsed into commands for the engine; the engine's events out,
//! formatted as protocol lines by the one writer of stdout.

pub mod command;
pub mod format;
pub mod output;

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread;

use shakmaty::CastlingMode;

use crate::engine::command::Command;
use crate::engine::event::Event;
use crate::engine::{Engine, Flow};
use crate::search::Report;
use output::Output;

/// What reaches the loop: input lines (or commands from the command line), the end of input,
/// and the end of an engine task.
#[derive(Debug)]
pub enum Input {
    Line(String),
    Command(Command),
    InputClosed,
    TaskDone,
}

/// Longest input line kept; the rest of a longer line is dropped with a message.
const MAX_LINE_BYTES: u64 = 16 << 20;

/// Runs the UCI loop on `input` until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static>(input: R, output: Output) {
    let (inputs, received) = mpsc::channel();
    let mut engine = connect(output.clone(), inputs.clone());
    spawn_reader(input, inputs, output.clone());
    serve(&mut engine, &output, &received);
}

/// Runs the engine on `commands` (the command line's), then as if the input had closed: a
/// search runs to its end, or is stopped if only `stop` would end it.
pub fn run_commands(commands: Vec<Command>, output: Output) {
    let (inputs, received) = mpsc::channel();
    let mut engine = connect(output.clone(), inputs.clone());
    for command in commands {
        let _ = inputs.send(Input::Command(command));
    }
    let _ = inputs.send(Input::InputClosed);
    serve(&mut engine, &output, &received);
}

/// An engine whose events are printed on `output`, and whose tasks report their end on `inputs`.
pub fn connect(output: Output, inputs: Sender<Input>) -> Engine {
    let notation = Notation::default();
    let sink = Arc::new(move |event: Event| print(&output, &notation, &event));
    let task_done = Arc::new(move || {
        let _ = inputs.send(Input::TaskDone);
    });
    Engine::new(sink, task_done)
}

/// Feeds the inputs to the engine until it quits or has nothing left to do after the input closed.
pub fn serve(engine: &mut Engine, output: &Output, inputs: &Receiver<Input>) {
    while let Ok(input) = inputs.recv() {
        let flow = match input {
            Input::Line(line) => handle_line(engine, output, &line),
            Input::Command(command) => engine.handle(command),
            Input::InputClosed => {
                engine.on_input_closed();
                Flow::Continue
            }
            Input::TaskDone => {
                engine.on_task_done();
                Flow::Continue
            }
        };
        if flow == Flow::Quit || engine.is_finished() {
            break;
        }
    }
}

/// Parses one input line and hands the command to the engine; what cannot be parsed is
/// answered on `output`.
pub fn handle_line(engine: &mut Engine, output: &Output, line: &str) -> Flow {
    match command::parse(line) {
        Ok(Some(command)) => engine.handle(command),
        Ok(None) => Flow::Continue,
        Err(message) => {
            output.info_string(&message);
            Flow::Continue
        }
    }
}

/// How moves are written: castling as e1g1, or as king-takes-rook once `UCI_Chess960` is on.
#[derive(Debug, Default)]
pub struct Notation {
    chess960: AtomicBool,
}

impl Notation {
    pub fn mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960.load(Ordering::Relaxed))
    }
}

/// Writes an engine event as protocol text (and on stderr a completed perft's time, after its
/// lines, and the progress of bench).
pub fn print(output: &Output, notation: &Notation, event: &Event) {
    let mode = notation.mode();
    match event {
        Event::Id { name, author } => {
            output.line(&format!("id name {name}"));
            output.line(&format!("id author {author}"));
        }
        Event::Options(specs) => specs
            .iter()
            .for_each(|spec| output.line(&format::option(spec))),
        Event::UciOk => output.line("uciok"),
        Event::ReadyOk => output.line("readyok"),
        Event::Search(Report::Iteration(iteration)) => {
            output.line(&format::iteration(iteration, mode))
        }
        Event::Search(Report::Progress(progress)) => output.line(&format::progress(progress, mode)),
        Event::Search(Report::Stats {
            depth,
            stats,
            thread_nodes,
        }) => output.info_string(&format::stats(*depth, stats, *thread_nodes)),
        Event::NoLegalMove {
            in_check,
            multipv,
            wdl,
        } => output.line(&format::no_legal_move(*in_check, *multipv, *wdl)),
        Event::BestMove { best, ponder } => output.line(&format::bestmove(*best, *ponder, mode)),
        Event::NullMove => output.line(format::NULL_BESTMOVE),
        Event::Message(text) => output.info_string(text),
        Event::PerftMove { root_move, count } => {
            output.line(&format::perft_move(*root_move, *count, mode))
        }
        Event::Perft(report) => {
            output.line(&format::perft_total(report));
            let (depth, total) = (report.depth, report.total());
            let millis = report.time.as_millis();
            Output::stderr().line(&format!("perft {depth}: {total} nodes in {millis} ms"));
        }
        Event::PerftStopped { depth } => {
            output.info_string(&format!("perft {depth} stopped"));
            Output::stderr().line(&format!("perft {depth}: stopped"));
        }
        Event::BenchPosition(step) => Output::stderr().line(&format::bench_position(step)),
        Event::Bench(summary) => output.line(&format::bench_summary(summary)),
        Event::BenchStopped => {
            output.info_string("bench stopped");
            Output::stderr().line("bench: stopped");
        }
        Event::Board(report) => output.line(&format::board(report)),
        Event::Eval(report) => output.line(&format::eval(report)),
        Event::Notation(mode) => notation
            .chess960
            .store(mode.is_chess960(), Ordering::Relaxed),
    }
}

/// Reads lines on a thread of their own, so that `stop` and `isready` are seen while the engine waits.
fn spawn_reader<R: BufRead + Send + 'static>(input: R, events: Sender<Input>, output: Output) {
    let fallback = events.clone();
    let reader = move || {
        let mut input = input;
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match std::io::Read::take(&mut input, MAX_LINE_BYTES).read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if buffer.len() as u64 == MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
                output.info_string(&format!(
                    "input line longer than {MAX_LINE_BYTES} bytes ignored"
                ));
                skip_rest_of_line(&mut input);
                continue;
            }
            let line = String::from_utf8_lossy(&buffer).into_owned();
            if events.send(Input::Line(line)).is_err() {
                return;
            }
        }
        let _ = events.send(Input::InputClosed);
    };
    if let Err(e) = thread::Builder::new().name("stdin".into()).spawn(reader) {
        eprintln!("cannot start the input thread: {e}");
        let _ = fallback.send(Input::InputClosed);
    }
}

fn skip_rest_of_line<R: BufRead>(input: &mut R) {
    loop {
        let (consumed, done) = match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (bytes.len(), false),
            },
        };
        input.consume(consumed);
        if done {
            return;
        }
    }
}

#[cfg(test)]
mod tests;
