//! IterativeDeepening's own parts: the searcher and its root and nodes (principal variation
//! search), what it tells an observer of its decisions, quiescence, the selective parts and
//! singular extensions, the search stack, the staged move picker and the history it learns,
//! the static evaluation and its correction history, static exchange evaluation, the
//! transposition table, the table and tablebase probes, Lazy SMP, the state kept from one move
//! to the next, and the tunable parameters of them all.

pub mod correction;
mod decisions;
pub mod history;
mod move_plan;
mod node;
pub mod params;
pub mod picker;
mod probe;
mod quiescence;
mod root;
pub mod searcher;
pub mod see;
mod selective;
mod singular;
pub mod smp;
pub mod stack;
pub mod state;
mod static_eval;
pub mod tt;

#[cfg(test)]
mod tests;
