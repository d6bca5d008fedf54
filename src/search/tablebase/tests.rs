use super::*;
use crate::board::notation::parse_uci_move;
use crate::eval::is_mate_score;

#[test]
fn syzygy_path_splits_at_semicolons_on_windows_and_colons_elsewhere() {
    let expected = if cfg!(windows) { ';' } else { ':' };
    assert_eq!(PATH_SEPARATOR, expected);
    let windows = directories(r"C:\syzygy\345; D:\syzygy\6;;", ';');
    assert_eq!(windows, [r"C:\syzygy\345", r"D:\syzygy\6"]);
    let unix = directories("/tb/345: /tb/6::", ':');
    assert_eq!(unix, ["/tb/345", "/tb/6"]);
    // A drive letter's colon is no separator on Windows.
    assert_eq!(directories(r"C:\tb", ';'), [r"C:\tb"]);
}

#[test]
fn a_tablebase_win_is_below_every_mate_and_no_mate_itself() {
    assert!(!is_mate_score(TB_WIN));
    assert!(TB_WIN - (MAX_PLY as Score) > 10_000);
    assert!(crate::eval::MATE - MAX_PLY as Score > TB_WIN);
}

#[test]
fn ranks_keep_the_fifty_move_rule() {
    // A win within the rule ranks highest; one that needs more plies ranks lower.
    assert_eq!(dtz_rank(10, 0, false), MAX_DTZ);
    assert_eq!(dtz_rank(10, 89, false), MAX_DTZ);
    assert!(dtz_rank(10, 95, false) < MAX_DTZ);
    assert!(dtz_rank(11, 95, false) < dtz_rank(10, 95, false));
    assert_eq!(dtz_rank(0, 50, false), 0);
    assert_eq!(dtz_rank(-10, 0, false), -MAX_DTZ);
    assert!(dtz_rank(-60, 0, false) > -MAX_DTZ);
    assert_eq!(rank_score(MAX_DTZ), TB_WIN);
    assert_eq!(rank_score(-MAX_DTZ), -TB_WIN);
    assert_eq!(rank_score(0), DRAW);
    let cursed = rank_score(wdl_rank(Wdl::CursedWin));
    assert!(cursed > 0 && cursed < 1000, "{cursed}");
}

#[test]
fn a_material_is_counted_once_whichever_side_is_named_first() {
    assert_eq!(
        material(Path::new("KQvKB.rtbw")),
        material(Path::new("KBvKQ.rtbw"))
    );
    assert_ne!(
        material(Path::new("KQvKB.rtbw")),
        material(Path::new("KQvKR.rtbw"))
    );
}

#[test]
fn an_empty_path_means_no_tables_and_a_missing_one_is_an_error() {
    for empty in ["", "<empty>"] {
        let opened = Tablebases::open(empty).expect("empty");
        assert!(opened.tables.is_none() && opened.skipped.is_empty());
    }
    let err = Tablebases::open("/no/such/directory").expect_err("unreadable");
    assert!(err.contains("/no/such/directory"), "{err}");
}

#[test]
fn a_missing_directory_among_others_is_skipped() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let path = format!("/no/such/directory{PATH_SEPARATOR}{tables}");
    let opened = Tablebases::open(&path).expect("one directory is readable");
    assert!(opened.tables.is_some_and(|tb| tb.wdl_tables() > 0));
    assert_eq!(opened.skipped.len(), 1);
    assert!(opened.skipped[0].contains("/no/such/directory"));
}

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
/// White wins (tests/search/syzygy.rs uses the same positions).
const KQ_K: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";
const KR_K: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
/// A draw with best play.
const KR_KR: &str = "8/8/4k3/8/2r5/8/3R4/4K3 w - - 0 1";

fn all_tables() -> Tablebases {
    let opened = Tablebases::open(TABLES).expect("the test tables");
    opened.tables.expect("tables")
}

/// The test tables with their WDL files only, as if the DTZ files were missing.
fn wdl_tables_only() -> Tablebases {
    let mut tb = Tablebases {
        tables: Tablebase::new(),
        wdl: BTreeSet::new(),
        dtz: BTreeSet::new(),
    };
    for name in ["KQvK", "KRvK", "KRvKR"] {
        let file = Path::new(TABLES).join(format!("{name}.rtbw"));
        tb.tables.add_file(&file).expect("a WDL table");
        tb.wdl.insert(material(&file));
    }
    tb
}

