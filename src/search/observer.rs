//! The observer hook: what a search tells an observer about the tree it walks, node by node,
//! so that a tool can draw the tree searched (`engine tree`) rather than a re-enactment of it.
//!
//! The observer is a type parameter of the search ([`SearchContext`](crate::search::context::SearchContext) and the searches over it):
//! every search but `engine tree`'s has [`Unobserved`], whose hooks are empty and inlined
//! away, so that the hook costs nothing in play. The node count, moves and scores are the same
//! with an observer as without.

use shakmaty::{Chess, Move};

use crate::eval::Score;

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
    /// Whether the hooks do anything: the search prepares what only an observer needs (the
    /// moves a cut-off skipped) only when they do.
    const ACTIVE: bool = true;

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
    /// IterativeDeepening: the node at `ply` found `m` in the transposition table and will try
    /// it first.
    fn table_move(&mut self, _ply: usize, _m: Move) {}
    /// IterativeDeepening: the node at `ply` returns the table's value without searching a move.
    fn table_cutoff(&mut self, _ply: usize) {}
}

/// No observer: the searches' default, every hook empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unobserved;

impl SearchObserver for Unobserved {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn enter(&mut self, _ply: usize, _kind: NodeKind) {}
    #[inline(always)]
    fn play(&mut self, _from: &Chess, _m: Move) {}
    #[inline(always)]
    fn play_null(&mut self) {}
    #[inline(always)]
    fn undo(&mut self) {}
    #[inline(always)]
    fn leave(&mut self, _ply: usize, _window: Option<Window>, _score: Score) {}
    #[inline(always)]
    fn cutoff(&mut self, _ply: usize, _skipped: &[Move]) {}
    #[inline(always)]
    fn table_move(&mut self, _ply: usize, _m: Move) {}
    #[inline(always)]
    fn table_cutoff(&mut self, _ply: usize) {}
}

/// An observer lent to a search.
impl<T: SearchObserver + ?Sized> SearchObserver for &mut T {
    const ACTIVE: bool = T::ACTIVE;

    fn enter(&mut self, ply: usize, kind: NodeKind) {
        (**self).enter(ply, kind);
    }
    fn play(&mut self, from: &Chess, m: Move) {
        (**self).play(from, m);
    }
    fn play_null(&mut self) {
        (**self).play_null();
    }
    fn undo(&mut self) {
        (**self).undo();
    }
    fn leave(&mut self, ply: usize, window: Option<Window>, score: Score) {
        (**self).leave(ply, window, score);
    }
    fn cutoff(&mut self, ply: usize, skipped: &[Move]) {
        (**self).cutoff(ply, skipped);
    }
    fn table_move(&mut self, ply: usize, m: Move) {
        (**self).table_move(ply, m);
    }
    fn table_cutoff(&mut self, ply: usize) {
        (**self).table_cutoff(ply);
    }
}
