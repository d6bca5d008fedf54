//! A game: a legal position plus the Zobrist keys of the positions that led to it.

use shakmaty::{fen::Fen, Chess, EnPassantMode, Move, Position};

use crate::board::keys::{key_after, zobrist_key};
use crate::board::notation::{parse_fen, parse_uci_move};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::uci_move;

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
}
