//! The searches: every mate at its exact distance, the draw rules, Minimax = AlphaBeta, the
//! tablebases, and the best move of a stopped search.

#[path = "../common/mod.rs"]
mod common;

mod draws;
mod mates;
mod minimax_alphabeta;
mod syzygy;
