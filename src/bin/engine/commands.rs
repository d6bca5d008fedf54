//! The command-line tools beside the UCI loop: compare, play, solve, tune, tree and spsa. They print through
//! the one stdout writer, [`Output`], so that a closed stdout ends them quietly.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use engine::board::epd;
use engine::board::game::Game;
use engine::board::notation::START_FEN;
use engine::options::{Assignment, OptionEffects, Settings, Standalone};
use engine::search::SearchState;
use engine::tools::compare::{self, Format};
use engine::tools::play::{self, MatchSettings, Player};
use engine::tools::solve::{Entry, Tally};
use engine::tools::{labels, pgn};
use engine::uci::output::Output;

use crate::{Cli, CompareArgs, FormatArg, PlayArgs, SolveArgs};

/// The settings of `--set`, on top of the defaults, each applied through `effects` and then
/// handed to `each` (the one reading of `--set`, for the UCI commands and the tools alike).
pub(crate) fn assign_all(
    cli: &Cli,
    effects: &mut impl OptionEffects,
    mut each: impl FnMut(&Assignment),
) -> Result<Settings> {
    let mut options = Settings::default();
    for setting in &cli.set {
        let set = options
            .assign(setting, effects)
            .map_err(|e| anyhow::anyhow!("--set: {e}"))?;
        each(&set);
    }
    Ok(options)
}

/// The options of `--set` for a tool, on top of the defaults: the net of `EvalFile` loaded,
/// `SyzygyPath` refused (the tools search without tables).
pub(crate) fn options(cli: &Cli) -> Result<Settings> {
    let mut effects = Standalone {
        no_tablebases: "the tools search without tables (it is for the UCI loop and go)",
        no_net: None,
    };
    assign_all(cli, &mut effects, |_| {})
}

/// `engine spsa` (the `tune` build): the SPSA input lines, from the values of `--set`.
#[cfg(feature = "tune")]
pub fn spsa(cli: &Cli) -> Result<()> {
    if cli.fen.is_some() || cli.moves.is_some() {
        bail!("spsa prints the search parameters: it takes no position");
    }
    let config = options(cli)?.search;
    Output::stdout().line(&engine::tools::spsa::input(&config.params));
    Ok(())
}

/// Refuses `--fen` and `--moves` beside `flag`, an EPD file that gives the positions itself.
fn refuse_position_beside(cli: &Cli, flag: &str) -> Result<()> {
    for (given, name) in [
        (cli.fen.is_some(), "--fen"),
        (cli.moves.is_some(), "--moves"),
    ] {
        if given {
            bail!(
                "the argument '{name}' cannot be used with '{flag}' (the file gives the positions)"
            );
        }
    }
    Ok(())
}

/// The start position, the game of --fen/--moves, or every record of an EPD file, with names.
pub(crate) fn positions(
    cli: &Cli,
    epd_file: Option<&std::path::Path>,
) -> Result<Vec<(String, Game)>> {
    if let Some(path) = epd_file {
        let records = epd::read(path)?;
        if records.is_empty() {
            bail!("no positions in {}", path.display());
        }
        let mut games = Vec::new();
        for record in records {
            let game = Game::from_fen(&record.fen).map_err(anyhow::Error::msg)?;
            games.push((format!("{}  {}", record.id(), record.fen), game));
        }
        return Ok(games);
    }
    let fen = cli.fen.as_deref().unwrap_or(START_FEN);
    let mut game = Game::from_fen(fen).map_err(anyhow::Error::msg)?;
    for m in cli.moves.as_deref().unwrap_or("").split_whitespace() {
        game.play_uci(m).map_err(anyhow::Error::msg)?;
    }
    Ok(vec![(game.fen(), game)])
}

