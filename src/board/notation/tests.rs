use super::*;

/// Stockfish 15.1's `d` diagram of this position (after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6), as it
/// prints it: the board rows and the file letters.
const STOCKFISH_DIAGRAM: &str = " +---+---+---+---+---+---+---+---+
 | r |   | b | q | k | b |   | r | 8
 +---+---+---+---+---+---+---+---+
 | p | p | p | p |   | p | p | p | 7
 +---+---+---+---+---+---+---+---+
 |   |   | n |   |   | n |   |   | 6
 +---+---+---+---+---+---+---+---+
 |   |   |   |   | p |   |   | Q | 5
 +---+---+---+---+---+---+---+---+
 |   |   | B |   | P |   |   |   | 4
 +---+---+---+---+---+---+---+---+
 |   |   |   |   |   |   |   |   | 3
 +---+---+---+---+---+---+---+---+
 | P | P | P | P |   | P | P | P | 2
 +---+---+---+---+---+---+---+---+
 | R | N | B |   | K |   | N | R | 1
 +---+---+---+---+---+---+---+---+
   a   b   c   d   e   f   g   h";

#[test]
fn the_diagram_is_stockfishs() {
    let pos = test_position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    assert_eq!(diagram(&pos), STOCKFISH_DIAGRAM);
}

#[test]
fn a_clock_that_is_not_a_number_is_named() {
    for (fen, field) in [
        ("8/8/8/8/8/8/8/K6k w - - x 1", "halfmove clock"),
        ("8/8/8/8/8/8/8/K6k w - - 0 -1", "fullmove number"),
    ] {
        let error = parse_fen(fen).expect_err(fen);
        assert!(
            error.contains(&format!("FEN {field} must be a whole number")),
            "{fen}: {error}"
        );
    }
}

#[test]
fn a_bad_rank_is_named_by_its_number_counted_from_the_top() {
    for (board, rank) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR",
            "rank 2 has 7 squares",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rank 7 has an unknown piece letter 'x'",
        ),
    ] {
        let error = parse_fen(&format!("{board} w KQkq - 0 1")).expect_err(board);
        assert!(error.contains(&format!("FEN {rank}")), "{board}: {error}");
    }
}
