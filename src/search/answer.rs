//! The answer of a deepening search, depth by depth: each completed depth's line (with
//! MultiPV, its lines, the later ones searched with the earlier ones' moves left out) becomes
//! the answer and is reported; a stopped depth's better move is kept; at the end, the ponder
//! move and the counts.

use shakmaty::Move;

use crate::eval::Score;
use crate::search::depth_search::{Deepening, DepthOutcome, DepthSearch};
use crate::search::multipv::Line;
use crate::search::types::SearchResult;

/// The answer so far, and what MultiPV keeps from depth to depth.
#[derive(Debug)]
pub struct Answer {
    result: SearchResult,
    /// Whether the search reports several lines (MultiPV).
    multi_pv: bool,
    /// The scores of the last depth's lines, best first (MultiPV).
    last_scores: Vec<Score>,
    /// The lines of the last depth at which every line was found (MultiPV).
    complete: Vec<Line>,
    /// A helper thread's answer, never played: nothing is reported, no ponder move looked for.
    silent: bool,
}

/// What recording a completed depth found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// Every line MultiPV asks for was found (false: stopped while searching a later one).
    pub every_line: bool,
    /// The depth's best move is not the one the answer had before it.
    pub best_changed: bool,
}

impl Answer {
    /// The answer of `search` before its first depth: its first root move; `silent` for a
    /// helper thread's.
    pub fn new<'a>(search: &mut impl DepthSearch<'a>, silent: bool) -> Answer {
        let result = SearchResult {
            best: search.root_moves().first().copied(),
            ..SearchResult::default()
        };
        let context = search.context();
        context.lines_mut().clear();
        Answer {
            result,
            multi_pv: context.lines().wanted() > 1,
            last_scores: Vec::new(),
            complete: Vec::new(),
            silent,
        }
    }

    /// The score of the last completed depth (0 before the first), around which the next is
    /// searched.
    pub fn score(&self) -> Score {
        self.result.score
    }

    /// `depth` completed with `score`: with MultiPV, its later lines are searched first; then
    /// its line (its lines) becomes the answer and is reported.
    pub fn record<'a, S: DepthSearch<'a>>(
        &mut self,
        search: &mut S,
        depth: u32,
        score: Score,
    ) -> Recorded {
        let best_before = self.result.best;
        let every_line = !self.multi_pv || self.search_later_lines(search, depth, score);
        if self.multi_pv {
            self.last_scores = self.record_lines(search, depth, every_line);
            if every_line {
                self.complete.clone_from(&self.result.lines);
            }
        } else {
            self.record_line(search, depth, score);
        }
        self.result.depth = depth;
        search.context().lines_mut().clear();
        Recorded {
            every_line,
            best_changed: self.result.best != best_before,
        }
    }

    /// `depth` stopped part way, its best fully searched root move scored `partial` if one beat
    /// the rest: as Stockfish, that move is played, and its line reported.
    pub fn record_stopped<'a>(
        &mut self,
        search: &mut impl DepthSearch<'a>,
        depth: u32,
        partial: Option<Score>,
    ) {
        match partial {
            Some(score) if self.multi_pv => self.record_new_best(search, depth, score),
            Some(score) => self.record_line(search, depth, score),
            None => {}
        }
    }

    /// The search's answer: reported if no line was (a search stopped before its first
    /// depth), with a ponder move found for a one-move line, the counts, and with MultiPV the
    /// lines one may choose among (`candidates`).
    pub fn finish<'a>(mut self, search: &mut impl DepthSearch<'a>) -> SearchResult {
        let result = &mut self.result;
        result.lines = candidates(&result.lines, &self.complete);
        if !self.silent {
            let hashfull = search.hashfull();
            if let (false, Some(best)) = (search.context().has_reported_line(), result.best) {
                search.context().report_unsearched(best, hashfull);
            }
            if result.ponder.is_none() {
                result.ponder = result.best.and_then(|best| search.ponder_after(best));
            }
        }
        let context = search.context();
        result.nodes = context.limiter().nodes();
        result.stats = context.stats();
        self.result
    }

    /// Makes the PV at ply 0, scored `score` at `depth`, the answer, and reports it.
    fn record_line<'a>(&mut self, search: &mut impl DepthSearch<'a>, depth: u32, score: Score) {
        let hashfull = self.hashfull(search);
        let context = search.context();
        let pv = context.pv().line(0);
        self.answer_with(&pv, score);
        if !self.silent {
            context.report_line(depth, score, pv, hashfull);
        }
    }

    /// MultiPV, a stopped depth whose first line beat the last best: that line becomes line 1,
    /// the last depth's other lines follow it at that depth, and all are reported again, so that
    /// no move shows in two lines and `bestmove` is the first move of the last `multipv 1` line.
    fn record_new_best<'a>(&mut self, search: &mut impl DepthSearch<'a>, depth: u32, score: Score) {
        let hashfull = self.hashfull(search);
        let context = search.context();
        let pv = context.pv().line(0);
        self.answer_with(&pv, score);
        let wanted = context.lines().wanted();
        let mut lines = vec![Line { score, pv }];
        let others: Vec<Line> = not_reached(&self.result.lines, &lines)
            .take(wanted - 1)
            .cloned()
            .collect();
        lines.extend(others);
        if !self.silent {
            context.report_lines(depth, (&lines, 1), hashfull);
        }
    }

    /// MultiPV in an incremental search: after the first line of `depth`, scored `score`,
    /// searches the root again for each further line with the earlier lines' first moves left
    /// out, as Stockfish does; each within a window around the same line's score at the last
    /// depth. The searches that deepen afresh have found their lines in one pass. False when
    /// stopped before every line is found.
    fn search_later_lines<'a, S: DepthSearch<'a>>(
        &self,
        search: &mut S,
        depth: u32,
        score: Score,
    ) -> bool {
        if S::DEEPENING == Deepening::Afresh {
            return true;
        }
        let context = search.context();
        let pv = context.pv().line(0);
        context.offer_line(Line { score, pv });
        let wanted = context.lines().wanted();
        let mut complete = true;
        for k in 1..wanted {
            let excluded = search.context().lines().first_moves();
            search.exclude_root_moves(&excluded);
            let last = self.last_scores.get(k).copied().unwrap_or(score);
            let DepthOutcome::Completed(score) = search.search_depth(depth, last) else {
                complete = false;
                break;
            };
            let context = search.context();
            let pv = context.pv().line(0);
            context.offer_line(Line { score, pv });
        }
        search.exclude_root_moves(&[]);
        complete
    }

    /// Makes the best of the root lines found at `depth` the answer, and reports them all, best
    /// first; when not `every_line` was found, the last depth's lines not reached follow them, as
    /// Stockfish reports them. Their scores.
    fn record_lines<'a>(
        &mut self,
        search: &mut impl DepthSearch<'a>,
        depth: u32,
        every_line: bool,
    ) -> Vec<Score> {
        let hashfull = self.hashfull(search);
        let context = search.context();
        let lines = context.lines().lines().to_vec();
        if let Some(best) = lines.first() {
            self.answer_with(&best.pv, best.score);
        }
        if !self.silent {
            let mut shown = lines.clone();
            if !every_line {
                let room = context.lines().wanted().saturating_sub(lines.len());
                shown.extend(not_reached(&self.result.lines, &lines).take(room).cloned());
            }
            context.report_lines(depth, (&shown, lines.len()), hashfull);
        }
        let scores = lines.iter().map(|line| line.score).collect();
        self.result.lines = lines;
        scores
    }

    /// Makes `pv`, scored `score`, the answer: its first move the best (the last best kept if it
    /// has none), its second the ponder move.
    fn answer_with(&mut self, pv: &[Move], score: Score) {
        let result = &mut self.result;
        result.best = pv.first().copied().or(result.best);
        result.ponder = pv.get(1).copied();
        result.score = score;
    }

    /// The table's fill to report, for a search that reports and has a table.
    fn hashfull<'a>(&self, search: &impl DepthSearch<'a>) -> Option<u32> {
        if self.silent {
            None
        } else {
            search.hashfull()
        }
    }
}

