//! The material evaluator, the seeds' one, kept exact: pawn 100, knight 300, bishop 300,
//! rook 500, queen 900 centipawns; nothing else counts.

use shakmaty::{Board, Color, Move, Position, Role};

use super::Score;

/// The value of each role, in centipawns; the king has none.
pub const fn role_value(role: Role) -> Score {
    match role {
        Role::Pawn => 100,
        Role::Knight => 300,
        Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// The roles that carry material, in the order the `eval` command lists them.
pub const MATERIAL_ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The material of one side, in centipawns.
pub fn material(board: &Board, color: Color) -> Score {
    let ours = board.by_color(color);
    MATERIAL_ROLES
        .iter()
        .map(|&role| (board.by_role(role) & ours).count() as Score * role_value(role))
        .sum()
}

/// White's material minus Black's.
pub fn balance(board: &Board) -> Score {
    material(board, Color::White) - material(board, Color::Black)
}

/// The material a move wins for the side that plays it: the piece taken and what a promotion adds.
#[inline]
pub fn gain(m: Move) -> Score {
    m.capture().map_or(0, role_value)
        + m.promotion()
            .map_or(0, |role| role_value(role) - role_value(Role::Pawn))
}

/// The material evaluation from the side to move's point of view.
pub fn evaluate<P: Position>(pos: &P) -> Score {
    let board = pos.board();
    let us = pos.turn();
    material(board, us) - material(board, !us)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as pos;
    use shakmaty::Chess;

    #[test]
    fn start_position_is_level() {
        assert_eq!(evaluate(&Chess::default()), 0);
    }

    #[test]
    fn the_values_are_the_seeds() {
        let values: Vec<Score> = MATERIAL_ROLES.iter().map(|&r| role_value(r)).collect();
        assert_eq!(values, [100, 300, 300, 500, 900]);
        assert_eq!(role_value(Role::King), 0);
        assert_eq!(material(Chess::default().board(), Color::White), 3900);
    }

    #[test]
    fn material_is_from_the_side_to_move() {
        // White is a queen up; white to move sees +900, black to move sees -900.
        assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), 900);
        assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")), -900);
        assert_eq!(
            evaluate(&pos("rn2k3/8/8/8/8/8/8/1B2K3 w - - 0 1")),
            300 - 800
        );
        // Each role once: a pawn, a knight, a bishop, a rook against nothing.
        assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/P7/NBR1K3 w - - 0 1")), 1200);
        assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/P7/NBR1K3 b - - 0 1")), -1200);
    }

    #[test]
    fn a_capture_promoting_to_a_queen_gains_both() {
        let pos = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.capture() == Some(Role::Rook) && m.promotion() == Some(Role::Queen))
            .expect("axb8=Q is legal");
        assert_eq!(gain(m), 500 + 800);
    }
}
