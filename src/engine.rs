//! The engine's state (options, game, search state) and the life of the search thread.
//!
//! Commands arrive one at a time from the UCI loop. A search or perft runs on its own thread,
//! owning the search state until it ends; commands that need that state (or that must follow
//! the search, like a second `go`) wait in a queue until the thread reports that it is done.

use std::collections::VecDeque;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use shakmaty::{Color, Move, Position};

use crate::board::game::Game;
use crate::board::notation::{diagram, parse_uci_move, uci_move};
use crate::board::perft;
use crate::options::{self, OptionChange, Options, OPTIONS};
use crate::search::{self, Limits, Report, SearchState, Signals};
use crate::time::{clock_budget, movetime_budget, ClockState};
use crate::uci::command::{parse, Command, GoParams, Setup};
use crate::uci::output::{format_bestmove, quote, Output};

/// What reaches the engine: input lines, the end of input, and the end of a search.
#[derive(Debug)]
pub enum Event {
    Line(String),
    InputClosed,
    TaskDone,
}

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A search or perft running on its own thread.
struct Task {
    handle: JoinHandle<Finished>,
    signals: Arc<Signals>,
    /// Printed in place of the task's last line if its thread fails (a GUI waits for `bestmove`).
    fallback: Option<String>,
    start: Instant,
    /// `go infinite`, `go ponder`, or a `go` without any limit: only `stop` (or `ponderhit`)
    /// ends it, so the end of input stops it.
    waits_for_stop: bool,
    pondering: bool,
}

/// What a task's thread hands back: the search state, and the line that ends its output
/// (`bestmove ...`), which the engine prints once it has taken the state back.
struct Finished {
    state: SearchState,
    last_line: Option<String>,
}

/// Sends [`Event::TaskDone`] when the task's thread ends, even if it panics.
struct DoneGuard(Sender<Event>);

impl Drop for DoneGuard {
    fn drop(&mut self) {
        let _ = self.0.send(Event::TaskDone);
    }
}

/// The engine: options, the game, the search state, and the running task if any.
pub struct Engine {
    options: Options,
    game: Game,
    debug: bool,
    output: Output,
    /// None while a task owns it.
    state: Option<SearchState>,
    task: Option<Task>,
    deferred: VecDeque<Command>,
    events: Sender<Event>,
    input_closed: bool,
}

impl Engine {
    /// A new engine that prints to `output` and reports the end of its tasks on `events`.
    pub fn new(output: Output, events: Sender<Event>) -> Engine {
        // The Hash limit is what the machine can give as the engine starts.
        options::hash_limit_mb();
        let options = Options::default();
        Engine {
            state: Some(SearchState::new(options.hash_mb)),
            options,
            game: Game::default(),
            debug: false,
            output,
            task: None,
            deferred: VecDeque::new(),
            events,
            input_closed: false,
        }
    }

