//! The course's searches against their definitions: AlphaBeta, with the generator's order, finds
//! Minimax's score and line (the first of the equally good moves at each ply); each tells which
//! root move it is searching, counts its cut-offs and searches the root with the full window;
//! Random spreads its choice over the moves.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use crate::board::game::Game;
use crate::eval::{Evaluation, Score, INFINITY};
use crate::search::limits::{Limits, Signals};
use crate::search::observer::{NodeKind, SearchObserver, Window};
use crate::search::{
    run_observed, Report, SearchConfig, SearchKind, SearchParts, SearchRequest, SearchResult,
    SearchState,
};

/// The start, Kiwipete, a rook ending and a middlegame with captures for both sides.
const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
];

/// The windows the root was left with (None for Minimax).
#[derive(Default)]
struct RootWindows(Vec<Option<Window>>);

impl SearchObserver for RootWindows {
    fn enter(&mut self, _ply: usize, _kind: NodeKind) {}
    fn play(&mut self, _from: &Chess, _m: Move) {}
    fn play_null(&mut self) {}
    fn undo(&mut self) {}
    fn leave(&mut self, ply: usize, window: Option<Window>, _score: Score) {
        if ply == 0 {
            self.0.push(window);
        }
    }
    fn cutoff(&mut self, _ply: usize, _skipped: &[Move]) {}
}

/// `kind` on `fen` to `depth` with the material evaluator, the moves in the generator's order
/// unless `ordering`; its clock started `age` ago. The result, the reports and what the root
/// was left with.
fn search(
    fen: &str,
    kind: SearchKind,
    depth: u32,
    ordering: bool,
    age: Duration,
) -> (SearchResult, Vec<Report>, Vec<Option<Window>>) {
    let game = Game::from_fen(fen).expect("a legal FEN");
    let config = SearchConfig {
        kind,
        evaluation: Evaluation::Material,
        parts: SearchParts {
            move_ordering: ordering,
            ..SearchParts::ALL
        },
        ..SearchConfig::DEFAULT
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let signals = Signals::new(false);
    let start = Instant::now()
        .checked_sub(age)
        .expect("the machine has been up longer than the age asked");
    let request = SearchRequest {
        start,
        ..SearchRequest::now(&game, &config, &limits, &signals)
    };
    let mut reports = Vec::new();
    let mut windows = RootWindows::default();
    let result = run_observed(&request, &mut SearchState::new(1), &mut windows, &mut |r| {
        reports.push(r)
    });
    (result, reports, windows.0)
}

/// The principal variation of the last line reported.
fn last_pv(reports: &[Report]) -> Vec<Move> {
    reports
        .iter()
        .rev()
        .find_map(|r| match r {
            Report::Iteration(line) => Some(line.pv.clone()),
            _ => None,
        })
        .expect("a line reported")
}

#[test]
fn alphabeta_in_the_generators_order_finds_minimaxs_score_and_line() {
    // Minimax keeps the first move of the best score at each ply (a later move must beat it);
    // AlphaBeta, in the same order, must find the same value through the same line. The
    // material evaluator scores many moves alike, so ties are everywhere.
    for fen in POSITIONS {
        for depth in 1..=3 {
            let (minimax, minimax_reports, _) =
                search(fen, SearchKind::Minimax, depth, false, Duration::ZERO);
            let (alphabeta, alphabeta_reports, _) =
                search(fen, SearchKind::AlphaBeta, depth, false, Duration::ZERO);
            let line = last_pv(&minimax_reports);
            assert_eq!(alphabeta.score, minimax.score, "{fen} depth {depth}");
            assert_eq!(last_pv(&alphabeta_reports), line, "{fen} depth {depth}");
            assert_eq!(alphabeta.best, line.first().copied());
            assert_eq!(line.len(), depth as usize, "a line to the horizon: {fen}");
            let mut pos: Chess = Game::from_fen(fen).expect("a legal FEN").position().clone();
            for &m in &line {
                assert!(pos.is_legal(m), "{fen}: {m} in {line:?}");
                pos.play_unchecked(m);
            }
        }
    }
}

#[test]
fn a_search_whose_progress_is_due_names_the_root_move_it_searches() {
    // With the clock started ten seconds ago, the first check of the clock (every 1,024
    // nodes) finds a progress report due: it names the root move being searched and its
    // number, from 1, in the generator's order that both searches follow here.
    let fen = POSITIONS[1];
    let moves = Game::from_fen(fen)
        .expect("a legal FEN")
        .position()
        .legal_moves();
    for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
        let (_, reports, _) = search(fen, kind, 3, false, Duration::from_secs(10));
        let progress: Vec<_> = reports
            .iter()
            .filter_map(|r| match r {
                Report::Progress(p) => Some((p.depth, p.currmove, p.currmovenumber)),
                _ => None,
            })
            .collect();
        let &(depth, currmove, number) = progress.first().expect("a progress report");
        assert_eq!(depth, 3, "{kind:?}");
        let named = number.checked_sub(1).and_then(|i| moves.get(i));
        assert_eq!(named, Some(&currmove), "{kind:?}: move number {number}");
    }
}

