//! What IterativeDeepening learns about quiet moves as it searches (the killers are the search
//! stack's, `stack.rs`): the history table (by side, from- and to-square) and the continuation
//! history (by the piece and square of the move one and two plies back), and the ordering score
//! they give a move; beside them, the correction history of the static evaluation
//! (`correction.rs`).
//! Every history value moves towards a bound by "gravity": a bonus shrinks as the value nears
//! it, so that values stay bounded and recent results weigh more.

use shakmaty::{Color, Move};

use crate::board::movegen::is_noisy;
use crate::search::ordering::{mvv_lva, CAPTURE};
use crate::search::pvs::correction::Correction;
use crate::search::pvs::params;

const TT_MOVE: i32 = 1 << 30;
const KILLER: i32 = 1 << 27;

/// How many piece-square pairs there are (12 pieces, 64 squares).
const PIECE_TO: usize = 12 * 64;

/// A move's piece (by colour and role) and destination, as the continuation history has it.
pub type PieceTo = u16;

/// The moves one and two plies back from a node, each by its piece and square (None after a
/// null move or at the root).
pub type Continuation = [Option<PieceTo>; 2];

/// What IterativeDeepening learns as it searches: about quiet moves, the history table and the
/// continuation history (the killers are the search stack's, per ply); about its static
/// evaluation, the correction history.
#[derive(Clone, Debug)]
pub struct Heuristics {
    /// By colour, from-square and to-square.
    history: Vec<i16>,
    /// By the earlier move's piece and square, then this move's piece and square: one table
    /// for the move one ply back, one for two plies back.
    continuation: [Vec<i16>; 2],
    /// The static evaluation's errors, by pawn structure and by each side's other pieces.
    pub(super) correction: Correction,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            history: vec![0; 2 * 64 * 64],
            continuation: [vec![0; PIECE_TO * PIECE_TO], vec![0; PIECE_TO * PIECE_TO]],
            correction: Correction::default(),
        }
    }
}

impl Heuristics {
    /// The ordering score of `m` for a full sort (the root's first order): table move,
    /// noisy moves ([`is_noisy`], as the staged [`StagedPicker`](crate::search::pvs::picker::StagedPicker) has them) by MVV-LVA, killers,
    /// then history.
    #[inline]
    pub fn score(
        &self,
        m: Move,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        color: Color,
    ) -> i32 {
        if Some(m) == tt_move {
            TT_MOVE
        } else if is_noisy(m) {
            CAPTURE + mvv_lva(m)
        } else if Some(m) == killers[0] {
            KILLER
        } else if Some(m) == killers[1] {
            KILLER - 1
        } else {
            self.quiet_score(color, m, [None; 2])
        }
    }

    /// The history score of the quiet move `m` by `color` after the moves `cont`: the history
    /// table's value plus the continuation history's.
    #[inline]
    pub fn quiet_score(&self, color: Color, m: Move, cont: Continuation) -> i32 {
        let own = piece_to(color, m);
        let mut score = self.history[history_index(color, m)] as i32;
        for (table, earlier) in self.continuation.iter().zip(cont) {
            if let Some(earlier) = earlier {
                score += table[continuation_index(earlier, own)] as i32;
            }
        }
        score
    }

    /// The quiet move `best` caused a beta cutoff with `depth` plies left, after the quiet moves
    /// `tried` (best among them, last) failed to: it gains, they lose.
    pub fn record_cutoff(
        &mut self,
        best: Move,
        tried: &[Move],
        color: Color,
        depth: i32,
        cont: Continuation,
    ) {
        let bonus = history_bonus(depth);
        for &m in tried {
            let signed = if m == best { bonus } else { -bonus };
            self.update(color, m, cont, signed);
        }
    }

    /// Moves the history values of `m` by `bonus`, with gravity.
    #[inline]
    fn update(&mut self, color: Color, m: Move, cont: Continuation, bonus: i32) {
        gravity(&mut self.history[history_index(color, m)], bonus);
        let own = piece_to(color, m);
        for (table, earlier) in self.continuation.iter_mut().zip(cont) {
            if let Some(earlier) = earlier {
                gravity(&mut table[continuation_index(earlier, own)], bonus);
            }
        }
    }

