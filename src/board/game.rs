//! A game: a legal position plus the Zobrist keys of the positions that led to it.

use shakmaty::{fen::Fen, CastlingMode, Chess, EnPassantMode, Move, Position};

use crate::board::keys::{key_after, zobrist_key};
use crate::board::notation::{parse_fen_in, parse_uci_move};

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
        Game::from_fen_in(fen, CastlingMode::Standard)
    }

    /// A game from a FEN whose castling rights are read in `mode` (Chess960: any rook and king
    /// squares, in X-FEN or Shredder-FEN).
    pub fn from_fen_in(fen: &str, mode: CastlingMode) -> Result<Game, String> {
        parse_fen_in(fen, mode).map(Game::from_position)
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
    fn fens_are_repaired_as_stockfish_repairs_them() {
        let cases = [
            (
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 0",
                "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            ),
            (
                "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
                "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
            ),
            (
                "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
                "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            ),
        ];
        for (fen, repaired) in cases {
            let game = Game::from_fen(fen).expect(fen);
            assert_eq!(game.fen(), repaired, "{fen}");
        }
    }

    #[test]
    fn castling_is_accepted_both_ways() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for text in ["e1g1", "e1h1"] {
            let mut game = Game::from_fen(fen).expect("legal FEN");
            let m = game.play_uci(text).expect("castling is legal");
            assert_eq!(uci_move(m, CastlingMode::Standard), "e1g1");
            assert_eq!(uci_move(m, CastlingMode::Chess960), "e1h1");
        }
    }

    #[test]
    fn shredder_and_x_fen_castling_rights_are_read_in_both_modes() {
        let standard = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            for rights in ["HAha", "AHah", "KQkq", "KAkq"] {
                let fen = standard.replace("KQkq", rights);
                let game = Game::from_fen_in(&fen, mode).expect(&fen);
                assert_eq!(game.fen(), standard, "{fen} in {mode:?}");
            }
        }
    }

    #[test]
    fn chess960_castling_rights_need_chess960() {
        // Kings on b1 and b8, rooks on a1, g1, a8 and h8: Shredder-FEN GAha, X-FEN KQkq.
        for rights in ["GAha", "KQkq"] {
            let fen = format!("rk5r/8/8/8/8/8/8/RK4R1 w {rights} - 0 1");
            let err = Game::from_fen(&fen).expect_err(&fen);
            assert!(err.contains("UCI_Chess960"), "{err}");
            let game = Game::from_fen_in(&fen, CastlingMode::Chess960).expect(&fen);
            assert_eq!(game.fen(), "rk5r/8/8/8/8/8/8/RK4R1 w KQkq - 0 1");
            // The king takes its rook to castle: b1a1 goes long (king c1, rook d1) ...
            let mut long = game.clone();
            let m = long.play_uci("b1a1").expect("castling is legal");
            assert_eq!(uci_move(m, CastlingMode::Chess960), "b1a1");
            assert_eq!(long.fen(), "rk5r/8/8/8/8/8/8/2KR2R1 b kq - 1 1");
            // ... while b1c1 is a king move, and b1g1 castles short (king g1, rook f1).
            let mut step = game.clone();
            step.play_uci("b1c1").expect("a king move");
            assert_eq!(step.fen(), "rk5r/8/8/8/8/8/8/R1K3R1 b kq - 1 1");
            let mut short = game.clone();
            short.play_uci("b1g1").expect("castling is legal");
            assert_eq!(short.fen(), "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        }
    }
}
