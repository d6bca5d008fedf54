//! One recorded search as the explorer's data: a JSON object of columns, compact enough for a
//! tree of 100,000 nodes. Numbers repeated across nodes (moves, windows, values) are kept once
//! in a table, and each node holds their index as fixed-width base-64 digits in one string per
//! column; the tree's shape is the string of its steps. Lists of numbers are strings of
//! variable-length base-64 digits: each number zigzag-coded (0, −1, 1, −2, … as 0, 1, 2, 3, …),
//! five bits a digit from the lowest, 32 added to every digit but a number's last.
//!
//! - `moves`: the move table, `"SAN UCI"` (index 0: no move); `windows`: α, β pairs (index 0:
//!   none); `values`: the values. Values and windows are negamax, from the node's side to move.
//! - `width`: the digits of an index; `move`, `window`, `value`: each node's indices, in the
//!   order the nodes were entered; `flags`: one digit a node (1 quiescence, 2 null move, 4
//!   principal variation, 8 value from the table, 16 stopped, without a value, 32 a singularity
//!   test: its parent's position, at the same ply, searched without the move of `move`).
//! - `steps`: one letter a step: `e` enters the next node (a child of the innermost node entered
//!   and not left), `l` leaves the innermost, `c` cuts it off, `p` prunes moves there; `c` and `p`
//!   take the next entry of `pruned`.
//! - `pruned`: `kind` one letter each (`c` cut-off, `f` futility, `g` futility, moves never
//!   generated, `l` late-move pruning, `s` SEE pruning, `d` delta pruning, `x` losing capture),
//!   `count` its number of moves, `moves` their indices, `args` the numbers its rule compared.
//! - `notes`: what nodes decided: `kind` one letter each, `node` the node as the difference from
//!   the last note's, `args` the numbers (see [`note`]).

use std::collections::HashMap;
use std::fmt::Write as _;

use shakmaty::CastlingMode;

use crate::board::notation::uci_move;
use crate::eval::Score;
use crate::search::observer::{Decision, Extended, NodeKind, Prune};
use crate::search::pvs::tt::Bound;
use crate::tools::tree::{text, Edge, SearchTree, Skipped, Step, TreeNode};

/// The digits of the base-64 indices.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Numbers kept once, each with its index.
struct Table<K> {
    index: HashMap<K, usize>,
    keys: Vec<K>,
}

impl<K: std::hash::Hash + Eq + Clone> Table<K> {
    /// A table whose index 0 is `none`.
    fn new(none: K) -> Table<K> {
        let mut table = Table {
            index: HashMap::new(),
            keys: Vec::new(),
        };
        table.of(none);
        table
    }

    fn of(&mut self, key: K) -> usize {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.keys.push(key.clone());
        self.index.insert(key, self.keys.len() - 1);
        self.keys.len() - 1
    }
}

/// The columns of one search, filled node by node.
struct Columns {
    moves: Table<String>,
    windows: Table<(Score, Score)>,
    values: Table<Score>,
    /// Per node: move, window and value indices, and flags.
    indices: Vec<[usize; 3]>,
    flags: Vec<usize>,
    notes: (String, Vec<i64>, Vec<i64>),
}

/// One search as a JSON object (see the module's documentation).
pub fn tree_json(tree: &SearchTree) -> String {
    let mut columns = Columns {
        moves: Table::new(String::new()),
        windows: Table::new((0, 0)),
        values: Table::new(0),
        indices: Vec::with_capacity(tree.nodes.len()),
        flags: Vec::with_capacity(tree.nodes.len()),
        notes: (String::new(), Vec::new(), Vec::new()),
    };
    let mut last_note = 0;
    for (id, node) in tree.nodes.iter().enumerate() {
        columns.add_node(node);
        for decision in &node.notes {
            if let Some((kind, args)) = note(decision) {
                columns.add_note(kind, id as i64 - last_note, args);
                last_note = id as i64;
            }
        }
        if let Some(m) = &node.table_move {
            let index = columns.moves.of(move_key(m)) as i64;
            columns.add_note('K', id as i64 - last_note, vec![index]);
            last_note = id as i64;
        }
    }
    let pruned = pruned_json(tree, &mut columns.moves);
    columns.json(tree, &pruned)
}

