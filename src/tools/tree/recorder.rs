//! The observer that writes down the tree a search walks, node by node, as the search tells it.

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::eval::Score;
use crate::search::observer::{NodeKind, SearchObserver, Window};
use crate::tools::tree::{Edge, Skipped, Step, TreeNode};

/// Builds the nodes of a search's tree from its observer calls.
pub struct Recorder {
    pub nodes: Vec<TreeNode>,
    /// The root nodes, one per root search, in order.
    pub roots: Vec<usize>,
    /// What happened, in the order the search did it.
    pub steps: Vec<Step>,
    /// The node open at each ply of the current path.
    open: Vec<usize>,
    /// The moves played on the current path, and the position each leads to (None after a
    /// null move, whose position the observer is not shown).
    path: Vec<(Edge, Option<Chess>)>,
    root: Chess,
    /// The first call that did not fit the tree (a node entered at a ply the path has not
    /// reached, a leave or undo without its node or move): a broken hook.
    pub fault: Option<String>,
}

impl Recorder {
    pub fn new(root: &Chess) -> Recorder {
        Recorder {
            nodes: Vec::new(),
            roots: Vec::new(),
            steps: Vec::new(),
            open: Vec::new(),
            path: Vec::new(),
            root: root.clone(),
            fault: None,
        }
    }

    fn fail(&mut self, what: String) {
        self.fault.get_or_insert(what);
    }

    /// The position at `ply` of the current path, when known.
    fn position_at(&self, ply: usize) -> Option<&Chess> {
        match ply {
            0 => Some(&self.root),
            _ => self.path.get(ply - 1).and_then(|(_, pos)| pos.as_ref()),
        }
    }
}

/// `m` in `pos` as SAN and UCI.
fn skipped(pos: Option<&Chess>, m: Move) -> Skipped {
    Skipped {
        mv: m,
        san: pos.map(|pos| San::from_move(pos, m).to_string()),
    }
}

impl SearchObserver for Recorder {
    fn enter(&mut self, ply: usize, kind: NodeKind) {
        if ply > self.open.len() || ply != self.path.len() {
            let depth = self.path.len();
            self.fail(format!(
                "node entered at ply {ply} on a path of {depth} moves"
            ));
            return;
        }
        self.open.truncate(ply);
        let id = self.nodes.len();
        let parent = ply.checked_sub(1).map(|p| self.open[p]);
        let edge = self
            .path
            .last()
            .map_or(Edge::Root, |(edge, _)| edge.clone());
        match parent {
            Some(parent) => self.nodes[parent].children.push(id),
            None => self.roots.push(id),
        }
        self.nodes.push(TreeNode::new(parent, ply, edge, kind));
        self.open.push(id);
        self.steps.push(Step::Enter(id));
    }

    fn play(&mut self, from: &Chess, m: Move) {
        let san = San::from_move(from, m).to_string();
        let mut child = from.clone();
        child.play_unchecked(m);
        self.path.push((Edge::Move { mv: m, san }, Some(child)));
    }

    fn play_null(&mut self) {
        self.path.push((Edge::Null, None));
    }

    fn undo(&mut self) {
        if self.path.pop().is_none() {
            self.fail("a move taken back that was not played".to_string());
        }
    }

    fn leave(&mut self, ply: usize, window: Option<Window>, score: Score) {
        match self.open.get(ply) {
            Some(&id) if self.nodes[id].score.is_none() => {
                let node = &mut self.nodes[id];
                node.window = window;
                node.score = Some(score);
                self.steps.push(Step::Leave(id));
            }
            _ => self.fail(format!("a node left at ply {ply} that is not open")),
        }
    }

    fn cutoff(&mut self, ply: usize, moves: &[Move]) {
        let Some(&id) = self.open.get(ply) else {
            self.fail(format!("a cut-off at ply {ply}, where no node is open"));
            return;
        };
        let pos = self.position_at(ply);
        let list = moves.iter().map(|&m| skipped(pos, m)).collect();
        self.nodes[id].cutoff = Some(list);
        self.steps.push(Step::Cutoff(id));
    }

    fn table_move(&mut self, ply: usize, m: Move) {
        if let Some(&id) = self.open.get(ply) {
            let found = skipped(self.position_at(ply), m);
            self.nodes[id].table_move = Some(found);
        }
    }

    fn table_cutoff(&mut self, ply: usize) {
        if let Some(&id) = self.open.get(ply) {
            self.nodes[id].table_cutoff = true;
        }
    }
}
