//! The command line: arguments and exit statuses, the version and its commit, completions and the
//! manual page, closed pipes, the tools (bench, compare, play, solve, tune, tree, datagen and
//! train), and the PGN of `engine play`.

#[path = "../common/mod.rs"]
mod common;

mod arguments;
mod edges;
mod explorer;
mod identity;
mod manual;
mod nnue;
mod pgn;
mod pipes;
mod tools;
mod tree;
mod tree_labels;
mod tune;
