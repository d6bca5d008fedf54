//! One algorithm's search of the root to one depth: the interface the deepening driver
//! ([`crate::search::deepening`]) calls depth after depth, and what each algorithm implements;
//! for the algorithms that keep nothing from one depth to the next (Minimax, AlphaBeta), the
//! root search alone ([`RootSearch`]), deepened by [`Afresh`].

use shakmaty::Move;

use crate::eval::Score;
use crate::search::context::SearchContext;
use crate::search::observer::{SearchObserver, Unobserved};

/// How a search deepens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepening {
    /// Each depth is searched afresh, nothing carried over (Minimax, AlphaBeta): a search bounded
    /// only by its depth goes straight to it, and the next depth's cost is predicted from the
    /// measured growth of the tree.
    Afresh,
    /// Each depth builds on the last through the table and the move ordering
    /// (IterativeDeepening): every depth from the first; the next depth is expected to take
    /// twice as long as the last.
    Incremental,
}

/// How one depth's search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthOutcome {
    /// The root's score at this depth; the PV at ply 0 is its line.
    Completed(Score),
    /// Stopped; the score of the best root move fully searched at this depth, if one beat the
    /// rest (its line is then the PV at ply 0).
    Stopped(Option<Score>),
}

/// One algorithm's search of the root to a given depth, which
/// [`deepen`](crate::search::deepening::deepen) calls depth after depth.
pub trait DepthSearch<'a> {
    /// How this search deepens.
    const DEEPENING: Deepening;

    /// Who is told of every node ([`crate::search::observer`]).
    type Observer: SearchObserver;

    /// The search's context: its limiter, PV table, statistics and reports.
    fn context(&mut self) -> &mut SearchContext<'a, Self::Observer>;

    /// The root moves, in the order the next depth searches them.
    fn root_moves(&self) -> &[Move];

    /// Searches every root move to `depth` plies; `last` is the score of the depth before
    /// (0 before the first).
    fn search_depth(&mut self, depth: u32, last: Score) -> DepthOutcome;

    /// Leaves `moves` out of the next depths' searches of the root (MultiPV's later lines of an
    /// incremental search); an empty list brings every root move back.
    fn exclude_root_moves(&mut self, _moves: &[Move]) {}

    /// Permille of the transposition table in use, for a search that has one.
    fn hashfull(&self) -> Option<u32> {
        None
    }

    /// The share of the last completed depth's nodes that the best root move's subtree took,
    /// for the searches that count it.
    fn best_move_share(&self) -> Option<f64> {
        None
    }

    /// A move to ponder on after `best` when the line found is one move long.
    fn ponder_after(&self, _best: Move) -> Option<Move> {
        None
    }
}

/// The search of the root to one depth of an algorithm that keeps nothing from one depth to the
/// next (Minimax, AlphaBeta).
pub trait RootSearch {
    /// Searches every root move to `depth` plies; the root score, or None when stopped.
    fn search_root<O: SearchObserver>(
        &self,
        context: &mut SearchContext<O>,
        root_moves: &[Move],
        depth: u32,
    ) -> Option<Score>;
}

/// The [`DepthSearch`] of a [`RootSearch`]: `S` over its context and root moves, each depth
/// searched afresh.
pub struct Afresh<'a, S, O = Unobserved> {
    search: S,
    context: SearchContext<'a, O>,
    root_moves: Vec<Move>,
}

impl<'a, S: RootSearch, O: SearchObserver> Afresh<'a, S, O> {
    /// `search` over `context`'s root, searching `root_moves` in this order.
    pub fn new(search: S, context: SearchContext<'a, O>, root_moves: &[Move]) -> Afresh<'a, S, O> {
        Afresh {
            search,
            context,
            root_moves: root_moves.to_vec(),
        }
    }
}

impl<'a, S: RootSearch, O: SearchObserver> DepthSearch<'a> for Afresh<'a, S, O> {
    const DEEPENING: Deepening = Deepening::Afresh;
    type Observer = O;

    fn context(&mut self) -> &mut SearchContext<'a, O> {
        &mut self.context
    }

    fn root_moves(&self) -> &[Move] {
        &self.root_moves
    }

    fn search_depth(&mut self, depth: u32, _last: Score) -> DepthOutcome {
        match self
            .search
            .search_root(&mut self.context, &self.root_moves, depth)
        {
            Some(score) => DepthOutcome::Completed(score),
            None => DepthOutcome::Stopped(None),
        }
    }
}
