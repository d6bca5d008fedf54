// The search explorer: replays searches recorded by `engine tree --format html` step by step.
// Plain JavaScript, no libraries, nothing fetched: the data is in #search-data.
"use strict";

const C = JSON.parse(document.getElementById("search-constants").textContent);
const DATA = JSON.parse(document.getElementById("search-data").textContent);
const SVGNS = "http://www.w3.org/2000/svg";
const W = 92, GAP = 8, TREE_GAP = 44, LEVEL = 80, CAPTION = 22;
const PIECES = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };

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

/** One recorded search, with what the replay needs precomputed. */
class Search {
  constructor(d, index) {
    Object.assign(this, d);
    this.index = index;
    const n = d.n.length;
    this.kids = Array.from({ length: n }, () => []);
    this.enterAt = new Array(n).fill(Infinity);
    this.leaveAt = new Array(n).fill(Infinity);
    this.cutAt = new Array(n).fill(Infinity);
    this.root = new Array(n).fill(0);
    d.n.forEach((node, id) => {
      const p = node[0];
      if (p >= 0) { this.kids[p].push(id); this.root[id] = this.root[p]; } else { this.root[id] = id; }
    });
    this.entered = [0];
    this.cuts = [0];
    d.steps.forEach((code, i) => {
      const id = Math.floor(code / 3), k = code % 3;
      [this.enterAt, this.leaveAt, this.cutAt][k][id] = i;
      this.entered.push(this.entered[i] + (k === 0 ? 1 : 0));
      this.cuts.push(this.cuts[i] + (k === 2 ? 1 : 0));
    });
    this.rootIndex = new Map(d.roots.map((r, i) => [r[0], i]));
    this.minSide = d.max === "White" ? "Black" : "White";
    this.folded = new Set();
  }
  parent(id) { return this.n[id][0]; }
  ply(id) { return this.n[id][1]; }
  label(id) { return this.n[id][2]; }
  flags(id) { return this.n[id][4]; }
  hasWindow(id) { return this.n[id][5] !== null; }
  value(id) { return this.n[id][7]; }
  skipped(id) { return this.n[id][10]; }
  side(ply) { return isMax(ply) ? this.max : this.minSide; }
  /** The node's window from MAX's side, or null (Minimax). */
  win(id) {
    const nd = this.n[id];
    return nd[5] === null ? null : maxWindow(nd[5], nd[6], nd[1]);
  }
  /** The node's value from MAX's side, with ≥/≤ when it is only a bound. */
  valueLabel(id) {
    const nd = this.n[id];
    if (nd[7] === null) return "(stopped)";
    const shown = fmt(maxView(nd[7], nd[1]));
    const searched = this.kids[id].length > 0 || nd[10] !== null;
    if (nd[5] === null || !searched) return shown;
    let lower = null;
    if (nd[7] >= nd[6]) lower = true; else if (nd[7] <= nd[5]) lower = false;
    if (lower === null) return shown;
    return (lower === isMax(nd[1]) ? "\u2265 " : "\u2264 ") + shown;
  }
  /** The node's path from its root as move labels. */
  path(id) {
    const out = [];
    for (let at = id; at >= 0; at = this.parent(at)) out.unshift(at);
    return out;
  }
  /** The children of `id` that returned before step `s`. */
  returned(id, s) { return this.kids[id].filter((c) => this.leaveAt[c] < s); }
  /** The best negamax value among the children of `id` returned before step `s`, or null. */
  bestBefore(id, s) {
    let best = null;
    for (const c of this.returned(id, s)) {
      const v = -this.value(c);
      if (best === null || v > best) best = v;
    }
    return best;
  }
  /** The window of `id` at step `s` from MAX's side: alpha (beta at MIN nodes) moved by the
   * values returned so far. */
  windowAt(id, s) {
    const nd = this.n[id];
    if (nd[5] === null) return null;
    const best = this.bestBefore(id, s);
    const alpha = best === null ? nd[5] : Math.max(nd[5], best);
    return maxWindow(alpha, nd[6], nd[1]);
  }
  /** The caption of a root search. */
  rootCaption(id) {
    const i = this.rootIndex.get(id);
    const depth = this.roots[i][1];
    if (this.search !== "IterativeDeepening") return this.search + ", depth " + depth;
    const again = i > 0 && this.roots[i - 1][1] === depth;
    return "iteration " + depth + (again ? ": re-search (aspiration)" : "");
  }
}

const searches = DATA.map((d, i) => new Search(d, i));
const maxSteps = Math.max(...searches.map((t) => t.steps.length));
let step = 0, playing = null, focusPane = 0, selected = null, hovered = null, follow = true;

// ---- Explanations: one line per step.

