//! The one writer of stdout: whole lines, flushed, under one lock.

use std::io::{ErrorKind, Write};
use std::sync::{Arc, Mutex};

/// The longest line of text an `info string` carries, in characters.
const MAX_INFO_CHARS: usize = 800;

/// Shared handle to the output: every line is written whole and flushed under one lock.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    /// End the process, quietly and with status 0, when the reader of the sink has gone.
    exit_when_closed: bool,
}

impl Output {
    /// Output to the process's stdout. When its reader goes away (`engine ... | head -1`, a GUI
    /// that closed the pipe), the next line ends the process quietly with exit status 0.
    pub fn stdout() -> Output {
        Output {
            exit_when_closed: true,
            ..Output::to(Box::new(std::io::stdout()))
        }
    }

    /// Output to the process's stderr (progress and errors), for which a closed pipe is ignored.
    pub fn stderr() -> Output {
        Output::to(Box::new(std::io::stderr()))
    }

    /// Output to any writer (tests use a buffer); a failing writer is ignored.
    pub fn to(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
            exit_when_closed: false,
        }
    }

    /// Writes one line (or several joined by newlines, kept together) and flushes it.
    /// A closed stdout ends the process (see [`Output::stdout`]); other write errors are ignored:
    /// there is no one left to tell.
    pub fn line(&self, text: &str) {
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            Err(poisoned) => poisoned.into_inner(),
        };
        let written = sink
            .write_all(text.as_bytes())
            .and_then(|_| sink.write_all(b"\n"))
            .and_then(|_| sink.flush());
        if let Err(e) = written {
            if self.exit_when_closed && e.kind() == ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }

    /// `info string <message>`, with control characters and overlong echoes of input made safe.
    pub fn info_string(&self, message: &str) {
        self.line(&format!("info string {}", sanitize(message)));
    }
}

/// Makes text safe for one protocol line: no control characters, bounded length.
pub fn sanitize(text: &str) -> String {
    let mut clean: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if clean.chars().count() > MAX_INFO_CHARS {
        clean = clean.chars().take(MAX_INFO_CHARS).collect::<String>() + "...";
    }
    clean
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn only_the_process_stdout_ends_the_process_when_closed() {
        // Lines to a closed writer that is not the process's stdout are dropped, nothing more.
        let output = Output::to(Box::new(ClosedPipe));
        output.line("lost");
        output.info_string("lost too");
        assert!(!output.exit_when_closed && Output::stdout().exit_when_closed);
        assert!(!Output::stderr().exit_when_closed);
    }

    #[test]
    fn control_characters_never_reach_the_protocol() {
        assert_eq!(sanitize("a\u{0}b\rc\u{1b}"), "a?b?c?");
        assert!(sanitize(&"x".repeat(1 << 20)).len() < 1000);
    }
}
