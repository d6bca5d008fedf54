//! The text of the `eval` command: every term of the chosen evaluator for each side.

use std::fmt::Write as _;

use shakmaty::{Chess, Color, Position};

use super::positional::{self, TEMPO};
use super::tapered::{phase, Pair, MAX_PHASE};
use super::{material, psqt, role_value, Evaluation, MATERIAL_ROLES};

/// The `eval` text for `pos` under `evaluation`, ending with the evaluation itself.
pub fn report(pos: &Chess, evaluation: Evaluation) -> String {
    let mut text = match evaluation {
        Evaluation::Material => material_table(pos),
        Evaluation::Positional => positional_table(pos),
    };
    let score = evaluation.evaluate(pos);
    let (side, from_white) = match pos.turn() {
        Color::White => ("white", score),
        Color::Black => ("black", -score),
    };
    let _ = write!(
        text,
        "Evaluation: {score} cp from the side to move ({side}), {from_white} cp from White"
    );
    text
}

/// Pieces by type for each side at the seeds' values, and each side's material.
fn material_table(pos: &Chess) -> String {
    let board = pos.board();
    let mut text = String::from("Evaluator: Material\n     Term |  White |  Black | Value\n");
    for role in MATERIAL_ROLES {
        let count = |color: Color| (board.by_role(role) & board.by_color(color)).count();
        let _ = writeln!(
            text,
            "{:>9} | {:>6} | {:>6} | {:>5}",
            format!("{role:?}"),
            count(Color::White),
            count(Color::Black),
            role_value(role)
        );
    }
    let (white, black) = (material(board, Color::White), material(board, Color::Black));
    let _ = writeln!(text, " Material | {white:>6} | {black:>6} |");
    text
}

/// Each term's middlegame and endgame value for White, for Black and their difference, the
/// difference tapered by the phase, then the totals.
fn positional_table(pos: &Chess) -> String {
    let board = pos.board();
    let phase = phase(board);
    let mut text = format!(
        "Evaluator: Positional, phase {phase}/{MAX_PHASE} ({MAX_PHASE} = middlegame, 0 = endgame)\n\
         {:>14} | {:>11} {:>5} | {:>11} {:>5} | {:>11} {:>5} | {:>5}\n",
        "Term", "White mg", "eg", "Black mg", "eg", "Total mg", "eg", "cp"
    );
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
    let mut rows = vec![
        ("Material", white_material, black_material),
        ("Piece-square", white_squares, black_squares),
    ];
    for ((name, white), (_, black)) in white_terms.named().into_iter().zip(black_terms.named()) {
        rows.push((name, white, black));
    }
    rows.push((
        "Tempo",
        mover_tempo(Color::White),
        mover_tempo(Color::Black),
    ));
    let mut totals = (Pair::default(), Pair::default());
    for (name, white, black) in rows {
        push_row(&mut text, name, white, black, phase);
        totals = (totals.0 + white, totals.1 + black);
    }
    push_row(&mut text, "Total", totals.0, totals.1, phase);
    text
}

fn push_row(text: &mut String, name: &str, white: Pair, black: Pair, phase: i32) {
    let total = white - black;
    let _ = writeln!(
        text,
        "{name:>14} | {:>11} {:>5} | {:>11} {:>5} | {:>11} {:>5} | {:>5}",
        white.mg,
        white.eg,
        black.mg,
        black.eg,
        total.mg,
        total.eg,
        total.taper(phase)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("test FEN parses");
        fen.into_position(CastlingMode::Standard)
            .expect("test FEN is legal")
    }

    /// The value in column `index` (after the name) of the row named `name`.
    fn cell(text: &str, name: &str, index: usize) -> i32 {
        let line = text
            .lines()
            .find(|l| l.split('|').next().map(str::trim) == Some(name))
            .unwrap_or_else(|| panic!("no row {name} in\n{text}"));
        let cells: Vec<i32> = line
            .split('|')
            .skip(1)
            .flat_map(|c| c.split_whitespace())
            .map(|n| n.parse().expect("a number"))
            .collect();
        cells[index]
    }

    #[test]
    fn the_positional_total_is_the_evaluation() {
        for fen in [
            "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R b KQkq - 3 7",
            "8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 40",
        ] {
            let p = pos(fen);
            let text = report(&p, Evaluation::Positional);
            let from_white = cell(&text, "Total", 6);
            let score = Evaluation::Positional.evaluate(&p);
            let expected = if p.turn() == Color::White {
                score
            } else {
                -score
            };
            assert_eq!(from_white, expected, "{text}");
            let line = format!(
                "Evaluation: {score} cp from the side to move ({}), {expected} cp from White",
                if p.turn() == Color::White {
                    "white"
                } else {
                    "black"
                }
            );
            assert_eq!(text.lines().last(), Some(line.as_str()), "{text}");
            // Every term has a row, with White's, Black's and the total's mg/eg and the cp.
            for name in [
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
            ] {
                assert_eq!(
                    cell(&text, name, 4),
                    cell(&text, name, 0) - cell(&text, name, 2),
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn the_material_table_counts_pieces_at_the_seeds_values() {
        let text = report(
            &pos("rn2k3/8/8/8/8/8/8/1B2K3 b - - 0 1"),
            Evaluation::Material,
        );
        assert!(text.starts_with("Evaluator: Material\n"), "{text}");
        assert_eq!(cell(&text, "Knight", 0), 0);
        assert_eq!(cell(&text, "Knight", 1), 1);
        assert_eq!(cell(&text, "Rook", 2), 500);
        assert_eq!(cell(&text, "Material", 0), 300);
        assert_eq!(cell(&text, "Material", 1), 800);
        assert!(
            text.ends_with("Evaluation: 500 cp from the side to move (black), -500 cp from White")
        );
    }
}
