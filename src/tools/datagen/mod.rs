//! `engine datagen`: self-play games whose quiet positions, with the search's score and the
//! game's result, are the data of `engine train`: appended as whole games ([`games`], about 4
//! bytes a position, the default) or as training records ([`record::Record`], 32 bytes).
//!
//! Game `g` is seeded by the seed and `g` alone; thread `i` of `N` plays games `i`, `i + N`, …,
//! and the games are written in their order, each at once, so the file is the same for the same
//! seed whatever the threads. A side file (`FILE.progress`) holds the games and bytes written:
//! a new run truncates the data to it (a game cut by an interrupt) and goes on from there.

pub mod games;
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
use games::GameRecord;
use record::RECORD_SIZE;
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
    pub format: DataFormat,
}

/// How the positions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFormat {
    /// Whole games ([`games`]): the start, each move and score, the result.
    Games,
    /// One 32-byte training record a kept position ([`record`]).
    Records,
}

impl DataFormat {
    /// The bytes of `game` in this format.
    fn bytes(self, game: &GameRecord) -> Vec<u8> {
        match self {
            DataFormat::Games => game.to_bytes(),
            DataFormat::Records => game.records().iter().flat_map(|r| r.to_bytes()).collect(),
        }
    }

    /// The bytes a new file starts with.
    fn header(self) -> &'static [u8] {
        match self {
            DataFormat::Games => games::MAGIC,
            DataFormat::Records => &[],
        }
    }
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

/// What a file holds so far: its games, bytes and positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Written {
    games: u64,
    bytes: u64,
    positions: u64,
}

/// Opens `output` for appending after the last whole game (a new file gets `format`'s
/// header): what is written so far.
fn resume(output: &Path, format: DataFormat) -> Result<(File, Written)> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(output)
        .with_context(|| output.display().to_string())?;
    let length = file.metadata()?.len();
    let written = match fs::read_to_string(progress_path(output)) {
        Ok(text) => parse_progress(&text).context("the .progress file is malformed")?,
        Err(_) if length == 0 => {
            file.write_all(format.header())?;
            let header = format.header().len() as u64;
            save_progress(
                output,
                Written {
                    bytes: header,
                    ..Written::default()
                },
            )?;
            Written {
                bytes: header,
                ..Written::default()
            }
        }
        Err(_) => bail!(
            "{} has data but no .progress file: write to a new file",
            output.display()
        ),
    };
    let records_misaligned =
        format == DataFormat::Records && written.bytes % RECORD_SIZE as u64 != 0;
    if written.bytes > file.metadata()?.len() || records_misaligned {
        bail!(
            "{} is shorter than its .progress file says, or not in the {format:?} format",
            output.display()
        );
    }
    file.set_len(written.bytes)?;
    Ok((file, written))
}

/// "games N bytes B [positions P]" of the side file (without positions: a file of records).
fn parse_progress(text: &str) -> Option<Written> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (games, bytes, positions) = match words.as_slice() {
        ["games", games, "bytes", bytes] => (games, bytes, None),
        ["games", games, "bytes", bytes, "positions", positions] => {
            (games, bytes, Some(positions.parse().ok()?))
        }
        _ => return None,
    };
    let bytes = bytes.parse().ok()?;
    Some(Written {
        games: games.parse().ok()?,
        bytes,
        positions: positions.unwrap_or(bytes / RECORD_SIZE as u64),
    })
}

/// Records what is written (a new file renamed over the old).
fn save_progress(output: &Path, written: Written) -> Result<()> {
    let path = progress_path(output);
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let Written {
        games,
        bytes,
        positions,
    } = written;
    fs::write(
        &temporary,
        format!("games {games} bytes {bytes} positions {positions}\n"),
    )?;
    fs::rename(&temporary, &path)?;
    Ok(())
}

/// Plays games until the file holds `settings.positions` positions, calling `progress` now
/// and then; returns the final progress.
pub fn run(settings: &DatagenSettings, mut progress: impl FnMut(&Progress)) -> Result<Progress> {
    let openings = openings()?;
    let (mut file, mut written) = resume(&settings.output, settings.format)?;
    let first_game = written.games;
    let started = Instant::now();
    let mut state = Progress {
        games: first_game,
        positions: written.positions,
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
    let (sender, receiver) = mpsc::channel::<(u64, GameRecord)>();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..threads {
            let sender = sender.clone();
            let (openings, done, next) = (&openings, &done, &next);
            let game = settings.game;
            scope.spawn(move || {
                let mut search = SearchState::new(HASH_MB);
                while !done.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let played = selfplay::play(index, openings, &game, &mut search);
                    if sender.send((index, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut last_report = Instant::now();
        let outcome = (|| -> Result<()> {
            for (index, played) in receiver.iter() {
                pending.insert(index, played);
                while let Some(played) = pending.remove(&state.games) {
                    let buffer = settings.format.bytes(&played);
                    file.write_all(&buffer)?;
                    file.flush()?;
                    let kept = played.kept() as u64;
                    state.games += 1;
                    state.positions += kept;
                    state.new_positions += kept;
                    written = Written {
                        games: state.games,
                        bytes: written.bytes + buffer.len() as u64,
                        positions: state.positions,
                    };
                    save_progress(&settings.output, written)?;
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
    fn tiny_run(name: &str, threads: usize, format: DataFormat) -> Vec<u8> {
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
            format,
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
        let one = tiny_run("a", 1, DataFormat::Records);
        assert_eq!(one.len() % RECORD_SIZE, 0);
        assert_eq!(one, tiny_run("b", 1, DataFormat::Records));
        assert_eq!(one, tiny_run("c", 2, DataFormat::Records));
        let records = record::read_all(&mut one.as_slice()).expect("records read back");
        assert!(records.iter().all(|r| r.score.abs() < 3000));
    }

    /// The games of a run hold the same positions as its records, in a quarter of the bytes or
    /// less (4 bytes a ply, every ply; a record is 32 bytes a kept position).
    #[test]
    fn games_hold_the_records_in_a_fraction_of_the_bytes() {
        let records = tiny_run("r", 1, DataFormat::Records);
        let games = tiny_run("g", 2, DataFormat::Games);
        assert_eq!(games, tiny_run("g1", 1, DataFormat::Games));
        let read = games::read_all(&mut games.as_slice()).expect("games read back");
        let from_games: Vec<u8> = read
            .iter()
            .flat_map(|g| g.records())
            .flat_map(|r| r.to_bytes())
            .collect();
        assert_eq!(from_games, records);
        assert!(
            games.len() * 4 <= records.len(),
            "{} against {}",
            games.len(),
            records.len()
        );
    }

    #[test]
    fn a_progress_file_without_positions_is_a_file_of_records() {
        let old = parse_progress("games 3 bytes 320\n");
        assert_eq!(old.map(|w| w.positions), Some(10));
        let new = parse_progress("games 3 bytes 330 positions 12\n");
        assert_eq!(
            new.map(|w| (w.games, w.bytes, w.positions)),
            Some((3, 330, 12))
        );
        assert!(parse_progress("games 3").is_none());
    }
}
