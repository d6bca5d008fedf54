//! The transposition table's unit tests.

use super::*;
use crate::eval::MATE;
use shakmaty::{Chess, Position};
use std::sync::atomic::Ordering as AtomicOrdering;

#[test]
fn every_start_move_round_trips() {
    let moves = Chess::default().legal_moves();
    for &m in &moves {
        assert_eq!(decode_move(encode_move(m), &moves), Some(m));
    }
}

#[test]
fn mate_scores_are_relative_to_the_node() {
    let tt = TranspositionTable::new(1);
    // Found at ply 3: mate 5 plies from the root, so 2 plies from this node.
    tt.store(42, (4, MATE - 5, Bound::Exact), None, 3, None);
    let hit = tt.probe(42, 7).expect("stored");
    assert_eq!(hit.score, MATE - 9);
}

#[test]
fn entries_round_trip_through_their_slot() {
    for entry in [
        Entry::default(),
        Entry {
            key: u64::MAX,
            mv: u16::MAX,
            score: i16::MIN,
            depth: -1,
            flags: 0xff,
            eval: NO_EVAL,
        },
        Entry {
            key: 0x0123_4567_89ab_cdef,
            mv: 0x7abc,
            score: -32_000,
            depth: i8::MAX,
            flags: 0x29,
            eval: -1234,
        },
    ] {
        assert_eq!(Entry::unpack(entry.pack()), entry);
    }
    assert_eq!(Entry::default().pack(), Slot::default());
}

#[test]
fn a_table_the_machine_cannot_give_leaves_the_old_one() {
    let mut tt = TranspositionTable::new(1);
    tt.store(42, (4, 17, Bound::Exact), None, 0, None);
    let before = tt.entries.len();
    assert!(tt.resize(usize::MAX).is_err());
    // A petabyte: no address space holds it.
    assert!(tt.resize(1 << 30).is_err());
    assert_eq!(tt.entries.len(), before);
    assert_eq!(tt.probe(42, 0).map(|hit| hit.score), Some(17));
    assert!(tt.resize(2).is_ok());
    assert_eq!(tt.entries.len(), 2 * (1 << 20) / SLOT_BYTES);
    assert_eq!(tt.probe(42, 0), None);
}

#[test]
fn threads_writing_the_same_slots_never_make_a_wrong_hit() {
    // A tiny table: four threads store into the same few slots at once, each entry's score
    // and depth a function of its key; every hit must carry its own key's data.
    // The probes hit (a table that always misses would prove nothing): the key just stored
    // is probed one time in seven.
    let tt = TranspositionTable::new(0);
    let data = |key: u64| ((key % 1000) as Score, (key % 50) as i32);
    let hits = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for thread in 0..4u64 {
            let (tt, hits) = (&tt, &hits);
            scope.spawn(move || {
                for i in 0..200_000u64 {
                    let key = (i * 4 + thread).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    let (score, depth) = data(key);
                    tt.store(key, (depth, score, Bound::Exact), None, 0, None);
                    let probed = key ^ (i % 7);
                    if let Some(hit) = tt.probe(probed, 0) {
                        assert_eq!((hit.score, hit.depth), data(probed));
                        hits.fetch_add(1, AtomicOrdering::Relaxed);
                    }
                }
            });
        }
    });
    let hits = hits.into_inner();
    assert!(hits > 100, "only {hits} probes hit");
}

#[test]
fn the_static_evaluation_is_kept_until_another_is_stored() {
    let tt = TranspositionTable::new(1);
    tt.store(42, (4, 17, Bound::Exact), None, 0, Some(-35));
    assert_eq!(tt.probe(42, 0).and_then(|hit| hit.eval), Some(-35));
    tt.store(42, (5, 18, Bound::Lower), None, 0, None);
    assert_eq!(tt.probe(42, 0).and_then(|hit| hit.eval), Some(-35));
    tt.store(42, (6, 19, Bound::Lower), None, 0, Some(40));
    assert_eq!(tt.probe(42, 0).and_then(|hit| hit.eval), Some(40));
    tt.store(43, (1, 0, Bound::Upper), None, 0, None);
    assert_eq!(tt.probe(43, 0).and_then(|hit| hit.eval), None);
}

#[test]
fn a_cleared_table_keeps_its_size_and_forgets_everything() {
    let mut tt = TranspositionTable::new(1);
    tt.store(42, (4, 17, Bound::Exact), None, 0, None);
    tt.new_search();
    let size = tt.entries.len();
    tt.clear();
    assert_eq!((tt.entries.len(), tt.generation), (size, 0));
    assert_eq!(tt.probe(42, 0), None);
    assert_eq!(tt.hashfull(), 0);
}

/// The key that `tt` puts in slot `index` (slots are chosen by the key's high bits).
fn key_of_slot(tt: &TranspositionTable, index: usize) -> u64 {
    let key = ((index as u128) << 64).div_ceil(tt.entries.len() as u128) as u64;
    assert!(std::ptr::eq(tt.slot(key), &tt.entries[index]));
    key
}

