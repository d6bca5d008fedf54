//! The table of UCI options: each declared once, with its kind, range and default, and how it
//! sets the [`Settings`].

use crate::engine::memory::hash_limit_mb;
use crate::engine::settings::{OptionChange, Settings};
use crate::eval::Evaluation;
#[cfg(feature = "tune")]
use crate::search::pvs::params::PARAMS;
use crate::search::types::{SearchKind, MAX_DEPTH, MAX_ELO, MIN_ELO};

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
    /// A search parameter of the `tune` build, by its index in [`PARAMS`]: a spin with the
    /// parameter's range and default, its value in the search configuration.
    #[cfg(feature = "tune")]
    Param(usize),
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
            #[cfg(feature = "tune")]
            OptionKind::Param(index) => OptionValue::Spin(settings.search.params[index].into()),
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
                let n = spin_value(name, text, min, max.value())?;
                Ok(set(settings, n))
            }
            #[cfg(feature = "tune")]
            OptionKind::Param(index) => {
                let param = PARAMS[index];
                let n = spin_value(name, text, param.min.into(), param.max.into())?;
                // Within the parameter's range, an i32.
                settings.search.params[index] = n as i32;
                Ok(OptionChange::Value)
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

/// The whole number `text` if it lies within `min..=max`, else why not.
fn spin_value(name: &str, text: &str, min: i64, max: i64) -> Result<i64, String> {
    match text.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(n) => Err(format!(
            "option {name} value {n} is out of range {min}..{max}"
        )),
        Err(_) => Err(format!(
            "option {name} needs a whole number from {min} to {max}, got '{text}'"
        )),
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
const EVALUATION_NAMES: [&str; 3] = [
    Evaluation::ALL[0].name(),
    Evaluation::ALL[1].name(),
    Evaluation::ALL[2].name(),
];

/// Every option, in the order `uci` lists them: the engine's, then (the `tune` build) the
/// search parameters.
#[cfg(not(feature = "tune"))]
pub const OPTIONS: &[UciOption] = ENGINE_OPTIONS;
#[cfg(feature = "tune")]
pub const OPTIONS: &[UciOption] = &with_params::<{ ENGINE_OPTIONS.len() + PARAMS.len() }>();

/// The engine's options followed by one per search parameter, named as the parameter.
#[cfg(feature = "tune")]
const fn with_params<const N: usize>() -> [UciOption; N] {
    let mut options = [ENGINE_OPTIONS[0]; N];
    let mut i = 0;
    while i < N {
        options[i] = if i < ENGINE_OPTIONS.len() {
            ENGINE_OPTIONS[i]
        } else {
            let index = i - ENGINE_OPTIONS.len();
            UciOption {
                name: PARAMS[index].name,
                kind: OptionKind::Param(index),
            }
        };
        i += 1;
    }
    options
}

/// The engine's own options, in the order `uci` lists them.
const ENGINE_OPTIONS: &[UciOption] = &[
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
        |s| s.search.parts.transposition_table,
        |s, on| s.search.parts.transposition_table = on,
    ),
    switch(
        "MoveOrdering",
        |s| s.search.parts.move_ordering,
        |s, on| s.search.parts.move_ordering = on,
    ),
    switch(
        "Quiescence",
        |s| s.search.parts.quiescence,
        |s, on| s.search.parts.quiescence = on,
    ),
    switch(
        "AspirationWindows",
        |s| s.search.parts.aspiration_windows,
        |s, on| s.search.parts.aspiration_windows = on,
    ),
    switch(
        "NullMove",
        |s| s.search.parts.null_move,
        |s, on| s.search.parts.null_move = on,
    ),
    switch(
        "LateMoveReductions",
        |s| s.search.parts.late_move_reductions,
        |s, on| s.search.parts.late_move_reductions = on,
    ),
    switch(
        "Futility",
        |s| s.search.parts.futility,
        |s, on| s.search.parts.futility = on,
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
        name: "EvalFile",
        kind: OptionKind::Text {
            default: "",
            change: OptionChange::EvalFile,
        },
    },
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
    // Analysis and play: search threads, the number of root lines, and the strength limit.
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
    switch("UCI_ShowWDL", |s| s.show_wdl, |s, on| s.show_wdl = on),
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
