//! The command line: with no command, the UCI loop on stdin; otherwise one command, then exit.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};
use shakmaty::CastlingMode;

use engine::bench;
use engine::board::game::Game;
use engine::command::{Command, GoParams, Setup, MAX_PERFT_DEPTH};
use engine::eval::nnue::Net;
use engine::memory::check_hash;
use engine::options::{OptionEffects, EMPTY_TEXT};
use engine::search::tablebase::Tablebases;
use engine::uci::{self, command, output::Output};

/// A UCI chess engine: Random, Minimax, AlphaBeta and IterativeDeepening, scored by a neural net (NNUE, the default), a positional or the course's material evaluator.
///
/// With no command it speaks UCI on stdin and stdout, for a GUI or a match runner.
#[derive(Parser, Debug)]
#[command(name = "engine", version = engine::VERSION, about, disable_help_subcommand = true)]
struct Cli {
    /// Start from this position (FEN, 6 fields or 4) instead of the start position.
    #[arg(long, global = true, value_name = "FEN")]
    fen: Option<String>,
    /// Moves to play from that position, in UCI notation: --moves "e2e4 e7e5".
    #[arg(long, global = true, value_name = "MOVES")]
    moves: Option<String>,
    /// Set a UCI option before the command: --set Hash=64 --set "Search=Minimax".
    #[arg(long = "set", global = true, value_name = "NAME=VALUE")]
    set: Vec<String>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Search the position with UCI `go` parameters (depth N, movetime MS, nodes N, mate N, ...);
    /// prints the `info` lines and the `bestmove`.
    Go {
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "PARAMS"
        )]
        params: Vec<String>,
    },
    /// Count the leaf nodes of the legal move tree to DEPTH, per root move.
    Perft { depth: u32 },
    /// Show the board, its FEN, Zobrist key and checkers.
    D,
    /// Show the evaluation and its terms.
    Eval,
    /// Search the bench positions to a fixed depth; prints the node total (the bench signature) and speed.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = engine::bench::DEFAULT_DEPTH)]
        depth: u32,
    },
    /// Run each search type at each depth on the same positions and print one table (with
    /// --plot, also draw nodes and time against depth).
    Compare(CompareArgs),
    /// Play games between two configurations inside this process.
    Play(PlayArgs),
    /// Tune the positional evaluator's weights on labelled positions (EPD with `c9 "1-0";`, as
    /// `engine play --labels` writes them), Texel's way; prints the errors and the new weights.
    Tune(TuneArgs),
    /// Search each position of an EPD test suite (`bm`/`am` in SAN) for a fixed time; prints
    /// each result and `Solved: N/M` (a position with neither is skipped and counted).
    Solve(SolveArgs),
    /// Draw the tree of one small search (SVG, Graphviz DOT, or HTML: a web page that replays
    /// it step by step): every node it visits with its move, value and alpha-beta window, the
    /// PV, and the moves each cut-off skipped.
    Tree(TreeArgs),
    /// Self-play games whose quiet positions, scores and results are training data for the net.
    Datagen(nnue::DatagenArgs),
    /// Train the neural evaluator on datagen's records (AdamW, on the CPU); writes the net.
    Train(nnue::TrainArgs),
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish, powershell).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page in roff, of the engine or of one COMMAND: `engine man | man -l -`.
    Man {
        /// The command whose page to print (`engine man bench` is engine-bench(1)).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
    /// Print the search parameters as OpenBench's SPSA input (`name, int, start, min, max,
    /// c_end, r_end`), each starting from its value after --set.
    #[cfg(feature = "tune")]
    Spsa,
    /// Print this message or the help of the given command.
    Help {
        /// The command whose help to print.
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

#[derive(clap::Args, Debug)]
struct TreeArgs {
    /// Depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=engine::search::MAX_DEPTH as i64))]
    depth: u32,
    /// The search whose tree is drawn: Minimax, AlphaBeta or IterativeDeepening (its options
    /// from --set, e.g. MoveOrdering=false).
    #[arg(long, required_unless_present = "compare")]
    search: Option<engine::search::SearchKind>,
    /// HTML only: two or three searches side by side, stepping together (e.g.
    /// Minimax,AlphaBeta), instead of --search.
    #[arg(long, value_delimiter = ',', conflicts_with = "search", num_args = 1..)]
    compare: Option<Vec<engine::search::SearchKind>>,
    /// Output format.
    #[arg(long, value_enum, default_value = "svg")]
    format: TreeFormatArg,
    /// Write to FILE instead of stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Refuse a tree of more nodes than this, saying how many it would have (SVG and DOT warn
    /// above 500, too many to read).
    #[arg(long, value_name = "N", default_value_t = engine::tools::tree::DEFAULT_MAX_NODES)]
    max_nodes: u64,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum TreeFormatArg {
    Svg,
    Dot,
    /// One self-contained web page that replays the search step by step (the explorer).
    Html,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// The EPD file.
    file: std::path::PathBuf,
    /// Milliseconds per position (default 1000 unless --nodes is given).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Nodes per position: the same result on any machine and under any load.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

#[derive(clap::Args, Debug)]
struct TuneArgs {
    /// EPD files of labelled positions.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
    /// Passes over the training positions (one gradient step each).
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Step size (Adam), in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// The cost in error of moving a weight one pawn from its current value (squared: 2 pawns
    /// cost 4 times as much); 0 for none.
    #[arg(long, default_value_t = 0.0)]
    prior: f64,
    /// Which weights move: all, or the terms beside material and square tables.
    #[arg(long, value_enum, default_value = "all")]
    params: ParamsArg,
    /// The scaling constant K of the sigmoid (fitted to the current weights when not given).
    #[arg(long)]
    k: Option<f64>,
    /// Hold out every Nth block of 100 positions for validation (0: none); the weights kept
    /// are those with the lowest validation error.
    #[arg(long, default_value_t = 10, value_name = "N")]
    holdout: usize,
    /// Print the errors every N epochs.
    #[arg(long, default_value_t = 100, value_name = "N")]
    every: usize,
    /// Write the tuned weights as Rust source to FILE (src/eval/values.rs to adopt them).
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum ParamsArg {
    All,
    Terms,
}

#[derive(clap::Args, Debug)]
struct CompareArgs {
    /// An EPD file of positions to compare on (default: --fen, or the start position).
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    epd: Option<std::path::PathBuf>,
    /// Depths: N (1 to N) or A..B.
    #[arg(long, default_value = "1..4", value_parser = parse_depths)]
    depth: (u32, u32),
    /// Search types, comma-separated.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "Minimax,AlphaBeta,IterativeDeepening"
    )]
    search: Vec<engine::search::SearchKind>,
    /// Time limit per search in seconds: a search that exceeds it is stopped and not run deeper.
    #[arg(long, default_value_t = 10.0)]
    limit: f64,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: FormatArg,
    /// Also draw nodes and time against depth, one line per search, as SVG to FILE.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum FormatArg {
    Table,
    Csv,
    Json,
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// Options of the first player, who has White in the first game: "Search=AlphaBeta,Depth=3".
    #[arg(long, value_name = "OPTIONS")]
    white: String,
    /// Options of the second player: "Search=Random".
    #[arg(long, value_name = "OPTIONS")]
    black: String,
    /// Number of games; colours alternate.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// An EPD file of openings: each pair of games plays the next one, colours swapped.
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    openings: Option<std::path::PathBuf>,
    /// Milliseconds per move for a side whose Depth option is 0.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Full moves after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 200)]
    max_moves: u32,
    /// Print the board after each move.
    #[arg(long)]
    show: bool,
    /// Write every game as PGN to FILE (appended to), or to stdout for "-" (the other lines
    /// then go to stderr).
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
    /// Append the quiet positions of every game to FILE as EPD labelled with the game's result
    /// (`c9 "1-0";`), the data of `engine tune`.
    #[arg(long, value_name = "FILE")]
    labels: Option<std::path::PathBuf>,
}

mod commands;
mod manual;
mod nnue;
mod tree;
mod tuning;

/// Parses "N" (1 to N) or "A..B" into a range of depths within 1..=MAX_DEPTH.
fn parse_depths(text: &str) -> Result<(u32, u32), String> {
    let (low, high) = match text.split_once("..") {
        Some((a, b)) => (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
        None => (Ok(1), text.trim().parse::<u32>()),
    };
    match (low, high) {
        (Ok(low), Ok(high)) if 1 <= low && low <= high && high <= engine::search::MAX_DEPTH => {
            Ok((low, high))
        }
        _ => Err(format!(
            "depths must be N or A..B with 1 <= A <= B <= {}",
            engine::search::MAX_DEPTH
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match &cli.command {
        Some(Cmd::Compare(args)) => commands::compare(&cli, args),
        Some(Cmd::Play(args)) => commands::play(&cli, args),
        Some(Cmd::Solve(args)) => commands::solve(&cli, args),
        Some(Cmd::Tune(args)) => tuning::tune(&cli, args),
        Some(Cmd::Tree(args)) => tree::tree(&cli, args),
        Some(Cmd::Datagen(args)) => nnue::datagen(&cli, args),
        Some(Cmd::Train(args)) => nnue::train(&cli, args),
        #[cfg(feature = "tune")]
        Some(Cmd::Spsa) => commands::spsa(&cli),
        Some(Cmd::Help { command }) => help(command.as_deref()),
        Some(Cmd::Completions { shell }) => manual::completions(&cli, *shell),
        Some(Cmd::Man { command }) => manual::man(&cli, command.as_deref()),
        _ => uci_session(&cli),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            Output::stderr().line(&format!("engine: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// `engine help [COMMAND]`: the help of the program, or of one of its commands, as `--help`
/// prints it.
fn help(command: Option<&str>) -> Result<()> {
    let args = ["engine"].into_iter().chain(command).chain(["--help"]);
    match Cli::try_parse_from(args) {
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {
            Output::stdout().line(e.render().to_string().trim_end());
            Ok(())
        }
        _ => bail!(
            "no command '{}' (engine --help lists them)",
            command.unwrap_or_default()
        ),
    }
}

/// The UCI loop on stdin, or the engine commands that carry out a one-shot command.
fn uci_session(cli: &Cli) -> Result<()> {
    let output = Output::stdout();
    match prepare(cli)? {
        None => uci::run(io::BufReader::new(io::stdin()), output),
        Some(commands) => uci::run_commands(commands, output),
    }
    Ok(())
}

/// The engine commands that carry out the command line, after checking every argument;
/// None for the interactive loop.
fn prepare(cli: &Cli) -> Result<Option<Vec<Command>>> {
    let mut commands = Vec::new();
    let mut checks = Checked {
        bench: matches!(cli.command, Some(Cmd::Bench { .. })),
    };
    let options = commands::assign_all(cli, &mut checks, |set| {
        commands.push(Command::SetOption {
            name: set.name.to_string(),
            value: Some(set.value.to_string()),
        });
    })?;
    if cli.fen.is_some() || cli.moves.is_some() {
        let mode = options.castling_mode();
        commands.push(position(cli.fen.as_deref(), cli.moves.as_deref(), mode)?);
    }
    let command = match &cli.command {
        None if commands.is_empty() => return Ok(None),
        None => bail!("--fen, --moves and --set need a command (go, perft, d, eval)"),
        Some(Cmd::Go { params }) => Command::Go(go_params(params)?),
        Some(Cmd::Perft { depth }) => {
            if !(1..=MAX_PERFT_DEPTH).contains(depth) {
                bail!("perft depth must be from 1 to {MAX_PERFT_DEPTH}");
            }
            Command::Perft(*depth)
        }
        Some(Cmd::D) => Command::Display,
        Some(Cmd::Eval) => Command::Eval,
        Some(Cmd::Bench { depth }) => {
            if cli.fen.is_some() || cli.moves.is_some() {
                bail!("bench searches its own positions, not --fen or --moves (try go or compare)");
            }
            Command::Bench(bench::check_depth(*depth).map_err(anyhow::Error::msg)?)
        }
        Some(
            Cmd::Compare(_)
            | Cmd::Play(_)
            | Cmd::Solve(_)
            | Cmd::Tune(_)
            | Cmd::Tree(_)
            | Cmd::Datagen(_)
            | Cmd::Train(_)
            | Cmd::Help { .. }
            | Cmd::Completions { .. }
            | Cmd::Man { .. },
        ) => bail!("not a UCI command"),
        #[cfg(feature = "tune")]
        Some(Cmd::Spsa) => bail!("not a UCI command"),
    };
    commands.push(command);
    Ok(Some(commands))
}

/// The options' effects checked before the engine carries them out, so that a `--set` the
/// engine would refuse is an error, not a message: the table's size, the tablebases (none for
/// `bench`), the net.
struct Checked {
    bench: bool,
}

impl OptionEffects for Checked {
    fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        check_hash(mb)
    }

    fn clear_hash(&mut self) {}

    fn open_tablebases(&mut self, path: &str) -> Result<(), String> {
        if self.bench {
            return Err("bench searches without tables (it is for the UCI loop and go)".into());
        }
        Tablebases::open(path).map(|_| ())
    }

    fn open_net(&mut self, path: &str) -> Result<(), String> {
        match path.trim() {
            "" | EMPTY_TEXT => Ok(()),
            path => Net::load(Path::new(path)).map(|_| ()),
        }
    }
}

/// The `position` command for --fen and --moves, checked now so that a mistake is an error,
/// not a message.
fn position(fen: Option<&str>, moves: Option<&str>, mode: CastlingMode) -> Result<Command> {
    let mut game = match fen {
        Some(fen) => Game::from_fen_in(fen, mode).map_err(anyhow::Error::msg)?,
        None => Game::default(),
    };
    let moves: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    for m in &moves {
        game.play_uci(m).map_err(anyhow::Error::msg)?;
    }
    Ok(Command::Position {
        setup: fen.map_or(Setup::StartPos, |fen| Setup::Fen(fen.to_string())),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// The `go` parameters of the arguments (UCI `go` syntax), refused if any is not understood.
fn go_params(params: &[String]) -> Result<GoParams> {
    // `go` takes the rest of the line as its parameters (negative clocks included), so an option
    // written after it arrives here.
    if let Some(flag) = params.iter().find(|p| p.starts_with("--")) {
        bail!("'{flag}' must come before 'go': engine [OPTIONS] go [PARAMS]");
    }
    let line = format!("go {}", params.join(" "));
    let go = match command::parse(&line) {
        Ok(Some(Command::Go(go))) => go,
        Err(why) => bail!("{why}"),
        Ok(_) => bail!("not a go command: {line}"),
    };
    if let Some(warning) = go.warnings.first() {
        // The loop would skip or clamp the parameter ("; ignored", "; using N"): here it is refused.
        let problem = warning.split("; ").next().unwrap_or(warning);
        bail!("{problem}");
    }
    Ok(go)
}
