//! The compact storage of self-play games: each game's start, every move played with the score
//! of the position it was played from, and the result, in about 4 bytes a position (the
//! training record of [`super::record`] takes 32). `engine train` replays the games and takes
//! the positions marked kept.
//!
//! A file is the magic `ENGAMES1` followed by games, each (little-endian):
//!
//! | Bytes | Field |
//! |---|---|
//! | 1 | length n of the start's FEN |
//! | n | the start's FEN, ASCII |
//! | 1 | result for White: 0 loss, 1 draw, 2 win |
//! | 2 | number of plies k, u16 |
//! | 4·k | per ply: the move, u16 (from square, to square — the rook's for castling —, promotion: 6 + 6 + 3 bits; bit 15 set where the position is a training position), then its score, i16, centipawns from the side to move's view |
//!
//! The last ply's move is the one its search chose; it need not have been played (the game may
//! have been adjudicated on its score).

use std::io::{self, Read};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

use crate::tools::datagen::record::Record;

/// The first bytes of a file of games.
pub const MAGIC: &[u8; 8] = b"ENGAMES1";

/// The bit of a ply's move that marks a training position.
const KEPT: u16 = 1 << 15;

/// One ply of a game: the move chosen, the score of the position it was chosen in, and whether
/// that position is a training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    pub score: i16,
    pub kept: bool,
}

/// A self-play game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Chess,
    pub plies: Vec<Ply>,
    /// For White: 0 loss, 1 draw, 2 win.
    pub white_result: u8,
}

impl GameRecord {
    /// The training records of the kept positions, in order.
    pub fn records(&self) -> Vec<Record> {
        let mut pos = self.start.clone();
        let mut records = Vec::new();
        for ply in &self.plies {
            if ply.kept {
                let result = match pos.turn() {
                    Color::White => self.white_result,
                    Color::Black => 2 - self.white_result,
                };
                records.push(Record::new(&pos, ply.score, result));
            }
            pos.play_unchecked(ply.mv);
        }
        records
    }

    /// How many positions are kept.
    pub fn kept(&self) -> usize {
        self.plies.iter().filter(|ply| ply.kept).count()
    }

    /// The game's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let fen = Fen::from_position(&self.start, shakmaty::EnPassantMode::Legal).to_string();
        let plies = self.plies.len().min(u16::MAX as usize);
        let mut bytes = Vec::with_capacity(4 + fen.len() + 4 * plies);
        bytes.push(fen.len().min(255) as u8);
        bytes.extend(&fen.as_bytes()[..fen.len().min(255)]);
        bytes.push(self.white_result);
        bytes.extend((plies as u16).to_le_bytes());
        for ply in &self.plies[..plies] {
            let code = encode(ply.mv) | if ply.kept { KEPT } else { 0 };
            bytes.extend(code.to_le_bytes());
            bytes.extend(ply.score.to_le_bytes());
        }
        bytes
    }

    /// Reads the next game of `reader`; None at the end of the data.
    pub fn read(reader: &mut impl Read) -> io::Result<Option<GameRecord>> {
        let mut length = [0u8; 1];
        if reader.read(&mut length)? == 0 {
            return Ok(None);
        }
        let mut fen = vec![0u8; length[0] as usize];
        reader.read_exact(&mut fen)?;
        let start = start_position(&fen)?;
        let mut head = [0u8; 3];
        reader.read_exact(&mut head)?;
        let white_result = head[0];
        if white_result > 2 {
            return Err(invalid("a result out of range"));
        }
        let count = u16::from_le_bytes([head[1], head[2]]) as usize;
        let mut data = vec![0u8; 4 * count];
        reader.read_exact(&mut data)?;
        let plies = replay(&start, &data)?;
        Ok(Some(GameRecord {
            start,
            plies,
            white_result,
        }))
    }
}

/// The plies of `data` (4 bytes each), each move checked legal in the position it is played in.
fn replay(start: &Chess, data: &[u8]) -> io::Result<Vec<Ply>> {
    let mut pos = start.clone();
    let mut plies = Vec::with_capacity(data.len() / 4);
    for chunk in data.chunks_exact(4) {
        let code = u16::from_le_bytes([chunk[0], chunk[1]]);
        let score = i16::from_le_bytes([chunk[2], chunk[3]]);
        let mv = decode(&pos, code & !KEPT).ok_or_else(|| invalid("an illegal move"))?;
        plies.push(Ply {
            mv,
            score,
            kept: code & KEPT != 0,
        });
        pos.play_unchecked(mv);
    }
    Ok(plies)
}

