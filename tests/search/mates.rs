//! IterativeDeepening finds forced mates at exactly the right distance, with a mating first move.
//!
//! positions/mates.epd: 1557 positions, `dm N` the exact mate distance in moves and `bm` every
//! first move that mates in N. Searched to depth 2N-1 (the mate's last move is ply 2N-1), the
//! score must be exactly MATE - (2N-1), the best move one of `bm`, every reported PV legal and
//! the last one the whole mating line. That holds with the selective parts (aspiration windows,
//! null move, late-move reductions, futility and the pruning it switches) off, as the classic
//! search, and again with the table off.
//!
//! The selective search (the default options) may prune a mate at depth 2N-1, so it is held to
//! what a user sees instead: `go mate N` finds every mate, with its exact distance, within a
//! node budget; and no iteration of any search ever reports a mate score that the exact search
//! does not confirm (a mate nearer than the true one, or a mate for the side being mated). The
//! whole file takes a few seconds in release, so every position is in the normal suite. The
//! searches use the seeds' material evaluator, and the main claims are checked again with the
//! positional one (the default): a mate's distance does not depend on the evaluator.

use crate::common::search::{
    config, depth, play_line, read_epd, san_move, search, search_with, RecordExt,
};
use engine::board::epd::EpdRecord;
use engine::board::game::Game;
use engine::eval::{mate_distance, Evaluation, Score, MATE};
use engine::search::{Limits, SearchConfig, SearchKind, SearchParts, SearchState};
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
        parts: SearchParts {
            aspiration_windows: false,
            null_move: false,
            late_move_reductions: false,
            futility: false,
            ..SearchParts::ALL
        },
        ..config(SearchKind::IterativeDeepening)
    }
}

fn without_table() -> SearchConfig {
    let mut config = classic();
    config.parts.transposition_table = false;
    config
}

/// The default search options (the selective parts on), with the material evaluator.
fn selective() -> SearchConfig {
    let config = config(SearchKind::IterativeDeepening);
    assert_eq!(config.parts, SearchParts::ALL);
    config
}

