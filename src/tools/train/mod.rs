//! `engine train`: fits the net to `engine datagen`'s records on the CPU, then writes it
//! quantised.
//!
//! The loss of a position is (sigmoid(output) − target)², the target being λ·result +
//! (1 − λ)·sigmoid(score / 400). AdamW with a cosine learning-rate schedule over shuffled
//! batches, each batch's gradient summed over `threads` threads; every 20th block of 256
//! records is held out and its loss printed after each epoch; the float parameters are saved
//! after each epoch (a checkpoint to resume from).

pub mod adamw;
pub mod data;
pub mod model;

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::eval::nnue::Net;
use crate::tools::datagen::games;
use crate::tools::datagen::record::{self, Record};
use adamw::AdamW;
use data::Sample;
use model::{Model, PARAMS};

/// Records per held-out block, and one block in this many is held out.
const BLOCK: usize = 256;
const HOLDOUT_EVERY: usize = 20;
/// The learning rate falls to this fraction of its start by the last batch.
const FINAL_RATE: f32 = 0.01;

/// How the net is trained.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    pub epochs: usize,
    pub batch: usize,
    pub rate: f32,
    pub decay: f32,
    /// The weight of the game result in the target (the rest is the search score's).
    pub lambda: f32,
    pub threads: usize,
    pub seed: u64,
    /// Where the float parameters are saved after each epoch, and resumed from if present.
    pub checkpoint: Option<PathBuf>,
    /// The parameters training starts from (a net's, [`Model::from_net`]) instead of random ones.
    pub init: Option<Model>,
}

/// What an epoch did.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub holdout_loss: f64,
    pub rate: f32,
    pub time: Duration,
}

/// The records of the files, split into training and held-out samples.
pub fn load(paths: &[PathBuf]) -> Result<(Vec<Record>, Vec<Record>)> {
    let mut records = Vec::new();
    for path in paths {
        records.extend(read_positions(path).with_context(|| path.display().to_string())?);
    }
    let (mut train, mut holdout) = (Vec::new(), Vec::new());
    for (i, block) in records.chunks(BLOCK).enumerate() {
        if i % HOLDOUT_EVERY == HOLDOUT_EVERY - 1 {
            holdout.extend_from_slice(block);
        } else {
            train.extend_from_slice(block);
        }
    }
    Ok((train, holdout))
}

/// The training positions of a file of games ([`games`], told by its header) or of records.
pub fn read_positions(path: &Path) -> std::io::Result<Vec<Record>> {
    let mut reader = BufReader::new(File::open(path)?);
    if reader.fill_buf()?.starts_with(games::MAGIC) {
        let games = games::read_all(&mut reader)?;
        Ok(games.iter().flat_map(|game| game.records()).collect())
    } else {
        record::read_all(&mut reader)
    }
}

/// The mean loss of `model` on `records`.
pub fn mean_loss(model: &Model, records: &[Record], lambda: f32) -> f64 {
    let total: f64 = records
        .iter()
        .map(|r| {
            let sample = Sample::new(r);
            f64::from(model.loss(&sample, sample.target(lambda)))
        })
        .sum();
    total / records.len().max(1) as f64
}

/// The summed gradient and loss of `batch`, split over `threads` threads.
fn batch_gradient(model: &Model, batch: &[Record], lambda: f32, threads: usize) -> (Vec<f32>, f64) {
    let chunk = batch.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut gradient = vec![0.0f32; PARAMS];
                    let mut loss = 0.0f64;
                    for r in part {
                        let sample = Sample::new(r);
                        let target = sample.target(lambda);
                        loss += f64::from(model.backward(&sample, target, &mut gradient));
                    }
                    (gradient, loss)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut parts = parts.into_iter();
    let (mut gradient, mut loss) = parts.next().unwrap_or((vec![0.0; PARAMS], 0.0));
    for (g, l) in parts {
        gradient.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
        loss += l;
    }
    let scale = 1.0 / batch.len().max(1) as f32;
    gradient.iter_mut().for_each(|g| *g *= scale);
    (gradient, loss)
}

