//! The positional evaluator: PeSTO's material and piece-square tables, tapered between the
//! middlegame and the endgame by the game phase, plus pawn structure (passed, isolated and
//! doubled pawns), mobility, king safety, the bishop pair, rooks on open and half-open files,
//! and a tempo bonus for the side to move. Everything comes from bitboards; nothing allocates.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Color, Role, Square};

use super::psqt;
use super::tapered::{pair, phase, Pair};
use super::Score;

/// Passed pawn bonus by rank counted from the pawn's own side (rank 1 = 0).
const PASSED_PAWN: [Pair; 8] = [
    pair(0, 0),
    pair(2, 6),
    pair(5, 12),
    pair(10, 22),
    pair(20, 38),
    pair(35, 60),
    pair(50, 85),
    pair(0, 0),
];
/// Per pawn with no pawn of its side on a neighbouring file.
const ISOLATED_PAWN: Pair = pair(-10, -14);
/// Per pawn with another pawn of its side in front of it on its file.
const DOUBLED_PAWN: Pair = pair(-10, -22);
/// Per square a piece reaches beyond [`MOBILITY_BASE`] (knight, bishop, rook, queen).
const MOBILITY: [Pair; 4] = [pair(4, 4), pair(5, 5), pair(2, 4), pair(1, 2)];
/// The number of squares a piece of each role is expected to reach; fewer costs.
const MOBILITY_BASE: [Score; 4] = [4, 6, 6, 12];
/// Attack units per square of the enemy king's zone that a knight, bishop, rook, queen attacks.
const KING_ATTACK_UNITS: [Score; 4] = [2, 2, 3, 5];
/// The king's danger is units² / this, once two pieces attack its zone (middlegame only).
const KING_DANGER_DIVISOR: Score = 4;
/// The most the king's danger can cost.
const KING_DANGER_MAX: Score = 500;
/// Per pawn of the king's side on the three files around it, one and two ranks in front.
const PAWN_SHIELD: [Pair; 2] = [pair(12, 0), pair(6, 0)];
const BISHOP_PAIR: Pair = pair(30, 50);
const ROOK_OPEN_FILE: Pair = pair(25, 10);
const ROOK_HALF_OPEN_FILE: Pair = pair(12, 6);
/// For the side to move.
pub const TEMPO: Pair = pair(10, 10);

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

    #[inline]
    pub fn sum(&self) -> Pair {
        self.passed_pawns
            + self.isolated_pawns
            + self.doubled_pawns
            + self.mobility
            + self.king_safety
            + self.bishop_pair
            + self.rook_files
    }
}

/// The evaluation from the side to move's point of view, with `psqt_balance` the material and
/// square bonuses (White's minus Black's), as [`psqt::balance`] counts them or the search keeps them.
#[inline]
pub fn evaluate_with(board: &Board, turn: Color, psqt_balance: Pair) -> Score {
    let [black, white] = terms(board);
    let (tempo, sign) = match turn {
        Color::White => (TEMPO, 1),
        Color::Black => (-TEMPO, -1),
    };
    sign * (psqt_balance + white.sum() - black.sum() + tempo).taper(phase(board))
}

/// The evaluation from the side to move's point of view, counted from scratch.
pub fn evaluate(board: &Board, turn: Color) -> Score {
    evaluate_with(board, turn, psqt::balance(board))
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

/// What one side's pieces do: their mobility, and their attack on the enemy king's zone.
#[derive(Clone, Copy, Default)]
struct Activity {
    mobility: Pair,
    rook_files: Pair,
    king_attackers: Score,
    king_attack_units: Score,
}

/// The squares around the king of `color`, its own square included.
#[inline]
fn king_zone(board: &Board, color: Color) -> u64 {
    board
        .king_of(color)
        .map_or(0, |k| (king_attacks(k) | Bitboard::from_square(k)).0)
}

/// The mobility and king attack of `us`'s knights, bishops, rooks and queens, and its rooks' files.
fn activity(board: &Board, us: Color) -> Activity {
    let occupied = board.occupied();
    let ours = board.by_color(us).0;
    let our_pawns = ours & board.pawns().0;
    let their_pawns = board.pawns().0 & !ours;
    let area = !(our_pawns | (ours & board.kings().0)) & !pawn_attacks(!us, their_pawns);
    let zone = king_zone(board, !us);
    let mut activity = Activity::default();
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
            activity.mobility += MOBILITY[index] * (count(attacks & area) - MOBILITY_BASE[index]);
            let on_zone = count(attacks & zone);
            if on_zone > 0 {
                activity.king_attackers += 1;
                activity.king_attack_units += KING_ATTACK_UNITS[index] * on_zone;
            }
            if role == Role::Rook {
                activity.rook_files += rook_file(sq, our_pawns, their_pawns);
            }
        }
    }
    activity
}