#[test]
fn every_mate_is_found_at_its_distance() {
    let all = mates();
    let problems: Vec<&Mate> = all.iter().collect();
    assert_solved(&problems, &classic(), 0, "selective parts off");
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

/// The nodes within which the selective search must prove every mate of the file with `go mate
/// N` with a 1 MB table: several times the most any of them takes (the tests below print it;
/// docs/testing.md records it), so there is room for ordering and pruning to change, but not for
/// a mate hidden until far deeper.
const MATE_NODE_BUDGET: u64 = 100_000;

/// `go mate N nodes MATE_NODE_BUDGET`: the score must be exactly mate in N, the move one of
/// `bm`, every line legal, and no iteration may claim a mate the exact search would refute.
/// The nodes it took.
fn prove_within_budget(problem: &Mate, config: &SearchConfig) -> Result<u64, String> {
    let game = problem.epd.game();
    let limits = Limits {
        mate: Some(problem.moves),
        nodes: Some(MATE_NODE_BUDGET),
        ..Limits::default()
    };
    let outcome = search_with(&game, config, &limits, &mut SearchState::new(1));
    let name = format!(
        "{} ({} dm {})",
        problem.epd.name(),
        problem.epd.fen,
        problem.moves
    );
    for iteration in &outcome.iterations {
        play_line(game.position(), &iteration.pv, &name);
        confirmed_by_the_true_distance(iteration.score, problem.moves)
            .map_err(|why| format!("{name}: depth {}: {why}", iteration.depth))?;
    }
    let result = &outcome.result;
    let expected = MATE - (2 * problem.moves - 1) as i32;
    if result.score != expected {
        return Err(format!(
            "{name}: score {} (mate {:?}) after {} nodes, expected mate {}",
            result.score,
            mate_distance(result.score),
            result.nodes,
            problem.moves
        ));
    }
    match result.best {
        Some(best) if problem.solutions.contains(&best) => Ok(result.nodes),
        other => Err(format!(
            "{name}: best move {other:?} is not one of the solutions"
        )),
    }
}

/// A reported score against a position whose side to move mates in `moves` and no fewer: a
/// mate claim must not be nearer than that, nor for the other side.
fn confirmed_by_the_true_distance(score: Score, moves: u32) -> Result<(), String> {
    match mate_distance(score) {
        Some(claimed) if claimed < moves as i32 => Err(format!(
            "claims mate {claimed}, but the shortest mate is {moves}"
        )),
        _ => Ok(()),
    }
}

fn assert_proved_within_budget(config: &SearchConfig, what: &str) {
    let all = mates();
    let mut failures = Vec::new();
    let mut most = 0;
    for problem in &all {
        match prove_within_budget(problem, config) {
            Ok(nodes) => most = most.max(nodes),
            Err(why) => failures.push(why),
        }
    }
    assert!(
        failures.is_empty(),
        "{what}: {} of {} failed:\n{}",
        failures.len(),
        all.len(),
        failures[..failures.len().min(20)].join("\n")
    );
    eprintln!("{what}: the most nodes a mate took: {most}");
}

/// The selective search (material evaluator) proves every mate, at its exact distance, within
/// the node budget, and never claims a nearer one on the way.
#[test]
fn the_selective_search_proves_every_mate_within_a_node_budget() {
    assert_proved_within_budget(&selective(), "selective parts on");
}

/// The same with the engine's default options (the neural evaluator).
#[test]
fn the_default_search_proves_every_mate_within_a_node_budget() {
    let defaults = SearchConfig::default();
    assert_eq!(defaults.evaluation, Evaluation::Nnue);
    assert_eq!(
        SearchConfig {
            evaluation: Evaluation::Material,
            ..defaults
        },
        selective()
    );
    assert_proved_within_budget(&defaults, "engine defaults");
}

/// Each selective part alone, on a sample: the mate is proved within the budget.
#[test]
fn each_selective_part_alone_proves_the_mates_within_the_budget() {
    let all = mates();
    type SwitchOn = fn(&mut SearchConfig);
    let parts: [(&str, SwitchOn); 4] = [
        ("AspirationWindows", |c| c.parts.aspiration_windows = true),
        ("NullMove", |c| c.parts.null_move = true),
        ("LateMoveReductions", |c| {
            c.parts.late_move_reductions = true
        }),
        ("Futility", |c| c.parts.futility = true),
    ];
    for (name, switch_on) in parts {
        let mut config = classic();
        switch_on(&mut config);
        for problem in all.iter().step_by(3) {
            if let Err(why) = prove_within_budget(problem, &config) {
                panic!("only {name}: {why}");
            }
        }
    }
}

/// Searching on after the mate is found (to depth 2N+3, the selective search), no iteration
/// claims a mate nearer than the true one, and the last still reports a mate.
#[test]
fn the_selective_search_never_claims_a_nearer_mate_searching_deeper() {
    let all = mates();
    for problem in all.iter().step_by(2) {
        let game = problem.epd.game();
        let outcome = search(&game, &selective(), &depth(2 * problem.moves + 3));
        let name = format!("{} ({})", problem.epd.name(), problem.epd.fen);
        for iteration in &outcome.iterations {
            if let Err(why) = confirmed_by_the_true_distance(iteration.score, problem.moves) {
                panic!("{name}: depth {}: {why}", iteration.depth);
            }
        }
        let last = mate_distance(outcome.result.score);
        assert!(
            last.is_some_and(|n| n >= problem.moves as i32),
            "{name}: the deepest iteration reports {last:?}, not a mate"
        );
    }
}

/// The nearest mate claims are checked: the exact search's time grows steeply with the distance
/// (a mate in 7 takes it over a minute).
const MOST_MOVES_CONFIRMED: i32 = 5;

/// Tactical positions (positions/ecm.epd, most without a forced mate) searched with the default
/// options for 10,000 nodes: every mate score up to mate in 5 that an iteration reports is
/// confirmed by the exact search at the claimed distance.
#[test]
fn every_mate_score_the_selective_search_reports_is_confirmed() {
    let mut claims = 0;
    for record in read_epd("ecm.epd") {
        let game = record.game();
        let limits = Limits {
            nodes: Some(10_000),
            ..Limits::default()
        };
        let outcome = search(&game, &SearchConfig::default(), &limits);
        let mut scores: Vec<Score> = outcome.iterations.iter().map(|i| i.score).collect();
        scores.dedup();
        let near = |s: &Score| mate_distance(*s).is_some_and(|n| n.abs() <= MOST_MOVES_CONFIRMED);
        for score in scores.into_iter().filter(near) {
            claims += 1;
            if let Err(why) = confirm_by_exact_search(&game, score) {
                panic!("{} ({}): {why}", record.name(), record.fen);
            }
        }
    }
    assert!(
        claims >= 5,
        "only {claims} mate claims: the test would prove little"
    );
}

/// Whether the exact search confirms `score`: a mate in N for the side to move is found by
/// depth 2N-1, a mate in N against it holds at depth 2N (no escape within the claimed plies).
fn confirm_by_exact_search(game: &Game, score: Score) -> Result<(), String> {
    let claimed = mate_distance(score).expect("a mate score");
    let plies = if claimed > 0 {
        2 * claimed - 1
    } else {
        -2 * claimed
    };
    let exact = search(game, &classic(), &depth(plies as u32)).result.score;
    let holds = if claimed > 0 {
        exact >= score
    } else {
        exact <= score
    };
    if holds {
        Ok(())
    } else {
        Err(format!(
            "claims mate {claimed}, the exact search at depth {plies} finds {exact}"
        ))
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
    let mut quiescence_off = id;
    quiescence_off.parts.quiescence = false;
    assert_solved(&sample, &quiescence_off, 0, "Quiescence off");
    let mut ordering_off = id;
    ordering_off.parts.move_ordering = false;
    assert_solved(&short, &ordering_off, 0, "MoveOrdering off");
    let all_off = SearchConfig {
        parts: SearchParts {
            transposition_table: false,
            move_ordering: false,
            quiescence: false,
            ..id.parts
        },
        ..id
    };
    assert_solved(&short, &all_off, 0, "table, ordering and quiescence off");
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

/// Searching deeper than needed, the table carries mate scores across iterations and
/// transpositions: the distance must stay exact (neither shorter nor longer), for every position
/// two plies deeper, with and without the table.
#[test]
fn deeper_searches_keep_the_exact_distance() {
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
