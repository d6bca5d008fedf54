//! Reading Rust source as text: the code with comments and literals blanked out, its string
//! literals, and the module paths it refers to (`crate::a::b`, `super::c`), resolved to files.

use std::collections::BTreeSet;

/// Splits Rust source into code (comments removed, literals emptied) and its string literals.
pub fn lex(text: &str) -> (String, Vec<String>) {
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

/// `code` without its unit-test modules (`#[cfg(test)] mod tests { … }`): what a test of a
/// file imports is no part of the structure of the code it tests.
pub fn without_tests(code: &str) -> String {
    let mut rest = code;
    let mut kept = String::new();
    while let Some(at) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..at]);
        let after = &rest[at..];
        let Some(open) = after.find('{') else {
            return kept;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    kept.push_str(rest);
    kept
}

/// The module paths that `code` names through `crate::` or `super::`, each as its segments from
/// the crate root; `module` is the file's own module path (`["eval", "trace"]` for
/// `eval/trace.rs`, `["eval"]` for `eval/mod.rs`), against which `super::` is read.
pub fn referenced_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (anchor, base) in [("crate::", Vec::new()), ("super::", parent(module))] {
        for (at, _) in code.match_indices(anchor) {
            let preceded = code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            if preceded {
                continue;
            }
            let rest: Vec<char> = code[at + anchor.len()..].chars().collect();
            found.extend(parse_tree(&rest, &mut 0, base.clone()));
        }
    }
    for path in &mut found {
        if path.last().is_some_and(|s| s == "self") {
            path.pop();
        }
    }
    found.retain(|path| !path.is_empty());
    found
}

fn parent(module: &[String]) -> Vec<String> {
    module[..module.len().saturating_sub(1)].to_vec()
}

/// Parses a use tree (`a::b::{c, d::{e, f}}`) from `chars[*i..]`, each leaf path after `prefix`.
fn parse_tree(chars: &[char], i: &mut usize, mut prefix: Vec<String>) -> Vec<Vec<String>> {
    loop {
        skip_blanks(chars, i);
        if chars.get(*i) == Some(&'{') {
            *i += 1;
            return parse_group(chars, i, &prefix);
        }
        let ident: String = chars[*i..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        if ident.is_empty() {
            return vec![prefix];
        }
        *i += ident.chars().count();
        prefix.push(ident);
        if chars[*i..].starts_with(&[':', ':']) {
            *i += 2;
        } else {
            return vec![prefix];
        }
    }
}

/// The items of a `{...}` group, from after its `{` to after its `}`.
fn parse_group(chars: &[char], i: &mut usize, prefix: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    loop {
        skip_blanks(chars, i);
        if chars.get(*i) == Some(&'}') {
            *i += 1;
            return paths;
        }
        paths.extend(parse_tree(chars, i, prefix.to_vec()));
        // Past a rename (`x as y`) or anything else up to the next item or the group's end.
        while let Some(&c) = chars.get(*i) {
            if c == ',' || c == '}' {
                break;
            }
            *i += 1;
        }
        match chars.get(*i) {
            Some(',') => *i += 1,
            Some('}') => {}
            _ => return paths,
        }
    }
}

fn skip_blanks(chars: &[char], i: &mut usize) {
    while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
        *i += 1;
    }
}

/// The file (path under `src/`) that defines the module named by the longest prefix of `path`
/// that is a module of `files`; None when not even its first segment is one.
pub fn resolve(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    (1..=path.len()).rev().find_map(|k| {
        let base = path[..k].join("/");
        [format!("{base}.rs"), format!("{base}/mod.rs")]
            .into_iter()
            .find(|file| files.contains(file))
    })
}

/// The module path of a file under `src/`: `eval/trace.rs` is `eval::trace`, `eval/mod.rs` is
/// `eval`.
pub fn module_path(file: &str) -> Vec<String> {
    let trimmed = file.trim_end_matches(".rs").trim_end_matches("/mod");
    trimmed.split('/').map(str::to_string).collect()
}

/// Whether `needle` occurs in `code` not as the end of a longer name (`eprintln!` is not `println!`).
pub fn contains_word(code: &str, needle: &str) -> bool {
    code.match_indices(needle).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Where each line of a literal's text begins: split at its `\\n` escapes, leading blanks dropped.
pub fn line_starts(literal: &str) -> impl Iterator<Item = &str> {
    literal.split("\\n").map(str::trim_start)
}
