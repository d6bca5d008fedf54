//! The Makefile does what README.md says of `make EXE=PATH` (OpenBench's workers build with
//! it): it builds the release engine with cargo and copies it to PATH. Checked without a
//! rebuild: `make -n` shows the commands, and the Makefile run in a scratch directory, with a
//! stub for `CARGO` that records its arguments and a stand-in binary, shows what it runs and
//! copies.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh scratch directory holding a copy of the Makefile, a stand-in release binary and a
/// `cargo` stub that appends its arguments to `cargo.log`.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("engine-make-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("target/release")).expect("a scratch directory");
    std::fs::copy(format!("{ROOT}/Makefile"), dir.join("Makefile")).expect("copy the Makefile");
    std::fs::write(dir.join("target/release/engine"), "stand-in engine\n").expect("writable");
    let stub = dir.join("cargo-stub");
    let script = format!(
        "#!/bin/sh\necho \"$@\" >> '{}'\n",
        dir.join("cargo.log").display()
    );
    std::fs::write(&stub, script).expect("writable");
    let chmod = Command::new("chmod").arg("+x").arg(&stub).status();
    assert!(chmod.is_ok_and(|s| s.success()), "chmod +x the stub");
    dir
}

/// `make` in `dir` with `args`; its stdout.
fn make(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("make")
        .arg("-C")
        .arg(dir)
        .args(args)
        .output()
        .expect("make runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "make {args:?}: {stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn make_exe_builds_the_release_engine_and_copies_it_there() {
    let shown = make(Path::new(ROOT), &["-n", "EXE=/tmp/somewhere/engine-x"]);
    assert!(shown.contains("cargo build --release"), "{shown}");
    assert!(
        shown.contains(r#"cp target/release/engine "/tmp/somewhere/engine-x""#),
        "{shown}"
    );

    let dir = scratch();
    let stub = dir.join("cargo-stub");
    let cargo = format!("CARGO={}", stub.display());
    let exe = dir.join("out-engine");
    make(&dir, &[&cargo, &format!("EXE={}", exe.display())]);
    let copied = std::fs::read_to_string(&exe).expect("make copied the engine to EXE");
    assert_eq!(copied, "stand-in engine\n");
    make(&dir, &[&cargo, "FEATURES=tune"]);
    let log = std::fs::read_to_string(dir.join("cargo.log")).expect("the stub ran");
    let calls: Vec<&str> = log.lines().map(str::trim_end).collect();
    assert_eq!(
        calls,
        ["build --release", "build --release --features tune"]
    );
    // Without EXE nothing is copied: the engine stays where cargo built it.
    let files = std::fs::read_dir(&dir).expect("readable").count();
    assert_eq!(
        files, 5,
        "Makefile, target, cargo-stub, cargo.log, out-engine"
    );
    let _ = std::fs::remove_dir_all(dir);
}
