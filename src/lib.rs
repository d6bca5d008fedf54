//! `engine`: a UCI chess engine built from the classic adversarial-search algorithms.
//!
//! Data flows one way: UCI text, parsed by [`uci::command`], becomes [`engine::command::Command`]s
//! for the [`engine::Engine`], which runs a [`search`] on its own thread; the engine and the
//! search speak in typed [`engine::event::Event`]s, which [`uci::format`] turns into text and
//! [`uci::output`], the one writer of stdout, prints. Layers, lowest first: [`board`], [`eval`],
//! [`search`], [`engine`], [`uci`], then the tools; none imports one above it
//! (tests/architecture.rs).
pub mod bench;
pub mod board;
pub mod compare;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod labels;
pub mod pgn;
pub mod play;
pub mod plot;
pub mod search;
pub mod solve;
pub mod time;
pub mod tree;
pub mod tune;
pub mod uci;
