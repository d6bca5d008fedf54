//! The command-line tools beside the UCI loop: bench, compare, play and solve.

use std::io::Write;
use std::time::Duration;

use anyhow::{bail, Result};

use engine::compare::{self, Format};
use engine::game::{Game, START_FEN};
use engine::options::Options;
use engine::play::{self, MatchSettings, Player};
use engine::search::SearchState;
use engine::{bench, epd};

use crate::{Cli, CompareArgs, FormatArg, PlayArgs, SolveArgs};

/// The options of `--set`, on top of the defaults.
fn options(cli: &Cli) -> Result<Options> {
    let mut options = Options::default();
    for setting in &cli.set {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("--set needs NAME=VALUE, got '{setting}'"))?;
        options
            .set(name.trim(), Some(value.trim()))
            .map_err(anyhow::Error::msg)?;
    }
    Ok(options)
}

/// `engine bench [depth]`: progress on stderr, the signature and speed on stdout. The options
/// of `--set` apply (the signature is that of the defaults).
pub fn bench(cli: &Cli, depth: u32) -> Result<()> {
    let config = options(cli)?.search_config(false);
    let summary = bench::run(depth, &config, |i, total, fen, result| {
        eprintln!("Position {i:>2}/{total}: {fen}  nodes {}", result.nodes);
    })?;
    println!("{}", bench::summary_lines(&summary));
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

/// `engine compare`.
pub fn compare(cli: &Cli, args: &CompareArgs) -> Result<()> {
    if !(args.limit > 0.0 && args.limit.is_finite()) {
        bail!("--limit must be a positive number of seconds");
    }
    let variants = compare::variants(&args.search, &options(cli)?.search_config(false));
    let format = match args.format {
        FormatArg::Table => Format::Table,
        FormatArg::Csv => Format::Csv,
        FormatArg::Json => Format::Json,
    };
    let mut rows = Vec::new();
    for (name, game) in positions(cli, args.epd.as_deref())? {
        eprintln!("comparing on {name}");
        rows.extend(compare::compare(
            &name,
            &game,
            &variants,
            args.depth.0..=args.depth.1,
            Duration::from_secs_f64(args.limit),
        ));
    }
    print!("{}", compare::render(&rows, format));
    Ok(())
}

/// `engine play`.
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
    let mut states = [
        SearchState::new(players[0].options.hash_mb),
        SearchState::new(players[1].options.hash_mb),
    ];
    let mut records = Vec::new();
    let stdout = std::io::stdout();
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
            &mut |text| {
                let _ = writeln!(stdout.lock(), "{text}");
            },
        )
        .map_err(anyhow::Error::msg)?;
        println!("{}", describe_game(index + 1, &players, &record));
        records.push(record);
    }
    let score = play::match_score(&records);
    println!(
        "Score of {} vs {}: {} - {} - {} (wins - losses - draws)  score {:.3} +/- {:.3} (95%)  Elo {:+.0}",
        players[0].name,
        players[1].name,
        score.wins,
        score.losses,
        score.draws,
        score.score,
        score.margin,
        play::elo(score.score)
    );
    Ok(())
}

fn describe_game(number: u32, players: &[Player; 2], record: &play::GameRecord) -> String {
    let (white, black) = if record.first_is_white {
        (0, 1)
    } else {
        (1, 0)
    };
    let white_score = if record.first_is_white {
        record.first_score
    } else {
        1.0 - record.first_score
    };
    let result = if white_score == 1.0 {
        "1-0"
    } else if white_score == 0.0 {
        "0-1"
    } else {
        "1/2-1/2"
    };
    format!(
        "Game {number}: {} (White) vs {} (Black): {result} by {}, {} moves; time {:.2} s / {:.2} s; nodes {} / {}",
        players[white].name,
        players[black].name,
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
    let budget = engine::solve::Budget {
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
    let solved = engine::solve::run(
        &records,
        &options.search_config(false),
        budget,
        options.hash_mb,
        |i, outcome| {
            println!(
                "{i:>4}/{total} {:<12} {:<8} {} ({}; depth {}, nodes {})",
                outcome.id,
                if outcome.solved { "solved" } else { "missed" },
                outcome.chosen.as_deref().unwrap_or("(none)"),
                outcome.expected,
                outcome.result.depth,
                outcome.result.nodes
            );
        },
    )
    .map_err(anyhow::Error::msg)?;
    println!("Solved: {solved}/{total}");
    Ok(())
}
