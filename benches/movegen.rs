//! Move generation and evaluation on the bench positions: per node, the search's own generator
//! (`MoveGen`: all moves, the noisy ones, the has-a-legal-move test) and shakmaty's
//! `legal_moves`, each followed by making every move (copy and play, as the search does, with
//! the incremental Zobrist key); and the static evaluation.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::board::game::Game;
use engine::board::keys::{key_after, zobrist_key};
use engine::board::movegen::{GenKind, MoveGen};
use engine::eval::{Evaluation, PieceSums};
use shakmaty::{Chess, MoveList, Position};
use std::hint::black_box;
use std::time::Duration;

/// The bench positions and every position one move from them: about 1,300 positions.
fn positions() -> Vec<Chess> {
    let mut positions = Vec::new();
    for record in engine::board::epd::parse(engine::bench::BENCH_EPD).expect("bench.epd parses") {
        let pos = Game::from_fen(&record.fen)
            .expect("legal")
            .position()
            .clone();
        for &m in &pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            positions.push(child);
        }
        positions.push(pos);
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let keys: Vec<u64> = positions.iter().map(zobrist_key).collect();
    let mut group = c.benchmark_group("movegen");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.bench_function("MoveGen all moves", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                moves.clear();
                MoveGen::new(pos).generate(GenKind::All, &mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function("MoveGen noisy moves", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                moves.clear();
                MoveGen::new(pos).generate(GenKind::Noisy, &mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function("MoveGen has_legal_move", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter(|pos| MoveGen::new(pos).has_legal_move())
                .count()
        })
    });
    group.bench_function("shakmaty legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|pos| pos.legal_moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("MoveGen all moves + make every move + key", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut checksum = 0u64;
            for (pos, &key) in positions.iter().zip(&keys) {
                moves.clear();
                MoveGen::new(pos).generate(GenKind::All, &mut moves);
                for &m in &moves {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    checksum ^= key_after(pos, key, m, &child);
                }
            }
            checksum
        })
    });
    group.bench_function("shakmaty legal_moves + make every move", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for pos in &positions {
                for &m in &pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    total += child.halfmoves();
                }
            }
            total
        })
    });
    group.finish();
}

fn evaluation(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("evaluation");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    // Each evaluator counted from scratch, and with the sums the search keeps (as at a node).
    for evaluation in Evaluation::ALL {
        group.bench_function(format!("{evaluation} from scratch"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|pos| evaluation.evaluate(black_box(pos)))
                    .sum::<i32>()
            })
        });
        let sums: Vec<PieceSums> = positions
            .iter()
            .map(|pos| PieceSums::new(pos.board()))
            .collect();
        group.bench_function(format!("{evaluation} incremental"), |b| {
            b.iter(|| {
                positions
                    .iter()
                    .zip(&sums)
                    .map(|(pos, acc)| {
                        evaluation.evaluate_with(pos.board(), pos.turn(), black_box(acc))
                    })
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, evaluation);
criterion_main!(benches);