/** The explanation of the step `s` (the s-th, from 1) of search `t`: [kind, text, isCut]. */
function explain(t, s) {
  if (s === 0) return ["Start", "Nothing searched yet: press \u2192 (or Next) to replay the search step by step.", false];
  if (s > t.steps.length) return ["Done", "This search has finished: " + t.nodes + " nodes, value " + fmt(t.score) + ".", false];
  const code = t.steps[s - 1], id = Math.floor(code / 3), k = code % 3;
  if (k === 0) return ["Enter", explainEnter(t, id), false];
  if (k === 1) return ["Return", explainLeave(t, id, s), false];
  return ["Cut-off", explainCut(t, id, s), true];
}

/** The window of a node as text, from MAX's side. */
function windowText(t, id) {
  const w = t.win(id);
  return w ? "window \u03B1 = " + fmt(w[0]) + ", \u03B2 = " + fmt(w[1]) : "";
}

/** Entering node `id`. */
function explainEnter(t, id) {
  const p = t.parent(id), ply = t.ply(id);
  if (p < 0) return explainRoot(t, id);
  const mover = t.side(ply - 1), label = t.label(id);
  if (t.flags(id) & 2) {
    const w = t.win(id);
    const bar = w ? (isMax(ply - 1) ? "\u2265 \u03B2 = " + fmt(w[1]) : "\u2264 \u03B1 = " + fmt(w[0])) : "";
    return "Null move at " + t.label(p) + ": " + mover + " passes. If the value stays " + bar +
      " even after this free move, " + t.label(p) + " is cut off without searching its moves (null-move pruning, at reduced depth).";
  }
  let text = "Play " + label + " (" + mover + ")";
  text += t.flags(id) & 1
    ? ": quiescence node \u2014 past the horizon only captures are searched, and " + t.side(ply) + " may stand pat on the static evaluation"
    : ": search the new position at ply " + ply;
  if (t.hasWindow(id)) text += " with " + windowText(t, id);
  text += "." + enterNotes(t, id, p);
  return text;
}

/** What is special about entering child `id` of `p`: table move, scout search, re-search. */
function enterNotes(t, id, p) {
  const sibs = t.kids[p], i = sibs.indexOf(id), nd = t.n[id];
  let notes = "";
  if (i === 0 && t.n[p][9] !== null && t.n[p][9] === nd[2].replace(/^\d+(\.|\u2026)/, "")) {
    notes += " It is the transposition table's move for this position, tried first.";
  } else if (i === 0 && t.parent(p) < 0 && t.search === "IterativeDeepening" && t.rootIndex.get(p) > 0) {
    notes += " The last iteration's best move is searched first.";
  }
  if (i > 0 && t.n[sibs[i - 1]][3] === nd[3] && nd[3] !== "") {
    notes += " A re-search with the full window: the null-window search said it beats \u03B1.";
  } else if (nd[5] !== null && nd[6] - nd[5] === 1 && t.n[p][6] - t.n[p][5] > 1) {
    notes += " A null-window (scout) search: it only asks whether " + nd[2] + " beats \u03B1.";
  }
  return notes;
}

/** Entering a root. */
function explainRoot(t, id) {
  const i = t.rootIndex.get(id), depth = t.roots[i][1];
  const who = t.max + " to move is MAX (takes the largest value), " + t.minSide + " is MIN.";
  if (t.search !== "IterativeDeepening") return "Search the root to depth " + depth + ". " + who;
  const w = t.win(id), full = w[0] <= -C.inf && w[1] >= C.inf;
  let text = "Iteration " + depth + ": search the root to depth " + depth + " with " + windowText(t, id) + ".";
  if (i > 0 && t.roots[i - 1][1] === depth) {
    text += " A re-search: the last window failed (the value fell outside it), so it is widened.";
  } else if (!full) {
    text += " An aspiration window around the last iteration's value " + fmt(t.value(t.roots[i - 1][0])) + ".";
  }
  return text;
}

/** Leaving node `id` at step `s`. */
function explainLeave(t, id, s) {
  const label = t.label(id), v = t.valueLabel(id), kids = t.kids[id];
  let text;
  if (t.flags(id) & 8) {
    text = label + " returns " + v + " from the transposition table (stored by an earlier search, deep enough): no move searched.";
  } else if (kids.length === 1 && t.flags(kids[0]) & 2 && t.n[id][10] === null) {
    text = label + " returns " + v + ": null-move cut-off \u2014 even passing was good enough, so no move is searched.";
  } else if (kids.length === 0 && t.n[id][10] === null) {
    text = label + (t.flags(id) & 1 ? " stands pat: " : " is a leaf (horizon or game over): ") + "value " + v + ".";
  } else {
    text = label + " returns " + v + ".";
  }
  const p = t.parent(id);
  if (p < 0) return text + " That is the value of the search" + (t.leaveAt[id] === t.steps.length - 1 ? ": done, " + t.nodes + " nodes." : ".");
  return text + " " + parentUpdate(t, id, p, s);
}

