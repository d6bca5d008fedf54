//! The command-line tools beside the UCI loop: bench, compare, play, solve, tune and tree. They print through
//! the one stdout writer, [`Output`], so that a closed stdout ends them quietly.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use engine::board::epd;
use engine::board::game::Game;
use engine::board::notation::START_FEN;
use engine::engine::options::{OptionChange, Settings};
use engine::eval::weights::{Param, Weights};
use engine::search::{SearchConfig, SearchState};
use engine::tools::compare::{self, Format};
use engine::tools::play::{self, MatchSettings, Player};
use engine::tools::{bench, labels, pgn};
use engine::uci::output::Output;

use crate::{
    Cli, CompareArgs, FormatArg, ParamsArg, PlayArgs, SolveArgs, TreeArgs, TreeFormatArg, TuneArgs,
};

/// The options of `--set`, on top of the defaults.
pub fn options(cli: &Cli) -> Result<Settings> {
    let mut options = Settings::default();
    for setting in &cli.set {
        let set = options
            .assign(setting)
            .map_err(|e| anyhow::anyhow!("--set: {e}"))?;
        if set.change == OptionChange::SyzygyPath {
            anyhow::bail!(
                "SyzygyPath is for the UCI loop and go (the tools search without tables)"
            );
        }
        if set.change == OptionChange::EvalFile && !set.value.trim().is_empty() {
            engine::eval::nnue::use_file(Path::new(set.value.trim()))
                .map_err(|e| anyhow::anyhow!("EvalFile: {e}"))?;
        }
    }
    Ok(options)
}

/// `engine bench [depth]`: progress on stderr, the signature and speed on stdout. The options
/// of `--set` apply (the signature is that of the defaults).
pub fn bench(cli: &Cli, depth: u32) -> Result<()> {
    let config = options(cli)?.search;
    let progress = Output::stderr();
    let summary = bench::run(depth, &config, |i, total, fen, result| {
        progress.line(&format!(
            "Position {i:>2}/{total}: {fen}  nodes {}",
            result.nodes
        ));
    })?;
    Output::stdout().line(&bench::summary_lines(&summary));
    Ok(())
}

/// The start position, the game of --fen/--moves, or every record of an EPD file, with names.
fn positions(cli: &Cli, epd_file: Option<&std::path::Path>) -> Result<Vec<(String, Game)>> {
    if let Some(path) = epd_file {
        let records = epd::read(path)?;
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

/// `engine tree`: the tree of one search as SVG or DOT, to stdout or `-o FILE`; on stderr the
/// node count and the time to search and to draw.
pub fn tree(cli: &Cli, args: &TreeArgs) -> Result<()> {
    let options = options(cli)?;
    let config = SearchConfig {
        kind: args.search,
        ..options.search
    };
    let (_, game) = positions(cli, None)?.remove(0);
    let started = Instant::now();
    let tree =
        engine::tools::tree::record(&game, &config, args.depth, options.hash_mb, args.max_nodes)?;
    let searched = started.elapsed();
    let started = Instant::now();
    let text = match args.format {
        TreeFormatArg::Svg => engine::tools::tree::render_svg(&tree),
        TreeFormatArg::Dot => engine::tools::tree::render_dot(&tree),
    };
    let drawn = started.elapsed();
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print_lines(&Output::stdout(), &text),
    }
    Output::stderr().line(&format!(
        "Tree: {} nodes, value {}, skipped by cut-offs {} moves; searched twice in {:.1} ms, drawn in {:.1} ms",
        tree.nodes.len(),
        tree.result.score,
        tree.skipped_moves(),
        searched.as_secs_f64() * 1000.0,
        drawn.as_secs_f64() * 1000.0
    ));
    Ok(())
}

/// Prints text made of whole lines (each ending with a newline), if any.
fn print_lines(out: &Output, text: &str) {
    if let Some(lines) = text.strip_suffix('\n') {
        out.line(lines);
    }
}

/// `engine play`: a line per game and the score on stdout, each game in PGN with `--pgn`
/// (the lines go to stderr when the PGN goes to stdout).
pub fn play(cli: &Cli, args: &PlayArgs) -> Result<()> {
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
    let score = play::match_score(&records);
    out.line(&format!(
        "Score of {} vs {}: {} - {} - {} (wins - losses - draws)  score {:.3} +/- {:.3} (95%)  Elo {:+.0}",
        players[0].name,
        players[1].name,
        score.wins,
        score.losses,
        score.draws,
        score.score,
        score.margin,
        play::elo(score.score)
    ));
    Ok(())
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
        "Game {number}: {} (White) vs {} (Black): {} by {}, {} moves; time {:.2} s / {:.2} s; nodes {} / {}",
        players[white].name,
        players[black].name,
        record.result(),
        record.ending,
        record.moves,
        record.time[white].as_secs_f64(),
        record.time[black].as_secs_f64(),
        record.nodes[white],
        record.nodes[black]
    )
}

