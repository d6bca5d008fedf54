//! The command line: with no command, the UCI loop on stdin; otherwise one command, then exit.

use std::io::{self, Cursor};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};

use engine::game::Game;
use engine::options::Options;
use engine::uci::{self, command, output::Output};

/// A UCI chess engine: Random, Minimax, AlphaBeta and IterativeDeepening over a material evaluator.
///
/// With no command it speaks UCI on stdin and stdout, for a GUI or a match runner.
#[derive(Parser, Debug)]
#[command(name = "engine", version, about)]
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match prepare(&cli) {
        Ok(lines) => {
            let output = Output::stdout();
            match lines {
                None => uci::run(io::BufReader::new(io::stdin()), output, |_| {}),
                Some(lines) => uci::run(Cursor::new(lines.join("\n").into_bytes()), output, |_| {}),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("engine: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The UCI lines that carry out the command line, after checking every argument;
/// None for the interactive loop.
fn prepare(cli: &Cli) -> Result<Option<Vec<String>>> {
    let mut lines = Vec::new();
    let mut options = Options::default();
    for setting in &cli.set {
        let (name, value) = setting
            .split_once('=')
            .with_context(|| format!("--set needs NAME=VALUE, got '{setting}'"))?;
        options
            .set(name.trim(), Some(value.trim()))
            .map_err(anyhow::Error::msg)?;
        lines.push(format!(
            "setoption name {} value {}",
            name.trim(),
            value.trim()
        ));
    }
    if cli.fen.is_some() || cli.moves.is_some() {
        lines.push(position_line(cli.fen.as_deref(), cli.moves.as_deref())?);
    }
    let command = match &cli.command {
        None if lines.is_empty() => return Ok(None),
        None => bail!("--fen, --moves and --set need a command (go, perft, d, eval)"),
        Some(Cmd::Go { params }) => go_line(params)?,
        Some(Cmd::Perft { depth }) => {
            if !(1..=command::MAX_PERFT_DEPTH).contains(depth) {
                bail!("perft depth must be from 1 to {}", command::MAX_PERFT_DEPTH);
            }
            format!("perft {depth}")
        }
        Some(Cmd::D) => "d".to_string(),
        Some(Cmd::Eval) => "eval".to_string(),
    };
    lines.push(command);
    Ok(Some(lines))
}

/// The `position` line for --fen and --moves, checked now so that a mistake is an error, not a message.
fn position_line(fen: Option<&str>, moves: Option<&str>) -> Result<String> {
    let mut game = match fen {
        Some(fen) => Game::from_fen(fen).map_err(anyhow::Error::msg)?,
        None => Game::default(),
    };
    let moves: Vec<&str> = moves.unwrap_or("").split_whitespace().collect();
    for m in &moves {
        game.play_uci(m).map_err(anyhow::Error::msg)?;
    }
    let setup = fen.map_or("startpos".to_string(), |fen| format!("fen {fen}"));
    Ok(format!("position {setup} moves {}", moves.join(" ")))
}

/// The `go` line for the arguments, refused if any parameter is not understood.
fn go_line(params: &[String]) -> Result<String> {
    let line = format!("go {}", params.join(" "));
    if let Ok(Some(command::Command::Go(go))) = command::parse(&line) {
        if let Some(warning) = go.warnings.first() {
            bail!("{warning}");
        }
    }
    Ok(line)
}
