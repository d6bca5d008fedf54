//! The keys of the game and the search path: repetitions and the draw rules.

use shakmaty::{Chess, MoveList, Position};

use crate::board::movegen::MoveGen;
use crate::eval::{mated_in, Score, DRAW};
use crate::search::MAX_PLY;

/// Zobrist keys of the game history followed by those of the current search path.
#[derive(Clone, Debug)]
pub struct Path {
    keys: Vec<u64>,
    /// Index of the root position's key.
    root: usize,
}

impl Path {
    /// A path whose root is the last of `game_keys`; room for the deepest search is reserved now.
    pub fn new(game_keys: &[u64]) -> Path {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 2);
        keys.extend_from_slice(game_keys);
        Path {
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

    /// The current position occurs for the third time: a draw by the rules.
    #[inline]
    pub fn is_threefold(&self, halfmoves: u32) -> bool {
        halfmoves >= 4 && self.earlier_occurrences(halfmoves).0 >= 2
    }

    /// A draw as engines score it: threefold, or any repetition inside the search.
    #[inline]
    pub fn is_search_repetition(&self, halfmoves: u32) -> bool {
        if halfmoves < 4 {
            return false;
        }
        let (count, in_search) = self.earlier_occurrences(halfmoves);
        count >= 2 || in_search
    }
}

/// The score the rules give a node without search (the cutoff test's "game over" half):
/// checkmate, stalemate, and, below the root, the fifty-move rule, insufficient material and threefold repetition.
pub fn rule_outcome(pos: &Chess, moves: &MoveList, ply: usize, path: &Path) -> Option<Score> {
    if moves.is_empty() {
        return Some(if pos.is_check() { mated_in(ply) } else { DRAW });
    }
    if ply > 0 && is_draw_by_rule(pos, path) {
        return Some(DRAW);
    }
    None
}

/// The value of a node at the horizon (below the root): the rules' verdict as [`rule_outcome`]
/// gives it, else `evaluation`, the position's static evaluation; the moves are not generated, only tested for existence.
#[inline]
pub fn horizon_outcome(pos: &Chess, ply: usize, path: &Path, evaluation: Score) -> Score {
    // A checkmate can neither repeat nor arise with insufficient material, so these two draws
    // may be tested before the moves; the fifty-move rule yields to checkmate.
    if is_insufficient_material(pos) || path.is_threefold(pos.halfmoves()) {
        return DRAW;
    }
    let gen = MoveGen::new(pos);
    if !gen.has_legal_move() {
        return if gen.in_check() { mated_in(ply) } else { DRAW };
    }
    if pos.halfmoves() >= 100 {
        return DRAW;
    }
    evaluation
}

/// The fifty-move rule, insufficient material or threefold repetition (for a position with legal moves).
#[inline]
pub fn is_draw_by_rule(pos: &Chess, path: &Path) -> bool {
    let halfmoves = pos.halfmoves();
    halfmoves >= 100 || is_insufficient_material(pos) || path.is_threefold(halfmoves)
}

/// Neither side can mate: shakmaty's `is_insufficient_material`, answered at once while a pawn,
/// rook or queen is on the board.
#[inline]
pub fn is_insufficient_material(pos: &Chess) -> bool {
    let board = pos.board();
    (board.pawns() | board.rooks_and_queens()).is_empty() && pos.is_insufficient_material()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefold_needs_two_earlier_occurrences() {
        // a b a b a: the last a is the third occurrence.
        let path = Path::new(&[1, 2, 1, 2, 1]);
        assert!(path.is_threefold(10));
        let path = Path::new(&[1, 2, 1]);
        assert!(!path.is_threefold(10));
    }

    #[test]
    fn halfmove_clock_bounds_the_scan() {
        let path = Path::new(&[1, 2, 1, 2, 1]);
        assert!(!path.is_threefold(3));
    }

    #[test]
    fn a_single_repetition_inside_the_search_counts_for_engines() {
        let mut path = Path::new(&[7, 8, 9]);
        path.push(10);
        path.push(9);
        assert!(path.is_search_repetition(10));
        assert!(!path.is_threefold(10));
        // A single repetition of a position before the root is not enough.
        let mut path = Path::new(&[9, 8, 7]);
        path.push(8);
        path.push(9);
        assert!(!path.is_search_repetition(10));
    }
}