/// The bonus of a rook on `sq`: its file open (no pawn) or half-open (no pawn of its side).
#[inline]
fn rook_file(sq: Square, our_pawns: u64, their_pawns: u64) -> Pair {
    let file = Bitboard::from_file(sq.file()).0;
    if file & our_pawns != 0 {
        Pair::default()
    } else if file & their_pawns != 0 {
        ROOK_HALF_OPEN_FILE
    } else {
        ROOK_OPEN_FILE
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

/// Passed, isolated and doubled pawns of `us`.
fn pawn_structure(board: &Board, us: Color) -> (Pair, Pair, Pair) {
    let ours = board.by_color(us).0 & board.pawns().0;
    let theirs = board.pawns().0 & !ours;
    // Squares the enemy pawns could still stop a pawn on: in front of them, and beside that.
    let their_span = ahead(!us, theirs);
    let stoppers = their_span | east(their_span) | west(their_span);
    let behind_ours = ahead(!us, ours);
    let mut passed = Pair::default();
    for sq in Bitboard(ours & !stoppers & !behind_ours) {
        passed += PASSED_PAWN[relative_rank(us, sq)];
    }
    let our_files = files_of(ours);
    let isolated = ours & !(east(our_files) | west(our_files));
    let doubled = ours & behind_ours;
    (
        passed,
        ISOLATED_PAWN * count(isolated),
        DOUBLED_PAWN * count(doubled),
    )
}

/// The pawn shield in front of `us`'s king.
fn pawn_shield(board: &Board, us: Color) -> Pair {
    let Some(king) = board.king_of(us) else {
        return Pair::default();
    };
    let ours = board.by_color(us).0 & board.pawns().0;
    let k = Bitboard::from_square(king).0;
    let first = forward(us, k | east(k) | west(k));
    let second = forward(us, first);
    PAWN_SHIELD[0] * count(ours & first) + PAWN_SHIELD[1] * count(ours & second)
}

/// What the enemy's attack on a king's zone costs it.
#[inline]
fn king_danger(enemy: &Activity) -> Pair {
    if enemy.king_attackers < 2 {
        return Pair::default();
    }
    let units = enemy.king_attack_units;
    pair(
        -(units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX),
        0,
    )
}

/// Both sides' terms, indexed by colour (`Color::Black as usize`, `Color::White as usize`).
pub fn terms(board: &Board) -> [SideTerms; 2] {
    let activities = [activity(board, Color::Black), activity(board, Color::White)];
    [Color::Black, Color::White].map(|us| {
        let (passed_pawns, isolated_pawns, doubled_pawns) = pawn_structure(board, us);
        let own = &activities[us as usize];
        let enemy = &activities[!us as usize];
        let bishops = (board.bishops() & board.by_color(us)).count();
        SideTerms {
            passed_pawns,
            isolated_pawns,
            doubled_pawns,
            mobility: own.mobility,
            king_safety: pawn_shield(board, us) + king_danger(enemy),
            bishop_pair: if bishops >= 2 {
                BISHOP_PAIR
            } else {
                Pair::default()
            },
            rook_files: own.rook_files,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        let fen: Fen = fen.parse().expect("test FEN parses");
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("test FEN is legal");
        pos.board().clone()
    }

    fn side(fen: &str, color: Color) -> SideTerms {
        terms(&board(fen))[color as usize]
    }

    #[test]
    fn the_start_position_scores_the_tempo() {
        let start = Board::default();
        assert_eq!(evaluate(&start, Color::White), TEMPO.mg);
        assert_eq!(evaluate(&start, Color::Black), TEMPO.mg);
        let [black, white] = terms(&start);
        assert_eq!(black, white);
    }

    #[test]
    fn passed_pawns_are_found_and_scored_by_rank() {
        // White's a5 is passed (its 5th rank, index 4); e4 and d2 face Black's e5.
        let fen = "4k3/8/8/P3p3/4P3/8/3P4/4K3 w - - 0 1";
        let white = side(fen, Color::White);
        assert_eq!(white.passed_pawns, PASSED_PAWN[4]);
        let black = side(fen, Color::Black);
        // Black's e5 is stopped by e4 in front of it: not passed.
        assert_eq!(black.passed_pawns, Pair::default());
        // A black pawn on a2 stands on its own 7th rank (index 6).
        let black = side("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", Color::Black);
        assert_eq!(black.passed_pawns, PASSED_PAWN[6]);
    }

    #[test]
    fn a_pawn_beside_an_enemy_pawn_ahead_is_not_passed() {
        // An enemy pawn ahead on a neighbouring file (e5 for d4) can stop the pawn.
        let white = side("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", Color::White);
        assert_eq!(white.passed_pawns, Pair::default());
        // Level with the enemy pawn: e5 cannot come back, so d5 is passed.
        let white = side("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1", Color::White);
        assert_eq!(white.passed_pawns, PASSED_PAWN[4]);
    }

    #[test]
    fn isolated_and_doubled_pawns_are_counted() {
        // White: a2 isolated; c2, c3 doubled (one counted) and isolated both; Black: f7 g7 fine.
        let white = side("4k3/5pp1/8/8/8/2P5/P1P5/4K3 w - - 0 1", Color::White);
        assert_eq!(white.isolated_pawns, ISOLATED_PAWN * 3);
        assert_eq!(white.doubled_pawns, DOUBLED_PAWN);
        let black = side("4k3/5pp1/8/8/8/2P5/P1P5/4K3 w - - 0 1", Color::Black);
        assert_eq!(black.isolated_pawns, Pair::default());
        assert_eq!(black.doubled_pawns, Pair::default());
    }

    #[test]
    fn mobility_counts_reachable_squares_beyond_the_base() {
        // A lone knight on d4 reaches 8 squares: 4 beyond the base.
        let white = side("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", Color::White);
        assert_eq!(white.mobility, MOBILITY[0] * 4);
        // A knight on a1 reaches 2 squares, one of them (c2) attacked by a black pawn on d3.
        let white = side("4k3/8/8/8/8/3p4/8/N3K3 w - - 0 1", Color::White);
        assert_eq!(white.mobility, MOBILITY[0] * (1 - 4));
    }

    #[test]
    fn bishop_pair_and_rook_files() {
        let fen = "r3k3/p7/8/8/8/8/8/R1BBK2R w - - 0 1";
        let white = side(fen, Color::White);
        assert_eq!(white.bishop_pair, BISHOP_PAIR);
        // a1 is half-open (Black's a7), h1 open.
        assert_eq!(white.rook_files, ROOK_HALF_OPEN_FILE + ROOK_OPEN_FILE);
        let black = side(fen, Color::Black);
        assert_eq!(black.bishop_pair, Pair::default());
        // a8 stands behind Black's own a7 pawn.
        assert_eq!(black.rook_files, Pair::default());
    }

    #[test]
    fn king_safety_counts_the_shield_and_the_attack() {
        // White's castled king with f2 g2 h2 has a full first-rank shield; no attackers.
        let white = side("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White);
        assert_eq!(white.king_safety, PAWN_SHIELD[0] * 3);
        // A queen on h4 and a knight on f4 both reach the zone of the bare king on g1.
        let fen = "4k3/8/8/8/5n1q/8/8/6K1 w - - 0 1";
        let white = side(fen, Color::White);
        let b = board(fen);
        let zone = king_zone(&b, Color::White);
        let occupied = b.occupied();
        let queen = count(queen_attacks(Square::H4, occupied).0 & zone);
        let knight = count(knight_attacks(Square::F4).0 & zone);
        assert!(queen > 0 && knight > 0);
        let units = KING_ATTACK_UNITS[3] * queen + KING_ATTACK_UNITS[0] * knight;
        assert_eq!(
            white.king_safety,
            pair(-(units * units / KING_DANGER_DIVISOR), 0)
        );
    }
}
