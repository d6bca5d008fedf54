//! The data of an explorer page (`engine tree --format html`) read back as the page's script
//! reads it: the columns of each search (src/tools/tree/data.rs), the tree rebuilt from its
//! steps, each node's notes and each step's pruned or skipped moves.

use serde_json::Value;

/// The digits of the base-64 columns.
const DIGITS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// How many numbers each kind of note and of pruned moves holds.
fn note_args(kind: char) -> usize {
    match kind {
        'I' | 'P' | 'K' => 1,
        'E' | 'M' | 'N' | 'W' | 'Y' => 2,
        'T' | 'F' | 'n' | 'U' | 'R' | 'S' => 3,
        'A' | 'X' => 4,
        _ => panic!("a note of kind {kind}"),
    }
}

fn prune_args(kind: char) -> usize {
    match kind {
        'c' | 'x' => 0,
        's' => 2,
        'f' | 'g' | 'l' | 'h' => 3,
        'd' | 'u' => 4,
        _ => panic!("pruned moves of kind {kind}"),
    }
}

/// A step of the replay: its letter, its node, and for `c` and `p` its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageStep {
    pub kind: char,
    pub node: usize,
    pub group: Option<usize>,
}

/// Moves a node skipped at a cut-off (`c`) or pruned (by the rule of `kind`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub kind: char,
    pub node: usize,
    pub moves: Vec<String>,
    pub args: Vec<i64>,
}

/// One search of a page.
pub struct Page {
    pub json: Value,
    pub steps: Vec<PageStep>,
    pub parent: Vec<Option<usize>>,
    pub kids: Vec<Vec<usize>>,
    /// Each node's move as `SAN UCI` (empty at a root or a null move).
    pub moves: Vec<String>,
    pub values: Vec<Option<i64>>,
    pub notes: Vec<Vec<(char, Vec<i64>)>>,
    pub groups: Vec<Group>,
}

/// The searches embedded in an explorer page (the JSON of `<script id="search-data">`).
pub fn page_data(html: &str) -> Vec<Value> {
    let start =
        html.find("id=\"search-data\">").expect("the data element") + "id=\"search-data\">".len();
    let end = start + html[start..].find("</script>").expect("its end");
    let data: Value = serde_json::from_str(&html[start..end]).expect("JSON data");
    data.as_array().expect("an array of searches").clone()
}

/// Each search of an explorer page, read.
pub fn pages(html: &str) -> Vec<Page> {
    page_data(html).into_iter().map(Page::read).collect()
}

fn column(s: &str, width: usize) -> Vec<usize> {
    let digits: Vec<usize> = s
        .chars()
        .map(|c| DIGITS.find(c).expect("a base-64 digit"))
        .collect();
    assert_eq!(digits.len() % width, 0, "a column of width {width}");
    digits
        .chunks(width)
        .map(|c| c.iter().fold(0, |v, d| v * 64 + d))
        .collect()
}

/// A string of variable-length base-64 numbers (zigzag-coded, five bits a digit).
fn numbers(v: &Value) -> Vec<i64> {
    let (mut out, mut value, mut shift) = (Vec::new(), 0u64, 0);
    for c in v.as_str().expect("numbers as a string").chars() {
        let d = DIGITS.find(c).expect("a base-64 digit") as u64;
        value |= (d & 31) << shift;
        if d & 32 != 0 {
            shift += 5;
            continue;
        }
        out.push((value >> 1) as i64 ^ -((value & 1) as i64));
        (value, shift) = (0, 0);
    }
    out
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} as a string"))
}

