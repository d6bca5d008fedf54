//! The observer hook: what a search tells an observer about the tree it walks, node by node,
//! so that a tool can draw the tree searched (`engine tree`) rather than a re-enactment of it.
//!
//! A search has an observer only when [`run_observed`] gives it one; otherwise each hook is a
//! test of an empty `Option` (see [`SearchContext`]), and the search's node count, moves and
//! scores are the same with an observer as without.

use std::time::Instant;

use shakmaty::{Chess, Move};

use crate::board::game::Game;
use crate::eval::Score;
use crate::search::alphabeta::AlphaBeta;
use crate::search::context::SearchContext;
use crate::search::deepening::deepen;
use crate::search::iterative::IterativeDeepening;
use crate::search::limits::Limiter;
use crate::search::minimax::Minimax;
use crate::search::{
    root_moves, Limits, Report, SearchConfig, SearchKind, SearchResult, SearchState, Signals,
};

/// How a node was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// A node of the full-width search (the root, an interior node, or a horizon node without
    /// quiescence).
    Search,
    /// A node of IterativeDeepening's quiescence search.
    Quiescence,
}

/// The alpha-beta window a node was searched with, from its side to move (negamax).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub alpha: Score,
    pub beta: Score,
}

/// What a search reports of the tree it walks. Every node is entered once, where the search
/// counts it, and left once with its value, unless the search stops first; the nodes entered
/// between a node's entry and its leaving are its subtree.
pub trait SearchObserver {
    /// A node at `ply` (0: the root) is entered and counted; the move that leads to it is the
    /// last one played and not yet undone.
    fn enter(&mut self, ply: usize, kind: NodeKind);
    /// The legal move `m` is played in `from`, the current position.
    fn play(&mut self, from: &Chess, m: Move);
    /// The side to move passes (a null move).
    fn play_null(&mut self);
    /// The last move played is taken back.
    fn undo(&mut self);
    /// The node at `ply` returns `score`, from its side to move; `window` is the window it was
    /// searched with (None for Minimax, which has none).
    fn leave(&mut self, ply: usize, window: Option<Window>, score: Score);
    /// The node at `ply` cut off (alpha >= beta) and did not search `skipped`, in the order it
    /// would have searched them.
    fn cutoff(&mut self, ply: usize, skipped: &[Move]);
}

/// Runs `config`'s search of `game` to `depth` with a fresh state of `hash_mb` MB, as
/// `go depth` does on a fresh engine (one thread, the same node count), telling `observer`
/// every node; the reports go to `report`. Random has no tree: None.
pub fn run_observed(
    game: &Game,
    config: &SearchConfig,
    depth: u32,
    hash_mb: usize,
    observer: &mut dyn SearchObserver,
    report: &mut dyn FnMut(Report),
) -> Option<SearchResult> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let signals = Signals::new(false);
    let start = Instant::now();
    let limiter = Limiter::new(&signals, start, None, None);
    let root_moves = root_moves(game, &limits);
    if root_moves.is_empty() {
        return Some(SearchResult::default());
    }
    let context =
        SearchContext::new(game, limiter, config.evaluation, report).observed_by(observer);
    let mut state = SearchState::new(hash_mb);
    let mut result = match config.kind {
        SearchKind::Random => return None,
        SearchKind::Minimax => deepen(&mut Minimax::new(context, &root_moves), &limits, false),
        SearchKind::AlphaBeta => {
            let mut search = AlphaBeta::new(context, &root_moves, config.move_ordering);
            deepen(&mut search, &limits, false)
        }
        SearchKind::IterativeDeepening => {
            let mut search = IterativeDeepening::new(context, &root_moves, config, &mut state);
            deepen(&mut search, &limits, false)
        }
    };
    result.time = start.elapsed();
    Some(result)
}
