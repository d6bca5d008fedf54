//! A game: a legal position plus the Zobrist keys of the positions that led to it.

use shakmaty::{
    attacks,
    fen::Fen,
    uci::UciMove,
    zobrist::{Zobrist64, ZobristValue},
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, Move, Position,
    PositionErrorKinds, Role, Square,
};

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The Zobrist key of a position (en passant counted only when it is a legal capture).
pub fn zobrist_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The key of `child`, the position after the legal move `m` in `pos` whose key is `key`:
/// updated from the pieces that moved, the castling rights that changed and the en passant
/// files (counted only when a legal capture exists), never recomputed.
#[inline]
pub fn key_after(pos: &Chess, key: u64, m: Move, child: &Chess) -> u64 {
    let us = pos.turn();
    let mut k = Zobrist64(key) ^ Zobrist64::zobrist_for_white_turn();
    let piece =
        |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, role.of(color));
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            k ^= piece(from, role, us);
            k ^= piece(to, promotion.unwrap_or(role), us);
            if let Some(captured) = capture {
                k ^= piece(to, captured, !us);
            }
        }
        Move::EnPassant { from, to } => {
            k ^= piece(from, Role::Pawn, us);
            k ^= piece(to, Role::Pawn, us);
            k ^= piece(Square::from_coords(to.file(), from.rank()), Role::Pawn, !us);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            k ^= piece(king, Role::King, us);
            k ^= piece(rook, Role::Rook, us);
            k ^= piece(side.king_to(us), Role::King, us);
            k ^= piece(side.rook_to(us), Role::Rook, us);
        }
        Move::Put { .. } => return zobrist_key(child),
    }
    let (before, after) = (pos.castles(), child.castles());
    if before.castling_rights() != after.castling_rights() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if before.has(color, side) != after.has(color, side) {
                    k ^= Zobrist64::zobrist_for_castling_right(color, side);
                }
            }
        }
    }
    for position in [pos, child] {
        if let Some(file) = legal_en_passant_file(position) {
            k ^= Zobrist64::zobrist_for_en_passant_file(file);
        }
    }
    k.0
}

/// The file of the en passant square when a legal en passant capture exists.
#[inline]
fn legal_en_passant_file(pos: &Chess) -> Option<File> {
    let square = pos.maybe_ep_square()?;
    let capturers = pos.our(Role::Pawn) & attacks::pawn_attacks(!pos.turn(), square);
    if capturers.is_empty() {
        return None;
    }
    pos.legal_ep_square().map(Square::file)
}

/// A position and its history, as set by `position ... moves ...`.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Chess,
    /// Keys of every position since the FEN, the current one last.
    keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Self {
        Game::from_position(Chess::default())
    }
}

impl Game {
    /// A game that starts at `pos`, with no history before it.
    pub fn from_position(pos: Chess) -> Game {
        let keys = vec![zobrist_key(&pos)];
        Game { pos, keys }
    }

    /// A game from a FEN with 6 fields, or 4 (the clocks default to 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Game, String> {
        parse_fen(fen).map(Game::from_position)
    }

    /// Plays a move given in UCI notation (castling as e1g1 or as king-takes-rook e1h1).
    pub fn play_uci(&mut self, text: &str) -> Result<Move, String> {
        let m = parse_uci_move(&self.pos, text)?;
        self.play(m);
        Ok(m)
    }

    /// Plays a move known to be legal.
    pub fn play(&mut self, m: Move) {
        let key = key_after(&self.pos, self.key(), m, &{
            let mut child = self.pos.clone();
            child.play_unchecked(m);
            child
        });
        self.pos.play_unchecked(m);
        self.keys.push(key);
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The current position's key.
    pub fn key(&self) -> u64 {
        self.keys[self.keys.len() - 1]
    }

    /// Keys of every position of the game, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }
}

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

/// Formats a move in UCI notation (e1g1 castling, e7e8q promotions).
pub fn uci_move(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Parses and validates a FEN, naming what is wrong with it.
pub fn parse_fen(text: &str) -> Result<Chess, String> {
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
        check_clock("halfmove clock", fields[4], 0)?;
        check_clock("fullmove number", fields[5], 1)?;
    }
    let fen: Fen = fields
        .join(" ")
        .parse()
        .map_err(|e| format!("invalid FEN '{text}': {e}"))?;
    fen.into_position(CastlingMode::Standard).map_err(|e| {
        format!(
            "illegal position '{text}': {}",
            describe_position_errors(e.kinds())
        )
    })
}

fn check_clock(name: &str, field: &str, min: u32) -> Result<(), String> {
    match field.parse::<u32>() {
        Ok(n) if n >= min => Ok(()),
        _ => Err(format!(
            "FEN {name} must be a number of at least {min}, got '{field}'"
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
mod tests {
    use super::*;

    #[test]
    fn four_field_fens_are_accepted() {
        let game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w K -").expect("4 fields parse");
        assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    }

    #[test]
    fn bad_fens_say_why() {
        let cases = [
            ("8/8/8/8 w - -", "8 ranks"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
                "6 fields",
            ),
            (
                "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "9 squares",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
                "unknown piece letter 'X'",
            ),
            ("4k3/8/8/8/8/8/8/8 w - - 0 1", "king is missing"),
            ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "more than one king"),
            ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"),
            ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling rights"),
            ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant"),
            ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"),
            ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ];
        for (fen, reason) in cases {
            let err = Game::from_fen(fen).expect_err(fen);
            assert!(
                err.contains(reason),
                "{fen}: '{err}' should mention '{reason}'"
            );
        }
    }

    #[test]
    fn castling_is_accepted_both_ways() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for text in ["e1g1", "e1h1"] {
            let mut game = Game::from_fen(fen).expect("legal FEN");
            let m = game.play_uci(text).expect("castling is legal");
            assert_eq!(uci_move(m), "e1g1");
        }
    }

    #[test]
    fn incremental_keys_match_full_keys() {
        let mut game = Game::default();
        for m in [
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "e1d2", "e8d8", "c6b7",
            "f6e4",
        ] {
            game.play_uci(m).expect("legal line");
            assert_eq!(game.key(), zobrist_key(game.position()), "after {m}");
        }
    }
}