/// `engine compare`: the table names each position once, before its searches; the table and CSV
/// appear position by position, JSON (one array) at the end.
pub fn compare(cli: &Cli, args: &CompareArgs) -> Result<()> {
    if !(args.limit > 0.0 && args.limit.is_finite()) {
        bail!("--limit must be a positive number of seconds");
    }
    if args.epd.is_some() {
        refuse_position_beside(cli, "--epd")?;
    }
    let variants = compare::variants(&args.search, &options(cli)?.search);
    let out = Output::stdout();
    if let FormatArg::Csv = args.format {
        print_lines(&out, &compare::csv_header());
    }
    let mut all_rows = Vec::new();
    let positions = positions(cli, args.epd.as_deref())?;
    let count = positions.len();
    for (i, (name, game)) in positions.into_iter().enumerate() {
        if let FormatArg::Table = args.format {
            if i > 0 {
                out.line("");
            }
            print_lines(&out, &compare::table_heading(&name));
        }
        let rows = compare::compare(
            &name,
            &game,
            &variants,
            args.depth.0..=args.depth.1,
            Duration::from_secs_f64(args.limit),
        );
        match args.format {
            FormatArg::Table => print_lines(&out, &compare::table_rows(&rows)),
            FormatArg::Csv => print_lines(&out, &compare::csv_rows(&rows)),
            FormatArg::Json => {}
        }
        all_rows.extend(rows);
    }
    if let FormatArg::Json = args.format {
        print_lines(&out, &compare::render(&all_rows, Format::Json));
    }
    if let Some(path) = &args.plot {
        let title = match (count, &all_rows.first()) {
            (1, Some(row)) => format!("engine compare: {}", row.position),
            _ => format!("engine compare: {count} positions, summed"),
        };
        let started = Instant::now();
        engine::tools::plot::plot(&all_rows, &title, path).map_err(anyhow::Error::msg)?;
        Output::stderr().line(&format!(
            "Plot: {} ({:.1} ms to draw)",
            path.display(),
            started.elapsed().as_secs_f64() * 1000.0
        ));
    }
    Ok(())
}

/// Prints text made of whole lines (each ending with a newline), if any.
pub(crate) fn print_lines(out: &Output, text: &str) {
    if let Some(lines) = text.strip_suffix('\n') {
        out.line(lines);
    }
}

/// `engine play`: a line per game and the score on stdout, each game in PGN with `--pgn`
/// (the lines go to stderr when the PGN goes to stdout).
pub fn play(cli: &Cli, args: &PlayArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.openings.is_some() {
        refuse_position_beside(cli, "--openings")?;
    }
    let base = options(cli)?;
    let players = [
        Player::parse_over(&base, &args.white).map_err(anyhow::Error::msg)?,
        Player::parse_over(&base, &args.black).map_err(anyhow::Error::msg)?,
    ];
    let openings: Vec<String> = match &args.openings {
        Some(path) => epd::read(path)?.into_iter().map(|r| r.fen).collect(),
        None => vec![positions(cli, None)?[0].1.fen()],
    };
    if openings.is_empty() {
        bail!("no openings in the file");
    }
    let settings = MatchSettings {
        games: args.games,
        openings,
        movetime: args.movetime.map(Duration::from_millis),
        max_moves: args.max_moves,
        show: args.show,
    };
    let mut pgn_out = args.pgn.as_deref().map(PgnOut::open).transpose()?;
    let mut labels_out = args.labels.as_deref().map(append_to).transpose()?;
    let out = match pgn_out {
        Some(PgnOut::Stdout(_)) => Output::stderr(),
        _ => Output::stdout(),
    };
    let mut states = [
        SearchState::new(players[0].options.hash_mb),
        SearchState::new(players[1].options.hash_mb),
    ];
    let mut records = Vec::new();
    for index in 0..settings.games {
        let fen = &settings.openings[(index as usize / 2) % settings.openings.len()];
        let first_is_white = index % 2 == 0;
        let record = play::play_game(
            &players,
            &mut states,
            index,
            first_is_white,
            fen,
            &settings,
            &mut |text| out.line(text),
        )
        .map_err(anyhow::Error::msg)?;
        if let Some(pgn_out) = &mut pgn_out {
            let header = pgn_header(index + 1, &players, &record, settings.movetime);
            pgn_out.write(&pgn::game(&header, &record).map_err(anyhow::Error::msg)?)?;
        }
        if let (Some(file), Some(path)) = (&mut labels_out, &args.labels) {
            let lines = labels::from_game(&record).map_err(anyhow::Error::msg)?;
            let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
            write_all(file, path, &text)?;
        }
        out.line(&describe_game(index + 1, &players, &record));
        records.push(record);
    }
    out.line(&score_line(&players, &play::match_score(&records)));
    Ok(())
}

/// The match's last line: the first player's wins, losses and draws, score and Elo difference
/// (rounded, +0 rather than -0 for an even score).
fn score_line(players: &[Player; 2], score: &play::MatchScore) -> String {
    let elo = play::elo(score.score).round() + 0.0;
    format!(
        "Score of {} vs {}: {} - {} - {} (wins - losses - draws)  score {:.3} +/- {:.3} (95%)  Elo {elo:+.0}",
        players[0].name,
        players[1].name,
        score.wins,
        score.losses,
        score.draws,
        score.score,
        score.margin,
    )
}

/// Where `--pgn` writes: stdout for "-", else a file, appended to as match runners do.
enum PgnOut {
    Stdout(Output),
    File(PathBuf, File),
}

