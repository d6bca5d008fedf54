//! `engine`: a UCI chess engine built from the classic adversarial-search algorithms.
//!
//! Data flows one way: UCI text ([`uci::command`]) becomes commands for the [`engine::Engine`],
//! which runs a [`search`] on its own thread; the search hands back reports that
//! [`uci::output`] prints.

pub mod bench;
pub mod compare;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod game;
pub mod labels;
pub mod options;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod search;
pub mod solve;
pub mod time;
pub mod uci;
