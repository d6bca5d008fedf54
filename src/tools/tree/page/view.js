// The tree of one search: the nodes shown (the path of the current step unfolded, every other
// subtree folded until opened), their layout and drawing, zoom and pan.

const W = 92, GAP = 8, TREE_GAP = 44, LEVEL = 80, CAPTION = 22;
/** The short names of pruned moves in the tree's boxes. */
const GROUP_TAGS = { c: "cut-off", f: "futility", g: "futility", u: "futility", l: "LMP", h: "history", s: "SEE", d: "delta", x: "SEE<0" };

/** The badges of node `id` known after step `s`: [text, class, title] each. */
function badges(t, id, s) {
  const out = [], left = t.leaveAt[id] < s, r = t.note(id, "R"), again = t.note(id, "S");
  if (r) out.push(["R" + r[0], "b-lmr", reductionText(r)]);
  if (again) out.push(["re", "b-re", again[0] ? "searched again at full depth" : "searched again with the full window"]);
  if (t.note(id, "E")) out.push(["+1", "b-ext", "extended by one ply"]);
  const x = t.note(id, "X");
  if (x) out.push(["+" + x[1], "b-ext", "singular extension: " + plies(x[1]) + " deeper"]);
  if (t.isTest(id)) out.push(["SE?", "b-ext", "singularity test: searched without the table move"]);
  if (t.note(id, "I")) out.push(["IIR", "b-iir", "internal iterative reduction"]);
  if (t.note(id, "U")) out.push(["F", "b-fut", "futile: only captures, killers and checks searched"]);
  if (!left) return out;
  if (t.flags(id) & 8) out.push(["TT", "b-tt", "value from the transposition table"]);
  if (t.note(id, "F")) out.push(["RFP", "b-rfp", "reverse futility"]);
  const nr = t.note(id, "n");
  if (nr && nr[2]) out.push(["NM", "b-nm", "null-move cut"]);
  if (t.note(id, "M")) out.push(["MD", "b-md", "mate-distance pruning"]);
  if (t.note(id, "Y")) out.push(["MC", "b-nm", "multi-cut"]);
  const sp = t.note(id, "P"), w = t.rawWindow(id);
  if (sp && w && sp[0] >= w[1]) out.push(["SP", "b-sp", "stands pat at or above \u03B2"]);
  return out;
}

/** The lines of the box of node `id`'s pruned and skipped moves known after step `s`: [text, kind]. */
function groupLines(t, id, s) {
  const lines = [];
  for (const g of t.groups(id)) {
    if (t.groupStep[g] >= s) continue;
    const kind = t.groupKind[g], names = t.groupMoveNames(g);
    const head = kind === "c" ? (isMax(t.ply(id)) ? "\u03B2" : "\u03B1") + " cut-off:" : GROUP_TAGS[kind] + ":";
    if (names.length === 0) { lines.push([head + " (no move left)", kind]); continue; }
    const shown = names.slice(0, 8);
    for (let i = 0; i < shown.length; i += 4) lines.push([(i === 0 ? head + " " : "  ") + shown.slice(i, i + 4).join(" "), kind]);
    if (names.length > 8) lines[lines.length - 1][0] += " +" + (names.length - 8);
  }
  return lines;
}

/** A pane: one search's tree, its counts and the explanation of its last step. */
class Pane {
  constructor(t, parent) {
    this.t = t;
    this.view = { k: 1, tx: 12, ty: 8 };
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
    this.vp = this.el.querySelector(".vp");
    this.h = t.hasWindow(0) ? 48 : 34;
    this.pos = new Map();
    this.listen();
  }

  /** Whether the children of `id` are shown after step `s`: opened or folded by hand, else
   * while it is searched (entered and not yet left), or on the PV with the PV filter. */
  expanded(id, s) {
    const t = this.t;
    if (t.folded.has(id)) return false;
    if (t.unfolded.has(id) || (filter === "subtree" && subtree && subtree.t === t && subtree.id === id)) return true;
    if (filter === "pv") return t.isPv(id);
    return t.enterAt[id] < s && s <= t.leaveAt[id];
  }

  /** The children of `id` shown after step `s`. */
  shownKids(id, s) {
    if (!this.expanded(id, s)) return [];
    const t = this.t, ghost = document.getElementById("panes").classList.contains("ghost");
    return t.kids(id).filter((c) => (ghost || t.enterAt[c] < s) && (filter !== "pv" || t.isPv(c)));
  }

  /** The roots drawn: every root search, each depth's last alone with the PV filter, or the
   * subtree chosen. */
  shownRoots() {
    if (filter === "subtree" && subtree && subtree.t === this.t) return [subtree.id];
    const roots = this.t.roots.map((r) => r[0]);
    return filter === "pv" ? roots.filter((id) => this.t.isPv(id)) : roots;
  }

