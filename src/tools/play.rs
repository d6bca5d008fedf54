//! `engine play`: games between two configurations inside one process, colours alternating.

use std::fmt;
use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, Color, Move, Position};

use crate::board::game::Game;
use crate::board::notation::{diagram, uci_move};
use crate::board::rules::{game_end, GameEnd};
use crate::engine::options::{Settings, Standalone};
use crate::eval::Score;
use crate::search::limits::TimeLimit;
use crate::search::{self, Limits, SearchConfig, SearchState};

/// One side of the match: a name and its options.
#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    pub options: Settings,
}

impl Player {
    /// Parses "Search=AlphaBeta,Depth=3" (UCI option names and values, comma-separated).
    pub fn parse(spec: &str) -> Result<Player, String> {
        Player::parse_over(&Settings::default(), spec)
    }

    /// [`Player::parse`] with `base` in force before the spec (the command line's `--set`).
    pub fn parse_over(base: &Settings, spec: &str) -> Result<Player, String> {
        let mut options = *base;
        let mut effects = Standalone {
            no_tablebases: "the players search without tablebases",
            no_net: Some("both players use the one net (--set EvalFile=FILE before play)"),
        };
        for setting in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            options.assign(setting, &mut effects)?;
        }
        let name = if spec.trim().is_empty() {
            options.search.kind.name().to_string()
        } else {
            spec.trim().to_string()
        };
        Ok(Player { name, options })
    }

    /// The search configuration for game `game_index`: the random player's seed is `Seed` plus the
    /// game's index, so that games differ and a match is still reproducible.
    fn config(&self, game_index: u32) -> SearchConfig {
        let config = self.options.search;
        SearchConfig {
            seed: config.seed.wrapping_add(game_index as u64),
            ..config
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    MoveLimit,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition => "threefold repetition",
            Ending::FiftyMoves => "fifty-move rule",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::MoveLimit => "move limit",
        })
    }
}

/// How the match is played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    pub games: u32,
    /// Start positions; game pairs share one, colours swapped.
    pub openings: Vec<String>,
    /// Time per move for sides whose `Depth` is 0.
    pub movetime: Option<Duration>,
    /// Full moves after which a game is adjudicated a draw.
    pub max_moves: u32,
    pub show: bool,
}

/// One move of a game and what the search that chose it said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub played: Move,
    /// The score from the mover's side, and the deepest completed depth (0 for Random).
    pub score: Score,
    pub depth: u32,
    /// Thinking time.
    pub time: Duration,
}

/// The outcome of one game, seen from the first player.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The position the game started from, as FEN (6 fields).
    pub start_fen: String,
    /// Every move, in order.
    pub played: Vec<PlayedMove>,
    pub first_is_white: bool,
    /// 1 = the first player won, 0.5 = draw, 0 = lost.
    pub first_score: f64,
    pub ending: Ending,
    /// Thinking time and nodes of the first and the second player.
    pub time: [Duration; 2],
    pub nodes: [u64; 2],
}

impl GameRecord {
    /// White's score: 1, 0.5 or 0.
    pub fn white_score(&self) -> f64 {
        if self.first_is_white {
            self.first_score
        } else {
            1.0 - self.first_score
        }
    }

    /// Plies (half-moves) played.
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// The result as PGN writes it: "1-0", "0-1" or "1/2-1/2".
    pub fn result(&self) -> &'static str {
        let white = self.white_score();
        if white == 1.0 {
            "1-0"
        } else if white == 0.0 {
            "0-1"
        } else {
            "1/2-1/2"
        }
    }
}

