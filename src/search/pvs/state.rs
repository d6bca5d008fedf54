//! What IterativeDeepening keeps from one move to the next.

use std::sync::Arc;

use crate::search::pvs::history::Heuristics;
use crate::search::pvs::tt::TranspositionTable;
use crate::search::tablebase::Tablebases;

/// State a search keeps from one move to the next: the table and the heuristics (move ordering
/// and correction history), and the Syzygy tables of `SyzygyPath`.
#[derive(Debug)]
pub struct SearchState {
    pub tt: TranspositionTable,
    pub heuristics: Heuristics,
    pub tablebases: Option<Arc<Tablebases>>,
}

impl SearchState {
    pub fn new(hash_mb: usize) -> SearchState {
        SearchState {
            tt: TranspositionTable::new(hash_mb),
            heuristics: Heuristics::default(),
            tablebases: None,
        }
    }

    /// Forgets everything learnt (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }
}
