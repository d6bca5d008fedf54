//! Perft: the engine's bulk-counting perft (`engine::board::perft::perft`, what `engine perft` runs,
//! on the search's own move generator) beside a bare shakmaty loop written here and shakmaty's
//! own `perft`, on the start position and Kiwipete. The engine's perft should be at least as fast
//! as the bare loop, within 10%.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::board::game::Game;
use shakmaty::{Chess, Position};
use std::hint::black_box;
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The bare loop: every move played on a copy, the last ply counted in bulk.
fn bare_shakmaty(pos: &Chess, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += bare_shakmaty(&child, depth - 1);
    }
    total
}

fn perft(c: &mut Criterion) {
    let start = Chess::default();
    let kiwipete = Game::from_fen(KIWIPETE).expect("legal").position().clone();
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for (name, pos, depth, nodes) in [
        ("start", &start, 5, 4_865_609),
        ("kiwipete", &kiwipete, 4, 4_085_603),
    ] {
        assert_eq!(engine::board::perft::perft(pos, depth), nodes);
        assert_eq!(bare_shakmaty(pos, depth), nodes);
        let id = |what| BenchmarkId::new(what, format!("{name} depth {depth}"));
        group.bench_function(id("engine"), |b| {
            b.iter(|| engine::board::perft::perft(black_box(pos), depth))
        });
        group.bench_function(id("bare shakmaty loop"), |b| {
            b.iter(|| bare_shakmaty(black_box(pos), depth))
        });
        group.bench_function(id("shakmaty::perft"), |b| {
            b.iter(|| shakmaty::perft(black_box(pos), depth))
        });
    }
    group.finish();
}

/// Depth 6 from the start position (119,060,324 leaves), the figure `engine perft 6` reports.
fn perft6(c: &mut Criterion) {
    let start = Chess::default();
    let mut group = c.benchmark_group("perft 6");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.bench_function("engine", |b| {
        b.iter(|| engine::board::perft::perft(black_box(&start), 6))
    });
    group.bench_function("bare shakmaty loop", |b| {
        b.iter(|| bare_shakmaty(black_box(&start), 6))
    });
    group.finish();
}

criterion_group!(benches, perft, perft6);
criterion_main!(benches);
