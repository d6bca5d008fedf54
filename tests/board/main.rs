//! The board: perft counts, the move generator against shakmaty, Chess960.

#[path = "../common/mod.rs"]
mod common;

mod chess960;
mod movegen;
mod perft;
