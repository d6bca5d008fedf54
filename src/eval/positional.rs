//! The positional evaluator: material and piece-square tables, tapered between the middlegame
//! and the endgame by the game phase, plus pawn structure (passed, isolated and doubled pawns),
//! mobility, king safety, the bishop pair, rooks on open and half-open files, and a tempo bonus
//! for the side to move. Everything comes from bitboards; nothing allocates.
//!
//! The terms are counted once, by [`collect`], into a [`Collector`]: the search's sums them
//! ([`evaluate_with`]), the `eval` command's keeps them by term ([`terms`]), and the tuner's
//! records how often each weight applies ([`super::trace`]). So all three agree by construction.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::tapered::{pair, phase, Pair};
use super::values::WEIGHTS;
use super::weights::Param;
use super::Score;

/// The number of squares a piece of each role is expected to reach; fewer costs.
const MOBILITY_BASE: [Score; 4] = [4, 6, 6, 12];
/// Attack units per square of the enemy king's zone that a knight, bishop, rook, queen attacks.
const KING_ATTACK_UNITS: [Score; 4] = [2, 2, 3, 5];
/// The king's danger is units² / this, once two pieces attack its zone (middlegame only).
const KING_DANGER_DIVISOR: Score = 4;
/// The most the king's danger can cost.
const KING_DANGER_MAX: Score = 500;
/// For the side to move.
pub const TEMPO: Pair = WEIGHTS.tempo;

/// The terms the `eval` command shows, besides material, square tables and tempo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    PassedPawns,
    IsolatedPawns,
    DoubledPawns,
    Mobility,
    /// The pawn shield in front of the king, less the danger of the enemy's attack on its zone.
    KingSafety,
    BishopPair,
    /// Rooks on open and half-open files.
    RookFiles,
}

/// Where [`collect`] puts each part of the evaluation of one side.
pub trait Collector {
    /// The weight `param` counted `count` times for `color`, under `term`.
    fn weight(&mut self, color: Color, term: Term, param: Param, count: Score);
    /// A value for `color` that is no weight times a count (the king's danger).
    fn value(&mut self, color: Color, term: Term, value: Pair);
}

/// Sums each side's terms at the weights of [`WEIGHTS`], indexed by colour.
#[derive(Default)]
struct Sum([Pair; 2]);

impl Collector for Sum {
    #[inline]
    fn weight(&mut self, color: Color, _term: Term, param: Param, count: Score) {
        self.0[color as usize] += WEIGHTS.get(param) * count;
    }

    #[inline]
    fn value(&mut self, color: Color, _term: Term, value: Pair) {
        self.0[color as usize] += value;
    }
}

/// One side's terms besides material and square tables, each a middlegame/endgame pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    pub passed_pawns: Pair,
    pub isolated_pawns: Pair,
    pub doubled_pawns: Pair,
    pub mobility: Pair,
    /// The pawn shield in front of the king, less the danger of the enemy's attack on its zone.
    pub king_safety: Pair,
    pub bishop_pair: Pair,
    /// Rooks on open and half-open files.
    pub rook_files: Pair,
}

impl SideTerms {
    /// The terms with the names the `eval` command shows.
    pub fn named(&self) -> [(&'static str, Pair); 7] {
        [
            ("Passed pawns", self.passed_pawns),
            ("Isolated pawns", self.isolated_pawns),
            ("Doubled pawns", self.doubled_pawns),
            ("Mobility", self.mobility),
            ("King safety", self.king_safety),
            ("Bishop pair", self.bishop_pair),
            ("Rook files", self.rook_files),
        ]
    }

    fn term_mut(&mut self, term: Term) -> &mut Pair {
        match term {
            Term::PassedPawns => &mut self.passed_pawns,
            Term::IsolatedPawns => &mut self.isolated_pawns,
            Term::DoubledPawns => &mut self.doubled_pawns,
            Term::Mobility => &mut self.mobility,
            Term::KingSafety => &mut self.king_safety,
            Term::BishopPair => &mut self.bishop_pair,
            Term::RookFiles => &mut self.rook_files,
        }
    }
}

/// Keeps the terms apart by side, indexed by colour.
struct BySide([SideTerms; 2]);

impl Collector for BySide {
    fn weight(&mut self, color: Color, term: Term, param: Param, count: Score) {
        self.value(color, term, WEIGHTS.get(param) * count);
    }

