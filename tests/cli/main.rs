//! The command line: arguments and exit statuses, closed pipes, the tools (bench, compare,
//! play, solve, tune, tree, datagen and train), the PGN of `engine play`, and (the `tune` build)
//! the search parameters as options and `engine spsa`.

#[path = "../common/mod.rs"]
mod common;

mod arguments;
mod decisions;
mod edges;
mod explorer;
mod nnue;
mod page;
mod pgn;
mod pipes;
mod spsa;
mod tools;
mod tree;
mod tree_labels;
mod tune;
