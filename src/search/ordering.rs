//! Move ordering for the course's AlphaBeta: captures first by MVV-LVA (most valuable victim,
//! least valuable attacker), and a picker that hands out the best-scored move next without
//! sorting the whole list. IterativeDeepening's staged picker builds on it ([`super::pvs::picker`]).

use shakmaty::Move;

use crate::eval::role_value;

/// The ordering score a capture or promotion starts from: above every quiet move's.
pub const CAPTURE: i32 = 1 << 28;

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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode, Chess, Position, Role, Square};

    fn capture(attacker: Role, victim: Role) -> Move {
        Move::Normal {
            role: attacker,
            from: Square::D4,
            capture: Some(victim),
            to: Square::E5,
            promotion: None,
        }
    }

    #[test]
    fn a_more_valuable_victim_outranks_any_attacker() {
        let victims = &Role::ALL[..5];
        for &high in victims {
            for &low in victims
                .iter()
                .filter(|&&low| role_value(low) < role_value(high))
            {
                for &dear in &Role::ALL {
                    for &cheap in &Role::ALL {
                        let (better, worse) = (capture(dear, high), capture(cheap, low));
                        assert!(mvv_lva(better) > mvv_lva(worse), "{better:?} {worse:?}");
                    }
                }
            }
            assert!(mvv_lva(capture(Role::Pawn, high)) > mvv_lva(capture(Role::Queen, high)));
        }
    }

    #[test]
    fn a_promotion_counts_the_piece_it_gains() {
        let promotion = |capture: Option<Role>| Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture,
            to: if capture.is_some() {
                Square::A8
            } else {
                Square::B8
            },
            promotion: Some(Role::Queen),
        };
        let quiet_promotion = mvv_lva(promotion(None));
        assert!(quiet_promotion > mvv_lva(capture(Role::Pawn, Role::Rook)));
        assert!(mvv_lva(promotion(Some(Role::Knight))) > quiet_promotion);
    }

    #[test]
    fn moves_of_equal_score_keep_the_generators_order() {
        let pos = Chess::default();
        let mut moves = pos.legal_moves();
        let generated = moves.clone();
        let mut picker = MovePicker::new(&mut moves, capture_order);
        let picked: Vec<Move> = std::iter::from_fn(|| picker.next()).collect();
        assert_eq!(picked, generated.to_vec());
    }

    #[test]
    fn captures_and_promotions_come_before_every_quiet_move() {
        // The list starts with every quiet move, so that only the ordering can put the
        // captures and the promotions (one of them quiet) first.
        let fen: Fen = "r3k3/1P6/8/8/8/2n5/7q/R3K3 w - - 0 1".parse().expect("FEN");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let noisy = |m: &Move| m.is_capture() || m.is_promotion();
        let mut moves = pos.legal_moves();
        moves.sort_by_key(noisy);
        let noisy_count = moves.iter().filter(|m| noisy(m)).count();
        assert!(noisy_count > 0 && noisy_count < moves.len());
        let mut picker = MovePicker::new(&mut moves, capture_order);
        let picked: Vec<Move> = std::iter::from_fn(|| picker.next()).collect();
        assert!(picked[..noisy_count].iter().all(noisy), "{picked:?}");
        assert!(picked[noisy_count..].iter().all(|m| !noisy(m)));
        let ranks: Vec<i32> = picked[..noisy_count].iter().map(|&m| mvv_lva(m)).collect();
        assert!(ranks.windows(2).all(|w| w[0] >= w[1]), "{ranks:?}");
        assert!(picked[..noisy_count]
            .iter()
            .any(|m| m.is_promotion() && !m.is_capture()));
    }

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
}
