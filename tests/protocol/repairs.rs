//! FENs repaired as Stockfish and python-chess repair them, and a refused `position` that leaves
//! no position: a later `go` answers `bestmove 0000`, never a move of the previous position.

use crate::common::{assert_legal_answer, Engine};

/// FENs Stockfish 15.1 plays after repairing them, and the FEN it shows for each (`d`).
const REPAIRED: [(&str, &str); 3] = [
    (
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 0",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ),
    (
        "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    ),
];

#[test]
fn fens_are_repaired_and_played() {
    let mut engine = Engine::start();
    for (fen, repaired) in REPAIRED {
        engine.send("ucinewgame");
        let out = engine.command(&format!("position fen {fen}"));
        assert!(out.is_empty(), "{fen}: {out:?}");
        assert_eq!(engine.fen(), repaired, "{fen}");
        let (_, answer) = engine.go("go depth 3");
        assert_legal_answer(repaired, &[], &answer);
    }
}

#[test]
fn a_refused_position_leaves_no_position_to_play() {
    let mut engine = Engine::start();
    let refused = [
        "position fen 8/8/8/8/8/8/8/4K3 w - - 0 1",
        "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "position startpos moves e2e4 e2e4",
        "position somewhere",
    ];
    for line in refused {
        engine.command("position startpos moves d2d4");
        let out = engine.command(line);
        assert!(
            out.len() == 1 && out[0].starts_with("info string position refused"),
            "{line}: {out:?}"
        );
        let (lines, answer) = engine.go("go depth 3");
        assert_eq!(answer.best, "0000", "{line}: {lines:?}");
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string no position"),
            "{line}: {lines:?}"
        );
        // `go infinite` too answers at once, without waiting for `stop`.
        let (_, answer) = engine.go("go infinite");
        assert_eq!(answer.best, "0000", "{line}");
        let out = engine.command("d");
        assert!(out.iter().all(|l| l.starts_with("info string no position")));
        // A valid position is played again.
        engine.command("position startpos");
        let (_, answer) = engine.go("go depth 2");
        assert_legal_answer(crate::common::START_FEN, &[], &answer);
    }
}
