//! The life of a task's thread (a search, a perft or a bench): started with the search state, stopped,
//! released by `ponderhit`, and joined to take the state back.

use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::engine::event::Event;
use crate::engine::{Engine, Notify};
use crate::search::{SearchState, Signals};

/// A search or perft running on its own thread.
pub(super) struct Task {
    handle: JoinHandle<Finished>,
    pub(super) signals: Arc<Signals>,
    /// Sent in place of the task's last event if its thread fails (a GUI waits for `bestmove`).
    fallback: Option<Event>,
    /// `go infinite`, `go ponder`, or a `go` without any limit: only `stop` (or `ponderhit`)
    /// ends it, so the end of input stops it.
    pub(super) waits_for_stop: bool,
    pondering: bool,
}

/// What a task's thread hands back: the search state, and the event that ends its output
/// (`bestmove ...`), which the engine sends once it has taken the state back.
pub(super) struct Finished {
    pub(super) state: SearchState,
    pub(super) last: Option<Event>,
}

/// How a task starts: pondering or not, whether only `stop` ends it, and what to send if its
/// thread fails.
pub(super) struct TaskKind {
    pub(super) pondering: bool,
    pub(super) waits_for_stop: bool,
    pub(super) fallback: Option<Event>,
}

/// Reports the end of the task's thread, even if it panics.
struct DoneGuard(Notify);

impl Drop for DoneGuard {
    fn drop(&mut self) {
        (self.0)();
    }
}

impl Engine {
    /// Runs `work` on a new thread that owns the search state until it is done.
    pub(super) fn spawn<F>(&mut self, kind: TaskKind, work: F)
    where
        F: FnOnce(SearchState, &Signals, Instant) -> Finished + Send + 'static,
    {
        let hash_mb = self.hash_mb();
        let state = self
            .state
            .take()
            .unwrap_or_else(|| SearchState::new(hash_mb));
        let signals = Arc::new(Signals::new(kind.pondering));
        let start = Instant::now();
        let task_done = Arc::clone(&self.task_done);
        let thread_signals = Arc::clone(&signals);
        let spawned = thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let _done = DoneGuard(task_done);
                work(state, &thread_signals, start)
            });
        match spawned {
            Ok(handle) => {
                self.task = Some(Task {
                    handle,
                    signals,
                    fallback: kind.fallback,
                    waits_for_stop: kind.waits_for_stop,
                    pondering: kind.pondering,
                });
                if self.input_closed && kind.waits_for_stop {
                    self.stop();
                }
            }
            Err(e) => {
                self.message(format!("cannot start the search thread: {e}"));
                self.state = Some(SearchState::new(hash_mb));
                if let Some(event) = kind.fallback {
                    self.emit(event);
                }
            }
        }
    }

    /// Joins a task's thread, takes the search state back and sends the task's last event.
    pub(super) fn finish(&mut self, task: Task) {
        match task.handle.join() {
            Ok(finished) => {
                self.state = Some(finished.state);
                if let Some(event) = finished.last {
                    self.emit(event);
                }
            }
            Err(_) => {
                self.message("the search thread failed; search state was reset".to_string());
                self.state = Some(SearchState::new(self.hash_mb()));
                if let Some(event) = task.fallback {
                    self.emit(event);
                }
            }
        }
    }

    pub(super) fn stop(&mut self) {
        if let Some(task) = &self.task {
            task.signals.stop();
            task.handle.thread().unpark();
        }
    }

    pub(super) fn ponderhit(&mut self) {
        match &mut self.task {
            Some(task) if task.pondering => {
                task.pondering = false;
                task.signals.ponderhit();
                task.handle.thread().unpark();
            }
            _ => self.message("ponderhit: no search is pondering".to_string()),
        }
    }
}

/// In `go infinite` and `go ponder`, holds the `bestmove` until `stop` (or, pondering, `ponderhit`).
pub(super) fn wait_for_release(signals: &Signals, infinite: bool) {
    while !signals.is_stopped() && (infinite || signals.is_pondering()) {
        thread::park_timeout(Duration::from_millis(50));
    }
}
