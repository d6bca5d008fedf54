//! `engine tree`: the tree of one small search, recorded from the search itself through its
//! observer hook ([`crate::search::observer`]), laid out and drawn as SVG, or written as
//! Graphviz DOT.
//!
//! The tree is the tree searched: one node per node the search counts (so as many as `go`
//! reports for the same search from a fresh table), each with the move that led to it, the
//! window it was searched with and the value it returned; AlphaBeta's cut-offs with the moves
//! they skipped. IterativeDeepening's tree holds every iteration (each a root of its own), as
//! `go depth N` searches and counts them.

mod data;
mod dot;
mod html;
mod layout;
mod recorder;
mod svg;
mod text;

use std::time::{Duration, Instant};

use shakmaty::{Color, Move, Position};

use crate::board::game::Game;
use crate::eval::Score;
use crate::search::observer::{Decision, NodeKind, Prune, Window};
use crate::search::{
    self, Iteration, Limits, Report, SearchConfig, SearchKind, SearchRequest, SearchResult,
    SearchState, Signals,
};
use crate::tools::compare::search_once;
use recorder::Recorder;

pub use dot::render as render_dot;
pub use html::render as render_html;
pub use svg::render as render_svg;

/// The default of `--max-nodes`: what the explorer page holds and steps through quickly.
pub const DEFAULT_MAX_NODES: u64 = 100_000;
/// The most nodes a picture (SVG, DOT) shows readably: `engine tree` warns above it.
pub const READABLE_NODES: usize = 500;
/// How long a search may run just to count its nodes.
const COUNT_TIME: Duration = Duration::from_secs(10);

/// How the search reached a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edge {
    Root,
    Move {
        mv: Move,
        san: String,
    },
    /// A null move (IterativeDeepening's null-move pruning): the side to move passes.
    Null,
    /// IterativeDeepening's singularity test: the parent's position searched again, at the same
    /// ply, without its table move `mv`.
    Without {
        mv: Move,
        san: String,
    },
}

/// One thing the search did, in the order it did it (the replay of the explorer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The node is entered (its window is known when it is left).
    Enter(usize),
    /// The node returns its value.
    Leave(usize),
    /// The node cuts off (AlphaBeta and IterativeDeepening): its last child's value reached
    /// its bound.
    Cutoff(usize),
    /// IterativeDeepening prunes moves: the index of the [`Pruned`] moves in the tree.
    Prune(usize),
}

/// Moves that IterativeDeepening did not search at a node, by one rule with the same values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pruned {
    pub node: usize,
    pub rule: Prune,
    /// Whether the staged picker generated them (false: a futile node's quiet moves).
    pub generated: bool,
    pub moves: Vec<Skipped>,
}

/// A move a cut-off skipped (or a table move), with its SAN when the position is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub mv: Move,
    pub san: Option<String>,
}

/// One node the search visited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub parent: Option<usize>,
    pub ply: usize,
    pub edge: Edge,
    pub kind: NodeKind,
    /// The window it was searched with, from its side to move (None for Minimax).
    pub window: Option<Window>,
    /// The value it returned, from its side to move (None if the search stopped inside it).
    pub score: Option<Score>,
    /// The nodes searched below it, in the order searched.
    pub children: Vec<usize>,
    /// AlphaBeta: the moves a cut-off here left unsearched (possibly none).
    pub cutoff: Option<Vec<Skipped>>,
    /// On the principal variation its search reported.
    pub pv: bool,
    /// IterativeDeepening: the move the transposition table gave it, tried first.
    pub table_move: Option<Skipped>,
    /// IterativeDeepening: it returned the table's value without searching a move.
    pub table_cutoff: bool,
    /// IterativeDeepening: what it decided (rules, extensions, re-searches), in order.
    pub notes: Vec<Decision>,
}

impl TreeNode {
    fn new(parent: Option<usize>, ply: usize, edge: Edge, kind: NodeKind) -> TreeNode {
        TreeNode {
            parent,
            ply,
            edge,
            kind,
            window: None,
            score: None,
            children: Vec::new(),
            cutoff: None,
            pv: false,
            table_move: None,
            table_cutoff: false,
            notes: Vec::new(),
        }
    }
}

