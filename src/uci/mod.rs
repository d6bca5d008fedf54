//! The UCI front end: lines in, commands to the engine, protocol lines out.

pub mod command;
pub mod output;

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::engine::{Engine, Event, Flow};
use output::Output;

/// Longest input line kept; the rest of a longer line is dropped with a message.
const MAX_LINE_BYTES: u64 = 16 << 20;

/// Runs the UCI loop on `input` until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static>(input: R, output: Output, setup: impl FnOnce(&mut Engine)) {
    let (events, received) = mpsc::channel();
    let mut engine = Engine::new(output.clone(), events.clone());
    setup(&mut engine);
    spawn_reader(input, events, output);
    serve(&mut engine, &received);
}

/// Feeds events to the engine until it quits or has nothing left to do after the input closed.
pub fn serve(engine: &mut Engine, events: &Receiver<Event>) {
    while let Ok(event) = events.recv() {
        let flow = match event {
            Event::Line(line) => engine.handle_line(&line),
            Event::InputClosed => {
                engine.on_input_closed();
                Flow::Continue
            }
            Event::TaskDone => {
                engine.on_task_done();
                Flow::Continue
            }
        };
        if flow == Flow::Quit || engine.is_finished() {
            break;
        }
    }
}

/// Reads lines on a thread of their own, so that `stop` and `isready` are seen while the engine waits.
fn spawn_reader<R: BufRead + Send + 'static>(input: R, events: Sender<Event>, output: Output) {
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
            if events.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = events.send(Event::InputClosed);
    };
    if let Err(e) = thread::Builder::new().name("stdin".into()).spawn(reader) {
        eprintln!("cannot start the input thread: {e}");
        let _ = fallback.send(Event::InputClosed);
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
