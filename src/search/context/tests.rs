use super::*;
use crate::eval::{DRAW, MATE};
use crate::search::limits::Signals;
use crate::search::tablebase::{Tablebases, TB_WIN};
use std::sync::Arc;
use std::time::Instant;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Calls `lines` with a context of `game` (node limit `nodes`, probing `tables`) and
/// returns the lines it reported.
fn reported(
    game: &Game,
    nodes: Option<u64>,
    tables: SearchTables,
    lines: impl FnOnce(&mut SearchContext),
) -> Vec<Iteration> {
    let signals = Signals::new(false);
    let mut reported = Vec::new();
    let mut report = |r| {
        if let Report::Iteration(line) = r {
            reported.push(line);
        }
    };
    let limiter = Limiter::new(&signals, Instant::now(), None, nodes);
    let mut context = SearchContext::new(game, limiter, Evaluation::Material, &mut report)
        .with_tablebases(tables);
    lines(&mut context);
    drop(context);
    reported
}

fn walk(context: &mut SearchContext, pos: &Chess, depth: u32) {
    assert_eq!(context.evaluate(pos), context.evaluation().evaluate(pos));
    assert_eq!(
        context.history().key(),
        crate::board::keys::zobrist_key(pos)
    );
    if depth == 0 {
        return;
    }
    for &m in &pos.legal_moves() {
        let child = context.play(pos, m);
        walk(context, &child, depth - 1);
        context.undo();
    }
}

#[test]
fn the_evaluation_follows_every_move() {
    let signals = Signals::new(false);
    for (fen, evaluation) in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ]
    .into_iter()
    .flat_map(|fen| Evaluation::ALL.map(|evaluation| (fen, evaluation)))
    {
        let game = Game::from_fen(fen).expect("legal");
        let mut report = |_| {};
        let limiter = Limiter::new(&signals, Instant::now(), None, None);
        let mut context = SearchContext::new(&game, limiter, evaluation, &mut report);
        walk(&mut context, game.position(), 3);
    }
}

/// A line's seldepth is the deepest ply entered since the last reset, not the last ply.
#[test]
fn a_line_reports_the_deepest_ply_entered_since_the_last_reset() {
    let game = Game::from_fen(START).expect("legal");
    let m = game.position().legal_moves()[0];
    let lines = reported(&game, None, SearchTables::default(), |context| {
        for ply in [0, 1, 4, 2] {
            context.enter(ply);
        }
        context.report_line(4, 0, vec![m], None);
        context.reset_seldepth();
        for ply in [0, 2, 1] {
            context.enter_quiescence(ply);
        }
        context.report_line(2, 0, vec![m], None);
    });
    let seldepths: Vec<u32> = lines.iter().map(|line| line.seldepth).collect();
    assert_eq!(seldepths, [4, 2]);
}

/// Entering the last node a node limit allows tells the search to stop.
#[test]
fn the_node_that_reaches_the_limit_stops_the_search() {
    let game = Game::from_fen(START).expect("legal");
    reported(&game, Some(3), SearchTables::default(), |context| {
        let stops: Vec<bool> = (0..3).map(|ply| context.enter(ply)).collect();
        assert_eq!(stops, [false, false, true]);
        assert!(context.stopped());
    });
}

/// A ranked root's line shows the tables' result for its first move, unless a mate is found.
#[test]
fn a_ranked_root_shows_the_tables_result_unless_a_mate_is_found() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let opened = Tablebases::open(path).expect("the test tables");
    // White wins with the queen, but Qd8+ gives it away (Kxd8): a draw.
    let game = Game::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("legal");
    let mut moves = game.position().legal_moves().to_vec();
    let tables = SearchTables::new(opened.tables.map(Arc::new), &game, &mut moves, 7);
    let qd8 = moves
        .iter()
        .copied()
        .find(|m| m.to() == shakmaty::Square::D8);
    let qd8 = qd8.expect("Qd8+");
    // The root moves are ranked best first: a win.
    let win = moves[0];
    let lines = reported(&game, None, tables, |context| {
        context.report_line(3, 57, vec![win], None);
        context.report_line(3, MATE - 9, vec![win], None);
        context.report_line(3, 57, vec![qd8], None);
    });
    let scores: Vec<Score> = lines.iter().map(|line| line.score).collect();
    assert_eq!(scores, [TB_WIN, MATE - 9, DRAW]);
}
