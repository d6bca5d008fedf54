//! The board: the engine's move generator against published perft counts (perft.epd, Marcel
//! van Kervinck's suite, Chess960) and against shakmaty's move by move.

#[path = "../common/mod.rs"]
mod common;

mod chess960;
mod marcel;
mod movegen;
mod perft;