/// Plays game number `game_index` from `fen`; the first player has White when `first_is_white`.
pub fn play_game(
    players: &[Player; 2],
    states: &mut [SearchState; 2],
    game_index: u32,
    first_is_white: bool,
    fen: &str,
    settings: &MatchSettings,
    show: &mut dyn FnMut(&str),
) -> Result<GameRecord, String> {
    let mut game = Game::from_fen(fen)?;
    let start_fen = game.fen();
    let mut played = Vec::new();
    states.iter_mut().for_each(SearchState::clear);
    let mut time = [Duration::ZERO; 2];
    let mut nodes = [0; 2];
    let start_fullmove = game.position().fullmoves().get();
    let ending = loop {
        if let Some(ending) = ending(&game, start_fullmove, settings.max_moves) {
            break ending;
        }
        let side = usize::from((game.position().turn() == Color::White) != first_is_white);
        let limits = limits_for(&players[side].options, settings.movetime)?;
        let started = Instant::now();
        let result = search::run_alone(
            &game,
            &players[side].config(game_index),
            &limits,
            &mut states[side],
        );
        let thinking = started.elapsed();
        time[side] += thinking;
        nodes[side] += result.nodes;
        let best = result
            .best
            .ok_or("a search returned no move in a position with legal moves")?;
        played.push(PlayedMove {
            played: best,
            score: result.score,
            depth: result.depth,
            time: thinking,
        });
        if settings.show {
            show(&format!(
                "{} plays {}",
                players[side].name,
                uci_move(best, CastlingMode::Standard)
            ));
        }
        game.play(best);
        if settings.show {
            show(&format!("{}\n", diagram(game.position())));
        }
    };
    let white_score = match ending {
        Ending::Checkmate if game.position().turn() == Color::Black => 1.0,
        Ending::Checkmate => 0.0,
        _ => 0.5,
    };
    let first_score = if first_is_white {
        white_score
    } else {
        1.0 - white_score
    };
    Ok(GameRecord {
        start_fen,
        played,
        first_is_white,
        first_score,
        ending,
        time,
        nodes,
    })
}

/// What limits a player's moves, as a PGN `TimeControl` value: "0.5/move" (seconds per move, as
/// cutechess-cli writes it) when it searches for `movetime`, "-" (none) when its `Depth` or its
/// being Random limits it.
pub fn time_control(options: &Settings, movetime: Option<Duration>) -> String {
    match (limits_for(options, movetime), movetime) {
        (Ok(Limits { time: Some(_), .. }), Some(movetime)) => {
            format!("{}/move", movetime.as_millis() as f64 / 1000.0)
        }
        _ => "-".to_string(),
    }
}

fn limits_for(options: &Settings, movetime: Option<Duration>) -> Result<Limits, String> {
    let depth = (options.depth > 0).then_some(options.depth);
    let time = movetime.map(|t| TimeLimit::movetime(Duration::from_millis(t.as_millis() as u64)));
    if depth.is_none() && time.is_none() && options.search.kind != search::SearchKind::Random {
        return Err("each side needs Depth=N in its options, or give --movetime".to_string());
    }
    Ok(Limits {
        depth,
        time: if depth.is_some() { None } else { time },
        ..Limits::default()
    })
}

/// Whether the game is over, and why.
pub fn ending(game: &Game, start_fullmove: u32, max_moves: u32) -> Option<Ending> {
    if let Some(end) = game_end(game) {
        return Some(match end {
            GameEnd::Checkmate => Ending::Checkmate,
            GameEnd::Stalemate => Ending::Stalemate,
            GameEnd::InsufficientMaterial => Ending::InsufficientMaterial,
            GameEnd::Repetition => Ending::Repetition,
            GameEnd::FiftyMoves => Ending::FiftyMoves,
        });
    }
    let moves = game.position().fullmoves().get() - start_fullmove;
    (moves >= max_moves).then_some(Ending::MoveLimit)
}

/// Wins, draws and losses of the first player, with the score and its 95% error margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score: f64,
    pub margin: f64,
}

/// Sums the games into a score with a 95% confidence margin (normal approximation).
pub fn match_score(records: &[GameRecord]) -> MatchScore {
    let n = records.len().max(1) as f64;
    let count = |s: f64| records.iter().filter(|r| r.first_score == s).count() as u32;
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let score = records.iter().map(|r| r.first_score).sum::<f64>() / n;
    let variance = records
        .iter()
        .map(|r| (r.first_score - score).powi(2))
        .sum::<f64>()
        / n;
    MatchScore {
        wins,
        draws,
        losses,
        score,
        margin: 1.96 * (variance / n).sqrt(),
    }
}

/// The Elo difference that a score stands for (infinite at 0 or 1).
pub fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}
