//! Zobrist keys: of a position, and of the position after a move, updated incrementally.

use shakmaty::{
    attacks,
    zobrist::{Zobrist64, ZobristValue},
    CastlingSide, Chess, Color, EnPassantMode, File, Move, Position, Role, Square,
};

use crate::board::changes::{Also, PieceChanges};

/// The Zobrist key of a position (en passant counted only when it is a legal capture).
pub fn zobrist_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The key of `child`, the position after the legal move `m` in `pos` whose key is `key`:
/// updated from the pieces that moved, the castling rights that changed and the en passant
/// files (counted only when a legal capture exists), never recomputed.
#[inline]
pub fn key_after(pos: &Chess, key: u64, m: Move, child: &Chess) -> u64 {
    let us = pos.turn();
    let mut k = Zobrist64(key) ^ Zobrist64::zobrist_for_white_turn();
    let piece =
        |sq: Square, role: Role, color: Color| Zobrist64::zobrist_for_piece(sq, role.of(color));
    let Some(changes) = PieceChanges::of(us, m) else {
        return zobrist_key(child);
    };
    let ((role, from), (placed, to)) = (changes.removed, changes.placed);
    k ^= piece(from, role, us);
    k ^= piece(to, placed, us);
    match changes.also {
        Also::Nothing => {}
        Also::Capture(taken, square) => k ^= piece(square, taken, !us),
        Also::RookMove(rook, rook_to) => {
            k ^= piece(rook, Role::Rook, us);
            k ^= piece(rook_to, Role::Rook, us);
        }
    }
    let (before, after) = (pos.castles(), child.castles());
    if before.castling_rights() != after.castling_rights() {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if before.has(color, side) != after.has(color, side) {
                    k ^= Zobrist64::zobrist_for_castling_right(color, side);
                }
            }
        }
    }
    for position in [pos, child] {
        if let Some(file) = legal_en_passant_file(position) {
            k ^= Zobrist64::zobrist_for_en_passant_file(file);
        }
    }
    k.0
}

/// The file of the en passant square when a legal en passant capture exists.
#[inline]
fn legal_en_passant_file(pos: &Chess) -> Option<File> {
    let square = pos.maybe_ep_square()?;
    let capturers = pos.our(Role::Pawn) & attacks::pawn_attacks(!pos.turn(), square);
    if capturers.is_empty() {
        return None;
    }
    pos.legal_ep_square().map(Square::file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::game::Game;

    #[test]
    fn incremental_keys_match_full_keys() {
        let mut game = Game::default();
        for m in [
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "e1d2", "e8d8", "c6b7",
            "f6e4",
        ] {
            game.play_uci(m).expect("legal line");
            assert_eq!(game.key(), zobrist_key(game.position()), "after {m}");
        }
    }

    /// The keys of the lines Polyglot's book format publishes (python-chess's
    /// `chess.polyglot.zobrist_hash` gives the same), played move by move: en passant counted only
    /// when a pawn can take (after 1.e4 it cannot; after 4...f5 and 5.c4 it can).
    #[test]
    fn played_keys_are_polyglots_published_ones() {
        for (moves, key) in [
            ("e2e4", 0x823c_9b50_fd11_4196),
            ("e2e4 d7d5 e4e5", 0x662f_afb9_65db_29d4),
            ("e2e4 d7d5 e4e5 f7f5", 0x22a4_8b5a_8e47_ff78),
            ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fd_d303_c946_bdd9),
            ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c81_23ea_7b06_7637),
        ] {
            let mut game = Game::default();
            for m in moves.split(' ') {
                game.play_uci(m).expect("legal line");
            }
            assert_eq!(game.key(), key, "after {moves}");
        }
    }
}