  /** Places the nodes shown after step `s`: leaves left to right, a parent over its children
   * (over the one the step is in). */
  layout(s) {
    const t = this.t;
    this.pos = new Map();
    this.boxes = [];
    this.captions = [];
    let cursor = 0, bottom = 0;
    const cur = currentNode(t, s);
    const place = (id, depth) => {
      const y = CAPTION + depth * LEVEL;
      bottom = Math.max(bottom, y + this.h);
      const kids = this.shownKids(id, s);
      const xs = kids.map((c) => place(c, depth + 1));
      // Over the child the step is in, so that the path searched is a straight line down.
      const on = kids.findIndex((c) => c <= cur && cur < t.end[c]);
      const lines = this.expanded(id, s) ? groupLines(t, id, s) : [];
      if (lines.length) {
        const w = Math.max(70, 6.2 * Math.max(...lines.map((l) => l[0].length)) + 12), h = 13 * lines.length + 8;
        this.boxes.push({ id, x: cursor + w / 2, y: y + LEVEL, w, h, lines });
        bottom = Math.max(bottom, y + LEVEL + h);
        xs.push(cursor + w / 2);
        cursor += w + GAP;
      }
      let x;
      if (xs.length === 0) { x = cursor + W / 2; cursor += W + GAP; } else x = on >= 0 ? xs[on] : (xs[0] + xs[xs.length - 1]) / 2;
      this.pos.set(id, { x, y });
      return x;
    };
    for (const root of this.shownRoots()) {
      const x = place(root, 0);
      this.captions.push([x, t.parent(root) < 0 ? t.rootCaption(root) : "subtree of " + t.label(root)]);
      cursor += TREE_GAP;
    }
    this.width = cursor;
    this.height = bottom + 10;
  }

  /** Draws the tree as it is after step `s`. */
  draw(s) {
    const t = this.t, h = this.h, cur = currentNode(t, s), parts = [], edges = [];
    for (const [x, text] of this.captions) {
      parts.push('<text class="caption" text-anchor="middle" x="' + x + '" y="12">' + esc(text) + "</text>");
    }
    for (const [id, p] of this.pos) {
      const par = t.parent(id), pp = this.pos.get(par);
      const future = t.enterAt[id] >= s;
      if (pp) {
        const pv = t.isPv(id) && t.isPv(par) && t.leaveAt[t.rootOf[id]] < s;
        edges.push(edgePath(pp, p, h, "edge" + (pv ? " pv" : "") + (future ? " future" : "")));
      }
      parts.push(nodeSvg(this, id, p, s, cur));
    }
    for (const q of this.boxes) {
      edges.push(edgePath(this.pos.get(q.id), q, h, "edge cut"));
      const fresh = q.id === cur && t.stepKind[s - 1] >= CUT ? " fresh" : "";
      const text = q.lines.map((l, i) => '<text class="k-' + l[1] + '" x="' + (q.x - q.w / 2 + 6) + '" y="' + (q.y + 15 + 13 * i) + '">' +
        esc(l[0]) + "</text>").join("");
      parts.push('<g class="pruned' + fresh + '" data-cut="' + q.id + '"><rect x="' + (q.x - q.w / 2) + '" y="' + q.y + '" width="' + q.w +
        '" height="' + q.h + '" rx="3"/>' + text + "</g>");
    }
    this.vp.innerHTML = "<g>" + edges.join("") + "</g>" + parts.join("");
    this.applyView();
  }

  /** Shows the tree, the counts and the explanation as they are after step `s`. */
  update(s) {
    const t = this.t, cur = currentNode(t, s);
    this.layout(s);
    this.draw(s);
    const done = Math.min(s, t.steps);
    this.el.querySelector(".count").textContent = t.entered[done] + " / " + t.nodes + " nodes \u00B7 " +
      t.cuts[done] + " cut-offs";
    this.el.querySelector(".bar span").style.width = (100 * t.entered[done] / Math.max(1, t.nodes)) + "%";
    const [kind, text, cls] = explain(t, s);
    const ex = this.el.querySelector(".explain");
    ex.className = "explain" + (cls ? " " + cls : "");
    ex.innerHTML = '<span class="kind"></span> <span class="text"></span>';
    ex.firstChild.textContent = (s >= 1 && s <= t.steps ? "Step " + s + ". " : "") + kind + ":";
    ex.lastChild.textContent = text;
    this.el.dataset.entered = t.entered[done];
    this.el.dataset.current = cur;
    this.el.dataset.currentLabel = cur >= 0 ? t.label(cur) : "";
    this.el.dataset.shown = this.pos.size;
    if (follow && cur >= 0) this.reveal(cur);
  }

  /** Pans so that node `id` is in view, when it is placed and outside. */
  reveal(id) {
    const p = this.pos.get(id);
    if (!p) return;
    const v = this.view, r = this.canvas.getBoundingClientRect();
    const sx = p.x * v.k + v.tx, sy = p.y * v.k + v.ty, m = 40;
    if (sx < m || sx > r.width - m) v.tx = r.width / 2 - p.x * v.k;
    if (sy < m || sy + this.h * v.k > r.height - m) v.ty = Math.min(8, r.height / 3 - p.y * v.k);
    this.applyView();
  }