/** How the parent `p` of `id` takes the value `id` returned at step `s`. */
function parentUpdate(t, id, p, s) {
  const pl = t.ply(p), maxNode = isMax(pl), who = t.side(pl);
  const before = t.bestBefore(p, s - 1), after = t.bestBefore(p, s);
  const better = before === null || after > before;
  const best = fmt(maxView(after, pl));
  const word = maxNode ? "largest" : "smallest";
  if (!t.hasWindow(p)) {
    return better ? "It is " + who + "'s best so far at " + t.label(p) + " (the " + word + ", " + best + ")."
      : "No better for " + who + " than " + fmt(maxView(before, pl)) + ".";
  }
  const w0 = t.windowAt(p, s - 1), w1 = t.windowAt(p, s);
  const bound = maxNode ? 0 : 1, name = maxNode ? "\u03B1" : "\u03B2";
  if (w0[bound] !== w1[bound]) {
    return "Best so far for " + who + " at " + t.label(p) + ": " + best + ", so " + name + " moves from " + fmt(w0[bound]) + " to " + fmt(w1[bound]) + ".";
  }
  return better ? who + "'s best so far at " + t.label(p) + " is " + best + ", not past " + name + " = " + fmt(w1[bound]) + "."
    : "No better for " + who + " at " + t.label(p) + " (" + name + " stays " + fmt(w1[bound]) + ").";
}

/** The cut-off of node `id` at step `s`. */
function explainCut(t, id, s) {
  const back = t.returned(id, s), c = back[back.length - 1], ply = t.ply(id);
  const w = t.win(id), maxNode = isMax(ply);
  const v = c === undefined ? "" : fmt(maxView(-t.value(c), ply));
  const skipped = t.skipped(id) || [];
  const rest = skipped.length === 0 ? "its remaining moves, if any, are not searched"
    : skipped.length + (skipped.length === 1 ? " move" : " moves") + " skipped (" + skipped.join(" ") + ")";
  const cause = c === undefined ? "" : t.label(c) + " gives " + v + " ";
  if (maxNode) {
    return "\u03B2 cut-off at " + t.label(id) + ": " + cause + "\u2265 \u03B2 = " + fmt(w[1]) + ", so " + t.minSide +
      " will not play " + t.label(id) + " (it has a choice worth β elsewhere); " + rest + ".";
  }
  return "\u03B1 cut-off at " + t.label(id) + ": " + cause + "\u2264 \u03B1 = " + fmt(w[0]) + ", so " + t.max +
    " will not play " + t.label(id) + " (it has a choice worth α elsewhere); " + rest + ".";
}

// ---- The tree of one search: layout, drawing, zoom and pan, folding.

/** The node a search is at after step `s`: the node of its s-th step, or -1. */
function currentNode(t, s) {
  return s >= 1 && s <= t.steps.length ? Math.floor(t.steps[s - 1] / 3) : -1;
}

/** A pane: one search's tree, its counts and the explanation of its last step. */
class Pane {
  constructor(t, parent) {
    this.t = t;
    this.view = { k: 1, tx: 20, ty: 10 };
    this.el = document.createElement("section");
    this.el.className = "pane";
    this.el.dataset.search = t.search;
    this.el.innerHTML = '<div class="pane-head"><b></b><span class="count"></span>' +
      '<span class="bar"><span></span></span></div><div class="canvas"><svg><g class="vp"></g></svg></div>' +
      '<div class="explain"></div>';
    this.el.querySelector("b").textContent = t.search + ", depth " + t.depth;
    this.el.querySelector("b").title = t.title;
    parent.appendChild(this.el);
    this.canvas = this.el.querySelector(".canvas");
    this.svg = this.el.querySelector("svg");
    this.vp = this.el.querySelector(".vp");
    this.h = t.hasWindow(0) ? 48 : 34;
    this.listen();
    this.layout();
  }

  /** Places every node not hidden by a fold: leaves left to right, a parent over its children. */
  layout() {
    const t = this.t;
    this.pos = new Map();
    this.prunedPos = new Map();
    this.captions = [];
    let cursor = 0, bottom = 0;
    const place = (id) => {
      const y = CAPTION + t.ply(id) * LEVEL;
      bottom = Math.max(bottom, y + this.h);
      const xs = [];
      const open = !t.folded.has(id);
      if (open) for (const c of t.kids[id]) xs.push(place(c));
      const sk = t.skipped(id);
      if (open && sk && sk.length) {
        const lines = prunedLines(t, id);
        const w = Math.max(70, 6.4 * Math.max(...lines.map((l) => l.length)) + 12);
        const h = 13 * lines.length + 8;
        this.prunedPos.set(id, { x: cursor + w / 2, y: y + LEVEL, w, h, lines });
        bottom = Math.max(bottom, y + LEVEL + h);
        xs.push(cursor + w / 2);
        cursor += w + GAP;
      }
      let x;
      if (xs.length === 0) { x = cursor + W / 2; cursor += W + GAP; } else x = (xs[0] + xs[xs.length - 1]) / 2;
      this.pos.set(id, { x, y });
      return x;
    };
    for (const [root] of t.roots) {
      const x = place(root);
      this.captions.push([x, t.rootCaption(root)]);
      cursor += TREE_GAP;
    }
    this.width = cursor;
    this.height = bottom + 10;
    this.draw();
  }

