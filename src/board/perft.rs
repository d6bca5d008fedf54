//! Perft: the number of leaf positions of the legal move tree, walked with the search's own move
//! generator ([`MoveGen`]) and counted in bulk at the last ply ([`MoveGen::count_moves`]).

use shakmaty::{Chess, Move, MoveList, Position};

use super::movegen::{GenKind, MoveGen};

/// Leaf positions `depth` plies below `pos`.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => MoveGen::new(pos).count_moves(usize::MAX) as u64,
        _ => legal_moves(pos)
            .iter()
            .map(|&m| perft(&child(pos, m), depth - 1))
            .sum(),
    }
}

/// Every legal move of `pos`, as the search generates them (the noisy ones first).
fn legal_moves(pos: &Chess) -> MoveList {
    let mut moves = MoveList::new();
    MoveGen::new(pos).generate(GenKind::All, &mut moves);
    moves
}

/// The position after the legal move `m`, played as the search plays it (on a copy).
#[inline]
fn child(pos: &Chess, m: Move) -> Chess {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child
}

/// Leaf counts below each root move ("divide"), in generation order.
pub fn divide(pos: &Chess, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(pos)
        .iter()
        .map(|&m| (m, perft(&child(pos, m), depth - 1)))
        .collect()
}

/// Below this depth a subtree is counted in one go; above it, `stop` is checked between subtrees.
const PERFT_CHUNK_DEPTH: u32 = 4;

/// [`divide`] that `stop` (and `quit`) can interrupt: `stopped` is asked between subtrees;
/// None when it said so.
pub fn divide_until_stopped(
    pos: &Chess,
    depth: u32,
    stopped: &dyn Fn() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let mut counts = Vec::new();
    for m in legal_moves(pos) {
        let below = perft_until_stopped(&child(pos, m), depth.saturating_sub(1), stopped)?;
        counts.push((m, below));
    }
    Some(counts)
}

fn perft_until_stopped(pos: &Chess, depth: u32, stopped: &dyn Fn() -> bool) -> Option<u64> {
    if stopped() {
        return None;
    }
    if depth <= PERFT_CHUNK_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut total = 0;
    for m in legal_moves(pos) {
        total += perft_until_stopped(&child(pos, m), depth - 1, stopped)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::test_position;

    #[test]
    fn start_position_counts() {
        let pos = Chess::default();
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 3), 8902);
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 8902);
    }

    /// D6 of `4k3/8/8/8/8/8/8/4K2R w K - 0 1` is 764,643 (perft.epd): deep enough to be split
    /// into subtrees between which `stop` is asked.
    #[test]
    fn an_unstopped_divide_counts_all_and_a_stopped_one_nothing() {
        let pos = test_position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let counts = divide_until_stopped(&pos, 6, &|| false).expect("never stopped");
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 764_643);
        assert_eq!(counts, divide(&pos, 6));
        assert_eq!(divide_until_stopped(&pos, 6, &|| true), None);
    }

    /// Above `PERFT_CHUNK_DEPTH`, `stop` is asked between the subtrees below the root's moves
    /// too, so that a deep count ends soon after it.
    #[test]
    fn stop_is_asked_below_the_roots_moves_too() {
        let pos = test_position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let asked = std::cell::Cell::new(0);
        let never = || {
            asked.set(asked.get() + 1);
            false
        };
        let counts = divide_until_stopped(&pos, 6, &never).expect("never stopped");
        assert!(
            asked.get() > 2 * counts.len(),
            "asked {} times",
            asked.get()
        );
    }
}
