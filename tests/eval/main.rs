//! The evaluators: symmetry, the material values, the `eval` report.

#[path = "../common/mod.rs"]
mod common;

mod evaluators;