    /// Before a new search: history fades (divided by `history_fade`); the correction history
    /// stays whole: what it knows of the evaluation does not age.
    pub fn new_search(&mut self) {
        // Within the parameter's range (1..=8), an i16.
        let fade = params::history_fade() as i16;
        self.history.iter_mut().for_each(|h| *h /= fade);
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&mut self) {
        self.history.fill(0);
        self.continuation.iter_mut().for_each(|t| t.fill(0));
        self.correction.clear();
    }
}

/// The history bonus of a cutoff with `depth` plies left (a malus for the moves tried before).
#[inline]
fn history_bonus(depth: i32) -> i32 {
    let bonus = params::history_bonus_scale() * depth - params::history_bonus_offset();
    bonus.clamp(0, params::history_bonus_max())
}

/// Moves `value` by `bonus`, less the nearer it is to the bound on that side.
#[inline]
fn gravity(value: &mut i16, bonus: i32) {
    let v = *value as i32;
    *value = (v + bonus - v * bonus.abs() / params::history_max()) as i16;
}

/// The piece and destination of `m` by `color`.
#[inline]
pub fn piece_to(color: Color, m: Move) -> PieceTo {
    let piece = color as usize * 6 + m.role() as usize - 1;
    (piece * 64 + m.to() as usize) as PieceTo
}

#[inline]
fn continuation_index(earlier: PieceTo, own: PieceTo) -> usize {
    earlier as usize * PIECE_TO + own as usize
}

