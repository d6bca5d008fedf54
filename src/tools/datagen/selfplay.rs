//! One self-play game of `engine datagen`: an opening, a few random plies, then a search of a
//! soft node limit a move, adjudicated when clearly won or drawn; its quiet positions become
//! records.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Color, Move, Position};

use crate::board::game::Game;
use crate::board::rules::{game_end, GameEnd};
use crate::eval::{is_mate_score, Score};
use crate::search::{self, Limits, Report, SearchConfig, SearchRequest, SearchState, Signals};
use crate::tools::datagen::games::{GameRecord, Ply};

/// A score at least this large for [`WIN_PLIES`] plies in a row (one side's view) wins.
const WIN_SCORE: Score = 2000;
const WIN_PLIES: usize = 4;
/// After [`DRAW_FROM_PLY`] plies, a score this small for [`DRAW_PLIES`] plies in a row draws.
const DRAW_SCORE: Score = 10;
const DRAW_FROM_PLY: usize = 40;
const DRAW_PLIES: usize = 8;
/// A game this long is a draw.
const MAX_PLIES: usize = 600;
/// Positions scored this much or more are not kept.
const KEEP_BELOW: Score = 3000;
/// The hard node limit is this many times the soft one.
const HARD_FACTOR: u64 = 8;
/// A start (opening and random plies) whose first search scores beyond this is drawn again.
const BALANCED: Score = 1000;

/// How each game is played.
#[derive(Clone, Copy, Debug)]
pub struct GameSettings {
    pub seed: u64,
    /// The soft node limit of a move: no new depth starts after this many nodes.
    pub nodes: u64,
    /// Random plies played after the opening.
    pub random_plies: u32,
    /// The search (one thread) and its evaluator.
    pub search: SearchConfig,
}

/// The rng of game `index`: the same for the same seed and index.
fn game_rng(seed: u64, index: u64) -> StdRng {
    let mixed = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    StdRng::seed_from_u64(mixed)
}

/// Searches the current position of `game`: the best move and its score from the side to move.
fn think(game: &Game, settings: &GameSettings, state: &mut SearchState) -> Option<(Move, Score)> {
    let signals = Signals::new(false);
    let limits = Limits {
        nodes: Some(settings.nodes.saturating_mul(HARD_FACTOR)),
        ..Limits::default()
    };
    let soft = settings.nodes;
    let mut report = |report: Report| {
        if let Report::Iteration(line) = report {
            if line.nodes >= soft {
                signals.stop();
            }
        }
    };
    let config = &settings.search;
    let result = search::run(
        &SearchRequest::now(game, config, &limits, &signals),
        state,
        &mut report,
    );
    result.best.map(|m| (m, result.score))
}

/// The start of game `index`: an opening and random plies, not yet over.
fn start(openings: &[String], rng: &mut StdRng, random_plies: u32) -> Option<Game> {
    let fen = &openings[rng.random_range(0..openings.len())];
    let mut game = Game::from_fen(fen).ok()?;
    for _ in 0..random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play(moves[rng.random_range(0..moves.len())]);
    }
    game_end(&game).is_none().then_some(game)
}

/// The result of a finished game for White: 0 loss, 1 draw, 2 win.
fn white_result(game: &Game, end: Option<GameEnd>, adjudicated: Option<u8>) -> u8 {
    match (end, adjudicated) {
        (Some(GameEnd::Checkmate), _) if game.position().turn() == Color::White => 0,
        (Some(GameEnd::Checkmate), _) => 2,
        (_, Some(result)) => result,
        _ => 1,
    }
}

/// Tracks the scores for adjudication.
#[derive(Default)]
struct Adjudicator {
    plies: usize,
    win_streak: [usize; 2],
    draw_streak: usize,
}

impl Adjudicator {
    /// Records a score from White's view; the adjudicated result for White, if any.
    fn record(&mut self, white_score: Score) -> Option<u8> {
        self.plies += 1;
        let streak = |s: &mut usize, on: bool| *s = if on { *s + 1 } else { 0 };
        streak(&mut self.win_streak[0], white_score >= WIN_SCORE);
        streak(&mut self.win_streak[1], white_score <= -WIN_SCORE);
        streak(&mut self.draw_streak, white_score.abs() <= DRAW_SCORE);
        if self.win_streak[0] >= WIN_PLIES {
            Some(2)
        } else if self.win_streak[1] >= WIN_PLIES {
            Some(0)
        } else if (self.plies >= DRAW_FROM_PLY && self.draw_streak >= DRAW_PLIES)
            || self.plies >= MAX_PLIES
        {
            Some(1)
        } else {
            None
        }
    }
}

/// Whether the position `pos`, where the search chose `best` and scored `score`, is a training
/// position: quiet (not in check, `best` neither a capture nor a promotion), a score below
/// the bound and no mate.
pub fn is_kept(pos: &shakmaty::Chess, best: Move, score: Score) -> bool {
    let quiet = !pos.is_check() && !best.is_capture() && !best.is_promotion();
    quiet && score.abs() < KEEP_BELOW && !is_mate_score(score)
}

/// Plays game `index`: its start, each move with its score and whether its position is kept,
/// and the result.
pub fn play(
    index: u64,
    openings: &[String],
    settings: &GameSettings,
    state: &mut SearchState,
) -> GameRecord {
    let mut rng = game_rng(settings.seed, index);
    state.clear();
    let mut game = loop {
        let Some(game) = start(openings, &mut rng, settings.random_plies) else {
            continue;
        };
        match think(&game, settings, state) {
            Some((_, score)) if score.abs() <= BALANCED => break game,
            _ => continue,
        }
    };
    state.clear();
    let start = game.position().clone();
    let mut plies = Vec::new();
    let mut adjudicator = Adjudicator::default();
    let (end, adjudicated) = loop {
        if let Some(end) = game_end(&game) {
            break (Some(end), None);
        }
        let Some((best, score)) = think(&game, settings, state) else {
            break (None, None);
        };
        let pos = game.position();
        plies.push(Ply {
            mv: best,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            kept: is_kept(pos, best, score),
        });
        let white_score = if pos.turn() == Color::White {
            score
        } else {
            -score
        };
        if let Some(result) = adjudicator.record(white_score) {
            break (None, Some(result));
        }
        game.play(best);
    };
    GameRecord {
        start,
        plies,
        white_result: white_result(&game, end, adjudicated),
    }
}
