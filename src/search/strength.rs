//! UCI_LimitStrength and UCI_Elo: IterativeDeepening played at a chosen strength. The search
//! is cut to a number of nodes that grows with the level. Below `ONE_LINE_ELO` it looks at the
//! best few root moves (MultiPV) and picks among those not much worse than the best with noise,
//! by Stockfish's formula for its skill levels; from it, it plays its one line's move, its nodes
//! spent as a clock's time is (a depth starts only if expected to end within them). The noise
//! is drawn from the `Seed` option and the position, so the same seed plays the same move. A
//! move that loses more than the level's margin is never chosen: a hanging queen is always
//! taken; with the root in the tablebases, only a move that keeps the result is. It scores with
//! the net, with which the levels were calibrated, whatever `Evaluation` says. The top level,
//! `MAX_ELO`, is the engine at full strength.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::eval::{is_mate_score, Evaluation, Score};
use crate::search::limits::Limits;
use crate::search::multipv::Line;
use crate::search::types::{
    Iteration, Report, SearchConfig, SearchKind, SearchResult, MAX_ELO, MIN_ELO,
};

/// The evaluator the levels were calibrated with: a limited search scores with it whatever
/// `Evaluation` says, so that a level plays at the strength it announces.
const CALIBRATED_EVALUATION: Evaluation = Evaluation::Nnue;
/// How many root moves a limited search below `ONE_LINE_ELO` compares (Stockfish's skill
/// levels look at four).
const CANDIDATES: usize = 4;
/// From this level up, a limited search follows one line without noise, its strength set by
/// its nodes alone, which the time manager spends as it spends a clock's time (soft nodes):
/// four lines cost the top levels too much to reach them (at 10 s + 0.1 s the four-line search
/// with all the time a move gets plays about 160 Elo below the one-line one).
const ONE_LINE_ELO: u32 = 2000;
/// The one-line levels' hard node limit, in times their soft nodes.
const ONE_LINE_HARD_TO_SOFT: u64 = 4;
/// Nodes per move at a few levels, from matches against Stockfish 15.1 at its `UCI_Elo`
/// (docs/strength.md, "UCI_Elo calibration"); between two of them the nodes grow
/// geometrically. Below `ONE_LINE_ELO`, the four-line levels with noise; from it, the one-line
/// levels, whose last anchor only shapes the levels just below `MAX_ELO`, which is not limited.
const NOISY_NODES_BY_ELO: [(u32, f64); 2] = [(MIN_ELO, 1_100.0), (ONE_LINE_ELO, 85_000.0)];
const ONE_LINE_NODES_BY_ELO: [(u32, f64); 4] = [
    (ONE_LINE_ELO, 15_000.0),
    (2200, 160_000.0),
    (2400, 400_000.0),
    (MAX_ELO, 1_500_000.0),
];
/// The noise depends on the nodes only (not on the Elo asked), so that the Elo ↔ nodes curve
/// can be calibrated without moving it: from `NOISE_NODES_LOW` nodes or fewer (the most noise)
/// to `NOISE_NODES_HIGH` or more (the least), in steps of doubling.
const NOISE_NODES_LOW: f64 = 2_000.0;
const NOISE_NODES_HIGH: f64 = 600_000.0;
/// How far below the best a candidate may score, with the most and the least noise (cp); in
/// between it falls with the square of the way still to go, fast at first.
const MARGIN_MOST: f64 = 150.0;
const MARGIN_LEAST: f64 = 20.0;
/// Stockfish's noise weight `weakness` (120 - 2 * skill level there), with the most and the
/// least noise.
const WEAKNESS_MOST: f64 = 110.0;
const WEAKNESS_LEAST: f64 = 30.0;
/// The noise scales with the gap between the best and the worst candidate (`delta`), taken as
/// at least `NOISE_FLOOR` so that moves of (nearly) equal score are still chosen among at
/// random, and at most `NOISE_CAP`.
const NOISE_FLOOR: Score = 20;
const NOISE_CAP: Score = 100;

