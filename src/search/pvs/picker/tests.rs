//! The staged picker: every legal move exactly once in every mode, each stage in its order.

use super::*;
use crate::board::movegen::is_noisy;
use crate::search::pvs::history::piece_to;
use shakmaty::{fen::Fen, CastlingMode, Chess, Position, Role, Square};

/// Positions with captures both ways, castling, en passant, promotions (under-promotions and
/// promotions that take) and checks.
const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/2p5/3pp3/8/5N2/3Q4/4K3 w - - 0 1",
    "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 3",
];

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("FEN");
    fen.into_position(CastlingMode::Standard).expect("legal")
}

/// Every (move, stage) the frame hands out, in order.
fn drain(frame: &mut StagedPicker, pos: &Chess, heuristics: &Heuristics) -> Vec<(Move, Stage)> {
    drain_with(frame, pos, heuristics, [None; 2])
}

/// [`drain`] with the ply's `killers`.
fn drain_with(
    frame: &mut StagedPicker,
    pos: &Chess,
    heuristics: &Heuristics,
    killers: [Option<Move>; 2],
) -> Vec<(Move, Stage)> {
    let gen = MoveGen::new(pos);
    let mut out = Vec::new();
    while let Some(picked) = frame.next(&gen, pos.board(), heuristics, pos.turn(), killers) {
        out.push(picked);
        assert!(out.len() <= 256, "the frame never ends");
    }
    out
}

/// The moves of `kind` in `pos`, in the generator's order.
fn generate(pos: &Chess, kind: GenKind) -> MoveList {
    let mut moves = MoveList::new();
    MoveGen::new(pos).generate(kind, &mut moves);
    moves
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut list: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    list.sort();
    list
}

fn stages(picked: &[(Move, Stage)]) -> Vec<Stage> {
    picked.iter().map(|&(_, stage)| stage).collect()
}

/// Killers of a ply: a legal quiet move of `pos` (if any, also returned) and a move that is
/// not a move of `pos` at all.
fn with_killers(pos: &Chess) -> ([Option<Move>; 2], Option<Move>) {
    let quiet = pos.legal_moves().into_iter().find(|&m| !is_noisy(m));
    let foreign = Move::Normal {
        role: Role::Queen,
        from: Square::A1,
        capture: None,
        to: Square::H8,
        promotion: None,
    };
    ([quiet, Some(foreign)], quiet)
}

#[test]
fn every_legal_move_comes_once_in_every_mode() {
    for fen in FENS {
        let pos = position(fen);
        let legal = pos.legal_moves();
        let (killers, _) = with_killers(&pos);
        let heuristics = Heuristics::default();
        let tables = [None, legal.first().copied(), legal.last().copied()];
        for (table, ordered) in tables.into_iter().flat_map(|t| [(t, true), (t, false)]) {
            let mut frame = StagedPicker::default();
            frame.start(table, ordered, true);
            let picked = drain_with(&mut frame, &pos, &heuristics, killers);
            assert_eq!(
                sorted(picked.iter().map(|&(m, _)| m)),
                sorted(legal.iter().copied()),
                "{fen} table {table:?} ordered {ordered}"
            );
        }
    }
}

#[test]
fn without_quiet_moves_only_the_noisy_ones_come() {
    for fen in FENS {
        let pos = position(fen);
        let noisy = pos.legal_moves().into_iter().filter(|&m| is_noisy(m));
        let (killers, _) = with_killers(&pos);
        let heuristics = Heuristics::default();
        for ordered in [true, false] {
            let mut frame = StagedPicker::default();
            frame.start(None, ordered, false);
            let picked = drain_with(&mut frame, &pos, &heuristics, killers);
            assert_eq!(
                sorted(picked.iter().map(|&(m, _)| m)),
                sorted(noisy.clone()),
                "{fen} ordered {ordered}"
            );
            let allowed: &[Stage] = if ordered {
                &[Stage::Noisy, Stage::BadNoisy]
            } else {
                &[Stage::Unordered]
            };
            assert!(stages(&picked).iter().all(|s| allowed.contains(s)), "{fen}");
        }
    }
}

#[test]
fn unordered_moves_come_in_the_generators_order() {
    for fen in FENS {
        let pos = position(fen);
        let generated = generate(&pos, GenKind::All);
        let mut frame = StagedPicker::default();
        // Unordered, the table move is not put first either.
        frame.start(generated.last().copied(), false, true);
        let picked = drain(&mut frame, &pos, &Heuristics::default());
        let moves: Vec<Move> = picked.iter().map(|&(m, _)| m).collect();
        assert_eq!(moves, generated.to_vec(), "{fen}");
        assert!(stages(&picked).iter().all(|&s| s == Stage::Unordered));
    }
}

