//! Legal move generation for the search's hot path, on shakmaty's board and attack tables.
//!
//! shakmaty's `legal_moves` returns a fresh 256-move list by value, always every move. The search
//! wants less: the moves written into a list it keeps per ply (no copy), only the captures and
//! queen promotions in quiescence, and at the horizon only whether any legal move exists, to tell
//! checkmate and stalemate from a position to evaluate. [`MoveGen`] computes the king, checkers
//! and pinned pieces once per node and answers each of these. The rules are shakmaty's own
//! (`gen_safe_king`, `evasions`, `gen_castling_moves`, `is_safe`), so the moves are the same;
//! the tests compare them with `legal_moves` on every position of several perft trees.
//! `legal.rs` answers without generating (has a move, count, is legal, decode); `checks.rs` tells
//! checks without playing the move.

mod checks;
mod legal;

pub use checks::CheckInfo;

use shakmaty::{
    attacks, Bitboard, Board, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square,
};

/// Whether `m` is noisy: a capture (en passant included) that is not an under-promotion, or a
/// push to a queen. The one definition: [`GenKind::Noisy`] generates exactly these, and move
/// ordering puts them first.
#[inline]
pub fn is_noisy(m: Move) -> bool {
    match m.promotion() {
        Some(role) => role == Role::Queen,
        None => m.is_capture(),
    }
}

/// Which moves [`MoveGen::generate`] appends. `Noisy` and `Quiet` split `All` in two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move: the same set as `legal_moves`, in another order (the noisy ones first).
    All,
    /// Captures (en passant included) except under-promotions, and pawn pushes to a queen.
    Noisy,
    /// The other moves: quiet moves, castling, and every under-promotion.
    Quiet,
    /// The quiet moves that give check.
    QuietChecks,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const BACKRANKS: u64 = 0xff00_0000_0000_00ff;
const QUEEN: &[Role] = &[Role::Queen];
const UNDER_PROMOTIONS: &[Role] = &[Role::Rook, Role::Bishop, Role::Knight];

/// The squares a rook (bishop) on each square attacks on an empty board.
static ROOK_RAYS: [u64; 64] = empty_board_rays(&[(0, 1), (0, -1), (1, 0), (-1, 0)]);
static BISHOP_RAYS: [u64; 64] = empty_board_rays(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]);

const fn empty_board_rays(directions: &[(i32, i32); 4]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = directions[d];
            let (mut file, mut rank) = (square % 8 + df, square / 8 + dr);
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                table[square as usize] |= 1 << (rank * 8 + file);
                file += df;
                rank += dr;
            }
            d += 1;
        }
        square += 1;
    }
    table
}

/// The side to move's king, checkers and pinned pieces, computed once per node.
pub struct MoveGen<'a> {
    pos: &'a Chess,
    board: &'a Board,
    us: Color,
    ours: Bitboard,
    theirs: Bitboard,
    occupied: Bitboard,
    king: Square,
    checkers: Bitboard,
    /// Our pieces that stand alone between our king and an enemy slider.
    pinned: Bitboard,
}

impl<'a> MoveGen<'a> {
    #[inline]
    pub fn new(pos: &'a Chess) -> MoveGen<'a> {
        let board = pos.board();
        let us = pos.turn();
        let ours = board.by_color(us);
        let theirs = board.by_color(!us);
        let occupied = board.occupied();
        let king = (board.kings() & ours)
            .first()
            .expect("a legal position has a king of each colour");
        // Enemy sliders on the king's lines check it when nothing stands between, pin a lone
        // piece of ours that does; knights and pawns check from their own squares.
        let snipers = ((Bitboard(ROOK_RAYS[king as usize]) & board.rooks_and_queens())
            | (Bitboard(BISHOP_RAYS[king as usize]) & board.bishops_and_queens()))
            & theirs;
        let mut checkers = ((attacks::knight_attacks(king) & board.knights())
            | (attacks::pawn_attacks(us, king) & board.pawns()))
            & theirs;
        let mut pinned = Bitboard(0);
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if between.is_empty() {
                checkers |= sniper;
            } else if !between.more_than_one() {
                pinned |= between & ours;
            }
        }
        MoveGen {
            pos,
            board,
            us,
            ours,
            theirs,
            occupied,
            king,
            checkers,
            pinned,
        }
    }

