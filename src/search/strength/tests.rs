use super::*;
use crate::search::answer::tests::lines;

#[test]
fn levels_grow_with_the_elo_and_stay_in_range() {
    let low = Level::for_elo(0);
    assert_eq!(low, Level::for_elo(MIN_ELO));
    assert_eq!(Level::for_elo(u32::MAX), Level::for_elo(MAX_ELO));
    // The anchors measured against Stockfish 15.1 (docs/strength.md, UCI_Elo calibration).
    for (elo, nodes) in [(MIN_ELO, 1_100), (2200, 160_000), (2400, 400_000)] {
        assert_eq!(Level::for_elo(elo).nodes, nodes);
    }
    let (first, second) = (NOISY_NODES_BY_ELO[0], NOISY_NODES_BY_ELO[1]);
    let halfway = Level::for_elo((first.0 + second.0) / 2).nodes as f64;
    assert!((halfway - (first.1 * second.1).sqrt()).abs() < 0.01 * halfway);
    let noisy: Vec<Level> = (MIN_ELO..ONE_LINE_ELO).map(Level::for_elo).collect();
    assert!(noisy.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(noisy.iter().all(|level| level.lines == CANDIDATES));
    let one_line: Vec<Level> = (ONE_LINE_ELO..=MAX_ELO).map(Level::for_elo).collect();
    assert!(one_line.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(one_line
        .iter()
        .all(|l| (l.lines, l.margin, l.weakness) == (1, 0, 0)));
    let high = noisy.last().copied().expect("a level below ONE_LINE_ELO");
    assert!(high.nodes > 50 * low.nodes && high.margin < low.margin);
    assert!(high.weakness < low.weakness);
}

#[test]
fn a_one_line_level_plays_its_best_line() {
    let lines = lines(&[30, 30, 10, 0]);
    let level = Level::for_elo(ONE_LINE_ELO);
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..100 {
        assert_eq!(level.pick(&lines, &mut rng), lines.first());
    }
}

#[test]
fn the_noise_falls_as_the_nodes_grow_and_stays_within_its_bounds() {
    let most = Level::with_nodes(1);
    assert_eq!((most.margin, most.weakness), (150, 110));
    let low = Level::with_nodes(NOISE_NODES_LOW as u64);
    assert_eq!((low.margin, low.weakness), (most.margin, most.weakness));
    let least = Level::with_nodes(100 * NOISE_NODES_HIGH as u64);
    assert_eq!((least.margin, least.weakness), (20, 30));
    let middle = Level::with_nodes(((NOISE_NODES_LOW * NOISE_NODES_HIGH).sqrt()) as u64);
    assert!(least.margin < middle.margin && middle.margin < most.margin);
    assert!(least.weakness < middle.weakness && middle.weakness < most.weakness);
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
    let high = count_best(Level::for_elo(ONE_LINE_ELO - 1), &mut rng);
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

/// A draw that gives a candidate no noise, and one that gives it the most.
const NONE: u32 = 0;
const MOST: u32 = u32::MAX;

/// An Rng whose draws are given, then `NONE`: `random_range(0..w)` maps `NONE` to 0 and
/// `MOST` to w - 1.
struct Draws<'d>(std::slice::Iter<'d, u32>);

impl Draws<'_> {
    fn new(draws: &[u32]) -> Draws<'_> {
        Draws(draws.iter())
    }
}

impl rand::RngCore for Draws<'_> {
    fn next_u32(&mut self) -> u32 {
        self.0.next().copied().unwrap_or(NONE)
    }

    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32())
    }

    fn fill_bytes(&mut self, _: &mut [u8]) {
        unreachable!("the noise draws integers only")
    }
}

/// The level with the most noise: margin 150 cp, weakness 110.
fn noisiest() -> Level {
    let level = Level::with_nodes(1);
    assert_eq!((level.margin, level.weakness, level.lines), (150, 110, 4));
    level
}

/// The draws give a candidate no noise or the most, as the tests below assume.
#[test]
fn draws_give_no_noise_or_the_most() {
    let mut rng = Draws::new(&[NONE, MOST]);
    assert_eq!(rng.random_range(0..110), 0);
    assert_eq!(rng.random_range(0..110), 109);
}

/// Stockfish's formula: total = score + (weakness * (top - score) + delta * noise) / 128.
#[test]
fn the_noise_lifts_a_worse_move_by_stockfishs_formula() {
    let lines = lines(&[0, -100]);
    // 0 + 0 against -100 + (110 * 100 + 100 * 109) / 128 = 71.
    let pick = noisiest().pick(&lines, &mut Draws::new(&[NONE, MOST]));
    assert_eq!(pick, lines.get(1));
    // Without noise: 0 against -100 + 110 * 100 / 128 = -15.
    let pick = noisiest().pick(&lines, &mut Draws::new(&[NONE, NONE]));
    assert_eq!(pick, lines.first());
}

