//! Tapered scores: a middlegame and an endgame value, blended by the game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};

use shakmaty::Board;

use super::Score;

/// A middlegame and an endgame score, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: Score,
    pub eg: Score,
}

/// Shorthand for a [`Pair`] in the weight tables.
pub const fn pair(mg: Score, eg: Score) -> Pair {
    Pair { mg, eg }
}

/// The phase of the opening position, when every piece is on the board.
pub const MAX_PHASE: i32 = 24;

/// The game phase from the pieces on the board: knight and bishop 1, rook 2, queen 4, at most
/// [`MAX_PHASE`] (extra queens from promotions do not count beyond it); 0 is a pawn ending.
pub fn phase(board: &Board) -> i32 {
    let minors = (board.knights() | board.bishops()).count() as i32;
    let rooks = board.rooks().count() as i32;
    let queens = board.queens().count() as i32;
    (minors + 2 * rooks + 4 * queens).min(MAX_PHASE)
}

impl Pair {
    /// The score at `phase`: all middlegame at [`MAX_PHASE`], all endgame at 0. Rounds toward
    /// zero, so that a score and its negation taper to negations of each other.
    #[inline]
    pub fn taper(self, phase: i32) -> Score {
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl Add for Pair {
    type Output = Pair;
    #[inline]
    fn add(self, other: Pair) -> Pair {
        pair(self.mg + other.mg, self.eg + other.eg)
    }
}

impl Sub for Pair {
    type Output = Pair;
    #[inline]
    fn sub(self, other: Pair) -> Pair {
        pair(self.mg - other.mg, self.eg - other.eg)
    }
}

impl Neg for Pair {
    type Output = Pair;
    #[inline]
    fn neg(self) -> Pair {
        pair(-self.mg, -self.eg)
    }
}

impl Mul<Score> for Pair {
    type Output = Pair;
    #[inline]
    fn mul(self, n: Score) -> Pair {
        pair(self.mg * n, self.eg * n)
    }
}

impl AddAssign for Pair {
    #[inline]
    fn add_assign(&mut self, other: Pair) {
        *self = *self + other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_blends_by_phase_and_is_odd() {
        let s = pair(100, 20);
        assert_eq!(s.taper(MAX_PHASE), 100);
        assert_eq!(s.taper(0), 20);
        assert_eq!(s.taper(12), 60);
        for phase in 0..=MAX_PHASE {
            let odd = pair(37, -81);
            assert_eq!((-odd).taper(phase), -odd.taper(phase));
        }
    }

    #[test]
    fn phase_counts_pieces() {
        assert_eq!(phase(&Board::default()), MAX_PHASE);
        assert_eq!(phase(&Board::empty()), 0);
        let board = |fen: &str| fen.parse::<Board>().expect("a board");
        // Knight 1, bishop 1, rook 2, queen 4, pawns and kings nothing.
        assert_eq!(phase(&board("4k3/pppp4/8/8/8/8/PPPP4/N3K3")), 1);
        assert_eq!(phase(&board("4k3/8/8/8/8/8/8/1B2K3")), 1);
        assert_eq!(phase(&board("r3k3/8/8/8/8/8/8/4K3")), 2);
        assert_eq!(phase(&board("4k3/8/8/8/8/8/8/3QK3")), 4);
        assert_eq!(
            phase(&board("rn2k3/8/8/8/8/8/8/NBRQK3")),
            1 + 1 + 2 + 4 + 2 + 1
        );
        // Five queens a side: 40 by the count, held to the opening's 24.
        assert_eq!(phase(&board("qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ")), MAX_PHASE);
    }

    #[test]
    fn pairs_add_subtract_negate_and_scale_both_halves() {
        let (a, b) = (pair(30, -7), pair(-4, 11));
        assert_eq!(a + b, pair(26, 4));
        assert_eq!(a - b, pair(34, -18));
        assert_eq!(-a, pair(-30, 7));
        assert_eq!(a * 3, pair(90, -21));
        assert_eq!(a * -2, pair(-60, 14));
        let mut c = a;
        c += b;
        assert_eq!(c, pair(26, 4));
    }

    #[test]
    fn taper_rounds_toward_zero() {
        // 10 · 5 + 0 · 19 = 50, 50 / 24 = 2.08; -50 / 24 = -2.08.
        assert_eq!(pair(10, 0).taper(5), 2);
        assert_eq!(pair(-10, 0).taper(5), -2);
        // 1 · 23 + 25 · 1 = 48: exactly 2.
        assert_eq!(pair(1, 25).taper(23), 2);
        assert_eq!(pair(0, 24).taper(1), 23);
    }
}
