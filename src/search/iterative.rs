//! IterativeDeepening: principal variation search inside iterative deepening, with a
//! transposition table, move ordering, quiescence, and check and one-reply extensions.

use shakmaty::{Board, Chess, Color, Move, MoveList, Position};

use crate::board::keys::zobrist_key;
use crate::board::movegen::{CheckInfo, MoveGen};
use crate::board::rules::{self, Repetition};
use crate::eval::{is_mate_score, mated_in, Score, DRAW, INFINITY, MATE};
use crate::search::context::SearchContext;
use crate::search::deepening::{Deepening, DepthOutcome, DepthSearch};
use crate::search::observer::{SearchObserver, Unobserved, Window};
use crate::search::ordering::{Heuristics, MoveFrame, MovePicker, Stage};
use crate::search::selective::late_move_reduction;
use crate::search::tablebase::TablebaseProbe;
use crate::search::tt::{decode_move, Bound, Hit, TranspositionTable};
use crate::search::{score_without_moves, SearchConfig, MAX_PLY};

/// The searcher and what it uses: the search context, the table and the ordering heuristics.
pub struct IterativeDeepening<'a, 'c, O = Unobserved> {
    pub(super) context: SearchContext<'c, O>,
    tt: &'a TranspositionTable,
    pub(super) heuristics: &'a mut Heuristics,
    use_tt: bool,
    pub(super) ordering: bool,
    quiescence: bool,
    /// The root moves, the best of the last depth first.
    root_moves: Vec<Move>,
    /// Root moves the next searches leave out: the earlier lines' with MultiPV.
    excluded: Vec<Move>,
    aspiration: bool,
    /// The depth of the current iteration: extensions stop at twice it.
    root_depth: i32,
    /// Each ply's moves and their ordering, allocated once per search.
    pub(super) frames: Vec<MoveFrame>,
    /// The selective parts: null-move pruning, late-move reductions, futility pruning.
    pub(super) null_move: bool,
    pub(super) late_move_reductions: bool,
    pub(super) futility: bool,
    /// Whether the node at each ply is searching its null move (no two in a row).
    pub(super) null_at: Vec<bool>,
}

/// The first aspiration window's half-width, in centipawns; each failure widens it.
const ASPIRATION_WINDOW: Score = 30;

/// What [`IterativeDeepening::search_moves`] needs to know of its node.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) depth: i32,
    pub(super) ply: usize,
    pub(super) in_check: bool,
    /// A node of the principal variation: searched with a window wider than null.
    pub(super) pv: bool,
    /// With futility pruning at this node: the score that quiet moves are assumed not to beat.
    pub(super) futility_value: Option<Score>,
}

impl<'a, 'c, O: SearchObserver> IterativeDeepening<'a, 'c, O> {
    /// The searcher of `context`'s root over `root_moves`, with the table (shared with the
    /// other threads of the search) and the ordering heuristics of this thread, and the parts
    /// `config` switches on. The caller ages the table and the heuristics for a new search.
    pub fn new(
        context: SearchContext<'c, O>,
        root_moves: &[Move],
        config: &SearchConfig,
        tt: &'a TranspositionTable,
        heuristics: &'a mut Heuristics,
    ) -> IterativeDeepening<'a, 'c, O> {
        let mut searcher = IterativeDeepening {
            context,
            tt,
            heuristics,
            use_tt: config.transposition_table,
            ordering: config.move_ordering,
            quiescence: config.quiescence,
            root_moves: Vec::new(),
            excluded: Vec::new(),
            aspiration: config.aspiration_windows,
            root_depth: 0,
            frames: (0..=MAX_PLY).map(|_| MoveFrame::default()).collect(),
            null_move: config.null_move,
            late_move_reductions: config.late_move_reductions,
            futility: config.futility,
            null_at: vec![false; MAX_PLY + 1],
        };
        searcher.root_moves = searcher.initial_root_order(root_moves);
        searcher
    }
}

