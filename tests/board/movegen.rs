//! The search's own move generator (`engine::board::movegen`) against shakmaty's `legal_moves`:
//! the same moves (all, the noisy ones and the quiet ones), the same check status,
//! `has_legal_move` exactly `!legal_moves().is_empty()`, `count_moves` the number of moves,
//! `CheckInfo::gives_check` whether each move checks, `is_legal` and `decode` right about moves
//! of the position and of other positions (as killers and table moves are), on every position of
//! the perft suite's trees to depth 3 (depth 4 in the ignored run), on Marcel van Kervinck's
//! random positions to depth 1 (depth 2 ignored), on random games played to their end from each
//! suite position, and on every checkmate of the mate suite; and on the Chess960 positions of
//! fischer.epd to depth 2 (depth 3 ignored). Along every move of those trees and games, the
//! incremental Zobrist key (`game::key_after`) equals the key computed from scratch.

use engine::board::epd::{self, EpdRecord};
use engine::board::game::Game;
use engine::board::keys::{key_after, zobrist_key};
use engine::board::movegen::{self, has_legal_move, CheckInfo, GenKind, MoveGen};
use engine::search::pvs::tt::encode_move;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, MoveList, Position, Role};

/// The records of a suite of positions/, read by the engine's EPD parser.
fn suite(file: &str) -> Vec<EpdRecord> {
    let path = format!("{}/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    epd::read(std::path::Path::new(&path)).expect("a readable, well-formed suite")
}

fn same_moves(mine: &MoveList, expected: &[Move]) -> bool {
    mine.len() == expected.len()
        && mine.iter().all(|m| expected.contains(m))
        && mine
            .iter()
            .enumerate()
            .all(|(i, m)| !mine[i + 1..].contains(m))
}

/// Counts of what was checked.
#[derive(Default, Debug)]
struct Counts {
    positions: u64,
    without_moves: u64,
    in_check: u64,
}

/// Checks every answer of the generator on `pos`; `foreign` are moves of another position with
/// the same side to move (as killers and table moves are), legal here or not.
fn check(pos: &Chess, foreign: &[Move], counts: &mut Counts) {
    let legal = pos.legal_moves();
    let gen = MoveGen::new(pos);
    let fen = || Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let mut all = MoveList::new();
    gen.generate(GenKind::All, &mut all);
    assert!(
        same_moves(&all, &legal),
        "all moves of {}: {all:?} vs {legal:?}",
        fen()
    );
    assert_eq!(gen.in_check(), pos.is_check(), "check status of {}", fen());
    assert_eq!(gen.checkers(), pos.checkers(), "checkers of {}", fen());
    assert_eq!(
        gen.has_legal_move(),
        !legal.is_empty(),
        "has_legal_move of {}",
        fen()
    );
    assert_eq!(has_legal_move(pos), !legal.is_empty());
    let is_noisy = |m: &Move| {
        (m.is_capture() && m.promotion().is_none_or(|r| r == Role::Queen))
            || m.promotion() == Some(Role::Queen)
    };
    for m in &legal {
        assert_eq!(
            movegen::is_noisy(*m),
            is_noisy(m),
            "is_noisy({m:?}) in {}",
            fen()
        );
    }
    for (kind, noisy) in [(GenKind::Noisy, true), (GenKind::Quiet, false)] {
        let mut part = MoveList::new();
        gen.generate(kind, &mut part);
        let expected: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| is_noisy(m) == noisy)
            .collect();
        assert!(same_moves(&part, &expected), "{kind:?} moves of {}", fen());
    }
    for cap in [1, 2, 3, 256] {
        assert_eq!(
            gen.count_moves(cap),
            legal.len().min(cap),
            "count_moves({cap}) of {}",
            fen()
        );
    }
    let checks = CheckInfo::new(pos);
    let mut quiet_checks = MoveList::new();
    gen.generate(GenKind::QuietChecks, &mut quiet_checks);
    let expected: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| !is_noisy(&m) && checks.gives_check(pos, m))
        .collect();
    assert!(
        same_moves(&quiet_checks, &expected),
        "quiet checks of {}",
        fen()
    );
    for &m in &legal {
        let mut child = pos.clone();
        child.play_unchecked(m);
        assert_eq!(
            checks.gives_check(pos, m),
            child.is_check(),
            "{m:?} gives check in {}",
            fen()
        );
        assert!(gen.is_legal(m), "{m:?} is legal in {}", fen());
        assert_eq!(
            gen.decode(encode_move(m)),
            Some(m),
            "decode {m:?} in {}",
            fen()
        );
    }
    for &m in foreign {
        assert_eq!(
            gen.is_legal(m),
            legal.contains(&m),
            "is_legal({m:?}) in {}",
            fen()
        );
        let decoded = gen.decode(encode_move(m));
        let expected = legal
            .iter()
            .copied()
            .find(|&l| encode_move(l) == encode_move(m));
        assert_eq!(decoded, expected, "decode of {m:?} in {}", fen());
    }
    if counts.positions.is_multiple_of(5000) {
        for code in 0..=u16::MAX {
            let expected = legal.iter().copied().find(|&l| encode_move(l) == code);
            assert_eq!(gen.decode(code), expected, "decode({code}) in {}", fen());
        }
    }
    counts.positions += 1;
    counts.without_moves += u64::from(legal.is_empty());
    counts.in_check += u64::from(pos.is_check());
}

