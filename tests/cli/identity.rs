//! Who the engine says it is: `engine --version` and the UCI `id name` carry the version and the
//! git commit the binary was built from (build.rs), and a source without git gives no commit.

use std::path::Path;
use std::process::Command;

use crate::build_script;
use crate::common::run;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The trimmed output of `git ARGS` in `dir`, if git runs there and succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// What the binary should call itself: the version, with the checkout's commit (and `-dirty`
/// when the sources differ from it), found here with git's own commands.
fn expected_name() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let root = Path::new(ROOT);
    let Some(hash) = git(root, &["rev-parse", "--short", "HEAD"]) else {
        return format!("engine {version}");
    };
    let status = git(
        root,
        &[
            "status",
            "--porcelain",
            "--",
            "src",
            "build.rs",
            "Cargo.toml",
            "Cargo.lock",
            "nets",
            "positions",
        ],
    )
    .expect("git status runs where rev-parse did");
    let dirty = if status.is_empty() { "" } else { "-dirty" };
    format!("engine {version} ({hash}{dirty})")
}

#[test]
fn version_and_id_name_carry_the_commit_of_the_checkout() {
    let expected = expected_name();
    let version = run(&["--version"], "");
    assert!(version.status.success(), "{}", version.stderr);
    assert_eq!(version.stdout.trim_end(), expected);
    let uci = run(&[], "uci\nquit\n");
    assert_eq!(
        uci.lines().first().copied(),
        Some(format!("id name {expected}").as_str()),
        "{}",
        uci.stdout
    );
}

#[test]
fn the_version_names_the_commit_and_its_dirty_mark() {
    let commit = |dirty| build_script::Commit {
        hash: "1e5cca1".to_string(),
        dirty,
    };
    let name =
        |commit: Option<&build_script::Commit>| build_script::version_string("0.1.0", commit);
    assert_eq!(name(Some(&commit(false))), "0.1.0 (1e5cca1)");
    assert_eq!(name(Some(&commit(true))), "0.1.0 (1e5cca1-dirty)");
    assert_eq!(name(None), "0.1.0");
}

#[test]
fn a_source_outside_git_or_untracked_by_it_has_no_commit() {
    let dir = std::env::temp_dir().join(format!("engine-identity-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    std::fs::write(dir.join("build.rs"), "fn main() {}\n").expect("writable");
    // A source archive unpacked where no repository is (a temporary directory).
    if git(&dir, &["rev-parse", "--git-dir"]).is_none() {
        assert_eq!(build_script::git_commit(&dir), None);
    }
    // The same inside a repository that does not track it: that repository's commit is not its.
    if git(&dir, &["init", "-q"]).is_some() {
        let committed = git(
            &dir,
            &[
                "-c",
                "user.name=test",
                "-c",
                "user.email=test@example.com",
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                "other",
            ],
        );
        assert!(committed.is_some(), "an empty commit in {}", dir.display());
        assert_eq!(build_script::git_commit(&dir), None);
        git(&dir, &["add", "build.rs"]).expect("git add");
        let found = build_script::git_commit(&dir).expect("a tracked build.rs has a commit");
        assert_eq!(
            Some(found.hash),
            git(&dir, &["rev-parse", "--short", "HEAD"])
        );
        assert!(found.dirty, "build.rs is added, not committed");
    }
    std::fs::remove_dir_all(&dir).expect("removable");
}
