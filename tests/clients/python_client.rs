//! python-chess, a UCI client that no one here wrote, drives the engine through a session
//! (tests/python/client_smoke.py): handshake, options, play, analysis, ponder, quit; a GUI's
//! session; `UCI_ShowWDL`; and the match harness's choice of one match (tests/python/match.py
//! --only).

#[test]
fn python_chess_client_session_passes() {
    crate::common::run_python_script("client_smoke.py");
}

/// A GUI's session (tests/python/gui_session.py): clocked moves, `movetime`, `go ponder` and
/// `ponderhit`, `isready` in a search, `stop`, `quit`, each `go` timed as a share of what it
/// was given.
#[test]
fn a_gui_session_spends_the_time_it_is_given() {
    crate::common::run_python_script("gui_session.py");
}

/// `UCI_ShowWDL` as python-chess reads it (tests/python/wdl.py): `info["wdl"]` on every scored
/// line, its expectation rising with the score, none with the option off.
#[test]
fn python_chess_reads_the_win_draw_loss_chances() {
    crate::common::run_python_script("wdl.py");
}

/// tests/python/match.py --only NAME plays only the CI matches whose name contains NAME, and
/// refuses a name that matches none, listing the names.
#[test]
fn the_match_harness_plays_only_the_named_match() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/match.py");
    let harness = |name: &str| {
        std::process::Command::new("python3")
            .args([script, crate::common::ENGINE, "--only", name])
            .output()
            .expect("python3 runs")
    };
    let played = harness("ID depth 4 vs Random");
    let stdout = String::from_utf8_lossy(&played.stdout);
    assert!(
        played.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let matches: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" games, ") && l.contains(" faults"))
        .collect();
    assert_eq!(matches.len(), 1, "{stdout}");
    assert!(matches[0].starts_with("ID vs Random: 8 games"), "{stdout}");
    // Eight games and the match's required result.
    assert_eq!(
        stdout.lines().last(),
        Some("9 passed, 0 failed"),
        "{stdout}"
    );

    let refused = harness("no such match");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no CI match is named like 'no such match'")
            && stderr.contains("'ID depth 4 vs Random'"),
        "{stderr}"
    );
}