/// One root search: IterativeDeepening has one per iteration (more when an aspiration window
/// fails), the others one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootSearch {
    pub node: usize,
    /// The depth it searched to.
    pub depth: u32,
}

/// The tree of one search, and what the search answered.
#[derive(Clone, Debug)]
pub struct SearchTree {
    /// Every node, in the order the search entered them.
    pub nodes: Vec<TreeNode>,
    pub roots: Vec<RootSearch>,
    pub kind: SearchKind,
    pub depth: u32,
    pub fen: String,
    /// The side to move at the root: MAX.
    pub root_turn: Color,
    pub result: SearchResult,
    /// The principal variation of the last depth.
    pub pv: Vec<Move>,
    /// Every node entered and left and every cut-off, in the order the search ran them.
    pub steps: Vec<Step>,
    /// The moves IterativeDeepening pruned, in the order it pruned them.
    pub pruned: Vec<Pruned>,
}

/// Why no tree was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// More nodes than `--max-nodes`: how many (exactly, or at least when `exact` is false).
    TooLarge { nodes: u64, max: u64, exact: bool },
    /// Random searches no tree.
    NoTree(SearchKind),
    /// The game is over at the root: nothing to search.
    NoMoves,
    /// The recorded tree disagrees with the search (a broken hook).
    Inconsistent(String),
}

impl std::fmt::Display for TreeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TreeError::TooLarge { nodes, max, exact } => write!(
                f,
                "the tree would have {}{} nodes, more than --max-nodes {max}: choose a smaller \
                 depth or position, or raise --max-nodes",
                if *exact { "" } else { "more than " },
                nodes
            ),
            TreeError::NoTree(kind) => write!(
                f,
                "{kind} searches no tree; choose Minimax, AlphaBeta or IterativeDeepening"
            ),
            TreeError::NoMoves => write!(f, "the position has no legal move: nothing to search"),
            TreeError::Inconsistent(what) => {
                write!(f, "the recorded tree disagrees with the search: {what}")
            }
        }
    }
}

impl std::error::Error for TreeError {}

/// The number of nodes `config`'s search of `game` to `depth` visits from a fresh table, as
/// `go depth` counts them; whether it is exact (false: the count was stopped after
/// `COUNT_TIME`).
pub fn count_nodes(game: &Game, config: &SearchConfig, depth: u32, hash_mb: usize) -> (u64, bool) {
    let result = search_once(game, config, depth, COUNT_TIME, hash_mb);
    let exact = result.depth == depth || result.best.is_none();
    (result.nodes, exact)
}