  /** Zooms to show every node shown (not above a readable scale). */
  fit() {
    const r = this.canvas.getBoundingClientRect();
    const k = Math.max(0.05, Math.min((r.width - 20) / this.width, (r.height - 20) / this.height, 1.2));
    this.view = { k, tx: Math.max(10, (r.width - this.width * k) / 2), ty: 8 };
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

  /** Folds or unfolds the children of `id`, keeping the node where it was on the screen. */
  toggle(id) {
    const t = this.t;
    if (t.below(id) === 0) return;
    const before = this.pos.get(id);
    if (this.expanded(id, step)) { t.folded.add(id); t.unfolded.delete(id); } else { t.unfolded.add(id); t.folded.delete(id); }
    this.layout(step);
    const after = this.pos.get(id);
    if (before && after) this.view.tx += (before.x - after.x) * this.view.k;
    refresh();
  }
}

/** The SVG of one node's box after step `s` (`cur`: the node of the step). */
function nodeSvg(pane, id, p, s, cur) {
  const t = pane.t, h = pane.h, x0 = p.x - W / 2, ply = t.ply(id);
  let cls = "node " + (isMax(ply) ? "max" : "min");
  if (t.isQ(id)) cls += " q";
  if (t.isNull(id)) cls += " null";
  const future = t.enterAt[id] >= s, left = t.leaveAt[id] < s;
  if (future) cls += " future"; else if (!left) cls += " open";
  if (t.isPv(id) && t.leaveAt[t.rootOf[id]] < s) cls += " pv";
  if (id === cur) cls += " current";
  if (selected && selected.t === t && selected.id === id) cls += " sel";
  if (filter !== "all" && filter !== "pv" && filter !== "subtree" && nodeMatches(t, id)) cls += " match";
  const expanded = pane.expanded(id, s);
  if (!expanded && t.below(id) > 0) cls += " folded";
  let out = '<g class="' + cls + '" data-id="' + id + '" transform="translate(' + x0 + "," + p.y + ')">' +
    '<rect class="halo" x="-4" y="-4" width="' + (W + 8) + '" height="' + (h + 8) + '" rx="6"/>' +
    '<rect class="box" width="' + W + '" height="' + h + '" rx="4"/>' +
    '<text class="mv" x="' + W / 2 + '" y="14" text-anchor="middle">' + esc(t.label(id)) + "</text>";
  if (!future) {
    out += '<text class="val" x="' + W / 2 + '" y="28" text-anchor="middle">' + (left ? esc(t.valueLabel(id)) : "\u2026") + "</text>";
    const w = t.win(id);
    if (w) out += '<text class="win" x="' + W / 2 + '" y="41" text-anchor="middle">\u03B1 ' + fmt(w[0]) + " \u03B2 " + fmt(w[1]) + "</text>";
    out += badgesSvg(t, id, s);
  }
  if (t.below(id) > 0) {
    const sign = expanded ? "\u2212" : "+" + t.below(id), r = expanded ? 6 : 7 + 3 * String(t.below(id)).length;
    out += '<rect class="fold" x="' + (W / 2 - r) + '" y="' + (h + 1) + '" width="' + 2 * r + '" height="13" rx="6"><title>fold / unfold</title></rect>' +
      '<text class="foldsign" x="' + W / 2 + '" y="' + (h + 11) + '" text-anchor="middle">' + sign + "</text>";
  }
  return out + "<title>" + esc(t.path(id).map((a) => t.label(a)).join(" ")) + "</title></g>";
}

/** The badges of a node: the table's move, then what it decided, right to left on its top edge. */
function badgesSvg(t, id, s) {
  const list = badges(t, id, s), p = t.parent(id);
  if (p >= 0 && t.tableMove(p) !== null && t.moveKids(p)[0] === id && t.tableMove(p) === t.sanOf(id)) {
    list.unshift(["TT move", "b-tt", "the transposition table's move, tried first"]);
  }
  let x = W + 3, out = "";
  for (const [text, cls, title] of list.slice(0, 3)) {
    const tw = text.length * 6 + 6;
    x -= tw + 2;
    out += '<g class="badge ' + cls + '"><rect x="' + x + '" y="-7" width="' + tw + '" height="12" rx="3"/>' +
      '<text x="' + (x + tw / 2) + '" y="2" text-anchor="middle">' + esc(text) + "</text><title>" + esc(title) + "</title></g>";
  }
  return out;
}

/** An edge from the bottom of box `a` to the top of box `b`. */
function edgePath(a, b, h, cls) {
  const y0 = a.y + h, y1 = b.y, ym = (y0 + y1) / 2;
  return '<path class="' + cls + '" d="M' + a.x + "," + y0 + " C" + a.x + "," + ym + " " + b.x + "," + ym + " " + b.x + "," + y1 + '"/>';
}

/** `s` as HTML text. */
function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
