//! What the search keeps up to date move by move instead of counting the pieces at every node:
//! the seeds' material balance and the positional evaluator's material and square bonuses.

use shakmaty::{Board, Chess, Color, Move, Position, Role};

use super::tapered::Pair;
use super::{material, psqt, Score};
use crate::board::changes::{Also, PieceChanges};

/// The piece sums of a position (material, square bonuses), each White's minus Black's: the
/// material and positional evaluators' running state, as `nnue::NnueAccumulator` is the net's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceSums {
    /// The seeds' material (pawn 100 ... queen 900).
    pub material: Score,
    /// PeSTO's material and square bonuses.
    pub psqt: Pair,
}

impl PieceSums {
    /// The sums counted from the board.
    pub fn new(board: &Board) -> PieceSums {
        PieceSums {
            material: material::balance(board),
            psqt: psqt::balance(board),
        }
    }

    /// The sums after the legal move `m` is played in `pos`.
    #[inline]
    pub fn after(&self, pos: &Chess, m: Move) -> PieceSums {
        let us = pos.turn();
        let (material, psqt) = (material::gain(m), psqt_gain(us, m));
        match us {
            Color::White => PieceSums {
                material: self.material + material,
                psqt: self.psqt + psqt,
            },
            Color::Black => PieceSums {
                material: self.material - material,
                psqt: self.psqt - psqt,
            },
        }
    }
}

/// How much `us`'s material and square bonuses less the enemy's change by `us` playing `m`.
#[inline]
fn psqt_gain(us: Color, m: Move) -> Pair {
    let ps = psqt::piece_square;
    let Some(changes) = PieceChanges::of(us, m) else {
        return Pair::default();
    };
    let ((role, from), (placed, to)) = (changes.removed, changes.placed);
    let moved = ps(us, placed, to) - ps(us, role, from);
    match changes.also {
        Also::Nothing => moved,
        Also::Capture(taken, square) => moved + ps(!us, taken, square),
        Also::RookMove(rook, rook_to) => {
            moved + ps(us, Role::Rook, rook_to) - ps(us, Role::Rook, rook)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::game::Game;

    /// Every line of moves `depth` deep from `pos` keeps the sums equal to a fresh count.
    fn walk(pos: &Chess, acc: PieceSums, depth: u32) {
        assert_eq!(acc, PieceSums::new(pos.board()), "{:?}", pos.board());
        if depth == 0 {
            return;
        }
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            walk(&child, acc.after(pos, m), depth - 1);
        }
    }

    #[test]
    fn the_sums_follow_every_kind_of_move() {
        for fen in [
            // Castling both ways for both sides, promotions, captures.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            // En passant.
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            // Under-promotions with capture.
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let game = Game::from_fen(fen).expect("legal");
            let pos = game.position();
            walk(pos, PieceSums::new(pos.board()), 3);
        }
    }
}
