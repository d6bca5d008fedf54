//! The transposition table: scores with exact, lower or upper bounds, depth-preferred replacement.
//! Shared by the threads of a search without a lock: each slot is two atomic words, the data and
//! the key XOR-ed with the data, so that a slot torn by two threads writing at once fails the
//! key check on probe and reads as a miss.

use std::sync::atomic::{AtomicU64, Ordering};

use shakmaty::{Move, MoveList, Square};
use zerocopy::FromZeros;

use crate::eval::{Score, MATE_BOUND};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

impl Bound {
    /// What a node's best score `best` is, searched with the window (`alpha`, `beta`).
    #[inline]
    pub fn of(best: Score, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One entry, as stored in a [`Slot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bound in the low 2 bits (0 = empty slot), search generation above.
    flags: u8,
    /// The static evaluation of the position, or [`NO_EVAL`].
    eval: i16,
}

/// The stored evaluation of a position that had none (in check).
const NO_EVAL: i16 = i16::MIN;

/// One slot's words: the key XOR-ed with the data, then the data (move, score, depth and flags
/// packed in one word). All zeros is an empty slot.
type Slot = [u64; 2];

/// One slot in the table, 16 bytes, read and written with relaxed atomics. The table is
/// allocated zeroed by the system, which maps the memory only as entries are written: a large
/// `Hash` is ready at once.
type AtomicSlot = [AtomicU64; 2];

impl Entry {
    #[inline]
    fn unpack([check, data]: Slot) -> Entry {
        Entry {
            key: check ^ data,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            flags: (data >> 40) as u8,
            eval: (data >> 48) as u16 as i16,
        }
    }

    #[inline]
    fn pack(self) -> Slot {
        let data = self.mv as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.flags as u64) << 40
            | (self.eval as u16 as u64) << 48;
        [self.key ^ data, data]
    }

    #[inline]
    fn load(slot: &AtomicSlot) -> Entry {
        Entry::unpack([
            slot[0].load(Ordering::Relaxed),
            slot[1].load(Ordering::Relaxed),
        ])
    }

    #[inline]
    fn save(self, slot: &AtomicSlot) {
        let [check, data] = self.pack();
        slot[0].store(check, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    fn is_empty(&self) -> bool {
        self.flags & 3 == 0
    }

    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// A table hit, its score already adjusted to the probing ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub mv: u16,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
    /// The static evaluation stored with the result (None in check, or none stored).
    pub eval: Option<Score>,
}

impl Hit {
    /// Whether the stored score settles the node for the window (alpha, beta) at `depth`.
    #[inline]
    pub fn cuts(&self, depth: i32, alpha: Score, beta: Score) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
            }
    }
}

/// A hash table of search results keyed by Zobrist key, shared by the search threads.
#[derive(Debug)]
pub struct TranspositionTable {
    entries: Box<[AtomicSlot]>,
    generation: u8,
}

const SLOT_BYTES: usize = std::mem::size_of::<AtomicSlot>();

/// Whether a result for `key` at `depth`, from the search of `generation`, takes the place of
/// `old`, the slot's entry: unless that is another position's, deeper, and from this search.
#[inline]
fn replaces(old: &Entry, key: u64, depth: i32, generation: u8) -> bool {
    let same_search = old.generation() == generation && !old.is_empty();
    old.key == key || !same_search || old.depth as i32 <= depth
}

impl TranspositionTable {
    /// A table of `mb` megabytes (at least one entry).
    pub fn new(mb: usize) -> TranspositionTable {
        let entries = zeroed_slots((mb.saturating_mul(1 << 20) / SLOT_BYTES).max(1))
            .or_else(|_| zeroed_slots(1024))
            .unwrap_or_else(|_| Box::new([[AtomicU64::new(0), AtomicU64::new(0)]]));
        TranspositionTable {
            entries,
            generation: 0,
        }
    }

    /// Resizes to `mb` megabytes, clearing it; on failure the table is left as it was.
    pub fn resize(&mut self, mb: usize) -> Result<(), String> {
        let count = (mb.saturating_mul(1 << 20) / SLOT_BYTES).max(1);
        self.entries =
            zeroed_slots(count).map_err(|_| format!("cannot allocate a {mb} MB hash table"))?;
        self.generation = 0;
        Ok(())
    }

    /// Empties every slot: fresh zeroed memory from the system, so that a clear costs neither
    /// time nor resident memory (slots are written to zero only if the system refuses).
    pub fn clear(&mut self) {
        match zeroed_slots(self.entries.len()) {
            Ok(fresh) => self.entries = fresh,
            Err(_) => self
                .entries
                .iter()
                .for_each(|slot| Entry::default().save(slot)),
        }
        self.generation = 0;
    }

    /// How many entries the table holds.
    #[cfg(test)]
    pub fn slots(&self) -> usize {
        self.entries.len()
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicSlot {
        &self.entries[((key as u128 * self.entries.len() as u128) >> 64) as usize]
    }

    /// Asks the processor to bring the slot of `key` into its caches without waiting for it,
    /// so that the probe of a position entered a little later finds it there.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        mem_prefetch::prefetch_read_data::<_, 3>(self.slot(key));
    }

    /// The entry for `key`, with its mate score made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let entry = Entry::load(self.slot(key));
        if entry.key != key || entry.is_empty() {
            return None;
        }
        let bound = match entry.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: entry.mv,
            score: score_from_tt(entry.score as Score, ply),
            depth: entry.depth as i32,
            bound,
            eval: (entry.eval != NO_EVAL).then_some(entry.eval as Score),
        })
    }

    /// Stores a result and the position's static evaluation (None: in check, or not computed,
    /// which keeps an evaluation stored before for the same position), replacing the slot's
    /// entry unless that one is deeper and from this search.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        (depth, score, bound): (i32, Score, Bound),
        mv: Option<Move>,
        ply: usize,
        eval: Option<Score>,
    ) {
        let place = self.slot(key);
        let old = Entry::load(place);
        if !replaces(&old, key, depth, self.generation) {
            return;
        }
        let mv = match mv {
            Some(m) => encode_move(m),
            None if old.key == key => old.mv,
            None => 0,
        };
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let entry = Entry {
            key,
            mv,
            score: score_to_tt(score, ply) as i16,
            depth: depth.clamp(-1, i8::MAX as i32) as i8,
            flags: self.generation << 2 | bound_bits,
            eval: match eval {
                Some(e) => e.clamp(-i16::MAX as Score, i16::MAX as Score) as i16,
                None if old.key == key => old.eval,
                None => NO_EVAL,
            },
        };
        entry.save(place);
    }

    /// Permille of the first thousand slots filled by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .map(Entry::load)
            .filter(|e| !e.is_empty() && e.generation() == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

/// `count` empty slots in zeroed memory from the system, or an error if it refuses.
fn zeroed_slots(count: usize) -> Result<Box<[AtomicSlot]>, zerocopy::AllocError> {
    <[AtomicSlot]>::new_box_zeroed_with_elems(count)
}

/// Mate scores are stored relative to the node, so they stay right wherever the node is met.
fn score_to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn score_from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// A move in 16 bits: from, to (the rook's square for castling) and the promotion role.
pub fn encode_move(m: Move) -> u16 {
    let (from, to) = match m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().unwrap_or(Square::A1), m.to()),
    };
    let promotion = m.promotion().map_or(0, |role| role as u16);
    from as u16 | (to as u16) << 6 | promotion << 12
}

/// The legal move in `moves` that a stored 16-bit move stands for, if any.
pub fn decode_move(code: u16, moves: &MoveList) -> Option<Move> {
    if code == 0 {
        return None;
    }
    moves.iter().copied().find(|&m| encode_move(m) == code)
}

#[cfg(test)]
mod tests;