/// Records the tree of `config`'s search of `game` to `depth` from a fresh table of `hash_mb`
/// MB, refused when it has more than `max_nodes` nodes. The search is run twice: once alone, to
/// count its nodes, then observed; both must agree. It runs on one thread at full strength
/// (a tree of Lazy SMP's threads together, or of a limited strength's pick, is no one search).
pub fn record(
    game: &Game,
    config: &SearchConfig,
    depth: u32,
    hash_mb: usize,
    max_nodes: u64,
) -> Result<SearchTree, TreeError> {
    let config = &SearchConfig {
        threads: 1,
        limit_strength: false,
        ..*config
    };
    let nodes = check_size(game, config, (depth, hash_mb), max_nodes)?;
    let mut recorder = Recorder::new(game.position());
    let mut iterations = Vec::new();
    let mut report = |report: Report| {
        if let Report::Iteration(iteration) = report {
            iterations.push(iteration);
        }
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut state = SearchState::new(hash_mb);
    let (signals, start) = (Signals::new(false), Instant::now());
    let result = search::run_observed(
        &SearchRequest {
            game,
            config,
            limits: &limits,
            signals: &signals,
            start,
        },
        &mut state,
        &mut recorder,
        &mut report,
    );
    if let Some(fault) = recorder.fault {
        return Err(TreeError::Inconsistent(fault));
    }
    if recorder.nodes.len() as u64 != result.nodes || result.nodes != nodes {
        return Err(TreeError::Inconsistent(format!(
            "{} nodes recorded, {} counted by the search, {nodes} without an observer",
            recorder.nodes.len(),
            result.nodes
        )));
    }
    let mut tree = SearchTree {
        nodes: recorder.nodes,
        roots: Vec::new(),
        kind: config.kind,
        depth,
        fen: game.fen(),
        root_turn: game.position().turn(),
        pv: iterations
            .last()
            .map(|it| it.pv.clone())
            .unwrap_or_default(),
        result,
        steps: recorder.steps,
        pruned: recorder.pruned,
    };
    assign_roots(&mut tree, recorder.roots, &iterations)?;
    if let Some(root) = tree.roots.last() {
        let value = tree.nodes[root.node].score;
        if value != Some(tree.result.score) {
            return Err(TreeError::Inconsistent(format!(
                "root value {value:?}, search score {}",
                tree.result.score
            )));
        }
    }
    Ok(tree)
}

/// Refuses a search that draws no tree (Random, no legal move) or one of more than
/// `max_nodes` nodes; its node count otherwise, from a search without an observer.
fn check_size(
    game: &Game,
    config: &SearchConfig,
    (depth, hash_mb): (u32, usize),
    max_nodes: u64,
) -> Result<u64, TreeError> {
    if config.kind == SearchKind::Random {
        return Err(TreeError::NoTree(config.kind));
    }
    if game.position().legal_moves().is_empty() {
        return Err(TreeError::NoMoves);
    }
    let (nodes, exact) = count_nodes(game, config, depth, hash_mb);
    if nodes > max_nodes {
        let max = max_nodes;
        return Err(TreeError::TooLarge { nodes, max, exact });
    }
    Ok(nodes)
}

/// Gives each root search its depth and marks each depth's PV from its last root search: each
/// iteration's report counts the nodes so far, so its root searches are the roots entered
/// before that count. A PV that leaves the tree is an inconsistency.
fn assign_roots(
    tree: &mut SearchTree,
    roots: Vec<usize>,
    iterations: &[Iteration],
) -> Result<(), TreeError> {
    let mut roots = roots.into_iter().peekable();
    for iteration in iterations {
        let mut last = None;
        while let Some(node) = roots.next_if(|&node| (node as u64) < iteration.nodes) {
            let depth = iteration.depth;
            tree.roots.push(RootSearch { node, depth });
            last = Some(node);
        }
        let Some(root) = last else { continue };
        let marked = mark_pv(&mut tree.nodes, root, &iteration.pv);
        if marked < iteration.pv.len() {
            return Err(TreeError::Inconsistent(format!(
                "depth {}: the PV's move {} is not in the tree",
                iteration.depth,
                marked + 1
            )));
        }
    }
    Ok(())
}

/// Marks the path of `pv` from `root`: at each node the last child reached by the PV's move
/// (a re-searched move's final search). Returns how many of the PV's moves it marked.
fn mark_pv(nodes: &mut [TreeNode], root: usize, pv: &[Move]) -> usize {
    nodes[root].pv = true;
    let mut at = root;
    for (marked, &m) in pv.iter().enumerate() {
        let next = nodes[at]
            .children
            .iter()
            .rev()
            .copied()
            .find(|&child| matches!(nodes[child].edge, Edge::Move { mv, .. } if mv == m));
        let Some(child) = next else { return marked };
        nodes[child].pv = true;
        at = child;
    }
    pv.len()
}

impl SearchTree {
    /// Whether the node at `ply` is a MAX node: its side to move is the root's.
    pub fn is_max(ply: usize) -> bool {
        ply.is_multiple_of(2)
    }

    /// How many moves the cut-offs skipped, over the whole tree.
    pub fn skipped_moves(&self) -> usize {
        self.nodes
            .iter()
            .filter_map(|node| node.cutoff.as_ref())
            .map(Vec::len)
            .sum()
    }

    /// How many moves the selective rules pruned, over the whole tree.
    pub fn pruned_moves(&self) -> usize {
        self.pruned.iter().map(|p| p.moves.len()).sum()
    }
}
