//! The hand-run scripts' own checks, by the doctests of their modules: the SPRT script's
//! statistics (`scripts/sprt_stats.py`) reproduce fastchess's reports of this project's matches,
//! and the SPSA script's schedule (`scripts/spsa.py`) ends at each parameter's c_end and r_end,
//! and a win moves theta towards the side that won, within the parameter's range.

use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs a script's doctests and checks that `passed` of them ran and passed.
fn doctests_pass(script: &str, passed: usize) {
    let out = Command::new("python3")
        .args(["-m", "doctest", "-v", script])
        .current_dir(ROOT)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "doctests failed:\n{stdout}");
    assert!(
        stdout.contains(&format!("{passed} passed and 0 failed")),
        "the doctests did not all run:\n{stdout}"
    );
}

#[test]
fn the_sprt_statistics_reproduce_fastchess_reports() {
    doctests_pass("scripts/sprt_stats.py", 6);
}

#[test]
fn the_spsa_schedule_ends_at_each_parameters_c_end_and_r_end() {
    doctests_pass("scripts/spsa.py", 7);
}
