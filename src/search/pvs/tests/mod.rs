//! Tests of what a node of IterativeDeepening does where the bench pin does not reach: the ply
//! caps, the extensions, read through an observer that records the nodes entered and the
//! decisions told (the hooks `engine tree` draws from).

use crate::board::game::Game;
use crate::board::movegen::MoveGen;
use crate::eval::{mated_in, Evaluation, Score, DRAW, INFINITY, MATE_BOUND};
use crate::search::context::SearchContext;
use crate::search::limits::{Limiter, Signals};
use crate::search::observer::{Decision, Extended, NodeKind, Prune, SearchObserver, Window};
use crate::search::pvs::history::Heuristics;
use crate::search::pvs::params;
use crate::search::pvs::probe::TablebaseProbe;
use crate::search::pvs::searcher::PvsSearcher;
use crate::search::pvs::selective::futility_margin;
use crate::search::pvs::tt::{Bound, Hit, TranspositionTable};
use crate::search::tablebase::{SearchTables, Tablebases, TB_WIN};
use crate::search::types::{SearchConfig, MAX_PLY};
use shakmaty::{Chess, Move};
use std::sync::Arc;
use std::time::Instant;

/// What the search told its observer: the nodes entered and the decisions, with their plies.
#[derive(Default)]
struct Recorder {
    entered: Vec<(usize, NodeKind)>,
    decisions: Vec<(usize, Decision)>,
    /// Each move played, with the board it was played on.
    played: Vec<(shakmaty::Board, Move)>,
    /// The root's board, and each root move played with the nodes entered below it.
    root: Option<shakmaty::Board>,
    subtrees: Vec<(Move, usize)>,
    /// The ply of the node the search is in (entered, not yet left), the moves played by the
    /// node last entered at each ply, and per decision (in `decisions`' order) those of its node.
    ply: usize,
    plays: Vec<usize>,
    plays_at_decision: Vec<usize>,
}

impl SearchObserver for Recorder {
    fn enter(&mut self, ply: usize, kind: NodeKind) {
        self.entered.push((ply, kind));
        self.ply = ply;
        self.plays.resize(self.plays.len().max(ply + 1), 0);
        self.plays[ply] = 0;
        if let Some(last) = self.subtrees.last_mut().filter(|_| ply > 0) {
            last.1 += 1;
        }
    }
    fn play(&mut self, from: &Chess, m: Move) {
        let board = shakmaty::Position::board(from);
        if self.root.as_ref() == Some(board) {
            self.subtrees.push((m, 0));
        }
        self.played.push((board.clone(), m));
        self.plays.resize(self.plays.len().max(self.ply + 1), 0);
        self.plays[self.ply] += 1;
    }
    fn play_null(&mut self) {}
    fn undo(&mut self) {}
    fn leave(&mut self, ply: usize, _window: Option<Window>, _score: Score) {
        self.ply = ply.saturating_sub(1);
    }
    fn cutoff(&mut self, _ply: usize, _skipped: &[Move]) {}
    fn decision(&mut self, ply: usize, decision: Decision) {
        self.decisions.push((ply, decision));
        self.plays_at_decision
            .push(self.plays.get(ply).copied().unwrap_or(0));
    }
}

/// Calls `check` with an observed searcher of `fen` (the default options, the material
/// evaluator) whose iteration is `root_depth` deep, and returns what it recorded.
fn observed(
    fen: &str,
    root_depth: i32,
    check: impl FnOnce(&mut PvsSearcher<&mut Recorder>, &Chess),
) -> Recorder {
    observed_with(fen, &SearchConfig::default(), root_depth, check)
}

/// [`observed`] with the options of `config`.
fn observed_with(
    fen: &str,
    config: &SearchConfig,
    root_depth: i32,
    check: impl FnOnce(&mut PvsSearcher<&mut Recorder>, &Chess),
) -> Recorder {
    observed_with_tables(fen, config, None, root_depth, check)
}