impl<'c, O: SearchObserver> DepthSearch<'c> for IterativeDeepening<'_, 'c, O> {
    const DEEPENING: Deepening = Deepening::Incremental;
    type Observer = O;

    fn context(&mut self) -> &mut SearchContext<'c, O> {
        &mut self.context
    }

    fn root_moves(&self) -> &[Move] {
        &self.root_moves
    }

    /// From the fifth depth on, within an aspiration window around the last score.
    fn search_depth(&mut self, depth: u32, last: Score) -> DepthOutcome {
        let depth = depth as i32;
        if self.aspiration && depth >= 5 && !is_mate_score(last) {
            self.search_root_aspirated(depth, last)
        } else {
            self.search_root(depth, -INFINITY, INFINITY)
        }
    }

    fn exclude_root_moves(&mut self, moves: &[Move]) {
        self.excluded.clear();
        self.excluded.extend_from_slice(moves);
    }

    fn hashfull(&self) -> Option<u32> {
        self.use_tt.then(|| self.tt.hashfull())
    }

    /// The table's move in the position after `best`.
    fn ponder_after(&self, best: Move) -> Option<Move> {
        let mut child = self.context.root.clone();
        child.play_unchecked(best);
        let key = zobrist_key(&child);
        self.table_move(key, &child.legal_moves(), 1)
    }
}

impl<O: SearchObserver> IterativeDeepening<'_, '_, O> {
    /// Root moves ordered as at any node (table move, captures, ...), or as generated.
    fn initial_root_order(&mut self, root_moves: &[Move]) -> Vec<Move> {
        if !self.ordering {
            return root_moves.to_vec();
        }
        let mut moves: MoveList = root_moves.iter().copied().collect();
        let tt_move = self.table_move(self.context.history.key(), &moves, 0);
        let (color, heuristics) = (self.context.root.turn(), &*self.heuristics);
        let mut picker = MovePicker::new(&mut moves, |m| heuristics.score(m, tt_move, color, 0));
        std::iter::from_fn(|| picker.next()).collect()
    }