  /** Draws the placed nodes, their edges, the cut-offs' boxes and the captions. */
  draw() {
    const t = this.t, h = this.h, parts = [], edges = [];
    for (const [x, text] of this.captions) {
      parts.push('<text class="caption" text-anchor="middle" x="' + x + '" y="12">' + esc(text) + "</text>");
    }
    for (const [id, p] of this.pos) {
      const par = t.parent(id);
      if (par >= 0) edges.push(edgePath(this.pos.get(par), p, h, "edge", id));
      parts.push(nodeSvg(t, id, p, h));
    }
    for (const [id, q] of this.prunedPos) {
      edges.push(edgePath(this.pos.get(id), q, h, "edge cut", "c" + id));
      const text = q.lines.map((l, i) => '<text x="' + q.x + '" y="' + (q.y + 15 + 13 * i) + '" text-anchor="middle">' +
        esc(l) + "</text>").join("");
      parts.push('<g class="pruned" data-cut="' + id + '"><rect x="' + (q.x - q.w / 2) + '" y="' + q.y + '" width="' + q.w +
        '" height="' + q.h + '" rx="3"/>' + text + "</g>");
    }
    this.vp.innerHTML = "<g>" + edges.join("") + "</g>" + parts.join("");
    this.nodeEls = new Map();
    this.vp.querySelectorAll(".node").forEach((g) => this.nodeEls.set(+g.dataset.id, g));
    this.edgeEls = new Map();
    this.vp.querySelectorAll(".edge").forEach((e) => this.edgeEls.set(e.dataset.id, e));
    this.cutEls = new Map();
    this.vp.querySelectorAll(".pruned").forEach((g) => this.cutEls.set(+g.dataset.cut, g));
    this.applyView();
  }

  /** Shows the tree as it is after step `s`. */
  update(s) {
    const t = this.t, cur = currentNode(t, s);
    let inside = -1;
    if (cur >= 0 && !this.pos.has(cur)) {
      inside = cur;
      while (inside >= 0 && !this.pos.has(inside)) inside = t.parent(inside);
    }
    for (const [id, g] of this.nodeEls) {
      const nd = t.n[id];
      let cls = "node " + (isMax(nd[1]) ? "max" : "min");
      if (nd[4] & 1) cls += " q";
      if (nd[4] & 2) cls += " null";
      if (t.enterAt[id] >= s) cls += " future";
      else if (t.leaveAt[id] >= s) cls += " open";
      if (nd[4] & 4 && t.leaveAt[t.root[id]] < s) cls += " pv";
      if (t.folded.has(id)) cls += " folded";
      if (id === cur) cls += " current";
      if (id === inside) cls += " inside";
      if (selected && selected.t === t && selected.id === id) cls += " sel";
      g.setAttribute("class", cls);
      g.querySelector(".val").textContent = t.leaveAt[id] < s ? t.valueLabel(id) : "\u2026";
      const e = this.edgeEls.get(String(id));
      if (e) {
        const pv = nd[4] & 4 && t.n[nd[0]][4] & 4 && t.leaveAt[t.root[id]] < s;
        e.setAttribute("class", "edge" + (pv ? " pv" : "") + (t.enterAt[id] >= s ? " future" : ""));
      }
    }
    for (const [id, g] of this.cutEls) {
      const shown = t.cutAt[id] < s;
      g.setAttribute("class", "pruned" + (shown ? "" : " future") + (t.cutAt[id] === s - 1 ? " fresh" : ""));
      const e = this.edgeEls.get("c" + id);
      if (e) e.setAttribute("class", "edge cut" + (shown ? "" : " future"));
    }
    const done = Math.min(s, t.steps.length);
    this.el.querySelector(".count").textContent = t.entered[done] + " / " + t.nodes + " nodes \u00B7 " +
      t.cuts[done] + " cut-offs";
    this.el.querySelector(".bar span").style.width = (100 * t.entered[done] / t.nodes) + "%";
    const [kind, text, cut] = explain(t, s);
    const ex = this.el.querySelector(".explain");
    ex.className = "explain" + (cut ? " cut" : "");
    ex.innerHTML = '<span class="kind"></span> <span class="text"></span>';
    ex.firstChild.textContent = (s >= 1 && s <= t.steps.length ? "Step " + s + ". " : "") + kind + ":";
    ex.lastChild.textContent = text;
    this.el.dataset.entered = t.entered[done];
    this.el.dataset.current = cur;
    this.el.dataset.currentLabel = cur >= 0 ? t.label(cur) : "";
    if (follow) this.reveal(cur >= 0 ? cur : inside);
  }

