//! Correction history: what IterativeDeepening learns about its static evaluation's errors.
//! Two kinds of tables, by the side to move, hold a running weighted mean of the search's score
//! minus the raw static evaluation: one keyed by the pawn structure, one per colour keyed by
//! that colour's other pieces (king included). The static evaluation the search prunes on is the
//! raw one plus a weighted share of each table's mean; the transposition table keeps the raw one.

use shakmaty::{Bitboard, Board, Chess, Color, Position};

use crate::eval::{Score, MATE_BOUND};
use crate::search::pvs::params;

/// Entries per side to move in each table (a power of two: a key's low bits pick one).
const ENTRIES: usize = 16384;

/// The fraction of a centipawn an entry counts in: an entry of GRAIN is a centipawn.
const GRAIN: i32 = 256;

/// What an update's weight is out of: a result of weight w moves an entry w/WEIGHT_SCALE of the
/// way to it.
const WEIGHT_SCALE: i32 = 256;

/// What a table's share of the correction is out of: a share of SHARE_SCALE is its whole mean.
const SHARE_SCALE: i32 = 1024;

/// Odd numbers (the fractional bits of well-known constants), one for each set of squares a
/// key stirs in: White's pawns, Black's, then knights, bishops, rooks, queens and kings.
const MULTIPLIERS: [u64; 7] = [
    0x9e37_79b9_7f4a_7c15,
    0xbf58_476d_1ce4_e5b9,
    0x94d0_49bb_1331_11eb,
    0xff51_afd7_ed55_8ccd,
    0xc4ce_b9fe_1a85_ec53,
    0xd6e8_feb8_6659_fd93,
    0xa076_1d64_78bd_642f,
];

/// The squares of one set, folded in half and multiplied by its own odd number (both one to
/// one): every square reaches the high bits, which [`mix`] brings down. The sets are stirred
/// side by side, not one after the other.
#[inline]
fn stir(squares: Bitboard, set: usize) -> u64 {
    let x = squares.0;
    (x ^ (x >> 32)).wrapping_mul(MULTIPLIERS[set])
}

/// The splitmix64 finaliser: every bit of `x` stirred into every bit of the result.
#[inline]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The entries of a position in each table, found from its bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    /// In the pawn table: the side to move's half, the pawn structure's entry.
    pawns: usize,
    /// In the pieces table: by the pieces' colour, then the side to move, then their key's entry.
    pieces: [usize; 2],
}

impl CorrectionKeys {
    /// The entries of `pos`.
    #[inline]
    pub fn of(pos: &Chess) -> CorrectionKeys {
        let board = pos.board();
        let turn = pos.turn() as usize;
        let entry = |key: u64| key as usize & (ENTRIES - 1);
        let pawns = |color| board.pawns() & board.by_color(color);
        let pawn_key = mix(stir(pawns(Color::White), 0) ^ stir(pawns(Color::Black), 1));
        let pieces = Color::ALL.map(|color| {
            let half = color as usize * 2 + turn;
            half * ENTRIES + entry(pieces_key(board, color))
        });
        CorrectionKeys {
            pawns: turn * ENTRIES + entry(pawn_key),
            pieces,
        }
    }
}

/// The key of `color`'s pieces other than pawns (its king included).
#[inline]
fn pieces_key(board: &Board, color: Color) -> u64 {
    let own = board.by_color(color);
    let kinds = [
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
    ];
    let stirred = kinds.into_iter().enumerate();
    mix(stirred.fold(0, |key, (i, kind)| key ^ stir(kind & own, 2 + i)))
}

/// The correction history's tables, each a running mean (in GRAIN ths of a centipawn) of the
/// search's score minus the raw static evaluation.
#[derive(Clone, Debug)]
pub struct Correction {
    /// By the side to move, then the pawn structure.
    pawns: Vec<i16>,
    /// By the pieces' colour, then the side to move, then that colour's pieces besides pawns.
    pieces: Vec<i16>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            pawns: vec![0; 2 * ENTRIES],
            pieces: vec![0; 4 * ENTRIES],
        }
    }
}