    /// The pieces giving check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Appends the legal moves of `kind` to `moves`.
    pub fn generate(&self, kind: GenKind, moves: &mut MoveList) {
        match kind {
            GenKind::All => {
                self.generate_part(true, moves);
                self.generate_part(false, moves);
            }
            GenKind::Noisy => self.generate_part(true, moves),
            GenKind::Quiet => self.generate_part(false, moves),
            GenKind::QuietChecks => self.generate_quiet_checks(moves),
        }
    }

    /// The noisy moves, or the quiet ones.
    fn generate_part(&self, noisy: bool, moves: &mut MoveList) {
        // Where pieces other than the king may go: anywhere not ours, or onto the checker and
        // the squares between it and the king; nowhere in double check.
        let target = match (self.checkers.single_square(), self.checkers.any()) {
            (_, false) => !self.ours,
            (Some(checker), true) => attacks::between(self.king, checker).with(checker),
            (None, true) => Bitboard(0),
        };
        let mut king_target = !self.ours;
        if self.in_check() {
            king_target &= !self.check_rays();
        }
        let part = if noisy { self.theirs } else { !self.occupied };
        if noisy {
            self.gen_en_passant(moves);
        }
        if target.any() {
            self.gen_pawns(target, noisy, moves);
            self.gen_pieces(target & part, moves);
        }
        self.gen_king(king_target & part, moves);
        if !noisy && !self.in_check() {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(m) = self.castling(side) {
                    moves.push(m);
                }
            }
        }
    }

    /// Squares on the lines of sliding checkers, where the king would still be in check
    /// (the checker's own square excepted: capturing it may be safe).
    #[inline]
    fn check_rays(&self) -> Bitboard {
        let mut rays = Bitboard(0);
        for checker in self.checkers & self.board.sliders() {
            rays |= attacks::ray(checker, self.king) ^ checker;
        }
        rays
    }

    #[inline]
    fn slider_attacks(&self, from: Square) -> Bitboard {
        let bishops = self.board.bishops_and_queens();
        let rooks = self.board.rooks_and_queens();
        let mut result = Bitboard(0);
        if bishops.contains(from) {
            result |= attacks::bishop_attacks(from, self.occupied);
        }
        if rooks.contains(from) {
            result |= attacks::rook_attacks(from, self.occupied);
        }
        result
    }

    /// King moves to `target` (already free of our pieces) onto squares no enemy piece attacks.
    #[inline]
    fn gen_king(&self, target: Bitboard, moves: &mut MoveList) {
        for to in attacks::king_attacks(self.king) & target {
            if self
                .board
                .attacks_to(to, !self.us, self.occupied)
                .is_empty()
            {
                moves.push(Move::Normal {
                    role: Role::King,
                    from: self.king,
                    capture: self.captured(to),
                    to,
                    promotion: None,
                });
            }
        }
    }

    /// Knight, bishop, rook and queen moves to `target`, along the pin line for pinned pieces.
    #[inline]
    fn gen_pieces(&self, target: Bitboard, moves: &mut MoveList) {
        for from in self.board.knights() & self.ours & !self.pinned {
            self.push_piece_moves(
                Role::Knight,
                from,
                attacks::knight_attacks(from) & target,
                moves,
            );
        }
        for (role, pieces) in [
            (Role::Bishop, self.board.bishops()),
            (Role::Rook, self.board.rooks()),
            (Role::Queen, self.board.queens()),
        ] {
            for from in pieces & self.ours {
                let mut tos = attacks::attacks(from, role.of(self.us), self.occupied) & target;
                if self.pinned.contains(from) {
                    tos &= attacks::ray(self.king, from);
                }
                self.push_piece_moves(role, from, tos, moves);
            }
        }
    }

    /// The enemy piece on `to`, looked up only when there is one.
    #[inline]
    fn captured(&self, to: Square) -> Option<Role> {
        if self.theirs.contains(to) {
            self.board.role_at(to)
        } else {
            None
        }
    }

    #[inline]
    fn push_piece_moves(&self, role: Role, from: Square, tos: Bitboard, moves: &mut MoveList) {
        for to in tos {
            moves.push(Move::Normal {
                role,
                from,
                capture: self.captured(to),
                to,
                promotion: None,
            });
        }
    }

    /// Pawn pushes (single, double) and captures (towards file a, towards file h) of `pawns`.
    #[inline]
    fn pawn_targets(&self, pawns: Bitboard) -> ([Bitboard; 2], [Bitboard; 2]) {
        let empty = !self.occupied.0;
        let p = pawns.0;
        let (single, double, west, east) = match self.us {
            Color::White => {
                let single = (p << 8) & empty;
                let double = ((single & 0x0000_0000_00ff_0000) << 8) & empty;
                ((single), double, (p & !FILE_A) << 7, (p & !FILE_H) << 9)
            }
            Color::Black => {
                let single = (p >> 8) & empty;
                let double = ((single & 0x0000_ff00_0000_0000) >> 8) & empty;
                (single, double, (p & !FILE_A) >> 9, (p & !FILE_H) >> 7)
            }
        };
        let theirs = self.theirs.0;
        (
            [Bitboard(single), Bitboard(double)],
            [Bitboard(west & theirs), Bitboard(east & theirs)],
        )
    }

    /// The noisy pawn moves onto `target` (captures except under-promotions, pushes to a
    /// queen), or the quiet ones (other pushes, every under-promotion).
    #[inline]
    fn gen_pawns(&self, target: Bitboard, noisy: bool, moves: &mut MoveList) {
        let pawns = self.board.pawns() & self.ours;
        if pawns.is_empty() {
            return;
        }
        let (pushes, captures) = self.pawn_targets(pawns);
        let forward: i32 = if self.us == Color::White { 8 } else { -8 };
        let backranks = Bitboard(BACKRANKS);
        let promotions = if noisy { QUEEN } else { UNDER_PROMOTIONS };
        for (tos, offset) in [(captures[0], forward - 1), (captures[1], forward + 1)] {
            let tos = tos & target;
            let tos = if noisy { tos } else { tos & backranks };
            for to in tos {
                let from = Square::new((to as i32 - offset) as u32);
                self.push_pawn_move(from, to, self.board.role_at(to), promotions, moves);
            }
        }
        let singles = pushes[0] & target;
        let singles = if noisy { singles & backranks } else { singles };
        for to in singles {
            let from = Square::new((to as i32 - forward) as u32);
            self.push_pawn_move(from, to, None, promotions, moves);
        }
        if !noisy {
            for to in pushes[1] & target {
                let from = Square::new((to as i32 - 2 * forward) as u32);
                self.push_pawn_move(from, to, None, promotions, moves);
            }
        }
    }

    /// A pawn move (legal unless pinned off the line); onto a back rank, one move per promotion.
    #[inline]
    fn push_pawn_move(
        &self,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotions: &[Role],
        moves: &mut MoveList,
    ) {
        if self.pinned.contains(from) && !attacks::aligned(from, to, self.king) {
            return;
        }
        if BACKRANKS & (1 << to as u32) == 0 {
            moves.push(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: None,
            });
        } else {
            for &promotion in promotions {
                moves.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        }
    }

    fn gen_en_passant(&self, moves: &mut MoveList) {
        if let Some(to) = self.pos.maybe_ep_square() {
            let candidates = self.board.pawns() & self.ours & attacks::pawn_attacks(!self.us, to);
            for from in candidates {
                if self.en_passant_is_safe(from, to) {
                    moves.push(Move::EnPassant { from, to });
                }
            }
        }
    }

    /// Whether the en passant capture from `from` to `to` leaves our king safe (shakmaty's `is_safe`).
    fn en_passant_is_safe(&self, from: Square, to: Square) -> bool {
        let captured = Square::from_coords(to.file(), from.rank());
        let occupied = self.occupied.toggled(from).toggled(captured).with(to);
        self.board
            .attacks_to(self.king, !self.us, occupied)
            .without(captured)
            .is_empty()
    }

    /// The castling move to `side`, if legal (out of check).
    fn castling(&self, side: CastlingSide) -> Option<Move> {
        let castles = self.pos.castles();
        let rook = castles.rook(self.us, side)?;
        if (castles.path(self.us, side) & self.occupied).any() {
            return None;
        }
        let them = !self.us;
        let king_to = side.king_to(self.us);
        let occupied = self.occupied ^ self.king ^ rook ^ side.rook_to(self.us);
        if self.board.attacks_to(king_to, them, occupied).any() {
            return None;
        }
        let occupied = self.occupied ^ self.king;
        let king_path = attacks::between(self.king, king_to).with(self.king);
        if king_path
            .into_iter()
            .any(|sq| self.board.attacks_to(sq, them, occupied).any())
        {
            return None;
        }
        Some(Move::Castle {
            king: self.king,
            rook,
        })
    }
}

/// Whether `pos` has a legal move: exactly `!pos.legal_moves().is_empty()`, much cheaper.
#[inline]
pub fn has_legal_move(pos: &Chess) -> bool {
    MoveGen::new(pos).has_legal_move()
}

#[cfg(test)]
mod tests;
