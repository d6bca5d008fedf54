//! Every tunable number of the full search, declared once: the selective parts, the move
//! ordering's history, the aspiration windows and the time manager, each with its default, its
//! range and its SPSA step.
//!
//! Each parameter is a function of its name (`params::rfp_margin()`). In the default build it
//! returns its default, a constant the compiler folds into the code: the parameters cost nothing.
//! Built with the `tune` feature (`cargo build --release --features tune`), it reads a global
//! instead, which each search sets from its configuration (`apply`, through
//! `SearchConfig::apply_params`); the engine then offers every parameter as a UCI `spin` option
//! of the same name, and `engine spsa` prints them as OpenBench's SPSA input (CONTRIBUTING.md,
//! "Tuning the search").
//!
//! A new parameter is one entry of the list below: its one-line doc comment, then
//! `name = default in min..=max, step s;`. Sections follow the search's parts, time management
//! last; a new section is a new group of entries at the end of the list. Fractions are integers
//! in hundredths or thousandths. In the `tune` build a parameter read before a search starts
//! holds the last search's value unless its caller applies the configuration's first: the time
//! manager's budget is computed within `search::run_observed`, after it has.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable parameter, as OpenBench's SPSA input describes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// The function's name, and the UCI option's in the `tune` build.
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// The perturbation at the end of an SPSA run (OpenBench's `c_end`).
    pub step: f64,
}

/// The learning rate at the end of an SPSA run (OpenBench's `r_end`), the same for every
/// parameter.
pub const R_END: f64 = 0.002;

