//! The search explorer (`engine tree --format html`) in a real browser: headless Chromium opens
//! the page with `#steps=N`, which replays N steps before the DOM is dumped, and the test reads
//! the step count, the node the search is at, the nodes entered so far and the explanation of
//! a cut-off back from the DOM; on a default search of about 50,000 nodes, the reasons of a
//! reduced and re-searched move, of pruned moves and of a null-move cut, the root in view at the
//! start, the side panel within a 1400×900 window, and the time the page took. Ignored by default
//! (it needs a browser): `cargo test --release --test cli explorer -- --ignored`; it passes with a
//! message when no Chromium is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::run;
use crate::page::{pages, Page};

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
    dom_at(browser, page, &format!("steps={steps}"))
}

/// The DOM of `page` opened at `#fragment` (the step, a node, a filter), in a 1400×900 window.
fn dom_at(browser: &str, page: &Path, fragment: &str) -> String {
    // A profile of its own: the tests run at the same time.
    let name = page.file_stem().map(|s| s.to_string_lossy().to_string());
    let tag: String = fragment
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let profile = std::env::temp_dir().join(format!("{}-profile-{tag}", name.unwrap_or_default()));
    let url = format!("file://{}#{fragment}", page.display());
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--window-size=1400,900",
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
    let data = &pages(&html)[0];
    let steps = &data.steps;
    // The SAN the page's label ends with (after the move number).
    let label = |id: usize| match data.parent[id] {
        None => "root".to_string(),
        Some(_) => data.san(id).to_string(),
    };
    // The step after which the first cut-off is shown.
    let cut = 1 + steps.iter().position(|s| s.kind == 'c').expect("a cut-off");
    for n in [0, 1, 7, cut, steps.len()] {
        let dom = dom_after(browser, &page, n);
        assert_eq!(
            attribute(&dom, "<body", "data-steps"),
            steps.len().to_string()
        );
        assert_eq!(attribute(&dom, "<body", "data-step"), n.to_string());
        let entered = steps[..n].iter().filter(|s| s.kind == 'e').count();
        assert_eq!(
            attribute(&dom, "class=\"pane", "data-entered"),
            entered.to_string()
        );
        let shown = attribute(&dom, "class=\"pane", "data-current-label");
        let expected = match n {
            0 => String::new(),
            _ => label(steps[n - 1].node),
        };
        assert!(
            shown.ends_with(&expected),
            "the node after {n} steps: {shown}"
        );
        let explained = explanations(&dom).remove(0);
        if n == cut {
            let node = label(steps[n - 1].node);
            assert!(
                explained.contains("cut-off at ")
                    && explained.contains(&format!("{node}:"))
                    && explained.contains("skipped"),
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
    let data = pages(&html);
    let steps: Vec<Vec<char>> = data
        .iter()
        .map(|d| d.steps.iter().map(|s| s.kind).collect())
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
            .filter(|s| **s == 'e')
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

/// The position of the explorer's large example: a Queen's Gambit after 7 moves.
pub const LARGE_FEN: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

/// The explanation after step `n` of `page`, its DOM's load time checked.
fn explained_after(browser: &str, page: &Path, n: usize) -> String {
    let dom = dom_after(browser, page, n);
    assert_eq!(attribute(&dom, "<body", "data-step"), n.to_string());
    let ms: u64 = attribute(&dom, "<body", "data-load-ms")
        .parse()
        .expect("the load time");
    assert!(ms < 5000, "step {n}: the page took {ms} ms");
    explanations(&dom).remove(0)
}

/// A node reduced by late-move reductions whose move was searched again at full depth: the
/// reduced node and the re-search.
fn reduced_and_searched_again(data: &Page) -> (usize, usize) {
    (0..data.moves.len())
        .filter(|&id| data.note(id, 'R').is_some())
        .find_map(|id| {
            let parent = data.parent[id]?;
            let kids = &data.kids[parent];
            let next = kids[kids.iter().position(|&k| k == id)? + 1..]
                .first()
                .copied()?;
            let again = data.note(next, 'S')?;
            (again[0] == 1 && data.moves[next] == data.moves[id]).then_some((id, next))
        })
        .expect("a reduced move searched again")
}

#[test]
#[ignore = "needs a browser: cargo test --release --test cli explorer -- --ignored"]
fn a_default_search_of_50000_nodes_loads_and_explains_its_rules_in_chromium() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no chromium found (apt-get install chromium)");
        return;
    };
    let args = ["--fen", LARGE_FEN, "tree", "--search", "IterativeDeepening"];
    let depth = ["--depth", "12", "--max-nodes", "200000"];
    let page = write_page("explorer-large", &[&args[..], &depth].concat());
    let html = std::fs::read_to_string(&page).expect("the page");
    let data = &pages(&html)[0];
    // Tens of thousands of nodes: the depth-12 tree's size moves with every search change.
    assert!(
        (40_000..200_000).contains(&data.moves.len()),
        "{} nodes",
        data.moves.len()
    );
    // At the start, the first root in view, the side panel within the window, no node's value
    // or window shown before it is searched; the summary has a row a depth.
    let dom = dom_after(browser, &page, 0);
    assert_eq!(attribute(&dom, "<body", "data-root-in-view"), "true");
    assert_eq!(attribute(&dom, "<body", "data-panel-fits"), "true");
    assert!(!dom.contains("class=\"win\"") && !dom.contains("class=\"val\""));
    for depth in 1..=12 {
        assert!(
            dom.contains(&format!("<tr data-depth=\"{depth}\">")),
            "depth {depth}"
        );
    }
    check_filters(browser, &page, data);
    // A reduced move, then its search again at full depth.
    let (reduced, again) = reduced_and_searched_again(data);
    let r = data.note(reduced, 'R').expect("the reduction");
    let plies = if r[0] == 1 { "ply" } else { "plies" };
    let sentence = format!(
        "Late-move reduction: {} {plies} (move {}, depth {})",
        r[0], r[1], r[2]
    );
    let text = explained_after(browser, &page, data.step_of(reduced, 'e') + 1);
    assert!(text.contains(&sentence), "{text}");
    let fail = match data.values[again] {
        Some(v) if -v > data.note(again, 'S').expect("the re-search")[2] => "fail high",
        _ => "fail low",
    };
    let text = explained_after(browser, &page, data.step_of(again, 'l') + 1);
    let outcome = format!("{sentence}; searched again at full depth: {fail}");
    assert!(text.contains(&outcome), "{text}");
    // Pruned moves, each rule's first and last, named with their reason and their numbers.
    for (kind, reason) in [
        ('l', "Late-move pruning at"),
        ('s', "SEE pruning at"),
        ('g', "Futility pruning at"),
        ('u', "searched after its reduction at depth"),
        ('h', "History pruning at"),
    ] {
        let of_kind = || {
            data.groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.kind == kind)
        };
        let first = of_kind().next().map(|(i, _)| i).expect("pruned moves");
        let last = of_kind().next_back().map(|(i, _)| i).expect("pruned moves");
        for group in [first, last] {
            let n = 1 + data
                .steps
                .iter()
                .position(|s| s.group == Some(group))
                .expect("its step");
            let text = explained_after(browser, &page, n);
            let san = data.groups[group].moves[0]
                .split(' ')
                .next()
                .expect("a SAN")
                .to_string();
            assert!(text.contains(reason) && text.contains(&san), "{text}");
            let garbled = ["undefined", "NaN"].iter().any(|bad| text.contains(bad));
            assert!(!garbled, "step {n}: {text}");
        }
    }
    // A null-move cut.
    let cut = (0..data.moves.len())
        .find(|&id| data.note(id, 'n').is_some_and(|n| n[2] == 1))
        .expect("a null-move cut");
    let text = explained_after(browser, &page, data.step_of(cut, 'l') + 1);
    assert!(text.contains("null-move cut"), "{text}");
    let _ = std::fs::remove_file(&page);
}

/// The classes of every node drawn.
fn node_classes(dom: &str) -> Vec<&str> {
    dom.match_indices("<g class=\"node ")
        .map(|(at, m)| {
            let rest = &dom[at + m.len()..];
            &rest[..rest.find('"').expect("the class's end")]
        })
        .collect()
}

/// The filters: the principal variation alone, a node's subtree alone, one rule's nodes marked.
fn check_filters(browser: &str, page: &Path, data: &Page) {
    let last = data.steps.len();
    let dom = dom_at(browser, page, &format!("steps={last}&filter=pv"));
    let classes = node_classes(&dom);
    assert!(classes.len() > 10, "{} nodes drawn", classes.len());
    assert!(
        classes.iter().all(|c| c.split(' ').any(|w| w == "pv")),
        "{classes:?}"
    );
    let (reduced, _) = reduced_and_searched_again(data);
    let parent = data.parent[reduced].expect("a parent");
    let n = data.step_of(reduced, 'e') + 1;
    let dom = dom_at(
        browser,
        page,
        &format!("steps={n}&filter=subtree&node={parent}"),
    );
    assert!(
        dom.contains("subtree of ") && !dom.contains(">iteration "),
        "the subtree alone"
    );
    let shown: usize = attribute(&dom, "class=\"pane", "data-shown")
        .parse()
        .expect("a count");
    assert!(shown > data.kids[parent].len(), "{shown} nodes shown");
    let dom = dom_at(browser, page, &format!("steps={n}&filter=reduce"));
    let class = attribute(&dom, &format!("data-id=\"{reduced}\" transform"), "class");
    assert!(class.split(' ').any(|w| w == "match"), "{class}");
}
