//! The search explorer (`engine tree --format html`) in a real browser: headless Chromium opens
//! the page with `#steps=N`, which replays N steps before the DOM is dumped, and the test reads
//! the step count, the node the search is at, the nodes entered so far and the explanation of
//! a cut-off back from the DOM. Ignored by default (it needs a browser): `cargo test --release
//! --test cli explorer -- --ignored`; it passes with a message when no Chromium is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::run;
use crate::tree::page_data;

/// The first Chromium found on the PATH.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|out| out.status.success())
        })
}

/// The DOM of `page` after `steps` steps, as headless Chromium builds it.
fn dom_after(browser: &str, page: &Path, steps: usize) -> String {
    // A profile of its own: the tests run at the same time.
    let name = page.file_stem().map(|s| s.to_string_lossy().to_string());
    let profile =
        std::env::temp_dir().join(format!("{}-profile-{steps}", name.unwrap_or_default()));
    let url = format!("file://{}#steps={steps}", page.display());
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", &url])
        .output()
        .expect("the browser runs");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The value of attribute `name` of the first element whose opening tag contains `marker`.
fn attribute(dom: &str, marker: &str, name: &str) -> String {
    let at = dom
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in the DOM"));
    let tag_start = dom[..at].rfind('<').expect("a tag");
    let tag_end = at + dom[at..].find('>').expect("the tag's end");
    let tag = &dom[tag_start..tag_end];
    let key = format!("{name}=\"");
    let from = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    let to = from + tag[from..].find('"').expect("the value's end");
    tag[from..to].replace("&amp;", "&")
}

/// The text of the explanations shown, pane by pane.
fn explanations(dom: &str) -> Vec<String> {
    dom.split("class=\"explain")
        .skip(1)
        .map(|part| {
            let start = part.find('>').map_or(0, |at| at + 1);
            let end = part.find("</div>").unwrap_or(part.len());
            let inner = &part[start..end.max(start)];
            let mut text = String::new();
            let mut in_tag = false;
            for c in inner.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text
        })
        .collect()
}

/// Writes the page of `engine tree` with `args` to a temporary file.
fn write_page(name: &str, args: &[&str]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("engine-{name}-{}.html", std::process::id()));
    let file = path.to_string_lossy().to_string();
    let mut all = args.to_vec();
    all.extend(["--format", "html", "-o", &file]);
    let out = run(&all, "");
    assert!(out.status.success(), "{}", out.stderr);
    path
}

#[test]
#[ignore = "needs a browser: cargo test --release --test cli explorer -- --ignored"]
fn the_explorer_replays_a_search_step_by_step_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no chromium found (apt-get install chromium)");
        return;
    };
    let fen = "k7/8/8/3n4/4P3/8/8/K7 w - - 0 1";
    let page = write_page(
        "explorer",
        &[
            "--fen",
            fen,
            "tree",
            "--depth",
            "3",
            "--search",
            "AlphaBeta",
        ],
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    let data = &page_data(&html)[0];
    let steps: Vec<usize> = data["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s.as_u64().expect("a step") as usize)
        .collect();
    let label = |id: usize| data["n"][id][2].as_str().expect("a label").to_string();
    // The step after which the first cut-off is shown.
    let cut = 1 + steps.iter().position(|s| s % 3 == 2).expect("a cut-off");
    for n in [0, 1, 7, cut, steps.len()] {
        let dom = dom_after(browser, &page, n);
        assert_eq!(
            attribute(&dom, "<body", "data-steps"),
            steps.len().to_string()
        );
        assert_eq!(attribute(&dom, "<body", "data-step"), n.to_string());
        let entered = steps[..n].iter().filter(|s| *s % 3 == 0).count();
        assert_eq!(
            attribute(&dom, "class=\"pane", "data-entered"),
            entered.to_string()
        );
        let shown = attribute(&dom, "class=\"pane", "data-current-label");
        let expected = match n {
            0 => String::new(),
            _ => label(steps[n - 1] / 3),
        };
        assert_eq!(shown, expected, "the node after {n} steps");
        let explained = explanations(&dom).remove(0);
        if n == cut {
            let node = label(steps[n - 1] / 3);
            assert!(
                explained.contains(&format!("cut-off at {node}:")) && explained.contains("skipped"),
                "{explained}"
            );
        }
        if n == 0 {
            assert!(explained.contains("Nothing searched yet"), "{explained}");
        }
    }
    let _ = std::fs::remove_file(&page);
}

#[test]
#[ignore = "needs a browser: cargo test --release --test cli explorer -- --ignored"]
fn the_explorer_steps_two_searches_together_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no chromium found (apt-get install chromium)");
        return;
    };
    let fen = "k7/8/8/3n4/4P3/8/8/K7 w - - 0 1";
    let page = write_page(
        "explorer-compare",
        &[
            "--fen",
            fen,
            "tree",
            "--depth",
            "2",
            "--compare",
            "Minimax,AlphaBeta",
        ],
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    let data = page_data(&html);
    let steps: Vec<Vec<u64>> = data
        .iter()
        .map(|d| {
            d["steps"]
                .as_array()
                .expect("steps")
                .iter()
                .map(|s| s.as_u64().expect("a step"))
                .collect()
        })
        .collect();
    let longest = steps.iter().map(Vec::len).max().expect("two searches");
    // After more steps than AlphaBeta has, AlphaBeta is done and Minimax goes on.
    let n = steps[1].len() + 3;
    let dom = dom_after(browser, &page, n);
    assert_eq!(attribute(&dom, "<body", "data-steps"), longest.to_string());
    for (i, search) in ["Minimax", "AlphaBeta"].iter().enumerate() {
        let marker = format!("data-search=\"{search}\"");
        let entered = steps[i][..n.min(steps[i].len())]
            .iter()
            .filter(|s| *s % 3 == 0)
            .count();
        assert_eq!(
            attribute(&dom, &marker, "data-entered"),
            entered.to_string(),
            "{search}"
        );
    }
    assert!(explanations(&dom)[1].contains("This search has finished"));
    let _ = std::fs::remove_file(&page);
}
