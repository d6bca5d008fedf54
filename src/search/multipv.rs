//! MultiPV: the best few root moves of a depth, each with its exact score and line, best first.

use shakmaty::Move;

use crate::eval::{Score, INFINITY};

/// One root move's line: its score and the principal variation that starts with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// The best `wanted` root lines of the depth being searched, best first: by the tablebases'
/// rank of their first move (all equal without tables), then by score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLines {
    wanted: usize,
    /// Whether lines carry their number (`multipv k`): whenever MultiPV asks for more than
    /// one, even if the root has fewer moves.
    numbered: bool,
    lines: Vec<Line>,
    /// The rank of each line's first move.
    ranks: Vec<i32>,
}

impl Default for RootLines {
    fn default() -> Self {
        RootLines::new(1)
    }
}

impl RootLines {
    /// Room for the best `wanted` lines (at least one).
    pub fn new(wanted: usize) -> RootLines {
        RootLines {
            wanted: wanted.max(1),
            numbered: wanted > 1,
            lines: Vec::new(),
            ranks: Vec::new(),
        }
    }

    /// The same, its lines numbered (or not) whatever the number wanted.
    pub fn numbered(self, numbered: bool) -> RootLines {
        RootLines { numbered, ..self }
    }

    /// Whether each line reported carries its number (`multipv k`).
    pub fn is_numbered(&self) -> bool {
        self.numbered
    }

    /// How many lines the search reports (MultiPV).
    pub fn wanted(&self) -> usize {
        self.wanted
    }

    /// Forgets the lines (at the start of a depth).
    pub fn clear(&mut self) {
        self.lines.clear();
        self.ranks.clear();
    }

    /// The score a root move must beat to be among the lines: the worst line's once there are
    /// `wanted` of them, else -infinity (every move is searched exactly).
    pub fn floor(&self) -> Score {
        self.lines
            .get(self.wanted - 1)
            .map_or(-INFINITY, |line| line.score)
    }

    /// Keeps `line` if it is among the best `wanted`, after the lines that score the same
    /// (the first found of equal moves stays first, as the single-line search keeps it).
    pub fn offer(&mut self, line: Line) {
        self.offer_ranked(line, 0);
    }

    /// [`RootLines::offer`] for a line whose first move has the tablebase rank `rank`: after
    /// every line of a better rank, before every line of a worse one.
    pub fn offer_ranked(&mut self, line: Line, rank: i32) {
        let at = self
            .lines
            .iter()
            .zip(&self.ranks)
            .take_while(|&(kept, &kept_rank)| (kept_rank, kept.score) >= (rank, line.score))
            .count();
        if at < self.wanted {
            self.lines.insert(at, line);
            self.ranks.insert(at, rank);
            self.lines.truncate(self.wanted);
            self.ranks.truncate(self.wanted);
        }
    }

    /// The lines found so far, best first.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The first moves of the lines found so far: the root moves later lines leave out.
    pub fn first_moves(&self) -> Vec<Move> {
        self.lines
            .iter()
            .filter_map(|l| l.pv.first())
            .copied()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    fn line(score: Score, m: Move) -> Line {
        Line { score, pv: vec![m] }
    }

    #[test]
    fn the_best_lines_are_kept_best_first_ties_in_arrival_order() {
        let moves = Chess::default().legal_moves();
        let mut lines = RootLines::new(3);
        assert_eq!(lines.floor(), -INFINITY);
        for (i, score) in [10, 30, 20, 30, 5, 40].into_iter().enumerate() {
            lines.offer(line(score, moves[i]));
        }
        let kept: Vec<(Score, Move)> = lines.lines().iter().map(|l| (l.score, l.pv[0])).collect();
        assert_eq!(kept, vec![(40, moves[5]), (30, moves[1]), (30, moves[3])]);
        assert_eq!(lines.floor(), 30);
        assert_eq!(lines.first_moves(), vec![moves[5], moves[1], moves[3]]);
        lines.clear();
        assert_eq!(lines.floor(), -INFINITY);
    }

    #[test]
    fn a_better_rank_comes_first_whatever_its_score() {
        let moves = Chess::default().legal_moves();
        let mut lines = RootLines::new(3);
        lines.offer_ranked(line(500, moves[0]), 0);
        lines.offer_ranked(line(20, moves[1]), 7);
        lines.offer_ranked(line(900, moves[2]), -7);
        lines.offer_ranked(line(30, moves[3]), 7);
        assert_eq!(lines.first_moves(), vec![moves[3], moves[1], moves[0]]);
    }

    #[test]
    fn one_line_keeps_the_first_of_the_best() {
        let moves = Chess::default().legal_moves();
        let mut lines = RootLines::default();
        lines.offer(line(3, moves[0]));
        lines.offer(line(3, moves[1]));
        assert_eq!(lines.lines(), &[line(3, moves[0])]);
        assert_eq!(lines.floor(), 3);
    }
}
