//! IterativeDeepening's staged move picker: the table move, the noisy moves by MVV-LVA, the
//! killers, the quiet moves by history, then the captures that lose material.

use shakmaty::{Board, Color, Move, MoveList};

use crate::board::movegen::{GenKind, MoveGen};
use crate::search::ordering::mvv_lva;
use crate::search::pvs::history::{Continuation, Heuristics};
use crate::search::pvs::see::see_ge;

/// Where a picked move came from, in the order [`StagedPicker::next`] hands them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The transposition table's move.
    Table,
    /// Captures and queen promotions, most valuable victim first.
    Noisy,
    /// The killer moves of the ply.
    Killer,
    /// The other moves, by history.
    Quiet,
    /// Captures that lose material by static exchange evaluation, last (most valuable victim
    /// first).
    BadNoisy,
    /// Ordering is off: the generator's order.
    Unordered,
}

/// The moves of one node, generated in stages into a list kept for the node's lifetime (one
/// frame per ply, allocated once per search), and the state of handing them out: the table
/// move (before anything is generated), the noisy moves by MVV-LVA (chosen one by one), the
/// killers (checked for legality, not generated), then the quiet moves by history (the first
/// few chosen one by one, the rest sorted once when reached). A node that cuts off early
/// generates, scores and sorts no more than it needs.
pub struct StagedPicker {
    moves: MoveList,
    /// The noisy moves are `moves[..noisy_end]`, the quiet ones after them.
    noisy_end: usize,
    /// Sort keys of the current stage's moves: the score above 8 bits holding 255 - the index.
    keys: [i64; 256],
    key_next: usize,
    key_end: usize,
    step: Step,
    table: Option<Move>,
    killers: [Option<Move>; 2],
    /// The moves one and two plies back, for the continuation history of the quiet moves.
    continuation: Continuation,
    /// Whether quiet moves are handed out (quiescence out of check: only the noisy ones).
    quiet: bool,
    /// Whether only the quiet moves that give check are handed out (after the killers), in the
    /// generator's order: where every other quiet move would be pruned.
    quiet_checks_only: bool,
    /// Indices in `moves` of the noisy moves that lose material by exchange, deferred to the end.
    bad: [u8; 256],
    bad_len: usize,
    bad_next: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Table,
    StartNoisy,
    Noisy,
    StartKillers,
    Killer(usize),
    StartQuiet,
    Quiet,
    BadNoisy,
    StartUnordered,
    Unordered(usize),
}

/// How many quiet moves are chosen one by one before the rest are sorted at once.
const QUIET_SELECTED: usize = 3;

impl Default for StagedPicker {
    fn default() -> Self {
        StagedPicker {
            moves: MoveList::new(),
            noisy_end: 0,
            keys: [0; 256],
            key_next: 0,
            key_end: 0,
            step: Step::Table,
            table: None,
            killers: [None; 2],
            continuation: [None; 2],
            quiet: true,
            quiet_checks_only: false,
            bad: [0; 256],
            bad_len: 0,
            bad_next: 0,
        }
    }
}

impl StagedPicker {
    /// Starts a node: `table` (a legal move here) first when ordering, the quiet moves only when
    /// `quiet`; unordered, the generator's order.
    #[inline]
    pub fn start(&mut self, table: Option<Move>, ordered: bool, quiet: bool) {
        self.quiet = quiet;
        self.quiet_checks_only = false;
        self.table = table.filter(|_| ordered);
        self.killers = [None; 2];
        self.continuation = [None; 2];
        self.step = if ordered {
            Step::Table
        } else {
            Step::StartUnordered
        };
    }

    /// Orders the quiet moves by the continuation history after `continuation` too.
    #[inline]
    pub fn follow(&mut self, continuation: Continuation) {
        self.continuation = continuation;
    }

    /// Hands out, after the killers, only the quiet moves that give check, unscored: for a node
    /// that prunes the others.
    #[inline]
    pub fn quiet_checks_only(&mut self) {
        self.quiet_checks_only = true;
    }

    /// The next move and its stage, or None when every move has been handed out. The stages'
    /// set-ups (`start_*`) stay out of line: inlined, their hoisted preparations ran at every
    /// call, although most calls only hand out the next move of a list already made.
    #[inline]
    pub fn next(
        &mut self,
        gen: &MoveGen,
        board: &Board,
        heuristics: &Heuristics,
        color: Color,
        killers: [Option<Move>; 2],
    ) -> Option<(Move, Stage)> {
        loop {
            match self.step {
                Step::StartUnordered => self.start_unordered(gen),
                Step::Unordered(i) => {
                    self.step = Step::Unordered(i + 1);
                    return self.moves.get(i).map(|&m| (m, Stage::Unordered));
                }
                Step::Table => {
                    self.step = Step::StartNoisy;
                    if let Some(m) = self.table {
                        return Some((m, Stage::Table));
                    }
                }
                Step::StartNoisy => self.start_noisy(gen),
                Step::Noisy => {
                    if self.key_next < self.key_end {
                        self.select(self.key_next);
                        let index = self.take_index();
                        let m = self.moves[index];
                        if see_ge(board, m, 0) {
                            return Some((m, Stage::Noisy));
                        }
                        self.bad[self.bad_len] = index as u8;
                        self.bad_len += 1;
                        continue;
                    }
                    self.step = if self.quiet {
                        Step::StartKillers
                    } else {
                        Step::BadNoisy
                    };
                }
                Step::StartKillers => self.start_killers(gen, killers),
                Step::Killer(k) => {
                    if k == self.killers.len() {
                        self.step = Step::StartQuiet;
                        continue;
                    }
                    self.step = Step::Killer(k + 1);
                    if let Some(m) = self.killers[k] {
                        return Some((m, Stage::Killer));
                    }
                }
                Step::StartQuiet => self.start_quiet(gen, heuristics, color),
                Step::Quiet => match self.next_quiet() {
                    Some(m) => return Some((m, Stage::Quiet)),
                    None => self.step = Step::BadNoisy,
                },
                Step::BadNoisy => {
                    if self.bad_next == self.bad_len {
                        return None;
                    }
                    self.bad_next += 1;
                    let index = self.bad[self.bad_next - 1] as usize;
                    return Some((self.moves[index], Stage::BadNoisy));
                }
            }
        }
    }

