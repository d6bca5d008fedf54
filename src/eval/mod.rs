//! The material evaluator: pawn 100, knight 300, bishop 300, rook 500, queen 900 centipawns.

use shakmaty::{Board, Color, Position, Role};

/// A score in centipawns, or a mate score near [`MATE`].
pub type Score = i32;

/// The score of giving checkmate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: Score = 32_000;
/// Scores beyond this magnitude are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;
/// Larger than any real score: the initial alpha-beta window.
pub const INFINITY: Score = 32_500;
/// The score of a drawn position.
pub const DRAW: Score = 0;

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

/// The static evaluation from the side to move's point of view.
pub fn evaluate<P: Position>(pos: &P) -> Score {
    let board = pos.board();
    let us = pos.turn();
    material(board, us) - material(board, !us)
}

/// Centipawn score of being mated `ply` plies from the root.
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether a score says a mate was found (for either side).
pub const fn is_mate_score(score: Score) -> bool {
    score.abs() >= MATE_BOUND
}

/// Moves to mate (positive: the side to move mates; negative: it is mated), if `score` is a mate.
pub fn mate_distance(score: Score) -> Option<i32> {
    if !is_mate_score(score) {
        None
    } else if score > 0 {
        Some((MATE - score + 1) / 2)
    } else {
        Some(-(MATE + score) / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode, Chess};

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("test FEN parses");
        fen.into_position(CastlingMode::Standard)
            .expect("test FEN is legal")
    }

    #[test]
    fn start_position_is_level() {
        assert_eq!(evaluate(&Chess::default()), 0);
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
    }

    #[test]
    fn mate_distances_count_moves() {
        assert_eq!(mate_distance(MATE - 1), Some(1));
        assert_eq!(mate_distance(MATE - 3), Some(2));
        assert_eq!(mate_distance(mated_in(2)), Some(-1));
        assert_eq!(mate_distance(mated_in(0)), Some(0));
        assert_eq!(mate_distance(250), None);
    }
}
