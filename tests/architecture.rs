//! The architecture, checked on the source tree: data flows one way, so
//! - every module of the library sits in a layer, and no module refers to (`crate::...`) a module
//!   of a layer above its own;
//! - protocol text (a line of a string literal that begins as a UCI line does: `id name`,
//!   `option name`, `uciok`, `readyok`, `info `, `bestmove`, `Nodes searched`) is written only
//!   in `src/uci/`;
//! - stdout is reached (`io::stdout`, `print!`, `println!`) only by `src/uci/output.rs`, the one
//!   writer.
//!
//! Comments are ignored; string literals are read as written. To check another tree:
//! `ARCHITECTURE_SRC=/path/to/src cargo test --release --test architecture`.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers of the library, lowest first: a module may refer to its own layer and those below.
/// The binary (`main.rs`, `tools.rs`) stands above them all.
const LAYERS: &[(&str, &[&str])] = &[
    ("board", &["board", "epd"]),
    ("eval", &["eval"]),
    ("search", &["search", "time"]),
    ("engine", &["engine"]),
    ("uci", &["uci"]),
    (
        "tools",
        &[
            "bench", "compare", "play", "solve", "pgn", "labels", "tune", "tree", "plot",
        ],
    ),
];

/// The binary's files: the command line, above every layer.
const BINARY: &[&str] = &["main.rs", "tools.rs"];

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

/// A source file: its path under `src/`, its code with comments and literals blanked out, and
/// its string literals as written.
struct Source {
    path: String,
    code: String,
    literals: Vec<String>,
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
            Source {
                path,
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

/// Splits Rust source into code (comments removed, literals emptied) and its string literals.
fn lex(text: &str) -> (String, Vec<String>) {
    let chars: Vec<char> = text.chars().collect();
    let (mut code, mut literals) = (String::new(), Vec::new());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['/', '/']) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with(&['/', '*']) {
            i = skip_block_comment(&chars, i);
        } else if let Some((end, literal)) = string_literal(&chars, i) {
            code.push_str("\"\"");
            literals.push(literal);
            i = end;
        } else if let Some(end) = char_literal(&chars, i) {
            code.push_str("' '");
            i = end;
        } else {
            code.push(chars[i]);
            i += 1;
        }
    }
    (code, literals)
}

fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i..].starts_with(&['/', '*']) {
            depth += 1;
            i += 2;
        } else if chars[i..].starts_with(&['*', '/']) {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// A string literal (plain, byte or raw) starting at `i`: where it ends and its text.
fn string_literal(chars: &[char], i: usize) -> Option<(usize, String)> {
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if chars[j] == 'b' {
        j += 1;
    }
    let (start, close) = if chars.get(j) == Some(&'r') {
        let hashes = chars[j + 1..].iter().take_while(|&&c| c == '#').count();
        if chars.get(j + 1 + hashes) != Some(&'"') {
            return None;
        }
        let close: Vec<char> = std::iter::once('"')
            .chain(std::iter::repeat_n('#', hashes))
            .collect();
        (j + 2 + hashes, close)
    } else if chars.get(j) == Some(&'"') {
        (j + 1, vec!['"'])
    } else {
        return None;
    };
    let raw = close.len() > 1 || chars[j] == 'r';
    let mut end = start;
    while end < chars.len() && !chars[end..].starts_with(&close) {
        end += if chars[end] == '\\' && !raw { 2 } else { 1 };
    }
    let end = end.min(chars.len());
    Some((end + close.len(), chars[start..end].iter().collect()))
}

/// A character literal starting at `i` (not a lifetime): where it ends.
fn char_literal(chars: &[char], i: usize) -> Option<usize> {
    if chars[i] != '\'' {
        return None;
    }
    match chars.get(i + 1..) {
        Some(['\\', ..]) => chars[i + 2..]
            .iter()
            .position(|&c| c == '\'')
            .map(|at| i + 2 + at + 1),
        Some([_, '\'', ..]) => Some(i + 3),
        _ => None,
    }
}

/// The top-level module a file belongs to (`search` for `search/iterative.rs`), or None for
/// the crate root and the binary.
fn module_of(path: &str) -> Option<&str> {
    if path == "lib.rs" || BINARY.contains(&path) {
        return None;
    }
    Some(path.split('/').next()?.trim_end_matches(".rs"))
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// The top-level modules that `code` refers to through `crate::`.
fn crate_references(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            found.extend(group_heads(group));
        } else {
            found.push(identifier(rest));
        }
    }
    found.retain(|name| !name.is_empty() && name != "self");
    found
}

/// The first identifier of each item of a `{a::b, c, d::{e, f}}` group (from after its `{`).
fn group_heads(group: &str) -> Vec<String> {
    let mut heads = vec![identifier(group)];
    let mut depth = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => heads.push(identifier(&group[i + 1..])),
            _ => {}
        }
    }
    heads
}

/// Whether `needle` occurs in `code` not as the end of a longer name (`eprintln!` is not `println!`).
fn contains_word(code: &str, needle: &str) -> bool {
    code.match_indices(needle).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

fn identifier(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Where each line of a literal's text begins: split at its `\\n` escapes, leading blanks dropped.
fn line_starts(literal: &str) -> impl Iterator<Item = &str> {
    literal.split("\\n").map(str::trim_start)
}

#[test]
fn every_module_of_the_library_has_a_layer() {
    let sources = sources();
    let mut missing: Vec<String> = sources
        .iter()
        .filter_map(|source| module_of(&source.path))
        .filter(|module| layer_of(module).is_none())
        .map(str::to_string)
        .collect();
    missing.dedup();
    assert!(missing.is_empty(), "modules in no layer: {missing:?}");
}

#[test]
fn no_module_refers_to_a_module_above_its_layer() {
    let mut violations = Vec::new();
    for source in sources() {
        let Some(own) = module_of(&source.path).and_then(layer_of) else {
            continue;
        };
        for used in crate_references(&source.code) {
            match layer_of(&used) {
                Some(layer) if layer <= own => {}
                Some(layer) => violations.push(format!(
                    "{} ({}) uses crate::{used} ({})",
                    source.path, LAYERS[own].0, LAYERS[layer].0
                )),
                None => violations.push(format!("{} uses crate::{used} (no layer)", source.path)),
            }
        }
    }
    violations.dedup();
    assert!(
        violations.is_empty(),
        "imports against the flow:\n{}",
        violations.join("\n")
    );
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

/// The checks themselves: they see through comments and into groups, and would catch what
/// they are for.
#[test]
fn the_checks_catch_what_they_are_for() {
    let (code, literals) = lex(
        "use crate::{board::game, uci::{format, output}}; // crate::bench\n\
         /* crate::play */ let s = \"info depth {}\"; let c = '\"'; let r = r#\"bestmove\"#;",
    );
    assert_eq!(crate_references(&code), ["board", "uci"]);
    assert_eq!(literals, ["info depth {}", "bestmove"]);
    assert_eq!(crate_references("crate::engine::Engine"), ["engine"]);
    let lines: Vec<&str> = line_starts("Total: {t}\\n Nodes searched: {n}").collect();
    assert_eq!(lines, ["Total: {t}", "Nodes searched: {n}"]);
    assert_eq!(module_of("search/iterative.rs"), Some("search"));
    assert_eq!(module_of("engine/mod.rs"), Some("engine"));
    assert_eq!(module_of("tools.rs"), None);
    assert!(layer_of("engine") < layer_of("uci"));
    assert!(contains_word("x; println!(\"\")", "println!"));
    assert!(!contains_word("eprintln!(\"\")", "println!"));
}
