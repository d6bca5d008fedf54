//! The rules that end a game without a search, in one place: checkmate and stalemate, and the
//! draws by repetition (with the game's history), by the fifty-move rule and by insufficient
//! material. Every search and `engine play` ask them here.

use shakmaty::{Chess, Position};

use crate::board::game::Game;

/// Which repetitions a search scores as a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The rules' threefold repetition only (Minimax and AlphaBeta score what the rules say).
    Threefold,
    /// Threefold, or any repetition inside the search (IterativeDeepening, as engines do: a
    /// side that could repeat once can repeat again).
    InSearch,
}

/// Zobrist keys of the game's history followed by those of the current search path.
#[derive(Clone, Debug)]
pub struct KeyHistory {
    keys: Vec<u64>,
    /// Index of the root position's key.
    root: usize,
}

impl KeyHistory {
    /// A history whose root is the last of `game_keys`, with room for `room` more positions
    /// reserved now (so that a search pushing them allocates nothing).
    pub fn new(game_keys: &[u64], room: usize) -> KeyHistory {
        let mut keys = Vec::with_capacity(game_keys.len() + room);
        keys.extend_from_slice(game_keys);
        KeyHistory {
            root: keys.len().saturating_sub(1),
            keys,
        }
    }

    /// Enters a child position.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
    }

    /// Returns to the parent position.
    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
    }

    /// The current position's key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.keys[self.keys.len() - 1]
    }

    /// Earlier occurrences of the current position that are still reachable (within `halfmoves`),
    /// and whether one of them lies inside the search (at or after the root).
    fn earlier_occurrences(&self, halfmoves: u32) -> (usize, bool) {
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        let oldest = last.saturating_sub(halfmoves as usize);
        let mut count = 0;
        let mut in_search = false;
        let mut i = last;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == key {
                count += 1;
                in_search |= i >= self.root;
            }
        }
        (count, in_search)
    }

    /// Whether the current position, `halfmoves` into its fifty-move count, is a draw by
    /// repetition as `repetition` counts it.
    #[inline]
    pub fn is_repetition(&self, halfmoves: u32, repetition: Repetition) -> bool {
        if halfmoves < 4 {
            return false;
        }
        let (count, in_search) = self.earlier_occurrences(halfmoves);
        count >= 2 || (repetition == Repetition::InSearch && in_search)
    }
}

/// Neither side can mate: shakmaty's `is_insufficient_material`, answered at once while a pawn,
/// rook or queen is on the board.
#[inline]
pub fn is_insufficient_material(pos: &Chess) -> bool {
    let board = pos.board();
    (board.pawns() | board.rooks_and_queens()).is_empty() && pos.is_insufficient_material()
}

/// Whether `pos`, the current position of `history`, is drawn by repetition, insufficient
/// material or the fifty-move rule. `not_mated` tells whether the side to move escapes
/// checkmate: asked only on the hundredth half-move, where checkmate still wins.
#[inline]
pub fn is_draw(
    pos: &Chess,
    history: &KeyHistory,
    repetition: Repetition,
    not_mated: impl FnOnce() -> bool,
) -> bool {
    let halfmoves = pos.halfmoves();
    if history.is_repetition(halfmoves, repetition) || is_insufficient_material(pos) {
        return true;
    }
    halfmoves >= 100 && not_mated()
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    Repetition,
    FiftyMoves,
}

