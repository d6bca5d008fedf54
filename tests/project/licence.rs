//! The licence is one the dependencies allow. The engine is GPL-3.0-or-later, as shakmaty (which
//! it links, and whose move generation src/board/movegen.rs follows) requires; every other
//! package it is built or tested with must let its code be used in a GPL-3.0-or-later program.
//! The licences are read from `cargo metadata`, not restated here.
//!
//! The rule, on each package's SPDX licence expression: a licence passes when it is in
//! [`COMPATIBLE`], the licences the FSF lists as compatible with GPLv3 (permissive ones, the
//! LGPL and GPL versions a GPLv3 work may include, MPL-2.0 through its secondary-licence
//! clause); `A OR B` passes when one branch does (the engine takes that branch), `A AND B` when
//! both do (both apply), `A WITH E` when `A` does and `E` is in [`EXCEPTIONS`] (exceptions that
//! only add permissions); `A/B`, crates.io's older way of writing `A OR B`, is read as such. A
//! package with no expression (only a licence file) fails until someone reads its file.

use std::process::Command;

use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// SPDX licence ids whose code a GPL-3.0-or-later program may include.
const COMPATIBLE: &[&str] = &[
    "0BSD",
    "Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "BSL-1.0",
    "CC0-1.0",
    "ISC",
    "MIT",
    "MIT-0",
    "MPL-2.0",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "Unlicense",
    "Zlib",
    "LGPL-2.1",
    "LGPL-2.1-only",
    "LGPL-2.1-or-later",
    "LGPL-3.0",
    "LGPL-3.0-only",
    "LGPL-3.0-or-later",
    "GPL-2.0-or-later",
    "GPL-3.0",
    "GPL-3.0-only",
    "GPL-3.0-or-later",
];

/// SPDX exceptions that only add permissions to the licence they follow.
const EXCEPTIONS: &[&str] = &["LLVM-exception"];

/// Whether the SPDX expression `text` allows use under GPL-3.0-or-later; Err if malformed.
fn allows_gpl3(text: &str) -> Result<bool, String> {
    let spaced = text
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut at = 0;
    let verdict = any_of(&tokens, &mut at)?;
    match tokens.get(at) {
        None => Ok(verdict),
        Some(extra) => Err(format!("'{extra}' after a whole expression in '{text}'")),
    }
}

/// `term (OR term)*`: true when one term is.
fn any_of(tokens: &[&str], at: &mut usize) -> Result<bool, String> {
    let mut verdict = all_of(tokens, at)?;
    while tokens.get(*at) == Some(&"OR") {
        *at += 1;
        verdict |= all_of(tokens, at)?;
    }
    Ok(verdict)
}

/// `licence (AND licence)*`: true when every licence is.
fn all_of(tokens: &[&str], at: &mut usize) -> Result<bool, String> {
    let mut verdict = licence(tokens, at)?;
    while tokens.get(*at) == Some(&"AND") {
        *at += 1;
        verdict &= licence(tokens, at)?;
    }
    Ok(verdict)
}

/// `( expression )` or `id [WITH exception]`.
fn licence(tokens: &[&str], at: &mut usize) -> Result<bool, String> {
    let token = *tokens.get(*at).ok_or("an expression ends early")?;
    *at += 1;
    if token == "(" {
        let verdict = any_of(tokens, at)?;
        if tokens.get(*at) != Some(&")") {
            return Err("an unclosed '('".to_string());
        }
        *at += 1;
        return Ok(verdict);
    }
    if ["OR", "AND", "WITH", ")"].contains(&token) {
        return Err(format!("'{token}' where a licence should be"));
    }
    let mut verdict = COMPATIBLE.contains(&token);
    if tokens.get(*at) == Some(&"WITH") {
        let exception = *tokens.get(*at + 1).ok_or("WITH and no exception")?;
        verdict &= EXCEPTIONS.contains(&exception);
        *at += 2;
    }
    Ok(verdict)
}

