//! The UCI options, each declared once: its name, its type and range, and how it reads and
//! changes the engine's [`Settings`]. Its default is what it reads in [`Settings::DEFAULT`];
//! `uci` lists the options from here, and `setoption` changes the settings through here.

use shakmaty::CastlingMode;

use crate::engine::memory::{hash_limit_mb, DEFAULT_HASH_MB};
use crate::eval::Evaluation;
use crate::search::strength::{MAX_ELO, MIN_ELO};
use crate::search::{SearchConfig, SearchKind, MAX_DEPTH};

/// What the options set: the search's configuration and the engine's own settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The transposition table's size in MB (set by the engine once the table is resized).
    pub hash_mb: usize,
    /// Time kept back from each move for the GUI and the pipes, in milliseconds.
    pub move_overhead_ms: u64,
    /// Maximum depth in plies for every `go`; 0 = no limit.
    pub depth: u32,
    pub search: SearchConfig,
    /// `UCI_Chess960`: castling rights of any rook, castling written king-takes-rook.
    pub chess960: bool,
}

impl Settings {
    /// The settings an engine starts with, and the defaults the options announce.
    pub const DEFAULT: Settings = Settings {
        hash_mb: DEFAULT_HASH_MB,
        // As Stockfish's.
        move_overhead_ms: 10,
        depth: 0,
        search: SearchConfig::DEFAULT,
        chess960: false,
    };

    /// How castling is read and written: `UCI_Chess960`.
    pub fn castling_mode(&self) -> CastlingMode {
        CastlingMode::from_chess960(self.chess960)
    }

    /// Sets an option by name (any case and spacing) to a value checked against its type and
    /// range; on any error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let option = find(name).ok_or_else(|| format!("no such option: '{name}'"))?;
        option.set(self, value)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

/// What a `setoption` asks of the engine beyond the settings it changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// Only settings changed.
    Value,
    /// Resize the table to this many MB (the engine records the size once it has the table).
    Hash(usize),
    /// Empty the table and forget the ordering heuristics.
    ClearHash,
    /// Open the tablebases of the directories in the option's text (none when it is empty).
    SyzygyPath,
}

/// One UCI option.
#[derive(Clone, Copy, Debug)]
pub struct UciOption {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// An option's type and range, and how it reads and changes the settings.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Spin {
        min: i64,
        max: SpinMax,
        get: fn(&Settings) -> i64,
        set: fn(&mut Settings, i64) -> OptionChange,
    },
    Check {
        get: fn(&Settings) -> bool,
        set: fn(&mut Settings, bool),
    },
    /// The value is one of `vars`; `set` receives its index.
    Combo {
        vars: &'static [&'static str],
        get: fn(&Settings) -> &'static str,
        set: fn(&mut Settings, usize),
    },
    Button {
        press: OptionChange,
    },
    /// A string (UCI `type string`), handed to the engine as it is: `change` says what to do
    /// with it. Empty (or `<empty>`, as GUIs send it) is a value.
    Text {
        default: &'static str,
        change: OptionChange,
    },
}

/// How `uci` shows an empty string default, and what GUIs send back for it (as Stockfish).
pub const EMPTY_TEXT: &str = "<empty>";

/// The largest value of a spin option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpinMax {
    Fixed(i64),
    /// `Hash`: what the machine can give, found when the engine starts ([`hash_limit_mb`]).
    HashLimit,
}

impl SpinMax {
    pub fn value(self) -> i64 {
        match self {
            SpinMax::Fixed(max) => max,
            SpinMax::HashLimit => hash_limit_mb() as i64,
        }
    }
}

