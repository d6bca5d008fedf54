//! Syzygy endgame tablebases (the `SyzygyPath` and `SyzygyProbeLimit` options), through the
//! shakmaty-syzygy crate: opening the tables, ranking the root moves by DTZ so that the moves
//! that keep the result within the fifty-move rule are searched first and played, and the WDL
//! probe of the search (as Stockfish does both).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{Dtz, Tablebase, Wdl};

use crate::board::game::Game;
use crate::eval::{Score, DRAW, MATE_BOUND};
use crate::search::multipv::Line;
use crate::search::types::MAX_PLY;

/// A tablebase win, `ply` plies from the root, scores `TB_WIN - ply`: above every evaluation,
/// below every mate score, so that a mate found by the search still ranks higher.
pub const TB_WIN: Score = MATE_BOUND - 1 - MAX_PLY as Score;
/// A win that the fifty-move rule spoils (a loss it saves) scores just above (below) a draw.
pub(crate) const CURSED_WIN: Score = 2;
/// Root ranks, as Stockfish's: a win kept within the fifty-move rule ranks `MAX_DTZ`.
const MAX_DTZ: i32 = 1 << 18;
/// Separates the directories of `SyzygyPath` (as Stockfish: `;` on Windows, `:` elsewhere).
const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The directories of `path`, split at `separator`, trimmed, empty ones left out.
fn directories(path: &str, separator: char) -> Vec<&str> {
    path.split(separator)
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .collect()
}

/// The tables found in the directories of `SyzygyPath`.
pub struct Tablebases {
    tables: Tablebase<Chess>,
    /// The material of each WDL and DTZ table found (KQvKB and KBvKQ are one).
    wdl: BTreeSet<[String; 2]>,
    dtz: BTreeSet<[String; 2]>,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tablebases({} WDL, {} DTZ)",
            self.wdl.len(),
            self.dtz.len()
        )
    }
}

/// The material of a table file's name (`KQvKB.rtbw`), the same for both sides' orders.
fn material(file: &Path) -> [String; 2] {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let mut sides = stem.split('v').map(str::to_string);
    let mut pair = [
        sides.next().unwrap_or_default(),
        sides.next().unwrap_or_default(),
    ];
    pair.sort();
    pair
}

/// What `SyzygyPath` opened: the tables (None for an empty path), and why each directory that
/// could not be read was skipped.
#[derive(Debug)]
pub struct Opened {
    pub tables: Option<Tablebases>,
    pub skipped: Vec<String>,
}

impl Tablebases {
    /// The tables of every directory in `path`; None for an empty path (or `<empty>`, as GUIs
    /// send it). A directory that cannot be read is skipped, as Stockfish skips it, unless none
    /// can be read; a damaged table file is an error.
    pub fn open(path: &str) -> Result<Opened, String> {
        let path = path.trim();
        // `<empty>`: the default as `uci` shows it, which GUIs send back.
        if path.is_empty() || path == "<empty>" {
            return Ok(Opened {
                tables: None,
                skipped: Vec::new(),
            });
        }
        let mut found = Tablebases {
            tables: Tablebase::new(),
            wdl: BTreeSet::new(),
            dtz: BTreeSet::new(),
        };
        let dirs = directories(path, PATH_SEPARATOR);
        let mut skipped = Vec::new();
        for dir in &dirs {
            if let Err(why) = std::fs::read_dir(dir) {
                skipped.push(format!("cannot read '{dir}': {why}"));
                continue;
            }
            found.add_directory(Path::new(dir))?;
        }
        if skipped.len() == dirs.len() {
            return Err(skipped.join("; "));
        }
        Ok(Opened {
            tables: Some(found),
            skipped,
        })
    }

    fn add_directory(&mut self, dir: &Path) -> Result<(), String> {
        let unreadable = |e: std::io::Error| format!("cannot read '{}': {e}", dir.display());
        for entry in std::fs::read_dir(dir).map_err(unreadable)? {
            let file = entry.map_err(unreadable)?.path();
            match self.tables.add_file(&file) {
                Ok(()) if file.extension().is_some_and(|e| e == "rtbw") => {
                    self.wdl.insert(material(&file));
                }
                Ok(()) => {
                    self.dtz.insert(material(&file));
                }
                // Not a table file: skipped, as Stockfish does.
                Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {}
                Err(e) => return Err(format!("bad table file '{}': {e}", file.display())),
            }
        }
        Ok(())
    }

