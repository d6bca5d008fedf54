// The search explorer: replays searches recorded by `engine tree --format html` step by step.
// Plain JavaScript, no libraries, nothing fetched: the data is in #search-data, as columns
// (src/tools/tree/data.rs describes them). This part reads them.
"use strict";

const STARTED = performance.now();
const C = JSON.parse(document.getElementById("search-constants").textContent);
const DATA = JSON.parse(document.getElementById("search-data").textContent);
const DIGIT = new Int8Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".split("").forEach((c, i) => { DIGIT[c.charCodeAt(0)] = i; });
/** How many numbers each kind of pruned moves and of note holds. */
const PRUNE_ARGS = { c: 0, f: 3, g: 3, u: 4, l: 3, h: 3, s: 2, d: 4, x: 0 };
const NOTE_ARGS = { E: 2, X: 4, W: 2, Y: 2, M: 2, T: 3, F: 3, N: 2, n: 3, U: 3, I: 1, R: 3, S: 3, A: 4, P: 1, K: 1 };
/** Step kinds. */
const ENTER = 0, LEAVE = 1, CUT = 2, PRUNE = 3;

/** A string of fixed-width base-64 numbers as an array. */
function column(s, width) {
  const out = new Int32Array(s.length / width);
  for (let i = 0, k = 0; i < out.length; i++) {
    let v = 0;
    for (let j = 0; j < width; j++) v = v * 64 + DIGIT[s.charCodeAt(k++)];
    out[i] = v;
  }
  return out;
}

/** A string of variable-length base-64 numbers (zigzag-coded, five bits a digit) as an array. */
function numbers(s) {
  const out = [];
  let v = 0, shift = 0;
  for (let i = 0; i < s.length; i++) {
    const d = DIGIT[s.charCodeAt(i)];
    v += (d & 31) * 2 ** shift;
    if (d & 32) { shift += 5; continue; }
    out.push(v % 2 ? -(v + 1) / 2 : v / 2);
    v = 0;
    shift = 0;
  }
  return out;
}

/** Offsets of variable-length records: record i is at [at[i], at[i + 1]). */
function offsets(sizes) {
  const at = new Int32Array(sizes.length + 1);
  for (let i = 0; i < sizes.length; i++) at[i + 1] = at[i] + sizes[i];
  return at;
}

// ---- Values, from MAX's side (the side to move at the root), as the course draws minimax.

/** A value as +35, −120, +M2, ±∞. */
function fmt(s) {
  if (s >= C.inf) return "+\u221E";
  if (s <= -C.inf) return "\u2212\u221E";
  if (Math.abs(s) >= C.mateBound) {
    return s > 0 ? "+M" + Math.floor((C.mate - s + 1) / 2) : "\u2212M" + Math.floor((C.mate + s) / 2);
  }
  return s > 0 ? "+" + s : s < 0 ? "\u2212" + -s : "0";
}

/** Whether a node at `ply` is a MAX node. */
function isMax(ply) { return ply % 2 === 0; }

/** A negamax score of a node at `ply`, from MAX's side. */
function maxView(s, ply) { return isMax(ply) ? s : -s; }

/** A negamax window of a node at `ply`, from MAX's side: [alpha, beta]. */
function maxWindow(a, b, ply) { return isMax(ply) ? [a, b] : [-b, -a]; }

/** One recorded search: its columns read, the tree's shape and the steps rebuilt. */
class Search {
  constructor(d, index) {
    for (const k of ["search", "depth", "fen", "score", "nodes", "max", "title", "roots"]) this[k] = d[k];
    this.index = index;
    this.san = d.moves.map((m) => m.split(" ")[0]);
    this.uciOf = d.moves.map((m) => m.split(" ")[1] || "");
    this.mv = column(d.move, d.width);
    this.wi = column(d.window, d.width);
    this.val = column(d.value, d.width);
    this.fl = column(d.flags, 1);
    this.windows = numbers(d.windows);
    this.values = numbers(d.values);
    this.n = this.mv.length;
    this.readSteps(d.steps);
    this.readPruned(d.pruned);
    this.readNotes(d.notes);
    this.rootIndex = new Map(d.roots.map((r, i) => [r[0], i]));
    this.minSide = d.max === "White" ? "Black" : "White";
    const f = d.fen.split(" ");
    this.rootTurn = f[1];
    this.rootMove = +f[5] || 1;
    this.folded = new Set();
    this.unfolded = new Set();
  }