/// An option's value, as `uci` announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Spin(i64),
    Check(bool),
    Combo(&'static str),
    Button,
    /// A string option's default (the engine keeps the value it was given).
    Text(&'static str),
}

impl UciOption {
    /// The option's value in `settings`.
    pub fn value(&self, settings: &Settings) -> OptionValue {
        match self.kind {
            OptionKind::Spin { get, .. } => OptionValue::Spin(get(settings)),
            OptionKind::Check { get, .. } => OptionValue::Check(get(settings)),
            OptionKind::Combo { get, .. } => OptionValue::Combo(get(settings)),
            OptionKind::Button { .. } => OptionValue::Button,
            OptionKind::Text { default, .. } => OptionValue::Text(default),
        }
    }

    /// The value an engine starts with.
    pub fn default_value(&self) -> OptionValue {
        self.value(&Settings::DEFAULT)
    }

    /// Checks `value` against the option's type and range, then changes `settings`.
    pub fn set(
        &self,
        settings: &mut Settings,
        value: Option<&str>,
    ) -> Result<OptionChange, String> {
        let name = self.name;
        let text = match (self.kind, value) {
            (OptionKind::Button { press }, _) => return Ok(press),
            (OptionKind::Text { change, .. }, _) => return Ok(change),
            (_, None) => return Err(format!("option {name} needs a value")),
            (_, Some(text)) => text,
        };
        match self.kind {
            OptionKind::Spin { min, max, set, .. } => {
                let max = max.value();
                match text.parse::<i64>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(set(settings, n)),
                    Ok(n) => Err(format!(
                        "option {name} value {n} is out of range {min}..{max}"
                    )),
                    Err(_) => Err(format!(
                        "option {name} needs a whole number from {min} to {max}, got '{text}'"
                    )),
                }
            }
            OptionKind::Check { set, .. } => {
                let on = match text.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("option {name} needs true or false, got '{text}'")),
                };
                set(settings, on);
                Ok(OptionChange::Value)
            }
            OptionKind::Combo { vars, set, .. } => {
                let index = vars
                    .iter()
                    .position(|var| var.eq_ignore_ascii_case(text))
                    .ok_or_else(|| {
                        format!(
                            "option {name} must be one of {}, got '{text}'",
                            vars.join(", ")
                        )
                    })?;
                set(settings, index);
                Ok(OptionChange::Value)
            }
            OptionKind::Button { press } | OptionKind::Text { change: press, .. } => Ok(press),
        }
    }
}

/// An on/off part of the search.
const fn switch(
    name: &'static str,
    get: fn(&Settings) -> bool,
    set: fn(&mut Settings, bool),
) -> UciOption {
    UciOption {
        name,
        kind: OptionKind::Check { get, set },
    }
}

/// The names of the search types, in [`SearchKind::ALL`]'s order.
const SEARCH_NAMES: [&str; 4] = {
    let mut names = [""; 4];
    let mut i = 0;
    while i < names.len() {
        names[i] = SearchKind::ALL[i].name();
        i += 1;
    }
    names
};

/// The names of the evaluators, in [`Evaluation::ALL`]'s order.
const EVALUATION_NAMES: [&str; 2] = [Evaluation::ALL[0].name(), Evaluation::ALL[1].name()];

