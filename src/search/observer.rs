//! The observer hook: what a search tells an observer about the tree it walks, node by node,
//! so that a tool can draw the tree searched (`engine tree`) rather than a re-enactment of it.
//!
//! The observer is a type parameter of the search ([`SearchContext`](crate::search::context::SearchContext) and the searches over it):
//! every search but `engine tree`'s has [`Unobserved`], whose hooks are empty and inlined
//! away, so that the hook costs nothing in play. The node count, moves and scores are the same
//! with an observer as without.

use shakmaty::{Chess, Move};

use crate::eval::Score;
use crate::search::pvs::tt::Bound;

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

/// Why IterativeDeepening did not search a move, with the values its rule compared (negamax).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prune {
    /// Futility: `eval` + `margin` ≤ `alpha`, and the quiet move does not check.
    Futility {
        eval: Score,
        margin: Score,
        alpha: Score,
    },
    /// Late-move pruning: `count` quiet moves searched, `limit` the most a node of `depth` searches.
    LateMove {
        count: usize,
        limit: usize,
        depth: i32,
    },
    /// Futility of a late quiet move that does not check, searched at `depth` after its
    /// reduction: `eval` + `margin` ≤ `alpha`.
    QuietFutility {
        eval: Score,
        margin: Score,
        alpha: Score,
        depth: i32,
    },
    /// History pruning: the late quiet move's `history` is below `threshold` (the node's
    /// depth times a margin), and it would be searched at `depth` after its reduction.
    History {
        history: i32,
        threshold: i32,
        depth: i32,
    },
    /// SEE pruning at `depth`: the exchange after the move scores below `threshold`.
    See { threshold: Score, depth: i32 },
    /// Quiescence's delta pruning: stand pat `eval` + at most `gain` + `margin` < `alpha`.
    Delta {
        gain: Score,
        eval: Score,
        margin: Score,
        alpha: Score,
    },
    /// Quiescence: the capture loses material by exchange.
    LosingCapture,
}

/// Why IterativeDeepening searches a node deeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extended {
    /// The node is in check: a ply.
    Check,
    /// The node has a single legal move: a ply.
    OneReply,
    /// The node's move is its parent's singular table move, searched `plies` deeper: the
    /// parent's other moves, searched without it, scored `score` < `beta` (the singular bound).
    Singular {
        plies: i32,
        score: Score,
        beta: Score,
    },
}

/// A decision of IterativeDeepening at a node, with the values it compared (negamax).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Searched deeper, to `depth`, for `cause`.
    Extension { depth: i32, cause: Extended },
    /// The singular-extension test of the table move `m`: the node's position is searched
    /// again without `m`, to `depth`, with a null window at `beta` (the table's score less a
    /// margin). The next node entered, at the same ply, is that search.
    SingularTest { m: Move, depth: i32, beta: Score },
    /// Multi-cut: without its table move the node still reached `score` (the singular bound),
    /// at least `beta`, so it fails high with it without searching its moves.
    MultiCut { score: Score, beta: Score },
    /// Mate distance pruning: the window the nearest mates leave, (`alpha`, `beta`), is empty.
    MateDistance { alpha: Score, beta: Score },
    /// The table's result (stored at `depth`, a `bound` of `score`) settles the node.
    TableCut {
        depth: i32,
        bound: Bound,
        score: Score,
    },
    /// Reverse futility: `eval` − `margin` ≥ `beta`, so the node fails high unsearched.
    ReverseFutility {
        eval: Score,
        margin: Score,
        beta: Score,
    },
    /// The null move of a node of `depth`, searched `reduction` plies shallower than `depth` − 1.
    NullMove { depth: i32, reduction: i32 },
    /// The null move's search returned `score` against `beta`: a cut when it reaches it.
    NullMoveResult {
        score: Score,
        beta: Score,
        cut: bool,
    },
    /// Futility: `eval` + `margin` ≤ `alpha`, so the quiet moves that do not check are skipped.
    Futile {
        eval: Score,
        margin: Score,
        alpha: Score,
    },
    /// Internal iterative reduction: no table move, so the node searches to `depth`, a ply less.
    Iir { depth: i32 },
    /// The next move, the `number`th searched by a node of `depth`, is searched `plies` shallower.
    Reduction {
        plies: i32,
        number: usize,
        depth: i32,
    },
    /// The last move is searched again (at full depth, or with the full window): it gave `score` > `alpha`.
    ReSearch {
        full_depth: bool,
        score: Score,
        alpha: Score,
    },
    /// The move `m` is not searched, by `rule`.
    Pruned { m: Move, rule: Prune },
    /// The root's aspiration window failed (`low` or high) with `score`: searched again in (`alpha`, `beta`).
    Aspiration {
        low: bool,
        score: Score,
        alpha: Score,
        beta: Score,
    },
    /// Quiescence out of check: the static evaluation `eval`, the score of standing pat.
    StandPat { eval: Score },
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
    /// IterativeDeepening: the node at `ply` decided `decision` (a rule, an extension, a re-search).
    fn decision(&mut self, _ply: usize, _decision: Decision) {}
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
    #[inline(always)]
    fn decision(&mut self, _ply: usize, _decision: Decision) {}
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
    fn decision(&mut self, ply: usize, decision: Decision) {
        (**self).decision(ply, decision);
    }
}
