//! The training record: one position, its search score and the game's result in 32 bytes
//! (little-endian), written by `engine datagen` and read by `engine train`.
//!
//! | Bytes | Field |
//! |---|---|
//! | 0..8 | occupancy, u64 (bit = square, a1 = 0) |
//! | 8..24 | one nibble per occupied square, ascending, low nibble first: colour·8 + role (1 pawn … 6 king; colour 0 white, 1 black) |
//! | 24..26 | score, i16, centipawns from the side to move's view |
//! | 26 | result for the side to move: 0 loss, 1 draw, 2 win |
//! | 27 | side to move: 0 white, 1 black |
//! | 28..30 | fullmove number, u16 |
//! | 30 | halfmove clock, u8 |
//! | 31 | 0 |

use std::io::{self, Read};

use shakmaty::{Bitboard, Chess, Color, Piece, Position, Role, Square};

/// The size of a record in bytes.
pub const RECORD_SIZE: usize = 32;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub occupancy: u64,
    /// The pieces' nibbles, in ascending square order.
    pub pieces: [u8; 16],
    /// Centipawns, from the side to move's view.
    pub score: i16,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    pub result: u8,
    /// 0 white, 1 black.
    pub side_to_move: u8,
    pub fullmove: u16,
    pub halfmove: u8,
}

impl Record {
    /// The record of `pos`, scored `score` and ending in `result` for its side to move.
    pub fn new(pos: &Chess, score: i16, result: u8) -> Record {
        let board = pos.board();
        let mut pieces = [0u8; 16];
        for (i, square) in board.occupied().into_iter().enumerate().take(32) {
            let nibble = board.piece_at(square).map_or(0, nibble);
            pieces[i / 2] |= nibble << (4 * (i % 2));
        }
        Record {
            occupancy: board.occupied().0,
            pieces,
            score,
            result,
            side_to_move: u8::from(pos.turn() == Color::Black),
            fullmove: pos.fullmoves().get().min(u16::MAX as u32) as u16,
            halfmove: pos.halfmoves().min(255) as u8,
        }
    }

    /// The 32 bytes of the record.
    pub fn to_bytes(&self) -> [u8; RECORD_SIZE] {
        let mut bytes = [0u8; RECORD_SIZE];
        bytes[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        bytes[8..24].copy_from_slice(&self.pieces);
        bytes[24..26].copy_from_slice(&self.score.to_le_bytes());
        bytes[26] = self.result;
        bytes[27] = self.side_to_move;
        bytes[28..30].copy_from_slice(&self.fullmove.to_le_bytes());
        bytes[30] = self.halfmove;
        bytes
    }

    /// The record of 32 bytes, refused if a field is out of its range.
    pub fn from_bytes(bytes: &[u8; RECORD_SIZE]) -> Result<Record, String> {
        let field = |at: usize| [bytes[at], bytes[at + 1]];
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[8..24]);
        let mut occupancy = [0u8; 8];
        occupancy.copy_from_slice(&bytes[0..8]);
        let record = Record {
            occupancy: u64::from_le_bytes(occupancy),
            pieces,
            score: i16::from_le_bytes(field(24)),
            result: bytes[26],
            side_to_move: bytes[27],
            fullmove: u16::from_le_bytes(field(28)),
            halfmove: bytes[30],
        };
        let valid = record.result <= 2
            && record.side_to_move <= 1
            && bytes[31] == 0
            && record.occupancy.count_ones() <= 32
            && record.pieces().all(|(_, piece)| piece.is_some());
        if valid {
            Ok(record)
        } else {
            Err("not a training record".to_string())
        }
    }

    /// The occupied squares with their pieces (None for a nibble that is no piece).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Option<Piece>)> + '_ {
        Bitboard(self.occupancy)
            .into_iter()
            .enumerate()
            .map(|(i, square)| {
                let nibble = (self.pieces[i / 2] >> (4 * (i % 2))) & 15;
                (square, piece_of(nibble))
            })
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        if self.side_to_move == 0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// A piece's nibble: colour·8 + role.
fn nibble(piece: Piece) -> u8 {
    u8::from(piece.color == Color::Black) * 8 + piece.role as u8
}

/// The piece of a nibble, if it is one.
fn piece_of(nibble: u8) -> Option<Piece> {
    let role = match nibble & 7 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    };
    let color = if nibble & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece { color, role })
}

/// Every whole record of `reader`, refusing a malformed one (a trailing partial record is
/// ignored).
pub fn read_all(reader: &mut impl Read) -> io::Result<Vec<Record>> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    bytes
        .chunks_exact(RECORD_SIZE)
        .enumerate()
        .map(|(i, chunk)| {
            let mut record = [0u8; RECORD_SIZE];
            record.copy_from_slice(chunk);
            Record::from_bytes(&record)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("record {i}: {e}")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::game::Game;

    #[test]
    fn records_round_trip() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 7 31",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 99 300",
        ] {
            let game = Game::from_fen(fen).expect("legal");
            let pos = game.position();
            let record = Record::new(pos, -1234, 2);
            let back = Record::from_bytes(&record.to_bytes()).expect("valid");
            assert_eq!(back, record);
            assert_eq!(back.turn(), pos.turn());
            let pieces: Vec<_> = back.pieces().map(|(s, p)| (s, p.expect("piece"))).collect();
            let board: Vec<_> = pos.board().clone().into_iter().collect();
            assert_eq!(pieces, board);
            assert_eq!(u32::from(back.fullmove), pos.fullmoves().get());
            assert_eq!(u32::from(back.halfmove), pos.halfmoves());
        }
    }

    #[test]
    fn bad_bytes_are_refused() {
        let record = Record::new(&Chess::default(), 10, 1);
        let mut bytes = record.to_bytes();
        bytes[26] = 3;
        assert!(Record::from_bytes(&bytes).is_err());
        let mut bytes = record.to_bytes();
        bytes[8] = 0;
        assert!(Record::from_bytes(&bytes).is_err());
    }
}
