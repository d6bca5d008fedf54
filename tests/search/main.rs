//! The searches: every mate at its exact distance, the draw rules, Minimax = AlphaBeta, the
//! tablebases, the best move of a stopped search, and a floor for the tactics (ECM).

#[path = "../common/mod.rs"]
mod common;

mod draws;
mod mates;
mod minimax_alphabeta;
mod syzygy;
mod tactics;