    /// WDL tables found, one per material (as Stockfish counts "tablebases").
    pub fn wdl_tables(&self) -> usize {
        self.wdl.len()
    }

    pub fn dtz_tables(&self) -> usize {
        self.dtz.len()
    }

    /// Pieces (kings included) of the largest table.
    pub fn max_pieces(&self) -> u32 {
        self.tables.max_pieces() as u32
    }

    /// The result of `pos`, reached by a capture or pawn move (so exact under the fifty-move
    /// rule); None without the tables it needs.
    fn wdl_after_zeroing(&self, pos: &Chess) -> Option<Wdl> {
        self.tables.probe_wdl_after_zeroing(pos).ok()
    }

    /// DTZ of the position after the root move `m` (as Stockfish's `root_probe`), from the
    /// mover's side: plies to the next zeroing move, positive when winning, 0 for a draw.
    fn dtz_after(&self, game: &Game, m: Move) -> Option<i32> {
        let mut child = game.position().clone();
        child.play_unchecked(m);
        if child.is_checkmate() {
            return Some(1);
        }
        if child.halfmoves() == 0 {
            let wdl = -self.wdl_after_zeroing(&child)?;
            return Some(Dtz::before_zeroing(wdl).0);
        }
        if repeats(game, &child) {
            return Some(0);
        }
        let dtz = -self.tables.probe_dtz(&child).ok()?.ignore_rounding().0;
        Some(dtz + dtz.signum())
    }
}

/// Whether `child` (after a move of the game's last position) is a third occurrence: a draw.
fn repeats(game: &Game, child: &Chess) -> bool {
    let key = crate::board::keys::zobrist_key(child);
    game.keys().iter().filter(|&&k| k == key).count() >= 2
}

/// Whether a position of the game since the last capture or pawn move has occurred twice.
fn has_repeated(game: &Game) -> bool {
    let keys = game.keys();
    let since = keys
        .len()
        .saturating_sub(game.position().halfmoves() as usize + 1);
    let recent = &keys[since..];
    recent
        .iter()
        .enumerate()
        .any(|(i, key)| recent[i + 1..].contains(key))
}

/// The root rank of a move with `dtz` when `fifty` plies have passed since the last zeroing move.
fn dtz_rank(dtz: i32, fifty: i32, repeated: bool) -> i32 {
    if dtz > 0 {
        if dtz + fifty <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ - (dtz + fifty)
        }
    } else if dtz < 0 {
        if -dtz * 2 + fifty < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ + (-dtz + fifty)
        }
    } else {
        0
    }
}

/// The score the root's best rank stands for.
fn rank_score(rank: i32) -> Score {
    if rank >= MAX_DTZ - 100 {
        TB_WIN
    } else if rank > 0 {
        CURSED_WIN.max(rank - (MAX_DTZ - 200)) * 100 / 200
    } else if rank == 0 {
        DRAW
    } else if rank <= -MAX_DTZ + 100 {
        -TB_WIN
    } else {
        -(CURSED_WIN.max(-rank - (MAX_DTZ - 200)) * 100 / 200)
    }
}

/// The root rank of each WDL result (DTZ tables missing).
fn wdl_rank(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => -MAX_DTZ,
        Wdl::BlessedLoss => -MAX_DTZ + 101,
        Wdl::Draw => 0,
        Wdl::CursedWin => MAX_DTZ - 101,
        Wdl::Win => MAX_DTZ,
    }
}

/// The tablebases as one search uses them; the threads of a search share clones, and so the
/// count of probes.
#[derive(Clone, Debug, Default)]
pub struct SearchTables {
    tables: Option<Arc<Tablebases>>,
    /// The search probes WDL in positions of at most this many pieces (0: never).
    pieces: u32,
    hits: Arc<AtomicU64>,
    /// Each root move's rank by the tables, best first (empty when the root is not ranked).
    ranks: Vec<(Move, i32)>,
}