  /** Rebuilds the tree from the steps: each node's parent, ply, subtree and step numbers. */
  readSteps(steps) {
    const n = this.n, S = steps.length;
    this.parentOf = new Int32Array(n).fill(-1);
    this.plyOf = new Uint8Array(n);
    this.enterAt = new Int32Array(n).fill(S);
    this.leaveAt = new Int32Array(n).fill(S);
    this.end = new Int32Array(n).fill(n);
    this.rootOf = new Int32Array(n);
    this.stepNode = new Int32Array(S);
    this.stepKind = new Uint8Array(S);
    this.stepGroup = new Int32Array(S).fill(-1);
    this.entered = new Int32Array(S + 1);
    this.cuts = new Int32Array(S + 1);
    this.groupNode = [];
    const stack = [];
    let next = 0;
    for (let i = 0; i < S; i++) {
      const k = "elcp".indexOf(steps[i]);
      let id;
      if (k === ENTER) {
        id = next++;
        const p = stack.length ? stack[stack.length - 1] : -1;
        this.parentOf[id] = p;
        // A singularity test searches its parent's position again, at the same ply.
        this.plyOf[id] = p >= 0 && this.fl[id] & 32 ? this.plyOf[p] : stack.length;
        this.rootOf[id] = p < 0 ? id : this.rootOf[p];
        this.enterAt[id] = i;
        stack.push(id);
      } else if (k === LEAVE) {
        id = stack.pop();
        this.leaveAt[id] = i;
        this.end[id] = next;
      } else {
        id = stack[stack.length - 1];
        this.stepGroup[i] = this.groupNode.length;
        this.groupNode.push(id);
      }
      this.stepNode[i] = id;
      this.stepKind[i] = k;
      this.entered[i + 1] = this.entered[i] + (k === ENTER ? 1 : 0);
      this.cuts[i + 1] = this.cuts[i] + (k === CUT ? 1 : 0);
    }
    this.steps = S;
  }

  /** The pruned moves and cut-offs, each group with its node, moves and numbers. */
  readPruned(p) {
    this.groupKind = p.kind;
    this.groupMoves = column(p.moves, p.width);
    this.groupAt = offsets(numbers(p.count));
    this.groupArgsAt = offsets(p.kind.split("").map((k) => PRUNE_ARGS[k]));
    this.groupArgs = numbers(p.args);
    this.groupStep = new Int32Array(p.kind.length);
    this.groupsOf = new Map();
    for (let i = 0; i < this.steps; i++) {
      const g = this.stepGroup[i];
      if (g < 0) continue;
      this.groupStep[g] = i;
      const id = this.groupNode[g];
      if (!this.groupsOf.has(id)) this.groupsOf.set(id, []);
      this.groupsOf.get(id).push(g);
    }
  }

  /** The notes: what each node decided, sorted by node. */
  readNotes(notes) {
    this.noteKind = notes.kind;
    this.noteArgsAt = offsets(notes.kind.split("").map((k) => NOTE_ARGS[k]));
    this.noteArgs = numbers(notes.args);
    this.firstNote = new Int32Array(this.n).fill(-1);
    this.noteNode = new Int32Array(notes.kind.length);
    const delta = numbers(notes.node);
    let id = 0;
    for (let i = 0; i < notes.kind.length; i++) {
      id += delta[i];
      this.noteNode[i] = id;
      if (this.firstNote[id] < 0) this.firstNote[id] = i;
    }
  }

