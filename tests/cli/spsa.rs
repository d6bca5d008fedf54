//! The `tune` build (`cargo test --release --features tune`): every search parameter is a UCI
//! spin option with its default and range, `engine spsa` prints OpenBench's SPSA input, each
//! parameter of the search changes the tree it visits (the history's fade, the tree of the next
//! search), and each of the time manager's is read by `src/search/time.rs` and changes what a
//! search spends.

#![cfg(feature = "tune")]

use engine::search::pvs::params::{Param, PARAMS};

use crate::common::{number_after, run, Engine};

/// Kiwipete: castling both ways, pins, captures and promotions near, for a bushy search.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The node total of `engine --set Evaluation=Material [--set ...] bench depth`.
fn bench_nodes(setting: Option<&str>, depth: u32) -> u64 {
    let depth = depth.to_string();
    let mut args = vec!["--set", "Evaluation=Material"];
    if let Some(setting) = setting {
        args.extend(["--set", setting]);
    }
    args.extend(["bench", &depth]);
    let run = run(&args, "");
    assert!(run.status.success(), "{args:?}: {}", run.stderr);
    let line = run
        .lines()
        .into_iter()
        .find_map(|l| l.strip_prefix("Nodes searched: "));
    line.and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{args:?}: {}", run.stdout))
}

/// Whether `param` is one of the time manager's (a bench to a depth keeps no clock).
fn is_time_parameter(param: &Param) -> bool {
    param.name.starts_with("tm_")
}

/// The parameters read only between searches, which a bench (each position from an empty
/// table and history) never reaches.
const BETWEEN_SEARCHES: [&str; 1] = ["history_fade"];

/// The nodes of the second of two searches to depth 8 in one engine, after `setoption`: from
/// the start position, then after 1. e4 e5.
fn nodes_of_the_next_search(setoption: &str) -> u64 {
    let mut engine = Engine::start();
    engine.command("setoption name Evaluation value Material");
    engine.command(setoption);
    engine.command("position startpos");
    engine.go("go depth 8");
    engine.command("position startpos moves e2e4 e7e5");
    let (lines, _) = engine.go("go depth 8");
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).cloned();
    last.and_then(|line| number_after(&line, "nodes"))
        .expect("a depth line with nodes")
}

/// The nodes of a search at `UCI_Elo` 2000 (one line within 15,000 soft nodes, spent as a
/// clock's time is) from Kiwipete, after `setoption`.
fn soft_nodes_spent(setoption: &str) -> u64 {
    let mut engine = Engine::start();
    for option in ["UCI_LimitStrength value true", "UCI_Elo value 2000"] {
        engine.command(&format!("setoption name {option}"));
    }
    engine.command(setoption);
    engine.command(&format!("position fen {KIWIPETE}"));
    let (lines, _) = engine.go("go depth 40");
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).cloned();
    last.and_then(|line| number_after(&line, "nodes"))
        .expect("a depth line with nodes")
}

/// Whether setting `param` to its minimum or its maximum changes the nodes of a bench, at depth
/// 7 or, failing that, at depth 9 (the null move's evaluation term only matters deeper).
fn changes_the_tree(param: &Param, defaults: &[u64; 2]) -> bool {
    [7, 9].into_iter().zip(defaults).any(|(depth, &default)| {
        [param.min, param.max].into_iter().any(|value| {
            let setting = format!("{}={value}", param.name);
            bench_nodes(Some(&setting), depth) != default
        })
    })
}

#[test]
fn uci_lists_every_search_parameter_as_a_spin_with_its_default_and_range() {
    let uci = run(&[], "uci\nquit\n");
    let lines = uci.lines();
    let first = lines
        .iter()
        .position(|line| line.starts_with(&format!("option name {} ", PARAMS[0].name)))
        .expect("the first parameter's option");
    let before = &lines[..first];
    assert!(
        before
            .iter()
            .any(|line| line.starts_with("option name Hash ")),
        "after the engine's options"
    );
    for param in PARAMS {
        let name = format!("option name {} ", param.name);
        assert!(
            !before.iter().any(|line| line.starts_with(&name)),
            "{} among the engine's options",
            param.name
        );
    }
    for (line, param) in lines[first..].iter().zip(PARAMS) {
        let Param {
            name,
            default,
            min,
            max,
            ..
        } = param;
        let expected =
            format!("option name {name} type spin default {default} min {min} max {max}");
        assert_eq!(*line, expected);
    }
    assert_eq!(lines[first + PARAMS.len()], "uciok");
}

