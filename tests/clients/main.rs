//! Real UCI clients: python-chess sessions and whole games under python-chess.

#[path = "../common/mod.rs"]
mod common;

mod match_harness;
mod python_client;
