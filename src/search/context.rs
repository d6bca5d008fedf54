//! The search context: what every tree search shares — the limiter (node count, stop, time),
//! the key history, the PV table, the evaluator's running sums, and where reports go.

use shakmaty::{Chess, Move, Position};

use crate::board::game::Game;
use crate::board::keys::key_after;
use crate::board::rules::KeyHistory;
use crate::eval::{is_mate_score, EvalStack, Evaluation, Score};
use crate::search::limits::Limiter;
use crate::search::multipv::{Line, RootLines};
use crate::search::observer::{Decision, NodeKind, SearchObserver, Unobserved, Window};
use crate::search::pv::PvTable;
use crate::search::tablebase::SearchTables;
use crate::search::types::{Iteration, Progress, Report, Stats, MAX_PLY};

/// The running state of one tree search, telling `O` of every node (nothing, in every search
/// but `engine tree`'s).
pub struct SearchContext<'a, O = Unobserved> {
    /// Everything but the observer.
    run: SearchRun<'a>,
    /// Who is told of every node (`engine tree`); [`Unobserved`] in every other search.
    observer: O,
}

/// What one tree search keeps whoever observes it: the root, the limiter, the path, the PV
/// and root lines, the counters, the evaluator's and the tablebases' state, and the reports.
struct SearchRun<'a> {
    root: Chess,
    limiter: Limiter<'a>,
    /// The keys of the game and of the search path, for repetitions.
    history: KeyHistory,
    pv: PvTable,
    /// The best root lines of the depth being searched (MultiPV).
    lines: RootLines,
    /// The deepest ply reached, quiescence included.
    seldepth: usize,
    stats: Stats,
    /// The evaluator's state along the path: what scores the positions.
    eval: EvalStack,
    /// The Syzygy tables, if any: probes, hits and the root's result.
    tablebases: SearchTables,
    report: &'a mut dyn FnMut(Report),
    /// Whether a line (an [`Iteration`]) has been reported.
    reported_line: bool,
    /// The depth being searched, and the root move being searched with its number.
    depth: u32,
    root_move: Option<(Move, usize)>,
}

impl<'a> SearchContext<'a> {
    /// The context of a search rooted at `game`'s position, scored by `evaluation`, reporting
    /// to `report`.
    pub fn new(
        game: &Game,
        limiter: Limiter<'a>,
        evaluation: Evaluation,
        report: &'a mut dyn FnMut(Report),
    ) -> SearchContext<'a> {
        let root = game.position();
        let run = SearchRun {
            eval: EvalStack::new(evaluation, root, MAX_PLY + 1),
            tablebases: SearchTables::default(),
            root: root.clone(),
            limiter,
            history: KeyHistory::new(game.keys(), MAX_PLY + 2),
            pv: PvTable::default(),
            lines: RootLines::default(),
            seldepth: 0,
            stats: Stats::default(),
            report,
            reported_line: false,
            depth: 0,
            root_move: None,
        };
        SearchContext {
            run,
            observer: Unobserved,
        }
    }

    /// The same context, telling `observer` of every node it enters and leaves.
    pub fn observed_by<P: SearchObserver>(self, observer: P) -> SearchContext<'a, P> {
        SearchContext {
            run: self.run,
            observer,
        }
    }
}

impl<'a, O> SearchContext<'a, O> {
    /// The same context, keeping the root lines of `lines` (MultiPV).
    pub fn with_lines(mut self, lines: RootLines) -> Self {
        self.run.lines = lines;
        self
    }

    /// The same context, probing `tablebases`.
    pub fn with_tablebases(mut self, tablebases: SearchTables) -> Self {
        self.run.tablebases = tablebases;
        self
    }

    /// The position at the root.
    #[inline]
    pub fn root(&self) -> &Chess {
        &self.run.root
    }