#[test]
fn the_stages_come_in_order_table_noisy_killers_quiet_bad_noisy() {
    let rank = |stage| match stage {
        Stage::Table => 0,
        Stage::Noisy => 1,
        Stage::Killer => 2,
        Stage::Quiet => 3,
        Stage::BadNoisy => 4,
        Stage::Unordered => 5,
    };
    let mut seen = [0; 5];
    for fen in FENS {
        let pos = position(fen);
        let (killers, killer) = with_killers(&pos);
        let heuristics = Heuristics::default();
        let table = pos.legal_moves().into_iter().find(|&m| Some(m) != killer);
        let mut frame = StagedPicker::default();
        frame.start(table, true, true);
        let picked = drain_with(&mut frame, &pos, &heuristics, killers);
        let ranks: Vec<usize> = stages(&picked).into_iter().map(rank).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{fen}: {ranks:?}");
        assert_eq!(
            picked.first().map(|&(m, s)| (m, s)),
            table.map(|m| (m, Stage::Table))
        );
        // The legal killer comes as a killer; the foreign one never comes.
        let killers: Vec<Move> = picked
            .iter()
            .filter(|&&(_, s)| s == Stage::Killer)
            .map(|&(m, _)| m)
            .collect();
        assert_eq!(killers, killer.into_iter().collect::<Vec<_>>(), "{fen}");
        for (m, stage) in &picked {
            let expected_noisy = matches!(stage, Stage::Noisy | Stage::BadNoisy);
            if *stage != Stage::Table {
                assert_eq!(is_noisy(*m), expected_noisy, "{fen}: {m:?} as {stage:?}");
            }
            if let Stage::Noisy | Stage::BadNoisy = stage {
                let good = see_ge(pos.board(), *m, 0);
                assert_eq!(good, *stage == Stage::Noisy, "{fen}: {m:?}");
            }
            seen[rank(*stage)] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "every stage seen: {seen:?}");
}

#[test]
fn noisy_moves_come_by_mvv_lva_good_then_bad() {
    // Pawn takes queen, knight takes rook, queen takes a pawn defended by a pawn (loses), queen
    // takes a defended knight (loses), a capture-promotion.
    let pos = position("1r2k3/P1p5/3p4/2n1p3/3q4/4PN2/2Q5/4K3 w - - 0 1");
    let mut frame = StagedPicker::default();
    frame.start(None, true, true);
    let picked = drain(&mut frame, &pos, &Heuristics::default());
    for stage in [Stage::Noisy, Stage::BadNoisy] {
        let values: Vec<i32> = picked
            .iter()
            .filter(|&&(_, s)| s == stage)
            .map(|&(m, _)| mvv_lva(m))
            .collect();
        assert!(values.len() >= 2, "{stage:?}: {values:?}");
        assert!(
            values.windows(2).all(|w| w[0] >= w[1]),
            "{stage:?}: {values:?}"
        );
    }
}

/// The quiet moves of `pos` in the order the picker must hand them out after `cont`: by history
/// score, the generator's order among equal scores.
fn expected_quiet_order(pos: &Chess, heuristics: &Heuristics, cont: Continuation) -> Vec<Move> {
    let generated = generate(pos, GenKind::Quiet);
    let mut moves: Vec<(usize, Move)> = generated.into_iter().enumerate().collect();
    let score = |m: Move| heuristics.quiet_score(pos.turn(), m, cont);
    moves.sort_by_key(|&(i, m)| (std::cmp::Reverse(score(m)), i));
    moves.into_iter().map(|(_, m)| m).collect()
}

#[test]
fn quiet_moves_come_by_history_and_continuation_history() {
    let pos = position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let quiets: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut heuristics = Heuristics::default();
    // Each cutoff by a move lifts it; the moves tried before it fall.
    let (a, b, c) = (quiets[3], quiets[7], quiets[11]);
    for depth in [6, 6, 6] {
        heuristics.record_cutoff(a, &[b, a], Color::White, depth, [None; 2]);
    }
    heuristics.record_cutoff(c, &[c], Color::White, 4, [None; 2]);
    let order = |heuristics: &Heuristics, cont: Continuation| {
        let mut frame = StagedPicker::default();
        frame.start(None, true, true);
        frame.follow(cont);
        let picked = drain(&mut frame, &pos, heuristics);
        assert!(stages(&picked).iter().all(|&s| s == Stage::Quiet));
        picked.into_iter().map(|(m, _)| m).collect::<Vec<_>>()
    };
    let plain = order(&heuristics, [None; 2]);
    assert_eq!((plain[0], plain[1], plain.last()), (a, c, Some(&b)));
    // The whole order, past the few moves chosen one by one and the rest sorted at once.
    assert!(plain.len() > QUIET_SELECTED + 2);
    assert_eq!(plain, expected_quiet_order(&pos, &heuristics, [None; 2]));
    // After one earlier move, its continuation history puts `c` first; after another, `b`.
    let (one, other) = (
        piece_to(Color::Black, quiets[0]),
        piece_to(Color::Black, quiets[1]),
    );
    for _ in 0..4 {
        heuristics.record_cutoff(c, &[a, c], Color::White, 8, [Some(one), None]);
        heuristics.record_cutoff(b, &[a, b], Color::White, 8, [None, Some(other)]);
    }
    for (cont, first) in [([Some(one), None], c), ([None, Some(other)], b)] {
        let followed = order(&heuristics, cont);
        assert_eq!(followed[0], first, "after {cont:?}");
        assert_eq!(followed, expected_quiet_order(&pos, &heuristics, cont));
    }
}

#[test]
fn quiet_checks_only_leaves_the_other_quiet_moves_out() {
    for fen in FENS {
        let pos = position(fen);
        let checks = generate(&pos, GenKind::QuietChecks);
        let (killers, killer) = with_killers(&pos);
        let heuristics = Heuristics::default();
        let mut frame = StagedPicker::default();
        frame.start(None, true, true);
        frame.quiet_checks_only();
        let picked = drain_with(&mut frame, &pos, &heuristics, killers);
        let quiet: Vec<Move> = picked
            .iter()
            .filter(|&&(_, s)| s == Stage::Quiet)
            .map(|&(m, _)| m)
            .collect();
        let expected = checks.into_iter().filter(|&m| Some(m) != killer);
        assert_eq!(sorted(quiet), sorted(expected), "{fen}");
        let noisy = picked.iter().filter(|&&(m, _)| is_noisy(m)).count();
        let all_noisy = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| is_noisy(m))
            .count();
        assert_eq!(noisy, all_noisy, "{fen}: every noisy move still comes");
    }
}

