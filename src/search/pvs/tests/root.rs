//! The root: the tablebase ranks and the excluded moves it searches, its progress reports.

use super::probe::{syzygy, KQK_WIN};
use super::*;
use crate::search::depth_search::DepthOutcome;

#[test]
fn a_ranked_root_searches_the_best_rank_among_the_moves_not_excluded() {
    // White wins with the queen; Qd7+ and Qd8+ give it away (Kxd7, Kxd8): a draw's rank.
    let root = Game::from_fen(KQK_WIN).expect("legal");
    let board = shakmaty::Position::board(root.position()).clone();
    let mut ranks: Vec<(Move, i32)> = Vec::new();
    let searched = |exclude: &dyn Fn(i32) -> bool, ranks: &mut Vec<(Move, i32)>| {
        let recorded = observed_with_tables(
            KQK_WIN,
            &SearchConfig::default(),
            syzygy(),
            1,
            |searcher, _| {
                let tables = searcher.context.tablebases().clone();
                *ranks = searcher
                    .root_moves
                    .iter()
                    .map(|&m| (m, tables.rank(m)))
                    .collect();
                searcher.excluded = ranks
                    .iter()
                    .filter(|&&(_, r)| exclude(r))
                    .map(|&(m, _)| m)
                    .collect();
                searcher.search_root(1, -INFINITY, INFINITY);
            },
        );
        let played: Vec<Move> = recorded
            .played
            .iter()
            .filter(|(b, _)| *b == board)
            .map(|&(_, m)| m)
            .collect();
        played
    };
    let all = searched(&|_| false, &mut ranks);
    let rank = |m: &Move| ranks.iter().find(|(n, _)| n == m).expect("a root move").1;
    let lost = |to: &str| {
        ranks
            .iter()
            .find(|(m, _)| m.to().to_string() == to)
            .expect("a queen move")
            .1
    };
    let best = ranks.iter().map(|&(_, r)| r).max().expect("moves");
    assert!(best > lost("d7") && lost("d7") == lost("d8"), "{ranks:?}");
    // Only the best rank is searched...
    assert!(
        !all.is_empty() && all.iter().all(|m| rank(m) == best),
        "{all:?} of {ranks:?}"
    );
    // ...and with every winning move excluded (MultiPV's later lines), the draws' rank.
    let drawn = lost("d7");
    let later = searched(&|r| r > drawn, &mut Vec::new());
    assert!(
        !later.is_empty() && later.iter().all(|m| rank(m) == drawn),
        "{later:?} of {ranks:?}"
    );
}

#[test]
fn the_root_leaves_out_the_excluded_moves() {
    let root = Game::from_fen(START).expect("legal");
    let board = shakmaty::Position::board(root.position()).clone();
    let mut excluded = Vec::new();
    let recorded = observed(START, 2, |searcher, _| {
        excluded = searcher.root_moves[..3].to_vec();
        searcher.excluded = excluded.clone();
        searcher.search_root(2, -INFINITY, INFINITY);
    });
    let mut played: Vec<Move> = recorded
        .played
        .iter()
        .filter(|(b, _)| *b == board)
        .map(|&(_, m)| m)
        .collect();
    played.dedup();
    assert_eq!(played.len(), 20 - 3, "{played:?}");
    assert!(played.iter().all(|m| !excluded.contains(m)), "{played:?}");
}

#[test]
fn progress_reports_name_the_root_move_searched_and_its_number() {
    let game = Game::from_fen(KIWIPETE).expect("legal");
    let signals = Signals::new(false);
    let mut progress = Vec::new();
    let mut report = |r| {
        if let crate::search::Report::Progress(p) = r {
            progress.push(p);
        }
    };
    // A progress report is due a second after the start: the search starts later than that.
    let start = Instant::now();
    std::thread::sleep(
        crate::search::limits::PROGRESS_INTERVAL + std::time::Duration::from_millis(50),
    );
    let limiter = Limiter::new(&signals, start, None, None);
    let context = SearchContext::new(&game, limiter, Evaluation::Material, &mut report);
    let tt = TranspositionTable::new(1);
    let mut heuristics = Heuristics::default();
    let moves: Vec<Move> = shakmaty::Position::legal_moves(game.position())
        .into_iter()
        .collect();
    let config = SearchConfig::default();
    let mut searcher = PvsSearcher::new(context, &moves, &config, &tt, &mut heuristics);
    let order = searcher.root_moves.clone();
    searcher.search_root(4, -INFINITY, INFINITY);
    let nodes = searcher.context.limiter().nodes();
    drop(searcher);
    assert!(
        nodes > 1024,
        "{nodes} nodes: the clock is first read at 1024"
    );
    assert!(
        !progress.is_empty(),
        "a report is due from the first check of the clock"
    );
    for p in &progress {
        assert_eq!(p.depth, 4);
        assert_eq!(
            order.get(p.currmovenumber.wrapping_sub(1)),
            Some(&p.currmove),
            "{p:?}"
        );
    }
}

