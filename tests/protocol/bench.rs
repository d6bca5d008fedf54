//! `bench` in the UCI loop: the lines of `engine bench` (the totals on stdout, each position on
//! stderr), the signature README.md records, `isready` answered and `stop` obeyed while it runs,
//! and a bad depth refused with one `info string`.

use std::time::Duration;

use crate::common::{run, run_within, Engine, Run};

/// The prefixes of the three lines `bench` prints on stdout, in order.
const TOTALS: [&str; 3] = ["Total time (ms): ", "Nodes searched: ", "Nodes/second: "];

/// The stdout lines of a bench run, checked to be the three totals; returns the node total.
fn totals(run: &Run) -> u64 {
    assert!(run.status.success(), "{}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), TOTALS.len(), "{}", run.stdout);
    for (line, prefix) in lines.iter().zip(TOTALS) {
        let number = line
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{line}"));
        assert!(number.parse::<u64>().is_ok(), "{line}");
    }
    lines[1][TOTALS[1].len()..].parse().expect("a node count")
}

/// The signature README.md records on its one line with `Nodes searched: N`.
fn recorded_signature() -> u64 {
    let readme = include_str!("../../README.md");
    let (_, after) = readme
        .split_once("Nodes searched: ")
        .expect("README.md records the signature");
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a number")
}

#[test]
fn bench_in_the_loop_prints_the_signature_readme_records() {
    // The full bench at the default depth: some 2 s on an idle machine, minutes on a loaded one.
    let looped = run_within(&[], b"bench\n", Duration::from_secs(900));
    assert_eq!(totals(&looped), recorded_signature());
    assert!(
        looped.stderr.contains("Position  1/38: ") && looped.stderr.contains("Position 38/38: "),
        "progress on stderr: {}",
        looped.stderr
    );
}

#[test]
fn bench_in_the_loop_prints_what_the_command_line_prints() {
    let looped = run(&[], "bench 3\n");
    let command_line = run(&["bench", "3"], "");
    assert_eq!(totals(&looped), totals(&command_line));
    let positions = |run: &Run| -> Vec<String> {
        run.stderr
            .lines()
            .filter(|l| l.starts_with("Position "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(positions(&looped).len(), 38, "{}", looped.stderr);
    assert_eq!(positions(&looped), positions(&command_line));
    // The options set before it apply, as `--set` does on the command line.
    let material = run(&[], "setoption name Evaluation value Material\nbench 3\n");
    let material_line = run(&["--set", "Evaluation=Material", "bench", "3"], "");
    assert_eq!(totals(&material), totals(&material_line));
    assert_ne!(totals(&material), totals(&looped));
}

#[test]
fn isready_is_answered_and_stop_obeyed_during_a_bench() {
    let mut engine = Engine::start();
    // Depth 30 on 38 positions would run for hours.
    engine.send("bench 30");
    assert!(engine.sync().is_empty(), "{:?}", engine.transcript);
    engine.send("stop");
    let lines = engine.read_until("'bench stopped'", |l| l.starts_with("info string"));
    assert_eq!(lines, ["info string bench stopped"]);
    // Idle again: a search starts at once and no totals were printed.
    let (_, best) = engine.go("go depth 1");
    assert_ne!(best.best, "(none)");
    assert!(
        !engine.transcript.iter().any(|l| l.starts_with("Nodes")),
        "{:?}",
        engine.transcript
    );
}

#[test]
fn a_bad_bench_depth_gets_one_info_string_and_nothing_runs() {
    let mut engine = Engine::start();
    for line in ["bench 0", "bench 65", "bench x", "bench 4 2"] {
        let answer = engine.command(line);
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with("info string bench "),
            "{line}: {answer:?}"
        );
    }
    assert!(!engine.stderr().contains("Position"), "{}", engine.stderr());
}
