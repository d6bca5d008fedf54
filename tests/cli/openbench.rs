//! OpenBench's net tests build with `make EXE=NAME EVALFILE=NET`: the Makefile hands the net to
//! cargo as ENGINE_EVALFILE (an absolute path), and build.rs embeds that file, once it is checked
//! to be a net, in place of nets/default.nnue. (The library's own test,
//! `the_embedded_net_is_the_file_the_build_chose`, checks that the binary embeds the file build.rs
//! chose.) A build with another net is left out: it takes a whole release build.

use std::path::Path;
use std::process::Command;

use crate::build_script::{embedded_net, EVALFILE_VAR, NET_MAGIC};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The commands `make -n ARGS` would run in the repository; None if make is not installed.
fn make_dry_run(args: &[&str]) -> Option<String> {
    let output = Command::new("make")
        .arg("-n")
        .arg("-C")
        .arg(ROOT)
        // Under `cargo test` the environment's CARGO is cargo's full path.
        .arg("CARGO=cargo")
        .args(args)
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The line of a dry run that runs cargo's build.
fn cargo_line(commands: &str) -> &str {
    commands
        .lines()
        .find(|line| line.contains("cargo build --release"))
        .unwrap_or_else(|| panic!("no cargo build in:\n{commands}"))
}

#[test]
fn make_hands_evalfile_to_cargo_as_an_absolute_path() {
    let Some(relative) = make_dry_run(&["EXE=engine-dev", "EVALFILE=nets/other.nnue"]) else {
        eprintln!("make is not installed: the Makefile is not checked");
        return;
    };
    let absolute = format!("{ROOT}/nets/other.nnue");
    assert_eq!(
        cargo_line(&relative),
        format!("{EVALFILE_VAR}=\"{absolute}\" cargo build --release")
    );
    assert!(
        relative.contains("cp target/release/engine \"engine-dev\""),
        "{relative}"
    );
    let given = make_dry_run(&["EVALFILE=/nets/n.nnue"]).expect("make ran above");
    assert_eq!(
        cargo_line(&given),
        format!("{EVALFILE_VAR}=\"/nets/n.nnue\" cargo build --release")
    );
    // Without EVALFILE cargo builds with the default net.
    let plain = make_dry_run(&["EXE=engine-dev"]).expect("make ran above");
    assert_eq!(cargo_line(&plain), "cargo build --release");
    assert!(!plain.contains(EVALFILE_VAR), "{plain}");
}

#[test]
fn the_build_embeds_the_evalfile_or_the_default_net() {
    let root = Path::new(ROOT);
    let default = format!("{ROOT}/nets/default.nnue");
    assert_eq!(embedded_net(root, None), Ok(default.clone()));
    assert_eq!(embedded_net(root, Some("".as_ref())), Ok(default));
    let dir = std::env::temp_dir().join(format!("engine-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
    let net = dir.join("other.nnue");
    std::fs::copy(root.join("nets/default.nnue"), &net).expect("a copy of the net");
    assert_eq!(
        embedded_net(root, Some(net.as_os_str())),
        Ok(net.to_string_lossy().into_owned())
    );
    // A path relative to the repository, as cargo runs build.rs there.
    assert_eq!(
        embedded_net(root, Some("nets/default.nnue".as_ref())),
        Ok(format!("{ROOT}/nets/default.nnue"))
    );
    let not_a_net = dir.join("not-a-net.nnue");
    std::fs::write(&not_a_net, b"#!/bin/sh\n").expect("writable");
    let refused = embedded_net(root, Some(not_a_net.as_os_str())).expect_err("not a net");
    assert!(refused.contains("not-a-net.nnue"), "{refused}");
    let missing = embedded_net(root, Some(dir.join("missing.nnue").as_os_str()));
    assert!(missing.is_err_and(|why| why.contains("missing.nnue")));
    std::fs::remove_dir_all(&dir).expect("removable");
}

#[test]
fn the_build_script_knows_the_net_files_header() {
    assert_eq!(NET_MAGIC, engine::eval::nnue::net::MAGIC);
}
