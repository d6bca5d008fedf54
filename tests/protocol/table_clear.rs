//! `ucinewgame` and `Clear Hash` give the table fresh zeroed memory: a clear writes nothing,
//! so the process does not grow to the size of the table.

use crate::common::Engine;

/// The resident memory of process `pid`, in MB (Linux: /proc/PID/status).
fn resident_mb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[test]
fn clearing_a_large_table_takes_no_resident_memory() {
    let mut engine = Engine::start();
    let out = engine.command("setoption name Hash value 512");
    assert!(out.is_empty(), "{out:?}");
    let Some(before) = resident_mb(engine.pid()) else {
        return; // Not Linux: nothing to measure.
    };
    for clear in ["ucinewgame", "setoption name Clear Hash"] {
        let out = engine.command(clear);
        assert!(out.is_empty(), "{clear}: {out:?}");
        let after = resident_mb(engine.pid()).expect("still running");
        assert!(
            after < before + 128,
            "{clear}: resident memory grew from {before} MB to {after} MB"
        );
    }
    // The cleared table still works.
    let (_, answer) = engine.go("go depth 6");
    crate::common::assert_legal_answer(crate::common::START_FEN, &[], &answer);
}
