//! Unit tests of the positional evaluator's terms.

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
    assert_eq!(white.passed_pawns, WEIGHTS.passed_pawn[4]);
    let black = side(fen, Color::Black);
    // Black's e5 is stopped by e4 in front of it: not passed.
    assert_eq!(black.passed_pawns, Pair::default());
    // A black pawn on a2 stands on its own 7th rank (index 6).
    let black = side("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", Color::Black);
    assert_eq!(black.passed_pawns, WEIGHTS.passed_pawn[6]);
}

#[test]
fn a_pawn_beside_an_enemy_pawn_ahead_is_not_passed() {
    // An enemy pawn ahead on a neighbouring file (e5 for d4) can stop the pawn.
    let white = side("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1", Color::White);
    assert_eq!(white.passed_pawns, Pair::default());
    // Level with the enemy pawn: e5 cannot come back, so d5 is passed.
    let white = side("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1", Color::White);
    assert_eq!(white.passed_pawns, WEIGHTS.passed_pawn[4]);
}

#[test]
fn isolated_and_doubled_pawns_are_counted() {
    // White: a2 isolated; c2, c3 doubled (one counted) and isolated both; Black: f7 g7 fine.
    let white = side("4k3/5pp1/8/8/8/2P5/P1P5/4K3 w - - 0 1", Color::White);
    assert_eq!(white.isolated_pawns, WEIGHTS.isolated_pawn * 3);
    assert_eq!(white.doubled_pawns, WEIGHTS.doubled_pawn);
    let black = side("4k3/5pp1/8/8/8/2P5/P1P5/4K3 w - - 0 1", Color::Black);
    assert_eq!(black.isolated_pawns, Pair::default());
    assert_eq!(black.doubled_pawns, Pair::default());
}

#[test]
fn mobility_counts_reachable_squares_beyond_the_base() {
    // A lone knight on d4 reaches 8 squares: 4 beyond the base.
    let white = side("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", Color::White);
    assert_eq!(white.mobility, WEIGHTS.mobility[0] * 4);
    // A knight on a1 reaches 2 squares, one of them (c2) attacked by a black pawn on d3.
    let white = side("4k3/8/8/8/8/3p4/8/N3K3 w - - 0 1", Color::White);
    assert_eq!(white.mobility, WEIGHTS.mobility[0] * (1 - 4));
}

#[test]
fn bishop_pair_and_rook_files() {
    let fen = "r3k3/p7/8/8/8/8/8/R1BBK2R w - - 0 1";
    let white = side(fen, Color::White);
    assert_eq!(white.bishop_pair, WEIGHTS.bishop_pair);
    // a1 is half-open (Black's a7), h1 open.
    assert_eq!(
        white.rook_files,
        WEIGHTS.rook_half_open_file + WEIGHTS.rook_open_file
    );
    let black = side(fen, Color::Black);
    assert_eq!(black.bishop_pair, Pair::default());
    // a8 stands behind Black's own a7 pawn.
    assert_eq!(black.rook_files, Pair::default());
}

#[test]
fn king_safety_counts_the_shield_and_the_attack() {
    // White's castled king with f2 g2 h2 has a full first-rank shield; no attackers.
    let white = side("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", Color::White);
    assert_eq!(white.king_safety, WEIGHTS.pawn_shield[0] * 3);
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
