//! Deepening, through whole searches: the limits that end it (a mate found, a depth alone for
//! the exact searches).

use super::*;
use crate::board::game::Game;
use crate::eval::MATE;
use crate::search::{run_alone, SearchConfig, SearchKind, SearchState};

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