impl PgnOut {
    /// Opens the file now, so that a bad path fails before any game is played.
    fn open(path: &Path) -> Result<PgnOut> {
        if path == Path::new("-") {
            return Ok(PgnOut::Stdout(Output::stdout()));
        }
        Ok(PgnOut::File(path.to_path_buf(), append_to(path)?))
    }

    /// Writes one game, complete, at once.
    fn write(&mut self, game: &str) -> Result<()> {
        match self {
            PgnOut::Stdout(out) => print_lines(out, game),
            PgnOut::File(path, file) => write_all(file, path, game)?,
        }
        Ok(())
    }
}

/// Opens `path` to append to, creating it if need be.
fn append_to(path: &Path) -> Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))
}

/// Writes `text` to `file` (at `path`) at once and flushes it.
fn write_all(file: &mut File, path: &Path, text: &str) -> Result<()> {
    file.write_all(text.as_bytes())
        .and_then(|_| file.flush())
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The PGN tags of game `round`: the players named by their options.
fn pgn_header(
    round: u32,
    players: &[Player; 2],
    record: &play::GameRecord,
    movetime: Option<Duration>,
) -> pgn::Header {
    let (white, black) = if record.first_is_white {
        (&players[0], &players[1])
    } else {
        (&players[1], &players[0])
    };
    pgn::Header {
        event: "engine play".to_string(),
        site: "?".to_string(),
        date: pgn::today(),
        round,
        white: white.name.clone(),
        black: black.name.clone(),
        time_controls: [
            play::time_control(&white.options, movetime),
            play::time_control(&black.options, movetime),
        ],
    }
}

fn describe_game(number: u32, players: &[Player; 2], record: &play::GameRecord) -> String {
    let (white, black) = if record.first_is_white {
        (0, 1)
    } else {
        (1, 0)
    };
    format!(
        "Game {number}: {} (White) vs {} (Black): {} by {}, {} plies; time {:.2} s / {:.2} s; nodes {} / {}",
        players[white].name,
        players[black].name,
        record.result(),
        record.ending,
        record.plies(),
        record.time[white].as_secs_f64(),
        record.time[black].as_secs_f64(),
        record.nodes[white],
        record.nodes[black]
    )
}

/// `engine solve FILE [--movetime MS] [--nodes N]`: one line per position, then `Solved: N/M`
/// (M the positions with a `bm` or `am`; the others are skipped and counted).
pub fn solve(cli: &Cli, args: &SolveArgs) -> Result<()> {
    if cli.fen.is_some() || cli.moves.is_some() {
        bail!("solve takes its positions from the file, not --fen or --moves");
    }
    if args.movetime == Some(0) || args.nodes == Some(0) {
        bail!("--movetime and --nodes must be at least 1");
    }
    let budget = engine::tools::solve::Budget {
        movetime: match (args.movetime, args.nodes) {
            (None, None) => Some(Duration::from_millis(1000)),
            (ms, _) => ms.map(Duration::from_millis),
        },
        nodes: args.nodes,
    };
    let options = options(cli)?;
    let records = epd::read(&args.file)?;
    if records.is_empty() {
        bail!("no positions in {}", args.file.display());
    }
    let total = records.len();
    let out = Output::stdout();
    let tally = engine::tools::solve::run(
        &records,
        &options.search,
        budget,
        options.hash_mb,
        |i, entry| out.line(&solve_line(i, total, entry)),
    )
    .map_err(anyhow::Error::msg)?;
    out.line(&solve_summary(tally));
    Ok(())
}

/// One record's line of `engine solve`: its result, or why it was skipped.
fn solve_line(i: usize, total: usize, entry: &Entry) -> String {
    match entry {
        Entry::Searched(outcome) => format!(
            "{i:>4}/{total} {:<12} {:<8} {} ({}; depth {}, nodes {})",
            outcome.id,
            if outcome.solved { "solved" } else { "missed" },
            outcome.chosen.as_deref().unwrap_or("(none)"),
            outcome.expected,
            outcome.result.depth,
            outcome.result.nodes
        ),
        Entry::Skipped { id } => format!("{i:>4}/{total} {id:<12} skipped  (no bm or am)"),
    }
}

/// `Solved: N/M` of the records searched, and how many were skipped.
fn solve_summary(tally: Tally) -> String {
    let Tally {
        solved,
        searched,
        skipped,
    } = tally;
    match skipped {
        0 => format!("Solved: {solved}/{searched}"),
        _ => format!("Solved: {solved}/{searched} ({skipped} skipped: no bm or am)"),
    }
}