impl Correction {
    /// What the tables add to the static evaluation of the position of `keys`, in centipawns:
    /// the pawn table's share of its mean and each colour's pieces table's.
    #[inline]
    pub fn correction(&self, keys: &CorrectionKeys) -> Score {
        let pawns = self.pawns[keys.pawns] as i32 * params::corr_pawn_share();
        let pieces: i32 = keys.pieces.iter().map(|&i| self.pieces[i] as i32).sum();
        (pawns + pieces * params::corr_pieces_share()) / (GRAIN * SHARE_SCALE)
    }

    /// The raw static evaluation `raw` of the position of `keys`, corrected, and kept short of
    /// the mate scores.
    #[inline]
    pub fn corrected(&self, keys: &CorrectionKeys, raw: Score) -> Score {
        (raw + self.correction(keys)).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
    }

    /// A search of `depth` plies found the position of `keys` `error` centipawns better than
    /// its raw static evaluation: each entry moves towards it by a weight growing with depth,
    /// and stays within the limit.
    #[inline]
    pub fn update(&mut self, keys: &CorrectionKeys, depth: i32, error: Score) {
        let weight = (depth + 1).clamp(1, params::corr_weight_max());
        let limit = (params::corr_limit() * GRAIN).min(i16::MAX as i32);
        // At most MATE_BOUND · GRAIN · 128: well within an i32.
        let target = error.clamp(-MATE_BOUND, MATE_BOUND) * GRAIN * weight;
        let learn = |entry: &mut i16| {
            let mean = (*entry as i32 * (WEIGHT_SCALE - weight) + target) / WEIGHT_SCALE;
            *entry = mean.clamp(-limit, limit) as i16;
        };
        learn(&mut self.pawns[keys.pawns]);
        keys.pieces.iter().for_each(|&i| learn(&mut self.pieces[i]));
    }

