//! The command-line glue of the neural evaluator's tools: `engine datagen` and `engine train`.
//! Progress goes to stderr through [`Output`].

use std::path::PathBuf;

use anyhow::{bail, Result};

use engine::tools::datagen::selfplay::GameSettings;
use engine::tools::datagen::{self, DatagenSettings};
use engine::uci::output::Output;

use crate::Cli;

/// `engine datagen`: self-play training positions.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// Append the records to FILE (resumed from FILE.progress).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: PathBuf,
    /// Stop once FILE holds this many positions.
    #[arg(long, default_value_t = 1_000_000)]
    positions: u64,
    /// Games played at once, one search thread each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The seed of the games' openings and random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The soft node limit of each move (no new depth after it).
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Random plies played after each opening.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
}

/// Runs `engine datagen`.
pub fn datagen(cli: &Cli, args: &DatagenArgs) -> Result<()> {
    if cli.fen.is_some() || cli.moves.is_some() {
        bail!("datagen plays from its own openings");
    }
    if args.threads == 0 || args.nodes == 0 {
        bail!("--threads and --nodes must be at least 1");
    }
    let mut search = crate::commands::options(cli)?.search;
    search.threads = 1;
    let settings = DatagenSettings {
        game: GameSettings {
            seed: args.seed,
            nodes: args.nodes,
            random_plies: args.random_plies,
            search,
        },
        threads: args.threads,
        positions: args.positions,
        output: args.output.clone(),
    };
    let err = Output::stderr();
    let last = datagen::run(&settings, |p| {
        err.line(&format!(
            "games {} positions {} ({:.0}/s) time left {}",
            p.games,
            p.positions,
            p.rate(),
            hours(p.time_left().as_secs())
        ));
    })?;
    err.line(&format!(
        "done: {} games, {} positions in {}",
        last.games,
        last.positions,
        args.output.display()
    ));
    Ok(())
}

/// Seconds as h:mm:ss.
fn hours(seconds: u64) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}
