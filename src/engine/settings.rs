//! What the options set: the search's configuration and the engine's own settings, and what
//! a change of them asks of the engine.

use shakmaty::CastlingMode;

use crate::engine::memory::DEFAULT_HASH_MB;
use crate::search::types::SearchConfig;

/// What the options set: the search's configuration and the engine's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The transposition table's size in MB (kept by [`Settings::apply`] once the table has it).
    pub hash_mb: usize,
    /// Time kept back from each move for the GUI and the pipes, in milliseconds.
    pub move_overhead_ms: u64,
    /// Maximum depth in plies for every `go`; 0 = no limit.
    pub depth: u32,
    pub search: SearchConfig,
    /// `UCI_Chess960`: castling rights of any rook, castling written king-takes-rook.
    pub chess960: bool,
    /// `UCI_ShowWDL`: every scored `info` line also gives the score's win, draw and loss chances.
    pub show_wdl: bool,
}

impl Settings {
    /// The settings an engine starts with, and the defaults the options announce.
    pub const DEFAULT: Settings = Settings {
        hash_mb: DEFAULT_HASH_MB,
        // As Stockfish's.
        move_overhead_ms: 10,
        depth: 0,
        search: SearchConfig::DEFAULT,
        chess960: false,
        show_wdl: false,
    };

    /// How castling is read and written: `UCI_Chess960`.
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

/// One `NAME=VALUE` applied by [`Settings::assign`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assignment<'s> {
    pub name: &'s str,
    pub value: &'s str,
}

/// What a `setoption` asks of the engine beyond the settings it changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// Only settings changed.
    Value,
    /// Resize the table to the settings' `hash_mb` (kept only once the table has it).
    Hash,
    /// Empty the table and forget the heuristics (move ordering, correction history).
    ClearHash,
    /// Open the tablebases of the directories in the option's text (none when it is empty).
    SyzygyPath,
    /// Load the net of the file in the option's text (the embedded net when it is empty).
    EvalFile,
}