fn game(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_fen(fen).expect("legal");
    for m in moves {
        game.play_uci(m).expect("a legal move");
    }
    game
}

fn legal_moves(game: &Game) -> Vec<Move> {
    game.position().legal_moves().into_iter().collect()
}

/// The tables' Debug output counts the WDL and DTZ tables found.
#[test]
fn tables_debug_as_their_counts() {
    assert_eq!(format!("{:?}", all_tables()), "Tablebases(6 WDL, 6 DTZ)");
    assert_eq!(
        format!("{:?}", wdl_tables_only()),
        "Tablebases(3 WDL, 0 DTZ)"
    );
}

/// A root move repeats when its position already occurred twice, not once.
#[test]
fn a_root_move_repeats_on_the_third_occurrence_only() {
    let child_of = |game: &Game, m: &str| {
        let mut child = game.position().clone();
        let m = parse_uci_move(&child, m).expect("legal");
        child.play_unchecked(m);
        child
    };
    // The start occurred once: going back to it is its second occurrence.
    let once = game(KR_K, &["a1a2", "e5e4", "a2a1"]);
    assert!(!repeats(&once, &child_of(&once, "e4e5")));
    // After a second round the start occurred twice: going back is its third.
    let twice = game(
        KR_K,
        &["a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1"],
    );
    assert!(repeats(&twice, &child_of(&twice, "e4e5")));
    assert!(!repeats(&twice, &child_of(&twice, "e4d4")));
}

/// A repetition counts from the last capture or pawn move on, that move's position included.
#[test]
fn a_repetition_counts_since_the_last_zeroing_move() {
    const KRP_K: &str = "8/8/8/4k3/8/8/P7/R3K3 w - - 0 1";
    assert!(!has_repeated(&game(KRP_K, &[])));
    assert!(!has_repeated(&game(KRP_K, &["a1b1", "e5e4", "b1c1"])));
    // The first position (the one a zeroing move reached) comes back: the only repeat,
    // 4 plies later, with the fifty-move count at 4.
    let round = ["a1b1", "e5e4", "b1a1", "e4e5"];
    assert!(has_repeated(&game(KRP_K, &round)));
    // A pawn move clears what came before it.
    let after_pawn = [&round[..], &["a2a3"]].concat();
    assert!(!has_repeated(&game(KRP_K, &after_pawn)));
    let later = [&after_pawn[..], &["e5e4", "a1b1"]].concat();
    assert!(!has_repeated(&game(KRP_K, &later)));
}

/// The ranks of Stockfish's `root_probe` (MAX_DTZ = 2^18), worked by hand.
#[test]
fn dtz_ranks_are_stockfish_s() {
    assert_eq!(MAX_DTZ, 262_144);
    // A win: MAX_DTZ while dtz + fifty <= 99 and nothing repeated, else MAX_DTZ - (dtz + fifty).
    assert_eq!(dtz_rank(99, 0, false), 262_144);
    assert_eq!(dtz_rank(100, 0, false), 262_144 - 100);
    assert_eq!(dtz_rank(10, 95, false), 262_144 - 105);
    assert_eq!(dtz_rank(5, 0, true), 262_144 - 5);
    // A loss: -MAX_DTZ while -dtz * 2 + fifty < 100, else -MAX_DTZ + (-dtz + fifty).
    assert_eq!(dtz_rank(-49, 0, false), -262_144);
    assert_eq!(dtz_rank(-50, 0, false), -262_144 + 50);
    assert_eq!(dtz_rank(-10, 79, false), -262_144);
    assert_eq!(dtz_rank(-10, 85, false), -262_144 + 95);
    assert_eq!(dtz_rank(0, 85, true), 0);
}