/// Every option, in the order `uci` lists them.
pub const OPTIONS: &[UciOption] = &[
    UciOption {
        name: "Hash",
        kind: OptionKind::Spin {
            min: 1,
            max: SpinMax::HashLimit,
            get: |s| s.hash_mb as i64,
            set: |_, mb| OptionChange::Hash(mb as usize),
        },
    },
    UciOption {
        name: "Clear Hash",
        kind: OptionKind::Button {
            press: OptionChange::ClearHash,
        },
    },
    UciOption {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            min: 0,
            max: SpinMax::Fixed(5000),
            get: |s| s.move_overhead_ms as i64,
            set: |s, ms| {
                s.move_overhead_ms = ms as u64;
                OptionChange::Value
            },
        },
    },
    // `Ponder` only tells the engine that `go ponder` may come: there is nothing to keep.
    switch("Ponder", |_| false, |_, _| {}),
    UciOption {
        name: "Search",
        kind: OptionKind::Combo {
            vars: &SEARCH_NAMES,
            get: |s| s.search.kind.name(),
            set: |s, i| s.search.kind = SearchKind::ALL[i],
        },
    },
    UciOption {
        name: "Evaluation",
        kind: OptionKind::Combo {
            vars: &EVALUATION_NAMES,
            get: |s| s.search.evaluation.name(),
            set: |s, i| s.search.evaluation = Evaluation::ALL[i],
        },
    },
    UciOption {
        name: "Depth",
        kind: OptionKind::Spin {
            min: 0,
            max: SpinMax::Fixed(MAX_DEPTH as i64),
            get: |s| s.depth as i64,
            set: |s, depth| {
                s.depth = depth as u32;
                OptionChange::Value
            },
        },
    },
    switch(
        "TranspositionTable",
        |s| s.search.transposition_table,
        |s, on| s.search.transposition_table = on,
    ),
    switch(
        "MoveOrdering",
        |s| s.search.move_ordering,
        |s, on| s.search.move_ordering = on,
    ),
    switch(
        "Quiescence",
        |s| s.search.quiescence,
        |s, on| s.search.quiescence = on,
    ),
    switch(
        "AspirationWindows",
        |s| s.search.aspiration_windows,
        |s, on| s.search.aspiration_windows = on,
    ),
    switch(
        "NullMove",
        |s| s.search.null_move,
        |s, on| s.search.null_move = on,
    ),
    switch(
        "LateMoveReductions",
        |s| s.search.late_move_reductions,
        |s, on| s.search.late_move_reductions = on,
    ),
    switch(
        "Futility",
        |s| s.search.futility,
        |s, on| s.search.futility = on,
    ),
    UciOption {
        name: "Seed",
        kind: OptionKind::Spin {
            min: 0,
            max: SpinMax::Fixed(i32::MAX as i64),
            get: |s| s.search.seed as i64,
            set: |s, seed| {
                s.search.seed = seed as u64;
                OptionChange::Value
            },
        },
    },
    switch("UCI_Chess960", |s| s.chess960, |s, on| s.chess960 = on),
    UciOption {
        name: "SyzygyPath",
        kind: OptionKind::Text {
            default: "",
            change: OptionChange::SyzygyPath,
        },
    },
    UciOption {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            min: 0,
            max: SpinMax::Fixed(7),
            get: |s| i64::from(s.search.syzygy_probe_limit),
            set: |s, pieces| {
                s.search.syzygy_probe_limit = pieces as u32;
                OptionChange::Value
            },
        },
    },
    // Issue 13 (smp): Threads, MultiPV, UCI_LimitStrength, UCI_Elo.
    UciOption {
        name: "Threads",
        kind: OptionKind::Spin {
            min: 1,
            max: SpinMax::Fixed(MAX_THREADS as i64),
            get: |s| s.search.threads as i64,
            set: |s, threads| {
                s.search.threads = threads as usize;
                OptionChange::Value
            },
        },
    },
    UciOption {
        name: "MultiPV",
        kind: OptionKind::Spin {
            min: 1,
            max: SpinMax::Fixed(MAX_MULTI_PV as i64),
            get: |s| s.search.multi_pv as i64,
            set: |s, lines| {
                s.search.multi_pv = lines as usize;
                OptionChange::Value
            },
        },
    },
    switch(
        "UCI_LimitStrength",
        |s| s.search.limit_strength,
        |s, on| s.search.limit_strength = on,
    ),
    UciOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            min: MIN_ELO as i64,
            max: SpinMax::Fixed(MAX_ELO as i64),
            get: |s| s.search.elo as i64,
            set: |s, elo| {
                s.search.elo = elo as u32;
                OptionChange::Value
            },
        },
    },
];

/// The most search threads `Threads` asks for.
pub const MAX_THREADS: usize = 256;
/// The most root lines `MultiPV` asks for.
pub const MAX_MULTI_PV: usize = 256;

/// Finds an option by name, ignoring case and runs of whitespace.
pub fn find(name: &str) -> Option<&'static UciOption> {
    let wanted = normalize(name);
    OPTIONS
        .iter()
        .find(|option| normalize(option.name) == wanted)
}