/// `engine solve FILE [--movetime MS] [--nodes N]`: one line per position, then `Solved: N/M`.
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
    let solved = engine::tools::solve::run(
        &records,
        &options.search,
        budget,
        options.hash_mb,
        |i, outcome| {
            out.line(&format!(
                "{i:>4}/{total} {:<12} {:<8} {} ({}; depth {}, nodes {})",
                outcome.id,
                if outcome.solved { "solved" } else { "missed" },
                outcome.chosen.as_deref().unwrap_or("(none)"),
                outcome.expected,
                outcome.result.depth,
                outcome.result.nodes
            ));
        },
    )
    .map_err(anyhow::Error::msg)?;
    out.line(&format!("Solved: {solved}/{total}"));
    Ok(())
}

/// `engine tune FILES...`: the errors before, during and after tuning and the weights that
/// changed on stdout; the weights as Rust source to `--out`.
pub fn tune(cli: &Cli, args: &TuneArgs) -> Result<()> {
    use engine::eval::values::WEIGHTS;
    use engine::tools::tune::{self, Sample, Selection, Settings};
    if cli.fen.is_some() || cli.moves.is_some() || !cli.set.is_empty() {
        bail!("tune takes its positions from the files, and no options");
    }
    if !(args.rate > 0.0 && args.rate.is_finite())
        || args.k.is_some_and(|k| k <= 0.0 || !k.is_finite())
    {
        bail!("--rate and --k must be positive numbers");
    }
    if !(args.prior >= 0.0 && args.prior.is_finite()) {
        bail!("--prior must be a number, 0 or more");
    }
    let out = Output::stdout();
    let mut samples = Vec::new();
    for path in &args.files {
        samples.extend(labels::read(path)?.iter().map(Sample::new));
    }
    let (train, validation) = tune::split(samples, args.holdout);
    out.line(&format!(
        "Positions: {} ({} training, {} validation)",
        train.len() + validation.len(),
        train.len(),
        validation.len()
    ));
    let settings = Settings {
        epochs: args.epochs,
        rate: args.rate,
        selection: match args.params {
            ParamsArg::All => Selection::All,
            ParamsArg::Terms => Selection::Terms,
        },
        prior: args.prior,
        k: args.k,
    };
    let k = args
        .k
        .unwrap_or_else(|| tune::fit_k(&train, &WEIGHTS.to_vector()));
    out.line(&format!(
        "K: {k:.4}{}",
        if args.k.is_some() { "" } else { " (fitted)" }
    ));
    let every = args.every.max(1);
    let outcome = tune::tune(
        &train,
        &validation,
        &WEIGHTS,
        &Settings {
            k: Some(k),
            ..settings
        },
        &mut |epoch, train_error, validation_error| {
            if epoch % every == 0 {
                out.line(&format!(
                    "Epoch {epoch:>5}: training {train_error:.6}, validation {validation_error:.6}"
                ));
            }
        },
    );
    out.line(&format!(
        "Kept: the weights after {} of {} steps (the lowest validation error)",
        outcome.steps, args.epochs
    ));
    for (name, errors) in [("before", outcome.before), ("after", outcome.after)] {
        out.line(&format!(
            "Error {name}: training {:.6}, validation {:.6}",
            errors.train, errors.validation
        ));
    }
    print_changes(&out, &WEIGHTS, &outcome.weights);
    if let Some(path) = &args.out {
        let origin = format!(
            "Tuned by `engine tune` ({} positions, --params {}, --epochs {}, --rate {}, --prior {},\n\
             K {:.4}; kept step {}): error {:.6} -> {:.6} (training), {:.6} -> {:.6} (validation).",
            train.len() + validation.len(),
            match args.params {
                ParamsArg::All => "all",
                ParamsArg::Terms => "terms",
            },
            args.epochs,
            args.rate,
            args.prior,
            outcome.k,
            outcome.steps,
            outcome.before.train,
            outcome.after.train,
            outcome.before.validation,
            outcome.after.validation
        );
        std::fs::write(path, outcome.weights.to_source(&origin))
            .with_context(|| format!("cannot write {}", path.display()))?;
        out.line(&format!("Wrote {}", path.display()));
    }
    Ok(())
}

/// One line per weight that changed outside the square tables, then how many squares changed.
fn print_changes(out: &Output, old: &Weights, new: &Weights) {
    let (old, new) = (old.to_vector(), new.to_vector());
    let mut squares = 0;
    for (index, (a, b)) in old.iter().zip(&new).enumerate() {
        match Param::at(index) {
            _ if a == b => {}
            Some(Param::Square(..)) => squares += 1,
            Some(param) => out.line(&format!(
                "{:<22} ({:>4}, {:>4}) -> ({:>4}, {:>4})",
                param.name(),
                a.mg,
                a.eg,
                b.mg,
                b.eg
            )),
            None => {}
        }
    }
    out.line(&format!("Square-table entries changed: {squares}"));
}
