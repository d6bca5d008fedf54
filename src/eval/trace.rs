//! The trace of a position for the tuner: how many times each weight of the positional
//! evaluator applies (White's count minus Black's), the part that is no weight (the king's
//! danger), and the phase. The evaluation is then a dot product, so the tuner can score a
//! position under any weights without the board. Only the tuner builds traces; the search
//! never does.

use shakmaty::{Board, Color, Role};

use super::positional::{collect, Collector, Term};
use super::psqt::published_index;
use super::tapered::{phase, Pair};
use super::weights::Param;
use super::Score;

/// A position as the tuner sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The weights that apply, by [`Param::index`], each with its count (White's minus
    /// Black's); weights whose counts cancel are left out.
    pub counts: Vec<(u16, i16)>,
    /// What is not a weight times a count, White's minus Black's.
    pub fixed: Pair,
    /// The game phase, [`super::tapered::MAX_PHASE`] in the opening, 0 in a pawn ending.
    pub phase: i32,
}

/// Adds up counts by weight, White's minus Black's.
struct Counter {
    counts: Vec<i32>,
    fixed: Pair,
}

impl Collector for Counter {
    fn weight(&mut self, color: Color, _term: Term, param: Param, count: Score) {
        self.counts[param.index()] += sign(color) * count;
    }

    fn value(&mut self, color: Color, _term: Term, value: Pair) {
        self.fixed += value * sign(color);
    }
}

fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Trace {
    /// The trace of `board` with `turn` to move.
    pub fn new(board: &Board, turn: Color) -> Trace {
        let mut counter = Counter {
            counts: vec![0; Param::COUNT],
            fixed: Pair::default(),
        };
        for sq in board.occupied() {
            let (Some(role), Some(color)) = (board.role_at(sq), board.color_at(sq)) else {
                continue;
            };
            let role_index = role as usize - 1;
            if role != Role::King {
                counter.counts[Param::Material(role_index).index()] += sign(color);
            }
            let square = Param::Square(role_index, published_index(color, sq as usize));
            counter.counts[square.index()] += sign(color);
        }
        counter.counts[Param::Tempo.index()] += sign(turn);
        collect(board, &mut counter);
        let counts = counter
            .counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c as i16))
            .collect();
        Trace {
            counts,
            fixed: counter.fixed,
            phase: phase(board),
        }
    }

    /// The evaluation from White's side under `weights` (in [`Param::index`] order): exactly
    /// what the positional evaluator says when `weights` are its own.
    pub fn evaluate(&self, weights: &[Pair]) -> Score {
        let mut sum = self.fixed;
        for &(index, count) in &self.counts {
            sum += weights[index as usize] * Score::from(count);
        }
        sum.taper(self.phase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::game::Game;
    use crate::eval::values::WEIGHTS;
    use crate::eval::Evaluation;
    use shakmaty::{Chess, Position};

    /// Positions one and two moves from every bench position, and those themselves.
    fn positions() -> Vec<Chess> {
        let mut all = Vec::new();
        for record in crate::board::epd::parse(include_str!("../../positions/bench.epd"))
            .expect("bench.epd parses")
        {
            let game = Game::from_fen(&record.fen).expect("a legal position");
            let root = game.position().clone();
            for m in root.legal_moves() {
                let mut child = root.clone();
                child.play_unchecked(m);
                for m in child.legal_moves().into_iter().take(4) {
                    let mut grandchild = child.clone();
                    grandchild.play_unchecked(m);
                    all.push(grandchild);
                }
                all.push(child);
            }
            all.push(root);
        }
        all
    }

    #[test]
    fn the_trace_reproduces_the_evaluation_exactly() {
        let weights = WEIGHTS.to_vector();
        let positions = positions();
        assert!(positions.len() > 5_000, "{}", positions.len());
        let mut with_danger = 0;
        for pos in &positions {
            let trace = Trace::new(pos.board(), pos.turn());
            let from_white = trace.evaluate(&weights) * sign(pos.turn());
            assert_eq!(
                from_white,
                Evaluation::Positional.evaluate(pos),
                "{:?}",
                pos.board()
            );
            with_danger += usize::from(trace.fixed != Pair::default());
        }
        // The king's danger (no weight) is exercised too.
        assert!(with_danger > 100, "{with_danger}");
    }

    #[test]
    fn other_weights_change_the_traced_evaluation_as_counted() {
        // A white knight on d4 against a bare king: one knight, one knight square, its mobility.
        let game = Game::from_fen("4k3/8/8/8/3N4/8/8/4K3 b - - 0 1").expect("legal");
        let trace = Trace::new(game.position().board(), Color::Black);
        let mut weights = vec![Pair::default(); Param::COUNT];
        weights[Param::Material(1).index()] = Pair { mg: 300, eg: 300 };
        weights[Param::Mobility(0).index()] = Pair { mg: 10, eg: 10 };
        weights[Param::Tempo.index()] = Pair { mg: 7, eg: 7 };
        // Knight 300, mobility 8 - 4 squares, and Black's tempo.
        assert_eq!(trace.evaluate(&weights), 300 + 4 * 10 - 7);
    }
}
