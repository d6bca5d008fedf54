//! The board: chess rules and notation, apart from the search algorithms that use them.
//!
//! - [`changes`]: which pieces a move takes off and puts on the board.
//! - [`game`]: a position and the keys of its history.
//! - [`keys`]: Zobrist keys, updated move by move.
//! - [`movegen`]: legal move generation for the search's hot path.
//! - [`notation`]: FEN and UCI moves.
//! - [`perft`]: counting the legal move tree.
//! - [`rules`]: checkmate, stalemate and the draws, and the keys that repetitions are found in.

pub mod changes;
pub mod epd;
pub mod game;
pub mod keys;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod rules;
