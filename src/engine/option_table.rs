//! The table of UCI options: each declared once, with its kind and range, how it reads and
//! sets the [`Settings`] (its default is what it reads in [`Settings::DEFAULT`]), and what a
//! change of it asks of the engine beyond them.

use std::ops::RangeInclusive;

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
    /// What a change of it asks of the engine beyond the settings (`Settings::apply`).
    pub effect: OptionChange,
}

/// An option's type and range, and how it reads and changes the settings.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    Spin {
        min: i64,
        max: SpinMax,
        get: fn(&Settings) -> i64,
        set: fn(&mut Settings, i64),
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
    /// Pressed, it asks for its effect.
    Button,
    /// A string (UCI `type string`), handed to the engine as it is through its effect. Empty
    /// (or `<empty>`, as GUIs send it) is a value.
    Text { default: &'static str },
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
            OptionKind::Button => OptionValue::Button,
            OptionKind::Text { default, .. } => OptionValue::Text(default),
            #[cfg(feature = "tune")]
            OptionKind::Param(index) => OptionValue::Spin(settings.search.params[index].into()),
        }
    }

    /// The value an engine starts with.
    pub fn default_value(&self) -> OptionValue {
        self.value(&Settings::DEFAULT)
    }

    /// Checks `value` against the option's type and range, then changes `settings`; what the
    /// change asks of the engine beyond them.
    pub fn set(
        &self,
        settings: &mut Settings,
        value: Option<&str>,
    ) -> Result<OptionChange, String> {
        let name = self.name;
        let text = match (self.kind, value) {
            (OptionKind::Button | OptionKind::Text { .. }, _) => return Ok(self.effect),
            (_, None) => return Err(format!("option {name} needs a value")),
            (_, Some(text)) => text,
        };
        match self.kind {
            OptionKind::Spin { min, max, set, .. } => {
                set(settings, spin_value(name, text, min, max.value())?);
            }
            #[cfg(feature = "tune")]
            OptionKind::Param(index) => {
                let param = PARAMS[index];
                let n = spin_value(name, text, param.min.into(), param.max.into())?;
                // Within the parameter's range, an i32.
                settings.search.params[index] = n as i32;
            }
            OptionKind::Check { set, .. } => {
                let on = match text.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("option {name} needs true or false, got '{text}'")),
                };
                set(settings, on);
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
            }
            OptionKind::Button | OptionKind::Text { .. } => {}
        }
        Ok(self.effect)
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

/// An on/off option that changes only the settings.
const fn switch(
    name: &'static str,
    get: fn(&Settings) -> bool,
    set: fn(&mut Settings, bool),
) -> UciOption {
    UciOption {
        name,
        kind: OptionKind::Check { get, set },
        effect: OptionChange::Value,
    }
}

/// A whole-number option within `range` that changes only the settings.
const fn spin(
    name: &'static str,
    range: RangeInclusive<i64>,
    get: fn(&Settings) -> i64,
    set: fn(&mut Settings, i64),
) -> UciOption {
    UciOption {
        name,
        kind: OptionKind::Spin {
            min: *range.start(),
            max: SpinMax::Fixed(*range.end()),
            get,
            set,
        },
        effect: OptionChange::Value,
    }
}

/// A string option, empty by default, handed to the engine through `effect`.
const fn text(name: &'static str, effect: OptionChange) -> UciOption {
    UciOption {
        name,
        kind: OptionKind::Text { default: "" },
        effect,
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
                effect: OptionChange::Value,
            }
        };
        i += 1;
    }
    options
}

/// The engine's own options, in the order `uci` lists them.
const ENGINE_OPTIONS: &[UciOption] = &[
    // The table's size is recorded in the settings once the table has it (`Settings::apply`).
    UciOption {
        name: "Hash",
        kind: OptionKind::Spin {
            min: 1,
            max: SpinMax::HashLimit,
            get: |s| s.hash_mb as i64,
            set: |s, mb| s.hash_mb = mb as usize,
        },
        effect: OptionChange::Hash,
    },
    UciOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        effect: OptionChange::ClearHash,
    },
    spin(
        "Move Overhead",
        0..=5000,
        |s| s.move_overhead_ms as i64,
        |s, ms| s.move_overhead_ms = ms as u64,
    ),
    // `Ponder` only tells the engine that `go ponder` may come: there is nothing to keep.
    switch("Ponder", |_| false, |_, _| {}),
    UciOption {
        name: "Search",
        kind: OptionKind::Combo {
            vars: &SEARCH_NAMES,
            get: |s| s.search.kind.name(),
            set: |s, i| s.search.kind = SearchKind::ALL[i],
        },
        effect: OptionChange::Value,
    },
    UciOption {
        name: "Evaluation",
        kind: OptionKind::Combo {
            vars: &EVALUATION_NAMES,
            get: |s| s.search.evaluation.name(),
            set: |s, i| s.search.evaluation = Evaluation::ALL[i],
        },
        effect: OptionChange::Value,
    },
    spin(
        "Depth",
        0..=MAX_DEPTH as i64,
        |s| s.depth as i64,
        |s, depth| s.depth = depth as u32,
    ),
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
    spin(
        "Seed",
        0..=i32::MAX as i64,
        |s| s.search.seed as i64,
        |s, seed| s.search.seed = seed as u64,
    ),
    switch("UCI_Chess960", |s| s.chess960, |s, on| s.chess960 = on),
    text("EvalFile", OptionChange::EvalFile),
    text("SyzygyPath", OptionChange::SyzygyPath),
    spin(
        "SyzygyProbeLimit",
        0..=7,
        |s| i64::from(s.search.syzygy_probe_limit),
        |s, pieces| s.search.syzygy_probe_limit = pieces as u32,
    ),
    // Analysis and play: search threads, the number of root lines, and the strength limit.
    spin(
        "Threads",
        1..=MAX_THREADS as i64,
        |s| s.search.threads as i64,
        |s, threads| s.search.threads = threads as usize,
    ),
    spin(
        "MultiPV",
        1..=MAX_MULTI_PV as i64,
        |s| s.search.multi_pv as i64,
        |s, lines| s.search.multi_pv = lines as usize,
    ),
    switch(
        "UCI_LimitStrength",
        |s| s.search.limit_strength,
        |s, on| s.search.limit_strength = on,
    ),
    spin(
        "UCI_Elo",
        MIN_ELO as i64..=MAX_ELO as i64,
        |s| s.search.elo as i64,
        |s, elo| s.search.elo = elo as u32,
    ),
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
