//! Answers about a node's moves without generating them: whether one exists, how many (up to a
//! cap), whether a given move is legal, and which move a table code stands for.

use shakmaty::{attacks, Bitboard, CastlingSide, Move, Position, Role, Square};

use super::{MoveGen, BACKRANKS};

impl MoveGen<'_> {
    /// Whether the side to move has a legal move: exactly `!legal_moves().is_empty()`, without
    /// generating the moves.
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        self.count_moves(1) == 1
    }

    /// The number of legal moves, counted only up to `cap` (`cap` when there are more), without
    /// generating them; cheapest pieces first (knights, pawns, sliders, king, en passant, castling).
    pub fn count_moves(&self, cap: usize) -> usize {
        // Up to two, no population count is needed (the build targets processors without one).
        let amount = |squares: Bitboard| {
            if cap <= 2 {
                usize::from(squares.any()) + usize::from(squares.more_than_one())
            } else {
                squares.count()
            }
        };
        let mut n = 0;
        macro_rules! add {
            ($k:expr) => {{
                n += $k;
                if n >= cap {
                    return cap;
                }
            }};
        }
        if self.in_check() {
            add!(self.king_move_count(cap - n));
            if self.checkers.more_than_one() {
                return n;
            }
        }
        let target = match self.checkers.single_square() {
            Some(checker) => attacks::between(self.king, checker).with(checker),
            None => !self.ours,
        };
        let free = !self.pinned;
        for from in self.board.knights() & self.ours & free {
            add!(amount(attacks::knight_attacks(from) & target));
        }
        // Pawns off the pin lines, all at once (a promotion is four moves); pinned ones one by one.
        let backranks = Bitboard(BACKRANKS);
        let pawns = self.board.pawns() & self.ours;
        let (pushes, captures) = self.pawn_targets(pawns & free);
        for tos in [pushes[0], pushes[1], captures[0], captures[1]] {
            let tos = tos & target;
            add!(amount(tos & !backranks) + 4 * amount(tos & backranks));
        }
        for from in self.board.sliders() & self.ours {
            let mut tos = self.slider_attacks(from) & target;
            if self.pinned.contains(from) {
                tos &= attacks::ray(self.king, from);
            }
            add!(amount(tos));
        }
        if !self.in_check() {
            add!(self.king_move_count(cap - n));
        }
        for from in pawns & self.pinned {
            let (pushes, captures) = self.pawn_targets(Bitboard::from_square(from));
            let tos = (pushes[0] | pushes[1] | captures[0] | captures[1]) & target;
            for to in tos {
                if attacks::aligned(from, to, self.king) {
                    add!(if backranks.contains(to) { 4 } else { 1 });
                }
            }
        }
        if let Some(to) = self.pos.maybe_ep_square() {
            let candidates = self.board.pawns() & self.ours & attacks::pawn_attacks(!self.us, to);
            for from in candidates {
                if self.en_passant_is_safe(from, to) {
                    add!(1);
                }
            }
        }
        if !self.in_check() {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if self.castling(side).is_some() {
                    add!(1);
                }
            }
        }
        n
    }

    /// The king's legal steps, counted up to `cap`.
    #[inline]
    fn king_move_count(&self, cap: usize) -> usize {
        let mut targets = attacks::king_attacks(self.king) & !self.ours;
        if self.in_check() {
            targets &= !self.check_rays();
        }
        let mut n = 0;
        for to in targets {
            if self
                .board
                .attacks_to(to, !self.us, self.occupied)
                .is_empty()
            {
                n += 1;
                if n >= cap {
                    break;
                }
            }
        }
        n
    }

    /// Whether `m` (a move of some other position: a killer, or the table's move) is a legal
    /// move here, exactly as it is written (the piece, the captured piece, the promotion).
    pub fn is_legal(&self, m: Move) -> bool {
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if !self.ours.contains(from)
                    || self.board.role_at(from) != Some(role)
                    || self.ours.contains(to)
                    || self.board.role_at(to) != capture
                    || capture == Some(Role::King)
                {
                    return false;
                }
                let back = BACKRANKS & (1 << to as u32) != 0;
                let promotion_ok = match promotion {
                    None => role != Role::Pawn || !back,
                    Some(p) => role == Role::Pawn && back && p != Role::Pawn && p != Role::King,
                };
                if !promotion_ok || !self.reaches(role, from, to, capture.is_some()) {
                    return false;
                }
                if role == Role::King {
                    return self
                        .board
                        .attacks_to(to, !self.us, self.occupied ^ from)
                        .is_empty();
                }
                match self.checkers.single_square() {
                    _ if self.checkers.more_than_one() => return false,
                    Some(checker)
                        if to != checker && !attacks::between(self.king, checker).contains(to) =>
                    {
                        return false
                    }
                    _ => {}
                }
                !self.pinned.contains(from) || attacks::aligned(from, to, self.king)
            }
            Move::EnPassant { from, to } => {
                self.pos.maybe_ep_square() == Some(to)
                    && (self.board.pawns() & self.ours).contains(from)
                    && attacks::pawn_attacks(self.us, from).contains(to)
                    && self.en_passant_is_safe(from, to)
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_queen_side(rook < king);
                !self.in_check() && self.castling(side) == Some(m)
            }
            Move::Put { .. } => false,
        }
    }

    /// Whether a `role` on `from` moves to `to` on this board, ignoring checks and pins; `capture`
    /// tells whether `to` holds an enemy piece.
    #[inline]
    fn reaches(&self, role: Role, from: Square, to: Square, capture: bool) -> bool {
        match role {
            Role::Pawn => {
                if capture {
                    return attacks::pawn_attacks(self.us, from).contains(to);
                }
                let (pushes, _) = self.pawn_targets(Bitboard::from_square(from));
                (pushes[0] | pushes[1]).contains(to)
            }
            Role::Knight => attacks::knight_attacks(from).contains(to),
            Role::King => attacks::king_attacks(from).contains(to),
            _ => attacks::attacks(from, role.of(self.us), self.occupied).contains(to),
        }
    }

    /// The legal move that a code of `encode_move` (the transposition table's) stands for here, if any.
    pub fn decode(&self, code: u16) -> Option<Move> {
        if code == 0 {
            return None;
        }
        let from = Square::new(u32::from(code & 63));
        let to = Square::new(u32::from(code >> 6 & 63));
        let promotion = match code >> 12 {
            0 => None,
            2 => Some(Role::Knight),
            3 => Some(Role::Bishop),
            4 => Some(Role::Rook),
            5 => Some(Role::Queen),
            _ => return None,
        };
        let role = self.board.role_at(from)?;
        let m = if promotion.is_some() && role != Role::Pawn {
            return None;
        } else if role == Role::King && (self.board.rooks() & self.ours).contains(to) {
            Move::Castle {
                king: from,
                rook: to,
            }
        } else if role == Role::Pawn
            && promotion.is_none()
            && self.pos.maybe_ep_square() == Some(to)
            && from.file() != to.file()
        {
            Move::EnPassant { from, to }
        } else {
            Move::Normal {
                role,
                from,
                capture: self.board.role_at(to),
                to,
                promotion,
            }
        };
        self.is_legal(m).then_some(m)
    }
}
