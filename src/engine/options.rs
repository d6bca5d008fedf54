//! The UCI option table: names, types, defaults, ranges, and the values in force.

use std::sync::OnceLock;

use crate::eval::Evaluation;
use crate::search::{SearchConfig, SearchKind, MAX_DEPTH};

/// The type, default and range of one option, as `uci` announces it.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: SpinMax,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Button,
}

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

/// One UCI option.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// The largest `Hash` ever announced, in MB (1 TiB), whatever the machine.
pub const MAX_HASH_MB: usize = 1 << 20;
/// Default `Hash`, in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Default `Move Overhead`, in milliseconds (as Stockfish's).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// The largest `Hash` announced and accepted, in MB: half the memory available when the engine
/// starts (the first call), at least the default and at most [`MAX_HASH_MB`]; [`MAX_HASH_MB`]
/// where the available memory cannot be read. A table is allocated zeroed by the system, so
/// memory is only taken as the search fills it.
pub fn hash_limit_mb() -> usize {
    static LIMIT: OnceLock<usize> = OnceLock::new();
    *LIMIT.get_or_init(|| hash_limit_for(available_memory_mb()))
}

/// The `Hash` limit with `available_mb` of memory available (None: unknown).
fn hash_limit_for(available_mb: Option<usize>) -> usize {
    available_mb.map_or(MAX_HASH_MB, |mb| {
        (mb / 2).clamp(DEFAULT_HASH_MB, MAX_HASH_MB)
    })
}

/// Why a table of `mb` MB is refused now, with `available_mb` of memory available: more than
/// half of it would leave too little for the rest of the machine (the limit is from startup,
/// and memory may have been taken since).
pub fn hash_refusal(mb: usize, available_mb: Option<usize>) -> Option<String> {
    let available = available_mb?;
    (mb > available / 2)
        .then(|| format!("Hash {mb} MB refused, only {available} MB of memory is available"))
}

/// Memory the system can still give, in MB (Linux only; None elsewhere).
pub fn available_memory_mb() -> Option<usize> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Every option, in the order `uci` lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MB as i64,
            min: 1,
            max: SpinMax::HashLimit,
        },
    },
    OptionSpec {
        name: "Clear Hash",
        kind: OptionKind::Button,
    },
    OptionSpec {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD_MS as i64,
            min: 0,
            max: SpinMax::Fixed(5000),
        },
    },
    OptionSpec {
        name: "Ponder",
        kind: OptionKind::Check { default: false },
    },
    OptionSpec {
        name: "Search",
        kind: OptionKind::Combo {
            default: "IterativeDeepening",
            vars: &["Random", "Minimax", "AlphaBeta", "IterativeDeepening"],
        },
    },
    OptionSpec {
        name: "Evaluation",
        kind: OptionKind::Combo {
            default: "Positional",
            vars: &["Material", "Positional"],
        },
    },
    OptionSpec {
        name: "Depth",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: SpinMax::Fixed(MAX_DEPTH as i64),
        },
    },
    OptionSpec {
        name: "TranspositionTable",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "MoveOrdering",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "Quiescence",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "AspirationWindows",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "NullMove",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "LateMoveReductions",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "Futility",
        kind: OptionKind::Check { default: true },
    },
    OptionSpec {
        name: "Seed",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: SpinMax::Fixed(i32::MAX as i64),
        },
    },
];

/// The option values in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub move_overhead_ms: u64,
    pub search: SearchKind,
    pub evaluation: Evaluation,
    /// Maximum depth in plies for every `go`; 0 = no limit.
    pub depth: u32,
    pub transposition_table: bool,
    pub move_ordering: bool,
    pub quiescence: bool,
    pub aspiration_windows: bool,
    pub null_move: bool,
    pub late_move_reductions: bool,
    pub futility: bool,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            search: SearchKind::IterativeDeepening,
            evaluation: Evaluation::Positional,
            depth: 0,
            transposition_table: true,
            move_ordering: true,
            quiescence: true,
            aspiration_windows: true,
            null_move: true,
            late_move_reductions: true,
            futility: true,
            seed: 0,
        }
    }
}

/// A typed option value, checked against its spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Spin(i64),
    Check(bool),
    Combo(&'static str),
    Button,
}

/// What a successful `setoption` changed, for the engine to act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    Hash(usize),
    ClearHash,
    Value,
}

