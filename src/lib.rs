//! `engine`: a UCI chess engine built from the classic adversarial-search algorithms.
//!
//! Data flows one way: UCI text, parsed by [`uci::command`], becomes [`engine::command::Command`]s
//! for the [`engine::Engine`], which runs a [`search`] on its own thread; the engine and the
//! search speak in typed [`engine::event::Event`]s, which [`uci::format`] turns into text and
//! [`uci::output`], the one writer of stdout, prints. Layers, lowest first: [`board`], [`eval`],
//! [`search`], [`engine`], [`uci`], [`tools`]; each is a folder, and none imports one above it
//! (tests/project/architecture.rs). The command line (`src/bin/engine/`) stands above them all.
// The board: positions and their key history, move generation, the rules, notation, perft, EPD.
pub mod board;

// The evaluators: the course's material one, the positional one, the neural net (NNUE, the
// default), and their reports.
pub mod eval;

// The searches and their one dispatcher.
pub mod search;

// The engine: its state, options, commands and events, and the thread that searches.
pub mod engine;

// The engine layer as the command line and the tests use it: `engine::Engine`,
// `engine::options`, rather than the crate's name twice.
pub use crate::engine::{bench, command, memory, options, Engine, Flow, VERSION};

// The UCI protocol: parsing commands, formatting events, the one writer of stdout.
pub mod uci;

// What the command line runs besides UCI: compare, play, solve, tune, tree, and the net's
// datagen and train.
pub mod tools;
