//! The engine: its state (options, game, search state) and the life of the search thread.
//!
//! It accepts [`Command`]s, one at a time, from a front end, and tells the front end what it
//! has to say as typed [`Event`]s through a [`Sink`]; it never formats protocol text. A search,
//! perft or bench runs on its own thread, owning the search state until it ends; commands that need
//! that state (or that must follow the search, like a second `go`) wait in a queue until the
//! thread reports that it is done.

pub mod bench;
pub mod command;
pub mod echo;
pub mod event;
mod go;
pub mod memory;
pub mod option_table;
pub mod options;
pub mod settings;
mod task;

use std::collections::VecDeque;
use std::sync::Arc;

use crate::board::game::Game;
use crate::eval::{nnue, report};
use crate::search::tablebase::{Opened, Tablebases};
use crate::search::SearchState;
use command::{Command, Setup};
use echo::quote;
use event::{BoardReport, Event, Sink};
use option_table::EMPTY_TEXT;
use options::{OptionEffects, Settings, OPTIONS};
use task::Task;

/// The version `id name` and `--version` report, with the git commit of the build (build.rs).
pub const VERSION: &str = env!("ENGINE_VERSION");

/// Whether the front end goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Called when a task's thread ends (even if it panics), so that the front end hands the
/// engine [`Engine::on_task_done`].
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// The engine: options, the game, the search state, and the running task if any.
pub struct Engine {
    settings: Settings,
    game: Game,
    debug: bool,
    sink: Sink,
    task_done: Notify,
    /// None while a task owns it.
    state: Option<SearchState>,
    task: Option<Task>,
    deferred: VecDeque<Command>,
    input_closed: bool,
    /// Why the last `position` was refused: until a valid one, there is no position to use.
    refused_position: Option<String>,
}

impl Engine {
    /// A new engine that sends its events to `sink` and calls `task_done` when a task's thread ends.
    pub fn new(sink: Sink, task_done: Notify) -> Engine {
        // The Hash limit is what the machine can give as the engine starts.
        memory::hash_limit_mb();
        let settings = Settings::default();
        Engine {
            state: Some(SearchState::new(settings.hash_mb)),
            settings,
            game: Game::default(),
            debug: false,
            sink,
            task_done,
            task: None,
            deferred: VecDeque::new(),
            input_closed: false,
            refused_position: None,
        }
    }

    /// Handles a command now, or queues it behind the running task.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::IsReady => self.emit(Event::ReadyOk),
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

    /// The task's thread is done: take the state back, send its result and run what waited.
    ///
    /// The `bestmove` is sent here, not by the thread, so that anything the GUI sends after
    /// reading it finds the engine idle (its notification comes after this one).
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

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    fn emit(&self, event: Event) {
        (self.sink)(event);
    }

    fn message(&self, text: String) {
        self.emit(Event::Message(text));
    }

