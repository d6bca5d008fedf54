//! The architecture, checked on the source tree: data flows one way, so
//! - the library's layers are its top-level modules, declared in `src/lib.rs` lowest first, and
//!   every module of the library lives in one of their folders;
//! - no file refers (`crate::…`, `super::…`) to a module of a layer above its own, and no files
//!   refer to each other in a loop;
//! - protocol text (a line of a string literal that begins as a UCI line does: `id name`,
//!   `option name`, `uciok`, `readyok`, `info `, `bestmove`, `Nodes searched`) is written only
//!   in `src/uci/`;
//! - stdout is reached (`io::stdout`, `print!`, `println!`) only by `src/uci/output.rs`, the one
//!   writer;
//! - no source file is longer than [`MAX_LINES`].
//!
//! Comments are ignored; string literals are read as written. The command line (`src/bin/`)
//! stands above every layer. To check another tree:
//! `ARCHITECTURE_SRC=/path/to/src cargo test --release --test project architecture`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use crate::source::{
    contains_word, lex, line_starts, module_path, referenced_paths, resolve, without_tests,
};

/// How a line of the protocol begins.
const PROTOCOL_PREFIXES: &[&str] = &[
    "id name",
    "id author",
    "option name",
    "uciok",
    "readyok",
    "info ",
    "bestmove",
    "Nodes searched",
];

/// The one module that writes to stdout.
const STDOUT_WRITER: &str = "uci/output.rs";

/// The longest a source file may be, in lines.
const MAX_LINES: usize = 500;

/// A source file: its path under `src/`, its code with comments and literals blanked out, and
/// its string literals as written.
struct Source {
    path: String,
    lines: usize,
    code: String,
    literals: Vec<String>,
}

impl Source {
    fn is_binary(&self) -> bool {
        self.path.starts_with("bin/")
    }
}

fn source_root() -> PathBuf {
    match std::env::var_os("ARCHITECTURE_SRC") {
        Some(path) => PathBuf::from(path),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
    }
}