/// Finds an option by name, ignoring case and runs of whitespace.
pub fn find(name: &str) -> Option<&'static OptionSpec> {
    let wanted = normalize(name);
    OPTIONS.iter().find(|spec| normalize(spec.name) == wanted)
}

fn normalize(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase()
}

/// Checks a value against an option's type and range.
pub fn parse_value(spec: &OptionSpec, value: Option<&str>) -> Result<OptionValue, String> {
    let name = spec.name;
    match (spec.kind, value) {
        (OptionKind::Button, _) => Ok(OptionValue::Button),
        (_, None) => Err(format!("option {name} needs a value")),
        (OptionKind::Spin { min, max, .. }, Some(text)) => {
            let max = max.value();
            match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Spin(n)),
                Ok(n) => Err(format!(
                    "option {name} value {n} is out of range {min}..{max}"
                )),
                Err(_) => Err(format!(
                    "option {name} needs a whole number from {min} to {max}, got '{text}'"
                )),
            }
        }
        (OptionKind::Check { .. }, Some(text)) => match text.to_ascii_lowercase().as_str() {
            "true" => Ok(OptionValue::Check(true)),
            "false" => Ok(OptionValue::Check(false)),
            _ => Err(format!("option {name} needs true or false, got '{text}'")),
        },
        (OptionKind::Combo { vars, .. }, Some(text)) => vars
            .iter()
            .find(|var| var.eq_ignore_ascii_case(text))
            .map(|var| OptionValue::Combo(var))
            .ok_or_else(|| {
                format!(
                    "option {name} must be one of {}, got '{text}'",
                    vars.join(", ")
                )
            }),
    }
}

impl Options {
    /// The search these options choose, with `debug` reporting on or off.
    pub fn search_config(&self, debug: bool) -> SearchConfig {
        SearchConfig {
            kind: self.search,
            evaluation: self.evaluation,
            transposition_table: self.transposition_table,
            move_ordering: self.move_ordering,
            quiescence: self.quiescence,
            aspiration_windows: self.aspiration_windows,
            null_move: self.null_move,
            late_move_reductions: self.late_move_reductions,
            futility: self.futility,
            seed: self.seed,
            debug,
        }
    }

