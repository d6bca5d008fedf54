//! What docs/protocol.md says `go` does with time and with `go mate`, measured through the
//! pipes: `Move Overhead` shortens a `go movetime`, the hard limit under a clock (three fifths
//! of it at most) ends the search well within it whatever the increment, and `go mate N` alone
//! ends after 2N + 7 plies.

use std::time::{Duration, Instant};

use crate::common::Engine;

/// The wall time from `go` to `bestmove` and the deepest `info depth` of `go` after the
/// `setoption` lines of `options` from `position`.
fn answer(position: &str, options: &[(&str, &str)], go: &str) -> (Duration, u64) {
    let mut engine = Engine::start();
    for (name, value) in options {
        engine.command(&format!("setoption name {name} value {value}"));
    }
    engine.command(position);
    let started = Instant::now();
    let (lines, answer) = engine.go(go);
    let spent = started.elapsed();
    assert!(!answer.best.is_empty(), "{go}: {lines:?}");
    let deepest = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .filter_map(|l| crate::common::number_after(l, "depth"))
        .max()
        .unwrap_or(0);
    (spent, deepest)
}

/// `go movetime N` is spent whole less `Move Overhead`: with 5000 of 6000 ms kept in reserve
/// (the option's most) the search ends 1000 ms after `go` (the engine's clock starts after the
/// test's, so the answer comes no sooner); without the option's effect it would end at 6000 ms
/// (no sooner on any machine: the engine's clock is the wall's), as a movetime does with an
/// overhead of 0. The upper bound, 3500 ms, lies halfway: 2.5 s of slack for a loaded machine.
#[test]
fn move_overhead_is_kept_back_from_go_movetime() {
    let position = "position startpos moves e2e4 e7e5";
    let (reserved, _) = answer(position, &[("Move Overhead", "5000")], "go movetime 6000");
    // Halfway between the movetime less the overhead (1000 ms) and the whole movetime.
    let bound = Duration::from_millis(1000 + 5000 / 2);
    assert!(
        reserved >= Duration::from_millis(1000) && reserved < bound,
        "Move Overhead 5000, go movetime 6000: answered after {reserved:?}, not within 1 s to {bound:?}"
    );
    let (whole, _) = answer(position, &[("Move Overhead", "0")], "go movetime 1000");
    assert!(
        whole >= Duration::from_millis(1000),
        "Move Overhead 0, go movetime 1000: answered after {whole:?}"
    );
}

/// Under a clock the hard limit is four bases but never past 3/5 of the clock left (less the
/// overhead), and the soft limit no later than the hard one. With 5 s left and a 200 s
/// increment the base is (5000 − 3 × 10) / 20 + ¾ × 200000 = 150,248 ms, four of them ten
/// minutes: the cap, (5000 − 10) × 3/5 = 2,994 ms, is what bounds the search. The test allows
/// the whole clock, 5 s: 2 s beyond the cap for a loaded machine. Without the cap the soft
/// limit would be the base, 150 s, at least 72 s once scaled (×0.48 at the least): the search
/// would go on far past 5 s (with a 20 s increment, a soft limit of 15 s, it answered after 9 s
/// on the 2-core VM). A cap of the whole clock instead of 3/5 answered within 5 s there (after
/// 3.6–3.75 s): the share, 3/5, is pinned by the unit test
/// `the_last_move_before_the_time_control_gets_three_fifths_of_the_clock` (time/tests.rs).
#[test]
fn the_hard_limit_ends_the_search_within_the_clock_whatever_the_increment() {
    let position = "position startpos moves e2e4 e7e5 g1f3 b8c6";
    let go = "go wtime 5000 btime 5000 winc 200000 binc 200000";
    let (spent, deepest) = answer(position, &[], go);
    // The clock left: a search held by the cap (2,994 ms) ends well within it.
    let bound = Duration::from_millis(5000);
    assert!(
        spent < bound,
        "{go}: answered after {spent:?}, not within {bound:?}"
    );
    assert!(deepest > 1, "{go}: searched to depth {deepest}");
}

/// `go mate N` with no other limit ends after 2N + 7 plies when no mate is found: the last
/// depth searched is exactly 2N + 7 (a king and pawn ending with no mate in sight, where those
/// depths take little time).
#[test]
fn go_mate_alone_ends_after_two_n_plus_seven_plies() {
    let position = "position fen 8/8/4k3/8/8/4K3/4P3/8 w - - 0 1";
    for n in [1, 2, 3] {
        let (_, deepest) = answer(position, &[], &format!("go mate {n}"));
        assert_eq!(deepest, 2 * n + 7, "go mate {n}");
    }
}