fn normalize(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_without_case_and_with_any_spacing() {
        let mut settings = Settings::default();
        assert_eq!(
            settings.set("move   OVERHEAD", Some("50")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.move_overhead_ms, 50);
        assert_eq!(
            settings.set("search", Some("minimax")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.search.kind, SearchKind::Minimax);
        assert_eq!(
            settings.set("EVALUATION", Some("material")),
            Ok(OptionChange::Value)
        );
        assert_eq!(settings.search.evaluation, Evaluation::Material);
    }

    #[test]
    fn the_combos_list_every_search_and_evaluator_and_default_to_the_strongest() {
        let combo = |name: &str| match find(name).map(|option| option.kind) {
            Some(OptionKind::Combo { vars, .. }) => vars,
            _ => panic!("{name} is a combo"),
        };
        let searches: Vec<&str> = SearchKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(combo("Search"), searches.as_slice());
        let evaluators: Vec<&str> = Evaluation::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(combo("Evaluation"), evaluators.as_slice());
        let default = |name: &str| find(name).map(|option| option.default_value());
        assert_eq!(
            default("Search"),
            Some(OptionValue::Combo("IterativeDeepening"))
        );
        assert_eq!(
            default("Evaluation"),
            Some(OptionValue::Combo("Positional"))
        );
    }

    #[test]
    fn every_option_sets_what_it_reads() {
        for option in OPTIONS {
            let mut settings = Settings::default();
            let changed = match option.kind {
                OptionKind::Spin { min, .. } => Some(OptionValue::Spin(min + 1)),
                OptionKind::Check { get, .. } => Some(OptionValue::Check(!get(&settings))),
                OptionKind::Combo { vars, get, .. } => {
                    let other = vars.iter().find(|&&var| var != get(&settings));
                    other.map(|&var| OptionValue::Combo(var))
                }
                OptionKind::Button { .. } | OptionKind::Text { .. } => None,
            };
            let Some(changed) = changed else { continue };
            let text = match changed {
                OptionValue::Spin(n) => n.to_string(),
                OptionValue::Check(on) => on.to_string(),
                OptionValue::Combo(var) => var.to_string(),
                OptionValue::Button | OptionValue::Text(_) => {
                    unreachable!("buttons and strings are skipped")
                }
            };
            let change = option.set(&mut settings, Some(&text));
            match (option.name, change) {
                // The table's size is recorded by the engine once it has resized the table;
                // Ponder keeps nothing.
                ("Hash", Ok(OptionChange::Hash(2))) | ("Ponder", Ok(OptionChange::Value)) => {
                    assert_eq!(settings, Settings::DEFAULT, "{}", option.name)
                }
                (_, Ok(OptionChange::Value)) => {
                    assert_eq!(option.value(&settings), changed, "{}", option.name);
                    assert_ne!(settings, Settings::DEFAULT, "{}", option.name);
                }
                (name, other) => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn bad_values_and_unknown_names_change_nothing() {
        let mut settings = Settings::default();
        assert!(settings.set("Depth", Some("-1")).is_err());
        assert!(settings.set("Depth", Some("abc")).is_err());
        assert!(settings.set("Quiescence", Some("maybe")).is_err());
        assert!(settings.set("Search", Some("Negascout")).is_err());
        assert!(settings.set("Evaluation", Some("Neural")).is_err());
        assert!(settings.set("Evaluation", None).is_err());
        assert!(settings.set("Depth", None).is_err());
        assert_eq!(
            settings.set("Cores", Some("2")),
            Err("no such option: 'Cores'".to_string())
        );
        assert_eq!(settings, Settings::DEFAULT);
    }

    #[test]
    fn threads_and_multipv_keep_their_value_when_refused() {
        let mut settings = Settings::default();
        assert!(settings.set("Threads", Some("3")).is_ok());
        assert!(settings.set("MultiPV", Some("4")).is_ok());
        let before = settings;
        for (name, bad) in [
            ("Threads", "0"),
            ("Threads", "257"),
            ("MultiPV", "0"),
            ("MultiPV", "1000"),
        ] {
            assert!(settings.set(name, Some(bad)).is_err(), "{name} {bad}");
            assert_eq!(settings, before, "{name} {bad}");
        }
        assert_eq!((settings.search.threads, settings.search.multi_pv), (3, 4));
        assert!(settings.set("Threads", Some("256")).is_ok());
        assert!(settings.set("MultiPV", Some("256")).is_ok());
    }

    #[test]
    fn hash_accepts_its_limit_and_no_more() {
        let limit = hash_limit_mb();
        let mut settings = Settings::default();
        assert_eq!(
            settings.set("Hash", Some(&limit.to_string())),
            Ok(OptionChange::Hash(limit))
        );
        let above = (limit + 1).to_string();
        assert!(settings.set("Hash", Some(&above)).is_err());
        assert_eq!(
            settings.set("clear hash", None),
            Ok(OptionChange::ClearHash)
        );
    }

    #[test]
    fn every_default_is_valid() {
        for option in OPTIONS {
            let default = match option.default_value() {
                OptionValue::Spin(n) => Some(n.to_string()),
                OptionValue::Check(on) => Some(on.to_string()),
                OptionValue::Combo(var) => Some(var.to_string()),
                OptionValue::Button => None,
                OptionValue::Text(text) => Some(text.to_string()),
            };
            let mut settings = Settings::default();
            assert!(
                option.set(&mut settings, default.as_deref()).is_ok(),
                "{}",
                option.name
            );
            assert_eq!(settings, Settings::DEFAULT, "{}", option.name);
        }
    }
}
