//! Chess notation: FEN (checked field by field, naming what is wrong), UCI moves, and the
//! board diagram.

use shakmaty::{
    fen::Fen, uci::UciMove, CastlingMode, Chess, EnPassantMode, Move, Position, PositionError,
    PositionErrorKinds,
};

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Parses a move in UCI notation and checks that it is legal in `pos`.
pub fn parse_uci_move(pos: &Chess, text: &str) -> Result<Move, String> {
    let uci: UciMove = text
        .parse()
        .map_err(|_| format!("'{text}' is not a move in UCI notation"))?;
    uci.to_move(pos).map_err(|_| {
        format!(
            "'{text}' is not a legal move in {}",
            Fen::from_position(pos, EnPassantMode::Legal)
        )
    })
}

/// Formats a move in UCI notation: castling as e1g1 in standard chess, as king-takes-rook
/// (e1h1) in Chess960; promotions as e7e8q.
pub fn uci_move(m: Move, mode: CastlingMode) -> String {
    m.to_uci(mode).to_string()
}

/// Parses and validates a standard-chess FEN, naming what is wrong with it.
pub fn parse_fen(text: &str) -> Result<Chess, String> {
    parse_fen_in(text, CastlingMode::Standard)
}

/// The position of a FEN the unit tests write by hand, which must be legal.
#[cfg(test)]
pub fn test_position(fen: &str) -> Chess {
    parse_fen(fen).unwrap_or_else(|e| panic!("test FEN: {e}"))
}

/// Parses and validates a FEN whose castling rights are read in `mode`: KQkq, X-FEN or
/// Shredder-FEN letters in both modes, but rooks and king off their standard squares
/// only in Chess960. Repaired as Stockfish and python-chess repair it: fullmove number 0 read
/// as 1, castling rights the board does not allow and an impossible en passant square dropped
/// (but a FEN whose castling rights are a Chess960 start's is refused in standard chess).
pub fn parse_fen_in(text: &str, mode: CastlingMode) -> Result<Chess, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 && fields.len() != 6 {
        return Err(format!(
            "FEN needs 6 fields (or 4 without the clocks), got {}: '{text}'",
            fields.len()
        ));
    }
    check_board_field(fields[0])?;
    if fields[1] != "w" && fields[1] != "b" {
        return Err(format!(
            "FEN side to move must be 'w' or 'b', got '{}'",
            fields[1]
        ));
    }
    if fields.len() == 6 {
        check_clock("halfmove clock", fields[4])?;
        check_clock("fullmove number", fields[5])?;
    }
    let fen: Fen = fields
        .join(" ")
        .parse()
        .map_err(|e| format!("invalid FEN '{text}': {e}"))?;
    let chess960 = mode == CastlingMode::Standard
        && fen
            .clone()
            .into_position::<Chess>(CastlingMode::Chess960)
            .is_ok();
    let kinds = match fen.into_position(mode) {
        Ok(pos) => return Ok(pos),
        Err(e) if chess960 => e.kinds(),
        Err(e) => match repair(e) {
            Ok(pos) => return Ok(pos),
            Err(kinds) => kinds,
        },
    };
    let hint = if chess960 {
        " (Chess960 castling rights: set UCI_Chess960 to true)"
    } else {
        ""
    };
    Err(format!(
        "illegal position '{text}': {}{hint}",
        describe_position_errors(kinds)
    ))
}

/// The position without the castling rights and en passant square its board does not allow;
/// what is still wrong with it otherwise.
fn repair(error: PositionError<Chess>) -> Result<Chess, PositionErrorKinds> {
    error
        .ignore_invalid_castling_rights()
        .or_else(PositionError::ignore_invalid_ep_square)
        .map_err(|e| e.kinds())
}

/// Checks a clock field: a whole number, 0 or more.
fn check_clock(name: &str, field: &str) -> Result<(), String> {
    match field.parse::<u32>() {
        Ok(_) => Ok(()),
        Err(_) => Err(format!(
            "FEN {name} must be a whole number, 0 or more, got '{field}'"
        )),
    }
}

/// Checks the piece-placement field: 8 ranks of 8 squares, known piece letters.
fn check_board_field(board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "FEN board must have 8 ranks, got {}: '{board}'",
            ranks.len()
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_number = 8 - i;
        let mut squares = 0;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as usize - '0' as usize,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1
                }
                _ => {
                    return Err(format!(
                        "FEN rank {rank_number} has an unknown piece letter '{c}'"
                    ))
                }
            }
        }
        if squares != 8 {
            return Err(format!(
                "FEN rank {rank_number} has {squares} squares, not 8: '{rank}'"
            ));
        }
    }
    Ok(())
}

fn describe_position_errors(kinds: PositionErrorKinds) -> String {
    let reasons = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "a king is missing"),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            "a side has more than one king",
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "pawns on the first or last rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "castling rights do not match the board",
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            "impossible en passant square",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (PositionErrorKinds::IMPOSSIBLE_CHECK, "impossible check"),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            "more material than a game can have",
        ),
        (PositionErrorKinds::VARIANT, "a variant rule is violated"),
    ];
    let found: Vec<&str> = reasons
        .iter()
        .filter(|(kind, _)| kinds.contains(*kind))
        .map(|(_, why)| *why)
        .collect();
    if found.is_empty() {
        "not a legal chess position".to_string()
    } else {
        found.join(", ")
    }
}

/// A board diagram with files and ranks, White at the bottom.
pub fn diagram(pos: &Chess) -> String {
    let board = pos.board();
    let rule = " +---+---+---+---+---+---+---+---+\n";
    let mut text = String::from(rule);
    for rank in (0..8u32).rev() {
        for file in 0..8u32 {
            let symbol = board
                .piece_at(shakmaty::Square::new(rank * 8 + file))
                .map_or(' ', |piece| piece.char());
            text += &format!(" | {symbol}");
        }
        text += &format!(" | {}\n{rule}", rank + 1);
    }
    text + "   a   b   c   d   e   f   g   h"
}

#[cfg(test)]
mod tests;
