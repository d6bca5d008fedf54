//! The searcher of the search type `IterativeDeepening` (its UCI name, the course's word):
//! principal variation search inside iterative deepening, with a transposition table, move
//! ordering, quiescence, and check, one-reply and singular extensions. Its root is searched in
//! `pvs/root.rs`, its nodes in `pvs/node.rs`, its per-ply state kept in `pvs/stack.rs`.

use crate::board::keys::zobrist_key;
use crate::eval::{is_mate_score, Score, INFINITY};
use crate::search::context::SearchContext;
use crate::search::depth_search::{Deepening, DepthOutcome, DepthSearch};
use crate::search::observer::{SearchObserver, Unobserved};
use crate::search::pvs::history::Heuristics;
use crate::search::pvs::params;
use crate::search::pvs::stack::SearchStack;
use crate::search::pvs::tt::TranspositionTable;
use crate::search::types::{SearchConfig, SearchParts};
use shakmaty::{Chess, Move, Position};

/// How many times the root's depth the plies of a line may reach and still be extended (and
/// the horizon of a line, its plies and depth left, after a singular extension).
pub(super) const EXTENSION_PLIES_PER_DEPTH: usize = 2;

/// The principal variation searcher and what it uses: the search context, the table, the
/// ordering heuristics and the search stack.
pub struct PvsSearcher<'a, 'c, O = Unobserved> {
    pub(super) context: SearchContext<'c, O>,
    pub(super) tt: &'a TranspositionTable,
    pub(super) heuristics: &'a mut Heuristics,
    /// The parts switched on.
    pub(super) parts: SearchParts,
    /// The root moves, the best of the last depth first.
    pub(super) root_moves: Vec<Move>,
    /// Root moves the next searches leave out: the earlier lines' with MultiPV.
    pub(super) excluded: Vec<Move>,
    /// The depth of the current iteration: extensions stop at twice it.
    pub(super) root_depth: i32,
    /// A frame per ply: the node's moves, killers, static evaluation and the move it plays.
    pub(super) stack: SearchStack,
    /// The share of the last completed root search's nodes that its best move took.
    pub(super) best_move_share: Option<f64>,
}

/// What the selective parts and [`PvsSearcher::search_moves`] need to know of a node: what is
/// fixed over its move loop.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    pub(super) depth: i32,
    pub(super) ply: usize,
    /// The node's window (after mate distance pruning): its moves' loop raises a copy of
    /// `alpha`, this one stays the node's own (the table's bound is taken against it).
    pub(super) alpha: Score,
    pub(super) beta: Score,
    pub(super) in_check: bool,
    /// A node of the principal variation: searched with a window wider than null.
    pub(super) pv: bool,
    /// Whether the static evaluation beats the one two plies before.
    pub(super) improving: bool,
    /// With futility pruning at this node: the score that quiet moves are assumed not to beat.
    pub(super) futility_value: Option<Score>,
    /// The static evaluation, corrected by the correction history (None in check).
    pub(super) static_eval: Option<Score>,
    /// The evaluator's static evaluation, which the table keeps (None in check, and in a search
    /// without the table move, which stores nothing).
    pub(super) raw_eval: Option<Score>,
    /// The table's move is a capture or promotion.
    pub(super) table_move_noisy: bool,
    /// The plies the table move is searched deeper by (a singular extension).
    pub(super) table_move_extension: i32,
    /// With late-move pruning at this node: how many quiet moves it searches before it prunes
    /// the later ones. Set when its moves' loop starts.
    pub(super) late_limit: Option<usize>,
    /// Whether late moves of this node may be reduced. Set when its moves' loop starts.
    pub(super) reduce: bool,
}

impl<'a, 'c, O: SearchObserver> PvsSearcher<'a, 'c, O> {
    /// The searcher of `context`'s root over `root_moves`, with the table (shared with the
    /// other threads of the search) and the ordering heuristics of this thread, and the parts
    /// `config` switches on. The caller ages the table and the heuristics for a new search.
    pub fn new(
        context: SearchContext<'c, O>,
        root_moves: &[Move],
        config: &SearchConfig,
        tt: &'a TranspositionTable,
        heuristics: &'a mut Heuristics,
    ) -> PvsSearcher<'a, 'c, O> {
        let mut searcher = PvsSearcher {
            context,
            tt,
            heuristics,
            parts: config.parts,
            root_moves: Vec::new(),
            excluded: Vec::new(),
            root_depth: 0,
            stack: SearchStack::default(),
            best_move_share: None,
        };
        searcher.root_moves = searcher.initial_root_order(root_moves);
        searcher
    }
}

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// The position after `m`, entered: with the table on, the child's slot is fetched into
    /// the cache while the evaluation is updated, ready for the child's probe.
    #[inline]
    pub(super) fn play_move(&mut self, pos: &Chess, m: Move) -> Chess {
        let tt = self.parts.transposition_table.then_some(self.tt);
        self.context.play_announced(pos, m, |key| {
            if let Some(tt) = tt {
                tt.prefetch(key);
            }
        })
    }
}

impl<'c, O: SearchObserver> DepthSearch<'c> for PvsSearcher<'_, 'c, O> {
    const DEEPENING: Deepening = Deepening::Incremental;
    type Observer = O;

    fn context(&mut self) -> &mut SearchContext<'c, O> {
        &mut self.context
    }

    fn root_moves(&self) -> &[Move] {
        &self.root_moves
    }

    /// From the fifth depth on (by default), within an aspiration window around the last score.
    fn search_depth(&mut self, depth: u32, last: Score) -> DepthOutcome {
        let depth = depth as i32;
        if self.parts.aspiration_windows && depth >= params::asp_min_depth() && !is_mate_score(last)
        {
            self.search_root_aspirated(depth, last)
        } else {
            self.search_root(depth, -INFINITY, INFINITY)
        }
    }

    fn exclude_root_moves(&mut self, moves: &[Move]) {
        self.excluded.clear();
        self.excluded.extend_from_slice(moves);
    }

    fn best_move_share(&self) -> Option<f64> {
        self.best_move_share
    }

    fn hashfull(&self) -> Option<u32> {
        self.parts.transposition_table.then(|| self.tt.hashfull())
    }

    /// The table's move in the position after `best`.
    fn ponder_after(&self, best: Move) -> Option<Move> {
        let mut child = self.context.root().clone();
        child.play_unchecked(best);
        let key = zobrist_key(&child);
        self.table_move(key, &child.legal_moves(), 1)
    }
}
