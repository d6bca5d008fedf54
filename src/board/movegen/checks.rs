//! Checks without playing the move: whether a move gives check, and the quiet moves that do.

use shakmaty::{
    attacks, Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square,
};

use super::{MoveGen, BISHOP_RAYS, ROOK_RAYS};

impl MoveGen<'_> {
    /// The quiet moves that give check: pieces only to squares from which they would attack the
    /// enemy king (any square for a piece that uncovers an attack), pawns, king and castling
    /// generated in full; each then confirmed by [`CheckInfo::gives_check`].
    pub(super) fn generate_quiet_checks(&self, moves: &mut MoveList) {
        let checks = CheckInfo::new(self.pos);
        let start = moves.len();
        let target = match (self.checkers.single_square(), self.checkers.any()) {
            (_, false) => !self.ours,
            (Some(checker), true) => attacks::between(self.king, checker).with(checker),
            (None, true) => Bitboard(0),
        };
        let king = checks.their_king;
        let empty = !self.occupied;
        if target.any() {
            // From these squares a piece attacks the enemy king (moving away along its own line to
            // the king cannot uncover an attack: the piece would be giving check already).
            let bishop_checks = attacks::bishop_attacks(king, self.occupied);
            let rook_checks = attacks::rook_attacks(king, self.occupied);
            for (role, pieces, check_squares) in [
                (
                    Role::Knight,
                    self.board.knights() & !self.pinned,
                    attacks::knight_attacks(king),
                ),
                (Role::Bishop, self.board.bishops(), bishop_checks),
                (Role::Rook, self.board.rooks(), rook_checks),
                (
                    Role::Queen,
                    self.board.queens(),
                    bishop_checks | rook_checks,
                ),
            ] {
                for from in pieces & self.ours {
                    let reach = if checks.discoverers.contains(from) {
                        !Bitboard(0)
                    } else {
                        check_squares
                    };
                    let mut tos = attacks::attacks(from, role.of(self.us), self.occupied)
                        & target
                        & empty
                        & reach;
                    if self.pinned.contains(from) {
                        tos &= attacks::ray(self.king, from);
                    }
                    self.push_piece_moves(role, from, tos, moves);
                }
            }
            self.gen_pawns(target, false, moves);
        }
        if checks.discoverers.contains(self.king) {
            let mut king_target = !self.ours & empty;
            if self.in_check() {
                king_target &= !self.check_rays();
            }
            self.gen_king(king_target, moves);
        }
        if !self.in_check() {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(m) = self.castling(side) {
                    moves.push(m);
                }
            }
        }
        let mut kept = start;
        for i in start..moves.len() {
            let m = moves[i];
            if checks.gives_check(self.pos, m) {
                moves[kept] = m;
                kept += 1;
            }
        }
        moves.truncate(kept);
    }
}

/// Tells whether a move of the side to move gives check, without playing it: pieces that would
/// attack the enemy king from their new square, and pieces that uncover an attack of ours.
pub struct CheckInfo {
    us: Color,
    occupied: Bitboard,
    their_king: Square,
    /// Our pieces standing alone between one of our sliders and the enemy king.
    discoverers: Bitboard,
}

impl CheckInfo {
    pub fn new(pos: &Chess) -> CheckInfo {
        let board = pos.board();
        let us = pos.turn();
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let their_king = (board.kings() & board.by_color(!us))
            .first()
            .expect("a legal position has a king of each colour");
        let snipers = ((Bitboard(ROOK_RAYS[their_king as usize]) & board.rooks_and_queens())
            | (Bitboard(BISHOP_RAYS[their_king as usize]) & board.bishops_and_queens()))
            & ours;
        let mut discoverers = Bitboard(0);
        for sniper in snipers {
            let between = attacks::between(their_king, sniper) & occupied;
            if !between.more_than_one() {
                discoverers |= between & ours;
            }
        }
        CheckInfo {
            us,
            occupied,
            their_king,
            discoverers,
        }
    }

    /// Whether the legal move `m` in `pos` (the position this was made for) gives check.
    pub fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                let king = self.their_king;
                let direct = match promotion.unwrap_or(role) {
                    Role::Pawn => attacks::pawn_attacks(!self.us, king).contains(to),
                    Role::Knight => attacks::knight_attacks(king).contains(to),
                    Role::King => false,
                    slider => {
                        let occupied = self.occupied.without(from).with(to);
                        attacks::attacks(to, slider.of(self.us), occupied).contains(king)
                    }
                };
                direct || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => {
                // Castling and en passant: rare enough to play.
                let mut child = pos.clone();
                child.play_unchecked(m);
                child.is_check()
            }
        }
    }
}