#[inline]
fn history_index(color: Color, m: Move) -> usize {
    let from = m.from().map_or(0, |sq| sq as usize);
    (color as usize) * 4096 + from * 64 + m.to() as usize
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    /// A knight's quiet move from `from` to `to`.
    pub(in crate::search::pvs) fn quiet(from: Square, to: Square) -> Move {
        Move::Normal {
            role: Role::Knight,
            from,
            capture: None,
            to,
            promotion: None,
        }
    }

    #[test]
    fn the_table_move_then_noisy_moves_then_killers_then_history() {
        let mut heuristics = Heuristics::default();
        let (first_killer, second_killer) =
            (quiet(Square::B1, Square::C3), quiet(Square::G1, Square::F3));
        let favourite = quiet(Square::B1, Square::A3);
        for _ in 0..100 {
            for m in [second_killer, first_killer, favourite] {
                heuristics.record_cutoff(m, &[m], Color::White, 20, [None; 2]);
            }
        }
        let killers = [Some(first_killer), Some(second_killer)];
        // The cheapest noisy move: a king takes a pawn.
        let king_takes_pawn = Move::Normal {
            role: Role::King,
            from: Square::E1,
            capture: Some(Role::Pawn),
            to: Square::E2,
            promotion: None,
        };
        let table = quiet(Square::G1, Square::H3);
        let score = |m| heuristics.score(m, Some(table), killers, Color::White);
        let scores = [
            table,
            king_takes_pawn,
            first_killer,
            second_killer,
            favourite,
        ]
        .map(score);
        assert!(scores.windows(2).all(|w| w[0] > w[1]), "{scores:?}");
        assert!(heuristics.quiet_score(Color::White, favourite, [None; 2]) > 15_000);
    }

    /// A white pawn takes a `victim` on e5.
    fn pawn_takes(victim: Role) -> Move {
        Move::Normal {
            role: Role::Pawn,
            from: Square::D4,
            capture: Some(victim),
            to: Square::E5,
            promotion: None,
        }
    }

    #[test]
    fn noisy_moves_rank_by_their_victim() {
        let heuristics = Heuristics::default();
        let score = |m| heuristics.score(m, None, [None; 2], Color::White);
        let ranks =
            [Role::Queen, Role::Rook, Role::Knight, Role::Pawn].map(|v| score(pawn_takes(v)));
        assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
    }

    #[test]
    fn a_cutoff_rewards_its_move_and_punishes_the_moves_tried_before() {
        let mut heuristics = Heuristics::default();
        let (tried, best) = (quiet(Square::B1, Square::A3), quiet(Square::G1, Square::F3));
        // The black king's and a white pawn's squares: the two ends of the piece-square range.
        let cont = [
            Some(piece_to(Color::Black, king_to_h8())),
            Some(piece_to(Color::White, pawn_to_a3())),
        ];
        heuristics.record_cutoff(best, &[tried, best], Color::White, 5, cont);
        let bonus = history_bonus(5);
        assert_eq!(bonus, 650);
        // From zero, gravity adds the whole bonus: history and both continuation tables.
        assert_eq!(heuristics.quiet_score(Color::White, best, cont), 3 * bonus);
        assert_eq!(heuristics.quiet_score(Color::White, best, [None; 2]), bonus);
        assert_eq!(
            heuristics.quiet_score(Color::White, tried, cont),
            -3 * bonus
        );
        // Another earlier move, or the other side, shares none of it.
        let other = [Some(piece_to(Color::White, king_to_h8())), None];
        assert_eq!(heuristics.quiet_score(Color::White, best, other), bonus);
        assert_eq!(heuristics.quiet_score(Color::Black, best, cont), 0);

        heuristics.new_search();
        assert_eq!(
            heuristics.quiet_score(Color::White, best, [None; 2]),
            bonus / 2
        );
        assert_eq!(
            heuristics.quiet_score(Color::White, best, cont),
            bonus / 2 + 2 * bonus
        );

        heuristics.record_cutoff(best, &[best], Color::White, 5, cont);
        heuristics.clear();
        assert_eq!(heuristics.quiet_score(Color::White, best, cont), 0);
        assert_eq!(heuristics.quiet_score(Color::White, tried, cont), 0);
    }

    fn king_to_h8() -> Move {
        Move::Normal {
            role: Role::King,
            from: Square::G8,
            capture: None,
            to: Square::H8,
            promotion: None,
        }
    }

    fn pawn_to_a3() -> Move {
        Move::Normal {
            role: Role::Pawn,
            from: Square::A2,
            capture: None,
            to: Square::A3,
            promotion: None,
        }
    }

    /// Every normal move shape of both colours: each role from and to every pair of squares.
    fn every_move() -> impl Iterator<Item = (Color, Move)> {
        [Color::White, Color::Black].into_iter().flat_map(|color| {
            Role::ALL.into_iter().flat_map(move |role| {
                Square::ALL.into_iter().flat_map(move |from| {
                    Square::ALL.into_iter().map(move |to| {
                        let m = Move::Normal {
                            role,
                            from,
                            capture: None,
                            to,
                            promotion: None,
                        };
                        (color, m)
                    })
                })
            })
        })
    }

    #[test]
    fn each_piece_and_square_has_its_own_entry() {
        // piece_to: one value per colour, role and destination, all below PIECE_TO.
        let mut seen = std::collections::HashMap::new();
        for (color, m) in every_move() {
            let index = piece_to(color, m) as usize;
            assert!(index < PIECE_TO, "{color:?} {m:?}");
            let owner = (color, m.role(), m.to());
            assert_eq!(*seen.entry(index).or_insert(owner), owner, "{index}");
        }
        assert_eq!(seen.len(), PIECE_TO);
        // history_index: one value per colour, from- and to-square.
        let mut seen = std::collections::HashMap::new();
        for (color, m) in every_move() {
            let index = history_index(color, m);
            assert!(index < 2 * 64 * 64);
            let owner = (color, m.from(), m.to());
            assert_eq!(*seen.entry(index).or_insert(owner), owner, "{index}");
        }
        assert_eq!(seen.len(), 2 * 64 * 64);
        // continuation_index: one value per pair of piece-square entries.
        let all = PIECE_TO as PieceTo;
        let mut indices: Vec<usize> = (0..all)
            .flat_map(|earlier| (0..all).map(move |own| continuation_index(earlier, own)))
            .collect();
        indices.sort_unstable();
        indices.dedup();
        assert_eq!(indices.len(), PIECE_TO * PIECE_TO);
        assert_eq!(indices.last(), Some(&(PIECE_TO * PIECE_TO - 1)));
    }

    #[test]
    fn gravity_keeps_history_within_its_bound() {
        let mut value = 0i16;
        for _ in 0..1000 {
            gravity(&mut value, 1500);
        }
        assert!(value as i32 <= params::history_max() && value > 15000);
        for _ in 0..1000 {
            gravity(&mut value, -1500);
        }
        assert!(value as i32 >= -params::history_max() && value < -15000);
    }
}
