//! Deepening, through whole searches: the limits that end it (a mate found, a depth alone for
//! the exact searches, soft nodes), and what the main thread and a helper search and report.

use super::*;
use crate::board::game::Game;
use crate::eval::{Evaluation, MATE};
use crate::search::depth_search::Afresh;
use crate::search::limits::Signals;
use crate::search::minimax::Minimax;
use crate::search::observer::Unobserved;
use crate::search::time::{soft_scale, GROWTH_MARGIN};
use crate::search::{run_alone, SearchConfig, SearchKind, SearchRequest, SearchState};
use shakmaty::Position;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A search of `fen` with `kind` under `limits`, from an empty table.
fn search(fen: &str, kind: SearchKind, limits: &Limits) -> SearchResult {
    let game = Game::from_fen(fen).expect("a legal FEN");
    let config = SearchConfig {
        kind,
        ..SearchConfig::DEFAULT
    };
    run_alone(&game, &config, limits, &mut SearchState::new(1))
}

#[test]
fn go_mate_is_met_by_a_mate_in_that_many_moves_or_fewer() {
    let limits = |mate| Limits {
        mate,
        ..Limits::default()
    };
    let mate_in = |moves: Score| MATE - (2 * moves - 1);
    assert!(mate_limit_reached(&limits(Some(2)), mate_in(1)));
    assert!(mate_limit_reached(&limits(Some(2)), mate_in(2)));
    assert!(!mate_limit_reached(&limits(Some(2)), mate_in(3)));
    // Being mated, a plain score, or no `go mate`: nothing is met.
    assert!(!mate_limit_reached(&limits(Some(2)), -mate_in(1)));
    assert!(!mate_limit_reached(&limits(Some(2)), 350));
    assert!(!mate_limit_reached(&limits(None), mate_in(1)));
    assert!(!mate_limit_reached(&limits(Some(0)), mate_in(1)));
}

#[test]
fn a_search_for_a_mate_stops_at_the_depth_that_proves_it() {
    // A back-rank mate in 1, Rd8#.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let limits = Limits {
        mate: Some(1),
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let result = search(fen, SearchKind::IterativeDeepening, &limits);
    assert_eq!(result.score, MATE - 1, "Rd8#");
    assert_eq!(result.depth, 1, "no depth after the mate in 1 was found");
}

#[test]
fn exact_searches_bounded_by_depth_alone_go_straight_to_it() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
        let at = |depth| {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            search(fen, kind, &limits).nodes
        };
        // With a node limit too, every depth is searched on the way: the sum of the three.
        let limits = Limits {
            depth: Some(3),
            nodes: Some(u64::MAX),
            ..Limits::default()
        };
        let deepened = search(fen, kind, &limits);
        assert_eq!(deepened.depth, 3);
        assert_eq!(deepened.nodes, at(1) + at(2) + at(3), "{kind:?}");
        assert!(at(3) < deepened.nodes);
    }
}

/// Minimax (material evaluator) of the start position deepened under `limits` in `role`: the
/// result and the reports.
fn deepened(limits: &Limits, role: Role) -> (SearchResult, Vec<Report>) {
    let game = Game::from_fen(START).expect("a legal FEN");
    let config = SearchConfig {
        kind: SearchKind::Minimax,
        evaluation: Evaluation::Material,
        ..SearchConfig::DEFAULT
    };
    let signals = Signals::new(false);
    let request = SearchRequest::now(&game, &config, limits, &signals);
    let moves = game.position().legal_moves().to_vec();
    let mut reports = Vec::new();
    let mut report = |r| reports.push(r);
    let context = request.context(None, moves.len(), Unobserved, &mut report);
    let result = deepen(&mut Afresh::new(Minimax, context, &moves), limits, role);
    (result, reports)
}

/// A helper searches only the depths it does not skip, silently; the main thread all, reported.
#[test]
fn a_helper_searches_only_the_depths_it_does_not_skip_and_reports_nothing() {
    // Minimax's depth d counts the game tree, 1 + perft(1) + ... + perft(d) nodes: 21, 421
    // and 9,323 from the start (perft 20, 400, 8,902).
    let limits = Limits {
        depth: Some(3),
        nodes: Some(u64::MAX),
        ..Limits::default()
    };
    let skips = |depth: u32| depth % 2 == 1;
    let (helper, reports) = deepened(&limits, Role::Helper { skips: &skips });
    assert_eq!((helper.depth, helper.nodes), (2, 421), "depth 2 alone");
    assert!(reports.is_empty(), "{reports:?}");
    // The main thread searches every depth and reports its line; its counters under debug only.
    for debug in [false, true] {
        let (main, reports) = deepened(&limits, Role::Main { debug });
        assert_eq!((main.depth, main.nodes), (3, 21 + 421 + 9_323));
        let count = |stats: bool| {
            let of_kind = |r: &&Report| matches!(r, Report::Stats { .. }) == stats;
            reports.iter().filter(of_kind).count()
        };
        assert_eq!((count(false), count(true)), (3, if debug { 3 } else { 0 }));
    }
}

/// Minimax's soft nodes are scaled by its best move's stability, not by a share it never measures.
#[test]
fn a_search_that_does_not_measure_its_best_moves_share_spends_soft_nodes_unscaled_by_it() {
    // After depth 1 (21 nodes, the first move still the best: stable for a depth), depth 2 is
    // expected to cost 21 × 20 root moves × the time manager's margin: it starts when
    // the soft nodes, scaled by the best move's stability alone (Minimax does not measure its
    // share of the nodes), leave room for them.
    let needed = (21.0 + 21.0 * 20.0 * GROWTH_MARGIN) / soft_scale(1, None);
    let depth = |soft: f64| {
        let limits = Limits {
            depth: Some(2),
            nodes: Some(u64::MAX),
            soft_nodes: Some(soft as u64),
            ..Limits::default()
        };
        deepened(&limits, Role::Main { debug: false }).0.depth
    };
    assert_eq!(depth(needed * 1.05), 2);
    assert_eq!(depth(needed * 0.8), 1);
}
