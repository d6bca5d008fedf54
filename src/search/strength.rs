//! UCI_LimitStrength and UCI_Elo: play at a chosen strength.

/// The range of `UCI_Elo`, as Stockfish 15.1 announces it, and its default.
pub const MIN_ELO: u32 = 1350;
pub const MAX_ELO: u32 = 2850;
pub const DEFAULT_ELO: u32 = MIN_ELO;
