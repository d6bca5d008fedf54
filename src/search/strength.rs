//! UCI_LimitStrength and UCI_Elo: IterativeDeepening played at a chosen strength. The search
//! is cut to a number of nodes that grows with the level, looks at the best few root moves
//! (MultiPV), and picks among those not much worse than the best with noise, by Stockfish's
//! formula for its skill levels. A move that loses more than the level's margin is never
//! chosen: a hanging queen is always taken.

use std::time::Instant;

use rand::Rng;

use crate::board::game::Game;
use crate::eval::{is_mate_score, Score};
use crate::search::multipv::Line;
use crate::search::{
    run, Iteration, Limits, Report, SearchConfig, SearchResult, SearchState, Signals,
};

/// The range of `UCI_Elo`, as Stockfish 15.1 announces it, and its default.
pub const MIN_ELO: u32 = 1350;
pub const MAX_ELO: u32 = 2850;
pub const DEFAULT_ELO: u32 = MIN_ELO;

/// How many root moves a limited search compares (Stockfish's skill levels look at four).
const CANDIDATES: usize = 4;
/// Nodes per move at the lowest level; each `ELO_PER_DOUBLING` more doubles them.
const NODES_AT_MIN_ELO: f64 = 2500.0;
const ELO_PER_DOUBLING: f64 = 90.0;
/// How far below the best a candidate may score, at the lowest and at the highest level (cp);
/// in between it falls with the square of the distance to the top, fast at first.
const MARGIN_AT_MIN_ELO: f64 = 200.0;
const MARGIN_AT_MAX_ELO: f64 = 20.0;
/// Stockfish's noise weight `weakness` (120 - 2 * skill level there), at the lowest and the
/// highest level.
const WEAKNESS_AT_MIN_ELO: f64 = 120.0;
const WEAKNESS_AT_MAX_ELO: f64 = 40.0;
/// The noise scales with the gap between the best and the worst candidate (`delta`), taken as
/// at least `NOISE_FLOOR` so that moves of (nearly) equal score are still chosen among at
/// random, and at most a pawn.
const NOISE_FLOOR: Score = 20;
const NOISE_CAP: Score = 100;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Nodes per move.
    pub nodes: u64,
    /// Candidates scoring more than this below the best are never played (cp).
    pub margin: Score,
    /// Stockfish's `weakness`: how much the noise counts against the score.
    pub weakness: i32,
}

impl Level {
    /// The level that plays at about `elo` (clamped to the announced range).
    pub fn for_elo(elo: u32) -> Level {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let above = (elo - MIN_ELO) as f64;
        let t = above / (MAX_ELO - MIN_ELO) as f64;
        let between = |low: f64, high: f64| low + (high - low) * t;
        let margin =
            MARGIN_AT_MAX_ELO + (MARGIN_AT_MIN_ELO - MARGIN_AT_MAX_ELO) * (1.0 - t).powi(2);
        Level {
            nodes: (NODES_AT_MIN_ELO * (above / ELO_PER_DOUBLING).exp2()) as u64,
            margin: margin.round() as Score,
            weakness: between(WEAKNESS_AT_MIN_ELO, WEAKNESS_AT_MAX_ELO).round() as i32,
        }
    }

    /// Chooses among `lines` (best first): each candidate within the margin scores its own
    /// score, plus a pull towards the best growing with the level's weakness, plus noise
    /// (Stockfish's skill formula); the highest total is played. None without lines.
    pub fn pick<'l>(&self, lines: &'l [Line], rng: &mut impl Rng) -> Option<&'l Line> {
        let top = lines.first()?.score;
        if is_mate_score(top) {
            return lines.first();
        }
        let candidates: Vec<&Line> = lines
            .iter()
            .filter(|line| line.score >= top - self.margin && !line.pv.is_empty())
            .collect();
        let worst = candidates.last()?.score;
        let delta = (top - worst).clamp(NOISE_FLOOR, NOISE_CAP);
        let weakness = self.weakness.max(1);
        candidates
            .into_iter()
            .map(|line| {
                let noise = delta * rng.random_range(0..weakness);
                let push = (weakness * (top - line.score) + noise) / 128;
                (line.score + push, line)
            })
            .fold(
                None,
                |best: Option<(Score, &Line)>, (total, line)| match best {
                    Some((kept, _)) if kept > total => best,
                    _ => Some((total, line)),
                },
            )
            .map(|(_, line)| line)
    }
}