/// Declares the parameters: the [`PARAMS`] table, a check of each range, and one function per
/// parameter (its default, or the global of the `tune` build).
macro_rules! params {
    ($(
        $(#[doc = $doc:literal])+
        $name:ident = $default:literal in $min:literal..=$max:literal, step $step:literal;
    )*) => {
        /// Every parameter, in the order declared.
        pub const PARAMS: &[Param] = &[$(
            Param {
                name: stringify!($name),
                default: $default,
                min: $min,
                max: $max,
                step: $step as f64,
            },
        )*];

        $(
            const _: () = assert!(
                $min < $max && $min <= $default && $default <= $max && $step as f64 > 0.0,
                concat!(stringify!($name), ": min < max, the default within, a positive step")
            );
        )*

        /// The parameters' indices in [`PARAMS`] and [`VALUES`].
        #[cfg(feature = "tune")]
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Id {
            $($name,)*
        }

        /// The values the search reads in the `tune` build.
        #[cfg(feature = "tune")]
        static VALUES: [AtomicI32; PARAMS.len()] = [$(AtomicI32::new($default),)*];

        $(
            $(#[doc = $doc])+
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                $default
            }

            $(#[doc = $doc])+
            #[cfg(feature = "tune")]
            #[inline]
            pub fn $name() -> i32 {
                VALUES[Id::$name as usize].load(Ordering::Relaxed)
            }
        )*
    };
}

params! {
    // Null-move pruning (selective.rs).
    /// The least depth at which a node tries the null move.
    nmp_min_depth = 3 in 2..=6, step 0.5;
    /// The plies the search after a null move is reduced by at least.
    nmp_base_reduction = 3 in 1..=5, step 0.5;
    /// A ply more of null-move reduction for every this many plies of depth.
    nmp_depth_divisor = 3 in 1..=8, step 0.5;
    /// A ply more of null-move reduction for every this many centipawns the static evaluation
    /// beats beta by.
    nmp_eval_divisor = 200 in 50..=500, step 20;
    /// At most this many plies of null-move reduction for the evaluation's margin.
    nmp_eval_max = 3 in 0..=6, step 0.5;

    // Reverse futility pruning (static null move, selective.rs).
    /// Reverse futility pruning is tried up to this depth.
    rfp_max_depth = 8 in 3..=12, step 0.5;
    /// The reverse futility margin per ply of depth (one ply less when improving).
    rfp_margin = 80 in 30..=150, step 6;

    // Futility pruning (selective.rs).
    /// The futility margin at depth 1: a quiet move there is not expected to gain more.
    fp_margin_1 = 150 in 50..=300, step 12;
    /// The futility margin at depth 2.
    fp_margin_2 = 400 in 200..=700, step 25;

    // SEE pruning: late moves that lose material by exchange (selective.rs).
    /// Moves that lose material by exchange are pruned up to this depth.
    see_max_depth = 8 in 3..=12, step 0.5;
    /// A quiet move is pruned if it loses more than this many centipawns per ply of depth.
    see_quiet_margin = 60 in 20..=150, step 6;
    /// A capture is pruned if it loses more than this many centipawns times the depth squared.
    see_noisy_margin = 20 in 5..=60, step 3;

    // Late-move pruning: (base + depth²) / (divisor − improving) quiet moves (selective.rs).
    /// Late-move pruning is tried up to this depth.
    lmp_max_depth = 8 in 3..=12, step 0.5;
    /// The quiet moves a node searches before late-move pruning, beside the depth squared.
    lmp_base = 3 in 0..=10, step 1;
    /// What the late-move count is divided by (one less when improving).
    lmp_divisor = 2 in 2..=4, step 0.5;

    // Late-move reductions (node.rs, selective.rs), in 1024ths of a ply: base + ln depth · ln
    // move number / (divisor / 100), then the adjustments.
    /// The least depth at which late moves are reduced.
    lmr_min_depth = 3 in 2..=6, step 0.5;
    /// The moves searched at full depth before the later ones are reduced (more in the PV).
    lmr_min_moves = 1 in 1..=6, step 0.5;
    /// The moves a PV node searches at full depth beyond those.
    lmr_pv_extra_moves = 2 in 0..=6, step 0.5;
    /// The log table's constant term, in 1024ths of a ply.
    lmr_base = 768 in 0..=2048, step 64;
    /// The log table's divisor, in hundredths.
    lmr_divisor = 225 in 150..=400, step 10;
    /// Less reduction in the PV, in 1024ths of a ply.
    lmr_pv = 1024 in 0..=2048, step 64;
    /// Less reduction for a killer.
    lmr_killer = 1024 in 0..=2048, step 64;
    /// Less reduction for a move that gives check.
    lmr_check = 1024 in 0..=2048, step 64;
    /// More reduction where the static evaluation is not improving.
    lmr_not_improving = 1024 in 0..=2048, step 64;
    /// More reduction where the table move is a capture or promotion.
    lmr_table_noisy = 1024 in 0..=2048, step 64;
    /// The history worth a ply of reduction (less for a good history, more for a bad one).
    lmr_history_divisor = 8192 in 2048..=32768, step 512;

    // Internal iterative reduction (node.rs).
    /// The least depth at which a node without a table move is searched a ply shallower.
    iir_min_depth = 4 in 2..=8, step 0.5;

    // Singular extensions (selective.rs): the table move is searched deeper when the other
    // moves, searched at half depth without it, stay below the table's score less a margin.
    /// The least depth at which the table move is tested for singularity.
    se_min_depth = 7 in 4..=12, step 0.5;
    /// How much shallower than the node the table's lower or exact bound may have been searched.
    se_table_depth_margin = 3 in 1..=6, step 0.5;
    /// The singular bound lies this many centipawns per ply of depth below the table's score.
    se_beta_margin = 2 in 1..=8, step 0.5;
    /// A second ply of extension, outside the PV, when the other moves stay this far below the
    /// singular bound.
    se_double_margin = 20 in 0..=100, step 5;

    // Quiescence (quiescence.rs).
    /// Delta pruning: how much a capture may gain beyond the piece it takes.
    delta_margin = 200 in 50..=500, step 20;

    // History (history.rs): a cutoff's bonus is scale·depth − offset, within 0..=max; the
    // history table fades before each search.
    /// The history bonus per ply of depth.
    history_bonus_scale = 150 in 50..=400, step 15;
    /// What the history bonus loses beside its depth term.
    history_bonus_offset = 100 in 0..=400, step 20;
    /// The largest history bonus.
    history_bonus_max = 1500 in 500..=4000, step 150;
    /// The bound every history value keeps within (gravity).
    history_max = 16384 in 8192..=32000, step 1024;
    /// What the history table is divided by before each new search (1 keeps it whole).
    history_fade = 2 in 1..=8, step 0.5;

    // Correction history (correction.rs): running means of the search's score minus the raw
    // static evaluation, by pawn structure and by each side's other pieces.
    /// The pawn table's share of the correction, in 1024ths of its mean.
    corr_pawn_share = 512 in 0..=2048, step 64;
    /// Each colour's pieces table's share of the correction, in 1024ths of its mean.
    corr_pieces_share = 256 in 0..=1024, step 32;
    /// The most a result weighs in a table's mean, in 256ths (it weighs depth + 1 up to this).
    corr_weight_max = 16 in 4..=64, step 2;
    /// The most a table's mean may reach, in centipawns.
    corr_limit = 64 in 16..=120, step 6;

    // Aspiration windows (searcher.rs, root.rs).
    /// The first depth searched within an aspiration window.
    asp_min_depth = 5 in 2..=10, step 0.5;
    /// The first aspiration window's half-width, in centipawns.
    asp_window = 30 in 8..=100, step 5;
    /// What the window's half-width is multiplied by after each failure.
    asp_growth = 3 in 2..=6, step 0.5;
    /// Past this half-width the window opens fully.
    asp_max_window = 1000 in 200..=3000, step 100;

    // Time management (search/time.rs): a clock's budget, a forced move's, and the scale of the
    // soft limit (and of soft nodes) by the best move's stability and node share.
    /// The moves assumed to remain when the GUI does not say, and the most a base is divided by.
    tm_moves_to_go = 20 in 10..=60, step 2.5;
    /// The increment's share added to the base, in thousandths.
    tm_increment_permille = 750 in 250..=1000, step 40;
    /// The hard limit, in hundredths of the base (where the clock has room for it).
    tm_hard_percent = 400 in 200..=800, step 30;
    /// The most the hard limit takes of the clock less the overhead, in thousandths.
    tm_hard_cap_permille = 600 in 300..=900, step 30;
    /// A forced move's think, in hundredths of the usual base.
    tm_forced_move_percent = 25 in 5..=75, step 3.5;
    /// The longest a forced move is thought about, in milliseconds.
    tm_forced_move_max_ms = 500 in 100..=2000, step 75;
    /// The soft limit's scale when the best move changed at the last depth, in hundredths.
    tm_stability_0_percent = 150 in 80..=250, step 8;
    /// The soft limit's scale when the best move held for one depth, in hundredths.
    tm_stability_1_percent = 120 in 70..=200, step 6;
    /// The soft limit's scale when the best move held for two depths, in hundredths.
    tm_stability_2_percent = 100 in 50..=150, step 5;
    /// The soft limit's scale when the best move held for three depths, in hundredths.
    tm_stability_3_percent = 90 in 40..=150, step 5;
    /// The soft limit's scale when the best move held for four depths or more, in hundredths.
    tm_stability_4_percent = 80 in 30..=150, step 6;
    /// The node-share scale is this less the best move's share of the last depth's nodes, in
    /// hundredths.
    tm_effort_base_percent = 160 in 100..=250, step 7.5;
    /// The least node-share scale, in hundredths.
    tm_effort_min_percent = 60 in 20..=100, step 4;
    /// The largest node-share scale, in hundredths.
    tm_effort_max_percent = 140 in 100..=250, step 7.5;
    /// How long an incremental search's next depth is expected to take, in hundredths of the
    /// last.
    tm_incremental_growth_percent = 200 in 100..=400, step 15;

    // Quiet-move pruning in the move loop (move_plan.rs, selective.rs), by the depth a late
    // quiet move would be searched to after its reduction.
    /// A quiet move is pruned by futility up to this reduced depth (at nodes deeper than the
    /// node-wide futility's).
    qfp_max_depth = 7 in 2..=12, step 0.5;
    /// A quiet move's futility margin at reduced depth 0.
    qfp_base = 150 in 20..=400, step 12;
    /// A quiet move's futility margin per ply of reduced depth.
    qfp_margin = 125 in 40..=300, step 10;
    /// A quiet move is pruned by its history up to this reduced depth.
    hp_max_depth = 3 in 0..=8, step 0.5;
    /// A quiet move is pruned when its history is below minus this per ply of the node's depth.
    hp_margin = 1024 in 256..=8192, step 128;
}

/// Every parameter's value, in the order of [`PARAMS`]: what a configuration carries.
#[cfg(feature = "tune")]
pub type Values = [i32; PARAMS.len()];

/// The defaults, in the order of [`PARAMS`].
#[cfg(feature = "tune")]
pub const DEFAULTS: Values = {
    let mut values = [0; PARAMS.len()];
    let mut i = 0;
    while i < values.len() {
        values[i] = PARAMS[i].default;
        i += 1;
    }
    values
};

/// Sets the values the search reads (the `tune` build): every search sets its configuration's.
#[cfg(feature = "tune")]
pub fn apply(values: &Values) {
    for (value, &new) in VALUES.iter().zip(values) {
        value.store(new, Ordering::Relaxed);
    }
}

/// The index in [`PARAMS`] of the parameter named `name` (as declared).
pub fn index(name: &str) -> Option<usize> {
    PARAMS.iter().position(|param| param.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_has_a_unique_name_and_its_default_within_its_range() {
        for (i, param) in PARAMS.iter().enumerate() {
            assert_eq!(
                index(param.name),
                Some(i),
                "{} is declared once",
                param.name
            );
            let valid_name = param
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
            assert!(valid_name, "{}", param.name);
            assert!(param.min < param.max, "{}", param.name);
            assert!(
                (param.min..=param.max).contains(&param.default),
                "{}",
                param.name
            );
            assert!(param.step >= 0.5, "{}", param.name);
        }
    }

    #[test]
    fn each_parameter_function_returns_its_declared_default() {
        // The `tune` build's globals start at the defaults, and no unit test changes them.
        let read = [
            ("rfp_margin", rfp_margin()),
            ("nmp_min_depth", nmp_min_depth()),
            ("history_max", history_max()),
            ("asp_max_window", asp_max_window()),
            ("delta_margin", delta_margin()),
            ("tm_moves_to_go", tm_moves_to_go()),
            ("tm_stability_0_percent", tm_stability_0_percent()),
        ];
        for (name, value) in read {
            let param = index(name).map(|i| PARAMS[i]);
            assert_eq!(param.map(|p| p.default), Some(value), "{name}");
        }
    }
}
