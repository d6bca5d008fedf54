//! The one writer of stdout, and the formatting of reports as UCI text.

use std::io::{ErrorKind, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shakmaty::Move;

use crate::board::notation::uci_move;
use crate::eval::{mate_distance, Score};
use crate::search::{Iteration, Progress, Report, Stats};

/// The longest piece of user input echoed back in an `info string`.
const MAX_ECHO_CHARS: usize = 200;

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

    /// Prints a search report.
    pub fn report(&self, report: &Report) {
        match report {
            Report::Iteration(iteration) => self.line(&format_iteration(iteration)),
            Report::Progress(progress) => self.line(&format_progress(progress)),
            Report::Stats { depth, stats } => self.info_string(&format_stats(*depth, stats)),
        }
    }
}

/// Makes text safe for one protocol line: no control characters, bounded length.
pub fn sanitize(text: &str) -> String {
    let mut clean: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    let max_len = 4 * MAX_ECHO_CHARS;
    if clean.chars().count() > max_len {
        clean = clean.chars().take(max_len).collect::<String>() + "...";
    }
    clean
}

/// Shortens a piece of user input for quoting in a message.
pub fn quote(text: &str) -> String {
    if text.chars().count() > MAX_ECHO_CHARS {
        text.chars().take(MAX_ECHO_CHARS).collect::<String>() + "..."
    } else {
        text.to_string()
    }
}

/// `cp N` or `mate N` (in moves, negative when the side to move is mated).
pub fn format_score(score: Score) -> String {
    match mate_distance(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// The `info` line of a completed depth.
pub fn format_iteration(it: &Iteration) -> String {
    let millis = it.time.as_millis();
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {}",
        it.depth,
        it.seldepth.max(it.depth),
        format_score(it.score),
        it.nodes,
        nodes_per_second(it.nodes, it.time)
    );
    if let Some(hashfull) = it.hashfull {
        line += &format!(" hashfull {hashfull}");
    }
    line += &format!(" time {millis} pv");
    for &m in &it.pv {
        line.push(' ');
        line += &uci_move(m);
    }
    line
}

/// The `info` line of a depth in progress: the root move being searched, and the counts.
pub fn format_progress(progress: &Progress) -> String {
    format!(
        "info depth {} currmove {} currmovenumber {} nodes {} nps {} time {}",
        progress.depth,
        uci_move(progress.currmove),
        progress.currmovenumber,
        progress.nodes,
        nodes_per_second(progress.nodes, progress.time),
        progress.time.as_millis()
    )
}

/// The counters after `depth`, as `debug on` reports them.
pub fn format_stats(depth: u32, stats: &Stats) -> String {
    format!(
        "depth {depth} beta cutoffs {} table probes {} hits {} cutoffs {} stores {}",
        stats.beta_cutoffs, stats.tt_probes, stats.tt_hits, stats.tt_cutoffs, stats.tt_stores
    )
}

/// Nodes per second over `time` (0 when no time has passed).
pub fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as u128 * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |nps| nps as u64)
}

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)` without a legal move.
pub fn format_bestmove(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => {
            format!("bestmove {} ponder {}", uci_move(best), uci_move(ponder))
        }
        (Some(best), None) => format!("bestmove {}", uci_move(best)),
        (None, _) => "bestmove (none)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{mated_in, MATE};

    #[test]
    fn scores_print_as_cp_or_mate_in_moves() {
        assert_eq!(format_score(35), "cp 35");
        assert_eq!(format_score(-120), "cp -120");
        assert_eq!(format_score(MATE - 3), "mate 2");
        assert_eq!(format_score(mated_in(4)), "mate -2");
        assert_eq!(format_score(mated_in(0)), "mate 0");
    }

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
    fn progress_shows_the_root_move_and_the_counts() {
        let progress = Progress {
            depth: 5,
            currmove: shakmaty::Position::legal_moves(&shakmaty::Chess::default())[0],
            currmovenumber: 3,
            nodes: 3_000_000,
            time: Duration::from_millis(1500),
        };
        let line = format_progress(&progress);
        let currmove = uci_move(progress.currmove);
        assert_eq!(
            line,
            format!("info depth 5 currmove {currmove} currmovenumber 3 nodes 3000000 nps 2000000 time 1500")
        );
    }

    #[test]
    fn control_characters_never_reach_the_protocol() {
        assert_eq!(sanitize("a\u{0}b\rc\u{1b}"), "a?b?c?");
        assert!(sanitize(&"x".repeat(1 << 20)).len() < 1000);
    }
}
