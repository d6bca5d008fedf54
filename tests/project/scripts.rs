//! The hand-run scripts' own checks: the SPRT script's statistics (`scripts/sprt_stats.py`)
//! reproduce fastchess's reports of this project's matches, by the doctests of the module.

use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_sprt_statistics_reproduce_fastchess_reports() {
    let out = Command::new("python3")
        .args(["-m", "doctest", "-v", "scripts/sprt_stats.py"])
        .current_dir(ROOT)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "doctests failed:\n{stdout}");
    assert!(
        stdout.contains("6 passed and 0 failed"),
        "the doctests did not all run:\n{stdout}"
    );
}