/// The lines of `last` whose first move leads none of `found`, in their order.
fn not_reached<'l>(last: &'l [Line], found: &'l [Line]) -> impl Iterator<Item = &'l Line> {
    let reached = |line: &Line| found.iter().any(|l| l.pv.first() == line.pv.first());
    last.iter().filter(move |line| !reached(line))
}

/// The lines to choose among: the node limit mostly stops the last depth after one or two of
/// its lines (`last`), so the root moves it did not reach keep their line of the last depth
/// that found them all (`complete`), scored no better than the best line, best first.
fn candidates(last: &[Line], complete: &[Line]) -> Vec<Line> {
    let Some(top) = last.first().map(|line| line.score) else {
        return complete.to_vec();
    };
    let mut lines = last.to_vec();
    lines.extend(not_reached(complete, last).map(|line| Line {
        score: line.score.min(top),
        pv: line.pv.clone(),
    }));
    lines.sort_by_key(|line| std::cmp::Reverse(line.score));
    lines
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use shakmaty::{Chess, Position};

    /// Root lines of the start position's first moves, scored `scores`.
    pub(crate) fn lines(scores: &[Score]) -> Vec<Line> {
        let moves = Chess::default().legal_moves();
        scores
            .iter()
            .zip(moves.iter())
            .map(|(&score, &m)| Line { score, pv: vec![m] })
            .collect()
    }

    #[test]
    fn a_depth_stopped_part_way_keeps_the_other_moves_of_the_last_complete_one() {
        let complete = lines(&[30, 20, 10, 0]);
        let mut last = vec![complete[1].clone()];
        last[0].score = 25;
        let merged = candidates(&last, &complete);
        let moves: Vec<_> = merged.iter().map(|l| l.pv[0]).collect();
        let expected: Vec<_> = [1, 0, 2, 3].iter().map(|&i| complete[i].pv[0]).collect();
        assert_eq!(moves, expected);
        let scores: Vec<Score> = merged.iter().map(|l| l.score).collect();
        assert_eq!(scores, [25, 25, 10, 0]);
        assert_eq!(candidates(&complete, &[]), complete);
        assert_eq!(candidates(&[], &complete), complete);
    }
}
