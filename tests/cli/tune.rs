//! Tuning from data through the binary: `engine play --labels` writes labelled positions that
//! read back, and `engine tune` lowers the error on the committed sample and writes weights as
//! the source of `src/eval/values.rs`.

use std::path::PathBuf;

use crate::common::run;
use engine::board::epd;
use engine::tools::labels;

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("engine-tune-test-{}-{name}", std::process::id()))
}

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/tune-sample.epd");

/// The number after `prefix` on the line that starts with it, and after `field`.
fn error_of(stdout: &str, prefix: &str, field: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}' in\n{stdout}"));
    let rest = &line[line.find(field).expect("the field") + field.len()..];
    rest.trim_start()
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after '{field}' in {line}"))
}

#[test]
fn play_writes_labelled_positions_that_read_back() {
    let path = temp_path("labels.epd");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/openings-tune.epd");
    let path_text = path.to_str().expect("a UTF-8 temp path");
    let out = run(
        &[
            "play",
            "--white",
            "Depth=3",
            "--black",
            "Depth=2",
            "--games",
            "2",
            "--openings",
            openings,
            "--labels",
            path_text,
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let text = std::fs::read_to_string(&path).expect("the labels file was written");
    std::fs::remove_file(&path).expect("removable");
    let results: Vec<&str> = out
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("Game "))
        .filter_map(|l| l.split(": ").nth(2)?.split_whitespace().next())
        .collect();
    assert_eq!(results.len(), 2, "{}", out.stdout);
    let records = epd::parse(&text).expect("the file is EPD");
    assert!(records.len() > 10, "{text}");
    for record in &records {
        let labelled = labels::parse_record(record).expect("each record has a result");
        let text = record.operation("c9").expect("a c9 operation");
        assert!(
            results.contains(&text.as_str()),
            "{text} not in {results:?}"
        );
        assert!(!shakmaty::Position::is_check(&labelled.position));
    }
}

#[test]
fn tune_lowers_the_error_and_writes_the_weights_as_source() {
    let path = temp_path("values.rs");
    let path_text = path.to_str().expect("a UTF-8 temp path");
    let out = run(
        &[
            "tune",
            SAMPLE,
            "--epochs",
            "30",
            "--every",
            "10",
            "--rate",
            "2",
            "--holdout",
            "0",
            "--out",
            path_text,
        ],
        "",
    );
    assert!(out.status.success(), "{}", out.stderr);
    let source = std::fs::read_to_string(&path).expect("the weights were written");
    std::fs::remove_file(&path).expect("removable");
    assert!(out
        .stdout
        .starts_with("Positions: 1500 (1500 training, 0 validation)\nK: "));
    assert_eq!(out.stdout.matches("Epoch ").count(), 3, "{}", out.stdout);
    assert!(out
        .stdout
        .contains("Kept: the weights after 30 of 30 steps"));
    let before = error_of(&out.stdout, "Error before", "training");
    let after = error_of(&out.stdout, "Error after", "training");
    assert!(after < before, "{}", out.stdout);
    assert!(
        source.contains("pub const WEIGHTS: Weights = Weights {"),
        "{source}"
    );
    assert!(source.contains(&format!("error {before:.6} -> {after:.6} (training)")));
    let current = include_str!("../../src/eval/values.rs");
    assert_ne!(source, current);
    assert_eq!(source.lines().count(), current.lines().count());
}

#[test]
fn tune_refuses_unlabelled_or_missing_files() {
    let path = temp_path("unlabelled.epd");
    std::fs::write(
        &path,
        "4k3/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";\n4k3/8/8/8/8/8/8/4K3 w - -\n",
    )
    .expect("writable");
    let out = run(&["tune", path.to_str().expect("UTF-8")], "");
    std::fs::remove_file(&path).expect("removable");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.contains("line 2") && out.stderr.contains("no result"),
        "{}",
        out.stderr
    );
    let out = run(&["tune", "/nonexistent/labels.epd"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
    let out = run(&["tune", SAMPLE, "--rate", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