impl Columns {
    fn add_node(&mut self, node: &TreeNode) {
        let mv = match &node.edge {
            Edge::Move { mv, san } | Edge::Without { mv, san } => self
                .moves
                .of(format!("{san} {}", uci_move(*mv, CastlingMode::Standard))),
            _ => 0,
        };
        let window = node
            .window
            .map_or(0, |w| self.windows.of((w.alpha, w.beta)));
        let value = node.score.map_or(0, |s| self.values.of(s));
        self.indices.push([mv, window, value]);
        let flags = usize::from(node.kind == NodeKind::Quiescence)
            | usize::from(node.edge == Edge::Null) << 1
            | usize::from(node.pv) << 2
            | usize::from(node.table_cutoff) << 3
            | usize::from(node.score.is_none()) << 4
            | usize::from(matches!(node.edge, Edge::Without { .. })) << 5;
        self.flags.push(flags);
    }

    fn add_note(&mut self, kind: char, delta: i64, args: Vec<i64>) {
        self.notes.0.push(kind);
        self.notes.1.push(delta);
        self.notes.2.extend(args);
    }

    /// The object, with `pruned` already written.
    fn json(&self, tree: &SearchTree, pruned: &str) -> String {
        let largest = self.moves.keys.len().max(self.windows.keys.len());
        let width = digits_for(largest.max(self.values.keys.len()));
        let roots: Vec<String> = tree
            .roots
            .iter()
            .map(|r| format!("[{},{}]", r.node, r.depth))
            .collect();
        let moves: Vec<String> = self.moves.keys.iter().map(|m| string(m)).collect();
        let windows: Vec<i64> = self
            .windows
            .keys
            .iter()
            .flat_map(|&(a, b)| [a as i64, b as i64])
            .collect();
        let values: Vec<i64> = self.values.keys.iter().map(|&v| v as i64).collect();
        let column = |k: usize| digits(self.indices.iter().map(|i| i[k]), width);
        let mut json = String::with_capacity(24 * tree.nodes.len() + 4096);
        let _ = write!(
            json,
            "{{\"search\":{},\"depth\":{},\"fen\":{},\"score\":{},\"nodes\":{},\"max\":{},\
             \"title\":{},\"roots\":[{}],\n\"moves\":[{}],\n\"windows\":\"{}\",\n\"values\":\"{}\",\n\
             \"width\":{width},\"steps\":\"{}\",\n\"move\":\"{}\",\n\"window\":\"{}\",\n\
             \"value\":\"{}\",\n\"flags\":\"{}\",\n\"notes\":{{\"kind\":\"{}\",\"node\":\"{}\",\
             \"args\":\"{}\"}},\n\"pruned\":{pruned}}}",
            string(&tree.kind.to_string()),
            tree.depth,
            string(&tree.fen),
            tree.result.score,
            tree.result.nodes,
            string(text::max_side(tree)),
            string(&text::title(tree)),
            roots.join(","),
            moves.join(","),
            numbers(&windows),
            numbers(&values),
            steps(&tree.steps),
            column(0),
            column(1),
            column(2),
            digits(self.flags.iter().copied(), 1),
            self.notes.0,
            numbers(&self.notes.1),
            numbers(&self.notes.2),
        );
        json
    }
}

