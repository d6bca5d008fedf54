//! `engine completions SHELL` and `engine man [COMMAND]`: bash, given the script, completes every
//! command README.md's command table lists (and that table lists every command `--help` has);
//! the zsh and fish scripts name them; the manual page is roff, titled `engine(1)`, and refers to
//! each command's page, which `engine man COMMAND` prints.

use std::process::Command;

use crate::common::{run, Run};

/// The commands of README.md's command-line table: the word after `engine` in each code span of
/// each row's first cell (the bare `engine`, the UCI loop, aside).
fn readme_commands() -> Vec<String> {
    let readme = include_str!("../../README.md");
    let (_, section) = readme
        .split_once("\n## Command line\n")
        .expect("README.md has a Command line section");
    let mut commands = Vec::new();
    let rows = section.lines().take_while(|line| !line.starts_with("## "));
    // A command of the `tune` build only (`engine spsa`) is listed by that build's --help alone.
    let built = |line: &&str| cfg!(feature = "tune") || !line.contains("--features tune");
    for row in rows
        .filter(|line| line.starts_with("| `engine"))
        .filter(built)
    {
        let first_cell = row.split('|').nth(1).unwrap_or("");
        for span in first_cell.split('`').skip(1).step_by(2) {
            if let Some(rest) = span.strip_prefix("engine ") {
                commands.extend(rest.split_whitespace().next().map(str::to_string));
            }
        }
    }
    commands.sort();
    commands.dedup();
    commands
}

/// The commands `engine --help` lists (its own `help` aside).
fn help_commands() -> Vec<String> {
    let help = run(&["--help"], "");
    assert!(help.status.success(), "{}", help.stderr);
    let (_, listed) = help
        .stdout
        .split_once("Commands:\n")
        .expect("a command list");
    let mut commands: Vec<String> = listed
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    commands.sort();
    commands
}

/// The script of `engine completions SHELL`.
fn script(shell: &str) -> String {
    let out = run(&["completions", shell], "");
    assert!(out.status.success(), "{shell}: {}", out.stderr);
    out.stdout
}

/// What bash's completion offers for `engine WORDS...` (the last word being completed), if bash
/// runs here.
fn bash_completes(script_file: &std::path::Path, words: &[&str]) -> Option<Vec<String>> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let current = words.last().copied().unwrap_or("");
    let previous = words[words.len().saturating_sub(2)];
    let program = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; _engine engine '{current}' '{previous}'; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script_file.display(),
        quoted.join(" "),
        words.len() - 1
    );
    let output = Command::new("bash").arg("-c").arg(program).output().ok()?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let offered = String::from_utf8_lossy(&output.stdout);
    Some(offered.lines().map(str::to_string).collect())
}

#[test]
fn the_readme_command_table_lists_every_command() {
    let readme = readme_commands();
    assert!(readme.contains(&"bench".to_string()), "{readme:?}");
    assert_eq!(readme, help_commands());
}

#[test]
fn bash_completes_every_command() {
    let commands = readme_commands();
    let text = script("bash");
    let file = std::env::temp_dir().join(format!("engine-completion-{}.bash", std::process::id()));
    std::fs::write(&file, &text).expect("the temporary directory is writable");
    match bash_completes(&file, &["engine", ""]) {
        Some(offered) => {
            for command in &commands {
                assert!(offered.contains(command), "{command}: {offered:?}");
            }
            assert_eq!(
                bash_completes(&file, &["engine", "ben"]),
                Some(vec!["bench".to_string()])
            );
            let shells = bash_completes(&file, &["engine", "completions", ""]).unwrap_or_default();
            for shell in ["bash", "zsh", "fish"] {
                assert!(shells.contains(&shell.to_string()), "{shells:?}");
            }
        }
        // Without bash, the script still names each command as a word to offer.
        None => {
            for command in &commands {
                assert!(text.split_whitespace().any(|w| w == command), "{command}");
            }
        }
    }
    std::fs::remove_file(&file).expect("removable");
}

#[test]
fn zsh_and_fish_scripts_name_every_command() {
    let (zsh, fish) = (script("zsh"), script("fish"));
    assert!(zsh.starts_with("#compdef engine"), "{zsh}");
    for command in readme_commands() {
        assert!(zsh.contains(&format!("({command})")), "zsh: {command}");
        assert!(
            fish.contains(&format!("-a \"{command}\"")),
            "fish: {command}"
        );
    }
}

/// The lines of a manual page after roff's definition of the apostrophe string (`.ie`/`.el`).
fn page_lines(page: &Run) -> Vec<&str> {
    assert!(page.status.success(), "{}", page.stderr);
    page.lines()
        .into_iter()
        .skip_while(|line| line.starts_with(".ie ") || line.starts_with(".el "))
        .collect()
}

#[test]
fn the_manual_page_is_roff_titled_engine_and_refers_to_every_command() {
    let page = run(&["man"], "");
    let lines = page_lines(&page);
    let version = env!("CARGO_PKG_VERSION");
    assert!(lines[0].starts_with(".TH engine 1 "), "{}", page.stdout);
    assert!(
        lines[0].contains(&format!("\"engine {version}")),
        "{}",
        page.stdout
    );
    assert!(
        lines.iter().all(|line| !line.is_empty()),
        "roff has no blank lines"
    );
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(lines.contains(&section), "{section}");
    }
    for command in readme_commands() {
        let reference = format!("engine\\-{command}(1)");
        assert!(lines.contains(&reference.as_str()), "{reference}");
    }
    // Where groff is installed, the page renders without a warning.
    if let Some(text) = groff(&page.stdout) {
        assert!(text.contains("engine-bench(1)"), "{text}");
    }
}

/// The text groff renders of a manual page, if groff runs here; panics on a warning.
fn groff(page: &str) -> Option<String> {
    use std::io::Write;
    use std::process::Stdio;
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P", "-c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = groff.stdin.take().expect("piped");
    stdin
        .write_all(page.as_bytes())
        .expect("groff reads the page");
    drop(stdin);
    let output = groff.wait_with_output().expect("groff ends");
    let warnings = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && warnings.is_empty(), "{warnings}");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[test]
fn man_of_a_command_prints_its_page() {
    let page = run(&["man", "bench"], "");
    let lines = page_lines(&page);
    assert!(
        lines[0].starts_with(".TH engine-bench 1 "),
        "{}",
        page.stdout
    );
    let synopsis = lines
        .iter()
        .skip_while(|line| **line != ".SH SYNOPSIS")
        .nth(1)
        .unwrap_or_else(|| panic!("a synopsis: {}", page.stdout));
    assert!(synopsis.starts_with("\\fBengine bench\\fR "), "{synopsis}");
    assert!(synopsis.contains("DEPTH"), "{synopsis}");
    let unknown = run(&["man", "nosuch"], "");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(unknown.stdout.is_empty(), "{}", unknown.stdout);
    assert!(
        unknown.stderr.contains("no command 'nosuch'"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn completions_and_man_refuse_what_they_cannot_use() {
    for args in [
        &["completions", "tcsh"][..],
        &["--fen", "8/8/8/8/8/8/8/K6k w - - 0 1", "man"],
        &["--set", "Hash=32", "completions", "bash"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
    }
}
