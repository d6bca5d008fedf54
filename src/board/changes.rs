//! Which pieces a move changes on the board: the one description the Zobrist keys, the
//! evaluators' piece sums and the net's accumulators are all updated from.

use shakmaty::{CastlingSide, Color, Move, Role, Square};

/// The pieces a move takes off and puts on the board. The moving piece and a castling rook are
/// the mover's; a captured piece is the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceChanges {
    /// The moving piece (the king, when castling) and the square it leaves.
    pub removed: (Role, Square),
    /// The role it stands on its new square with (the promoted role) and that square.
    pub placed: (Role, Square),
    /// What the move changes besides: a capture, a castling rook, or nothing.
    pub also: Also,
}

/// A move's change besides moving its piece: at most one, as no move both castles and captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Also {
    /// A quiet move or a promotion without capture.
    Nothing,
    /// The opponent's piece of this role is taken off this square (for en passant, the
    /// passed pawn's square, not the move's destination).
    Capture(Role, Square),
    /// Castling: the rook moves from the first square to the second.
    RookMove(Square, Square),
}

impl PieceChanges {
    /// The changes of `m` played by `turn`; None for a drop (`Move::Put`), which neither
    /// standard chess nor Chess960 has. In Chess960 the king may land on its rook's square, so
    /// whoever edits a board by them takes both off before putting either back.
    #[inline]
    pub fn of(turn: Color, m: Move) -> Option<PieceChanges> {
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => Some(PieceChanges {
                removed: (role, from),
                placed: (promotion.unwrap_or(role), to),
                also: capture.map_or(Also::Nothing, |taken| Also::Capture(taken, to)),
            }),
            Move::EnPassant { from, to } => Some(PieceChanges {
                removed: (Role::Pawn, from),
                placed: (Role::Pawn, to),
                also: Also::Capture(Role::Pawn, Square::from_coords(to.file(), from.rank())),
            }),
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                Some(PieceChanges {
                    removed: (Role::King, king),
                    placed: (Role::King, side.king_to(turn)),
                    also: Also::RookMove(rook, side.rook_to(turn)),
                })
            }
            Move::Put { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::{parse_fen_in, parse_uci_move};
    use shakmaty::{Board, CastlingMode, Chess, Position};

    /// `board` with `changes` by `us` made: everything taken off first, then put on.
    fn apply(mut board: Board, us: Color, changes: PieceChanges) -> Board {
        let (role, from) = changes.removed;
        assert_eq!(board.remove_piece_at(from), Some(role.of(us)));
        match changes.also {
            Also::Nothing => {}
            Also::Capture(taken, square) => {
                assert_eq!(board.remove_piece_at(square), Some(taken.of(!us)));
            }
            Also::RookMove(rook, _) => {
                assert_eq!(board.remove_piece_at(rook), Some(Role::Rook.of(us)));
            }
        }
        let (role, to) = changes.placed;
        board.set_piece_at(to, role.of(us));
        if let Also::RookMove(_, rook_to) = changes.also {
            board.set_piece_at(rook_to, Role::Rook.of(us));
        }
        board
    }

    /// Every line `depth` deep from `pos`: the changes of each move make its child's board.
    fn walk(pos: &Chess, depth: u32) {
        if depth == 0 {
            return;
        }
        for m in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let changes = PieceChanges::of(pos.turn(), m).expect("no drops in chess");
            let board = apply(pos.board().clone(), pos.turn(), changes);
            assert_eq!(&board, child.board(), "{m:?} in {:?}", pos.board());
            walk(&child, depth - 1);
        }
    }

    #[test]
    fn the_changes_make_the_next_board() {
        for (fen, mode) in [
            // Castling both ways, promotions, captures.
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            // En passant, both sides.
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                CastlingMode::Standard,
            ),
            // Under-promotions with capture.
            (
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                CastlingMode::Standard,
            ),
            // Chess960: kings next to their rooks, and a king that lands on its rook's square.
            (
                "1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
                CastlingMode::Chess960,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                CastlingMode::Chess960,
            ),
        ] {
            let pos = parse_fen_in(fen, mode).unwrap_or_else(|e| panic!("test FEN: {e}"));
            walk(&pos, 3);
        }
    }

    #[test]
    fn each_kind_of_move() {
        use shakmaty::Square::*;
        use Also::*;
        use Role::*;
        let made = |role, from, placed, to, also| PieceChanges {
            removed: (role, from),
            placed: (placed, to),
            also,
        };
        // Each move in UCI (castling as the king taking its rook, as Chess960 writes it) and
        // its changes.
        let check = |fen: &str, moves: &[(&str, PieceChanges)]| {
            let pos = parse_fen_in(fen, CastlingMode::Chess960)
                .unwrap_or_else(|e| panic!("test FEN: {e}"));
            for &(uci, expected) in moves {
                let m = parse_uci_move(&pos, uci).unwrap_or_else(|e| panic!("test move: {e}"));
                assert_eq!(PieceChanges::of(pos.turn(), m), Some(expected), "{uci}");
            }
        };
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
        check(
            kiwipete,
            &[
                ("b6c4", made(Knight, B6, Knight, C4, Nothing)),
                ("a6e2", made(Bishop, A6, Bishop, E2, Capture(Bishop, E2))),
                ("e8a8", made(King, E8, King, C8, RookMove(A8, D8))),
                ("e8h8", made(King, E8, King, G8, RookMove(H8, F8))),
            ],
        );
        let en_passant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        check(
            en_passant,
            &[("e5f6", made(Pawn, E5, Pawn, F6, Capture(Pawn, F5)))],
        );
        let promotions = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
        check(
            promotions,
            &[
                ("g2g1q", made(Pawn, G2, Queen, G1, Nothing)),
                ("g2h1n", made(Pawn, G2, Knight, H1, Capture(Knight, H1))),
            ],
        );
        // Chess960: the king on f1 castles with the rook on g1 and lands on g1.
        let onto_rook = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1";
        check(
            onto_rook,
            &[("f1g1", made(King, F1, King, G1, RookMove(G1, F1)))],
        );
        let drop = Move::Put { role: Pawn, to: E4 };
        assert_eq!(PieceChanges::of(Color::White, drop), None);
    }
}