    /// The limiter: nodes, stop and time.
    #[inline]
    pub fn limiter(&self) -> &Limiter<'a> {
        &self.run.limiter
    }

    /// [`SearchContext::limiter`], to change.
    #[inline]
    pub fn limiter_mut(&mut self) -> &mut Limiter<'a> {
        &mut self.run.limiter
    }

    /// The keys of the game and of the search path, the current position's last.
    #[inline]
    pub fn history(&self) -> &KeyHistory {
        &self.run.history
    }

    /// The principal variation of each ply.
    #[inline]
    pub fn pv(&self) -> &PvTable {
        &self.run.pv
    }

    /// [`SearchContext::pv`], to change.
    #[inline]
    pub fn pv_mut(&mut self) -> &mut PvTable {
        &mut self.run.pv
    }

    /// The best root lines of the depth being searched (MultiPV).
    #[inline]
    pub fn lines(&self) -> &RootLines {
        &self.run.lines
    }

    /// [`SearchContext::lines`], to change.
    #[inline]
    pub fn lines_mut(&mut self) -> &mut RootLines {
        &mut self.run.lines
    }

    /// The counters so far.
    #[inline]
    pub fn stats(&self) -> Stats {
        self.run.stats
    }

    /// [`SearchContext::stats`], to count.
    #[inline]
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.run.stats
    }

    /// The evaluator that scores the positions.
    #[inline]
    pub fn evaluation(&self) -> Evaluation {
        self.run.eval.evaluation()
    }

    /// The Syzygy tables, if any: probes, hits and the root's result.
    #[inline]
    pub fn tablebases(&self) -> &SearchTables {
        &self.run.tablebases
    }

    /// [`SearchContext::tablebases`], to probe.
    #[inline]
    pub fn tablebases_mut(&mut self) -> &mut SearchTables {
        &mut self.run.tablebases
    }

    /// Starts counting the deepest ply reached afresh.
    #[inline]
    pub fn reset_seldepth(&mut self) {
        self.run.seldepth = 0;
    }
}

