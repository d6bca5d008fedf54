//! What the `eval` command reports, as data: every term of the chosen evaluator for each side.
//! The UCI front end lays it out as text.

use shakmaty::{Chess, Color, Position, Role};

use super::positional::{self, TEMPO};
use super::tapered::{phase, Pair, MAX_PHASE};
use super::{material, psqt, role_value, Evaluation, Score, MATERIAL_ROLES};
use crate::board::rules::GameEnd;

/// The `eval` report of a position under one evaluator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalReport {
    pub terms: Terms,
    /// The evaluation from the side to move's point of view.
    pub score: Score,
    pub turn: Color,
    /// Checkmate or stalemate, when the side to move has no legal move (the evaluation does
    /// not look for it).
    pub end: Option<GameEnd>,
}

/// The evaluator's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terms {
    /// Pieces by type for each side at the seeds' values, and each side's material.
    Material {
        pieces: Vec<PieceCount>,
        material: [Score; 2],
    },
    /// Each term's middlegame and endgame values, tapered by the phase, then their totals.
    Positional {
        phase: i32,
        max_phase: i32,
        rows: Vec<TermRow>,
        total: TermRow,
    },
    /// The net's name, size and output, beside what the other evaluators say.
    Nnue {
        /// The net's file, or that it is the embedded one.
        net: String,
        hidden: usize,
        buckets: usize,
        /// The output bucket of the position (from 0), chosen by its number of pieces.
        bucket: usize,
        pieces: usize,
        material: Score,
        positional: Score,
    },
}

/// How many pieces of one type each side has, and what one is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCount {
    pub role: Role,
    pub white: usize,
    pub black: usize,
    pub value: Score,
}

/// One positional term: White's and Black's values, their difference, and the difference
/// tapered by the phase in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermRow {
    pub name: &'static str,
    pub white: Pair,
    pub black: Pair,
    pub total: Pair,
    pub cp: Score,
}

impl TermRow {
    fn new(name: &'static str, white: Pair, black: Pair, phase: i32) -> TermRow {
        let total = white - black;
        TermRow {
            name,
            white,
            black,
            total,
            cp: total.taper(phase),
        }
    }
}

impl EvalReport {
    /// The evaluation from White's point of view.
    pub fn score_for_white(&self) -> Score {
        match self.turn {
            Color::White => self.score,
            Color::Black => -self.score,
        }
    }
}

/// The `eval` report for `pos` under `evaluation`.
pub fn report(pos: &Chess, evaluation: Evaluation) -> EvalReport {
    let terms = match evaluation {
        Evaluation::Material => material_terms(pos),
        Evaluation::Positional => positional_terms(pos),
        Evaluation::Nnue => {
            let pieces = pos.board().occupied().count();
            Terms::Nnue {
                net: super::nnue::current_name(),
                hidden: super::nnue::HIDDEN,
                buckets: super::nnue::BUCKETS,
                bucket: super::nnue::bucket(pieces),
                pieces,
                material: Evaluation::Material.evaluate(pos),
                positional: Evaluation::Positional.evaluate(pos),
            }
        }
    };
    let end = pos.legal_moves().is_empty().then(|| {
        if pos.is_check() {
            GameEnd::Checkmate
        } else {
            GameEnd::Stalemate
        }
    });
    EvalReport {
        terms,
        score: evaluation.evaluate(pos),
        turn: pos.turn(),
        end,
    }
}

/// Pieces by type for each side at the seeds' values, and each side's material.
fn material_terms(pos: &Chess) -> Terms {
    let board = pos.board();
    let pieces = MATERIAL_ROLES
        .into_iter()
        .map(|role| {
            let count = |color: Color| (board.by_role(role) & board.by_color(color)).count();
            PieceCount {
                role,
                white: count(Color::White),
                black: count(Color::Black),
                value: role_value(role),
            }
        })
        .collect();
    let material = [material(board, Color::White), material(board, Color::Black)];
    Terms::Material { pieces, material }
}

/// Each term's middlegame and endgame value for White and for Black, then the totals.
fn positional_terms(pos: &Chess) -> Terms {
    let board = pos.board();
    let phase = phase(board);
    let (white_material, white_squares) = psqt::side_sums(board, Color::White);
    let (black_material, black_squares) = psqt::side_sums(board, Color::Black);
    let [black_terms, white_terms] = positional::terms(board);
    let mover_tempo = |color: Color| {
        if pos.turn() == color {
            TEMPO
        } else {
            Pair::default()
        }
    };
    let mut named = vec![
        ("Material", white_material, black_material),
        ("Piece-square", white_squares, black_squares),
    ];
    for ((name, white), (_, black)) in white_terms.named().into_iter().zip(black_terms.named()) {
        named.push((name, white, black));
    }
    named.push((
        "Tempo",
        mover_tempo(Color::White),
        mover_tempo(Color::Black),
    ));
    let mut totals = (Pair::default(), Pair::default());
    let rows = named
        .into_iter()
        .map(|(name, white, black)| {
            totals = (totals.0 + white, totals.1 + black);
            TermRow::new(name, white, black, phase)
        })
        .collect();
    Terms::Positional {
        phase,
        max_phase: MAX_PHASE,
        rows,
        total: TermRow::new("Total", totals.0, totals.1, phase),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position as pos;

    #[test]
    fn the_positional_total_is_the_evaluation() {
        for fen in [
            "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 3 7",
            "8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 40",
        ] {
            let p = pos(fen);
            let report = report(&p, Evaluation::Positional);
            let Terms::Positional { rows, total, .. } = &report.terms else {
                panic!("positional terms");
            };
            assert_eq!(report.score, Evaluation::Positional.evaluate(&p));
            assert_eq!(total.cp, report.score_for_white(), "{fen}");
            let names: Vec<&str> = rows.iter().map(|row| row.name).collect();
            assert_eq!(
                names,
                [
                    "Material",
                    "Piece-square",
                    "Passed pawns",
                    "Isolated pawns",
                    "Doubled pawns",
                    "Mobility",
                    "King safety",
                    "Bishop pair",
                    "Rook files",
                    "Tempo",
                ]
            );
            let sum = rows
                .iter()
                .fold(Pair::default(), |sum, row| sum + row.total);
            assert_eq!(sum, total.total);
        }
    }

    #[test]
    fn the_material_table_counts_pieces_at_the_seeds_values() {
        let report = report(
            &pos("rn2k3/8/8/8/8/8/8/1B2K3 b - - 0 1"),
            Evaluation::Material,
        );
        let Terms::Material { pieces, material } = &report.terms else {
            panic!("material terms");
        };
        let knight = pieces.iter().find(|p| p.role == Role::Knight);
        assert_eq!(knight.map(|p| (p.white, p.black)), Some((0, 1)));
        let rook = pieces.iter().find(|p| p.role == Role::Rook);
        assert_eq!(rook.map(|p| p.value), Some(500));
        assert_eq!(*material, [300, 800]);
        assert_eq!((report.score, report.score_for_white()), (500, -500));
    }
}
