//! The draw rules inside the searches: stalemate, repetition (perpetual check, threefold through
//! the game's history), the fifty-move rule and insufficient material all score 0, where the
//! material alone would say otherwise.

use crate::common::search::{config, depth, play_line, read_epd, search, uci, RecordExt};
use engine::board::game::Game;
use engine::eval::material::evaluate;
use engine::eval::MATE;
use engine::search::{Limits, SearchConfig, SearchKind};
use engine::tools::compare;
use shakmaty::Position;

/// Every search, AlphaBeta without ordering, and IterativeDeepening with each of its parts off
/// in turn: the variants `engine compare` lists.
fn configs() -> Vec<(String, SearchConfig)> {
    let kinds = [
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
        SearchKind::IterativeDeepening,
    ];
    let variants = compare::variants(&kinds, &config(SearchKind::IterativeDeepening));
    variants.into_iter().map(|v| (v.label, v.config)).collect()
}

/// Asserts that every configuration scores `game` `expected` at each of `depths`, with a legal PV.
fn assert_scores(game: &Game, depths: std::ops::RangeInclusive<u32>, expected: i32, what: &str) {
    for (name, config) in configs() {
        for d in depths.clone() {
            let outcome = search(game, &config, &depth(d));
            assert_eq!(
                outcome.result.score, expected,
                "{what}: {name} depth {d} (best {:?})",
                outcome.result.best
            );
            let pv = &outcome.iterations.last().expect("an iteration").pv;
            play_line(game.position(), pv, what);
        }
    }
}

fn game(fen: &str) -> Game {
    Game::from_fen(fen).expect("legal FEN")
}

#[test]
fn a_stalemated_or_checkmated_root_has_no_move() {
    let stalemate = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.position().legal_moves().is_empty() && !stalemate.position().is_check());
    let seeds = read_epd("seeds.epd");
    let mated = seeds
        .iter()
        .find(|e| e.name() == "seed.mated")
        .expect("seed.mated")
        .game();
    assert!(mated.position().is_checkmate());
    for game in [stalemate, mated] {
        for kind in [
            SearchKind::Random,
            SearchKind::Minimax,
            SearchKind::AlphaBeta,
            SearchKind::IterativeDeepening,
        ] {
            let outcome = search(&game, &config(kind), &depth(3));
            assert_eq!(outcome.result.best, None, "{kind}");
            assert_eq!(outcome.result.ponder, None, "{kind}");
            assert_eq!(outcome.result.score, 0, "{kind}");
            assert!(outcome.iterations.is_empty(), "{kind}");
        }
    }
}

/// Qf7 stalemates: searched alone it scores 0 although White is a queen up;
/// the searches prefer a mate (Qe8#, Qf8#, Qg7#, Qh7#).
#[test]
fn stalemate_inside_the_search_is_a_draw() {
    let game = game("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1");
    let stalemating = uci(&game, "e7f7");
    for (name, config) in configs() {
        for d in 1..=3 {
            let limits = Limits {
                searchmoves: vec![stalemating],
                ..depth(d)
            };
            let result = search(&game, &config, &limits).result;
            assert_eq!(result.score, 0, "{name} depth {d}, Qf7 only");
            let result = search(&game, &config, &depth(d)).result;
            assert_eq!(result.score, MATE - 1, "{name} depth {d}");
            let best = result.best.expect("a move");
            assert!(
                play_line(game.position(), &[best], &name).is_checkmate(),
                "{name} depth {d}: {best} does not mate"
            );
        }
    }
    // Minimax's tree for Qf7 alone: the root and the stalemate, which has no children.
    let limits = Limits {
        searchmoves: vec![stalemating],
        ..depth(3)
    };
    assert_eq!(
        search(&game, &config(SearchKind::Minimax), &limits)
            .result
            .nodes,
        2
    );
}

/// White is a queen down (Q vs Q+Q+P) but checks forever: Qe8+ Kh7 Qh5+ Kg8, Black's replies
/// forced. The only line that does not lose the material is the repetition.
const PERPETUAL: &str = "6k1/qq4p1/8/7Q/8/8/8/3K4 w - - 0 1";
const PERPETUAL_CYCLE: [&str; 4] = ["h5e8", "g8h7", "e8h5", "h7g8"];

#[test]
fn perpetual_check_scores_zero() {
    let start = game(PERPETUAL);
    assert_eq!(evaluate(start.position()), -1000);
    // Black's replies in the cycle are forced.
    let mut line = start.clone();
    for (i, m) in PERPETUAL_CYCLE.iter().enumerate() {
        line.play_uci(m).expect("legal");
        if i % 2 == 0 {
            assert!(line.position().is_check());
            assert_eq!(line.position().legal_moves().len(), 1, "after {m}");
        }
    }
    assert_eq!(line.position(), start.position());

    // IterativeDeepening scores a repetition inside its search as a draw: from depth 2 on
    // (the check extension reaches the fourth ply) it sees the perpetual.
    // (Without move ordering, quiescence is slow here: depth 5 at most, about 0.3 s.)
    // Whole and with each part off, as `engine compare` lists them.
    let id = config(SearchKind::IterativeDeepening);
    let variants = compare::variants(&[SearchKind::IterativeDeepening], &id)
        .into_iter()
        .map(|v| (v.config, if v.config.parts.move_ordering { 7 } else { 5 }));
    for (config, deepest) in variants {
        for d in 2..=deepest {
            let outcome = search(&start, &config, &depth(d));
            let result = &outcome.result;
            assert_eq!(result.score, 0, "{config:?} depth {d}");
            assert_eq!(
                result.best,
                Some(uci(&start, "h5e8")),
                "{config:?} depth {d}"
            );
            let pv = &outcome.iterations.last().expect("an iteration").pv;
            play_line(start.position(), pv, "perpetual");
        }
    }

    // Minimax and AlphaBeta draw only by threefold: from the bare position, depth 4 brings the
    // root back once, which is not yet a draw, so the material decides...
    for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
        let result = search(&start, &config(kind), &depth(4)).result;
        assert_eq!(result.score, -1000, "{kind} without history");
    }
    // ...but after the cycle has been played once in the game, the same four plies make the
    // third occurrence: a draw.
    for kind in [SearchKind::Minimax, SearchKind::AlphaBeta] {
        let result = search(&line, &config(kind), &depth(4)).result;
        assert_eq!(result.score, 0, "{kind} with the cycle in the game");
        assert_eq!(result.best, Some(uci(&line, "h5e8")), "{kind}");
    }
}

