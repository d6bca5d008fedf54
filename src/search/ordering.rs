//! Move ordering: the table move, captures by MVV-LVA, killer moves and the history heuristic,
//! and a picker that hands out the best-scored move next without sorting the whole list.

use shakmaty::{Board, Color, Move, MoveList};

use crate::board::movegen::{is_noisy, GenKind, MoveGen};

use crate::eval::role_value;
use crate::search::see::see_ge;
use crate::search::MAX_PLY;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const HISTORY_MAX: i32 = 1 << 26;

/// Most valuable victim first, then least valuable attacker; promotions count the piece gained.
pub fn mvv_lva(m: Move) -> i32 {
    let victim = m.capture().map_or(0, role_value);
    let promotion = m.promotion().map_or(0, role_value);
    (victim + promotion) * 8 - m.role() as i32
}

/// Captures and promotions first by MVV-LVA, quiet moves after them in the order generated.
pub fn capture_order(m: Move) -> i32 {
    if m.is_capture() || m.is_promotion() {
        CAPTURE + mvv_lva(m)
    } else {
        0
    }
}

/// Moves the best-scored of `moves[next..]` to `next`, its score with it (one step of a
/// selection sort: a node that cuts off early never sorts the rest).
#[inline]
pub fn select_best(moves: &mut [Move], scores: &mut [i32], next: usize) {
    let mut best = next;
    for i in next + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(next, best);
    scores.swap(next, best);
}

/// Hands out the moves of a list it borrows, best-scored first, choosing each by a scan of
/// what is left.
pub struct MovePicker<'a> {
    moves: &'a mut [Move],
    scores: [i32; 256],
    next: usize,
    ordered: bool,
}

impl<'a> MovePicker<'a> {
    /// A picker that orders `moves` by `score`, highest first.
    #[inline]
    pub fn new(moves: &'a mut [Move], score: impl Fn(Move) -> i32) -> MovePicker<'a> {
        let mut scores = [0; 256];
        for (slot, &m) in scores.iter_mut().zip(moves.iter()) {
            *slot = score(m);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            ordered: true,
        }
    }

    /// A picker that keeps the generator's order.
    #[inline]
    pub fn in_order(moves: &'a mut [Move]) -> MovePicker<'a> {
        MovePicker {
            moves,
            scores: [0; 256],
            next: 0,
            ordered: false,
        }
    }

    /// How many moves the picker started with.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best-scored move not yet handed out.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Move> {
        if self.next >= self.moves.len() {
            return None;
        }
        if self.ordered {
            select_best(self.moves, &mut self.scores, self.next);
        }
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }
}

/// Where a picked move came from, in the order [`MoveFrame::next`] hands them out.
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
pub struct MoveFrame {
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

impl Default for MoveFrame {
    fn default() -> Self {
        MoveFrame {
            moves: MoveList::new(),
            noisy_end: 0,
            keys: [0; 256],
            key_next: 0,
            key_end: 0,
            step: Step::Table,
            table: None,
            killers: [None; 2],
            quiet: true,
            quiet_checks_only: false,
            bad: [0; 256],
            bad_len: 0,
            bad_next: 0,
        }
    }
}

impl MoveFrame {
    /// Starts a node: `table` (a legal move here) first when ordering, the quiet moves only when
    /// `quiet`; unordered, the generator's order.
    #[inline]
    pub fn start(&mut self, table: Option<Move>, ordered: bool, quiet: bool) {
        self.quiet = quiet;
        self.quiet_checks_only = false;
        self.table = table.filter(|_| ordered);
        self.killers = [None; 2];
        self.step = if ordered {
            Step::Table
        } else {
            Step::StartUnordered
        };
    }

    /// Hands out, after the killers, only the quiet moves that give check, unscored: for a node
    /// that prunes the others.
    #[inline]
    pub fn quiet_checks_only(&mut self) {
        self.quiet_checks_only = true;
    }

    /// The next move and its stage, or None when every move has been handed out.
    #[inline]
    pub fn next(
        &mut self,
        gen: &MoveGen,
        board: &Board,
        heuristics: &Heuristics,
        color: Color,
        ply: usize,
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
                Step::StartKillers => self.start_killers(gen, heuristics, ply),
                Step::Killer(k) => {
                    if k == 2 {
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
    #[inline]
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
    #[inline]
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

    /// The killers of the ply that are legal here (and not the table move).
    #[inline]
    fn start_killers(&mut self, gen: &MoveGen, heuristics: &Heuristics, ply: usize) {
        // Killers are quiet moves (only those are recorded): legal here, they are quiet here.
        let mut found = [None; 2];
        for (slot, killer) in found.iter_mut().zip(heuristics.killers[ply]) {
            *slot = killer.filter(|&k| Some(k) != self.table && gen.is_legal(k));
        }
        self.killers = found;
        self.step = Step::Killer(0);
    }

    /// Generates the quiet moves (or the quiet checks only) and keys them by history, the table
    /// move and the killers left out.
    #[inline]
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
                    heuristics.history_score(color, m)
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
    /// noisy moves ([`is_noisy`], as the staged [`MoveFrame`] has them) by MVV-LVA, killers,
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position, Role};

    #[test]
    fn captures_come_first_most_valuable_victim_first() {
        let fen: Fen = "4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1".parse().expect("FEN");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let mut moves = pos.legal_moves();
        let mut picker = MovePicker::new(&mut moves, capture_order);
        let first = picker.next().expect("moves");
        let second = picker.next().expect("moves");
        assert_eq!(first.capture(), Some(Role::Queen));
        assert_eq!(second.capture(), Some(Role::Rook));
        assert!(picker.next().is_some_and(|m| !m.is_capture()));
    }

    #[test]
    fn captures_that_lose_material_come_after_the_quiet_moves() {
        // Qxd5 loses the queen to c6xd5; Nxe5 wins a pawn.
        let fen: Fen = "4k3/8/2p5/3pp3/8/5N2/3Q4/4K3 w - - 0 1"
            .parse()
            .expect("FEN");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let gen = MoveGen::new(&pos);
        let heuristics = Heuristics::default();
        let mut frame = MoveFrame::default();
        frame.start(None, true, true);
        let mut stages = Vec::new();
        while let Some((m, stage)) = frame.next(&gen, pos.board(), &heuristics, Color::White, 0) {
            stages.push((m.to(), m.is_capture(), stage));
        }
        let first = stages.first().expect("moves");
        assert_eq!(
            (first.0, first.1, first.2),
            (shakmaty::Square::E5, true, Stage::Noisy)
        );
        let last = stages.last().expect("moves");
        assert_eq!(
            (last.0, last.1, last.2),
            (shakmaty::Square::D5, true, Stage::BadNoisy)
        );
        assert_eq!(stages.len(), pos.legal_moves().len());
        assert!(stages[1..stages.len() - 1]
            .iter()
            .all(|&(_, capture, stage)| !capture && stage == Stage::Quiet));
    }
}