/// The pruned moves and the cut-offs' skipped moves, in the order of the steps, as the object
/// `pruned`; their moves join the table `moves`.
fn pruned_json(tree: &SearchTree, moves: &mut Table<String>) -> String {
    let (mut kinds, mut counts, mut indices, mut args) = (String::new(), vec![], vec![], vec![]);
    let mut add = |kind: char, list: &[Skipped], numbers: Vec<i64>| {
        kinds.push(kind);
        counts.push(list.len() as i64);
        indices.extend(list.iter().map(|m| moves.of(move_key(m))));
        args.extend(numbers);
    };
    for step in &tree.steps {
        match *step {
            Step::Cutoff(id) => add('c', tree.nodes[id].cutoff.as_deref().unwrap_or(&[]), vec![]),
            Step::Prune(i) => {
                let pruned = &tree.pruned[i];
                let (kind, numbers) = prune_code(pruned.rule, pruned.generated);
                add(kind, &pruned.moves, numbers);
            }
            Step::Enter(_) | Step::Leave(_) => {}
        }
    }
    let width = digits_for(moves.keys.len());
    format!(
        "{{\"kind\":\"{kinds}\",\"count\":\"{}\",\"width\":{width},\"moves\":\"{}\",\"args\":\"{}\"}}",
        numbers(&counts),
        digits(indices.into_iter(), width),
        numbers(&args)
    )
}

/// A move's key in the table: its SAN (else its UCI) and its UCI.
fn move_key(m: &Skipped) -> String {
    let uci = uci_move(m.mv, CastlingMode::Standard);
    format!("{} {uci}", m.san.clone().unwrap_or_else(|| uci.clone()))
}

/// The letter and numbers of a rule's pruned moves (`generated`: by the picker).
fn prune_code(rule: Prune, generated: bool) -> (char, Vec<i64>) {
    let n = |v: &[i32]| v.iter().map(|&x| x as i64).collect();
    match rule {
        Prune::Futility {
            eval,
            margin,
            alpha,
        } => {
            let kind = if generated { 'f' } else { 'g' };
            (kind, n(&[eval, margin, alpha]))
        }
        Prune::LateMove {
            count,
            limit,
            depth,
        } => ('l', vec![count as i64, limit as i64, depth as i64]),
        Prune::QuietFutility {
            eval,
            margin,
            alpha,
            depth,
        } => ('u', n(&[eval, margin, alpha, depth])),
        Prune::History {
            history,
            threshold,
            depth,
        } => ('h', n(&[history, threshold, depth])),
        Prune::See { threshold, depth } => ('s', n(&[threshold, depth])),
        Prune::Delta {
            gain,
            eval,
            margin,
            alpha,
        } => ('d', n(&[gain, eval, margin, alpha])),
        Prune::LosingCapture => ('x', vec![]),
    }
}

/// A node's decision as a note's letter and numbers: `E` extension (depth, 1 in check, 0 a
/// single move), `X` singular extension (depth, plies, the test's score, the singular β), `W`
/// the singularity test, a search without the table move (depth, singular β), `Y` multi-cut
/// (score, β), `M` mate distance (α, β), `T` table cut (depth, bound 0 exact 1 lower 2 upper,
/// score), `F` reverse futility (eval, margin, β), `N` null move (depth, reduction), `n` its
/// result (score, β, 1 cut), `U` futile (eval, margin, α), `I` IIR (depth), `R` reduction
/// (plies, move number, depth), `S` re-search (1 full depth, score, α), `A` aspiration (1 low,
/// score, new α, new β), `P` stand pat (eval); `K`, the table move (its index), is added by
/// [`tree_json`].
fn note(decision: &Decision) -> Option<(char, Vec<i64>)> {
    let n = |v: &[i32]| v.iter().map(|&x| x as i64).collect();
    let b = |x: bool| i32::from(x);
    Some(match *decision {
        Decision::Extension { depth, cause } => match cause {
            Extended::Check => ('E', n(&[depth, 1])),
            Extended::OneReply => ('E', n(&[depth, 0])),
            Extended::Singular { plies, score, beta } => ('X', n(&[depth, plies, score, beta])),
        },
        Decision::SingularTest { depth, beta, .. } => ('W', n(&[depth, beta])),
        Decision::MultiCut { score, beta } => ('Y', n(&[score, beta])),
        Decision::MateDistance { alpha, beta } => ('M', n(&[alpha, beta])),
        Decision::TableCut {
            depth,
            bound,
            score,
        } => {
            let bound = match bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
            ('T', n(&[depth, bound, score]))
        }
        Decision::ReverseFutility { eval, margin, beta } => ('F', n(&[eval, margin, beta])),
        Decision::NullMove { depth, reduction } => ('N', n(&[depth, reduction])),
        Decision::NullMoveResult { score, beta, cut } => ('n', n(&[score, beta, b(cut)])),
        Decision::Futile {
            eval,
            margin,
            alpha,
        } => ('U', n(&[eval, margin, alpha])),
        Decision::Iir { depth } => ('I', n(&[depth])),
        Decision::Reduction {
            plies,
            number,
            depth,
        } => ('R', vec![plies as i64, number as i64, depth as i64]),
        Decision::ReSearch {
            full_depth,
            score,
            alpha,
        } => ('S', n(&[b(full_depth), score, alpha])),
        Decision::Aspiration {
            low,
            score,
            alpha,
            beta,
        } => ('A', n(&[b(low), score, alpha, beta])),
        Decision::StandPat { eval } => ('P', n(&[eval])),
        Decision::Pruned { .. } => return None,
    })
}

