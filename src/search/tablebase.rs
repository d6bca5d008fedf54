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
mod tests;
