//! The observer that writes down the tree a search walks, node by node, as the search tells it.

use std::collections::HashSet;

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

use crate::eval::Score;
use crate::search::observer::{Decision, Extended, NodeKind, Prune, SearchObserver, Window};
use crate::tools::tree::{Edge, Pruned, Skipped, Step, TreeNode};

/// Builds the nodes of a search's tree from its observer calls.
pub struct Recorder {
    pub nodes: Vec<TreeNode>,
    /// The root nodes, one per root search, in order.
    pub roots: Vec<usize>,
    /// What happened, in the order the search did it.
    pub steps: Vec<Step>,
    /// The moves pruned, in the order pruned.
    pub pruned: Vec<Pruned>,
    /// The node open at each ply of the current path.
    open: Vec<usize>,
    /// The moves played on the current path, and the position each leads to.
    path: Vec<(Edge, Option<Chess>)>,
    root: Chess,
    /// A decision about the node to be entered next (a reduction, a re-search, a null move, a
    /// singular extension, a singularity test), with its ply.
    pending: Option<(usize, Decision)>,
    /// The nodes whose singularity test is open, innermost last: the test takes its node's place
    /// at its ply until it is left.
    tested: Vec<usize>,
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
            pruned: Vec::new(),
            open: Vec::new(),
            path: Vec::new(),
            root: root.clone(),
            pending: None,
            tested: Vec::new(),
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

    /// `m` pruned by `rule` at the node open at `ply`: joins the last pruned moves when they
    /// are the same node's by the same rule, with no step between.
    fn prune(&mut self, ply: usize, m: Move, rule: Prune) {
        let Some(&node) = self.open.get(ply) else {
            self.fail(format!("a move pruned at ply {ply}, where no node is open"));
            return;
        };
        let name = skipped(self.position_at(ply), m);
        // The last step pruned moves: the last group's.
        let follows = matches!(self.steps.last(), Some(Step::Prune(_)));
        if let Some(group) = self.pruned.last_mut().filter(|_| follows) {
            if group.node == node && group.rule == rule {
                group.moves.push(name);
                return;
            }
        }
        self.add_pruned(node, rule, true, vec![name]);
    }

    fn add_pruned(&mut self, node: usize, rule: Prune, generated: bool, moves: Vec<Skipped>) {
        self.steps.push(Step::Prune(self.pruned.len()));
        let pruned = Pruned {
            node,
            rule,
            generated,
            moves,
        };
        self.pruned.push(pruned);
    }

    /// At the end of a futile node `id` at `ply`: the quiet moves that do not check, which the
    /// picker never generated, are pruned by futility.
    fn prune_ungenerated(&mut self, id: usize, ply: usize) {
        let Some(Decision::Futile {
            eval,
            margin,
            alpha,
        }) = self.nodes[id]
            .notes
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Futile { .. }))
        else {
            return;
        };
        let Some(pos) = self.position_at(ply) else {
            return;
        };
        let seen = self.moves_seen(id);
        let moves: Vec<Skipped> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !seen.contains(m))
            .map(|m| skipped(Some(pos), m))
            .collect();
        if !moves.is_empty() {
            let rule = Prune::Futility {
                eval,
                margin,
                alpha,
            };
            self.add_pruned(id, rule, false, moves);
        }
    }

    /// The moves node `id` searched, pruned, or skipped at a cut-off.
    fn moves_seen(&self, id: usize) -> HashSet<Move> {
        let node = &self.nodes[id];
        let mut seen: HashSet<Move> = node
            .children
            .iter()
            .filter_map(|&c| match self.nodes[c].edge {
                Edge::Move { mv, .. } => Some(mv),
                _ => None,
            })
            .collect();
        seen.extend(node.cutoff.iter().flatten().map(|s| s.mv));
        // The pruned moves recorded since the node was entered are its own or its subtree's.
        let own = self.pruned.iter().rev().take_while(|p| p.node >= id);
        seen.extend(
            own.filter(|p| p.node == id)
                .flat_map(|p| p.moves.iter().map(|s| s.mv)),
        );
        seen
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
        let pending = self.pending.take().filter(|&(at, _)| at == ply);
        let (parent, edge) = match pending {
            // The singularity test of the node open at this ply: its child, at the same ply.
            Some((_, Decision::SingularTest { m, .. })) if ply < self.open.len() => {
                let tested = self.open[ply];
                self.tested.push(tested);
                let san = skipped(self.position_at(ply), m).san.unwrap_or_default();
                (Some(tested), Edge::Without { mv: m, san })
            }
            _ => {
                let edge = self.path.last().map(|(edge, _)| edge.clone());
                let parent = ply.checked_sub(1).map(|p| self.open[p]);
                (parent, edge.unwrap_or(Edge::Root))
            }
        };
        self.open.truncate(ply);
        let id = self.nodes.len();
        match parent {
            Some(parent) => self.nodes[parent].children.push(id),
            None => self.roots.push(id),
        }
        let mut node = TreeNode::new(parent, ply, edge, kind);
        node.notes.extend(pending.map(|(_, decision)| decision));
        self.nodes.push(node);
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
        let passed = self
            .position_at(self.path.len())
            .and_then(|pos| pos.clone().swap_turn().ok());
        self.path.push((Edge::Null, passed));
    }

    fn undo(&mut self) {
        if self.path.pop().is_none() {
            self.fail("a move taken back that was not played".to_string());
        }
    }

    fn leave(&mut self, ply: usize, window: Option<Window>, score: Score) {
        match self.open.get(ply) {
            Some(&id) if self.nodes[id].score.is_none() => {
                if self.nodes[id].kind == NodeKind::Search {
                    self.prune_ungenerated(id, ply);
                }
                let node = &mut self.nodes[id];
                node.window = window;
                node.score = Some(score);
                let test = matches!(node.edge, Edge::Without { .. });
                self.steps.push(Step::Leave(id));
                // The tested node is open at its ply again.
                if let Some(tested) = self.tested.pop_if(|_| test) {
                    self.open.truncate(ply);
                    self.open.push(tested);
                }
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

    fn decision(&mut self, ply: usize, decision: Decision) {
        match decision {
            Decision::Pruned { m, rule } => self.prune(ply, m, rule),
            Decision::Reduction { .. }
            | Decision::ReSearch { .. }
            | Decision::NullMove { .. }
            | Decision::Extension {
                cause: Extended::Singular { .. },
                ..
            } => {
                self.pending = Some((ply + 1, decision));
            }
            Decision::SingularTest { .. } => self.pending = Some((ply, decision)),
            _ => match self.open.get(ply) {
                Some(&id) => self.nodes[id].notes.push(decision),
                None => self.fail(format!("a decision at ply {ply}, where no node is open")),
            },
        }
    }
}