#[test]
fn spsa_prints_one_line_per_parameter_from_the_values_of_set() {
    let spsa = run(&["--set", "rfp_margin=97", "spsa"], "");
    assert!(spsa.status.success(), "{}", spsa.stderr);
    let lines = spsa.lines();
    assert_eq!(lines.len(), PARAMS.len());
    for (line, param) in lines.iter().zip(PARAMS) {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(fields.len(), 7, "{line}");
        let start = if param.name == "rfp_margin" {
            97
        } else {
            param.default
        };
        let numbers = [start, param.min, param.max].map(|n| n.to_string());
        assert_eq!(
            fields[..5],
            [param.name, "int", &numbers[0], &numbers[1], &numbers[2]]
        );
        assert!(
            fields[5].parse::<f64>().is_ok_and(|c_end| c_end >= 0.5),
            "{line}"
        );
        assert_eq!(fields[6], "0.002", "{line}");
    }
    let refused = run(&["--set", "rfp_margin=151", "spsa"], "");
    assert_eq!(
        refused.status.code(),
        Some(2),
        "out of range: {}",
        refused.stdout
    );
}

#[test]
fn a_parameter_set_through_setoption_changes_the_search() {
    let nodes = |setoption: &str| {
        let mut engine = Engine::start();
        engine.command("setoption name Evaluation value Material");
        engine.command(setoption);
        engine.command(&format!("position fen {KIWIPETE}"));
        let (lines, _) = engine.go("go depth 8");
        let last = lines.iter().rev().find(|l| l.contains(" nodes ")).cloned();
        last.and_then(|line| number_after(&line, "nodes"))
            .expect("a depth line with nodes")
    };
    let default = nodes("setoption name rfp_margin value 80");
    assert_ne!(nodes("setoption name rfp_margin value 150"), default);
    assert_eq!(nodes("isready"), default);
}

#[test]
fn each_search_parameter_changes_the_tree_the_search_visits() {
    let defaults = [bench_nodes(None, 7), bench_nodes(None, 9)];
    let unread: Vec<&str> = PARAMS
        .iter()
        .filter(|param| !is_time_parameter(param) && !BETWEEN_SEARCHES.contains(&param.name))
        .filter(|param| !changes_the_tree(param, &defaults))
        .map(|param| param.name)
        .collect();
    assert!(
        unread.is_empty(),
        "parameters the search does not read: {unread:?}"
    );
}

#[test]
fn each_parameter_read_between_searches_changes_the_tree_of_the_next_search() {
    let default = nodes_of_the_next_search("isready");
    for name in BETWEEN_SEARCHES {
        let param = PARAMS.iter().find(|param| param.name == name);
        let param = param.unwrap_or_else(|| panic!("{name} is a parameter"));
        let changed = [param.min, param.max].into_iter().any(|value| {
            nodes_of_the_next_search(&format!("setoption name {name} value {value}")) != default
        });
        assert!(changed, "{name} does not change the next search");
    }
}

#[test]
fn each_time_parameter_is_read_by_the_time_manager() {
    let time_manager = include_str!("../../src/search/time.rs");
    let time_parameters: Vec<&Param> = PARAMS.iter().filter(|p| is_time_parameter(p)).collect();
    assert!(!time_parameters.is_empty());
    let unread: Vec<&str> = time_parameters
        .iter()
        .map(|param| param.name)
        .filter(|name| !time_manager.contains(&format!("params::{name}()")))
        .collect();
    assert!(
        unread.is_empty(),
        "time parameters time.rs does not read: {unread:?}"
    );
}

#[test]
fn a_time_parameter_set_through_setoption_changes_what_a_search_spends() {
    // Kiwipete's best move holds from depth 1: after depth 7 the soft nodes are scaled by the
    // fifth stability entry.
    let default = soft_nodes_spent("setoption name tm_stability_4_percent value 80");
    assert_ne!(
        soft_nodes_spent("setoption name tm_stability_4_percent value 30"),
        default
    );
    assert_ne!(
        soft_nodes_spent("setoption name tm_stability_4_percent value 150"),
        default
    );
    assert_eq!(soft_nodes_spent("isready"), default);
}
