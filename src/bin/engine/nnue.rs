//! The command-line glue of the neural evaluator's tools: `engine datagen` and `engine train`.
//! Progress goes to stderr through [`Output`].

use std::path::PathBuf;

use anyhow::{bail, Result};

use engine::tools::datagen::selfplay::GameSettings;
use engine::tools::datagen::{self, DataFormat, DatagenSettings};
use engine::uci::output::Output;

use crate::Cli;

/// `engine datagen`: self-play training positions.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    /// Append the games to FILE (resumed from FILE.progress).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: PathBuf,
    /// How FILE keeps the positions: whole games (about 4 bytes a position) or 32-byte
    /// training records; `engine train` reads both.
    #[arg(long, value_enum, default_value_t = Format::Games)]
    format: Format,
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
    /// Instead of playing, take the positions of these games of the engine's (PGN with each
    /// move's score in its comment, as fastchess writes it), into a new FILE.
    #[arg(long, value_name = "PGN", num_args = 1..)]
    pgn: Vec<PathBuf>,
}

/// The formats of `engine datagen --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Games,
    Records,
}

/// Runs `engine datagen`.
pub fn datagen(cli: &Cli, args: &DatagenArgs) -> Result<()> {
    if cli.fen.is_some() || cli.moves.is_some() {
        bail!("datagen plays from its own openings");
    }
    if !args.pgn.is_empty() {
        return import_pgn(args);
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
        format: match args.format {
            Format::Games => DataFormat::Games,
            Format::Records => DataFormat::Records,
        },
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

/// `engine datagen --pgn`: the positions of played games into a new file.
fn import_pgn(args: &DatagenArgs) -> Result<()> {
    use engine::tools::datagen::import;
    use std::io::Write;
    import::check_new_output(&args.output)?;
    let mut bytes = Vec::new();
    let (mut games, mut unfinished, mut positions) = (0, 0, 0);
    for path in &args.pgn {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let imported =
            import::import_pgn(&text).map_err(|e| anyhow::anyhow!("{}: {e:#}", path.display()))?;
        games += imported.games;
        unfinished += imported.unfinished;
        positions += imported.records.len();
        imported
            .records
            .iter()
            .for_each(|r| bytes.extend_from_slice(&r.to_bytes()));
    }
    let mut temporary = args.output.as_os_str().to_owned();
    temporary.push(".tmp");
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    std::fs::rename(&temporary, &args.output)?;
    Output::stderr().line(&format!(
        "done: {games} games ({unfinished} unfinished left out), {positions} positions in {}",
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

/// `engine train`: fits the net to datagen's records and writes it quantised.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Files written by `engine datagen` (games or records: told by their first bytes).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the quantised net to FILE.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: PathBuf,
    /// Passes over the training records.
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Records per gradient step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// The starting learning rate (AdamW), falling along a cosine to 1% of it.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// AdamW's weight decay.
    #[arg(long, default_value_t = 0.01)]
    decay: f32,
    /// The weight of the game result in the target (the rest is the search score's).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Threads that share each batch.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The seed of the first weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Save the float parameters to FILE after each epoch, and resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Start from this net's weights (a net file, as `EvalFile` takes) instead of random ones.
    #[arg(long, value_name = "NET")]
    init: Option<PathBuf>,
}

/// The start of an epoch's line: its number and losses (the held-out loss None without
/// held-out records).
fn epoch_line(epoch: usize, train_loss: f64, holdout_loss: Option<f64>) -> String {
    let holdout = match holdout_loss {
        Some(loss) => format!("held-out loss {loss:.6}"),
        None => "no held-out data".to_string(),
    };
    format!("epoch {epoch:>3}  train loss {train_loss:.6}  {holdout}")
}

/// Runs `engine train`: one line per epoch on stdout, then the quantisation check.
pub fn train(cli: &Cli, args: &TrainArgs) -> Result<()> {
    use engine::tools::train::{self, TrainSettings};
    if cli.fen.is_some() || cli.moves.is_some() || !cli.set.is_empty() {
        bail!("train takes its positions from the files, and no options");
    }
    if args.threads == 0 || args.batch == 0 || !(0.0..=1.0).contains(&args.lambda) {
        bail!("--threads and --batch must be at least 1, --lambda from 0 to 1");
    }
    let init = match &args.init {
        Some(path) => Some(train::model::Model::from_net(
            &engine::eval::nnue::Net::load(path).map_err(anyhow::Error::msg)?,
            args.seed,
        )),
        None => None,
    };
    let out = Output::stdout();
    let (mut records, holdout) = train::load(&args.files)?;
    let has_holdout = !holdout.is_empty();
    out.line(&format!(
        "Records: {} training, {} held out",
        records.len(),
        holdout.len()
    ));
    if let Some(model) = &init {
        out.line(&format!(
            "{}  (the --init net)",
            epoch_line(
                0,
                train::mean_loss(model, &records, args.lambda),
                has_holdout.then(|| train::mean_loss(model, &holdout, args.lambda))
            )
        ));
    }
    let settings = TrainSettings {
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        decay: args.decay,
        lambda: args.lambda,
        threads: args.threads,
        seed: args.seed,
        checkpoint: args.checkpoint.clone(),
        init,
    };
    let model = train::train(&settings, &mut records, &holdout, |e| {
        out.line(&format!(
            "{}  rate {:.6}  {:.1} s",
            epoch_line(e.epoch, e.train_loss, has_holdout.then_some(e.holdout_loss)),
            e.rate,
            e.time.as_secs_f64()
        ));
    })?;
    let net = model.quantise();
    train::write_net(&net, &args.output)?;
    let sample = if holdout.is_empty() {
        &records
    } else {
        &holdout
    };
    let (max, mean) = train::quantisation_error(&model, &net, &sample[..sample.len().min(10_000)]);
    out.line(&format!(
        "Wrote {}; quantised minus float score: mean {mean:.2} cp, largest {max:.2} cp",
        args.output.display()
    ));
    Ok(())
}
