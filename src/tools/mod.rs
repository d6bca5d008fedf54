//! The tools layer: what the command line runs besides the UCI loop, each a module of its own.

pub mod compare;
pub mod datagen;
pub mod labels;
pub mod pgn;
pub mod play;
pub mod plot;
pub mod solve;
pub mod spsa;
pub mod train;
pub mod tree;
pub mod tune;
