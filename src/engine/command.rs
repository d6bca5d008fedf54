//! The commands the engine accepts, whichever front end (the UCI loop, the command line)
//! produced them.

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    StartPos,
    Fen(String),
    /// A `position` line that could not be read, and why: the position is refused.
    Unreadable(String),
}

/// The parameters of `go`, as given (moves still in text; checked against the position later).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub searchmoves: Vec<String>,
    pub ponder: bool,
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub perft: Option<u32>,
    /// What was wrong with the line; each bad parameter was skipped.
    pub warnings: Vec<String>,
}

/// One command from the GUI or the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        setup: Setup,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, FEN, key and checkers.
    Display,
    /// `eval`: the evaluation and its terms.
    Eval,
    /// `perft N`.
    Perft(u32),
    /// `bench [depth]`: the bench positions searched to that depth (the signature at the default).
    Bench(u32),
}

/// The deepest perft the loop accepts.
pub const MAX_PERFT_DEPTH: u32 = 20;
