//! Move ordering: the table move, captures by MVV-LVA, killer moves and the history heuristic,
//! and a picker that hands out the best-scored move next without sorting the whole list.

use shakmaty::{Color, Move, MoveList, Role};

use crate::eval::role_value;
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

/// Hands out moves best-scored first, choosing each by a scan of what is left.
pub struct MovePicker {
    moves: MoveList,
    scores: [i32; 256],
    next: usize,
    ordered: bool,
}

impl MovePicker {
    /// A picker that orders `moves` by `score`, highest first.
    #[inline]
    pub fn new(moves: MoveList, score: impl Fn(Move) -> i32) -> MovePicker {
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
    pub fn in_order(moves: MoveList) -> MovePicker {
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
            let mut best = self.next;
            for i in self.next + 1..self.moves.len() {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            self.moves.swap(self.next, best);
            self.scores.swap(self.next, best);
        }
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }
}

/// What IterativeDeepening learns about quiet moves: killers per ply and the history table.
#[derive(Clone, Debug)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    /// By colour, from-square and to-square.
    history: Vec<i32>,
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
    /// The ordering score of `m` at `ply`: table move, captures, killers, then history.
    #[inline]
    pub fn score(&self, m: Move, tt_move: Option<Move>, color: Color, ply: usize) -> i32 {
        if Some(m) == tt_move {
            TT_MOVE
        } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
            CAPTURE + mvv_lva(m)
        } else if Some(m) == self.killers[ply][0] {
            KILLER
        } else if Some(m) == self.killers[ply][1] {
            KILLER - 1
        } else {
            self.history[history_index(color, m)]
        }
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
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

    #[test]
    fn captures_come_first_most_valuable_victim_first() {
        let fen: Fen = "4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1".parse().expect("FEN");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let mut picker = MovePicker::new(pos.legal_moves(), capture_order);
        let first = picker.next().expect("moves");
        let second = picker.next().expect("moves");
        assert_eq!(first.capture(), Some(Role::Queen));
        assert_eq!(second.capture(), Some(Role::Rook));
        assert!(picker.next().is_some_and(|m| !m.is_capture()));
    }
}