    /// Searches the root within a window around `last`, the previous depth's score, widening
    /// the side that fails until the score falls inside.
    fn search_root_aspirated(&mut self, depth: i32, last: Score) -> DepthOutcome {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            match self.search_root(depth, alpha, beta) {
                DepthOutcome::Completed(score) if score <= alpha && alpha > -INFINITY => {
                    alpha = (score - delta).max(-INFINITY);
                }
                DepthOutcome::Completed(score) if score >= beta && beta < INFINITY => {
                    beta = (score + delta).min(INFINITY);
                }
                outcome => return outcome,
            }
            delta *= 3;
            if delta > 1000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// Searches every root move but the excluded ones to `depth` within (alpha, beta), the
    /// previous best first; the score is fail-soft (at most alpha when every move fails low).
    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score) -> DepthOutcome {
        let window = Window { alpha, beta };
        self.root_depth = depth;
        self.context.seldepth = 0;
        let root = self.context.root.clone();
        self.context.enter(0);
        let mut best_score = -INFINITY;
        let mut best: Option<(usize, Move)> = None;
        let mut searched = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i];
            if self.excluded.contains(&m) {
                continue;
            }
            self.context.searching_root_move(depth as u32, m, i + 1);
            let child = self.context.play(&root, m);
            let mut score = if searched == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha)
            };
            if searched > 0 && score > alpha && score < beta && !self.context.stopped() {
                score = -self.negamax(&child, depth - 1, 1, -beta, -alpha);
            }
            searched += 1;
            self.context.undo();
            if self.context.stopped() {
                return DepthOutcome::Stopped(best.map(|_| best_score));
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                best = Some((i, m));
                self.context.pv.update(0, m);
                if alpha >= beta {
                    break;
                }
            }
        }
        if let Some((index, m)) = best {
            // The excluded moves (MultiPV's earlier lines) stand first, each put there in turn.
            let first = self.excluded.len();
            if self.ordering && first <= index {
                self.root_moves[first..=index].rotate_right(1);
            }
            if !self.excluded.is_empty() {
                // Not the root's value: the best moves were left out.
                return DepthOutcome::Completed(best_score);
            }
            let bound = if best_score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.store(
                self.context.history.key(),
                depth,
                best_score,
                bound,
                Some(m),
                0,
            );
        }
        self.context.leave(0, Some(window), best_score);
        DepthOutcome::Completed(best_score)
    }

    /// The principal variation search of `pos` with `depth` plies left, told to the observer.
    #[inline]
    pub(super) fn negamax(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let score = self.negamax_node(pos, depth, ply, alpha, beta);
        self.context.leave(ply, Some(Window { alpha, beta }), score);
        score
    }

    /// [`IterativeDeepening::negamax`] without the observer.
    fn negamax_node(
        &mut self,
        pos: &Chess,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let gen = MoveGen::new(pos);
        let in_check = gen.in_check();
        let may_extend = ply < 2 * self.root_depth as usize && ply < MAX_PLY / 2;
        if in_check && may_extend {
            depth += 1;
        }
        if depth <= 0 {
            return if self.quiescence {
                self.quiesce_node(pos, &gen, ply, alpha, beta)
            } else {
                self.leaf(pos, &gen, ply)
            };
        }
        if self.context.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.context.evaluate(pos);
        }
        if self.is_rule_draw(pos, &gen) {
            return DRAW;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(MATE - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let key = self.context.history.key();
        let hit = self.probe(key, ply);
        if let Some(hit) = hit {
            if !pv_node && hit.cuts(depth, alpha, beta) {
                self.context.stats.tt_cutoffs += 1;
                return hit.score;
            }
        }
        let tablebase = self.probe_tablebase(pos, depth, ply, alpha, beta);
        if let TablebaseProbe::Cut(score) = tablebase {
            return score;
        }
        let count = gen.count_moves(2);
        if count == 0 {
            return score_without_moves(in_check, ply);
        }
        if count == 1 && !in_check && may_extend {
            depth += 1;
        }
        let static_eval = self.context.evaluate(pos);
        let mut node = Node {
            depth,
            ply,
            in_check,
            pv: pv_node,
            futility_value: None,
        };
        if let Some(score) = self.reverse_futility(&node, beta, static_eval) {
            return score;
        }
        if self.may_try_null_move(pos, &node, beta, static_eval) {
            if let Some(score) = self.null_move_search(pos, depth, ply, beta) {
                return score;
            }
            if self.context.stopped() {
                return 0;
            }
        }
        node.futility_value = self.futility_value(&node, alpha, static_eval);
        let table_move = hit.and_then(|hit| gen.decode(hit.mv));
        self.frames[ply].start(table_move, self.ordering, true);
        if node.futility_value.is_some() {
            self.frames[ply].quiet_checks_only();
        }
        let score = self.search_moves(pos, &gen, node, alpha, beta);
        self.bound_by_tablebase(tablebase, score, depth, ply)
    }

    /// The next move of the frame at `ply`, and its stage.
    #[inline]
    pub(super) fn next_move(
        &mut self,
        gen: &MoveGen,
        board: &Board,
        ply: usize,
        color: Color,
    ) -> Option<(Move, Stage)> {
        self.frames[ply].next(gen, board, self.heuristics, color, ply)
    }

    /// Searches the moves in the frame of `ply` (PVS, with late-move reductions and futility
    /// pruning), records the result in the table and the heuristics.
    fn search_moves(
        &mut self,
        pos: &Chess,
        gen: &MoveGen,
        node: Node,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let Node { depth, ply, .. } = node;
        let original_alpha = alpha;
        let color = pos.turn();
        let reduce = self.late_move_reductions && depth >= 3 && !node.in_check;
        // Where futility prunes the quiet moves that do not check (the frame does not even
        // generate them), none of them is expected to beat the futility value.
        let mut best = node.futility_value.unwrap_or(-INFINITY);
        let mut best_move = None;
        let mut searched = 0;
        // Whether moves give check, found without playing them, for the moves that may be pruned or reduced.
        let mut checks: Option<CheckInfo> = None;
        while let Some((m, stage)) = self.next_move(gen, pos.board(), ply, color) {
            // At a futile node the frame hands out only quiet moves that check; killers are tested.
            let prunable = stage == Stage::Killer && node.futility_value.is_some();
            let reducible = reduce && searched >= 3 && stage == Stage::Quiet;
            let gives_check = (prunable || reducible)
                && checks
                    .get_or_insert_with(|| CheckInfo::new(pos))
                    .gives_check(pos, m);
            if prunable && !gives_check {
                continue;
            }
            let child = self.context.play(pos, m);
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let reduction = if reducible && !gives_check {
                    late_move_reduction(depth, searched)
                } else {
                    0
                };
                self.search_later_move(&child, &node, reduction, alpha, beta)
            };
            self.context.undo();
            searched += 1;
            if self.context.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.context.pv.update(ply, m);
                    if alpha >= beta {
                        self.on_beta_cutoff(m, pos, ply, depth);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let key = self.context.history.key();
        self.store(key, depth, best, bound, best_move, ply);
        best
    }

    /// A move after the first (principal variation search): a null-window search, reduced by
    /// `reduction` plies first; searched again at full depth, then with the full window, while
    /// it beats alpha.
    #[inline]
    fn search_later_move(
        &mut self,
        child: &Chess,
        node: &Node,
        reduction: i32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let (new_depth, ply) = (node.depth - 1, node.ply + 1);
        let mut score = -self.negamax(child, new_depth - reduction, ply, -alpha - 1, -alpha);
        if reduction > 0 && score > alpha && !self.context.stopped() {
            score = -self.negamax(child, new_depth, ply, -alpha - 1, -alpha);
        }
        if score > alpha && score < beta && !self.context.stopped() {
            score = -self.negamax(child, new_depth, ply, -beta, -alpha);
        }
        score
    }

    /// A node at the horizon with quiescence off: the rules' verdict or the static evaluation.
    fn leaf(&mut self, pos: &Chess, gen: &MoveGen, ply: usize) -> Score {
        if self.context.enter(ply) {
            return 0;
        }
        if self.is_rule_draw(pos, gen) {
            return DRAW;
        }
        if !gen.has_legal_move() {
            return score_without_moves(gen.in_check(), ply);
        }
        self.context.evaluate(pos)
    }

    /// A draw by the rules below the root, a repetition inside the search counting as one.
    /// The history's last key must be `pos`'s.
    #[inline]
    pub(super) fn is_rule_draw(&self, pos: &Chess, gen: &MoveGen) -> bool {
        // Only in check can there be no move.
        let not_mated = || !gen.in_check() || gen.has_legal_move();
        rules::is_draw(pos, &self.context.history, Repetition::InSearch, not_mated)
    }

    fn on_beta_cutoff(&mut self, m: Move, pos: &Chess, ply: usize, depth: i32) {
        self.context.stats.beta_cutoffs += 1;
        if self.ordering && !m.is_capture() && !m.is_promotion() {
            self.heuristics.record_cutoff(m, pos.turn(), ply, depth);
        }
    }

    fn probe(&mut self, key: u64, ply: usize) -> Option<Hit> {
        if !self.use_tt {
            return None;
        }
        self.context.stats.tt_probes += 1;
        let hit = self.tt.probe(key, ply);
        if hit.is_some() {
            self.context.stats.tt_hits += 1;
        }
        hit
    }

    pub(super) fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: Score,
        bound: Bound,
        m: Option<Move>,
        ply: usize,
    ) {
        if self.use_tt {
            self.context.stats.tt_stores += 1;
            self.tt.store(key, depth, score, bound, m, ply);
        }
    }

    fn table_move(&self, key: u64, moves: &MoveList, ply: usize) -> Option<Move> {
        if !self.use_tt {
            return None;
        }
        self.tt
            .probe(key, ply)
            .and_then(|hit| decode_move(hit.mv, moves))
    }
}