/// The standard-chess position of a FEN's bytes.
fn start_position(fen: &[u8]) -> io::Result<Chess> {
    let fen = Fen::from_ascii(fen).map_err(|_| invalid("a bad FEN"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|_| invalid("an illegal start"))
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("not a game file: {what}"),
    )
}

/// A move's 15 bits: from, to (the rook's square for castling), promotion (0 none, else the
/// role's number).
pub fn encode(m: Move) -> u16 {
    let (from, to) = match m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    let promotion = m.promotion().map_or(0, |role| role as u16);
    u16::from(from) | u16::from(to) << 6 | promotion << 12
}

/// The legal move of `pos` that `code` (15 bits of [`encode`]) stands for.
fn decode(pos: &Chess, code: u16) -> Option<Move> {
    let from = Square::new(u32::from(code & 63));
    let to = Square::new(u32::from((code >> 6) & 63));
    let promotion = Role::try_from((code >> 12) & 7).ok();
    pos.legal_moves().into_iter().find(|&m| {
        let (f, t) = match m {
            Move::Castle { king, rook } => (king, rook),
            _ => (m.from().unwrap_or(m.to()), m.to()),
        };
        f == from && t == to && m.promotion() == promotion
    })
}

/// Every game of `reader`, after the magic.
pub fn read_all(reader: &mut impl Read) -> io::Result<Vec<GameRecord>> {
    let mut magic = [0u8; 8];
    reader.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(invalid("no ENGAMES1 header"));
    }
    let mut games = Vec::new();
    while let Some(game) = GameRecord::read(reader)? {
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    /// A game of `moves` (UCI) from `fen`, every position kept, scored by its ply.
    fn game(fen: &str, moves: &[&str], white_result: u8) -> GameRecord {
        let start: Chess = fen
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            let uci: UciMove = text.parse().expect("UCI move");
            let mv = uci.to_move(&pos).unwrap_or_else(|e| {
                panic!(
                    "{text}: {e} in {}",
                    Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                )
            });
            plies.push(Ply {
                mv,
                score: i as i16 * 10 - 5,
                kept: i % 2 == 0,
            });
            pos.play_unchecked(mv);
        }
        GameRecord {
            start,
            plies,
            white_result,
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn games_read_back_as_written_castling_promotion_and_en_passant_included() {
        let games = [
            game(
                START,
                &[
                    "e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6d5", "f1b5", "c7c6", "e1g1",
                ],
                2,
            ),
            game(
                "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
                &["e5d6", "e8g8", "b7b8q", "a8b8", "e1c1"],
                1,
            ),
        ];
        let mut bytes = MAGIC.to_vec();
        games.iter().for_each(|g| bytes.extend(g.to_bytes()));
        let read = read_all(&mut bytes.as_slice()).expect("games read back");
        assert_eq!(read, games);
        // Four bytes a ply, beside the start and the header.
        let first = games[0].to_bytes();
        assert_eq!(first.len(), 1 + START.len() + 3 + 4 * 9);
    }

    #[test]
    fn the_kept_positions_become_the_records_of_those_positions() {
        let g = game(START, &["e2e4", "e7e5", "g1f3"], 0);
        let records = g.records();
        assert_eq!(records.len(), 2);
        let mut pos = g.start.clone();
        assert_eq!(records[0], Record::new(&pos, -5, 0));
        pos.play_unchecked(g.plies[0].mv);
        pos.play_unchecked(g.plies[1].mv);
        assert_eq!(records[1], Record::new(&pos, 15, 0));
        // Black's positions take Black's result.
        let black = game(START, &["e2e4", "e7e5"], 0);
        let kept_black = GameRecord {
            plies: black
                .plies
                .iter()
                .map(|p| Ply { kept: true, ..*p })
                .collect(),
            ..black
        };
        assert_eq!(kept_black.records()[1].result, 2);
    }

    #[test]
    fn damaged_files_are_refused_not_misread() {
        let g = game(START, &["e2e4", "e7e5"], 1);
        let mut bytes = MAGIC.to_vec();
        bytes.extend(g.to_bytes());
        assert!(
            read_all(&mut &bytes[..bytes.len() - 1]).is_err(),
            "cut short"
        );
        assert!(read_all(&mut &bytes[1..]).is_err(), "no magic");
        // A move that is not legal where it is played.
        let mut bad = bytes.clone();
        let at = bad.len() - 4;
        bad[at..at + 2].copy_from_slice(&encode_squares(Square::E2, Square::E5).to_le_bytes());
        assert!(read_all(&mut bad.as_slice()).is_err(), "illegal move");
    }

    fn encode_squares(from: Square, to: Square) -> u16 {
        u16::from(from) | u16::from(to) << 6
    }
}