#[test]
fn hashfull_counts_this_searchs_entries_among_the_first_thousand_slots() {
    let mut tt = TranspositionTable::new(1);
    assert_eq!(tt.hashfull(), 0);
    for index in 0..250 {
        tt.store(key_of_slot(&tt, index), (1, 0, Bound::Exact), None, 0, None);
    }
    // Slots past the first thousand are not sampled.
    tt.store(key_of_slot(&tt, 5000), (1, 0, Bound::Exact), None, 0, None);
    assert_eq!(tt.hashfull(), 250);
    tt.new_search();
    assert_eq!(
        tt.hashfull(),
        0,
        "the last search's entries are not counted"
    );
    for index in 0..3 {
        tt.store(key_of_slot(&tt, index), (1, 0, Bound::Exact), None, 0, None);
    }
    assert_eq!(tt.hashfull(), 3);
}

#[test]
fn each_bound_depth_and_score_reads_back_as_stored() {
    let tt = TranspositionTable::new(1);
    let key = |index| key_of_slot(&tt, index);
    for (index, bound) in [(1, Bound::Exact), (2, Bound::Lower), (3, Bound::Upper)] {
        let key = key(index);
        tt.store(key, (7, -123, bound), None, 0, Some(45));
        let hit = tt.probe(key, 0).expect("stored");
        assert_eq!(
            (hit.bound, hit.depth, hit.score, hit.eval),
            (bound, 7, -123, Some(45))
        );
    }
    // Depths beyond what the slot holds are clamped; quiescence's are kept at -1 at least.
    tt.store(key(4), (300, 0, Bound::Exact), None, 0, None);
    assert_eq!(tt.probe(key(4), 0).map(|hit| hit.depth), Some(127));
    tt.store(key(5), (-7, 0, Bound::Exact), None, 0, None);
    assert_eq!(tt.probe(key(5), 0).map(|hit| hit.depth), Some(-1));
    // An evaluation beyond an i16 is clamped, never taken for "none stored".
    tt.store(key(6), (1, 0, Bound::Exact), None, 0, Some(-40_000));
    let eval = tt.probe(key(6), 0).and_then(|hit| hit.eval);
    assert_eq!(eval, Some(-(i16::MAX as Score)));
    tt.store(key(7), (1, 0, Bound::Exact), None, 0, Some(40_000));
    let eval = tt.probe(key(7), 0).and_then(|hit| hit.eval);
    assert_eq!(eval, Some(i16::MAX as Score));
}

#[test]
fn being_mated_is_relative_to_the_node_too() {
    let tt = TranspositionTable::new(1);
    let score_at = |index, (score, ply), probed_at| {
        let key = key_of_slot(&tt, index);
        tt.store(key, (4, score, Bound::Exact), None, ply, None);
        tt.probe(key, probed_at).map(|hit| hit.score)
    };
    // Found at ply 4: mated 6 plies from the root, so 2 plies from this node.
    assert_eq!(score_at(1, (-MATE + 6, 4), 1), Some(-MATE + 3));
    // Scores short of a mate are stored as they are.
    assert_eq!(score_at(2, (MATE_BOUND - 1, 4), 9), Some(MATE_BOUND - 1));
    assert_eq!(score_at(3, (-MATE_BOUND + 1, 4), 9), Some(-MATE_BOUND + 1));
    // A mate score at the bound itself is a mate score.
    assert_eq!(score_at(4, (MATE_BOUND, 2), 0), Some(MATE_BOUND + 2));
    assert_eq!(score_at(5, (-MATE_BOUND, 2), 0), Some(-MATE_BOUND - 2));
}

#[test]
fn a_result_without_a_move_keeps_the_positions_move() {
    let tt = TranspositionTable::new(1);
    let moves = Chess::default().legal_moves();
    let m = moves[3];
    tt.store(42, (3, 10, Bound::Lower), Some(m), 0, None);
    tt.store(42, (4, 5, Bound::Upper), None, 0, None);
    let hit = tt.probe(42, 0).expect("stored");
    assert_eq!(
        (hit.bound, decode_move(hit.mv, &moves)),
        (Bound::Upper, Some(m))
    );
    // Another position in the slot does not inherit it.
    let other = 42 ^ 1;
    assert!(std::ptr::eq(tt.slot(42), tt.slot(other)));
    tt.store(other, (5, 0, Bound::Upper), None, 0, None);
    assert_eq!(tt.probe(other, 0).map(|hit| hit.mv), Some(0));
}