#[test]
fn the_best_moves_share_is_its_part_of_the_nodes_below_the_root() {
    let mut share = None;
    let mut best = None;
    let recorded = observed(KIWIPETE, 3, |searcher, _| {
        searcher.search_root(3, -INFINITY, INFINITY);
        share = searcher.best_move_share;
        best = searcher.root_moves.first().copied();
    });
    let best = best.expect("a best move, first in the root's order");
    // The nodes below the root (the root itself is entered before the count starts).
    let below: usize = recorded.entered.len() - 1;
    let best_nodes: usize = recorded
        .subtrees
        .iter()
        .filter(|(m, _)| *m == best)
        .map(|&(_, n)| n)
        .sum();
    assert!(
        best_nodes > 0 && best_nodes < below,
        "{best_nodes} of {below}"
    );
    assert_eq!(share, Some(best_nodes as f64 / below as f64));
    // With moves excluded (MultiPV's later lines) the share is not the root's: none is kept.
    let mut share = Some(0.0);
    observed(KIWIPETE, 3, |searcher, _| {
        searcher.excluded = searcher.root_moves[..1].to_vec();
        searcher.search_root(3, -INFINITY, INFINITY);
        share = searcher.best_move_share;
    });
    assert_eq!(share, None);
}

#[test]
fn the_searcher_answers_the_deepening_loop_from_its_own_state() {
    use crate::search::depth_search::DepthSearch;
    let game = Game::from_fen(KIWIPETE).expect("legal");
    let legal = shakmaty::Position::legal_moves(game.position());
    for table in [true, false] {
        let mut config = SearchConfig::default();
        config.parts.transposition_table = table;
        observed_with(KIWIPETE, &config, 4, |searcher, pos| {
            assert_eq!(searcher.root_moves().len(), legal.len());
            assert!(searcher.root_moves().iter().all(|m| legal.contains(m)));
            assert_eq!(
                DepthSearch::best_move_share(searcher),
                None,
                "no search yet"
            );
            searcher.search_root(4, -INFINITY, INFINITY);
            let share = DepthSearch::best_move_share(searcher).expect("a completed search");
            assert!(share > 0.0 && share < 1.0, "{share}");
            // The table's occupancy in per mille, and the reply it keeps after the best move.
            let hashfull = DepthSearch::hashfull(searcher);
            assert_eq!(hashfull, table.then(|| searcher.tt.hashfull()));
            assert!(hashfull.is_none_or(|h| h >= 2), "{hashfull:?}");
            let best = searcher.root_moves()[0];
            let ponder = searcher.ponder_after(best);
            let mut child = pos.clone();
            shakmaty::Position::play_unchecked(&mut child, best);
            assert_eq!(ponder.is_some(), table);
            assert!(ponder.is_none_or(|m| shakmaty::Position::is_legal(&child, m)));
            // MultiPV's later lines leave out the earlier ones.
            searcher.exclude_root_moves(&[best]);
            assert_eq!(searcher.excluded, [best]);
        });
    }
}

#[test]
fn the_root_stores_its_value_and_puts_its_best_move_first_when_ordering() {
    for ordering in [true, false] {
        let mut config = SearchConfig::default();
        config.parts.move_ordering = ordering;
        observed_with(KIWIPETE, &config, 3, |searcher, _| {
            let before = searcher.root_moves.clone();
            let DepthOutcome::Completed(score) = searcher.search_root(3, -INFINITY, INFINITY)
            else {
                panic!("nothing stops it");
            };
            let key = searcher.context.history().key();
            let hit = searcher.probe(key, 0).expect("the root's result is stored");
            assert_eq!((hit.depth, hit.score, hit.bound), (3, score, Bound::Exact));
            let best =
                crate::search::pvs::tt::decode_move(hit.mv, &before.iter().copied().collect());
            let best = best.expect("the best move is stored");
            if ordering {
                assert_eq!(searcher.root_moves[0], best);
            } else {
                assert_eq!(
                    searcher.root_moves, before,
                    "no ordering: the generator's order"
                );
            }
            // A window the score fails high against: a lower bound.
            let DepthOutcome::Completed(high) = searcher.search_root(3, score - 2, score - 1)
            else {
                panic!("nothing stops it");
            };
            assert!(high >= score - 1);
            let hit = searcher.probe(key, 0).expect("stored");
            assert_eq!(hit.bound, Bound::Lower);
        });
    }
    // MultiPV's later lines are not the root's value: nothing is stored for the root.
    observed(KIWIPETE, 3, |searcher, _| {
        searcher.excluded = searcher.root_moves[..1].to_vec();
        searcher.search_root(3, -INFINITY, INFINITY);
        let key = searcher.context.history().key();
        assert_eq!(searcher.probe(key, 0).map(|hit| hit.depth), None);
    });
}