/// Every package of the build and test graph (all platforms), as `cargo metadata` lists it:
/// offline first (the registry cache), then online for a package the cache lacks.
fn packages() -> Vec<Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let manifest = format!("{ROOT}/Cargo.toml");
    let metadata = |extra: &[&str]| {
        let args = ["metadata", "--format-version", "1", "--locked"];
        let out = Command::new(&cargo)
            .args(args)
            .args(["--manifest-path", &manifest])
            .args(extra)
            .output()
            .expect("cargo runs");
        out.status.success().then_some(out.stdout)
    };
    let json = metadata(&["--offline"])
        .or_else(|| metadata(&[]))
        .expect("cargo metadata succeeds");
    let parsed: Value = serde_json::from_slice(&json).expect("cargo metadata prints JSON");
    parsed["packages"]
        .as_array()
        .expect("a list of packages")
        .clone()
}

/// A package's name and its licence expression (None: only a licence file, or none).
fn name_and_licence(package: &Value) -> (String, Option<String>) {
    let name = package["name"].as_str().expect("a name").to_string();
    (name, package["license"].as_str().map(str::to_string))
}

#[test]
fn the_licence_rule_reads_spdx_expressions() {
    for allowed in [
        "MIT",
        "MIT OR Apache-2.0",
        "MIT/Apache-2.0",
        "GPL-2.0-only OR MIT",
        "(MIT OR Apache-2.0) AND Unicode-3.0",
        "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
        "MIT OR Apache-2.0 OR LGPL-2.1-or-later",
        "GPL-3.0-or-later",
    ] {
        assert_eq!(allows_gpl3(allowed), Ok(true), "{allowed}");
    }
    for refused in [
        "GPL-2.0-only",
        "MIT AND GPL-2.0-only",
        "(MIT OR Apache-2.0) AND SSPL-1.0",
        "Apache-2.0 WITH Some-Unknown-exception",
        "BUSL-1.1",
        "Proprietary",
    ] {
        assert_eq!(allows_gpl3(refused), Ok(false), "{refused}");
    }
    for malformed in [
        "",
        "MIT OR",
        "(MIT",
        "MIT Apache-2.0",
        "MIT WITH",
        "AND MIT",
    ] {
        assert!(allows_gpl3(malformed).is_err(), "{malformed}");
    }
}

#[test]
fn every_dependency_allows_use_under_gpl_3_or_later() {
    let mut refused = Vec::new();
    let mut checked = 0;
    for package in packages() {
        let (name, licence) = name_and_licence(&package);
        if name == "engine" {
            continue;
        }
        let verdict = match &licence {
            Some(expression) => allows_gpl3(expression),
            None => Err("no licence expression".to_string()),
        };
        checked += 1;
        if verdict != Ok(true) {
            refused.push(format!("{name}: {licence:?} ({verdict:?})"));
        }
    }
    assert!(checked > 10, "only {checked} packages listed");
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

#[test]
fn the_crate_is_gpl_3_or_later_as_shakmaty_requires() {
    let packages = packages();
    let licence_of = |wanted: &str| {
        packages
            .iter()
            .map(name_and_licence)
            .find(|(name, _)| name == wanted)
            .and_then(|(_, licence)| licence)
            .unwrap_or_else(|| panic!("no licence of {wanted}"))
    };
    assert_eq!(licence_of("shakmaty"), "GPL-3.0-or-later");
    assert_eq!(licence_of("engine"), "GPL-3.0-or-later");
}

#[test]
fn the_licence_text_is_in_the_repository() {
    let text = std::fs::read_to_string(format!("{ROOT}/LICENSE")).expect("LICENSE is readable");
    let mut lines = text.lines().map(str::trim);
    assert_eq!(lines.next(), Some("GNU GENERAL PUBLIC LICENSE"));
    assert_eq!(lines.next(), Some("Version 3, 29 June 2007"));
    for part in [
        "TERMS AND CONDITIONS",
        "15. Disclaimer of Warranty.",
        "END OF TERMS AND CONDITIONS",
        "How to Apply These Terms to Your New Programs",
    ] {
        assert!(text.contains(part), "LICENSE lacks '{part}'");
    }
}

#[test]
fn the_readme_states_the_licence() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).expect("README.md");
    let section = readme
        .split("\n## Licence\n")
        .nth(1)
        .expect("a Licence section");
    assert!(
        section.contains("GPL-3.0-or-later") && section.contains("`LICENSE`"),
        "{section}"
    );
}