/// [`observed_with`] probing `tables` (the search's limit of seven pieces).
fn observed_with_tables(
    fen: &str,
    config: &SearchConfig,
    tables: Option<Arc<Tablebases>>,
    root_depth: i32,
    check: impl FnOnce(&mut PvsSearcher<&mut Recorder>, &Chess),
) -> Recorder {
    let game = Game::from_fen(fen).expect("legal");
    let signals = Signals::new(false);
    let mut report = |_| {};
    let limiter = Limiter::new(&signals, Instant::now(), None, None);
    let mut recorder = Recorder {
        root: Some(shakmaty::Position::board(game.position()).clone()),
        ..Recorder::default()
    };
    let mut moves: Vec<Move> = shakmaty::Position::legal_moves(game.position())
        .into_iter()
        .collect();
    let tables = SearchTables::new(tables, &game, &mut moves, 7);
    let context = SearchContext::new(&game, limiter, Evaluation::Material, &mut report)
        .with_tablebases(tables)
        .observed_by(&mut recorder);
    let tt = TranspositionTable::new(1);
    let mut heuristics = Heuristics::default();
    let mut searcher = PvsSearcher::new(context, &moves, config, &tt, &mut heuristics);
    searcher.root_depth = root_depth;
    check(&mut searcher, game.position());
    drop(searcher);
    recorder
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The Chess Programming Wiki's perft position 2: many captures, a wide tree.
pub(super) const KIWIPETE: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// White to move can take a queen for nothing: a search sees it, the static evaluation does not.
const HANGING_QUEEN: &str = "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1";

/// White, not in check, has a single legal move (e6e7): Kb8 and Kb7 are the rook's.
const ONE_REPLY: &str = "K7/P7/4P3/8/8/8/8/1r5k w - - 0 1";

/// White is in check from the rook on e8.
const IN_CHECK: &str = "4r1k1/8/8/8/8/8/3P1P2/4K3 w - - 0 1";

#[test]
fn a_node_at_the_last_ply_returns_its_static_evaluation_unsearched() {
    let game = Game::from_fen(HANGING_QUEEN).expect("legal");
    let static_eval = Evaluation::Material.evaluate(game.position());
    let last = observed(HANGING_QUEEN, 8, |searcher, pos| {
        let score = searcher.negamax_node(pos, 3, MAX_PLY - 1, -INFINITY, INFINITY);
        assert_eq!(score, static_eval);
    });
    assert_eq!(last.entered, [(MAX_PLY - 1, NodeKind::Search)]);
    observed(HANGING_QUEEN, 8, |searcher, pos| {
        let score = searcher.negamax_node(pos, 1, MAX_PLY - 2, -INFINITY, INFINITY);
        assert!(
            score >= static_eval + 800,
            "the queen taken: {score} against {static_eval}"
        );
    });
}

#[test]
fn a_check_is_extended_only_before_half_the_plies() {
    // Deep iterations (the extensions' other bound, twice the root's depth, far away).
    let before = observed(IN_CHECK, 60, |searcher, pos| {
        searcher.negamax_node(pos, 0, MAX_PLY / 2 - 1, -INFINITY, INFINITY);
    });
    assert_eq!(before.entered[0], (MAX_PLY / 2 - 1, NodeKind::Search));
    let extension = Decision::Extension {
        depth: 1,
        cause: Extended::Check,
    };
    assert_eq!(before.decisions[0], (MAX_PLY / 2 - 1, extension));
    let at_half = observed(IN_CHECK, 60, |searcher, pos| {
        searcher.negamax_node(pos, 0, MAX_PLY / 2, -INFINITY, INFINITY);
    });
    assert_eq!(at_half.entered[0], (MAX_PLY / 2, NodeKind::Quiescence));
    assert!(at_half
        .decisions
        .iter()
        .all(|(_, d)| !matches!(d, Decision::Extension { .. })));
}

#[test]
fn a_single_reply_out_of_check_is_searched_a_ply_deeper() {
    let recorded = observed(ONE_REPLY, 4, |searcher, pos| {
        searcher.negamax_node(pos, 2, 1, -INFINITY, INFINITY);
    });
    let at_node: Vec<Decision> = recorded
        .decisions
        .iter()
        .filter(|(ply, _)| *ply == 1)
        .map(|&(_, d)| d)
        .collect();
    let extensions: Vec<&Decision> = at_node
        .iter()
        .filter(|d| matches!(d, Decision::Extension { .. }))
        .collect();
    let one_reply = Decision::Extension {
        depth: 3,
        cause: Extended::OneReply,
    };
    assert_eq!(extensions, [&one_reply]);
}

/// Black to move is mated by the rook on a8, the fifty-move count at 100.
const MATED_AT_FIFTY: &str = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80";

/// White to move is in check from the rook on a1 and has a move (Kf2), the count at 100.
const CHECKED_AT_FIFTY: &str = "6k1/8/8/8/8/8/6PP/r5K1 w - - 100 80";

#[test]
fn with_quiescence_off_the_horizon_is_the_static_evaluation_or_the_rules_verdict() {
    let config = SearchConfig {
        parts: crate::search::types::SearchParts {
            quiescence: false,
            ..SearchConfig::default().parts
        },
        ..SearchConfig::default()
    };
    let leaf = |fen: &str| {
        let mut score = None;
        observed_with(fen, &config, 0, |searcher, pos| {
            score = Some(searcher.leaf(pos, &MoveGen::new(pos), 1));
        });
        score.expect("searched")
    };
    let game = Game::from_fen(HANGING_QUEEN).expect("legal");
    assert_eq!(
        leaf(HANGING_QUEEN),
        Evaluation::Material.evaluate(game.position())
    );
    assert_eq!(leaf(HANGING_QUEEN), -800);
    // Mate outranks the fifty-move rule; a check with a move to answer it does not.
    assert_eq!(leaf(MATED_AT_FIFTY), mated_in(1));
    assert_eq!(leaf(CHECKED_AT_FIFTY), DRAW);
    // And through the node: depth 0 with quiescence off is the leaf.
    observed_with(HANGING_QUEEN, &config, 0, |searcher, pos| {
        assert_eq!(searcher.negamax_node(pos, 0, 1, -INFINITY, INFINITY), -800);
    });
}

#[test]
fn every_beta_cutoff_is_counted_once_at_a_node_entered() {
    let mut cutoffs = 0;
    let recorded = observed(START, 3, |searcher, pos| {
        searcher.negamax_node(pos, 3, 1, -INFINITY, INFINITY);
        cutoffs = searcher.context.stats().beta_cutoffs;
    });
    assert!(
        cutoffs >= 1,
        "a depth-3 search of the start position cuts off"
    );
    assert!(
        cutoffs <= recorded.entered.len() as u64,
        "{cutoffs} cut-offs"
    );
}

#[test]
fn a_futile_node_tells_its_static_evaluation_and_margin() {
    // White, a queen down, searched with alpha far above: quiet moves cannot reach it.
    let (alpha, depth) = (-100, 1);
    let recorded = observed(HANGING_QUEEN, 4, |searcher, pos| {
        searcher.negamax_node(pos, depth, 1, alpha, alpha + 1);
    });
    let futile: Vec<Decision> = recorded
        .decisions
        .iter()
        .filter(|(ply, d)| *ply == 1 && matches!(d, Decision::Futile { .. }))
        .map(|&(_, d)| d)
        .collect();
    let margin = futility_margin(depth).expect("a shallow node's margin");
    assert_eq!(
        futile,
        [Decision::Futile {
            eval: -800,
            margin,
            alpha
        }]
    );
}

mod probe;
mod quiescence;
mod root;
mod singular;

#[test]
fn each_reduction_is_told_with_its_plies_and_the_moves_number() {
    let recorded = observed(KIWIPETE, 6, |searcher, _| {
        for depth in 1..=6 {
            searcher.search_root(depth, -INFINITY, INFINITY);
        }
    });
    let mut told = 0;
    for (i, &(ply, decision)) in recorded.decisions.iter().enumerate() {
        let Decision::Reduction { plies, number, .. } = decision else {
            continue;
        };
        told += 1;
        assert!(plies > 0, "{decision:?}");
        // The reduced move was just played at the node: its number (from 1) counts the moves
        // the node has played.
        assert_eq!(
            number, recorded.plays_at_decision[i],
            "{decision:?} at ply {ply}"
        );
    }
    assert!(told > 0, "a depth-6 search reduces late moves");
}