/// Checks `pos` and the tree below it; `grandparent` holds the moves two plies up.
fn walk(pos: &Chess, grandparent: &[Move], parent: &[Move], depth: u32, counts: &mut Counts) {
    check(pos, grandparent, counts);
    if depth == 0 {
        return;
    }
    let key = zobrist_key(pos);
    let moves = pos.legal_moves();
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        assert_eq!(
            key_after(pos, key, m, &child),
            zobrist_key(&child),
            "key after {m:?}"
        );
        walk(&child, parent, &moves, depth - 1, counts);
    }
}

/// Walks every position of `positions/<file>`, its castling rights read in `mode`, to `depth`.
fn walk_suite(file: &str, mode: CastlingMode, depth: u32) -> Counts {
    let mut counts = Counts::default();
    for record in suite(file) {
        let game = Game::from_fen_in(&record.fen, mode).expect("legal suite position");
        walk(game.position(), &[], &[], depth, &mut counts);
    }
    counts
}

fn walk_perft_suite(depth: u32) -> Counts {
    walk_suite("perft.epd", CastlingMode::Standard, depth)
}

#[test]
fn same_moves_on_the_perft_trees_to_depth_3() {
    let counts = walk_perft_suite(3);
    eprintln!("{counts:?}");
    assert!(counts.positions > 1_000_000, "{counts:?}");
    assert!(
        counts.without_moves > 100 && counts.in_check > 50_000,
        "{counts:?}"
    );
}

/// Depth 4, about 25 million positions (some ten minutes): `cargo test --release --test board movegen -- --ignored`.
#[test]
#[ignore]
fn same_moves_on_the_perft_trees_to_depth_4() {
    let counts = walk_perft_suite(4);
    assert!(counts.positions > 20_000_000, "{counts:?}");
}

fn walk_chess960_suite(depth: u32) -> Counts {
    walk_suite("fischer.epd", CastlingMode::Chess960, depth)
}

/// Castling of any king and rook squares: the 960 positions of fischer.epd to depth 2.
#[test]
fn same_moves_on_the_chess960_trees_to_depth_2() {
    let counts = walk_chess960_suite(2);
    assert!(counts.positions > 500_000, "{counts:?}");
}

/// Depth 3, about 15 million positions: `cargo test --release --test board movegen -- --ignored`.
#[test]
#[ignore]
fn same_moves_on_the_chess960_trees_to_depth_3() {
    let counts = walk_chess960_suite(3);
    assert!(counts.positions > 10_000_000, "{counts:?}");
}

/// Marcel van Kervinck's 6,751 random positions and their children.
#[test]
fn same_moves_on_the_marcel_trees_to_depth_1() {
    let counts = walk_suite("perft_marcel.epd", CastlingMode::Standard, 1);
    assert!(counts.positions > 180_000, "{counts:?}");
}

/// Depth 2, about 4.8 million positions: `cargo test --release --test board movegen -- --ignored`.
#[test]
#[ignore]
fn same_moves_on_the_marcel_trees_to_depth_2() {
    let counts = walk_suite("perft_marcel.epd", CastlingMode::Standard, 2);
    assert!(counts.positions > 4_500_000, "{counts:?}");
}

/// Random games reach the endings, stalemates and mates that perft trees rarely contain.
#[test]
fn same_moves_in_random_games_to_their_end() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut counts = Counts::default();
    for record in suite("perft.epd") {
        for _ in 0..10 {
            let mut pos = Game::from_fen(&record.fen)
                .expect("legal")
                .position()
                .clone();
            let mut earlier: Vec<MoveList> = Vec::new();
            for ply in 0..400 {
                let foreign = if ply >= 2 { &earlier[ply - 2][..] } else { &[] };
                check(&pos, foreign, &mut counts);
                let moves = pos.legal_moves();
                earlier.push(moves.clone());
                if moves.is_empty() || pos.is_insufficient_material() {
                    break;
                }
                // Prefer captures, so that games reach the endings.
                let captures: Vec<Move> =
                    moves.iter().copied().filter(|m| m.is_capture()).collect();
                let m = if !captures.is_empty() && rng.random_bool(0.7) {
                    captures[rng.random_range(0..captures.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                let key = zobrist_key(&pos);
                let before = pos.clone();
                pos.play_unchecked(m);
                assert_eq!(key_after(&before, key, m, &pos), zobrist_key(&pos));
            }
        }
    }
    assert!(counts.without_moves >= 100, "{counts:?}");
}

#[test]
fn every_mate_of_the_mate_suite_has_no_legal_move() {
    let mut counts = Counts::default();
    for record in suite("mates.epd") {
        let fen = &record.fen;
        let game = Game::from_fen(fen).expect("legal");
        check(game.position(), &[], &mut counts);
        let Some(bm) = record.operands("bm") else {
            continue;
        };
        if record.operation("dm").as_deref() != Some("1") {
            continue;
        }
        for san in bm {
            let m = san
                .parse::<San>()
                .expect("SAN")
                .to_move(game.position())
                .expect("legal bm");
            let mut mated = game.position().clone();
            mated.play_unchecked(m);
            check(&mated, &[], &mut counts);
            assert!(!has_legal_move(&mated), "{fen} {san}");
        }
    }
    assert!(counts.without_moves >= 254, "{counts:?}");
}