/// Trains a model on `train`, reporting each epoch's losses; returns the model.
pub fn train(
    settings: &TrainSettings,
    train: &mut [Record],
    holdout: &[Record],
    mut report: impl FnMut(&EpochReport),
) -> Result<Model> {
    if train.is_empty() {
        bail!("no training records");
    }
    let (mut model, mut optimiser, first_epoch) = match &settings.checkpoint {
        Some(path) if path.exists() => load_checkpoint(path, settings.decay)?,
        _ => (
            settings
                .init
                .clone()
                .unwrap_or_else(|| Model::random(settings.seed)),
            AdamW::new(PARAMS, settings.decay),
            0,
        ),
    };
    let mut rng = StdRng::seed_from_u64(settings.seed);
    let batches_per_epoch = train.len().div_ceil(settings.batch);
    let total = (settings.epochs * batches_per_epoch).max(1) as f32;
    for epoch in first_epoch..settings.epochs {
        let started = Instant::now();
        train.shuffle(&mut rng);
        let mut loss = 0.0f64;
        let mut rate = settings.rate;
        for (i, batch) in train.chunks(settings.batch).enumerate() {
            let progress = (epoch * batches_per_epoch + i) as f32 / total;
            let cosine = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
            rate = settings.rate * (FINAL_RATE + (1.0 - FINAL_RATE) * cosine);
            let (gradient, batch_loss) =
                batch_gradient(&model, batch, settings.lambda, settings.threads);
            optimiser.step(&mut model.params, &gradient, rate);
            model.clip();
            loss += batch_loss;
        }
        if let Some(path) = &settings.checkpoint {
            save_checkpoint(path, &model, &optimiser, epoch + 1)?;
        }
        report(&EpochReport {
            epoch: epoch + 1,
            train_loss: loss / train.len() as f64,
            holdout_loss: mean_loss(&model, holdout, settings.lambda),
            rate,
            time: started.elapsed(),
        });
    }
    Ok(model)
}

/// The largest and the mean difference, in centipawns, between the float model's score and the
/// quantised net's on `records`.
pub fn quantisation_error(model: &Model, net: &Net, records: &[Record]) -> (f32, f32) {
    let (mut max, mut total) = (0.0f32, 0.0f32);
    for r in records {
        let sample = Sample::new(r);
        let float = model.score(&sample);
        let quantised = quantised_score(net, r) as f32;
        let difference = (float - quantised).abs();
        max = max.max(difference);
        total += difference;
    }
    (max, total / records.len().max(1) as f32)
}

/// The quantised net's score of a record, from the side to move's view.
pub fn quantised_score(net: &Net, record: &Record) -> i32 {
    use crate::eval::nnue::NnueAccumulator;
    let mut acc = NnueAccumulator {
        values: [net.feature_bias; 2],
    };
    let mut pieces = 0;
    for (square, piece) in record.pieces() {
        if let Some(piece) = piece {
            acc.add(net, piece, square);
            pieces += 1;
        }
    }
    acc.evaluate(net, record.turn(), pieces)
}

/// Writes the quantised net to `path`.
pub fn write_net(net: &Net, path: &Path) -> Result<()> {
    std::fs::write(path, net.to_bytes()).with_context(|| path.display().to_string())
}

/// The checkpoint's magic.
const CHECKPOINT_MAGIC: [u8; 4] = *b"ECKP";

/// Saves the parameters, the optimiser's moments and the epochs done.
fn save_checkpoint(path: &Path, model: &Model, optimiser: &AdamW, epochs: usize) -> Result<()> {
    let mut bytes = Vec::with_capacity(16 + 12 * PARAMS);
    bytes.extend(CHECKPOINT_MAGIC);
    bytes.extend((epochs as u64).to_le_bytes());
    bytes.extend(optimiser.steps.to_le_bytes());
    for value in model.params.iter().chain(&optimiser.m).chain(&optimiser.v) {
        bytes.extend(value.to_le_bytes());
    }
    let temporary = path.with_extension("tmp");
    File::create(&temporary)?.write_all(&bytes)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// Loads a checkpoint: the model, the optimiser and the epochs done.
fn load_checkpoint(path: &Path, decay: f32) -> Result<(Model, AdamW, usize)> {
    let mut bytes = Vec::new();
    File::open(path)?.read_to_end(&mut bytes)?;
    if bytes.len() != 20 + 12 * PARAMS || bytes[0..4] != CHECKPOINT_MAGIC {
        bail!("{} is not a checkpoint of this net", path.display());
    }
    let word = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let (epochs, steps) = (word(4) as usize, word(12));
    let floats: Vec<f32> = bytes[20..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut optimiser = AdamW::new(PARAMS, decay);
    optimiser.steps = steps;
    optimiser.m.copy_from_slice(&floats[PARAMS..2 * PARAMS]);
    optimiser.v.copy_from_slice(&floats[2 * PARAMS..]);
    let model = Model {
        params: floats[..PARAMS].to_vec(),
    };
    Ok((model, optimiser, epochs))
}

#[cfg(test)]
mod tests;