/// Whether `config` asks for a limited strength: `UCI_LimitStrength` on with IterativeDeepening
/// (the others ignore it), below the top level, which is the engine at full strength.
pub fn is_limited(config: &SearchConfig) -> bool {
    config.limit_strength && config.kind == SearchKind::IterativeDeepening && config.elo < MAX_ELO
}

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Nodes per move: a hard limit with four lines, soft nodes with one.
    pub nodes: u64,
    /// Candidates scoring more than this below the best are never played (cp).
    pub margin: Score,
    /// Stockfish's `weakness`: how much the noise counts against the score.
    pub weakness: i32,
    /// How many root moves are searched to pick among.
    pub lines: usize,
}

impl Level {
    /// The level that plays at about `elo` (clamped to the announced range).
    pub fn for_elo(elo: u32) -> Level {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        if elo < ONE_LINE_ELO {
            Level::with_nodes(nodes_at(&NOISY_NODES_BY_ELO, elo))
        } else {
            Level::one_line(nodes_at(&ONE_LINE_NODES_BY_ELO, elo))
        }
    }

    /// The four-line level that searches `nodes` per move, with the noise that goes with them.
    pub fn with_nodes(nodes: u64) -> Level {
        let doublings = (nodes.max(1) as f64 / NOISE_NODES_LOW).log2();
        let t = (doublings / (NOISE_NODES_HIGH / NOISE_NODES_LOW).log2()).clamp(0.0, 1.0);
        let margin = MARGIN_LEAST + (MARGIN_MOST - MARGIN_LEAST) * (1.0 - t).powi(2);
        let weakness = WEAKNESS_MOST + (WEAKNESS_LEAST - WEAKNESS_MOST) * t;
        Level {
            nodes,
            margin: margin.round() as Score,
            weakness: weakness.round() as i32,
            lines: CANDIDATES,
        }
    }

    /// The level that follows one line for `nodes` per move and plays its best move.
    pub fn one_line(nodes: u64) -> Level {
        Level {
            nodes,
            margin: 0,
            weakness: 0,
            lines: 1,
        }
    }

