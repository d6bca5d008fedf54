//! Whole games driven by python-chess (tests/python/match.py): legal moves, proper endings,
//! no time forfeits under the harness's own clock, no stalls. The only test in this binary, so
//! that nothing else runs beside the timed games.

#[test]
fn python_chess_matches_complete_without_faults() {
    crate::common::run_python_script("match.py");
}