#[test]
fn a_frame_restarted_forgets_the_last_node() {
    let pos = position(FENS[1]);
    let other = position(FENS[5]);
    let (killers, _) = with_killers(&pos);
    let heuristics = Heuristics::default();
    let mut frame = StagedPicker::default();
    frame.start(pos.legal_moves().first().copied(), true, true);
    frame.quiet_checks_only();
    frame.follow([Some(1), Some(2)]);
    // Half of a node, then another node in the same frame.
    let gen = MoveGen::new(&pos);
    for _ in 0..10 {
        frame.next(&gen, pos.board(), &heuristics, pos.turn(), killers);
    }
    frame.start(None, true, true);
    let picked = drain(&mut frame, &other, &Heuristics::default());
    assert_eq!(
        sorted(picked.iter().map(|&(m, _)| m)),
        sorted(other.legal_moves())
    );
}

#[test]
fn captures_that_lose_material_come_after_the_quiet_moves() {
    // Qxd5 loses the queen to c6xd5; Nxe5 wins a pawn.
    let pos = position("4k3/8/2p5/3pp3/8/5N2/3Q4/4K3 w - - 0 1");
    let picked = drain(
        &mut StagedPicker::default_started(),
        &pos,
        &Heuristics::default(),
    );
    let first = picked.first().expect("moves");
    assert_eq!(
        (first.0.to(), first.0.is_capture(), first.1),
        (Square::E5, true, Stage::Noisy)
    );
    let last = picked.last().expect("moves");
    assert_eq!(
        (last.0.to(), last.0.is_capture(), last.1),
        (Square::D5, true, Stage::BadNoisy)
    );
    assert_eq!(picked.len(), pos.legal_moves().len());
    assert!(picked[1..picked.len() - 1]
        .iter()
        .all(|&(m, stage)| !m.is_capture() && stage == Stage::Quiet));
}

impl StagedPicker {
    /// A frame started for an ordered node with quiet moves and no table move.
    fn default_started() -> StagedPicker {
        let mut frame = StagedPicker::default();
        frame.start(None, true, true);
        frame
    }
}
