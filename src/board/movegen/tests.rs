use super::*;
use crate::board::notation::test_position as position;
use shakmaty::fen::Fen;

fn sorted(moves: &MoveList) -> Vec<String> {
    let mut list: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    list.sort();
    list
}

/// Checks every generator against `legal_moves` on `pos`; panics with the FEN on a difference.
pub(crate) fn check(pos: &Chess) {
    let legal = pos.legal_moves();
    let gen = MoveGen::new(pos);
    let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string();
    let mut all = MoveList::new();
    gen.generate(GenKind::All, &mut all);
    assert_eq!(sorted(&all), sorted(&legal), "All moves of {fen}");
    assert_eq!(
        gen.has_legal_move(),
        !legal.is_empty(),
        "has_legal_move of {fen}"
    );
    assert_eq!(gen.in_check(), pos.is_check(), "in_check of {fen}");
    let is_noisy = |m: &Move| {
        m.is_capture() && m.promotion().is_none_or(|r| r == Role::Queen)
            || m.promotion() == Some(Role::Queen)
    };
    for (kind, noisy) in [(GenKind::Noisy, true), (GenKind::Quiet, false)] {
        let mut part = MoveList::new();
        gen.generate(kind, &mut part);
        let mut expected = legal.clone();
        expected.retain(|m| is_noisy(m) == noisy);
        assert_eq!(sorted(&part), sorted(&expected), "{kind:?} moves of {fen}");
    }
}

fn walk(pos: &Chess, depth: u32, count: &mut u64) {
    check(pos);
    *count += 1;
    if depth == 0 {
        return;
    }
    for &m in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        walk(&child, depth - 1, count);
    }
}

#[test]
fn matches_legal_moves_on_tricky_positions() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    ] {
        let mut count = 0;
        walk(&position(fen), 2, &mut count);
    }
}

/// An en passant move is legal from a pawn of the side to move only: not from a knight on
/// a square a pawn would capture from, nor from the other side's pawn.
#[test]
fn en_passant_is_legal_from_our_pawn_only() {
    use shakmaty::Square::{C5, D6, E5};
    // On c5, from which a white pawn would capture on d6: a white knight, a black pawn.
    for fen in [
        "4k3/8/8/2NpP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/2ppP3/8/8/8/4K3 w - d6 0 2",
    ] {
        let pos = position(fen);
        let gen = MoveGen::new(&pos);
        assert!(gen.is_legal(Move::EnPassant { from: E5, to: D6 }), "{fen}");
        assert!(!gen.is_legal(Move::EnPassant { from: C5, to: D6 }), "{fen}");
    }
}