/// White, without its queen, shuffles a knight while Black shuffles one back; the game's
/// history makes the next Nf3 the third occurrence of its position.
#[test]
fn threefold_repetition_through_the_game_history() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    let cycle = ["g1f3", "b8c6", "f3g1", "c6b8"];
    let mut once = game(fen);
    for m in cycle {
        once.play_uci(m).expect("legal");
    }
    let mut twice = once.clone();
    for m in cycle {
        twice.play_uci(m).expect("legal");
    }
    assert_eq!(evaluate(twice.position()), -900);
    // The root (the third occurrence of the start) is still searched, not scored as a draw:
    // every search returns a move, and Nf3 (third occurrence of that position) draws.
    let nf3 = uci(&twice, "g1f3");
    for (name, config) in configs() {
        for d in 1..=3 {
            let result = search(&twice, &config, &depth(d)).result;
            assert_eq!(result.score, 0, "{name} depth {d}");
            assert_eq!(result.best, Some(nf3), "{name} depth {d}");
        }
    }
    // After one cycle, Nf3 would only be the second occurrence: not a draw, and Black, a queen
    // up, need not repeat. Minimax sees the material.
    for d in 1..=3 {
        let result = search(&once, &config(SearchKind::Minimax), &depth(d)).result;
        assert!(result.score <= -800, "Minimax depth {d}: {}", result.score);
        let limits = Limits {
            searchmoves: vec![uci(&once, "g1f3")],
            ..depth(d)
        };
        let result = search(&once, &config(SearchKind::Minimax), &limits).result;
        assert!(
            result.score <= -800,
            "Minimax depth {d}, Nf3: {}",
            result.score
        );
    }
    // The same with no history at all.
    let fresh = game(fen);
    let result = search(&fresh, &config(SearchKind::Minimax), &depth(3)).result;
    assert!(result.score <= -800);
}

/// With the halfmove clock at 100 the game is drawn on claim; at 99, any move but a capture or a
/// pawn move completes the fifty moves. A queen up scores 0 either way.
#[test]
fn the_fifty_move_rule_draws() {
    for clock in [99, 100] {
        let game = game(&format!("4k3/8/8/8/8/8/8/3QK3 w - - {clock} 80"));
        assert_eq!(evaluate(game.position()), 900);
        assert_scores(
            &game,
            1..=4,
            0,
            &format!("K+Q vs K, halfmove clock {clock}"),
        );
    }
    // At 98 the draw comes a move later: the same from depth 2, and material at depth 1.
    let game98 = game("4k3/8/8/8/8/8/8/3QK3 w - - 98 80");
    assert_scores(&game98, 2..=4, 0, "K+Q vs K, halfmove clock 98");
    for (name, config) in configs() {
        let result = search(&game98, &config, &depth(1)).result;
        assert_eq!(result.score, 900, "{name}: clock 98 depth 1");
    }
}

/// A pawn move resets the clock, and a mate on the hundredth half-move is still a mate.
#[test]
fn the_fifty_move_rule_yields_to_pawn_moves_and_mate() {
    let pawn = game("4k3/8/8/8/8/8/4P3/3QK3 w - - 99 80");
    for (name, config) in configs() {
        for d in 1..=3 {
            let result = search(&pawn, &config, &depth(d)).result;
            let best = result.best.expect("a move");
            assert_eq!(best.role(), shakmaty::Role::Pawn, "{name} depth {d}");
            assert!(result.score >= 900, "{name} depth {d}: {}", result.score);
        }
    }
    let mate = game("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80");
    let qb8 = uci(&mate, "b1b8");
    assert_scores(&mate, 1..=3, MATE - 1, "mate with clock 99");
    for (name, config) in configs() {
        let result = search(&mate, &config, &depth(3)).result;
        assert_eq!(result.best, Some(qb8), "{name}");
    }
}

/// King and bishop (or knight) against a lone king cannot mate: a draw, not +300.
#[test]
fn insufficient_material_draws() {
    for fen in [
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",
    ] {
        let game = game(fen);
        assert_ne!(evaluate(game.position()), 0, "{fen}");
        assert_scores(&game, 1..=4, 0, fen);
    }
    // Bishops on squares of one colour: no mate either.
    let same_colour = game("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert!(same_colour.position().is_insufficient_material());
    assert_scores(&same_colour, 1..=3, 0, "K+B vs K+B");
    // Taking the last pawn leaves K+N vs K: a draw, while keeping the pawn on the board
    // (Black's, so White's material edge stays 200) keeps the game going.
    let game = game("4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1");
    let nxc3 = uci(&game, "b1c3");
    for (name, config) in configs() {
        let limits = Limits {
            searchmoves: vec![nxc3],
            ..depth(2)
        };
        assert_eq!(search(&game, &config, &limits).result.score, 0, "{name}");
    }
}
