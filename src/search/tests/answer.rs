//! The answer depth by depth, through the dispatcher and through [`Answer`] itself: which
//! depths change the best move, the line of a search stopped before its first depth, and the
//! numbering of the lines (none for a single line, `multipv 1`, `2`, ... with MultiPV).

use shakmaty::Position;

use crate::board::game::Game;
use crate::eval::Evaluation;
use crate::search::answer::Answer;
use crate::search::depth_search::{Afresh, DepthOutcome, DepthSearch};
use crate::search::limits::{Limits, Signals};
use crate::search::minimax::Minimax;
use crate::search::observer::Unobserved;
use crate::search::{
    run, run_alone, Report, SearchConfig, SearchKind, SearchRequest, SearchResult, SearchState,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// `config`'s search of `fen` under `limits`: its result and its reports.
fn search(fen: &str, config: &SearchConfig, limits: &Limits) -> (SearchResult, Vec<Report>) {
    let game = Game::from_fen(fen).expect("a legal FEN");
    let signals = Signals::new(false);
    let request = SearchRequest::now(&game, config, limits, &signals);
    let mut reports = Vec::new();
    let result = run(&request, &mut SearchState::new(1), &mut |r| reports.push(r));
    (result, reports)
}

#[test]
fn a_depth_records_whether_it_changed_the_best_move() {
    // Black's queen gives check from d2: Kxd2 wins it, and is not the generator's first move.
    let game = Game::from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").expect("a legal FEN");
    let config = SearchConfig {
        evaluation: Evaluation::Material,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits::default();
    let signals = Signals::new(false);
    let request = SearchRequest::now(&game, &config, &limits, &signals);
    let moves: Vec<_> = game.position().legal_moves().into_iter().collect();
    let mut report = |_| {};
    let context = request.context(None, moves.len(), Unobserved, &mut report);
    let mut minimax = Afresh::new(Minimax, context, &moves);
    let mut answer = Answer::new(&mut minimax, false);
    let mut changed = Vec::new();
    for depth in 1..=3 {
        let DepthOutcome::Completed(score) = minimax.search_depth(depth, answer.score()) else {
            panic!("no limit stops it");
        };
        changed.push(answer.record(&mut minimax, depth, score).best_changed);
    }
    let result = answer.finish(&mut minimax);
    let capture = result.best.expect("a move");
    assert!(capture.is_capture(), "{capture}");
    assert_ne!(moves[0], capture, "the first move is not the capture");
    assert_eq!(changed, [true, false, false]);
}

/// `run_alone` answers as the dispatcher does when its reports are heard.
#[test]
fn a_search_run_alone_answers_as_a_reported_one() {
    let config = SearchConfig {
        kind: SearchKind::AlphaBeta,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let (reported, _) = search(KIWIPETE, &config, &limits);
    let game = Game::from_fen(KIWIPETE).expect("a legal FEN");
    let alone = run_alone(&game, &config, &limits, &mut SearchState::new(1));
    let answer = |r: &SearchResult| (r.best, r.ponder, r.score, r.depth, r.nodes);
    assert_eq!(answer(&alone), answer(&reported));
    assert_eq!(alone.depth, 2);
}

#[test]
fn a_search_stopped_before_its_first_depth_reports_its_first_move() {
    let config = SearchConfig {
        kind: SearchKind::AlphaBeta,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let (result, reports) = search(KIWIPETE, &config, &limits);
    let first = Game::from_fen(KIWIPETE)
        .expect("a legal FEN")
        .position()
        .legal_moves()[0];
    let lines: Vec<_> = reports
        .iter()
        .filter_map(|r| match r {
            Report::Iteration(line) => Some((line.depth, line.pv.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(lines, [(0, vec![first])]);
    assert_eq!(result.best, Some(first));
}

#[test]
fn a_single_line_search_never_numbers_its_lines_even_when_stopped_part_way() {
    // Node limits that stop IterativeDeepening inside a depth: some of them after a better
    // move was found there, whose line is then reported for the stopped depth.
    let mut stopped_lines = 0;
    for multi_pv in [1, 2] {
        let config = SearchConfig {
            multi_pv,
            ..SearchConfig::DEFAULT
        };
        for k in 1..=30 {
            let limits = Limits {
                nodes: Some(k * 997),
                ..Limits::default()
            };
            let (result, reports) = search(KIWIPETE, &config, &limits);
            let lines: Vec<_> = reports
                .iter()
                .filter_map(|r| match r {
                    Report::Iteration(line) => Some(line),
                    _ => None,
                })
                .collect();
            for line in &lines {
                let numbered = line.multipv.is_some();
                assert_eq!(
                    numbered,
                    multi_pv > 1,
                    "MultiPV {multi_pv}, {k} × 997 nodes"
                );
            }
            let last = lines.last().expect("a line");
            if multi_pv == 1 && last.depth > result.depth {
                stopped_lines += 1;
            }
        }
    }
    assert!(
        stopped_lines > 0,
        "no search reported a stopped depth's line"
    );
}

/// The lines `config`'s search of Kiwipete reports under `limits`.
fn iterations(config: &SearchConfig, limits: &Limits) -> Vec<crate::search::Iteration> {
    let (_, reports) = search(KIWIPETE, config, limits);
    reports
        .into_iter()
        .filter_map(|r| match r {
            Report::Iteration(line) => Some(line),
            _ => None,
        })
        .collect()
}

#[test]
fn each_line_reports_the_deepest_ply_its_depth_reached() {
    // AlphaBeta extends nothing: its depth-d search reaches ply d and no further.
    // IterativeDeepening's quiescence and extensions reach beyond its depth.
    let limits = Limits {
        depth: Some(3),
        nodes: Some(u64::MAX),
        ..Limits::default()
    };
    let alphabeta = SearchConfig {
        kind: SearchKind::AlphaBeta,
        ..SearchConfig::DEFAULT
    };
    let seldepths: Vec<_> = iterations(&alphabeta, &limits)
        .iter()
        .map(|line| (line.depth, line.seldepth))
        .collect();
    assert_eq!(seldepths, [(1, 1), (2, 2), (3, 3)]);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    for line in iterations(&SearchConfig::DEFAULT, &limits) {
        assert!(
            line.seldepth > line.depth,
            "{} {}",
            line.depth,
            line.seldepth
        );
    }
}

/// UCI's MultiPV numbering: each depth's lines are `multipv 1`, `2`, `3`, the best first.
#[test]
fn each_depth_numbers_its_lines_from_one_the_best_first() {
    let config = SearchConfig {
        kind: SearchKind::Minimax,
        evaluation: Evaluation::Material,
        multi_pv: 3,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        depth: Some(2),
        nodes: Some(u64::MAX),
        ..Limits::default()
    };
    let lines = iterations(&config, &limits);
    let numbered: Vec<_> = lines
        .iter()
        .map(|line| (line.depth, line.multipv))
        .collect();
    let each_depth = |depth| (1..=3).map(move |k| (depth, Some(k)));
    let expected: Vec<_> = each_depth(1).chain(each_depth(2)).collect();
    assert_eq!(numbered, expected);
    for depth in lines.chunks(3) {
        assert!(
            depth.windows(2).all(|w| w[0].score >= w[1].score),
            "{depth:?}"
        );
    }
}

/// With MultiPV above 1, a root of a single legal move still numbers its line `multipv 1`.
#[test]
fn multipv_numbers_the_line_of_a_single_legal_move() {
    // White's only legal move is e6e7: the rook on b1 holds b7 and b8.
    let game = Game::from_fen("K7/P7/4P3/8/8/8/8/1r5k w - - 0 1").expect("a legal FEN");
    assert_eq!(game.position().legal_moves().len(), 1);
    let config = SearchConfig {
        kind: SearchKind::Minimax,
        multi_pv: 3,
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let signals = Signals::new(false);
    let request = SearchRequest::now(&game, &config, &limits, &signals);
    let mut numbers = Vec::new();
    run(&request, &mut SearchState::new(1), &mut |r| {
        if let Report::Iteration(line) = r {
            numbers.push(line.multipv);
        }
    });
    assert_eq!(numbers, [Some(1)]);
}

#[test]
fn the_tables_fill_is_reported_by_the_search_that_has_one() {
    // 200,000 nodes fill more than a few thousandths of a 1 MB table.
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    let lines = iterations(&SearchConfig::DEFAULT, &limits);
    let last = lines.last().expect("a line");
    let permille = last.hashfull.expect("the table's fill");
    assert!((5..=1000).contains(&permille), "{permille}");
    let alphabeta = SearchConfig {
        kind: SearchKind::AlphaBeta,
        ..SearchConfig::DEFAULT
    };
    let lines = iterations(&alphabeta, &limits);
    assert!(lines.iter().all(|line| line.hashfull.is_none()), "no table");
}
