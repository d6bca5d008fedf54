//! The build script: the version `engine --version` and `id name` report, with the git commit,
//! and the net file embedded in the binary (`nets/default.nnue`, or `make EVALFILE=...`'s).

use std::env;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The variable naming a net file to embed in place of `nets/default.nnue` (the Makefile's `EVALFILE`).
pub const EVALFILE_VAR: &str = "ENGINE_EVALFILE";
/// How every net file begins (`src/eval/nnue/net.rs`'s `MAGIC`).
pub const NET_MAGIC: &[u8] = b"ENNU";

/// What the binary is built from: a change to any of them marks the build dirty.
const SOURCES: &[&str] = &[
    "src",
    "build.rs",
    "Cargo.toml",
    "Cargo.lock",
    "nets",
    "positions",
];

/// The commit of the checkout, and whether the binary's sources differ from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commit {
    pub hash: String,
    pub dirty: bool,
}

fn main() {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let version = env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let commit = git_commit(&root);
    println!(
        "cargo:rustc-env=ENGINE_VERSION={}",
        version_string(&version, commit.as_ref())
    );
    match embedded_net(&root, env::var_os(EVALFILE_VAR).as_deref()) {
        Ok(net) => {
            println!("cargo:rustc-env=ENGINE_EMBEDDED_NET={net}");
            println!("cargo:rerun-if-changed={net}");
        }
        Err(why) => {
            eprintln!("error: {EVALFILE_VAR}: {why}");
            std::process::exit(1);
        }
    }
    println!("cargo:rerun-if-env-changed={EVALFILE_VAR}");
    println!("cargo:rerun-if-changed=build.rs");
    if commit.is_some() {
        for path in watched(&root) {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
}

/// `0.1.0 (1e5cca1)`, `0.1.0 (1e5cca1-dirty)`, or `0.1.0` without a commit.
pub fn version_string(version: &str, commit: Option<&Commit>) -> String {
    match commit {
        Some(Commit { hash, dirty: false }) => format!("{version} ({hash})"),
        Some(Commit { hash, dirty: true }) => format!("{version} ({hash}-dirty)"),
        None => version.to_string(),
    }
}

/// The net file to embed, checked to be a net: `evalfile` (relative to `root`) or the default.
pub fn embedded_net(root: &Path, evalfile: Option<&OsStr>) -> Result<String, String> {
    let path = match evalfile.filter(|file| !file.is_empty()) {
        Some(file) => root.join(file),
        None => root.join("nets").join("default.nnue"),
    };
    let text = path
        .to_str()
        .filter(|text| !text.contains(['\n', '\r']))
        .ok_or_else(|| format!("{}: not a path cargo can pass on", path.display()))?;
    let bytes = std::fs::read(&path).map_err(|e| format!("{text}: {e}"))?;
    if !bytes.starts_with(NET_MAGIC) {
        return Err(format!(
            "{text}: not a net file of this engine (no ENNU header)"
        ));
    }
    Ok(text.to_string())
}

/// HEAD's short hash and whether the sources differ from it, if `root` is a git checkout.
pub fn git_commit(root: &Path) -> Option<Commit> {
    // A source archive has no repository; one unpacked inside another repository is not tracked
    // by it, and that repository's commit is not this source's.
    git(root, &["ls-files", "--error-unmatch", "--", "build.rs"])?;
    let hash = git(root, &["rev-parse", "--short", "HEAD"])?;
    if hash.is_empty() || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let mut status = vec!["status", "--porcelain", "--"];
    status.extend(SOURCES);
    let dirty = git(root, &status).is_some_and(|changes| !changes.is_empty());
    Some(Commit { hash, dirty })
}

/// The files whose change changes the commit or the dirty mark, for cargo to watch.
fn watched(root: &Path) -> Vec<PathBuf> {
    // HEAD and its log, the branch HEAD names (its file, or packed-refs while it has none), and
    // the sources; git finds them, also in a worktree (whose `.git` is a file naming them).
    let git_path = |name: &str| git(root, &["rev-parse", "--git-path", name]).map(|p| root.join(p));
    let mut paths: Vec<PathBuf> = ["HEAD", "logs/HEAD"]
        .into_iter()
        .filter_map(git_path)
        .collect();
    let branch = git(root, &["symbolic-ref", "-q", "HEAD"]);
    if let Some(file) = branch.and_then(|branch| git_path(&branch)) {
        if file.exists() {
            paths.push(file);
        } else {
            paths.extend(git_path("packed-refs"));
        }
    }
    paths.extend(SOURCES.iter().map(|source| root.join(source)));
    // A path that does not exist would make cargo run this script on every build.
    paths.retain(|path| path.exists());
    paths
}

/// The trimmed output of `git ARGS` in `root`; None if git is missing or fails.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    // Optional locks off: `git status` must not rewrite the index (cargo would see a change).
    let output = Command::new("git")
        .args(args)
        .current_dir(root)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
}