  /** Pans so that node `id` is in view, when it is placed and outside. */
  reveal(id) {
    const p = this.pos.get(id === -1 ? undefined : id);
    if (!p) return;
    const v = this.view, r = this.canvas.getBoundingClientRect();
    const sx = p.x * v.k + v.tx, sy = p.y * v.k + v.ty, m = 40;
    if (sx < m || sx > r.width - m) v.tx = r.width / 2 - p.x * v.k;
    if (sy < m || sy + this.h * v.k > r.height - m) v.ty = r.height / 3 - p.y * v.k;
    this.applyView();
  }

  /** Zooms to show the whole tree (not below a readable scale unless asked). */
  fit(all) {
    const r = this.canvas.getBoundingClientRect();
    const tall = (r.height - 20) / this.height;
    let k = Math.min((r.width - 20) / this.width, tall, 1.2);
    // At first, readable: as large as the height allows (the view follows the search across).
    if (!all) k = Math.max(0.9, Math.min(tall, 1.3));
    this.view = { k, tx: Math.max(10, (r.width - this.width * k) / 2), ty: 10 };
    this.applyView();
  }

  applyView() {
    const v = this.view;
    this.vp.setAttribute("transform", "translate(" + v.tx + "," + v.ty + ") scale(" + v.k + ")");
  }

  /** Wheel zoom about the pointer, drag to pan, click to select, click a fold button to fold. */
  listen() {
    const c = this.canvas;
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = c.getBoundingClientRect(), v = this.view;
      const k = Math.min(4, Math.max(0.03, v.k * Math.exp(-e.deltaY * 0.0015)));
      const mx = e.clientX - r.left, my = e.clientY - r.top;
      v.tx = mx - (mx - v.tx) * k / v.k;
      v.ty = my - (my - v.ty) * k / v.k;
      v.k = k;
      this.applyView();
    }, { passive: false });
    let drag = null;
    c.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, tx: this.view.tx, ty: this.view.ty, moved: false, target: e.target };
    });
    window.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) { drag.moved = true; c.classList.add("dragging"); }
      if (drag.moved) { this.view.tx = drag.tx + dx; this.view.ty = drag.ty + dy; this.applyView(); }
    });
    window.addEventListener("pointerup", () => {
      if (drag && !drag.moved) this.click(drag.target);
      drag = null;
      c.classList.remove("dragging");
    });
    c.addEventListener("mouseover", (e) => {
      const g = e.target.closest && e.target.closest(".node");
      hovered = g ? { t: this.t, id: +g.dataset.id } : null;
      focusPane = this.t.index;
      showSide();
    });
    c.addEventListener("mouseleave", () => { hovered = null; showSide(); });
    c.addEventListener("dblclick", (e) => {
      const g = e.target.closest(".node");
      if (g) this.toggle(+g.dataset.id);
    });
  }

  /** A click on `target`: fold or unfold at a fold button, else select the node. */
  click(target) {
    focusPane = this.t.index;
    const g = target.closest && target.closest(".node");
    if (!g) { selected = null; refresh(); return; }
    const id = +g.dataset.id;
    if (target.classList.contains("fold")) { this.toggle(id); return; }
    selected = { t: this.t, id };
    refresh();
  }

  /** Folds or unfolds the subtree of `id`, keeping the node where it was on the screen. */
  toggle(id) {
    const t = this.t;
    if (t.kids[id].length === 0) return;
    const before = this.pos.get(id);
    if (t.folded.has(id)) t.folded.delete(id); else t.folded.add(id);
    this.layout();
    const after = this.pos.get(id);
    this.view.tx += (before.x - after.x) * this.view.k;
    this.applyView();
    refresh();
  }
}

/** The lines of a cut-off's box: what cut off, then the skipped moves, four a line. */
function prunedLines(t, id) {
  const lines = [(isMax(t.ply(id)) ? "\u03B2" : "\u03B1") + " cut-off: not searched"];
  const sk = t.skipped(id);
  for (let i = 0; i < sk.length; i += 4) lines.push(sk.slice(i, i + 4).join(" "));
  return lines;
}