/// The score of each rank, as Stockfish's `root_probe` maps it (with a pawn of 100).
#[test]
fn rank_scores_are_stockfish_s() {
    // From MAX_DTZ - 100 up: a win (Stockfish's bound with Syzygy50MoveRule).
    assert_eq!(rank_score(262_144), TB_WIN);
    assert_eq!(rank_score(262_144 - 100), TB_WIN);
    // Below it, a cursed win: max(2, rank - (MAX_DTZ - 200)) * 100 / 200 centipawns, so
    // 99 * 100 / 200 = 49 (9_900 / 200), 95 * 100 / 200 = 47 (9_500 / 200, truncated),
    // and at least 2 * 100 / 200 = 1 however far the win.
    assert_eq!(rank_score(262_144 - 101), 49);
    assert_eq!(rank_score(262_144 - 105), 47);
    assert_eq!(rank_score(262_144 - 199), 1);
    assert_eq!(rank_score(262_144 - 300), 1);
    assert_eq!(rank_score(0), DRAW);
    // And the blessed losses mirror them.
    assert_eq!(rank_score(-262_144 + 300), -1);
    assert_eq!(rank_score(-262_144 + 199), -1);
    assert_eq!(rank_score(-262_144 + 105), -47);
    assert_eq!(rank_score(-262_144 + 101), -49);
    assert_eq!(rank_score(-262_144 + 100), -TB_WIN);
    assert_eq!(rank_score(-262_144), -TB_WIN);
}

/// Each WDL result ranks as in Stockfish's `root_probe_wdl` table.
#[test]
fn wdl_ranks_are_stockfish_s() {
    assert_eq!(wdl_rank(Wdl::Loss), -262_144);
    assert_eq!(wdl_rank(Wdl::BlessedLoss), -262_144 + 101);
    assert_eq!(wdl_rank(Wdl::Draw), 0);
    assert_eq!(wdl_rank(Wdl::CursedWin), 262_144 - 101);
    assert_eq!(wdl_rank(Wdl::Win), 262_144);
}

/// Ranked by DTZ, the root is never probed again by the search, won or not.
#[test]
fn a_root_ranked_by_dtz_stops_the_probes() {
    let tb = Arc::new(all_tables());
    for fen in [KQ_K, KR_KR] {
        let game = game(fen, &[]);
        let mut moves = legal_moves(&game);
        let search = SearchTables::new(Some(tb.clone()), &game, &mut moves, 6);
        assert!(!search.ranks.is_empty(), "{fen}");
        assert_eq!(search.pieces, 0, "{fen}");
    }
}

/// Ranked by WDL, a won root keeps the search's probes and a drawn one stops them.
#[test]
fn a_root_ranked_by_wdl_is_probed_again_only_when_won() {
    let tb = Arc::new(wdl_tables_only());
    let won = game(KQ_K, &[]);
    let mut moves = legal_moves(&won);
    let search = SearchTables::new(Some(tb.clone()), &won, &mut moves, 6);
    assert_eq!(search.ranks.first().map(|&(_, r)| r), Some(262_144));
    assert_eq!(search.pieces, 4);
    let drawn = game(KR_KR, &[]);
    let mut moves = legal_moves(&drawn);
    let search = SearchTables::new(Some(tb), &drawn, &mut moves, 6);
    assert_eq!(search.ranks.first().map(|&(_, r)| r), Some(0));
    assert_eq!(search.pieces, 0);
}

/// The search probes only a position of few enough pieces, with the fifty-move count at 0
/// and no castling rights: each condition alone refuses the probe.
#[test]
fn each_condition_of_the_probe_alone_refuses_it() {
    let mut search = SearchTables {
        tables: Some(Arc::new(all_tables())),
        pieces: 3,
        ..SearchTables::default()
    };
    let position = |fen: &str| game(fen, &[]).position().clone();
    assert_eq!(search.probe(&position(KR_K)), Some(Wdl::Win));
    assert_eq!(search.hits(), Some(1));
    // The fifty-move count started.
    assert_eq!(
        search.probe(&position("8/8/8/4k3/8/8/8/R3K3 w - - 1 1")),
        None
    );
    // Four pieces, over the limit of three (though the tables have them).
    assert_eq!(search.probe(&position(KR_KR)), None);
    // White may castle.
    assert_eq!(
        search.probe(&position("4k3/8/8/8/8/8/8/4K2R w K - 0 1")),
        None
    );
    assert_eq!(search.hits(), Some(1));
    // No probes at all.
    search.pieces = 0;
    assert_eq!(search.probe(&position(KR_K)), None);
    assert_eq!(search.hits(), Some(1));
}