impl Page {
    fn read(json: Value) -> Page {
        let width = json["width"].as_u64().expect("a width") as usize;
        let table: Vec<String> = json["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("a move").to_string())
            .collect();
        let values = numbers(&json["values"]);
        let flags = column(text(&json, "flags"), 1);
        let stopped = |id: usize| flags[id] & 16 != 0;
        let page_values = column(text(&json, "value"), width)
            .iter()
            .enumerate()
            .map(|(id, &i)| (!stopped(id)).then(|| values[i]))
            .collect();
        let moves: Vec<String> = column(text(&json, "move"), width)
            .iter()
            .map(|&i| table[i].clone())
            .collect();
        let n = moves.len();
        let mut page = Page {
            steps: Vec::new(),
            parent: vec![None; n],
            kids: vec![Vec::new(); n],
            moves,
            values: page_values,
            notes: vec![Vec::new(); n],
            groups: Vec::new(),
            json,
        };
        page.read_steps();
        page.read_notes();
        page.read_groups(&table);
        page
    }

    fn read_steps(&mut self) {
        let (mut stack, mut next, mut groups) = (Vec::new(), 0, 0);
        for kind in text(&self.json, "steps").chars().collect::<Vec<_>>() {
            let (node, group) = match kind {
                'e' => {
                    self.parent[next] = stack.last().copied();
                    if let Some(&p) = stack.last() {
                        self.kids[p].push(next);
                    }
                    stack.push(next);
                    next += 1;
                    (next - 1, None)
                }
                'l' => (stack.pop().expect("a node to leave"), None),
                'c' | 'p' => {
                    groups += 1;
                    (*stack.last().expect("an open node"), Some(groups - 1))
                }
                _ => panic!("a step {kind}"),
            };
            self.steps.push(PageStep { kind, node, group });
        }
        assert!(stack.is_empty(), "every node left");
        assert_eq!(next, self.moves.len(), "every node entered");
    }

    fn read_notes(&mut self) {
        let notes = &self.json["notes"];
        let (deltas, args) = (numbers(&notes["node"]), numbers(&notes["args"]));
        let (mut node, mut at) = (0i64, 0);
        for (i, kind) in text(notes, "kind").chars().enumerate() {
            node += deltas[i];
            let k = note_args(kind);
            self.notes[node as usize].push((kind, args[at..at + k].to_vec()));
            at += k;
        }
        assert_eq!(at, args.len());
    }

    fn read_groups(&mut self, table: &[String]) {
        let pruned = &self.json["pruned"];
        let width = pruned["width"].as_u64().expect("a width") as usize;
        let moves = column(text(pruned, "moves"), width);
        let (counts, args) = (numbers(&pruned["count"]), numbers(&pruned["args"]));
        let nodes: Vec<usize> = self
            .steps
            .iter()
            .filter(|s| s.group.is_some())
            .map(|s| s.node)
            .collect();
        let (mut m, mut a) = (0, 0);
        for (i, kind) in text(pruned, "kind").chars().enumerate() {
            let (count, k) = (counts[i] as usize, prune_args(kind));
            self.groups.push(Group {
                kind,
                node: nodes[i],
                moves: moves[m..m + count]
                    .iter()
                    .map(|&j| table[j].clone())
                    .collect(),
                args: args[a..a + k].to_vec(),
            });
            m += count;
            a += k;
        }
        assert_eq!((m, a), (moves.len(), args.len()));
    }

    /// The numbers of node `id`'s first note of `kind`.
    pub fn note(&self, id: usize, kind: char) -> Option<&[i64]> {
        self.notes[id]
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, a)| a.as_slice())
    }

    /// The move of node `id` in SAN.
    pub fn san(&self, id: usize) -> &str {
        self.moves[id].split(' ').next().unwrap_or("")
    }

    /// The index (from 0) of the step that enters or leaves `id`.
    pub fn step_of(&self, id: usize, kind: char) -> usize {
        self.steps
            .iter()
            .position(|s| s.node == id && s.kind == kind)
            .expect("the node's step")
    }

    /// The value of the last root: the search's.
    pub fn root_value(&self) -> Option<i64> {
        let roots = self.json["roots"].as_array().expect("roots");
        let last = roots.last().expect("a root")[0].as_u64().expect("an id") as usize;
        self.values[last]
    }
}