    fn value(&mut self, color: Color, term: Term, value: Pair) {
        *self.0[color as usize].term_mut(term) += value;
    }
}

/// The evaluation from the side to move's point of view, with `psqt_balance` the material and
/// square bonuses (White's minus Black's), as [`psqt::balance`](super::psqt::balance) counts
/// them or the search keeps them.
#[inline]
pub fn evaluate_with(board: &Board, turn: Color, psqt_balance: Pair) -> Score {
    let (tempo, sign) = match turn {
        Color::White => (TEMPO, 1),
        Color::Black => (-TEMPO, -1),
    };
    let mut sum = Sum::default();
    collect(board, &mut sum);
    let [black, white] = sum.0;
    sign * (psqt_balance + white - black + tempo).taper(phase(board))
}

/// The evaluation from the side to move's point of view, counted from scratch.
pub fn evaluate(board: &Board, turn: Color) -> Score {
    evaluate_with(board, turn, super::psqt::balance(board))
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

#[inline]
fn east(b: u64) -> u64 {
    (b << 1) & !FILE_A
}

#[inline]
fn west(b: u64) -> u64 {
    (b >> 1) & !FILE_H
}

/// The squares one rank forward of `b` for `color`.
#[inline]
fn forward(color: Color, b: u64) -> u64 {
    match color {
        Color::White => b << 8,
        Color::Black => b >> 8,
    }
}

/// The squares strictly in front of `b`'s squares, for `color`, to the board's edge.
#[inline]
fn ahead(color: Color, b: u64) -> u64 {
    let mut fill = forward(color, b);
    match color {
        Color::White => {
            fill |= fill << 8;
            fill |= fill << 16;
            fill |= fill << 32;
        }
        Color::Black => {
            fill |= fill >> 8;
            fill |= fill >> 16;
            fill |= fill >> 32;
        }
    }
    fill
}

/// Every square of the files that `b` touches.
#[inline]
fn files_of(b: u64) -> u64 {
    b | ahead(Color::White, b) | ahead(Color::Black, b)
}

/// The squares the pawns `pawns` of `color` attack.
#[inline]
fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    let pushed = forward(color, pawns);
    east(pushed) | west(pushed)
}

#[inline]
fn count(b: u64) -> Score {
    b.count_ones() as Score
}

/// One side's attack on the enemy king's zone.
#[derive(Clone, Copy, Default)]
struct KingAttack {
    attackers: Score,
    units: Score,
}

/// The squares around the king of `color`, its own square included.
#[inline]
fn king_zone(board: &Board, color: Color) -> u64 {
    board
        .king_of(color)
        .map_or(0, |k| (king_attacks(k) | Bitboard::from_square(k)).0)
}

/// The mobility of `us`'s knights, bishops, rooks and queens and its rooks' files, into `out`;
/// returns their attack on the enemy king's zone.
#[inline(always)]
fn activity<C: Collector>(board: &Board, us: Color, out: &mut C) -> KingAttack {
    let occupied = board.occupied();
    let ours = board.by_color(us).0;
    let our_pawns = ours & board.pawns().0;
    let their_pawns = board.pawns().0 & !ours;
    let area = !(our_pawns | (ours & board.kings().0)) & !pawn_attacks(!us, their_pawns);
    let zone = king_zone(board, !us);
    let mut attack = KingAttack::default();
    for (index, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for sq in board.by_role(role) & Bitboard(ours) {
            let attacks = match role {
                Role::Knight => knight_attacks(sq),
                Role::Bishop => bishop_attacks(sq, occupied),
                Role::Rook => rook_attacks(sq, occupied),
                _ => queen_attacks(sq, occupied),
            }
            .0;
            let reach = count(attacks & area) - MOBILITY_BASE[index];
            out.weight(us, Term::Mobility, Param::Mobility(index), reach);
            let on_zone = count(attacks & zone);
            if on_zone > 0 {
                attack.attackers += 1;
                attack.units += KING_ATTACK_UNITS[index] * on_zone;
            }
            if role == Role::Rook {
                if let Some(param) = rook_file(sq, our_pawns, their_pawns) {
                    out.weight(us, Term::RookFiles, param, 1);
                }
            }
        }
    }
    attack
}

/// The weight of a rook on `sq` with its file open (no pawn) or half-open (no pawn of its side).
#[inline]
fn rook_file(sq: Square, our_pawns: u64, their_pawns: u64) -> Option<Param> {
    let file = Bitboard::from_file(sq.file()).0;
    if file & our_pawns != 0 {
        None
    } else if file & their_pawns != 0 {
        Some(Param::RookHalfOpenFile)
    } else {
        Some(Param::RookOpenFile)
    }
}

/// The rank of `sq` counted from `color`'s side: 0 for its first rank, 7 for its last.
#[inline]
fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank().to_usize(),
        Color::Black => 7 - sq.rank().to_usize(),
    }
}

