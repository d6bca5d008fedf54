//! What the search keeps up to date move by move instead of counting the pieces at every node:
//! the seeds' material balance and the positional evaluator's material and square bonuses.

use shakmaty::{Board, Chess, Color, Move, Position, Role, Square};

use super::tapered::Pair;
use super::{material, psqt, Score};

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
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let moved = ps(us, promotion.unwrap_or(role), to) - ps(us, role, from);
            moved + capture.map_or(Pair::default(), |taken| ps(!us, taken, to))
        }
        Move::EnPassant { from, to } => {
            let taken = Square::from_coords(to.file(), from.rank());
            ps(us, Role::Pawn, to) - ps(us, Role::Pawn, from) + ps(!us, Role::Pawn, taken)
        }
        Move::Castle { king, rook } => {
            let Some(side) = m.castling_side() else {
                return Pair::default();
            };
            ps(us, Role::King, side.king_to(us)) - ps(us, Role::King, king)
                + ps(us, Role::Rook, side.rook_to(us))
                - ps(us, Role::Rook, rook)
        }
        Move::Put { .. } => Pair::default(),
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
