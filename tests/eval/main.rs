//! The evaluators: symmetry, the material values, the `eval` report, PeSTO's published tables.

#[path = "../common/mod.rs"]
mod common;

mod evaluators;
mod pesto;