/// Passed, isolated and doubled pawns of `us`, into `out`.
#[inline(always)]
fn pawn_structure<C: Collector>(board: &Board, us: Color, out: &mut C) {
    let ours = board.by_color(us).0 & board.pawns().0;
    let theirs = board.pawns().0 & !ours;
    // Squares the enemy pawns could still stop a pawn on: in front of them, and beside that.
    let their_span = ahead(!us, theirs);
    let stoppers = their_span | east(their_span) | west(their_span);
    let behind_ours = ahead(!us, ours);
    for sq in Bitboard(ours & !stoppers & !behind_ours) {
        let rank = relative_rank(us, sq);
        out.weight(us, Term::PassedPawns, Param::PassedPawn(rank), 1);
    }
    let our_files = files_of(ours);
    let isolated = ours & !(east(our_files) | west(our_files));
    let doubled = ours & behind_ours;
    out.weight(
        us,
        Term::IsolatedPawns,
        Param::IsolatedPawn,
        count(isolated),
    );
    out.weight(us, Term::DoubledPawns, Param::DoubledPawn, count(doubled));
}

/// The pawn shield in front of `us`'s king, into `out`.
#[inline(always)]
fn pawn_shield<C: Collector>(board: &Board, us: Color, out: &mut C) {
    let Some(king) = board.king_of(us) else {
        return;
    };
    let ours = board.by_color(us).0 & board.pawns().0;
    let k = Bitboard::from_square(king).0;
    let first = forward(us, k | east(k) | west(k));
    let second = forward(us, first);
    out.weight(
        us,
        Term::KingSafety,
        Param::PawnShield(0),
        count(ours & first),
    );
    out.weight(
        us,
        Term::KingSafety,
        Param::PawnShield(1),
        count(ours & second),
    );
}

/// What the enemy's attack on a king's zone costs it.
#[inline]
fn king_danger(enemy: KingAttack) -> Pair {
    if enemy.attackers < 2 {
        return Pair::default();
    }
    let units = enemy.units;
    pair(
        -(units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX),
        0,
    )
}

/// Counts every term of both sides but material, square tables and tempo into `out`.
#[inline(always)]
pub fn collect<C: Collector>(board: &Board, out: &mut C) {
    let black = activity(board, Color::Black, out);
    let white = activity(board, Color::White, out);
    side(board, Color::Black, white, out);
    side(board, Color::White, black, out);
}

/// The terms of `us` that do not come from its pieces' activity, with `enemy` the enemy's
/// attack on its king.
#[inline(always)]
fn side<C: Collector>(board: &Board, us: Color, enemy: KingAttack, out: &mut C) {
    pawn_structure(board, us, out);
    pawn_shield(board, us, out);
    let danger = king_danger(enemy);
    if danger != Pair::default() {
        out.value(us, Term::KingSafety, danger);
    }
    if (board.bishops() & board.by_color(us)).count() >= 2 {
        out.weight(us, Term::BishopPair, Param::BishopPair, 1);
    }
}

/// Both sides' terms, indexed by colour (`Color::Black as usize`, `Color::White as usize`).
pub fn terms(board: &Board) -> [SideTerms; 2] {
    let mut by_side = BySide([SideTerms::default(); 2]);
    collect(board, &mut by_side);
    by_side.0
}

#[cfg(test)]
mod tests;
