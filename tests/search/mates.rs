//! IterativeDeepening finds forced mates at exactly the right distance, with a mating first move.
//!
//! positions/mates.epd: 1557 positions, `dm N` the exact mate distance in moves and `bm` every
//! first move that mates in N. Searched to depth 2N-1 (the mate's last move is ply 2N-1), the
//! score must be exactly MATE - (2N-1), the best move one of `bm`, every reported PV legal and
//! the last one the whole mating line. With the selective parts (aspiration windows, null move,
//! late-move reductions, futility) off, as the classic search, and again with the table off;
//! with them on (the default options) two plies deeper, at depth 2N+1. The whole file takes a
//! few seconds in release, so every position is in the normal suite. The searches use the
//! seeds' material evaluator, and the two main claims are checked again with the positional
//! one (the default): a mate's distance does not depend on the evaluator.

use crate::common::search::{config, depth, play_line, read_epd, san_move, search_with, RecordExt};
use engine::board::epd::EpdRecord;
use engine::eval::{mate_distance, Evaluation, MATE};
use engine::search::{SearchConfig, SearchKind, SearchState};
use shakmaty::{Move, Position};

/// A mate problem: the position, the mate distance and every mating first move.
struct Mate {
    epd: EpdRecord,
    moves: u32,
    solutions: Vec<Move>,
}

fn mates() -> Vec<Mate> {
    let records = read_epd("mates.epd");
    assert_eq!(records.len(), 1557, "mates.epd has 1557 positions");
    records
        .into_iter()
        .map(|epd| {
            let game = epd.game();
            let moves = match epd.operands("dm") {
                Some([n]) => n.parse().expect("dm is a number"),
                other => panic!("{}: dm {other:?}", epd.name()),
            };
            let solutions = epd
                .operands("bm")
                .unwrap_or_else(|| panic!("{}: no bm", epd.name()))
                .iter()
                .map(|san| san_move(game.position(), san))
                .collect();
            Mate {
                epd,
                moves,
                solutions,
            }
        })
        .collect()
}

/// Checks every problem with `config`; a description of each failure.
fn solve_all(problems: &[&Mate], config: &SearchConfig, extra_depth: u32) -> Vec<String> {
    let mut failures = Vec::new();
    for problem in problems {
        if let Err(why) = solve(problem, config, extra_depth) {
            failures.push(why);
        }
    }
    failures
}

/// Searches `problem` to depth 2N-1 + `extra_depth`: the score must still be exactly mate in N.
fn solve(problem: &Mate, config: &SearchConfig, extra_depth: u32) -> Result<(), String> {
    let game = problem.epd.game();
    let plies = 2 * problem.moves - 1;
    let search_depth = plies + extra_depth;
    let outcome = search_with(
        &game,
        config,
        &depth(search_depth),
        &mut SearchState::new(1),
    );
    let result = &outcome.result;
    let name = format!(
        "{} ({} dm {})",
        problem.epd.name(),
        problem.epd.fen,
        problem.moves
    );
    let expected = MATE - plies as i32;
    if result.score != expected || mate_distance(result.score) != Some(problem.moves as i32) {
        return Err(format!(
            "{name}: score {} (mate {:?}), expected {expected}",
            result.score,
            mate_distance(result.score)
        ));
    }
    if result.depth != search_depth {
        return Err(format!("{name}: completed depth {}", result.depth));
    }
    let best = result.best.ok_or_else(|| format!("{name}: no best move"))?;
    if !problem.solutions.contains(&best) {
        return Err(format!(
            "{name}: best move {best} is not one of {:?}",
            problem.epd.operands("bm")
        ));
    }
    for iteration in &outcome.iterations {
        play_line(game.position(), &iteration.pv, &name);
    }
    let last = outcome.iterations.last().expect("an iteration");
    if last.pv.first() != Some(&best) {
        return Err(format!(
            "{name}: PV {:?} does not start with {best}",
            last.pv
        ));
    }
    // The PV is the whole mating line: 2N-1 plies ending in checkmate.
    let end = play_line(game.position(), &last.pv, &name);
    if last.pv.len() != plies as usize || !end.is_checkmate() {
        return Err(format!(
            "{name}: PV {:?} is not a mate in {plies} plies",
            last.pv
        ));
    }
    Ok(())
}

fn assert_solved(problems: &[&Mate], config: &SearchConfig, extra_depth: u32, what: &str) {
    let failures = solve_all(problems, config, extra_depth);
    assert!(
        failures.is_empty(),
        "{what}: {} of {} failed:\n{}",
        failures.len(),
        problems.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

/// IterativeDeepening without its selective parts (aspiration windows, null move, late-move
/// reductions, futility): the exact search that finds mate in N at depth 2N-1.
fn classic() -> SearchConfig {
    SearchConfig {
        aspiration_windows: false,
        null_move: false,
        late_move_reductions: false,
        futility: false,
        ..config(SearchKind::IterativeDeepening)
    }
}

fn without_table() -> SearchConfig {
    SearchConfig {
        transposition_table: false,
        ..classic()
    }
}

/// The default search options (the selective parts on), with the material evaluator.
fn selective() -> SearchConfig {
    let config = config(SearchKind::IterativeDeepening);
    assert!(
        config.aspiration_windows
            && config.null_move
            && config.late_move_reductions
            && config.futility
    );
    config
}

#[test]
fn every_mate_is_found_at_its_distance() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &classic(), 0, "selective parts off");
}