    /// Sets an option by name; on any error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let spec = find(name).ok_or_else(|| format!("no such option: '{name}'"))?;
        let value = parse_value(spec, value)?;
        Ok(self.apply(spec.name, value))
    }

    fn apply(&mut self, name: &str, value: OptionValue) -> OptionChange {
        match (name, value) {
            ("Hash", OptionValue::Spin(mb)) => return OptionChange::Hash(mb as usize),
            ("Clear Hash", _) => return OptionChange::ClearHash,
            ("Move Overhead", OptionValue::Spin(ms)) => self.move_overhead_ms = ms as u64,
            // `Ponder` only tells the engine that `go ponder` may come; nothing to keep.
            ("Ponder", OptionValue::Check(_)) => {}
            ("Search", OptionValue::Combo(kind)) => {
                self.search = kind.parse().unwrap_or(self.search)
            }
            ("Evaluation", OptionValue::Combo(kind)) => {
                self.evaluation = kind.parse().unwrap_or(self.evaluation)
            }
            ("Depth", OptionValue::Spin(depth)) => self.depth = depth as u32,
            ("TranspositionTable", OptionValue::Check(on)) => self.transposition_table = on,
            ("MoveOrdering", OptionValue::Check(on)) => self.move_ordering = on,
            ("Quiescence", OptionValue::Check(on)) => self.quiescence = on,
            ("AspirationWindows", OptionValue::Check(on)) => self.aspiration_windows = on,
            ("NullMove", OptionValue::Check(on)) => self.null_move = on,
            ("LateMoveReductions", OptionValue::Check(on)) => self.late_move_reductions = on,
            ("Futility", OptionValue::Check(on)) => self.futility = on,
            ("Seed", OptionValue::Spin(seed)) => self.seed = seed as u64,
            _ => {}
        }
        OptionChange::Value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_without_case_and_with_any_spacing() {
        let mut options = Options::default();
        assert_eq!(
            options.set("move   OVERHEAD", Some("50")),
            Ok(OptionChange::Value)
        );
        assert_eq!(options.move_overhead_ms, 50);
        assert_eq!(
            options.set("search", Some("minimax")),
            Ok(OptionChange::Value)
        );
        assert_eq!(options.search, SearchKind::Minimax);
        assert_eq!(
            options.set("EVALUATION", Some("material")),
            Ok(OptionChange::Value)
        );
        assert_eq!(options.evaluation, Evaluation::Material);
        assert_eq!(
            options.search_config(false).evaluation,
            Evaluation::Material
        );
    }

    #[test]
    fn the_evaluation_combo_lists_every_evaluator_and_defaults_to_positional() {
        let spec = find("Evaluation").expect("the option exists");
        let OptionKind::Combo { default, vars } = spec.kind else {
            panic!("Evaluation is a combo");
        };
        assert_eq!(default, Options::default().evaluation.name());
        assert_eq!(default, "Positional");
        let names: Vec<&str> = Evaluation::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(vars, names.as_slice());
        assert_eq!(
            Options::default().search_config(false).evaluation,
            crate::search::SearchConfig::default().evaluation
        );
    }

    #[test]
    fn bad_values_change_nothing() {
        let mut options = Options::default();
        let before = options.clone();
        assert!(options.set("Depth", Some("-1")).is_err());
        assert!(options.set("Depth", Some("abc")).is_err());
        assert!(options.set("Quiescence", Some("maybe")).is_err());
        assert!(options.set("Search", Some("Negascout")).is_err());
        assert!(options.set("Evaluation", Some("Neural")).is_err());
        assert!(options.set("Evaluation", None).is_err());
        assert!(options.set("Threads", Some("2")).is_err());
        assert!(options.set("Depth", None).is_err());
        assert_eq!(options, before);
    }

    #[test]
    fn the_hash_limit_is_half_the_available_memory_within_bounds() {
        assert_eq!(hash_limit_for(Some(24_000)), 12_000);
        assert_eq!(hash_limit_for(Some(10)), DEFAULT_HASH_MB);
        assert_eq!(hash_limit_for(Some(usize::MAX)), MAX_HASH_MB);
        assert_eq!(hash_limit_for(None), MAX_HASH_MB);
        let limit = hash_limit_mb();
        assert!((DEFAULT_HASH_MB..=MAX_HASH_MB).contains(&limit));
        if let Some(available) = available_memory_mb() {
            // Read at the first call; memory may have come and gone a little since.
            assert!(limit <= (available / 2).max(DEFAULT_HASH_MB) * 2, "{limit}");
        }
    }

    #[test]
    fn hash_announces_and_accepts_its_limit_and_no_more() {
        let limit = hash_limit_mb();
        let spec = find("Hash").expect("Hash");
        let OptionKind::Spin { max, .. } = spec.kind else {
            panic!("Hash is a spin");
        };
        assert_eq!(max.value(), limit as i64);
        let mut options = Options::default();
        assert_eq!(
            options.set("Hash", Some(&limit.to_string())),
            Ok(OptionChange::Hash(limit))
        );
        let above = (limit + 1).to_string();
        assert!(options.set("Hash", Some(&above)).is_err());
    }

    #[test]
    fn a_table_above_half_the_memory_available_now_is_refused() {
        assert_eq!(hash_refusal(500, Some(1000)), None);
        assert_eq!(hash_refusal(1 << 30, None), None);
        let refusal = hash_refusal(501, Some(1000)).expect("refused");
        assert!(refusal.contains("Hash 501 MB refused"), "{refusal}");
    }

    #[test]
    fn ponder_is_accepted_and_changes_no_setting() {
        let mut options = Options::default();
        assert_eq!(options.set("Ponder", Some("true")), Ok(OptionChange::Value));
        assert_eq!(options, Options::default());
        assert!(options.set("Ponder", Some("maybe")).is_err());
    }

    #[test]
    fn every_default_is_valid() {
        for spec in OPTIONS {
            let default = match spec.kind {
                OptionKind::Spin { default, .. } => Some(default.to_string()),
                OptionKind::Check { default } => Some(default.to_string()),
                OptionKind::Combo { default, .. } => Some(default.to_string()),
                OptionKind::Button => None,
            };
            assert!(
                parse_value(spec, default.as_deref()).is_ok(),
                "{}",
                spec.name
            );
        }
    }
}
