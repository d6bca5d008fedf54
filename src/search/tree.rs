//! What every tree search shares: the node counter and clock, the path of keys, the PV table.

use shakmaty::{Chess, Move, Position};

use crate::game::{key_after, Game};
use crate::search::control::Clock;
use crate::search::path::Path;
use crate::search::pv::PvTable;
use crate::search::Stats;

/// The running state of one tree search.
#[derive(Debug)]
pub struct Tree<'a> {
    pub root: Chess,
    pub clock: Clock<'a>,
    pub path: Path,
    pub pv: PvTable,
    /// The deepest ply reached, quiescence included.
    pub seldepth: usize,
    pub stats: Stats,
}

impl<'a> Tree<'a> {
    pub fn new(game: &Game, clock: Clock<'a>) -> Tree<'a> {
        Tree {
            root: game.position().clone(),
            clock,
            path: Path::new(game.keys()),
            pv: PvTable::default(),
            seldepth: 0,
            stats: Stats::default(),
        }
    }

    /// Enters a node at `ply`: counts it and clears its PV. True when the search must stop.
    #[inline]
    pub fn enter(&mut self, ply: usize) -> bool {
        self.pv.clear(ply);
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        self.clock.count_node()
    }

    /// True once the search has been told to stop or ran out of nodes or time.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.clock.stopped()
    }

    /// The position after the legal move `m`, with its key pushed on the path.
    #[inline]
    pub fn play(&mut self, pos: &Chess, m: Move) -> Chess {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let key = key_after(pos, self.path.key(), m, &child);
        self.path.push(key);
        child
    }

    /// Leaves the child entered by [`Tree::play`].
    #[inline]
    pub fn undo(&mut self) {
        self.path.pop();
    }
}
