//! The UCI protocol through the binary's pipes: a session, `bench` in the loop, hostile input,
//! the fuzzer of the command handler, the analysis options (MultiPV, Threads,
//! UCI_LimitStrength), Chess960 notation, the Syzygy tables and UCI_ShowWDL.

#[path = "../common/mod.rs"]
mod common;

mod analysis_options;
mod bench;
mod bestmove_lines;
mod chess960;
mod fuzz_commands;
mod go_limits;
mod hostile_input;
mod multipv_output;
mod repairs;
mod search_options;
mod session;
mod table_clear;
mod tablebases;
mod time_claims;
mod wdl_output;
