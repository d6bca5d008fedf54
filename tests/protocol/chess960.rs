//! Chess960 notation in the protocol's other places: `d` shows X-FEN, and `currmove` and
//! `ponder` write castling king-takes-rook when `UCI_Chess960` is on (as `bestmove` and `pv`
//! do, tested in tests/board).

use crate::common::{word_after, Engine};

/// White: king e1, rooks a1, b1 and g1, castling with the inner b1 rook and with g1; Black the
/// same. X-FEN (python-chess writes it so) names the inner rook by its file: `KBkb`.
const INNER_ROOK_SHREDDER: &str = "rr2k1r1/ppppppp1/8/8/8/8/PPPPPPP1/RR2K1R1 w BGbg - 0 1";
const INNER_ROOK_XFEN: &str = "rr2k1r1/ppppppp1/8/8/8/8/PPPPPPP1/RR2K1R1 w KBkb - 0 1";

/// Black to move; after h7h6, White mates by castling long: the king b1 takes its rook a1.
const CASTLE_MATES_NEXT: &str = "2rkr3/2p1p2p/8/8/8/8/8/RK6 b A - 0 1";

/// The Italian game, White to castle short.
const ITALIAN: &str = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";

#[test]
fn d_shows_x_fen() {
    let mut engine = Engine::start();
    engine.command("setoption name UCI_Chess960 value true");
    for given in [INNER_ROOK_SHREDDER, INNER_ROOK_XFEN] {
        assert!(engine.command(&format!("position fen {given}")).is_empty());
        assert_eq!(engine.fen(), INNER_ROOK_XFEN, "given {given}");
    }
    // Rooks in the corners of a 960 start: X-FEN says KQkq.
    let start = "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1";
    engine.command(&format!("position fen {start}"));
    assert_eq!(
        engine.fen(),
        "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w KQkq - 0 1"
    );
}

#[test]
fn ponder_is_written_king_takes_rook() {
    let mut engine = Engine::start();
    engine.command("setoption name UCI_Chess960 value true");
    engine.command(&format!("position fen {CASTLE_MATES_NEXT}"));
    let (lines, answer) = engine.go("go depth 4 searchmoves h7h6");
    assert_eq!(answer.best, "h7h6", "{lines:?}");
    assert_eq!(answer.ponder.as_deref(), Some("b1a1"), "{lines:?}");
}

/// The first `currmove` of a Minimax search (progress lines come after a second without one)
/// restricted to `castling`.
fn currmove_of_castling(chess960: bool, castling: &str) -> String {
    let mut engine = Engine::start();
    engine.command(&format!("setoption name UCI_Chess960 value {chess960}"));
    engine.command("setoption name Search value Minimax");
    engine.command(ITALIAN);
    engine.send(&format!("go infinite searchmoves {castling}"));
    let lines = engine.read_until("a currmove", |l| l.contains(" currmove "));
    engine.send("stop");
    let (_, best) = engine.read_bestmove();
    assert!(best.starts_with(&format!("bestmove {castling} ")), "{best}");
    let progress = lines.last().expect("the currmove line");
    word_after(progress, "currmove")
        .expect("currmove")
        .to_string()
}

#[test]
fn currmove_is_written_king_takes_rook_in_chess960_only() {
    assert_eq!(currmove_of_castling(true, "e1h1"), "e1h1");
    assert_eq!(currmove_of_castling(false, "e1g1"), "e1g1");
}