impl<O: SearchObserver> SearchContext<'_, O> {
    /// Enters a node at `ply`: counts it and clears its PV. True when the search must stop.
    #[inline]
    pub fn enter(&mut self, ply: usize) -> bool {
        self.enter_node(ply, NodeKind::Search)
    }

    /// [`SearchContext::enter`] for a node of the quiescence search.
    #[inline]
    pub fn enter_quiescence(&mut self, ply: usize) -> bool {
        self.enter_node(ply, NodeKind::Quiescence)
    }

    #[inline]
    fn enter_node(&mut self, ply: usize, kind: NodeKind) -> bool {
        self.observer.enter(ply, kind);
        self.run.pv.clear(ply);
        if ply > self.run.seldepth {
            self.run.seldepth = ply;
        }
        let stop = self.run.limiter.count_node();
        if self.run.limiter.progress_due() && !stop {
            self.report_progress();
        }
        stop
    }

    /// The search of `depth` goes on with root move `m`, the `number`th (from 1) in its order.
    #[inline]
    pub fn searching_root_move(&mut self, depth: u32, m: Move, number: usize) {
        self.run.depth = depth;
        self.run.root_move = Some((m, number));
    }

    /// Sends a report; the next progress report is then due a full interval later.
    pub fn report(&mut self, report: Report) {
        (self.run.report)(report);
        self.run.limiter.reported();
    }

    /// Reports `pv`, scored `score`, as the line of `depth`: the line the search answers with
    /// if it ends before it reports another (`multipv 1` when MultiPV is above 1).
    pub fn report_line(&mut self, depth: u32, score: Score, pv: Vec<Move>, hashfull: Option<u32>) {
        let multipv = self.run.lines.is_numbered().then_some(1);
        self.report_numbered_line(depth, multipv, score, pv, hashfull);
    }

    /// Reports root lines as `multipv 1`, `multipv 2`, ...: the first `reached` found at `depth`,
    /// the others (a stopped depth's lines it did not reach) with their score of the depth
    /// before, at that depth, as Stockfish does.
    pub fn report_lines(
        &mut self,
        depth: u32,
        (lines, reached): (&[Line], usize),
        hashfull: Option<u32>,
    ) {
        for (i, line) in lines.iter().enumerate() {
            let line_depth = if i < reached {
                depth
            } else {
                depth.saturating_sub(1).max(1)
            };
            let (score, pv) = (line.score, line.pv.clone());
            self.report_numbered_line(line_depth, Some(i + 1), score, pv, hashfull);
        }
    }

    fn report_numbered_line(
        &mut self,
        depth: u32,
        multipv: Option<usize>,
        score: Score,
        pv: Vec<Move>,
        hashfull: Option<u32>,
    ) {
        self.run.reported_line = true;
        // With the root in the tables, their result is the score, unless a mate is found.
        let score = match self.run.tablebases.line_score(pv.first()) {
            Some(tb) if !is_mate_score(score) => tb,
            _ => score,
        };
        let iteration = Iteration {
            depth,
            seldepth: self.run.seldepth as u32,
            multipv,
            score,
            wdl: None,
            tbhits: self.run.tablebases.hits(),
            nodes: self.run.limiter.nodes(),
            time: self.run.limiter.elapsed(),
            hashfull,
            pv,
        };
        self.report(Report::Iteration(iteration));
    }

    /// With MultiPV: offers root move `m`, just searched to `score` (exact if above the lines'
    /// floor), with the child's line, to the root lines.
    #[inline]
    pub fn offer_root_line(&mut self, m: Move, score: Score) {
        if self.run.lines.wanted() > 1 && score > self.run.lines.floor() {
            let mut pv = vec![m];
            pv.extend(self.run.pv.line(1));
            self.offer_line(Line { score, pv });
        }
    }

    /// Offers a root line to the root lines (MultiPV), ranked first by the tablebases' rank of
    /// its first move.
    pub fn offer_line(&mut self, line: Line) {
        let rank = line.pv.first().map_or(0, |&m| self.run.tablebases.rank(m));
        self.run.lines.offer_ranked(line, rank);
    }

    /// Whether a line has been reported (see [`SearchContext::report_line`]).
    pub fn has_reported_line(&self) -> bool {
        self.run.reported_line
    }

    /// Reports `m` as the line of depth 0, scored by the static evaluation: the answer of a
    /// search stopped before it had any line of its own.
    pub fn report_unsearched(&mut self, m: Move, hashfull: Option<u32>) {
        let root = self.run.root.clone();
        let score = self.evaluate(&root);
        self.report_line(0, score, vec![m], hashfull);
    }

    #[cold]
    fn report_progress(&mut self) {
        let Some((currmove, currmovenumber)) = self.run.root_move else {
            return;
        };
        let progress = Progress {
            depth: self.run.depth,
            currmove,
            currmovenumber,
            nodes: self.run.limiter.nodes(),
            time: self.run.limiter.elapsed(),
        };
        self.report(Report::Progress(progress));
    }

    /// True once the search has been told to stop or ran out of nodes or time.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.run.limiter.stopped()
    }

    /// The position after the legal move `m`, with its key pushed on the history.
    #[inline]
    pub fn play(&mut self, pos: &Chess, m: Move) -> Chess {
        self.play_announced(pos, m, |_| {})
    }

    /// [`SearchContext::play`], telling `announce` the child's key as soon as it is known,
    /// before the evaluation's update: time for the table to fetch the child's slot.
    #[inline]
    pub fn play_announced(&mut self, pos: &Chess, m: Move, announce: impl FnOnce(u64)) -> Chess {
        self.observer.play(pos, m);
        let mut child = pos.clone();
        child.play_unchecked(m);
        let key = key_after(pos, self.run.history.key(), m, &child);
        announce(key);
        self.run.history.push(key);
        self.run.eval.push(pos, m);
        child
    }

    /// Enters a position reached without a move (a null move), whose key is `key`.
    #[inline]
    pub fn play_null(&mut self, key: u64) {
        self.observer.play_null();
        self.run.history.push(key);
        self.run.eval.push_null();
    }

    /// Leaves the child entered by [`SearchContext::play`] or [`SearchContext::play_null`].
    #[inline]
    pub fn undo(&mut self) {
        self.observer.undo();
        self.run.history.pop();
        self.run.eval.pop();
    }

    /// The node at `ply` returns `score`, searched within `window` (None: no window): for the
    /// observer.
    #[inline]
    pub fn leave(&mut self, ply: usize, window: Option<Window>, score: Score) {
        self.observer.leave(ply, window, score);
    }

    /// The node at `ply` cut off without searching `skipped` (given only when observed): for
    /// the observer.
    #[inline]
    pub fn cutoff(&mut self, ply: usize, skipped: impl FnOnce() -> Vec<Move>) {
        if O::ACTIVE {
            self.observer.cutoff(ply, &skipped());
        }
    }

    /// The node at `ply` tries the table's move `m` first: for the observer.
    #[inline]
    pub fn table_move(&mut self, ply: usize, m: Option<Move>) {
        if let Some(m) = m.filter(|_| O::ACTIVE) {
            self.observer.table_move(ply, m);
        }
    }

    /// The node at `ply` returns the table's value without a search: for the observer.
    #[inline]
    pub fn table_cutoff(&mut self, ply: usize) {
        self.observer.table_cutoff(ply);
    }

    /// The node at `ply` decided `decision` (made only when observed): for the observer.
    #[inline]
    pub fn decide(&mut self, ply: usize, decision: impl FnOnce() -> Decision) {
        if O::ACTIVE {
            self.observer.decision(ply, decision());
        }
    }

    /// The static evaluation of `pos`, the current position of the path: what
    /// [`Evaluation::evaluate`] returns, with the evaluator's state kept up to date move by move.
    #[inline]
    pub fn evaluate(&self, pos: &Chess) -> Score {
        self.run.eval.evaluate(pos)
    }
}

#[cfg(test)]
mod tests;
