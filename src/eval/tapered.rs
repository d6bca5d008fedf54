//! Tapered scores: a middlegame and an endgame value, blended by the game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

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

impl SubAssign for Pair {
    #[inline]
    fn sub_assign(&mut self, other: Pair) {
        *self = *self - other;
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
    }
}
