//! python-chess, a UCI client that no one here wrote, drives the engine through a session
//! (tests/python/client_smoke.py): handshake, options, play, analysis, ponder, quit.

mod common;

#[test]
fn python_chess_client_session_passes() {
    common::run_python_script("client_smoke.py");
}