    /// Generates every move (or the noisy ones only), to hand out in the generator's order.
    #[inline(never)]
    fn start_unordered(&mut self, gen: &MoveGen) {
        self.moves.clear();
        let kind = if self.quiet {
            GenKind::All
        } else {
            GenKind::Noisy
        };
        gen.generate(kind, &mut self.moves);
        self.step = Step::Unordered(0);
    }

    /// Generates the noisy moves and keys them by MVV-LVA, the table move left out.
    #[inline(never)]
    fn start_noisy(&mut self, gen: &MoveGen) {
        self.moves.clear();
        gen.generate(GenKind::Noisy, &mut self.moves);
        self.noisy_end = self.moves.len();
        self.key_next = 0;
        self.key_end = 0;
        self.bad_len = 0;
        self.bad_next = 0;
        for i in 0..self.noisy_end {
            let m = self.moves[i];
            if Some(m) != self.table {
                self.keys[self.key_end] = key(mvv_lva(m), i);
                self.key_end += 1;
            }
        }
        self.step = Step::Noisy;
    }

    /// The ply's `killers` that are legal here (and not the table move).
    #[inline(never)]
    fn start_killers(&mut self, gen: &MoveGen, killers: [Option<Move>; 2]) {
        // Killers are quiet moves (only those are recorded): legal here, they are quiet here.
        let mut found = [None; 2];
        for (slot, killer) in found.iter_mut().zip(killers) {
            *slot = killer.filter(|&k| Some(k) != self.table && gen.is_legal(k));
        }
        self.killers = found;
        self.step = Step::Killer(0);
    }

    /// Generates the quiet moves (or the quiet checks only) and keys them by history, the table
    /// move and the killers left out.
    #[inline(never)]
    fn start_quiet(&mut self, gen: &MoveGen, heuristics: &Heuristics, color: Color) {
        let kind = if self.quiet_checks_only {
            GenKind::QuietChecks
        } else {
            GenKind::Quiet
        };
        gen.generate(kind, &mut self.moves);
        self.key_next = 0;
        self.key_end = 0;
        for i in self.noisy_end..self.moves.len() {
            let m = self.moves[i];
            let skip =
                Some(m) == self.table || Some(m) == self.killers[0] || Some(m) == self.killers[1];
            if !skip {
                let score = if !self.quiet_checks_only {
                    heuristics.quiet_score(color, m, self.continuation)
                } else {
                    0
                };
                self.keys[self.key_end] = key(score, i);
                self.key_end += 1;
            }
        }
        self.step = Step::Quiet;
    }

    /// The next quiet move: the first few chosen one by one, the rest sorted once.
    #[inline]
    fn next_quiet(&mut self) -> Option<Move> {
        if self.key_next == self.key_end {
            return None;
        }
        if self.quiet_checks_only {
            // Equal keys: already in the generator's order.
        } else if self.key_next < QUIET_SELECTED {
            self.select(self.key_next);
        } else if self.key_next == QUIET_SELECTED {
            self.keys[self.key_next..self.key_end].sort_unstable_by(|a, b| b.cmp(a));
        }
        Some(self.take_key())
    }

    /// Moves the largest key of `keys[from..key_end]` to `from`.
    #[inline]
    fn select(&mut self, from: usize) {
        let keys = &mut self.keys[..self.key_end];
        let mut best = from;
        for i in from + 1..keys.len() {
            if keys[i] > keys[best] {
                best = i;
            }
        }
        keys.swap(from, best);
    }

    #[inline]
    fn take_key(&mut self) -> Move {
        let index = self.take_index();
        self.moves[index]
    }

    /// The index in `moves` of the next key's move.
    #[inline]
    fn take_index(&mut self) -> usize {
        let index = 255 - (self.keys[self.key_next] & 0xff) as usize;
        self.key_next += 1;
        index
    }
}

/// A sort key: the score, then the earlier move first among equal scores.
#[inline]
fn key(score: i32, index: usize) -> i64 {
    (score as i64) << 8 | (255 - index) as i64
}

#[cfg(test)]
mod tests;