/// The margin: the move at it may be played, one centipawn beyond never.
#[test]
fn a_move_at_the_margin_may_be_played_one_beyond_it_never() {
    // delta = 150 capped at 100: -150 + (110 * 150 + 100 * 109) / 128 = 64 > 0.
    let lines = lines(&[0, -150, -151]);
    let pick = noisiest().pick(&lines, &mut Draws::new(&[NONE, MOST]));
    assert_eq!(pick, lines.get(1));
    // Were it a candidate, -151 would total -151 + (110 * 151 + 100 * 109) / 128 = 63 > 0.
    let pick = noisiest().pick(&lines, &mut Draws::new(&[NONE, NONE, MOST]));
    assert_eq!(pick, lines.first());
}

/// A line without a move is never played, however close its score.
#[test]
fn a_line_without_a_move_is_never_played() {
    let mut lines = lines(&[0, -10]);
    lines[1].pv.clear();
    // Were it a candidate (delta 10 raised to 20): -10 + (1100 + 20 * 109) / 128 = 15 > 0.
    let pick = noisiest().pick(&lines, &mut Draws::new(&[NONE, MOST]));
    assert_eq!(pick, lines.first());
}

/// Of equal totals the later is played, as Stockfish's `score + push >= maxScore` does.
#[test]
fn of_equal_totals_the_later_line_is_played() {
    let lines = lines(&[30, 30, 0]);
    let pick = noisiest().pick(&lines, &mut Draws::new(&[]));
    assert_eq!(pick, lines.get(1));
}

/// Beyond the last anchor, the nodes keep growing as between the last two.
#[test]
fn the_nodes_beyond_the_last_anchor_follow_the_last_two() {
    let anchors = [(1000, 10.0), (2000, 100.0), (3000, 1000.0)];
    assert_eq!(nodes_at(&anchors, 2500), 316);
    assert_eq!(nodes_at(&anchors, 4000), 10_000);
}

/// Only IterativeDeepening with UCI_LimitStrength below `MAX_ELO` is limited.
#[test]
fn the_strength_is_limited_below_the_top_level_of_iterative_deepening() {
    let config = |kind, limit_strength, elo| SearchConfig {
        kind,
        limit_strength,
        elo,
        ..SearchConfig::DEFAULT
    };
    let id = SearchKind::IterativeDeepening;
    assert!(is_limited(&config(id, true, MIN_ELO)));
    assert!(is_limited(&config(id, true, MAX_ELO - 1)));
    assert!(!is_limited(&config(id, true, MAX_ELO)));
    assert!(!is_limited(&config(id, false, MIN_ELO)));
    for kind in [
        SearchKind::Random,
        SearchKind::Minimax,
        SearchKind::AlphaBeta,
    ] {
        assert!(!is_limited(&config(kind, true, MIN_ELO)));
    }
}

/// The level's nodes bound the search, a one-line level's as soft nodes within four times
/// them; a smaller `go nodes` stays, and so does the depth of a `go mate`.
#[test]
fn a_level_bounds_the_nodes_and_keeps_the_gos_depth() {
    let go = Limits::default();
    let four = level_limits(&Level::with_nodes(1_100), &go);
    assert_eq!((four.nodes, four.soft_nodes), (Some(1_100), None));
    let one = level_limits(&Level::one_line(15_000), &go);
    assert_eq!((one.nodes, one.soft_nodes), (Some(60_000), Some(15_000)));
    let go_nodes = Limits {
        nodes: Some(500),
        ..Limits::default()
    };
    assert_eq!(
        level_limits(&Level::one_line(15_000), &go_nodes).nodes,
        Some(500)
    );
    let mate = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let limited = level_limits(&Level::with_nodes(1_100), &mate);
    assert_eq!(limited.max_depth(), mate.max_depth());
    assert!(mate.max_depth() < crate::search::types::MAX_DEPTH);
}

/// `line` reported as line `multipv`, at depth 1.
fn iteration(multipv: Option<usize>, line: &Line) -> Report {
    Report::Iteration(Iteration {
        depth: 1,
        seldepth: 1,
        multipv,
        score: line.score,
        wdl: None,
        nodes: 100,
        time: std::time::Duration::ZERO,
        hashfull: None,
        tbhits: None,
        pv: line.pv.clone(),
    })
}

/// The numbers and first moves of the lines among `reports`.
fn shown(reports: &[Report]) -> Vec<(Option<usize>, Option<shakmaty::Move>)> {
    let line = |report: &Report| match report {
        Report::Iteration(line) => Some((line.multipv, line.pv.first().copied())),
        _ => None,
    };
    reports.iter().filter_map(line).collect()
}

