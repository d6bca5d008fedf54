//! Material and piece-square tables of the positional evaluator, a middlegame and an endgame
//! value for each piece on each square, read from [`WEIGHTS`] (PeSTO's published layout) into
//! a table by colour and square.

use shakmaty::{Board, Color, Role, Square};

use super::tapered::{pair, Pair};
use super::values::WEIGHTS;

/// The material value of `role`.
#[inline]
pub const fn value(role: Role) -> Pair {
    WEIGHTS.material[role as usize - 1]
}

/// Where a `color` piece on square `sq` (a1 = 0) reads the published table (a8 = 0): a white
/// piece on a1 reads index 56, a black one on a8 too.
#[inline]
pub const fn published_index(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq ^ 56,
        Color::Black => sq,
    }
}

/// Square-only bonuses by colour, role (pawn to king) and square (a1 = 0), read from the
/// owner's side ([`published_index`]).
static SQUARE_BONUS: [[[Pair; 64]; 6]; 2] = build_square_bonus();

const fn build_square_bonus() -> [[[Pair; 64]; 6]; 2] {
    let mut out = [[[pair(0, 0); 64]; 6]; 2];
    let mut role = 0;
    while role < 6 {
        let table = &WEIGHTS.squares[role];
        let mut sq = 0;
        while sq < 64 {
            // Index 1 (white) and 0 (black), as shakmaty's Color::White as usize is 1.
            out[1][role][sq] = table[published_index(Color::White, sq)];
            out[0][role][sq] = table[published_index(Color::Black, sq)];
            sq += 1;
        }
        role += 1;
    }
    out
}

/// The square bonus of a `color` `role` on `sq`, without its material value.
#[inline]
pub fn square_bonus(color: Color, role: Role, sq: Square) -> Pair {
    SQUARE_BONUS[color as usize][role as usize - 1][sq as usize]
}

/// Material value plus square bonus of a `color` `role` on `sq`.
#[inline]
pub fn piece_square(color: Color, role: Role, sq: Square) -> Pair {
    value(role) + square_bonus(color, role, sq)
}

/// One side's material and its square bonuses, counted from the board.
pub fn side_sums(board: &Board, color: Color) -> (Pair, Pair) {
    let mut material = Pair::default();
    let mut squares = Pair::default();
    for sq in board.by_color(color) {
        if let Some(role) = board.role_at(sq) {
            material += value(role);
            squares += square_bonus(color, role, sq);
        }
    }
    (material, squares)
}

/// Material plus square bonuses, White's minus Black's.
pub fn balance(board: &Board) -> Pair {
    let (wm, ws) = side_sums(board, Color::White);
    let (bm, bs) = side_sums(board, Color::Black);
    wm + ws - bm - bs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_read_from_the_owners_side() {
        // PeSTO's published tables (Chess Programming Wiki, "PeSTO's Evaluation Function"),
        // written from White's side with a8 first: the pawn on e2 (index 52) is -15 in the
        // middlegame table and 13 in the endgame one, for a white pawn on e2 and a black on e7.
        let e2 = pair(-15, 13);
        assert_eq!(WEIGHTS.squares[0][52], e2);
        assert_eq!(square_bonus(Color::White, Role::Pawn, Square::E2), e2);
        assert_eq!(square_bonus(Color::Black, Role::Pawn, Square::E7), e2);
        // The king on g1 (index 62): 24 and -24.
        let g1 = pair(24, -24);
        assert_eq!(WEIGHTS.squares[5][62], g1);
        assert_eq!(square_bonus(Color::White, Role::King, Square::G1), g1);
        assert_eq!(square_bonus(Color::Black, Role::King, Square::G8), g1);
        assert_eq!(published_index(Color::White, Square::E2 as usize), 52);
        assert_eq!(published_index(Color::Black, Square::E7 as usize), 52);
    }

    #[test]
    fn the_start_position_balances() {
        assert_eq!(balance(&Board::default()), Pair::default());
    }
}
