//! Whole games driven by python-chess (tests/python/match.py): legal moves, proper endings,
//! no time forfeits under the harness's own clock, no stalls. The only test in this binary, so
//! that nothing else runs beside the timed games.

use std::process::Command;

#[test]
fn python_chess_matches_complete_without_faults() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/match.py");
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
        "match harness failed:\n{stdout}\n{stderr}"
    );
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        last.ends_with(" passed, 0 failed") && !last.starts_with("0 passed"),
        "{stdout}"
    );
}