impl SearchTables {
    /// The tables for a search of `game` limited to `limit` pieces; when the root itself is in
    /// the tables, `root_moves` is sorted by rank, best first (the result kept, the fifty-move
    /// rule respected), as Stockfish's root ranking.
    pub fn new(
        tables: Option<Arc<Tablebases>>,
        game: &Game,
        root_moves: &mut Vec<Move>,
        limit: u32,
    ) -> SearchTables {
        let Some(tb) = tables else {
            return SearchTables::default();
        };
        let pieces = limit.min(tb.max_pieces());
        let mut search = SearchTables {
            pieces,
            ..SearchTables::default()
        };
        let pos = game.position();
        if pos.board().occupied().count() as u32 <= pieces && !pos.castles().any() {
            search.rank_root(&tb, game, root_moves);
        }
        search.tables = Some(tb);
        search
    }

    /// Ranks the root moves by DTZ, else by WDL, and sorts them best first; the search then
    /// probes only if the ranking came from WDL and the root is won (Stockfish's rule).
    fn rank_root(&mut self, tb: &Tablebases, game: &Game, root_moves: &mut Vec<Move>) {
        let fifty = game.position().halfmoves() as i32;
        let repeated = has_repeated(game);
        let by_dtz: Option<Vec<i32>> = root_moves
            .iter()
            .map(|&m| Some(dtz_rank(tb.dtz_after(game, m)?, fifty, repeated)))
            .collect();
        let by_wdl = || -> Option<Vec<i32>> {
            root_moves
                .iter()
                .map(|&m| {
                    let mut child = game.position().clone();
                    child.play_unchecked(m);
                    Some(wdl_rank(-tb.wdl_after_zeroing(&child)?))
                })
                .collect()
        };
        let (ranks, dtz) = match by_dtz {
            Some(ranks) => (ranks, true),
            None => match by_wdl() {
                Some(ranks) => (ranks, false),
                None => return,
            },
        };
        let Some(&best) = ranks.iter().max() else {
            return;
        };
        self.hits.fetch_add(ranks.len() as u64, Ordering::Relaxed);
        self.ranks = root_moves.iter().copied().zip(ranks).collect();
        self.ranks.sort_by_key(|&(_, rank)| std::cmp::Reverse(rank));
        *root_moves = self.ranks.iter().map(|&(m, _)| m).collect();
        if dtz || best <= 0 {
            self.pieces = 0;
        }
    }

    /// The root move `m`'s rank by the tables (0 for every move when the root is not ranked).
    pub fn rank(&self, m: Move) -> i32 {
        self.ranks
            .iter()
            .find(|&&(ranked, _)| ranked == m)
            .map_or(0, |&(_, rank)| rank)
    }

    /// Keeps of `lines` those whose move is of the best rank, the moves that may be played
    /// (all of them when the root is not ranked).
    pub fn keep_best_ranked(&self, lines: &mut Vec<Line>) {
        let best = self.ranks.first().map(|&(_, rank)| rank);
        let of_best = self.ranks.iter().filter(|&&(_, rank)| Some(rank) == best);
        let best_ranked: Vec<Move> = of_best.map(|&(m, _)| m).collect();
        if !best_ranked.is_empty() {
            lines.retain(|line| line.pv.first().is_some_and(|m| best_ranked.contains(m)));
        }
    }

    /// Probes counted so far; None without tables (no `tbhits` to report).
    pub fn hits(&self) -> Option<u64> {
        self.tables
            .as_ref()
            .map(|_| self.hits.load(Ordering::Relaxed))
    }

    /// The tables' result of the root line that starts with `first`, shown instead of a score
    /// that is not a mate; None when the root is not ranked.
    pub fn line_score(&self, first: Option<&Move>) -> Option<Score> {
        let &(_, best) = self.ranks.first()?;
        Some(rank_score(first.map_or(best, |&m| self.rank(m))))
    }

    /// The result of `pos` if the search may probe it: few enough pieces, just after a capture
    /// or pawn move (so the fifty-move counter is 0 and WDL is exact), no castling rights.
    #[inline]
    pub(crate) fn probe(&mut self, pos: &Chess) -> Option<Wdl> {
        if self.pieces == 0
            || pos.halfmoves() != 0
            || pos.board().occupied().count() as u32 > self.pieces
            || pos.castles().any()
        {
            return None;
        }
        let wdl = self.tables.as_ref()?.wdl_after_zeroing(pos)?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(wdl)
    }
}

#[cfg(test)]
mod tests {
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
}
