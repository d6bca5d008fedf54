//! The triangular principal-variation table.

use shakmaty::Move;

use crate::search::types::MAX_PLY;

/// Principal variations by ply: row `ply` holds the best line found from that ply.
#[derive(Clone, Debug)]
pub struct PvTable {
    lines: Vec<[Option<Move>; MAX_PLY + 1]>,
    lengths: [usize; MAX_PLY + 1],
}

impl Default for PvTable {
    fn default() -> Self {
        PvTable {
            lines: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            lengths: [0; MAX_PLY + 1],
        }
    }
}

impl PvTable {
    /// Empties the line at `ply` (on entering a node).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// Makes `m` followed by the child's line the line at `ply`.
    #[inline]
    pub fn update(&mut self, ply: usize, m: Move) {
        let child_len = if ply < MAX_PLY {
            self.lengths[ply + 1]
        } else {
            0
        };
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line[0] = Some(m);
        if child_len > 0 {
            line[1..=child_len].copy_from_slice(&lower[0][..child_len]);
        }
        self.lengths[ply] = child_len + 1;
    }

    /// The line at `ply`.
    pub fn line(&self, ply: usize) -> Vec<Move> {
        self.lines[ply][..self.lengths[ply]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}
