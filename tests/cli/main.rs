//! The command line: arguments and exit statuses, the version and its commit, completions and the
//! manual page, the Makefile's EVALFILE, closed pipes, the tools (bench, compare, play, solve,
//! tune, tree, datagen and train), the PGN of `engine play`, and (the `tune` build) the search
//! parameters as options and `engine spsa`.

#[path = "../common/mod.rs"]
mod common;

// The build script's functions, checked in `identity` and `openbench` (its `main` unused here).
#[allow(dead_code)]
#[path = "../../build.rs"]
mod build_script;

mod arguments;
mod datagen;
mod decisions;
mod edges;
mod explorer;
mod identity;
mod manual;
mod nnue;
mod openbench;
mod page;
mod pgn;
mod pipes;
mod spsa;
mod tools;
mod tree;
mod tree_labels;
mod tune;