  parent(id) { return this.parentOf[id]; }
  ply(id) { return this.plyOf[id]; }
  flags(id) { return this.fl[id]; }
  isNull(id) { return (this.fl[id] & 2) !== 0; }
  isQ(id) { return (this.fl[id] & 1) !== 0; }
  isPv(id) { return (this.fl[id] & 4) !== 0; }
  /** Whether `id` is a singularity test: its parent's position searched without its table move. */
  isTest(id) { return (this.fl[id] & 32) !== 0; }
  hasWindow(id) { return this.wi[id] !== 0; }
  /** The node's value, negamax (null if the search stopped inside it). */
  value(id) { return this.fl[id] & 16 ? null : this.values[this.val[id]]; }
  /** The node's window, negamax: [alpha, beta], or null. */
  rawWindow(id) { const w = this.wi[id]; return w ? [this.windows[2 * w], this.windows[2 * w + 1]] : null; }
  /** The node's window from MAX's side, or null. */
  win(id) { const w = this.rawWindow(id); return w && maxWindow(w[0], w[1], this.ply(id)); }
  /** The children, in the order searched: each the next id after its elder sibling's subtree. */
  kids(id) {
    const out = [];
    for (let c = id + 1; c < this.end[id]; c = this.end[c]) out.push(c);
    return out;
  }
  /** The children reached by a move or a null move: the kids but a singularity test. */
  moveKids(id) { return this.kids(id).filter((c) => !this.isTest(c)); }
  /** The number of nodes below `id`. */
  below(id) { return this.end[id] - id - 1; }
  side(ply) { return isMax(ply) ? this.max : this.minSide; }
  /** The move leading to `id` in SAN (empty at a root or after a null move). */
  sanOf(id) { return this.san[this.mv[id]]; }
  uci(id) { return this.uciOf[this.mv[id]]; }
  /** The move leading to `id`, numbered as in a game score: 2.d6, 1…Nf6, null, root. */
  label(id) {
    const p = this.parent(id);
    if (p < 0) return "root";
    if (this.isNull(id)) return "null";
    if (this.isTest(id)) return "without " + this.moveNumber(this.ply(p)) + this.sanOf(id);
    return this.moveNumber(this.ply(p)) + this.sanOf(id);
  }
  /** The number of a move made at `ply`: "8." for White, "8…" for Black. */
  moveNumber(ply) {
    const black = (this.rootTurn === "b") !== (ply % 2 === 1);
    const n = this.rootMove + Math.floor((ply + (this.rootTurn === "b" ? 1 : 0)) / 2);
    return n + (black ? "\u2026" : ".");
  }
  /** The numbers of the first note of `kind` at `id`, or null. */
  note(id, kind) {
    const first = this.firstNote[id];
    if (first < 0) return null;
    for (let i = first; i < this.noteKind.length && this.noteNode[i] === id; i++) {
      if (this.noteKind[i] === kind) return this.noteArgs.slice(this.noteArgsAt[i], this.noteArgsAt[i + 1]);
    }
    return null;
  }
  /** The kinds of the notes of `id`. */
  noteKinds(id) {
    let out = "";
    for (let i = this.firstNote[id]; i >= 0 && i < this.noteKind.length && this.noteNode[i] === id; i++) out += this.noteKind[i];
    return out;
  }
  /** The table move of `id` in SAN, or null. */
  tableMove(id) { const k = this.note(id, "K"); return k ? this.san[k[0]] : null; }
  /** The groups of pruned or skipped moves of `id`. */
  groups(id) { return this.groupsOf.get(id) || []; }
  /** The cut-off group of `id`, or -1. */
  cutGroup(id) { return this.groups(id).find((g) => this.groupKind[g] === "c") ?? -1; }
  groupArgsOf(g) { return this.groupArgs.slice(this.groupArgsAt[g], this.groupArgsAt[g + 1]); }
  groupMoveNames(g) {
    const out = [];
    for (let i = this.groupAt[g]; i < this.groupAt[g + 1]; i++) out.push(this.san[this.groupMoves[i]]);
    return out;
  }
  /** The node's path from its root. */
  path(id) {
    const out = [];
    for (let at = id; at >= 0; at = this.parent(at)) out.unshift(at);
    return out;
  }
  /** The children of `id` that returned before step `s` (a singularity test's value is not one of its moves'). */
  returned(id, s) { return this.moveKids(id).filter((c) => this.leaveAt[c] < s); }
  /** Whether `id` was searched again (its next sibling, the same move, a re-search): its value is not its parent's to take. */
  superseded(id) {
    const next = this.end[id], p = this.parent(id);
    return p >= 0 && next < this.end[p] && this.uci(next) === this.uci(id) && !this.isNull(id) && this.note(next, "S") !== null;
  }
  /** The best negamax value among the children of `id` returned before step `s`, or null. */
  bestBefore(id, s) {
    let best = null;
    for (const c of this.returned(id, s)) {
      if (this.superseded(c)) continue;
      const v = -this.value(c);
      if (best === null || v > best) best = v;
    }
    return best;
  }
  /** The window of `id` at step `s` from MAX's side: alpha moved by the values returned so far. */
  windowAt(id, s) {
    const w = this.rawWindow(id);
    if (!w) return null;
    const best = this.bestBefore(id, s);
    return maxWindow(best === null ? w[0] : Math.max(w[0], best), w[1], this.ply(id));
  }
  /** The value of `id` from MAX's side, with ≥/≤ when it is only a bound. */
  valueLabel(id) {
    const v = this.value(id);
    if (v === null) return "(stopped)";
    const shown = fmt(maxView(v, this.ply(id))), w = this.rawWindow(id);
    const searched = this.end[id] > id + 1 || this.cutGroup(id) >= 0;
    if (!w || !searched) return shown;
    const lower = v >= w[1] ? true : v <= w[0] ? false : null;
    if (lower === null) return shown;
    return (lower === isMax(this.ply(id)) ? "\u2265 " : "\u2264 ") + shown;
  }
  /** The caption of a root search. */
  rootCaption(id) {
    const i = this.rootIndex.get(id), depth = this.roots[i][1];
    if (this.search !== "IterativeDeepening") return this.search + ", depth " + depth;
    const again = i > 0 && this.roots[i - 1][1] === depth;
    return "iteration " + depth + (again ? ": re-search (aspiration)" : "");
  }
  /** The position of `id`: its board (64 squares from a1, piece letters or "") and side to move. */
  position(id) {
    const f = this.fen.split(" "), board = new Array(64).fill("");
    f[0].split("/").forEach((row, r) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) file += +ch; else board[(7 - r) * 8 + file++] = ch;
      }
    });
    let turn = f[1];
    for (const at of this.path(id).slice(1)) {
      if (this.isTest(at)) continue;
      if (!this.isNull(at)) playUci(board, this.uci(at));
      turn = turn === "w" ? "b" : "w";
    }
    return { board, turn };
  }
}