    /// Forgets everything (`ucinewgame`).
    pub fn clear(&mut self) {
        self.pawns.fill(0);
        self.pieces.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::game::Game;
    use shakmaty::{CastlingMode, FromSetup, Role, Setup, Square};

    fn keys(fen: &str) -> CorrectionKeys {
        CorrectionKeys::of(Game::from_fen(fen).expect("legal").position())
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// After 1. Nf3 (a piece moved), after 1. e4 (a pawn moved), and the start with Black to move.
    const KNIGHT: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1";
    const PAWN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    const BLACK: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";

    #[test]
    fn a_position_is_keyed_by_its_pawns_and_each_sides_other_pieces() {
        let start = keys(START);
        assert_eq!(
            start,
            keys("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 5 9")
        );
        let (knight, pawn, black) = (keys(KNIGHT), keys(PAWN), keys(BLACK));
        assert_eq!(knight.pawns, start.pawns);
        assert_ne!(knight.pieces[0], start.pieces[0]);
        assert_eq!(knight.pieces[1], start.pieces[1]);
        assert_ne!(pawn.pawns, start.pawns);
        assert_eq!(pawn.pieces, start.pieces);
        // The other side to move has a half of its own in every table, as each colour has in
        // the pieces table.
        let half = |i: usize| i / ENTRIES;
        assert_eq!(black.pawns % ENTRIES, start.pawns % ENTRIES);
        assert_ne!(half(black.pawns), half(start.pawns));
        let halves = [start.pieces, black.pieces].concat().into_iter().map(half);
        let mut halves: Vec<usize> = halves.collect();
        halves.sort_unstable();
        assert_eq!(halves, [0, 1, 2, 3]);
        assert!(half(start.pawns) < 2 && half(black.pawns) < 2);
    }

    /// The positions of the two kings on e1 and e8 and a white `role` on each square it may
    /// legally stand on.
    fn one_piece_on_each_square(role: Role) -> Vec<Chess> {
        let place = |square: Square| {
            let mut board = Board::empty();
            board.set_piece_at(Square::E1, Color::White.king());
            board.set_piece_at(Square::E8, Color::Black.king());
            board.set_piece_at(square, role.of(Color::White));
            let setup = Setup {
                board,
                ..Setup::empty()
            };
            Chess::from_setup(setup, CastlingMode::Standard).ok()
        };
        let free = Square::ALL
            .into_iter()
            .filter(|&sq| sq != Square::E1 && sq != Square::E8);
        free.filter_map(place).collect()
    }

    #[test]
    fn the_keys_spread_the_positions_over_the_entries() {
        // A few dozen keys in 16,384 entries: a collision or two at most.
        for role in [Role::Pawn, Role::Knight, Role::Queen] {
            let positions = one_piece_on_each_square(role);
            let least = positions.len() - 2;
            assert!(least >= 40, "{role:?}");
            let keys: Vec<CorrectionKeys> = positions.iter().map(CorrectionKeys::of).collect();
            let mut entries: Vec<usize> = match role {
                Role::Pawn => keys.iter().map(|k| k.pawns).collect(),
                _ => keys.iter().map(|k| k.pieces[0]).collect(),
            };
            entries.sort_unstable();
            entries.dedup();
            assert!(
                entries.len() >= least,
                "{role:?}: {} entries",
                entries.len()
            );
        }
    }

    #[test]
    fn each_entry_is_a_running_mean_of_the_errors_within_its_limit() {
        let mut correction = Correction::default();
        let (start, black) = (keys(START), keys(BLACK));
        assert_eq!(correction.corrected(&start, 37), 37);
        // Depth 15 or more weighs 16/256: the first result moves each mean a sixteenth of the way.
        correction.update(&start, 20, 400);
        assert_eq!(correction.correction(&start), 25);
        // The next moves it a sixteenth of the rest of the way: 25 + (400 - 25) / 16.
        correction.update(&start, 20, 400);
        assert_eq!(correction.correction(&start), 48);
        // A shallower search weighs less: depth 3, 4/256.
        correction.clear();
        correction.update(&start, 3, 400);
        assert_eq!(correction.correction(&start), 6);
        // The means converge to the error, within the limit.
        for _ in 0..500 {
            correction.update(&start, 10, 40);
        }
        assert!((38..=40).contains(&correction.correction(&start)));
        for _ in 0..500 {
            correction.update(&start, 10, -5000);
        }
        assert_eq!(correction.correction(&start), -params::corr_limit());
        // Nothing learnt for the other side to move, nor for other pawns and pieces.
        assert_eq!(correction.correction(&black), 0);
        assert_eq!(
            correction.correction(&keys(PAWN)),
            -params::corr_limit() / 2
        );
        assert_eq!(
            correction.correction(&keys(KNIGHT)),
            -params::corr_limit() * 3 / 4
        );
        correction.clear();
        assert_eq!(correction.correction(&start), 0);
    }

    #[test]
    fn a_corrected_evaluation_is_never_a_mate_score() {
        let mut correction = Correction::default();
        let start = keys(START);
        for _ in 0..500 {
            correction.update(&start, 20, 1000);
        }
        assert_eq!(
            correction.corrected(&start, MATE_BOUND - 10),
            MATE_BOUND - 1
        );
        assert_eq!(correction.corrected(&start, 0), params::corr_limit());
        for _ in 0..500 {
            correction.update(&start, 20, -1000);
        }
        assert_eq!(
            correction.corrected(&start, 10 - MATE_BOUND),
            1 - MATE_BOUND
        );
        // The largest error learnt stays within an i32 and the limit.
        correction.update(&start, 1000, MATE_BOUND + 500);
        assert!(correction.correction(&start) <= params::corr_limit());
    }
}