#[test]
fn alphabeta_counts_its_cutoffs_and_leaves_the_root_with_the_full_window() {
    for ordering in [false, true] {
        let (result, _, windows) = search(
            POSITIONS[1],
            SearchKind::AlphaBeta,
            3,
            ordering,
            Duration::ZERO,
        );
        let cutoffs = result.stats.beta_cutoffs;
        assert!(cutoffs > 0 && cutoffs < result.nodes, "{cutoffs} cut-offs");
        let full = Window {
            alpha: -INFINITY,
            beta: INFINITY,
        };
        assert_eq!(windows, [Some(full)]);
    }
    let (_, _, windows) = search(POSITIONS[1], SearchKind::Minimax, 2, false, Duration::ZERO);
    assert_eq!(windows, [None], "Minimax has no window");
}

#[test]
fn random_spreads_its_moves_over_the_seeds_and_scores_the_root() {
    // Over 200 seeds each of the start position's 20 moves is played: a generator seeded by
    // the seed and the position, not by a mix of them that folds many seeds into one.
    let game = Game::from_fen(POSITIONS[0]).expect("a legal FEN");
    let limits = Limits::default();
    let signals = Signals::new(false);
    let mut played = HashSet::new();
    for seed in 0..200 {
        let config = SearchConfig {
            kind: SearchKind::Random,
            evaluation: Evaluation::Positional,
            seed,
            ..SearchConfig::DEFAULT
        };
        let request = SearchRequest::now(&game, &config, &limits, &signals);
        let result = crate::search::run(&request, &mut SearchState::new(1), &mut |_| {});
        assert_eq!(result.nodes, 1, "the root alone");
        let score = Evaluation::Positional.evaluate(game.position());
        assert_eq!(result.score, score, "the evaluator's score of the root");
        played.extend(result.best);
    }
    assert_eq!(played.len(), 20);
}

#[test]
fn the_pv_table_builds_each_line_from_its_childs_to_the_last_ply() {
    use crate::search::pv::PvTable;
    use crate::search::types::MAX_PLY;
    let moves = Chess::default().legal_moves();
    let mut table = PvTable::default();
    table.clear(3);
    table.update(2, moves[0]);
    table.update(1, moves[1]);
    table.update(0, moves[2]);
    assert_eq!(table.line(0), [moves[2], moves[1], moves[0]]);
    assert_eq!(table.line(1), [moves[1], moves[0]]);
    // The last ply has no child row: its line is its move alone.
    table.update(MAX_PLY, moves[3]);
    assert_eq!(table.line(MAX_PLY), [moves[3]]);
}

#[test]
fn alphabeta_gives_each_of_multipvs_lines_minimaxs_exact_score() {
    // With MultiPV the root window opens at the worst line kept, so that every line's score
    // is exact, as Minimax's are.
    let lines = |kind| {
        let game = Game::from_fen(POSITIONS[1]).expect("a legal FEN");
        let config = SearchConfig {
            kind,
            evaluation: Evaluation::Material,
            multi_pv: 6,
            ..SearchConfig::DEFAULT
        };
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let signals = Signals::new(false);
        let request = SearchRequest::now(&game, &config, &limits, &signals);
        let result = crate::search::run(&request, &mut SearchState::new(1), &mut |_| {});
        let mut scores: Vec<Score> = result.lines.iter().map(|line| line.score).collect();
        scores.truncate(6);
        scores
    };
    let minimax = lines(SearchKind::Minimax);
    assert_eq!(minimax.len(), 6);
    assert!(
        minimax.windows(2).any(|w| w[0] != w[1]),
        "lines of different scores"
    );
    assert_eq!(lines(SearchKind::AlphaBeta), minimax);
}