/// With the selective parts on (the default), pruning and reductions may hide a mate at depth
/// 2N-1, but two plies deeper every mate is found with its exact distance.
#[test]
fn every_mate_is_found_with_the_selective_search_two_plies_deeper() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &selective(), 2, "default options, depth 2N+1");
}

/// The positional evaluator (the default) with the selective parts off: exact at depth 2N-1.
#[test]
fn every_mate_is_found_at_its_distance_with_the_positional_evaluator() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    let positional = SearchConfig {
        evaluation: Evaluation::Positional,
        ..classic()
    };
    assert_solved(&problems, &positional, 0, "positional, selective parts off");
}

/// The positional evaluator with the selective parts on (the engine's defaults): exact by 2N+1.
#[test]
fn every_mate_is_found_with_the_default_options_two_plies_deeper() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    let defaults = SearchConfig::default();
    assert_eq!(defaults.evaluation, Evaluation::Positional);
    assert_eq!(
        SearchConfig {
            evaluation: Evaluation::Material,
            ..defaults
        },
        selective()
    );
    assert_solved(&problems, &defaults, 2, "engine defaults, depth 2N+1");
}

/// Each selective part alone, on a sample, two plies deeper.
#[test]
fn each_selective_part_alone_finds_the_mates_two_plies_deeper() {
    let all = mates();
    let sample: Vec<&Mate> = all.iter().step_by(3).collect();
    type SwitchOn = fn(&mut SearchConfig);
    let parts: [(&str, SwitchOn); 4] = [
        ("AspirationWindows", |c| c.aspiration_windows = true),
        ("NullMove", |c| c.null_move = true),
        ("LateMoveReductions", |c| c.late_move_reductions = true),
        ("Futility", |c| c.futility = true),
    ];
    for (name, switch_on) in parts {
        let mut config = classic();
        switch_on(&mut config);
        assert_solved(&sample, &config, 2, &format!("only {name}, depth 2N+1"));
    }
}

#[test]
fn every_mate_is_found_without_the_table() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &without_table(), 0, "TranspositionTable off");
}

/// Every third position with quiescence off; with move ordering off (where quiescence, its
/// captures unordered, can take seconds on a single mate in 3 or 4), every sixth mate in 1 or 2.
#[test]
fn mates_are_found_with_ordering_or_quiescence_off() {
    let all = mates();
    let sample: Vec<&Mate> = all.iter().step_by(3).collect();
    let short: Vec<&Mate> = all.iter().filter(|p| p.moves <= 2).step_by(6).collect();
    let id = classic();
    let quiescence_off = SearchConfig {
        quiescence: false,
        ..id
    };
    assert_solved(&sample, &quiescence_off, 0, "Quiescence off");
    let ordering_off = SearchConfig {
        move_ordering: false,
        ..id
    };
    assert_solved(&short, &ordering_off, 0, "MoveOrdering off");
    let all_off = SearchConfig {
        transposition_table: false,
        move_ordering: false,
        quiescence: false,
        ..id
    };
    assert_solved(&short, &all_off, 0, "table, ordering and quiescence off");
}

/// Searching deeper than needed, the table carries mate scores across iterations and
/// transpositions: the distance must stay exact (neither shorter nor longer).
#[test]
fn deeper_searches_keep_the_exact_distance() {
    let all = mates();
    let sample: Vec<&Mate> = all.iter().filter(|p| p.moves <= 2).step_by(2).collect();
    assert_solved(&sample, &classic(), 2, "two plies deeper");
    assert_solved(&sample, &without_table(), 2, "two plies deeper, table off");
}

#[test]
fn the_mate_file_is_as_described() {
    let all = mates();
    let count = |n| all.iter().filter(|p| p.moves == n).count();
    assert_eq!([count(1), count(2), count(3), count(4)], [254, 779, 522, 2]);
    // bm lists every mating move: a mate in one has at least one, and each of them mates.
    for problem in all.iter().filter(|p| p.moves == 1) {
        let game = problem.epd.game();
        for &m in &problem.solutions {
            let end = play_line(game.position(), &[m], &problem.epd.name());
            assert!(
                end.is_checkmate(),
                "{}: {m} does not mate",
                problem.epd.name()
            );
        }
    }
}

/// Every position two plies deeper than needed, with and without the table (about 30 s in
/// release): `cargo test --release --test search mates -- --ignored`.
#[test]
#[ignore]
fn deeper_searches_keep_the_exact_distance_everywhere() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &classic(), 2, "two plies deeper");
    assert_solved(
        &problems,
        &without_table(),
        2,
        "two plies deeper, table off",
    );
}

/// The selective search four plies deeper than needed, with and without the table:
/// `cargo test --release --test search mates -- --ignored`.
#[test]
#[ignore]
fn the_selective_search_keeps_the_exact_distance_deeper() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &selective(), 4, "default options, depth 2N+3");
    let without_table = SearchConfig {
        transposition_table: false,
        ..selective()
    };
    assert_solved(
        &problems,
        &without_table,
        2,
        "default options, table off, depth 2N+1",
    );
}