    /// Chooses among `lines` (best first): each candidate within the margin scores its own
    /// score, plus a pull towards the best growing with the level's weakness, plus noise
    /// (Stockfish's skill formula); the highest total is played. None without lines.
    pub fn pick<'l>(&self, lines: &'l [Line], rng: &mut impl Rng) -> Option<&'l Line> {
        let top = lines.first()?.score;
        if is_mate_score(top) || self.lines == 1 {
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

/// The nodes at `elo` on `anchors` (sorted by Elo): geometric between the two anchors around
/// it, and beyond the last as between the last two.
fn nodes_at(anchors: &[(u32, f64)], elo: u32) -> u64 {
    let upper = anchors
        .iter()
        .position(|&(at, _)| at >= elo)
        .unwrap_or(anchors.len() - 1)
        .max(1);
    let ((low_elo, low_nodes), (high_elo, high_nodes)) = (anchors[upper - 1], anchors[upper]);
    let t = f64::from(elo.saturating_sub(low_elo)) / f64::from(high_elo - low_elo);
    (low_nodes * (high_nodes / low_nodes).powf(t)).round() as u64
}

/// Runs IterativeDeepening at `config.elo` through `search` (the dispatcher): within the
/// level's nodes (and the `go` limits), with at least `CANDIDATES` lines, then picks the
/// move, its noise drawn from `config.seed` and `key` (the position's): the same seed picks
/// the same among the same lines. Only the lines MultiPV asks for are reported; unless the
/// last line 1 reported already starts with the move picked, the lines are reported again
/// with it as line 1, so that `bestmove` is the first move of the last line 1.
pub fn run_limited(
    config: &SearchConfig,
    limits: &Limits,
    key: u64,
    start: Instant,
    report: &mut dyn FnMut(Report),
    search: impl FnOnce(&SearchConfig, &Limits, &mut dyn FnMut(Report)) -> SearchResult,
) -> SearchResult {
    let level = Level::for_elo(config.elo);
    let asked = config.multi_pv.max(1);
    let config = SearchConfig {
        limit_strength: false,
        evaluation: CALIBRATED_EVALUATION,
        multi_pv: config.multi_pv.max(level.lines),
        ..*config
    };
    let limits = level_limits(&level, limits);
    let mut last_reported = None;
    let mut deepest_reported = 0;
    let mut listen = |news: Report| match asked_line(news, asked) {
        Some(Report::Iteration(line)) => {
            if line.multipv.unwrap_or(1) == 1 {
                last_reported = line.pv.first().copied();
            }
            deepest_reported = deepest_reported.max(line.depth);
            report(Report::Iteration(line));
        }
        Some(news) => report(news),
        None => {}
    };
    let mut result = search(&config, &limits, &mut listen);
    let Some(chosen) = level
        .pick(&result.lines, &mut StdRng::seed_from_u64(config.seed ^ key))
        .cloned()
    else {
        return result;
    };
    if chosen.pv.first() != result.best.as_ref() {
        result.best = chosen.pv.first().copied();
        result.ponder = chosen.pv.get(1).copied();
        result.score = chosen.score;
    }
    if chosen.pv.first() != last_reported.as_ref() {
        // Printed at the deepest depth reported (a depth the node limit stopped may be deeper
        // than the last completed one), so that the depths printed never go back.
        let depth = result.depth.max(deepest_reported);
        for (k, line) in chosen_first(&chosen, &result.lines, asked)
            .into_iter()
            .enumerate()
        {
            let multipv = (asked > 1).then_some(k + 1);
            report(Report::Iteration(Iteration {
                depth,
                seldepth: depth,
                multipv,
                score: line.score,
                wdl: None,
                nodes: result.nodes,
                time: start.elapsed(),
                hashfull: None,
                tbhits: None,
                pv: line.pv.clone(),
            }));
        }
    }
    result
}

/// The limits of a search at `level` within the `go`'s `limits`: the level's nodes bound it (a
/// one-line level's are spent as a clock's time is, within `ONE_LINE_HARD_TO_SOFT` times them);
/// the depth the `go` allows stays (a `go mate N`'s too, which a node limit would otherwise lift).
fn level_limits(level: &Level, limits: &Limits) -> Limits {
    let (soft_nodes, cap) = match level.lines {
        1 => (
            Some(level.nodes),
            level.nodes.saturating_mul(ONE_LINE_HARD_TO_SOFT),
        ),
        _ => (None, level.nodes),
    };
    Limits {
        depth: Some(limits.max_depth()),
        nodes: Some(limits.nodes.map_or(cap, |n| n.min(cap))),
        soft_nodes,
        ..limits.clone()
    }
}

/// A report as MultiPV `asked` shows it: lines numbered beyond it are left out, and with one
/// line asked for, the line carries no number.
fn asked_line(news: Report, asked: usize) -> Option<Report> {
    let Report::Iteration(mut line) = news else {
        return Some(news);
    };
    match line.multipv {
        Some(k) if k > asked => None,
        _ => {
            if asked == 1 {
                line.multipv = None;
            }
            Some(Report::Iteration(line))
        }
    }
}

/// The `asked` lines to show once `chosen` is picked: it first, then the best of the others.
fn chosen_first<'l>(chosen: &'l Line, lines: &'l [Line], asked: usize) -> Vec<&'l Line> {
    let others = lines
        .iter()
        .filter(|line| line.pv.first() != chosen.pv.first());
    std::iter::once(chosen).chain(others).take(asked).collect()
}

#[cfg(test)]
mod tests;
