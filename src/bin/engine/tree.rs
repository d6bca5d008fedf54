//! `engine tree`: the tree of one search (SVG, DOT), or the explorer page of one to three
//! searches of the same position (HTML), written through the one stdout writer or to a file.

use std::time::Instant;

use anyhow::{bail, Context, Result};

use engine::search::{SearchConfig, SearchKind};
use engine::tools::tree::READABLE_NODES;
use engine::uci::output::Output;

use crate::commands::{options, positions, print_lines};
use crate::{Cli, TreeArgs, TreeFormatArg};

/// `engine tree`: the tree of one search as SVG, DOT or HTML (or of two or three searches as
/// HTML), to stdout or `-o FILE`; on stderr the node count and the time to search and to draw.
pub fn tree(cli: &Cli, args: &TreeArgs) -> Result<()> {
    let options = options(cli)?;
    let kinds = tree_searches(args)?;
    let (_, game) = positions(cli, None)?.remove(0);
    let started = Instant::now();
    let mut trees = Vec::new();
    for kind in kinds {
        let config = SearchConfig {
            kind,
            ..options.search
        };
        let tree = engine::tools::tree::record(
            &game,
            &config,
            args.depth,
            options.hash_mb,
            args.max_nodes,
        )?;
        trees.push(tree);
    }
    let searched = started.elapsed();
    let picture = !matches!(args.format, TreeFormatArg::Html);
    for tree in trees
        .iter()
        .filter(|t| picture && t.nodes.len() > READABLE_NODES)
    {
        Output::stderr().line(&format!(
            "warning: the tree has {} nodes, more than {READABLE_NODES}: a picture that large is \
             hard to read (--format html folds it, and replays it step by step)",
            tree.nodes.len()
        ));
    }
    let started = Instant::now();
    let text = match args.format {
        TreeFormatArg::Svg => engine::tools::tree::render_svg(&trees[0]),
        TreeFormatArg::Dot => engine::tools::tree::render_dot(&trees[0]),
        TreeFormatArg::Html => engine::tools::tree::render_html(&trees),
    };
    let drawn = started.elapsed();
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => print_lines(&Output::stdout(), &text),
    }
    let all: usize = trees.iter().map(|t| t.nodes.len()).sum();
    for tree in &trees {
        let name = match trees.len() {
            1 => String::new(),
            _ => format!(" ({})", tree.kind),
        };
        Output::stderr().line(&format!(
            "Tree: {} nodes, value {}, skipped by cut-offs {} moves, pruned {} moves{name}; \
             searched twice in {:.1} ms, drawn in {:.1} ms",
            tree.nodes.len(),
            tree.result.score,
            tree.skipped_moves(),
            tree.pruned_moves(),
            searched.as_secs_f64() * 1000.0,
            drawn.as_secs_f64() * 1000.0
        ));
    }
    Output::stderr().line(&format!(
        "Page: {} bytes, {:.1} bytes a node",
        text.len(),
        text.len() as f64 / all.max(1) as f64
    ));
    Ok(())
}

/// The searches `engine tree` records: `--search`, or the two or three of `--compare` (HTML
/// only).
fn tree_searches(args: &TreeArgs) -> Result<Vec<SearchKind>> {
    match (&args.compare, args.search) {
        (Some(kinds), _) if !matches!(args.format, TreeFormatArg::Html) => {
            bail!(
                "--compare draws only --format html (given {} searches)",
                kinds.len()
            )
        }
        (Some(kinds), _) if !(2..=3).contains(&kinds.len()) => {
            bail!("--compare takes two or three searches, e.g. Minimax,AlphaBeta")
        }
        (Some(kinds), _) => Ok(kinds.clone()),
        (None, Some(kind)) => Ok(vec![kind]),
        (None, None) => bail!("choose a search with --search or --compare"),
    }
}
