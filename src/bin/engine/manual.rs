//! `engine completions SHELL` and `engine man [COMMAND]`: the shell completion scripts and the
//! manual pages, generated from the same clap definitions as `--help`.

use anyhow::{bail, Context, Result};
use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;

use engine::uci::output::Output;

use crate::Cli;

/// `engine completions SHELL`: the completion script for SHELL on stdout.
pub fn completions(cli: &Cli, shell: Shell) -> Result<()> {
    refuse_position_and_options(cli, "completions")?;
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "engine", &mut script);
    print(script)
}

/// `engine man [COMMAND]`: the manual page of the engine, or of one of its commands, in roff.
pub fn man(cli: &Cli, of: Option<&str>) -> Result<()> {
    refuse_position_and_options(cli, "man")?;
    let mut command = Cli::command();
    // Building names each command's page as `engine-bench` and its synopsis as `engine bench`.
    command.build();
    let page = match of {
        None => Man::new(command),
        Some(name) => {
            let Some(sub) = command.find_subcommand(name).cloned() else {
                let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
                bail!("no command '{name}'; the commands: {}", names.join(", "));
            };
            Man::new(sub).source(format!("engine {}", engine::VERSION))
        }
    };
    let mut roff = Vec::new();
    page.render(&mut roff)
        .context("rendering the manual page")?;
    print(roff)
}

/// Refuses --fen, --moves and --set, which mean nothing to `command`.
fn refuse_position_and_options(cli: &Cli, command: &str) -> Result<()> {
    if cli.fen.is_some() || cli.moves.is_some() || !cli.set.is_empty() {
        bail!("{command} takes no --fen, --moves or --set");
    }
    Ok(())
}

/// Prints generated text on stdout as it is (the writer adds the last newline).
fn print(bytes: Vec<u8>) -> Result<()> {
    let text = String::from_utf8(bytes).context("generated text is UTF-8")?;
    Output::stdout().line(text.strip_suffix('\n').unwrap_or(&text));
    Ok(())
}