/// Runs IterativeDeepening at `config.elo`: within the level's nodes (and the `go` limits),
/// with at least [`CANDIDATES`] lines, then picks the move; a move other than the best is
/// reported last, as its own line, so that `bestmove` is the first move of the last line.
pub fn run_limited(
    game: &Game,
    config: &SearchConfig,
    limits: &Limits,
    state: &mut SearchState,
    signals: &Signals,
    start: Instant,
    report: &mut dyn FnMut(Report),
) -> SearchResult {
    let level = Level::for_elo(config.elo);
    let config = SearchConfig {
        limit_strength: false,
        multi_pv: config.multi_pv.max(CANDIDATES),
        ..*config
    };
    let limits = Limits {
        nodes: Some(limits.nodes.map_or(level.nodes, |n| n.min(level.nodes))),
        ..limits.clone()
    };
    let mut result = run(game, &config, &limits, state, signals, start, report);
    let Some(chosen) = level.pick(&result.lines, &mut rand::rng()) else {
        return result;
    };
    if chosen.pv.first() != result.best.as_ref() {
        result.best = chosen.pv.first().copied();
        result.ponder = chosen.pv.get(1).copied();
        result.score = chosen.score;
        report(Report::Iteration(Iteration {
            depth: result.depth,
            seldepth: result.depth,
            multipv: None,
            score: chosen.score,
            nodes: result.nodes,
            time: start.elapsed(),
            hashfull: None,
            tbhits: None,
            pv: chosen.pv.clone(),
        }));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    use shakmaty::{Chess, Position};

    fn lines(scores: &[Score]) -> Vec<Line> {
        let moves = Chess::default().legal_moves();
        scores
            .iter()
            .zip(moves.iter())
            .map(|(&score, &m)| Line { score, pv: vec![m] })
            .collect()
    }

    #[test]
    fn levels_grow_with_the_elo_and_stay_in_range() {
        let low = Level::for_elo(0);
        assert_eq!(low, Level::for_elo(MIN_ELO));
        assert_eq!(Level::for_elo(u32::MAX), Level::for_elo(MAX_ELO));
        assert_eq!(low.nodes, NODES_AT_MIN_ELO as u64);
        let doubled = Level::for_elo(MIN_ELO + ELO_PER_DOUBLING as u32).nodes;
        assert_eq!(doubled, 2 * low.nodes);
        let high = Level::for_elo(MAX_ELO);
        assert!(high.nodes > 100 * low.nodes && high.margin < low.margin);
        assert!(high.weakness < low.weakness);
    }

    #[test]
    fn a_move_beyond_the_margin_is_never_picked() {
        let level = Level::for_elo(MIN_ELO);
        let lines = lines(&[900, 20, 10, 0]);
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..1000 {
            assert_eq!(level.pick(&lines, &mut rng), lines.first());
        }
    }

    #[test]
    fn close_moves_are_all_played_sometimes_at_a_low_level_rarely_at_a_high_one() {
        let lines = lines(&[30, 20, 10, 0]);
        let mut rng = StdRng::seed_from_u64(7);
        let count_best = |level: Level, rng: &mut StdRng| {
            (0..2000)
                .filter(|_| level.pick(&lines, rng) == lines.first())
                .count()
        };
        let mut seen = [false; 4];
        for _ in 0..2000 {
            let pick = Level::for_elo(MIN_ELO).pick(&lines, &mut rng);
            let index = lines.iter().position(|l| Some(l) == pick).expect("a line");
            seen[index] = true;
        }
        assert_eq!(seen, [true; 4]);
        let low = count_best(Level::for_elo(MIN_ELO), &mut rng);
        let high = count_best(Level::for_elo(MAX_ELO), &mut rng);
        assert!(low < high, "{low} {high}");
    }

    #[test]
    fn a_mate_is_always_played() {
        let lines = lines(&[crate::eval::MATE - 3, 500, 400]);
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..100 {
            assert_eq!(
                Level::for_elo(MIN_ELO).pick(&lines, &mut rng),
                lines.first()
            );
        }
        assert_eq!(Level::for_elo(MIN_ELO).pick(&[], &mut rng), None);
    }
}