/** The SVG of one node's box. */
function nodeSvg(t, id, p, h) {
  const nd = t.n[id], x0 = p.x - W / 2;
  let s = '<g class="node" data-id="' + id + '" transform="translate(' + x0 + "," + p.y + ')">' +
    '<rect class="halo" x="-4" y="-4" width="' + (W + 8) + '" height="' + (h + 8) + '" rx="6"/>' +
    '<rect class="box" width="' + W + '" height="' + h + '" rx="4"/>' +
    '<text class="mv" x="' + W / 2 + '" y="14" text-anchor="middle">' + esc(nd[2]) + "</text>" +
    '<text class="val" x="' + W / 2 + '" y="28" text-anchor="middle"></text>';
  const w = t.win(id);
  if (w) {
    s += '<text class="win" x="' + W / 2 + '" y="41" text-anchor="middle">\u03B1 ' + fmt(w[0]) + " \u03B2 " + fmt(w[1]) + "</text>";
  }
  const tag = nd[4] & 8 ? "TT" : isTableMove(t, id) ? "TT move" : "";
  if (tag) {
    const tw = tag.length * 6 + 6;
    s += '<rect class="tagbox" x="' + (W - tw + 3) + '" y="-7" width="' + tw + '" height="12" rx="3"/>' +
      '<text class="tag" x="' + (W - tw / 2 + 3) + '" y="2" text-anchor="middle">' + tag + "</text>";
  }
  if (t.kids[id].length > 0) {
    const sign = t.folded.has(id) ? "+" + countBelow(t, id) : "\u2212";
    const r = t.folded.has(id) ? 11 : 6;
    s += '<circle class="fold" cx="' + W / 2 + '" cy="' + (h + r + 1) + '" r="' + r + '"><title>fold / unfold</title></circle>' +
      '<text class="foldsign" x="' + W / 2 + '" y="' + (h + r + 5) + '" text-anchor="middle">' + sign + "</text>";
  }
  return s + "<title>" + esc(t.path(id).map((a) => t.label(a)).join(" ")) + "</title></g>";
}

/** Whether node `id` is reached by its parent's table move, the first searched. */
function isTableMove(t, id) {
  const p = t.parent(id);
  if (p < 0 || t.kids[p][0] !== id || t.n[p][9] === null) return false;
  return t.n[id][2].replace(/^\d+(\.|\u2026)/, "") === t.n[p][9];
}

/** The number of nodes below `id`. */
function countBelow(t, id) {
  let n = 0;
  for (const c of t.kids[id]) n += 1 + countBelow(t, c);
  return n;
}

/** An edge from the bottom of box `a` to the top of box `b`. */
function edgePath(a, b, h, cls, id) {
  const y0 = a.y + h, y1 = b.y, ym = (y0 + y1) / 2;
  return '<path class="' + cls + '" data-id="' + id + '" d="M' + a.x + "," + y0 + " C" + a.x + "," + ym + " " + b.x + "," +
    ym + " " + b.x + "," + y1 + '"/>';
}

/** `s` as HTML text. */
function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// ---- The page: controls, the board and the details of a node, stepping.

