//! IterativeDeepening: principal variation search inside iterative deepening, with a
//! transposition table, move ordering, quiescence, and check and one-reply extensions.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, MoveList, Position};

use crate::eval::{mated_in, Score, DRAW, INFINITY, MATE};
use crate::game::Game;
use crate::search::control::Clock;
use crate::search::deepen::mate_limit_reached;
use crate::search::movegen::MoveGen;
use crate::search::ordering::{Heuristics, MoveFrame, MovePicker, Stage};
use crate::search::path::is_insufficient_material;
use crate::search::tree::Tree;
use crate::search::tt::{decode_move, Bound, TranspositionTable};
use crate::search::{Iteration, Limits, Report, SearchConfig, SearchResult, SearchState, MAX_PLY};

/// Iterations are assumed to take this many times longer than the one before.
const GROWTH: u32 = 2;

/// The searcher and what it uses: the tree, the table and the ordering heuristics.
pub(super) struct Iterative<'a, 'c> {
    pub(super) tree: Tree<'c>,
    tt: &'a mut TranspositionTable,
    pub(super) heuristics: &'a mut Heuristics,
    use_tt: bool,
    pub(super) ordering: bool,
    quiescence: bool,
    /// The depth of the current iteration: extensions stop at twice it.
    root_depth: i32,
    /// Each ply's moves and their ordering, allocated once per search.
    pub(super) frames: Vec<MoveFrame>,
}

/// How an iteration ended.
enum RootOutcome {
    Completed(Score),
    /// Stopped; the best root move fully searched in this iteration, if one beat the rest.
    Stopped(Option<Move>),
}

/// Deepens until a limit ends the search; answers with the last completed depth,
/// or with the better move of a partly searched one.
pub fn search(
    game: &Game,
    root_moves: &[Move],
    config: &SearchConfig,
    limits: &Limits,
    state: &mut SearchState,
    clock: Clock,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    state.tt.new_search();
    state.heuristics.new_search();
    let mut searcher = Iterative {
        tree: Tree::new(game, clock),
        tt: &mut state.tt,
        heuristics: &mut state.heuristics,
        use_tt: config.transposition_table,
        ordering: config.move_ordering,
        quiescence: config.quiescence,
        root_depth: 0,
        frames: (0..=MAX_PLY).map(|_| MoveFrame::default()).collect(),
    };
    let mut moves = searcher.initial_root_order(root_moves);
    let mut result = SearchResult {
        best: moves.first().copied(),
        ..SearchResult::default()
    };
    let mut last_duration = Duration::ZERO;
    for depth in 1..=limits.max_depth() {
        if depth > 1
            && !searcher
                .tree
                .clock
                .may_start_iteration(last_duration * GROWTH)
        {
            break;
        }
        let started = searcher.tree.clock.elapsed();
        match searcher.search_root(&mut moves, depth as i32) {
            RootOutcome::Stopped(partial_best) => {
                result.best = partial_best.or(result.best);
                break;
            }
            RootOutcome::Completed(score) => {
                last_duration = searcher.tree.clock.elapsed() - started;
                searcher.record_iteration(&mut result, depth, score, report);
                if config.debug {
                    report(Report::Message(searcher.debug_counters(depth)));
                }
                if mate_limit_reached(limits, score)
                    || searcher.single_reply_under_clock(&moves, limits)
                {
                    break;
                }
            }
        }
    }
    if result.ponder.is_none() {
        result.ponder = result
            .best
            .and_then(|best| searcher.ponder_from_table(best));
    }
    result.nodes = searcher.tree.clock.nodes();
    result.stats = searcher.tree.stats;
    result
}

impl Iterative<'_, '_> {
    /// Root moves ordered as at any node (table move, captures, ...), or as generated.
    fn initial_root_order(&mut self, root_moves: &[Move]) -> Vec<Move> {
        if !self.ordering {
            return root_moves.to_vec();
        }
        let mut moves: MoveList = root_moves.iter().copied().collect();
        let tt_move = self.table_move(self.tree.path.key(), &moves, 0);
        let (color, heuristics) = (self.tree.root.turn(), &*self.heuristics);
        let mut picker = MovePicker::new(&mut moves, |m| heuristics.score(m, tt_move, color, 0));
        std::iter::from_fn(|| picker.next()).collect()
    }

