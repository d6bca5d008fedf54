//! python-chess, a UCI client that no one here wrote, drives the engine through a session
//! (tests/python/client_smoke.py): handshake, options, play, analysis, ponder, quit.

use std::process::Command;

#[test]
fn python_chess_client_session_passes() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/client_smoke.py");
    let output = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_engine"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is missing: pip install chess"
    );
    assert!(
        output.status.success(),
        "python-chess session failed:\n{stdout}\n{stderr}"
    );
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        last.ends_with(" passed, 0 failed") && !last.starts_with("0 passed"),
        "{stdout}"
    );
}