    fn hash_mb(&self) -> usize {
        self.settings.hash_mb
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
            self.message("search running: this command waits until it ends (send stop)".into());
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
            Command::Go(_) | Command::Perft(_) | Command::Display | Command::Eval
                if self.refused_position.is_some() =>
            {
                self.answer_without_position(&command)
            }
            Command::Go(params) => self.go(params),
            Command::Perft(depth) => self.start_perft(depth),
            Command::Bench(depth) => self.start_bench(depth),
            Command::Display => self.emit(Event::Board(self.board_report())),
            Command::Eval => {
                let report = report::report(self.game.position(), self.settings.search.evaluation);
                self.emit(Event::Eval(report));
            }
            Command::IsReady | Command::Stop | Command::PonderHit | Command::Quit => {}
        }
    }

    fn identify(&self) {
        self.emit(Event::Id {
            name: format!("engine {VERSION}"),
            author: "the engine authors",
        });
        self.emit(Event::Options(OPTIONS));
        self.emit(Event::UciOk);
    }

    fn state_mut(&mut self) -> &mut SearchState {
        let hash_mb = self.settings.hash_mb;
        self.state.get_or_insert_with(|| SearchState::new(hash_mb))
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mode = self.settings.castling_mode();
        let mut settings = self.settings;
        if let Err(why) = settings.apply(name, value, self) {
            self.message(format!("setoption: {why}"));
        }
        self.settings = settings;
        if self.settings.castling_mode() != mode {
            self.emit(Event::Notation(self.settings.castling_mode()));
        }
    }

    /// `position`: the new game if the FEN (repaired) and every move are valid; otherwise
    /// there is no position until the next valid `position`.
    fn set_position(&mut self, setup: &Setup, moves: &[String]) {
        let game = match setup {
            Setup::StartPos => Ok(Game::default()),
            Setup::Fen(fen) => Game::from_fen_in(fen, self.settings.castling_mode()),
            Setup::Unreadable(why) => Err(why.clone()),
        };
        let result = game.and_then(|mut game| {
            for (i, text) in moves.iter().enumerate() {
                game.play_uci(text)
                    .map_err(|why| format!("move {} of the list: {why}", i + 1))?;
            }
            Ok(game)
        });
        match result {
            Ok(game) => {
                self.game = game;
                self.refused_position = None;
            }
            Err(why) => {
                let why = quote(&why);
                self.message(format!(
                    "position refused: {why}; no position until a valid one is sent"
                ));
                self.refused_position = Some(why);
            }
        }
    }

    /// `go`, `perft`, `d` or `eval` after a refused `position`: an `info string`, and for `go`
    /// the null move, never a move of a position the GUI no longer has.
    fn answer_without_position(&self, command: &Command) {
        let why = self.refused_position.as_deref().unwrap_or_default();
        self.message(format!(
            "no position: the last position was refused ({why})"
        ));
        if let Command::Go(params) = command {
            if params.perft.is_none() {
                self.emit(Event::NullMove);
            }
        }
    }

    /// `quit`, as in Stockfish: what was sent before it still runs, in order, every search
    /// stopped as it starts (each sends its `bestmove`), then the engine exits.
    fn quit(&mut self) {
        self.stop();
        self.stop_queued_searches();
        while self.task.is_some() || !self.deferred.is_empty() {
            self.stop();
            self.on_task_done();
        }
    }

    /// The `d` command: the position, its FEN and key.
    fn board_report(&self) -> BoardReport {
        BoardReport {
            position: self.game.position().clone(),
            fen: self.game.fen(),
            key: self.game.key(),
        }
    }
}

/// The options' effects in the UCI loop: on the engine's table, tablebases and net, each
/// success said in an `info string`.
impl OptionEffects for Engine {
    /// Resizes the table, refusing sizes the machine cannot give; the old table stays on failure.
    fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        let old = self.settings.hash_mb;
        let stays = |why: String| format!("{why}; Hash stays {old} MB");
        memory::check_hash(mb).map_err(stays)?;
        self.state_mut().tt.resize(mb).map_err(stays)
    }

    fn clear_hash(&mut self) {
        self.state_mut().clear();
    }

    /// Opens the tables of `path` (none when empty), skipping the directories that cannot be
    /// read; if none can, or on a damaged table, the tables in use stay.
    fn open_tablebases(&mut self, path: &str) -> Result<(), String> {
        let Opened { tables, skipped } = Tablebases::open(path)
            .map_err(|why| format!("{}; the tablebases in use stay", quote(&why)))?;
        for why in skipped {
            self.message(format!("SyzygyPath: {}; skipped", quote(&why)));
        }
        if let Some(tb) = &tables {
            self.message(format!(
                "Found {} tablebases ({} with DTZ, up to {} pieces) in '{}'",
                tb.wdl_tables(),
                tb.dtz_tables(),
                tb.max_pieces(),
                quote(path.trim())
            ));
        }
        self.state_mut().tablebases = tables.map(Arc::new);
        Ok(())
    }

    /// Uses the net of the file at `path` (the embedded net when empty) and says which; on an
    /// error the net in use stays.
    fn open_net(&mut self, path: &str) -> Result<(), String> {
        let path = path.trim();
        if path.is_empty() || path == EMPTY_TEXT {
            nnue::use_embedded();
            self.message("EvalFile: using the embedded net".to_string());
        } else {
            nnue::use_file(std::path::Path::new(path))
                .map_err(|why| format!("{}; the net in use stays", quote(&why)))?;
            self.message(format!("EvalFile: using the net of {}", quote(path)));
        }
        Ok(())
    }
}

/// Commands that need the search state, or that must follow the running task.
fn needs_idle(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_)
            | Command::SetOption { .. }
            | Command::UciNewGame
            | Command::Perft(_)
            | Command::Bench(_)
    )
}

fn is_search(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::Perft(_) | Command::Bench(_)
    )
}

#[cfg(test)]
mod tests;