/// The steps as letters.
fn steps(steps: &[Step]) -> String {
    steps
        .iter()
        .map(|s| match s {
            Step::Enter(_) => 'e',
            Step::Leave(_) => 'l',
            Step::Cutoff(_) => 'c',
            Step::Prune(_) => 'p',
        })
        .collect()
}

/// How many base-64 digits index `n` entries.
fn digits_for(n: usize) -> usize {
    let mut width = 1;
    while n > 1 << (6 * width) {
        width += 1;
    }
    width
}

/// Each value as `width` base-64 digits, most significant first.
fn digits(values: impl Iterator<Item = usize>, width: usize) -> String {
    let mut out = String::new();
    for v in values {
        for k in (0..width).rev() {
            out.push(DIGITS[(v >> (6 * k)) & 63] as char);
        }
    }
    out
}

/// Numbers as variable-length base-64 digits (see the module's documentation).
fn numbers(values: &[i64]) -> String {
    let mut out = String::with_capacity(2 * values.len());
    for &v in values {
        let mut zigzag = ((v << 1) ^ (v >> 63)) as u64;
        while zigzag >= 32 {
            out.push(DIGITS[(zigzag & 31) as usize | 32] as char);
            zigzag >>= 5;
        }
        out.push(DIGITS[zigzag as usize] as char);
    }
    out
}

/// `s` as a JSON string that is also safe inside a `<script>` element.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers of a string of variable-length digits, read as the page reads them.
    fn read(s: &str) -> Vec<i64> {
        let (mut out, mut value, mut shift) = (Vec::new(), 0u64, 0);
        for c in s.bytes() {
            let d = DIGITS.iter().position(|&x| x == c).expect("a digit") as u64;
            value |= (d & 31) << shift;
            shift += 5;
            if d & 32 == 0 {
                out.push((value >> 1) as i64 ^ -((value & 1) as i64));
                (value, shift) = (0, 0);
            }
        }
        out
    }

    #[test]
    fn numbers_read_back_as_written_small_ones_in_one_digit() {
        let values = [
            0,
            -1,
            1,
            -2,
            15,
            -16,
            16,
            31,
            32,
            -32000,
            32000,
            1 << 40,
            -(1 << 40),
        ];
        assert_eq!(read(&numbers(&values)), values);
        assert_eq!(numbers(&[0, -1, 1, 15, -16]), "ABCef");
        assert_eq!(numbers(&[16]).len(), 2);
    }

    #[test]
    fn indices_take_as_many_digits_as_the_largest_needs() {
        assert_eq!((digits_for(1), digits_for(64), digits_for(65)), (1, 1, 2));
        assert_eq!(digits_for(4096), 2);
        assert_eq!(digits_for(4097), 3);
        assert_eq!(digits([0, 63, 64, 4095].into_iter(), 2), "AAA_BA__");
    }
}