    /// Searches every root move to `depth`, the previous best first.
    fn search_root(&mut self, moves: &mut [Move], depth: i32) -> RootOutcome {
        self.root_depth = depth;
        self.tree.seldepth = 0;
        let root = self.tree.root.clone();
        self.tree.enter(0);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(usize, Move)> = None;
        for (i, &m) in moves.iter().enumerate() {
            let child = self.tree.play(&root, m);
            let mut score = if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha)
            };
            if i > 0 && score > alpha && !self.tree.stopped() {
                score = -self.negamax(&child, depth - 1, 1, -beta, -alpha);
            }
            self.tree.undo();
            if self.tree.stopped() {
                return RootOutcome::Stopped(best.map(|(_, m)| m));
            }
            if score > alpha {
                alpha = score;
                best = Some((i, m));
                self.tree.pv.update(0, m);
            }
        }
        if let Some((index, m)) = best {
            if self.ordering {
                moves[..=index].rotate_right(1);
            }
            self.store(self.tree.path.key(), depth, alpha, Bound::Exact, Some(m), 0);
        }
        RootOutcome::Completed(alpha)
    }

    /// The principal variation search of `pos` with `depth` plies left.
    pub(super) fn negamax(
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
        if self.tree.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.tree.evaluate(pos);
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
        let key = self.tree.path.key();
        let hit = self.probe(key, ply);
        if let Some(hit) = hit {
            if !pv_node && hit.cuts(depth, alpha, beta) {
                self.tree.stats.tt_cutoffs += 1;
                return hit.score;
            }
        }
        let count = gen.count_moves(2);
        if count == 0 {
            return if in_check { mated_in(ply) } else { DRAW };
        }
        if count == 1 && !in_check && may_extend {
            depth += 1;
        }
        let table_move = hit.and_then(|hit| gen.decode(hit.mv));
        self.frames[ply].start(table_move, self.ordering, true);
        self.search_moves(pos, &gen, depth, ply, alpha, beta)
    }

    /// The next move of the frame at `ply`, and its stage.
    #[inline]
    pub(super) fn next_move(
        &mut self,
        gen: &MoveGen,
        ply: usize,
        color: Color,
    ) -> Option<(Move, Stage)> {
        self.frames[ply].next(gen, self.heuristics, color, ply)
    }

    /// Searches the moves in the frame of `ply` (PVS), records the result in the table and the heuristics.
    fn search_moves(
        &mut self,
        pos: &Chess,
        gen: &MoveGen,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let original_alpha = alpha;
        let color = pos.turn();
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0;
        while let Some((m, _stage)) = self.next_move(gen, ply, color) {
            let child = self.tree.play(pos, m);
            let mut score = if searched == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha)
            };
            if searched > 0 && score > alpha && score < beta && !self.tree.stopped() {
                score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            }
            self.tree.undo();
            searched += 1;
            if self.tree.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.tree.pv.update(ply, m);
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
        self.store(self.tree.path.key(), depth, best, bound, best_move, ply);
        best
    }

    /// A node at the horizon with quiescence off: the rules' verdict or the static evaluation.
    fn leaf(&mut self, pos: &Chess, gen: &MoveGen, ply: usize) -> Score {
        if self.tree.enter(ply) {
            return 0;
        }
        if self.is_rule_draw(pos, gen) {
            return DRAW;
        }
        if !gen.has_legal_move() {
            return if gen.in_check() { mated_in(ply) } else { DRAW };
        }
        self.tree.evaluate(pos)
    }

    /// A draw by the rules or by repetition (below the root): a repetition inside the search or
    /// threefold with the game, insufficient material, or the fifty-move rule (unless checkmated).
    /// The path's last key must be `pos`'s.
    #[inline]
    pub(super) fn is_rule_draw(&self, pos: &Chess, gen: &MoveGen) -> bool {
        let halfmoves = pos.halfmoves();
        if self.tree.path.is_search_repetition(halfmoves) || is_insufficient_material(pos) {
            return true;
        }
        // Checkmate on the hundredth half-move still wins; only in check can there be no move.
        halfmoves >= 100 && (!gen.in_check() || gen.has_legal_move())
    }

    fn on_beta_cutoff(&mut self, m: Move, pos: &Chess, ply: usize, depth: i32) {
        self.tree.stats.beta_cutoffs += 1;
        if self.ordering && !m.is_capture() && !m.is_promotion() {
            self.heuristics.record_cutoff(m, pos.turn(), ply, depth);
        }
    }

    fn probe(&mut self, key: u64, ply: usize) -> Option<crate::search::tt::Hit> {
        if !self.use_tt {
            return None;
        }
        self.tree.stats.tt_probes += 1;
        let hit = self.tt.probe(key, ply);
        if hit.is_some() {
            self.tree.stats.tt_hits += 1;
        }
        hit
    }

    fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: Score,
        bound: Bound,
        m: Option<Move>,
        ply: usize,
    ) {
        if self.use_tt {
            self.tree.stats.tt_stores += 1;
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

    fn record_iteration(
        &mut self,
        result: &mut SearchResult,
        depth: u32,
        score: Score,
        report: &mut dyn FnMut(Report),
    ) {
        let pv = self.tree.pv.line(0);
        result.best = pv.first().copied().or(result.best);
        result.ponder = pv.get(1).copied();
        result.score = score;
        result.depth = depth;
        report(Report::Iteration(Iteration {
            depth,
            seldepth: self.tree.seldepth as u32,
            score,
            nodes: self.tree.clock.nodes(),
            time: self.tree.clock.elapsed(),
            hashfull: self.use_tt.then(|| self.tt.hashfull()),
            pv,
        }));
    }

    fn debug_counters(&self, depth: u32) -> String {
        let s = self.tree.stats;
        format!(
            "depth {depth} beta cutoffs {} table probes {} hits {} cutoffs {} stores {}",
            s.beta_cutoffs, s.tt_probes, s.tt_hits, s.tt_cutoffs, s.tt_stores
        )
    }

    /// Under a clock, a forced move needs no deeper thought.
    fn single_reply_under_clock(&self, moves: &[Move], limits: &Limits) -> bool {
        moves.len() == 1 && limits.time.is_some() && !limits.infinite
    }

    /// The table's move in the position after `best`, to ponder on when the PV is one move long.
    fn ponder_from_table(&self, best: Move) -> Option<Move> {
        let mut child = self.tree.root.clone();
        child.play_unchecked(best);
        let key = crate::game::zobrist_key(&child);
        self.table_move(key, &child.legal_moves(), 1)
    }
}