    /// Parses and handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match parse(line) {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => Flow::Continue,
            Err(message) => {
                self.output.info_string(&message);
                Flow::Continue
            }
        }
    }

    /// Handles a command now, or queues it behind the running task.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::IsReady => self.output.line("readyok"),
            Command::Stop => {
                self.stop();
                self.stop_queued_searches();
            }
            // `ponderhit` belongs to the last `go`: a queued one gets it when it starts.
            Command::PonderHit if self.queued_search() => {
                self.deferred.push_back(Command::PonderHit)
            }
            Command::PonderHit => self.ponderhit(),
            Command::Quit => {
                self.quit();
                return Flow::Quit;
            }
            command if self.must_wait(&command) => self.defer(command),
            command => self.execute(command),
        }
        Flow::Continue
    }

    /// The end of input: a finite search finishes, an infinite one is stopped.
    pub fn on_input_closed(&mut self) {
        self.input_closed = true;
        if self.task.as_ref().is_some_and(|task| task.waits_for_stop) {
            self.stop();
        }
    }

    /// The task's thread is done: take the state back, print its result and run what waited.
    ///
    /// The `bestmove` is printed here, not by the thread, so that anything the GUI sends after
    /// reading it finds the engine idle (its event comes after this one).
    pub fn on_task_done(&mut self) {
        if let Some(task) = self.task.take() {
            self.finish(task);
        }
        // Run what waited, in order, up to the next command that needs an idle engine;
        // `stop` and `ponderhit` markers reach the search just started before them.
        while let Some(command) = self.deferred.front() {
            if self.task.is_some() && needs_idle(command) {
                break;
            }
            match self.deferred.pop_front() {
                Some(Command::Stop) => self.stop(),
                Some(Command::PonderHit) => self.ponderhit(),
                Some(command) => self.execute(command),
                None => break,
            }
        }
    }

    /// Input is closed and nothing is left to do.
    pub fn is_finished(&self) -> bool {
        self.input_closed && self.task.is_none() && self.deferred.is_empty()
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Joins a task's thread, takes the search state back and prints the task's last line.
    fn finish(&mut self, task: Task) {
        match task.handle.join() {
            Ok(finished) => {
                self.state = Some(finished.state);
                if let Some(line) = finished.last_line {
                    self.output.line(&line);
                }
            }
            Err(_) => {
                self.output
                    .info_string("the search thread failed; search state was reset");
                self.state = Some(SearchState::new(self.options.hash_mb));
                if let Some(line) = task.fallback {
                    self.output.line(&line);
                }
            }
        }
    }

    fn must_wait(&self, command: &Command) -> bool {
        !self.deferred.is_empty() || (self.task.is_some() && needs_idle(command))
    }

    /// Whether a search or perft is waiting in the queue.
    fn queued_search(&self) -> bool {
        self.deferred.iter().any(is_search)
    }

    /// `stop` ends every search asked for before it: each one still queued is stopped as soon
    /// as it starts (a `stop` marker follows it in the queue), so that none runs on unbounded.
    fn stop_queued_searches(&mut self) {
        if !self.queued_search() {
            return;
        }
        let mut queue = VecDeque::with_capacity(self.deferred.len() * 2);
        let mut pending = std::mem::take(&mut self.deferred).into_iter().peekable();
        while let Some(command) = pending.next() {
            let search = is_search(&command);
            queue.push_back(command);
            if search && !matches!(pending.peek(), Some(Command::Stop)) {
                queue.push_back(Command::Stop);
            }
        }
        self.deferred = queue;
    }

    fn defer(&mut self, command: Command) {
        let waits_for_stop = |task: &Task| task.waits_for_stop && !task.signals.is_stopped();
        if self.task.as_ref().is_some_and(waits_for_stop) {
            self.output
                .info_string("search running: this command waits until it ends (send stop)");
        }
        self.deferred.push_back(command);
    }

    fn execute(&mut self, command: Command) {
        match command {
            Command::Uci => self.identify(),
            Command::Debug(on) => self.debug = on,
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.state_mut().clear(),
            Command::Position { setup, moves } => self.set_position(&setup, &moves),
            Command::Go(params) => self.go(params),
            Command::Perft(depth) => self.start_perft(depth),
            Command::Display => self.output.line(&self.display()),
            Command::Eval => self.output.line(&self.eval_report()),
            Command::IsReady | Command::Stop | Command::PonderHit | Command::Quit => {}
        }
    }

    fn identify(&self) {
        self.output
            .line(&format!("id name engine {}", env!("CARGO_PKG_VERSION")));
        self.output.line("id author the engine authors");
        for spec in OPTIONS {
            self.output.line(&options::describe(spec));
        }
        self.output.line("uciok");
    }

    fn state_mut(&mut self) -> &mut SearchState {
        let hash_mb = self.options.hash_mb;
        self.state.get_or_insert_with(|| SearchState::new(hash_mb))
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Err(message) => self
                .output
                .info_string(&format!("setoption: {}", quote(&message))),
            Ok(OptionChange::Hash(mb)) => self.resize_hash(mb),
            Ok(OptionChange::ClearHash) => self.state_mut().clear(),
            Ok(OptionChange::Value) => {}
        }
    }

    /// Resizes the table, refusing sizes the machine cannot give; the old table stays on failure.
    fn resize_hash(&mut self, mb: usize) {
        let old = self.options.hash_mb;
        if let Some(refusal) = options::hash_refusal(mb, options::available_memory_mb()) {
            self.output
                .info_string(&format!("setoption: {refusal}; Hash stays {old} MB"));
            return;
        }
        match self.state_mut().tt.resize(mb) {
            Ok(()) => self.options.hash_mb = mb,
            Err(message) => self
                .output
                .info_string(&format!("setoption: {message}; Hash stays {old} MB")),
        }
    }

    /// `position`: the new game replaces the old only if the FEN and every move are valid.
    fn set_position(&mut self, setup: &Setup, moves: &[String]) {
        let game = match setup {
            Setup::StartPos => Ok(Game::default()),
            Setup::Fen(fen) => Game::from_fen(fen),
        };
        let result = game.and_then(|mut game| {
            for (i, text) in moves.iter().enumerate() {
                game.play_uci(text)
                    .map_err(|why| format!("move {} of the list: {why}", i + 1))?;
            }
            Ok(game)
        });
        match result {
            Ok(game) => self.game = game,
            Err(why) => self.output.info_string(&format!(
                "position rejected, the previous position stays: {}",
                quote(&why)
            )),
        }
    }

    /// The limits of a `go`: its own, capped by the `Depth` option, with the clock turned into a budget.
    fn limits(&self, go: &GoParams) -> Limits {
        let option_depth = (self.options.depth > 0).then_some(self.options.depth);
        let depth = match (go.depth, option_depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth,
            nodes: go.nodes,
            mate: go.mate,
            time: self.time_budget(go),
            searchmoves: self.searchmoves(&go.searchmoves),
            infinite: go.infinite,
        }
    }

    fn time_budget(&self, go: &GoParams) -> Option<crate::time::TimeBudget> {
        let overhead = self.options.move_overhead_ms;
        if let Some(movetime) = go.movetime {
            return Some(movetime_budget(movetime, overhead));
        }
        let (time, increment) = match self.game.position().turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        time.map(|time_left_ms| {
            let clock = ClockState {
                time_left_ms,
                increment_ms: increment.unwrap_or(0),
                moves_to_go: go.movestogo,
            };
            clock_budget(clock, overhead)
        })
    }

    /// The legal moves among `searchmoves`; the others are reported and skipped.
    fn searchmoves(&self, texts: &[String]) -> Vec<Move> {
        let mut moves = Vec::new();
        for text in texts {
            match parse_uci_move(self.game.position(), text) {
                Ok(m) => moves.push(m),
                Err(why) => self
                    .output
                    .info_string(&format!("searchmoves: {}; skipped", quote(&why))),
            }
        }
        if moves.is_empty() && !texts.is_empty() {
            self.output
                .info_string("searchmoves: no legal move given; searching all moves");
        }
        moves
    }

    fn go(&mut self, params: GoParams) {
        for warning in &params.warnings {
            self.output.info_string(&quote(warning));
        }
        if let Some(depth) = params.perft {
            self.start_perft(depth);
            return;
        }
        let limits = self.limits(&params);
        let config = self.options.search_config(self.debug);
        let game = self.game.clone();
        let output = self.output.clone();
        let infinite = params.infinite;
        // A `go` with no limit at all would search to the maximum depth: like `go infinite`.
        let unbounded = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.mate.is_none()
            && limits.time.is_none();
        let fallback = format_bestmove(game.position().legal_moves().first().copied(), None);
        self.spawn(
            params.ponder,
            infinite || params.ponder || unbounded,
            Some(fallback),
            move |mut state, signals, start| {
                let result = search::run(
                    &game,
                    &config,
                    &limits,
                    &mut state,
                    signals,
                    start,
                    &mut |r: Report| output.report(&r),
                );
                if result.best.is_none() {
                    let score = if game.position().is_check() {
                        "mate 0"
                    } else {
                        "cp 0"
                    };
                    output.line(&format!("info depth 0 score {score}"));
                }
                wait_for_release(signals, infinite);
                Finished {
                    state,
                    last_line: Some(format_bestmove(result.best, result.ponder)),
                }
            },
        );
    }

    fn start_perft(&mut self, depth: u32) {
        let pos = self.game.position().clone();
        let output = self.output.clone();
        self.spawn(false, false, None, move |state, signals, start| {
            let Some(counts) = perft::divide_until_stopped(&pos, depth, &|| signals.is_stopped())
            else {
                output.info_string(&format!("perft {depth} stopped"));
                Output::stderr().line(&format!("perft {depth}: stopped"));
                return Finished {
                    state,
                    last_line: None,
                };
            };
            let mut text: String = counts
                .iter()
                .map(|(m, n)| format!("{}: {n}\n", uci_move(*m)))
                .collect();
            let total: u64 = counts.iter().map(|(_, n)| n).sum();
            text += &format!("\nNodes searched: {total}");
            let millis = start.elapsed().as_millis();
            Output::stderr().line(&format!("perft {depth}: {total} nodes in {millis} ms"));
            Finished {
                state,
                last_line: Some(text),
            }
        });
    }

    /// Runs `work` on a new thread that owns the search state until it is done.
    fn spawn<F>(&mut self, pondering: bool, waits_for_stop: bool, fallback: Option<String>, work: F)
    where
        F: FnOnce(SearchState, &Signals, Instant) -> Finished + Send + 'static,
    {
        let hash_mb = self.options.hash_mb;
        let state = self
            .state
            .take()
            .unwrap_or_else(|| SearchState::new(hash_mb));
        let signals = Arc::new(Signals::new(pondering));
        let start = Instant::now();
        let events = self.events.clone();
        let thread_signals = Arc::clone(&signals);
        let spawned = thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let _done = DoneGuard(events);
                work(state, &thread_signals, start)
            });
        match spawned {
            Ok(handle) => {
                self.task = Some(Task {
                    handle,
                    signals,
                    fallback,
                    start,
                    waits_for_stop,
                    pondering,
                });
                if self.input_closed && waits_for_stop {
                    self.stop();
                }
            }
            Err(e) => {
                self.output
                    .info_string(&format!("cannot start the search thread: {e}"));
                self.state = Some(SearchState::new(hash_mb));
                if let Some(line) = fallback {
                    self.output.line(&line);
                }
            }
        }
    }

    fn stop(&mut self) {
        if let Some(task) = &self.task {
            task.signals.stop();
            task.handle.thread().unpark();
        }
    }

    fn ponderhit(&mut self) {
        match &mut self.task {
            Some(task) if task.pondering => {
                task.pondering = false;
                task.signals.ponderhit(task.start.elapsed());
                task.handle.thread().unpark();
            }
            _ => self.output.info_string("ponderhit: no search is pondering"),
        }
    }

    /// `quit`: the running search stops (and prints its `bestmove`) before the engine exits.
    fn quit(&mut self) {
        self.deferred.clear();
        self.stop();
        if let Some(task) = self.task.take() {
            self.finish(task);
        }
    }

    /// The `d` command: board diagram, FEN, key and checkers.
    fn display(&self) -> String {
        let pos = self.game.position();
        let checkers: Vec<String> = pos
            .checkers()
            .into_iter()
            .map(|sq| sq.to_string())
            .collect();
        format!(
            "\n{}\n\nFen: {}\nKey: {:016X}\nCheckers: {}",
            diagram(pos),
            self.game.fen(),
            self.game.key(),
            checkers.join(" ")
        )
    }

    /// The `eval` command: every term of the chosen evaluator for each side, and the evaluation.
    fn eval_report(&self) -> String {
        crate::eval::report::report(self.game.position(), self.options.evaluation)
    }
}

/// Commands that need the search state, or that must follow the running task.
fn needs_idle(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::SetOption { .. } | Command::UciNewGame | Command::Perft(_)
    )
}

fn is_search(command: &Command) -> bool {
    matches!(command, Command::Go(_) | Command::Perft(_))
}

/// In `go infinite` and `go ponder`, holds the `bestmove` until `stop` (or, pondering, `ponderhit`).
fn wait_for_release(signals: &Signals, infinite: bool) {
    while !signals.is_stopped() && (infinite || signals.is_pondering()) {
        thread::park_timeout(Duration::from_millis(50));
    }
}