fn sources() -> Vec<Source> {
    let root = source_root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    assert!(
        !files.is_empty(),
        "no source files under {}",
        root.display()
    );
    files
        .into_iter()
        .map(|file| {
            let text = fs::read_to_string(&file).expect("a readable source file");
            let (code, literals) = lex(&text);
            let path = file.strip_prefix(&root).expect("under the root");
            let path = path.to_string_lossy().replace('\\', "/");
            let lines = text.lines().count();
            Source {
                path,
                lines,
                code,
                literals,
            }
        })
        .collect()
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

/// The layers, lowest first: the modules `lib.rs` declares, in its order.
fn layers(sources: &[Source]) -> Vec<String> {
    let lib = sources
        .iter()
        .find(|source| source.path == "lib.rs")
        .expect("src/lib.rs");
    lib.code
        .lines()
        .filter_map(|line| line.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches(';').trim().to_string())
        .collect()
}

/// The layer (index into `layers`) of a file of the library; None for the crate root and the
/// binary, or a file outside every layer's folder.
fn layer_of(path: &str, layers: &[String]) -> Option<usize> {
    let (folder, _) = path.split_once('/')?;
    layers.iter().position(|layer| layer == folder)
}

/// Each library file and the library files it refers to.
fn references(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources.iter().map(|s| s.path.clone()).collect();
    let mut graph = BTreeMap::new();
    for source in sources
        .iter()
        .filter(|s| !s.is_binary() && s.path != "lib.rs")
    {
        let module = module_path(&source.path);
        let targets: BTreeSet<String> = referenced_paths(&without_tests(&source.code), &module)
            .iter()
            .filter_map(|path| resolve(path, &files))
            .filter(|target| *target != source.path)
            .collect();
        graph.insert(source.path.clone(), targets);
    }
    graph
}

/// The loops of `graph`: its strongly connected components of more than one file (Tarjan).
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, node: &'g str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            for next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next.as_str()]);
                    self.low.insert(node, low);
                } else if self.stack.contains(&next.as_str()) {
                    let low = self.low[node].min(self.index[next.as_str()]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let from = self
                    .stack
                    .iter()
                    .rposition(|n| *n == node)
                    .expect("on the stack");
                let component: Vec<String> = self.stack.drain(from..).map(String::from).collect();
                if component.len() > 1 {
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !tarjan.index.contains_key(node.as_str()) {
            tarjan.visit(node);
        }
    }
    tarjan.found
}

#[test]
fn the_layers_are_the_folders_lib_rs_declares() {
    let sources = sources();
    let layers = layers(&sources);
    assert_eq!(
        layers,
        ["board", "eval", "search", "engine", "uci", "tools"],
        "lib.rs declares the layers, lowest first"
    );
    let loose: Vec<&str> = sources
        .iter()
        .filter(|s| s.path != "lib.rs" && !s.is_binary())
        .filter(|s| layer_of(&s.path, &layers).is_none())
        .map(|s| s.path.as_str())
        .collect();
    assert!(loose.is_empty(), "files in no layer's folder: {loose:?}");
}

#[test]
fn no_file_refers_to_a_layer_above_its_own() {
    let sources = sources();
    let layers = layers(&sources);
    let mut violations = Vec::new();
    for (file, targets) in references(&sources) {
        let Some(own) = layer_of(&file, &layers) else {
            continue;
        };
        for target in targets {
            match layer_of(&target, &layers) {
                Some(layer) if layer <= own => {}
                Some(layer) => violations.push(format!(
                    "{file} ({}) refers to {target} ({})",
                    layers[own], layers[layer]
                )),
                None => violations.push(format!("{file} refers to {target} (no layer)")),
            }
        }
    }
    assert!(
        violations.is_empty(),
        "imports against the flow:\n{}",
        violations.join("\n")
    );
}

#[test]
fn no_files_refer_to_each_other_in_a_loop() {
    let sources = sources();
    let graph = references(&sources);
    assert!(
        graph.values().map(BTreeSet::len).sum::<usize>() > 100,
        "the references were not found"
    );
    let found = loops(&graph);
    assert!(found.is_empty(), "import loops: {found:#?}");
}

#[test]
fn protocol_text_is_written_only_in_uci() {
    let mut violations = Vec::new();
    for source in sources() {
        if source.path.starts_with("uci/") {
            continue;
        }
        for literal in &source.literals {
            let starts_a_line = |p: &&&str| line_starts(literal).any(|line| line.starts_with(**p));
            if let Some(prefix) = PROTOCOL_PREFIXES.iter().find(starts_a_line) {
                violations.push(format!("{}: \"{literal}\" ({prefix})", source.path));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "protocol text outside src/uci/:\n{}",
        violations.join("\n")
    );
}

#[test]
fn only_the_one_writer_touches_stdout() {
    let mut violations = Vec::new();
    for source in sources() {
        if source.path == STDOUT_WRITER {
            continue;
        }
        for needle in ["io::stdout", "println!", "print!"] {
            if contains_word(&source.code, needle) {
                violations.push(format!("{}: {needle}", source.path));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "stdout written around {STDOUT_WRITER}:\n{}",
        violations.join("\n")
    );
}

#[test]
fn no_source_file_is_longer_than_the_limit() {
    let long: Vec<String> = sources()
        .iter()
        .filter(|s| s.lines > MAX_LINES)
        .map(|s| format!("{} ({} lines)", s.path, s.lines))
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

/// The checks themselves: they see through comments and into groups, resolve paths to the
/// files that define them, and find a loop.
#[test]
fn the_checks_catch_what_they_are_for() {
    let (code, literals) = lex(
        "use crate::{board::game, uci::{format, output::Output}}; // crate::tools::bench\n\
         /* crate::tools::play */ let s = \"info depth {}\"; let c = '\"'; let r = r#\"bestmove\"#;",
    );
    let module = module_path("search/pvs/node.rs");
    let paths = referenced_paths(&code, &module);
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["board::game", "uci::format", "uci::output::Output"]);
    assert_eq!(literals, ["info depth {}", "bestmove"]);
    let relative = referenced_paths("use super::{tt::Bound, Helpers as H};", &module);
    let names: Vec<String> = relative.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["search::pvs::tt::Bound", "search::pvs::Helpers"]);
    assert_eq!(module_path("eval/mod.rs"), ["eval"]);
    let files: BTreeSet<String> = ["uci/mod.rs", "uci/output.rs", "search/pvs/tt.rs"]
        .map(String::from)
        .into();
    assert_eq!(resolve(&paths[2], &files).as_deref(), Some("uci/output.rs"));
    assert_eq!(resolve(&paths[1], &files).as_deref(), Some("uci/mod.rs"));
    assert_eq!(
        resolve(&relative[0], &files).as_deref(),
        Some("search/pvs/tt.rs")
    );
    let lines: Vec<&str> = line_starts("Total: {t}\\n Nodes searched: {n}").collect();
    assert_eq!(lines, ["Total: {t}", "Nodes searched: {n}"]);
    let layers: Vec<String> = ["board", "search", "uci"].map(String::from).into();
    assert_eq!(layer_of("search/pvs/node.rs", &layers), Some(1));
    assert_eq!(layer_of("tools.rs", &layers), None);
    let edge = |a: &str, b: &[&str]| (a.to_string(), b.iter().map(|s| s.to_string()).collect());
    let graph: BTreeMap<String, BTreeSet<String>> = [
        edge("a", &["b"]),
        edge("b", &["c"]),
        edge("c", &["a"]),
        edge("d", &["a"]),
    ]
    .into();
    assert_eq!(loops(&graph).len(), 1);
    assert_eq!(loops(&graph)[0].len(), 3);
    let tested =
        "fn f() {}\n#[cfg(test)]\nmod tests {\n use crate::a::b; fn g() { {} }\n}\nfn h() {}";
    assert_eq!(without_tests(tested), "fn f() {}\n\nfn h() {}");
    assert!(contains_word("x; println!(\"\")", "println!"));
    assert!(!contains_word("eprintln!(\"\")", "println!"));
}
