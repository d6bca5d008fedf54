//! The evaluators, chosen by the `Evaluation` option, and the scores they share.
//!
//! - [`material`](mod@material): the course's evaluator, kept exact (pawn 100 ... queen 900).
//! - [`positional`]: PeSTO's tapered material and piece-square tables plus pawn structure,
//!   mobility, king safety, bishop pair, rook files and tempo.
//! - [`nnue`]: a neural net trained on the engine's own games, updated move by move; the
//!   default.
//! - [`wdl`]: what a score means in games (win, draw and loss chances), for `UCI_ShowWDL`.

pub mod incremental;
pub mod material;
pub mod nnue;
pub mod path;
pub mod positional;
pub mod psqt;
pub mod report;
pub mod tapered;
pub mod trace;
pub mod values;
pub mod wdl;
pub mod weights;

use std::fmt;
use std::str::FromStr;

use shakmaty::{Board, Color, Move, Position, Role};

pub use incremental::PieceSums;
pub use material::{material, role_value, MATERIAL_ROLES};
pub use path::EvalStack;

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

/// The evaluator the search scores positions with (the `Evaluation` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// The seeds' material count.
    Material,
    /// Tapered material and piece-square tables with positional terms.
    Positional,
    /// The neural net ([`nnue`]): the embedded net or `EvalFile`'s.
    Nnue,
}

impl Evaluation {
    pub const ALL: [Evaluation; 3] = [
        Evaluation::Material,
        Evaluation::Positional,
        Evaluation::Nnue,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Evaluation::Material => "Material",
            Evaluation::Positional => "Positional",
            Evaluation::Nnue => "NNUE",
        }
    }

    /// The static evaluation of `pos` from the side to move's point of view.
    pub fn evaluate<P: Position>(self, pos: &P) -> Score {
        let board = pos.board();
        self.evaluate_with(board, pos.turn(), &PieceSums::new(board))
    }

    /// [`Evaluation::evaluate`] with the sums of `acc` instead of counting the pieces.
    #[inline]
    pub fn evaluate_with(self, board: &Board, turn: Color, acc: &PieceSums) -> Score {
        match self {
            Evaluation::Material => match turn {
                Color::White => acc.material,
                Color::Black => -acc.material,
            },
            Evaluation::Positional => positional::evaluate_with(board, turn, acc.psqt),
            // The search keeps the net's own accumulators; this counts them afresh.
            Evaluation::Nnue => nnue::accumulator::evaluate_board(nnue::current(), board, turn),
        }
    }

    /// The most this evaluator's material rises for the side playing `m`: the piece taken and
    /// what a promotion adds (for the positional evaluator, at the larger of the phases' values).
    #[inline]
    pub fn material_gain(self, m: Move) -> Score {
        match self {
            Evaluation::Material => material::gain(m),
            Evaluation::Positional | Evaluation::Nnue => {
                let value = |role: Role| {
                    let v = psqt::value(role);
                    v.mg.max(v.eg)
                };
                m.capture().map_or(0, value)
                    + m.promotion()
                        .map_or(0, |role| value(role) - value(Role::Pawn))
            }
        }
    }
}

impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Evaluation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Evaluation::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown evaluation '{s}'"))
    }
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
    use crate::board::notation::test_position as pos;
    use shakmaty::{CastlingMode, Chess, EnPassantMode};

    #[test]
    fn mate_distances_count_moves() {
        assert_eq!(mate_distance(MATE - 1), Some(1));
        assert_eq!(mate_distance(MATE - 3), Some(2));
        assert_eq!(mate_distance(mated_in(2)), Some(-1));
        assert_eq!(mate_distance(mated_in(0)), Some(0));
        assert_eq!(mate_distance(250), None);
    }

    #[test]
    fn mate_scores_start_at_the_mate_bound() {
        assert_eq!(MATE_BOUND, 31_000);
        for (score, mate) in [
            (31_000, true),
            (30_999, false),
            (-31_000, true),
            (-30_999, false),
            (MATE, true),
            (0, false),
        ] {
            assert_eq!(is_mate_score(score), mate, "{score}");
        }
        assert_eq!(mate_distance(MATE_BOUND), Some(500));
        assert_eq!(mate_distance(-MATE_BOUND), Some(-500));
        assert_eq!(mate_distance(MATE_BOUND - 1), None);
        assert_eq!(mated_in(7), -31_993);
    }

    #[test]
    fn evaluations_print_their_names() {
        let printed = Evaluation::ALL.map(|kind| kind.to_string());
        assert_eq!(printed, ["Material", "Positional", "NNUE"]);
    }

    #[test]
    fn names_parse_back_without_case() {
        for kind in Evaluation::ALL {
            assert_eq!(kind.name().to_uppercase().parse(), Ok(kind));
        }
        assert!("Neural".parse::<Evaluation>().is_err());
    }

    #[test]
    fn the_material_kind_is_the_material_evaluator() {
        let p = pos("rn2k3/8/8/8/8/8/8/1B2K3 w - - 0 1");
        assert_eq!(Evaluation::Material.evaluate(&p), material::evaluate(&p));
        assert_eq!(Evaluation::Material.evaluate(&p), -500);
    }

    #[test]
    fn both_evaluators_see_a_mirrored_position_alike() {
        let p = pos("r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 3 7");
        let mirrored: Chess = p
            .to_setup(EnPassantMode::Legal)
            .into_mirrored()
            .position(CastlingMode::Standard)
            .expect("a mirrored legal position is legal");
        for kind in Evaluation::ALL {
            assert_eq!(kind.evaluate(&p), kind.evaluate(&mirrored), "{kind}");
        }
    }

    /// The bench positions and every position one legal move from them.
    fn bench_positions_and_their_children() -> Vec<Chess> {
        let records = crate::board::epd::parse(include_str!("../../positions/bench.epd"))
            .expect("positions/bench.epd parses");
        let mut positions = Vec::new();
        for record in records {
            let root = pos(&record.fen);
            for m in root.legal_moves() {
                let mut child = root.clone();
                child.play_unchecked(m);
                positions.push(child);
            }
            positions.push(root);
        }
        positions
    }

    #[test]
    fn each_evaluators_scores_of_the_bench_positions_are_pinned() {
        // Every score of the 38 bench positions and of each position one move from them, each
        // weighted by its place: a change of any evaluator's result changes its sum, and must be
        // changed here on purpose (as README's bench signatures are for the search). NNUE's is
        // the embedded net's.
        let positions = bench_positions_and_their_children();
        assert_eq!(positions.len(), 1297);
        let sum = |kind: Evaluation| -> i64 {
            let scores = positions.iter().map(|p| i64::from(kind.evaluate(p)));
            scores.zip(1..).map(|(score, place)| score * place).sum()
        };
        let sums = Evaluation::ALL.map(|kind| (kind, sum(kind)));
        assert_eq!(
            sums,
            [
                (Evaluation::Material, -9_616_500),
                (Evaluation::Positional, -41_828_019),
                (Evaluation::Nnue, -44_168_191),
            ]
        );
    }

    #[test]
    fn positional_material_gain_covers_both_phases() {
        let p = pos("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| m.capture() == Some(Role::Rook) && m.promotion() == Some(Role::Queen))
            .expect("axb8=Q is legal");
        assert_eq!(Evaluation::Material.material_gain(m), 1300);
        assert_eq!(Evaluation::Positional.material_gain(m), 512 + 1025 - 94);
    }
}
