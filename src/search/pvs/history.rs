//! What IterativeDeepening learns about quiet moves as it searches: the killer moves of each ply
//! and the history table, and the ordering score they give a move.

use shakmaty::{Color, Move};

use crate::board::movegen::is_noisy;
use crate::search::ordering::{mvv_lva, CAPTURE};
use crate::search::types::MAX_PLY;

const TT_MOVE: i32 = 1 << 30;
const KILLER: i32 = 1 << 27;
const HISTORY_MAX: i32 = 1 << 26;

/// What IterativeDeepening learns about quiet moves: killers per ply and the history table.
#[derive(Clone, Debug)]
pub struct Heuristics {
    pub(super) killers: Vec<[Option<Move>; 2]>,
    /// By colour, from-square and to-square.
    pub(super) history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 64 * 64],
        }
    }
}

impl Heuristics {
    /// The ordering score of `m` at `ply` for a full sort (the root's first order): table move,
    /// noisy moves ([`is_noisy`], as the staged [`MoveFrame`](crate::search::pvs::picker::MoveFrame) has them) by MVV-LVA, killers,
    /// then history.
    #[inline]
    pub fn score(&self, m: Move, tt_move: Option<Move>, color: Color, ply: usize) -> i32 {
        if Some(m) == tt_move {
            TT_MOVE
        } else if is_noisy(m) {
            CAPTURE + mvv_lva(m)
        } else if Some(m) == self.killers[ply][0] {
            KILLER
        } else if Some(m) == self.killers[ply][1] {
            KILLER - 1
        } else {
            self.history_score(color, m)
        }
    }

    /// The history score of the quiet move `m` by `color`.
    #[inline]
    pub fn history_score(&self, color: Color, m: Move) -> i32 {
        self.history[history_index(color, m)]
    }

    /// A quiet move caused a beta cutoff at `ply` with `depth` plies left.
    #[inline]
    pub fn record_cutoff(&mut self, m: Move, color: Color, ply: usize, depth: i32) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let entry = &mut self.history[history_index(color, m)];
        *entry = (*entry + depth * depth).min(HISTORY_MAX);
    }

    /// Before a new search: killers are forgotten, history fades.
    pub fn new_search(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }
}

#[inline]
fn history_index(color: Color, m: Move) -> usize {
    let from = m.from().map_or(0, |sq| sq as usize);
    (color as usize) * 4096 + from * 64 + m.to() as usize
}