/// Whether the game is over by the rules, and why (checkmate before any draw).
pub fn game_end(game: &Game) -> Option<GameEnd> {
    let pos = game.position();
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() {
            GameEnd::Checkmate
        } else {
            GameEnd::Stalemate
        });
    }
    let halfmoves = pos.halfmoves();
    if is_insufficient_material(pos) {
        Some(GameEnd::InsufficientMaterial)
    } else if KeyHistory::new(game.keys(), 0).is_repetition(halfmoves, Repetition::Threefold) {
        Some(GameEnd::Repetition)
    } else if halfmoves >= 100 {
        Some(GameEnd::FiftyMoves)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::movegen::MoveGen;

    fn history(keys: &[u64]) -> KeyHistory {
        KeyHistory::new(keys, 2)
    }

    #[test]
    fn threefold_needs_two_earlier_occurrences() {
        // a b a b a: the last a is the third occurrence.
        assert!(history(&[1, 2, 1, 2, 1]).is_repetition(10, Repetition::Threefold));
        assert!(!history(&[1, 2, 1]).is_repetition(10, Repetition::Threefold));
    }

    #[test]
    fn halfmove_clock_bounds_the_scan() {
        let keys = history(&[1, 2, 1, 2, 1]);
        assert!(!keys.is_repetition(3, Repetition::Threefold));
        assert!(!keys.is_repetition(3, Repetition::InSearch));
    }

    #[test]
    fn a_single_repetition_inside_the_search_counts_for_engines() {
        let mut keys = history(&[7, 8, 9]);
        keys.push(10);
        keys.push(9);
        assert!(keys.is_repetition(10, Repetition::InSearch));
        assert!(!keys.is_repetition(10, Repetition::Threefold));
        // A single repetition of a position before the root is not enough.
        let mut keys = history(&[9, 8, 7]);
        keys.push(8);
        keys.push(9);
        assert!(!keys.is_repetition(10, Repetition::InSearch));
    }

    #[test]
    fn checkmate_on_the_hundredth_half_move_is_no_draw() {
        let not_mated = |game: &Game| {
            let gen = MoveGen::new(game.position());
            !gen.in_check() || gen.has_legal_move()
        };
        for (fen, drawn) in [
            ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80", false),
            ("6k1/5ppp/8/8/8/8/8/R5K1 b - - 100 80", true),
            ("6k1/5ppp/8/8/8/8/8/R5K1 b - - 99 80", false),
        ] {
            let game = Game::from_fen(fen).expect("legal");
            let history = KeyHistory::new(game.keys(), 0);
            let draw = is_draw(game.position(), &history, Repetition::InSearch, || {
                not_mated(&game)
            });
            assert_eq!(draw, drawn, "{fen}");
        }
    }

    #[test]
    fn material_is_insufficient_only_where_no_mate_can_be_forced_or_helped() {
        for (fen, insufficient) in [
            ("k7/8/8/8/8/8/8/K7 w - - 0 1", true),
            ("k7/8/8/8/8/8/8/KB6 w - - 0 1", true),
            ("k1b5/8/8/8/8/8/8/KB6 w - - 0 1", true),
            // Minor pieces only, but a mate exists: not insufficient.
            ("k7/8/8/8/8/8/8/KBN5 w - - 0 1", false),
            ("kn6/8/8/8/8/8/8/KB6 w - - 0 1", false),
            ("k7/8/8/8/8/8/8/KNN5 w - - 0 1", false),
            ("k7/8/8/8/8/8/P7/K7 w - - 0 1", false),
            ("k7/8/8/8/8/8/8/KR6 w - - 0 1", false),
        ] {
            let game = Game::from_fen(fen).expect("legal");
            assert_eq!(
                is_insufficient_material(game.position()),
                insufficient,
                "{fen}"
            );
        }
    }

    #[test]
    fn games_end_by_each_rule() {
        let end = |fen: &str| game_end(&Game::from_fen(fen).expect("legal"));
        assert_eq!(
            end("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"),
            Some(GameEnd::Checkmate)
        );
        assert_eq!(
            end("k7/8/1QK5/8/8/8/8/8 b - - 0 1"),
            Some(GameEnd::Stalemate)
        );
        assert_eq!(
            end("k7/8/8/8/8/8/8/KN6 w - - 0 1"),
            Some(GameEnd::InsufficientMaterial)
        );
        assert_eq!(
            end("k7/8/8/8/8/8/8/KR6 w - - 100 80"),
            Some(GameEnd::FiftyMoves)
        );
        assert_eq!(end("k7/8/8/8/8/8/8/KR6 w - - 99 80"), None);
        let mut game = Game::from_fen("k7/8/8/8/8/8/8/K6R w - - 0 1").expect("legal");
        for m in [
            "h1h2", "a8b8", "h2h1", "b8a8", "h1h2", "a8b8", "h2h1", "b8a8",
        ] {
            assert_eq!(game_end(&game), None, "before {m}");
            game.play_uci(m).expect("legal");
        }
        assert_eq!(game_end(&game), Some(GameEnd::Repetition));
    }
}
