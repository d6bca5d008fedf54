//! `engine play --pgn`: python-chess reads every game back and replays it
//! (tests/python/pgn_check.py); a PGN file that cannot be opened is an error before any game.

#[test]
fn python_chess_reads_back_every_game() {
    crate::common::run_python_script("pgn_check.py");
}

#[test]
fn a_pgn_file_that_cannot_be_opened_fails_before_any_game() {
    let run = crate::common::run(
        &[
            "play",
            "--white",
            "Search=Random",
            "--black",
            "Search=Random",
            "--pgn",
            "/nonexistent-directory/games.pgn",
        ],
        "",
    );
    assert_eq!(run.status.code(), Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("cannot open /nonexistent-directory/games.pgn"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "", "no game was played");
}
