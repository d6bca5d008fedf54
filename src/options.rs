//! The UCI option table: names, types, defaults, ranges, and the values in force.

use crate::eval::Evaluation;
use crate::search::{SearchConfig, SearchKind, MAX_DEPTH};

/// The type, default and range of one option, as `uci` announces it.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
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

/// One UCI option.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// Largest `Hash` accepted, in MB; what the machine can allocate is checked when it is set.
pub const MAX_HASH_MB: i64 = 1 << 20;
/// Default `Hash`, in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Default `Move Overhead`, in milliseconds (as Stockfish's).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// Every option, in the order `uci` lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MB as i64,
            min: 1,
            max: MAX_HASH_MB,
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
            max: 5000,
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
            max: MAX_DEPTH as i64,
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
            max: i32::MAX as i64,
        },
    },
];

/// The option values in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
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
            ponder: false,
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
        (OptionKind::Spin { min, max, .. }, Some(text)) => match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Spin(n)),
            Ok(n) => Err(format!(
                "option {name} value {n} is out of range {min}..{max}"
            )),
            Err(_) => Err(format!(
                "option {name} needs a whole number from {min} to {max}, got '{text}'"
            )),
        },
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
            ("Ponder", OptionValue::Check(on)) => self.ponder = on,
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

/// The `option name ... type ...` line that `uci` prints for a spec.
pub fn describe(spec: &OptionSpec) -> String {
    let name = spec.name;
    match spec.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Check { default } => format!("option name {name} type check default {default}"),
        OptionKind::Combo { default, vars } => {
            let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Button => format!("option name {name} type button"),
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