/// `config`'s limited search in the position `key`, through a search that reports
/// `reported` as lines 1, 2, ... (numbered as MultiPV numbers them) and answers `lines`:
/// the answer and what reaches the GUI. The search given must not limit the strength again,
/// must score with the net, and must look at the lines asked for and at least the level's.
fn limited(
    config: &SearchConfig,
    key: u64,
    reported: &[Line],
    lines: &[Line],
) -> (SearchResult, Vec<Report>) {
    let search = |inner: &SearchConfig, _: &Limits, report: &mut dyn FnMut(Report)| {
        assert!(!inner.limit_strength && inner.evaluation == CALIBRATED_EVALUATION);
        let level = Level::for_elo(config.elo);
        assert!(inner.multi_pv >= config.multi_pv.max(level.lines));
        for (k, line) in reported.iter().enumerate() {
            report(iteration((inner.multi_pv > 1).then_some(k + 1), line));
        }
        SearchResult {
            best: lines[0].pv.first().copied(),
            score: lines[0].score,
            depth: 1,
            lines: lines.to_vec(),
            ..SearchResult::default()
        }
    };
    let mut reports = Vec::new();
    let go = Limits::default();
    let mut report = |news| reports.push(news);
    let result = run_limited(config, &go, key, Instant::now(), &mut report, search);
    (result, reports)
}

/// A one-line level with `multi_pv` lines asked for, `Evaluation` set to the material.
fn one_line(multi_pv: usize) -> SearchConfig {
    SearchConfig {
        limit_strength: true,
        elo: ONE_LINE_ELO,
        multi_pv,
        evaluation: Evaluation::Material,
        ..SearchConfig::DEFAULT
    }
}

/// The move picked already leads the last line 1 reported: nothing is reported again.
#[test]
fn a_move_picked_that_leads_the_last_line_is_not_reported_again() {
    let lines = lines(&[30, 20, 10]);
    for asked in [1, 2] {
        let (result, reports) = limited(&one_line(asked), 0, &lines[..asked], &lines);
        assert_eq!(result.best, lines[0].pv.first().copied());
        assert_eq!(shown(&reports).len(), asked, "asked {asked}");
    }
}

/// Another move picked: the lines are reported again, it first, numbered only when MultiPV
/// asks for more than one.
#[test]
fn a_move_picked_that_differs_from_the_last_line_is_reported_again_first() {
    let lines = lines(&[30, 20, 10]);
    let moves: Vec<_> = lines.iter().map(|line| line.pv.first().copied()).collect();
    let stale = [lines[1].clone(), lines[0].clone()];
    let (_, reports) = limited(&one_line(1), 0, &stale[..1], &lines);
    assert_eq!(shown(&reports), [(None, moves[1]), (None, moves[0])]);
    let (_, reports) = limited(&one_line(2), 0, &stale, &lines);
    let again = [(Some(1), moves[0]), (Some(2), moves[1])];
    assert_eq!(shown(&reports)[2..], again);
}

/// The noise comes from the seed and the position: in any position the seed changes the
/// move picked, and the same seed picks the same.
#[test]
fn the_seed_changes_the_move_picked_in_any_position() {
    let lines = lines(&[30, 20, 10, 0]);
    for key in [0, u64::MAX, 0x5555_5555_5555_5555] {
        let best = |seed| {
            let config = SearchConfig {
                limit_strength: true,
                elo: MIN_ELO,
                seed,
                evaluation: Evaluation::Material,
                ..SearchConfig::DEFAULT
            };
            limited(&config, key, &[], &lines).0.best
        };
        let picks: Vec<_> = (0..32).map(best).collect();
        assert!(picks.iter().any(|&m| m != picks[0]), "key {key:x}");
        assert_eq!(picks, (0..32).map(best).collect::<Vec<_>>());
    }
}

/// A line numbered beyond the lines asked for is left out; with one asked, it has no number.
#[test]
fn only_the_lines_asked_for_are_shown() {
    let line = &lines(&[30])[0];
    let numbered = |k| iteration(Some(k), line);
    let shown_as = |k, asked| asked_line(numbered(k), asked).map(|r| shown(&[r])[0].0);
    assert_eq!(shown_as(1, 1), Some(None));
    assert_eq!(shown_as(2, 1), None);
    assert_eq!(shown_as(1, 2), Some(Some(1)));
    assert_eq!(shown_as(2, 2), Some(Some(2)));
    assert_eq!(shown_as(3, 2), None);
    let stats = Report::Stats {
        depth: 1,
        stats: crate::search::types::Stats::default(),
        thread_nodes: 0,
    };
    assert_eq!(asked_line(stats.clone(), 1), Some(stats));
}
