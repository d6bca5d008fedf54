//! The probes of IterativeDeepening's nodes: the transposition table (its result may settle a
//! node outside the PV), and the tablebases (Stockfish's rule): a draw, or a win or loss outside
//! the window, decides the node; otherwise the result bounds its score.

use shakmaty::{Chess, Move, MoveList};
use shakmaty_syzygy::Wdl;

use crate::eval::{Score, DRAW};
use crate::search::observer::SearchObserver;
use crate::search::pvs::decisions::table_cut;
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::tt::{decode_move, Bound, Hit};
use crate::search::tablebase::{CURSED_WIN, TB_WIN};
use crate::search::types::MAX_DEPTH;

/// The plies a tablebase result is stored deeper than its node (Stockfish's): the result holds
/// whatever the depth, so that searches deeper than the node's still take it from the table.
const TABLEBASE_STORE_PLIES: i32 = 6;

/// What the tables say of a node of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TablebaseProbe {
    /// Not probed (too many pieces, not just after a capture or pawn move, no tables).
    None,
    /// The node's score: a draw, or a win (loss) that already fails high (low).
    Cut(Score),
    /// A win: the node scores at least this, whatever the search finds.
    Floor(Score),
    /// A loss: the node scores at most this.
    Ceiling(Score),
}

impl<O: SearchObserver> PvsSearcher<'_, '_, O> {
    /// Probes `pos` at `ply` (Stockfish's rule): a draw, a win at or above `beta` or a loss at
    /// or below `alpha` decides the node and is stored in the table; otherwise the result
    /// bounds the score of the search.
    pub(super) fn probe_tablebase(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> TablebaseProbe {
        let Some(wdl) = self.context.tablebases_mut().probe(pos) else {
            return TablebaseProbe::None;
        };
        let (score, bound) = match wdl {
            Wdl::Win => (TB_WIN - ply as Score, Bound::Lower),
            Wdl::Loss => (-TB_WIN + ply as Score, Bound::Upper),
            Wdl::CursedWin => (CURSED_WIN, Bound::Exact),
            Wdl::BlessedLoss => (-CURSED_WIN, Bound::Exact),
            Wdl::Draw => (DRAW, Bound::Exact),
        };
        match bound {
            Bound::Lower if score < beta => return TablebaseProbe::Floor(score),
            Bound::Upper if score > alpha => return TablebaseProbe::Ceiling(score),
            _ => {}
        }
        self.store_tablebase_score(depth, score, bound, ply);
        TablebaseProbe::Cut(score)
    }

    /// The score of a searched node that the tables bound: raised to a win's floor, lowered to
    /// a loss's ceiling (and stored so).
    pub(super) fn bound_by_tablebase(
        &mut self,
        probe: TablebaseProbe,
        score: Score,
        depth: i32,
        ply: usize,
    ) -> Score {
        let (bounded, bound) = match probe {
            TablebaseProbe::Floor(floor) if score < floor => (floor, Bound::Lower),
            TablebaseProbe::Ceiling(ceiling) if score > ceiling => (ceiling, Bound::Upper),
            _ => return score,
        };
        if !self.context.stopped() {
            self.store_tablebase_score(depth, bounded, bound, ply);
        }
        bounded
    }

    fn store_tablebase_score(&mut self, depth: i32, score: Score, bound: Bound, ply: usize) {
        let key = self.context.history().key();
        let depth = (depth + TABLEBASE_STORE_PLIES).min(MAX_DEPTH as i32);
        self.store(key, (depth, score, bound), None, ply, None);
    }

    /// The table and the tablebases at a node of `depth` at `ply`: Err with the score when
    /// either settles it, else Ok with the table's entry and what the tablebases say. A search
    /// without the table move reads neither: they answer for the whole position.
    #[inline]
    pub(super) fn probe_node(
        &mut self,
        pos: &Chess,
        depth: i32,
        ply: usize,
        (alpha, beta): (Score, Score),
    ) -> Result<(Option<Hit>, TablebaseProbe), Score> {
        if self.stack[ply].excluded.is_some() {
            return Ok((None, TablebaseProbe::None));
        }
        let key = self.context.history().key();
        let hit = self.probe(key, ply);
        let pv = beta - alpha > 1;
        if let Some(hit) = hit {
            if !pv && hit.cuts(depth, alpha, beta) {
                self.context.stats_mut().tt_cutoffs += 1;
                self.context.table_cutoff(ply);
                self.context.decide(ply, || table_cut(hit));
                return Err(hit.score);
            }
        }
        match self.probe_tablebase(pos, depth, ply, alpha, beta) {
            TablebaseProbe::Cut(score) => Err(score),
            tablebase => Ok((hit, tablebase)),
        }
    }

    pub(super) fn probe(&mut self, key: u64, ply: usize) -> Option<Hit> {
        if !self.parts.transposition_table {
            return None;
        }
        self.context.stats_mut().tt_probes += 1;
        let hit = self.tt.probe(key, ply);
        if hit.is_some() {
            self.context.stats_mut().tt_hits += 1;
        }
        hit
    }

    /// Stores the result `(depth, score, bound)` of the node at `ply`, its best move and its
    /// static evaluation.
    pub(super) fn store(
        &mut self,
        key: u64,
        (depth, score, bound): (i32, Score, Bound),
        m: Option<Move>,
        ply: usize,
        eval: Option<Score>,
    ) {
        if self.parts.transposition_table {
            self.context.stats_mut().tt_stores += 1;
            self.tt.store(key, (depth, score, bound), m, ply, eval);
        }
    }

    pub(super) fn table_move(&self, key: u64, moves: &MoveList, ply: usize) -> Option<Move> {
        if !self.parts.transposition_table {
            return None;
        }
        self.tt
            .probe(key, ply)
            .and_then(|hit| decode_move(hit.mv, moves))
    }
}
