//! The table's and the tablebases' probes of a node.

use super::*;

#[test]
fn a_second_probe_of_a_settled_node_counts_one_probe_hit_and_cutoff() {
    observed(START, 4, |searcher, pos| {
        let counts = |searcher: &PvsSearcher<&mut Recorder>| {
            let stats = searcher.context.stats();
            [
                stats.tt_probes,
                stats.tt_hits,
                stats.tt_cutoffs,
                stats.tt_stores,
            ]
        };
        let first = searcher.negamax_node(pos, 2, 1, 10, 11);
        let before = counts(searcher);
        assert!(before[0] >= 1 && before[3] >= 1, "{before:?}");
        // The same node again: its own probe settles it, nothing below is searched or stored.
        assert_eq!(searcher.negamax_node(pos, 2, 1, 10, 11), first);
        let after = counts(searcher);
        let added: Vec<u64> = after.iter().zip(before).map(|(a, b)| a - b).collect();
        assert_eq!(added, [1, 1, 1, 0]);
    });
}

#[test]
fn the_table_hands_back_the_stored_move_only_when_it_is_on() {
    let game = Game::from_fen(START).expect("legal");
    let legal = shakmaty::Position::legal_moves(game.position());
    let e4 = legal
        .iter()
        .copied()
        .find(|m| m.to() == shakmaty::Square::E4)
        .expect("e2e4");
    for table in [true, false] {
        let mut config = SearchConfig::default();
        config.parts.transposition_table = table;
        observed_with(START, &config, 4, |searcher, _| {
            let key = searcher.context.history().key();
            searcher.store(key, (3, 10, Bound::Exact), Some(e4), 0, None);
            assert_eq!(searcher.table_move(key, &legal, 0), table.then_some(e4));
        });
    }
}

pub(super) fn syzygy() -> Option<Arc<Tablebases>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let opened = Tablebases::open(path).expect("the test tables");
    Some(Arc::new(opened.tables.expect("tables")))
}

/// Probes `fen` as a node at ply 3, depth 2, in the window (alpha, beta), in a search whose
/// root (the start position) is not in the tables: what the probe says, and what the table
/// then holds for the searcher's current key.
fn probe_at_ply_3(fen: &str, alpha: Score, beta: Score) -> (TablebaseProbe, Option<Hit>) {
    let game = Game::from_fen(fen).expect("legal");
    let mut found = None;
    observed_with_tables(
        START,
        &SearchConfig::default(),
        syzygy(),
        4,
        |searcher, _| {
            let probe = searcher.probe_tablebase(game.position(), 2, 3, alpha, beta);
            let key = searcher.context.history().key();
            found = Some((probe, searcher.probe(key, 3)));
        },
    );
    found.expect("probed")
}

/// White to move wins with the queen; black to move loses; a rook each is a draw.
pub(super) const KQK_WIN: &str = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
const KQK_LOSS: &str = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
const KRKR_DRAW: &str = "r3k3/8/8/8/8/8/8/3RK3 w - - 0 1";

#[test]
fn a_tablebase_win_or_loss_bounds_a_node_and_decides_it_outside_the_window() {
    let (win, loss) = (TB_WIN - 3, -TB_WIN + 3);
    let stored = |score, bound| Hit {
        mv: 0,
        score,
        depth: 2 + 6,
        bound,
        eval: None,
    };
    // A win: a floor below beta, the node's score at or above it (stored, six plies deeper).
    assert_eq!(
        probe_at_ply_3(KQK_WIN, -INFINITY, INFINITY),
        (TablebaseProbe::Floor(win), None)
    );
    assert_eq!(
        probe_at_ply_3(KQK_WIN, 0, win + 1),
        (TablebaseProbe::Floor(win), None)
    );
    let cut = (TablebaseProbe::Cut(win), Some(stored(win, Bound::Lower)));
    assert_eq!(probe_at_ply_3(KQK_WIN, 0, win), cut);
    // A loss: a ceiling above alpha, the node's score at or below it.
    assert_eq!(
        probe_at_ply_3(KQK_LOSS, -INFINITY, INFINITY),
        (TablebaseProbe::Ceiling(loss), None)
    );
    assert_eq!(
        probe_at_ply_3(KQK_LOSS, loss - 1, 0),
        (TablebaseProbe::Ceiling(loss), None)
    );
    let cut = (TablebaseProbe::Cut(loss), Some(stored(loss, Bound::Upper)));
    assert_eq!(probe_at_ply_3(KQK_LOSS, loss, 0), cut);
    // A draw decides the node whatever the window.
    let draw = (TablebaseProbe::Cut(DRAW), Some(stored(DRAW, Bound::Exact)));
    assert_eq!(probe_at_ply_3(KRKR_DRAW, -INFINITY, INFINITY), draw);
}

#[test]
fn a_searched_score_is_raised_to_a_wins_floor_and_lowered_to_a_losss_ceiling() {
    let bound = |probe, score| {
        let mut found = None;
        observed(START, 4, |searcher, _| {
            let bounded = searcher.bound_by_tablebase(probe, score, 2, 3);
            let key = searcher.context.history().key();
            found = Some((
                bounded,
                searcher
                    .probe(key, 3)
                    .map(|hit| (hit.score, hit.bound, hit.depth)),
            ));
        });
        found.expect("bounded")
    };
    let (floor, ceiling) = (TablebaseProbe::Floor(100), TablebaseProbe::Ceiling(-100));
    assert_eq!(bound(floor, 50), (100, Some((100, Bound::Lower, 8))));
    assert_eq!(bound(floor, 100), (100, None));
    assert_eq!(bound(floor, 150), (150, None));
    assert_eq!(bound(ceiling, -50), (-100, Some((-100, Bound::Upper, 8))));
    assert_eq!(bound(ceiling, -100), (-100, None));
    assert_eq!(bound(ceiling, -150), (-150, None));
    assert_eq!(bound(TablebaseProbe::None, 7), (7, None));
}