/** Plays a move given in UCI on `board`: castling moves the rook, en passant takes the pawn. */
function playUci(board, uci) {
  const sq = (s) => (s.charCodeAt(0) - 97) + 8 * (s.charCodeAt(1) - 49);
  const from = sq(uci.slice(0, 2)), to = sq(uci.slice(2, 4)), piece = board[from];
  const white = piece === piece.toUpperCase(), kind = piece.toLowerCase();
  if (kind === "k" && Math.abs((to % 8) - (from % 8)) >= 2) {
    const rank = from - (from % 8), kingside = to % 8 > from % 8;
    let rook = kingside ? rank + 7 : rank;
    while (board[rook] !== (white ? "R" : "r") && rook !== from) rook += kingside ? -1 : 1;
    board[from] = "";
    board[rook] = "";
    board[rank + (kingside ? 6 : 2)] = piece;
    board[rank + (kingside ? 5 : 3)] = white ? "R" : "r";
    return;
  }
  if (kind === "p" && to % 8 !== from % 8 && !board[to]) board[to - (white ? 8 : -8)] = "";
  board[to] = uci.length > 4 ? (white ? uci[4].toUpperCase() : uci[4]) : piece;
  board[from] = "";
}

const searches = DATA.map((d, i) => new Search(d, i));
const maxSteps = Math.max(...searches.map((t) => t.steps));
