//! Static exchange evaluation: what a capture wins or loses on its square when both sides
//! then recapture there, least valuable attacker first, each free to stop when going on would
//! lose. Pins and checks are ignored (as in most engines); pieces behind a capturer that join
//! the exchange (x-rays) are counted.

use shakmaty::{attacks, Bitboard, Board, Color, Move, Role};

use crate::eval::Score;

/// The values the exchange is counted in: the course's material values.
#[inline]
fn value(role: Role) -> Score {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

/// The attackers of `sq` of both colours among `occupied`.
#[inline]
fn attackers(board: &Board, sq: shakmaty::Square, occupied: Bitboard) -> Bitboard {
    (board.attacks_to(sq, Color::White, occupied) | board.attacks_to(sq, Color::Black, occupied))
        & occupied
}

/// The least valuable of `ours`, and its role.
#[inline]
fn least_valuable(board: &Board, ours: Bitboard) -> Option<(shakmaty::Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        (ours & board.by_role(role))
            .first()
            .map(|square| (square, role))
    })
}

/// Whether the move `m` by the side to move of `board` wins at least `threshold` centipawns
/// in the exchange on its square. Castling, promotions and en passant count as an even
/// exchange (0).
pub fn see_ge(board: &Board, m: Move, threshold: Score) -> bool {
    let (from, to, role) = match m {
        Move::Normal {
            role,
            from,
            to,
            promotion: None,
            ..
        } => (from, to, role),
        _ => return 0 >= threshold,
    };
    // What we stand to win if the exchange stopped after the first capture.
    let mut swap = m.capture().map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    // ... and if they took back the capturer at once for nothing more.
    swap = value(role) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    let mut side = board.color_at(from).unwrap_or(Color::White);
    let mut attacking = attackers(board, to, occupied);
    let diagonal = board.bishops_and_queens();
    let straight = board.rooks_and_queens();
    // 1 while the side that made the move comes out at or above the threshold.
    let mut result = true;
    loop {
        side = !side;
        attacking &= occupied;
        let ours = attacking & board.by_color(side);
        let Some((square, role)) = least_valuable(board, ours) else {
            break;
        };
        result = !result;
        if role == Role::King {
            // The king may take only if the square is not attacked any more.
            return if (attacking & !board.by_color(side)).any() {
                !result
            } else {
                result
            };
        }
        swap = value(role) - swap;
        if swap < result as Score {
            break;
        }
        occupied ^= Bitboard::from(square);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attacking |= attacks::bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attacking |= attacks::rook_attacks(to, occupied) & straight;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, uci::UciMove, CastlingMode, Chess, Position};

    fn see(fen: &str, uci: &str, threshold: Score) -> bool {
        let fen: Fen = fen.parse().expect("FEN");
        let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let m = uci
            .parse::<UciMove>()
            .expect("UCI move")
            .to_move(&pos)
            .expect("legal move");
        see_ge(pos.board(), m, threshold)
    }

    /// The exchange's exact value: the largest threshold it reaches.
    fn value_of(fen: &str, uci: &str) -> Score {
        (-2000..=2000)
            .rev()
            .find(|&t| see(fen, uci, t))
            .expect("some threshold")
    }

    #[test]
    fn a_free_piece_is_won() {
        assert_eq!(value_of("4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 500);
    }

    #[test]
    fn a_defended_pawn_taken_by_the_queen_loses_the_queen() {
        assert_eq!(
            value_of("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            100 - 900
        );
    }

    #[test]
    fn an_even_trade_is_zero() {
        assert_eq!(value_of("4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5"), 0);
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rook takes a defended rook, the second rook behind it recaptures: +500 -500 +500.
        assert_eq!(value_of("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 500);
        // Without the second white rook the trade is even.
        assert_eq!(value_of("3rk3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 0);
    }

    #[test]
    fn the_king_recaptures_only_an_undefended_square() {
        // Rxf7: the king takes back, nothing else attacks f7.
        assert_eq!(
            value_of("4k3/5p2/8/8/8/8/8/4KR2 w - - 0 1", "f1f7"),
            100 - 500
        );
        // With a second rook behind, the king cannot take back.
        assert_eq!(value_of("4k3/5p2/8/8/8/8/5R2/4KR2 w - - 0 1", "f2f7"), 100);
    }

    #[test]
    fn longer_exchanges_stop_where_it_pays_the_side_to_move() {
        // Qxd5 cxd5 Rxd5: the rook behind the queen takes back, the queen is lost for two
        // pawns.
        assert_eq!(
            value_of("4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5"),
            100 - 900 + 100
        );
        // Nxd5 Nxd5, and White stops: Rxd5 would lose the rook to Rxd5.
        assert_eq!(
            value_of("3rk3/8/5n2/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5"),
            100 - 300
        );
        // Nxd5 Nxd5 Rxd5 Rxd5 Rxd5: with a second white rook the last capture is White's.
        assert_eq!(
            value_of("3rk3/8/5n2/3p4/8/2N5/3R4/3RK3 w - - 0 1", "c3d5"),
            100 - 300 + 300 - 500 + 500
        );
    }

    #[test]
    fn diagonal_x_rays_join_after_a_diagonal_capture_and_keep_the_others() {
        // Rxd5 Bxd5, and the queen behind the bishop would take the second rook: White stops.
        // (The bishop on h3 attacks nothing on d5.)
        assert_eq!(
            value_of("3k4/5q2/4b3/3p4/8/7B/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500
        );
        // Without the queen the second rook takes back the bishop.
        assert_eq!(
            value_of("3k4/8/4b3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500 + 300
        );
    }

    #[test]
    fn straight_x_rays_join_after_a_straight_capture_and_keep_the_others() {
        // Nxd5 Rxd5 Nxd5 Rxd5: the rook behind the first takes back the second knight. (The
        // rook on h1 attacks nothing on d5.)
        assert_eq!(
            value_of("3rk3/3r4/8/3p4/5N2/2N5/8/4K2R w - - 0 1", "c3d5"),
            100 - 300 + 500 - 300
        );
    }

    #[test]
    fn castling_promotions_and_en_passant_count_as_even() {
        for (fen, uci) in [
            ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"),
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        ] {
            assert!(see(fen, uci, 0), "{uci}");
            assert!(!see(fen, uci, 1), "{uci}");
            assert!(see(fen, uci, -1), "{uci}");
        }
    }

    #[test]
    fn quiet_moves_to_attacked_squares_lose_the_piece() {
        assert!(!see("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", 0));
        assert!(see("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", "c3d5", 0));
    }
}