/** Builds the page's frame. */
function buildPage() {
  const first = searches[0];
  document.body.innerHTML = '<header><h1>Search explorer</h1><div class="sub"></div></header>' +
    '<div id="controls">' +
    '<button id="b-start" title="Start (Home)">\u21E4</button><button id="b-prev" title="Previous step (\u2190)">\u25C0</button>' +
    '<button id="b-play" title="Play / pause (space)">\u25B6 Play</button><button id="b-next" title="Next step (\u2192)">\u25B6</button>' +
    '<button id="b-cut" title="To the next cut-off (c)">next cut-off</button><button id="b-end" title="End (End)">\u21E5</button>' +
    '<select id="speed" title="Steps per second"><option value="2">2/s</option><option value="5" selected>5/s</option>' +
    '<option value="15">15/s</option><option value="50">50/s</option></select>' +
    '<input id="slider" type="range" min="0" value="0"><span id="status"></span>' +
    '<label><input id="ghost" type="checkbox" checked> show nodes not yet searched</label>' +
    '<label><input id="follow" type="checkbox" checked> follow</label>' +
    '<button id="b-fit" title="Zoom to the whole tree">fit</button><button id="b-unfold">unfold all</button>' +
    (searches.length > 1 ? '<button id="b-stack" title="The searches side by side, or one above the other">\u2195 stack</button>' : "") +
    "</div>" +
    '<div id="main"><div id="panes"></div><aside>' +
    '<div id="board"></div><div id="boardcap"></div><h2>Node</h2><table id="details"></table>' +
    '<h2>Windows on the path now</h2><table class="path" id="path"></table>' +
    '<h2>Legend</h2><div class="legend">' +
    '<div><i style="background:#dce9f7;border-color:#4a6f9c"></i>MAX node (' + esc(first.max) + ' to move)</div>' +
    '<div><i style="background:#fde7d4;border-color:#b0703c"></i>MIN node (' + esc(first.minSide) + ' to move)</div>' +
    '<div><i style="border-color:#1a7f3c;border-width:3px"></i>the node of the current step</div>' +
    '<div><i style="border-color:#2d8a4e"></i>entered, not yet returned</div>' +
    '<div><i style="border-color:#c0392b;border-width:2.5px"></i>principal variation</div>' +
    '<div><i style="border-style:dashed;border-color:#a0a0a0;background:#f4f4f4"></i>moves a cut-off skipped</div>' +
    '<div><i style="border-style:dotted;border-color:#4a6f9c"></i>quiescence node</div>' +
    '<div><i style="background:#7a5ea8;border-color:#7a5ea8"></i>TT: transposition table</div></div>' +
    '<p class="help">Values and windows are from MAX\'s side. \u2192/\u2190 step, space plays, c jumps to the next cut-off; ' +
    'wheel zooms, drag pans; click a node to show it, click its \u2212/+ (or double-click it) to fold.</p></aside></div>';
  document.querySelector("header .sub").textContent = searches.map((t) => t.title).join("  |  ");
  const slider = document.getElementById("slider");
  slider.max = maxSteps;
  slider.addEventListener("input", () => setStep(+slider.value));
  const on = (id, f) => document.getElementById(id).addEventListener("click", f);
  on("b-start", () => setStep(0));
  on("b-prev", () => setStep(step - 1));
  on("b-next", () => setStep(step + 1));
  on("b-end", () => setStep(maxSteps));
  on("b-cut", nextCut);
  on("b-play", togglePlay);
  on("b-fit", () => panes.forEach((p) => p.fit(true)));
  on("b-unfold", () => panes.forEach((p) => { p.t.folded.clear(); p.layout(); p.update(step); }));
  if (searches.length > 1) on("b-stack", () => stack(!document.getElementById("panes").classList.contains("stack")));
  document.getElementById("ghost").addEventListener("change", (e) => {
    document.getElementById("panes").classList.toggle("ghost", e.target.checked);
  });
  document.getElementById("follow").addEventListener("change", (e) => { follow = e.target.checked; });
  document.getElementById("panes").classList.add("ghost");
  document.getElementById("speed").addEventListener("change", () => { if (playing) { togglePlay(); togglePlay(); } });
  document.addEventListener("keydown", onKey);
}

/** The keyboard: arrows step, space plays, Home/End, c to the next cut-off. */
function onKey(e) {
  if (e.target.tagName === "INPUT" && e.target.type !== "checkbox" && e.target.type !== "range") return;
  const keys = {
    ArrowRight: () => setStep(step + 1), ArrowLeft: () => setStep(step - 1), " ": togglePlay,
    Home: () => setStep(0), End: () => setStep(maxSteps), c: nextCut,
  };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
}

/** Goes to the next step at which a search cuts off. */
function nextCut() {
  for (let s = step + 1; s <= maxSteps; s++) {
    if (searches.some((t) => s <= t.steps.length && t.steps[s - 1] % 3 === 2)) { setStep(s); return; }
  }
  setStep(maxSteps);
}

/** Shows the searches one above the other (wide, shallow trees), or side by side. */
function stack(on) {
  document.getElementById("panes").classList.toggle("stack", on);
  document.getElementById("b-stack").textContent = on ? "\u2194 side by side" : "\u2195 stack";
  panes.forEach((p) => p.fit(false));
  refresh();
}

/** Starts or stops the replay. */
function togglePlay() {
  const button = document.getElementById("b-play");
  if (playing) { clearInterval(playing); playing = null; button.textContent = "\u25B6 Play"; return; }
  if (step >= maxSteps) setStep(0);
  const rate = +document.getElementById("speed").value;
  playing = setInterval(() => { if (step >= maxSteps) togglePlay(); else setStep(step + 1); }, 1000 / rate);
  button.textContent = "\u2016 Pause";
}

/** Shows every search after step `s` (each stops at its own last step). */
function setStep(s) {
  step = Math.max(0, Math.min(maxSteps, s));
  refresh();
}

/** Redraws the panes and the side panel for the current step. */
function refresh() {
  panes.forEach((p) => p.update(step));
  document.getElementById("slider").value = step;
  document.getElementById("status").textContent = "Step " + step + " / " + maxSteps;
  document.body.dataset.step = step;
  document.body.dataset.steps = maxSteps;
  showSide();
}

/** The node the side panel shows: the one under the pointer, else the one selected, else the
 * focused search's current node (or its last root). */
function focusNode() {
  if (hovered) return hovered;
  if (selected) return selected;
  const t = searches[focusPane];
  const cur = currentNode(t, step);
  if (cur >= 0) return { t, id: cur };
  return { t, id: t.roots[t.roots.length - 1][0] };
}

