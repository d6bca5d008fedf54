//! `engine datagen`: self-play games whose quiet positions, with the search's score and the
//! game's result, are appended to a file of [`record::Record`]s, the data of `engine train`.
//!
//! Game `g` is seeded by the seed and `g` alone; thread `i` of `N` plays games `i`, `i + N`, …,
//! and the games are written in their order, each at once, so the file is the same for the same
//! seed whatever the threads. A side file (`FILE.progress`) holds the games and bytes written:
//! a new run truncates the data to it (a game cut by an interrupt) and goes on from there.

pub mod import;
pub mod record;
pub mod selfplay;

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::board::epd;
use crate::search::SearchState;
use record::{Record, RECORD_SIZE};
use selfplay::GameSettings;

/// The openings, built into the binary.
const OPENINGS: [&str; 2] = [
    include_str!("../../../positions/openings.epd"),
    include_str!("../../../positions/openings-tune.epd"),
];
/// The table size of each game's search, in MB.
const HASH_MB: usize = 16;
/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// What `engine datagen` does.
#[derive(Clone, Debug)]
pub struct DatagenSettings {
    pub game: GameSettings,
    pub threads: usize,
    /// Stop once the file holds this many positions.
    pub positions: u64,
    pub output: PathBuf,
}

/// Where a run stands, for the progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub games: u64,
    pub positions: u64,
    /// Positions written by this run, and its time.
    pub new_positions: u64,
    pub elapsed: Duration,
    pub target: u64,
}

impl Progress {
    /// Positions per second of this run.
    pub fn rate(&self) -> f64 {
        self.new_positions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The time left at this rate.
    pub fn time_left(&self) -> Duration {
        let left = self.target.saturating_sub(self.positions) as f64;
        Duration::from_secs_f64((left / self.rate().max(1e-9)).min(1e9))
    }
}

/// The built-in openings, as FENs.
pub fn openings() -> Result<Vec<String>> {
    let mut fens = Vec::new();
    for text in OPENINGS {
        fens.extend(epd::parse(text)?.into_iter().map(|r| r.fen));
    }
    Ok(fens)
}

/// The side file of `output`.
fn progress_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

/// Opens `output` for appending after the last whole game: the games already written.
fn resume(output: &Path) -> Result<(File, u64)> {
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(output)
        .with_context(|| output.display().to_string())?;
    let length = file.metadata()?.len();
    let (games, bytes) = match fs::read_to_string(progress_path(output)) {
        Ok(text) => parse_progress(&text).context("the .progress file is malformed")?,
        Err(_) if length == 0 => (0, 0),
        Err(_) => bail!(
            "{} has data but no .progress file: write to a new file",
            output.display()
        ),
    };
    if bytes > length || bytes % RECORD_SIZE as u64 != 0 {
        bail!(
            "{} is shorter than its .progress file says",
            output.display()
        );
    }
    file.set_len(bytes)?;
    Ok((file, games))
}

/// "games N bytes B" of the side file.
fn parse_progress(text: &str) -> Option<(u64, u64)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["games", games, "bytes", bytes] => Some((games.parse().ok()?, bytes.parse().ok()?)),
        _ => None,
    }
}

/// Records that `games` games and `bytes` bytes are written (a new file renamed over the old).
fn save_progress(output: &Path, games: u64, bytes: u64) -> Result<()> {
    let path = progress_path(output);
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    fs::write(&temporary, format!("games {games} bytes {bytes}\n"))?;
    fs::rename(&temporary, &path)?;
    Ok(())
}

/// Plays games until the file holds `settings.positions` positions, calling `progress` now
/// and then; returns the final progress.
pub fn run(settings: &DatagenSettings, mut progress: impl FnMut(&Progress)) -> Result<Progress> {
    let openings = openings()?;
    let (mut file, first_game) = resume(&settings.output)?;
    let mut bytes = file.metadata()?.len();
    let started = Instant::now();
    let mut state = Progress {
        games: first_game,
        positions: bytes / RECORD_SIZE as u64,
        new_positions: 0,
        elapsed: Duration::ZERO,
        target: settings.positions,
    };
    if state.positions >= settings.positions {
        return Ok(state);
    }
    let threads = settings.threads.max(1) as u64;
    let done = AtomicBool::new(false);
    let next = AtomicU64::new(first_game);
    let (sender, receiver) = mpsc::channel::<(u64, Vec<Record>)>();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..threads {
            let sender = sender.clone();
            let (openings, done, next) = (&openings, &done, &next);
            let game = settings.game;
            scope.spawn(move || {
                let mut search = SearchState::new(HASH_MB);
                while !done.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let records = selfplay::play(index, openings, &game, &mut search);
                    if sender.send((index, records)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut last_report = Instant::now();
        let outcome = (|| -> Result<()> {
            for (index, records) in receiver.iter() {
                pending.insert(index, records);
                while let Some(records) = pending.remove(&state.games) {
                    let mut buffer = Vec::with_capacity(records.len() * RECORD_SIZE);
                    records.iter().for_each(|r| buffer.extend(r.to_bytes()));
                    file.write_all(&buffer)?;
                    file.flush()?;
                    bytes += buffer.len() as u64;
                    state.games += 1;
                    state.positions += records.len() as u64;
                    state.new_positions += records.len() as u64;
                    save_progress(&settings.output, state.games, bytes)?;
                    if state.positions >= settings.positions {
                        return Ok(());
                    }
                }
                if last_report.elapsed() >= PROGRESS_EVERY {
                    state.elapsed = started.elapsed();
                    progress(&state);
                    last_report = Instant::now();
                }
            }
            Ok(())
        })();
        done.store(true, Ordering::Relaxed);
        drop(receiver);
        outcome
    })?;
    state.elapsed = started.elapsed();
    progress(&state);
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchConfig;

    /// A tiny run into a fresh file of the temporary directory; its bytes.
    fn tiny_run(name: &str, threads: usize) -> Vec<u8> {
        let output = std::env::temp_dir().join(format!("datagen-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&output);
        let _ = fs::remove_file(progress_path(&output));
        let settings = DatagenSettings {
            game: GameSettings {
                seed: 3,
                nodes: 300,
                random_plies: 4,
                search: SearchConfig::DEFAULT,
            },
            threads,
            positions: 120,
            output: output.clone(),
        };
        let done = run(&settings, |_| {}).expect("datagen runs");
        assert!(done.positions >= 120);
        let bytes = fs::read(&output).expect("written");
        let _ = fs::remove_file(&output);
        let _ = fs::remove_file(progress_path(&output));
        bytes
    }

    #[test]
    fn the_same_seed_writes_the_same_bytes() {
        let one = tiny_run("a", 1);
        assert_eq!(one.len() % RECORD_SIZE, 0);
        assert_eq!(one, tiny_run("b", 1));
        assert_eq!(one, tiny_run("c", 2));
        let records = record::read_all(&mut one.as_slice()).expect("records read back");
        assert!(records.iter().all(|r| r.score.abs() < 3000));
    }
}
