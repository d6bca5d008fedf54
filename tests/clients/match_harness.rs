//! Whole games driven by python-chess (tests/python/match.py, its CI set): legal moves, proper
//! endings, no stalls, each move limited by depth, nodes or `go movetime` (answered within
//! 4 × movetime + 5 s), never by a clock, so that a loaded machine cannot lose a game on
//! time, though it runs beside the other tests of this binary; and one result: IterativeDeepening
//! at depth 4 scores at least 7.5 of 8 against the random player (an engine no stronger than it
//! does so with probability at most 1/256). The clocked games are a soak run by hand on an idle
//! machine (`--clocked`, `--soak N`).

#[test]
fn python_chess_matches_complete_without_faults_and_id_beats_random() {
    crate::common::run_python_script("match.py");
}