/** The board, the node's details and the windows on its path. */
function showSide() {
  panes.forEach((p, i) => p.el.classList.toggle("focus", i === focusPane && panes.length > 1));
  const { t, id } = focusNode(), nd = t.n[id];
  drawBoard(nd[8], nd[3]);
  const turn = nd[8].split(" ")[1] === "w" ? "White" : "Black";
  document.getElementById("boardcap").textContent = turn + " to move (" + (isMax(nd[1]) ? "MAX" : "MIN") + ")" +
    (nd[4] & 2 ? ", after a null move" : "");
  const s = Math.min(step, t.steps.length);
  const rows = [
    ["Search", t.search], ["Path", t.path(id).map((a) => t.label(a)).join(" ")],
    ["Kind", (isMax(nd[1]) ? "MAX" : "MIN") + (nd[4] & 1 ? ", quiescence" : "") + (nd[4] & 2 ? ", null move" : "") + ", ply " + nd[1]],
  ];
  if (t.hasWindow(id)) rows.push(["Searched with", windowText(t, id).replace("window ", "")]);
  rows.push(["Value", t.leaveAt[id] < s ? t.valueLabel(id) : t.enterAt[id] < s ? "not yet returned" : "not yet searched"]);
  if (nd[9] !== null) rows.push(["Table move", nd[9]]);
  if (nd[4] & 8) rows.push(["Table", "value taken from the transposition table"]);
  if (nd[10] !== null && t.cutAt[id] < s) rows.push(["Cut-off skipped", nd[10].length ? nd[10].join(" ") : "(moves not generated)"]);
  rows.push(["Node", "#" + id + " of " + t.nodes]);
  fillTable("details", rows.map((r) => ["<td>", r[0], "<td>", r[1]]));
  showPath(t, id, s);
}

/** The windows of the nodes on the path to `id` as they are after step `s`. */
function showPath(t, id, s) {
  const path = t.path(id), has = t.hasWindow(path[0]);
  const head = has ? ["th", "move", "th", "\u03B1", "th", "\u03B2", "th", "best so far"] : ["th", "move", "th", "best so far"];
  const table = document.getElementById("path");
  table.innerHTML = "";
  const tr = table.insertRow();
  for (let i = 0; i < head.length; i += 2) { const th = document.createElement("th"); th.textContent = head[i + 1]; tr.appendChild(th); }
  for (const a of path) {
    if (t.enterAt[a] >= s) break;
    const row = table.insertRow();
    row.className = isMax(t.ply(a)) ? "maxrow" : "minrow";
    const best = t.leaveAt[a] < s ? t.valueLabel(a) : t.bestBefore(a, s);
    const cells = [t.label(a)];
    if (has) { const w = t.windowAt(a, s); cells.push(w ? fmt(w[0]) : "", w ? fmt(w[1]) : ""); }
    cells.push(typeof best === "string" ? best + " (returned)" : best === null ? "\u2013" : fmt(maxView(best, t.ply(a))));
    cells.forEach((c) => { row.insertCell().textContent = c; });
  }
}

/** Fills the table `id` with rows of [tag, text, tag, text…]. */
function fillTable(id, rows) {
  const table = document.getElementById(id);
  table.innerHTML = "";
  for (const r of rows) {
    const tr = table.insertRow();
    for (let i = 1; i < r.length; i += 2) tr.insertCell().textContent = r[i];
  }
}

/** Draws the board of a FEN's first two fields, the squares of `uci` highlighted. */
function drawBoard(fen, uci) {
  const rows = fen.split(" ")[0].split("/");
  const hl = uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
  const board = document.getElementById("board");
  let html = "";
  rows.forEach((row, r) => {
    html += '<div class="coord">' + (8 - r) + "</div>";
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { for (let i = 0; i < +ch; i++) html += square(r, f++, "", hl); } else html += square(r, f++, ch, hl);
    }
  });
  html += "<div></div>" + "abcdefgh".split("").map((c) => '<div class="coord">' + c + "</div>").join("");
  board.innerHTML = html;
}

/** One square of the board, at rank row `r` (0: the 8th) and file `f`. */
function square(r, f, piece, hl) {
  const name = "abcdefgh"[f] + (8 - r);
  let cls = "sq " + ((r + f) % 2 === 0 ? "light" : "dark") + (hl.includes(name) ? " hl" : "");
  let glyph = "";
  if (piece) { glyph = PIECES[piece.toLowerCase()] + "\uFE0E"; cls += piece === piece.toUpperCase() ? " pw" : " pb"; }
  return '<div class="' + cls + '" title="' + name + '">' + glyph + "</div>";
}

buildPage();
const panes = searches.map((t) => new Pane(t, document.getElementById("panes")));
panes.forEach((p) => p.fit(false));
const wanted = /steps=(\d+)/.exec(location.hash);
setStep(wanted ? +wanted[1] : 0);
window.addEventListener("resize", () => panes.forEach((p) => p.applyView()));