#[test]
fn a_hit_cuts_only_as_deep_as_it_was_searched_and_on_its_bounds_side() {
    let hit = |bound, score| Hit {
        mv: 0,
        score,
        depth: 5,
        bound,
        eval: None,
    };
    assert!(hit(Bound::Exact, 0).cuts(5, -10, 10));
    assert!(!hit(Bound::Exact, 0).cuts(6, -10, 10));
    assert!(hit(Bound::Lower, 10).cuts(4, -10, 10));
    assert!(!hit(Bound::Lower, 9).cuts(4, -10, 10));
    assert!(hit(Bound::Upper, -10).cuts(4, -10, 10));
    assert!(!hit(Bound::Upper, -9).cuts(4, -10, 10));
}

#[test]
fn the_bound_of_a_score_against_its_window() {
    assert_eq!(Bound::of(10, -10, 10), Bound::Lower);
    assert_eq!(Bound::of(9, -10, 10), Bound::Exact);
    assert_eq!(Bound::of(-9, -10, 10), Bound::Exact);
    assert_eq!(Bound::of(-10, -10, 10), Bound::Upper);
}

#[test]
fn an_equally_deep_result_of_another_position_takes_the_slot() {
    let tt = TranspositionTable::new(1);
    let (a, b) = (5u64, 5u64 ^ 1);
    tt.store(a, (4, 10, Bound::Exact), None, 0, None);
    tt.store(b, (4, 20, Bound::Exact), None, 0, None);
    assert!(tt.probe(a, 0).is_none());
    assert_eq!(tt.probe(b, 0).map(|hit| hit.score), Some(20));
    // The same position is always rewritten, even shallower.
    tt.store(b, (1, 30, Bound::Exact), None, 0, None);
    assert_eq!(
        tt.probe(b, 0).map(|hit| (hit.score, hit.depth)),
        Some((30, 1))
    );
}

#[test]
fn the_generation_wraps_within_its_six_bits() {
    let mut tt = TranspositionTable::new(1);
    for _ in 0..64 {
        tt.new_search();
    }
    assert_eq!(tt.generation, 0);
    tt.store(42, (3, 1, Bound::Exact), None, 0, None);
    let hit = tt.probe(42, 0).expect("stored");
    assert_eq!(
        hit.bound,
        Bound::Exact,
        "the generation never spills into the bound"
    );
    // Key 42 is in the first slot: one of the thousand sampled.
    assert_eq!(tt.hashfull(), 1);
}

#[test]
fn deeper_entries_of_this_search_survive() {
    let mut tt = TranspositionTable::new(1);
    let a = 5u64;
    let b = a ^ 1; // neighbouring keys share a slot in a table of this size
    assert!(std::ptr::eq(tt.slot(a), tt.slot(b)));
    tt.store(a, (6, 10, Bound::Exact), None, 0, None);
    tt.store(b, (2, 20, Bound::Exact), None, 0, None);
    assert!(tt.probe(a, 0).is_some());
    assert!(tt.probe(b, 0).is_none());
    tt.new_search();
    tt.store(b, (2, 20, Bound::Exact), None, 0, None);
    assert!(tt.probe(b, 0).is_some());
}

#[test]
fn every_one_of_64_searches_has_its_own_generation() {
    let mut tt = TranspositionTable::new(1);
    let mut seen = std::collections::HashSet::new();
    for search in 0..64 {
        assert!(
            seen.insert(tt.generation),
            "search {search} reuses a generation"
        );
        tt.new_search();
    }
    assert_eq!(tt.generation, 0, "then it wraps");
    // So an entry of two searches ago is old: a shallower result takes its slot.
    let (a, b) = (5u64, 5u64 ^ 1);
    tt.store(a, (20, 1, Bound::Exact), None, 0, None);
    tt.new_search();
    tt.new_search();
    tt.store(b, (1, 2, Bound::Exact), None, 0, None);
    assert!(tt.probe(b, 0).is_some());
}

#[test]
fn promotions_and_castling_round_trip_each_with_its_own_code() {
    use shakmaty::{fen::Fen, CastlingMode};
    let fen: Fen = "r3k2r/1P6/8/8/8/8/p7/R3K2R w KQkq - 0 1"
        .parse()
        .expect("FEN");
    let pos: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
    let moves = pos.legal_moves();
    assert!(moves.iter().filter(|m| m.is_promotion()).count() >= 8);
    assert_eq!(moves.iter().filter(|m| m.is_castle()).count(), 2);
    let mut codes = std::collections::HashSet::new();
    for &m in &moves {
        assert!(codes.insert(encode_move(m)), "{m:?} shares its code");
        assert_eq!(decode_move(encode_move(m), &moves), Some(m));
    }
}

#[test]
fn another_positions_result_without_an_evaluation_keeps_none_of_the_old_one() {
    let tt = TranspositionTable::new(1);
    let (a, b) = (5u64, 5u64 ^ 1);
    assert!(std::ptr::eq(tt.slot(a), tt.slot(b)));
    tt.store(a, (1, 10, Bound::Exact), None, 0, Some(77));
    tt.store(b, (1, 20, Bound::Exact), None, 0, None);
    let hit = tt.probe(b, 0).expect("b took the slot");
    assert_eq!(hit.eval, None);
}
