//! What a score means in games: the win, draw and loss chances that `UCI_ShowWDL` shows, from a
//! model fitted on the engine's own games (`scripts/wdl_fit.py`).
//!
//! As Stockfish's model: with m the material count clamped to 17..78 over 58, a score v wins
//! with probability 1 / (1 + exp((a(m) − v) / b(m))) and loses with that of −v; the rest is the
//! draw. a and b are cubic polynomials in m; a(m) is the score that wins half the games, b(m)
//! how fast the chance rises around it.

use shakmaty::{Board, Role};

use crate::eval::{is_mate_score, Score};

/// Win, draw and loss chances in per mille, from the side to move; they sum to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Wdl {
    /// A won game: a mate for the side to move.
    pub const WIN: Wdl = Wdl {
        win: 1000,
        draw: 0,
        loss: 0,
    };
    /// A drawn game, as stalemate.
    pub const DRAW: Wdl = Wdl {
        win: 0,
        draw: 1000,
        loss: 0,
    };
    /// A lost game: the side to move is mated.
    pub const LOSS: Wdl = Wdl {
        win: 0,
        draw: 0,
        loss: 1000,
    };
}

/// a(m) = A[0] + A[1]·m + A[2]·m² + A[3]·m³ in the fit's centipawns (docs/protocol.md#wdl-model).
const A: [f64; 4] = [1316.0631, -4026.6658, 4454.4607, -1608.1076];
/// b(m), likewise.
const B: [f64; 4] = [309.0294, -978.0262, 1302.3144, -533.9546];
/// The embedded net's centipawns per centipawn of the fit: a and b are multiplied by it.
const SCORE_SCALE: f64 = 0.7;

/// The material counts the model was fitted on; others are read as the nearest end.
const MATERIAL_RANGE: (u32, u32) = (17, 78);
/// The material count at which m = 1.
const MATERIAL_ANCHOR: f64 = 58.0;

/// The model's material count: pawns, 3 per knight or bishop, 5 per rook, 9 per queen, both sides.
pub fn material_count(board: &Board) -> u32 {
    let count = |role: Role| board.by_role(role).count() as u32;
    count(Role::Pawn)
        + 3 * (count(Role::Knight) + count(Role::Bishop))
        + 5 * count(Role::Rook)
        + 9 * count(Role::Queen)
}

/// a(m) and b(m) at material count `material`.
fn parameters(material: u32) -> (f64, f64) {
    let m = f64::from(material.clamp(MATERIAL_RANGE.0, MATERIAL_RANGE.1)) / MATERIAL_ANCHOR;
    let polynomial = |c: &[f64; 4]| ((c[3] * m + c[2]) * m + c[1]) * m + c[0];
    // a ≥ 0 keeps win + loss ≤ 1, b > 0 keeps the chance rising with the score; the fit's
    // coefficients hold both over the whole range (tested).
    let (a, b) = (polynomial(&A) * SCORE_SCALE, polynomial(&B) * SCORE_SCALE);
    (a.max(0.0), b.max(1.0))
}

/// The chance, in per mille, that `score` wins with `material` on the board.
fn win_per_mille(score: f64, material: u32) -> u32 {
    let (a, b) = parameters(material);
    (1000.0 / (1.0 + ((a - score) / b).exp())).round() as u32
}

/// The chances of `score` for the side to move with `material` on the board; W + D + L = 1000.
pub fn wdl(score: Score, material: u32) -> Wdl {
    // A mate is a certain result.
    if is_mate_score(score) {
        return if score > 0 { Wdl::WIN } else { Wdl::LOSS };
    }
    let win = win_per_mille(f64::from(score), material);
    let loss = win_per_mille(-f64::from(score), material).min(1000 - win);
    Wdl {
        win,
        draw: 1000 - win - loss,
        loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{mated_in, MATE, MATE_BOUND};
    use shakmaty::{Chess, Position};

    /// Scores from a mate bound to the other, denser near 0, and materials beyond both ends.
    fn grid() -> impl Iterator<Item = (Score, u32)> {
        let scores = (-1500..=1500)
            .step_by(7)
            .chain((-(MATE_BOUND - 1)..MATE_BOUND).step_by(997))
            .chain([MATE_BOUND - 1, -(MATE_BOUND - 1), 30_871, -30_871]);
        scores.flat_map(|score| (0..=120).step_by(3).map(move |m| (score, m)))
    }

    #[test]
    fn the_chances_always_sum_to_a_thousand() {
        for (score, material) in grid() {
            let w = wdl(score, material);
            assert_eq!(
                w.win + w.draw + w.loss,
                1000,
                "{score} at {material}: {w:?}"
            );
        }
    }

    #[test]
    fn a_score_wins_as_often_as_its_opposite_loses() {
        for (score, material) in grid() {
            let (mine, theirs) = (wdl(score, material), wdl(-score, material));
            assert_eq!(mine.win, theirs.loss, "{score} at {material}");
            assert_eq!(mine.draw, theirs.draw, "{score} at {material}");
        }
    }

    #[test]
    fn a_higher_score_never_wins_less_nor_loses_more() {
        for material in (0..=120).step_by(3) {
            let mut last = wdl(-(MATE_BOUND - 1), material);
            for score in -(MATE_BOUND - 2)..MATE_BOUND {
                let w = wdl(score, material);
                assert!(
                    w.win >= last.win && w.loss <= last.loss,
                    "{score} at {material}"
                );
                last = w;
            }
        }
    }

    #[test]
    fn mate_scores_are_certain_results() {
        for material in [0, 17, 58, 78, 100] {
            assert_eq!(wdl(MATE - 1, material), Wdl::WIN);
            assert_eq!(wdl(MATE_BOUND, material), Wdl::WIN);
            assert_eq!(wdl(mated_in(0), material), Wdl::LOSS);
            assert_eq!(wdl(mated_in(6), material), Wdl::LOSS);
        }
    }

    #[test]
    fn the_fitted_coefficients_need_no_guard_over_the_range() {
        for material in MATERIAL_RANGE.0..=MATERIAL_RANGE.1 {
            let m = f64::from(material) / MATERIAL_ANCHOR;
            let polynomial = |c: &[f64; 4]| c[0] + c[1] * m + c[2] * m * m + c[3] * m * m * m;
            assert!(polynomial(&A) * SCORE_SCALE >= 0.0, "a < 0 at {material}");
            assert!(polynomial(&B) * SCORE_SCALE >= 1.0, "b < 1 at {material}");
        }
    }

    #[test]
    fn the_start_position_counts_78_and_a_bare_board_0() {
        assert_eq!(material_count(Chess::default().board()), 78);
        assert_eq!(material_count(&Board::empty()), 0);
    }

    #[test]
    fn a_level_score_wins_as_often_as_it_loses() {
        for material in [0, 17, 40, 58, 78, 104] {
            let level = wdl(0, material);
            assert_eq!(level.win, level.loss, "at {material}");
        }
    }
}
