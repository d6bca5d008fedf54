//! Perft: the number of leaf positions of the legal move tree, counted in bulk at the last ply.

use shakmaty::{Chess, Move, Position};

/// Leaf positions `depth` plies below `pos`.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Leaf counts below each root move ("divide"), in generation order.
pub fn divide(pos: &Chess, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
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
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        counts.push((
            m,
            perft_until_stopped(&child, depth.saturating_sub(1), stopped)?,
        ));
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
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += perft_until_stopped(&child, depth - 1, stopped)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        let pos = Chess::default();
        assert_eq!(perft(&pos, 0), 1);
        assert_eq!(perft(&pos, 3), 8902);
        let total: u64 = divide(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(total, 8902);
    }
}
