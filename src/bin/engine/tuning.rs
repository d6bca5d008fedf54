//! `engine tune`: the glue of the Texel tuner (the files, the split, the report).

use anyhow::{bail, Context, Result};

use engine::eval::weights::{Param, Weights};
use engine::tools::labels;
use engine::uci::output::Output;

use crate::{Cli, ParamsArg, TuneArgs};

/// `engine tune FILES...`: the errors before, during and after tuning and the weights that
/// changed on stdout; the weights as Rust source to `--out`.
pub fn tune(cli: &Cli, args: &TuneArgs) -> Result<()> {
    use engine::eval::values::WEIGHTS;
    use engine::tools::tune;
    check_tune_args(cli, args)?;
    let out = Output::stdout();
    let (train, validation) = read_samples(&out, args)?;
    let settings = settings(args);
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
        &tune::Settings {
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
        let origin = origin(args, train.len() + validation.len(), &outcome);
        std::fs::write(path, outcome.weights.to_source(&origin))
            .with_context(|| format!("cannot write {}", path.display()))?;
        out.line(&format!("Wrote {}", path.display()));
    }
    Ok(())
}

/// Refuses a position, options, and rates, K or prior out of their ranges.
fn check_tune_args(cli: &Cli, args: &TuneArgs) -> Result<()> {
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
    Ok(())
}

/// The labelled positions of the files, split into training and validation samples (their
/// counts printed).
fn read_samples(
    out: &Output,
    args: &TuneArgs,
) -> Result<(
    Vec<engine::tools::tune::Sample>,
    Vec<engine::tools::tune::Sample>,
)> {
    use engine::tools::tune::{self, Sample};
    let mut samples = Vec::new();
    for path in &args.files {
        samples.extend(labels::read(path)?.iter().map(Sample::new));
    }
    let (train, validation) = tune::split(samples, args.holdout);
    if train.is_empty() {
        bail!(
            "no positions left to train on ({} held out for validation by --holdout {})",
            validation.len(),
            args.holdout
        );
    }
    out.line(&format!(
        "Positions: {} ({} training, {} validation)",
        train.len() + validation.len(),
        train.len(),
        validation.len()
    ));
    Ok((train, validation))
}

/// The tuner's settings of the arguments.
fn settings(args: &TuneArgs) -> engine::tools::tune::Settings {
    use engine::tools::tune::{Selection, Settings};
    Settings {
        epochs: args.epochs,
        rate: args.rate,
        selection: match args.params {
            ParamsArg::All => Selection::All,
            ParamsArg::Terms => Selection::Terms,
        },
        prior: args.prior,
        k: args.k,
    }
}

/// The comment that heads the written weights: how they were tuned, and the errors.
fn origin(args: &TuneArgs, positions: usize, outcome: &engine::tools::tune::Outcome) -> String {
    format!(
        "Tuned by `engine tune` ({} positions, --params {}, --epochs {}, --rate {}, --prior {},\n\
         K {:.4}; kept step {}): error {:.6} -> {:.6} (training), {:.6} -> {:.6} (validation).",
        positions,
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
    )
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
