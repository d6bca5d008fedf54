//! Each search type to a fixed depth on a few positions: Minimax and AlphaBeta (with and
//! without ordering) to depth 4, IterativeDeepening to depth 8 with its default options and
//! with the selective parts off. Each search starts with a fresh 16 MB table.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use engine::board::game::Game;
use engine::search::{run_alone, Limits, SearchConfig, SearchKind, SearchParts, SearchState};
use std::time::Duration;

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "r1b2rk1",
        "r1b2rk1/pppp1ppp/2n5/2b1q3/3P4/2P5/PPP2PPP/R1BQKBNR w KQ - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

fn search(c: &mut Criterion) {
    let classic = SearchConfig {
        parts: SearchParts {
            aspiration_windows: false,
            null_move: false,
            late_move_reductions: false,
            futility: false,
            ..SearchParts::ALL
        },
        ..SearchConfig::default()
    };
    let variants = [
        (
            "Minimax",
            SearchConfig {
                kind: SearchKind::Minimax,
                ..classic
            },
            4,
        ),
        (
            "AlphaBeta",
            SearchConfig {
                kind: SearchKind::AlphaBeta,
                ..classic
            },
            4,
        ),
        (
            "AlphaBeta unordered",
            SearchConfig {
                kind: SearchKind::AlphaBeta,
                parts: SearchParts {
                    move_ordering: false,
                    ..classic.parts
                },
                ..classic
            },
            4,
        ),
        ("IterativeDeepening", SearchConfig::default(), 8),
        ("IterativeDeepening classic", classic, 8),
    ];
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for (name, fen) in POSITIONS {
        let game = Game::from_fen(fen).expect("legal");
        for (label, config, depth) in variants {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            group.bench_function(
                BenchmarkId::new(label, format!("{name} depth {depth}")),
                |b| {
                    b.iter(|| {
                        let mut state = SearchState::new(16);
                        run_alone(&game, &config, &limits, &mut state).nodes
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
