// The page: controls, filters, the summary per depth, the board and the details of a node,
// stepping.

const PIECES = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
/** The filters: what the tree shows and which steps "match ▶" visits. */
const FILTERS = [
  ["all", "every node"], ["pv", "principal variation only"], ["subtree", "the selected node's subtree"],
  ["reduce", "late-move reductions"], ["research", "re-searches"], ["futility", "futility pruning"],
  ["lmp", "late-move and history pruning"], ["see", "SEE pruning"], ["rfp", "reverse futility"], ["null", "null moves"],
  ["tt", "table cuts"], ["cut", "cut-offs"], ["extension", "extensions (singular too) and IIR"], ["quiescence", "quiescence: stand pat, delta, SEE"],
];
let step = 0, playing = null, focusPane = 0, selected = null, hovered = null, follow = true, filter = "all", subtree = null;

/** The node a search is at after step `s`: the node of its s-th step, or -1. */
function currentNode(t, s) { return s >= 1 && s <= t.steps ? t.stepNode[s - 1] : -1; }

/** Whether step `s` (from 1) of search `t` is one the filter looks for. */
function stepMatches(t, s) {
  if (s < 1 || s > t.steps) return false;
  const i = s - 1, id = t.stepNode[i], k = t.stepKind[i], g = t.stepGroup[i], kind = g >= 0 ? t.groupKind[g] : "";
  const enter = k === ENTER, leave = k === LEAVE;
  switch (filter) {
    case "pv": return t.isPv(id);
    case "subtree": return subtree !== null && subtree.t === t && id >= subtree.id && id < t.end[subtree.id];
    case "reduce": return enter && t.note(id, "R") !== null;
    case "research": return enter && t.note(id, "S") !== null;
    case "futility": return "fgu".includes(kind || "-") || (enter && t.note(id, "U") !== null);
    case "lmp": return kind === "l" || kind === "h";
    case "see": return kind === "s";
    case "rfp": return leave && t.note(id, "F") !== null;
    case "null": { const nr = t.note(id, "n"); return (enter && t.isNull(id)) || (leave && nr !== null && nr[2] === 1); }
    case "tt": return leave && (t.flags(id) & 8) !== 0;
    case "cut": return k === CUT;
    case "extension": return (enter && (t.note(id, "E") !== null || t.note(id, "X") !== null || t.note(id, "I") !== null || t.isTest(id))) ||
      (leave && t.note(id, "Y") !== null);
    case "quiescence": return "dx".includes(kind || "-") || (leave && t.isQ(id) && badges(t, id, s + 1).some((b) => b[0] === "SP"));
  }
  return true;
}

/** Whether node `id` has a step the filter looks for. */
function nodeMatches(t, id) {
  if (stepMatches(t, t.enterAt[id] + 1) || stepMatches(t, t.leaveAt[id] + 1)) return true;
  return t.groups(id).some((g) => stepMatches(t, t.groupStep[g] + 1));
}

/** The counts of one search per depth: nodes, the effective branching factor, each rule's decisions. */
function summarize(t) {
  const rows = new Map(), depthOf = (id) => t.roots[t.rootIndex.get(t.rootOf[id])][1];
  for (const [root, depth] of t.roots) {
    if (!rows.has(depth)) {
      rows.set(depth, { depth, searches: 0, nodes: 0, q: 0, lmr: 0, re: 0, f: 0, l: 0, s: 0, rfp: 0, nt: 0, nc: 0, se: 0, st: 0, mc: 0, tt: 0, c: 0, qp: 0 });
    }
    const r = rows.get(depth);
    r.searches++;
    r.nodes += t.end[root] - root;
    for (let id = root; id < t.end[root]; id++) { if (t.isQ(id)) r.q++; if (t.flags(id) & 8) r.tt++; }
  }
  for (let i = 0; i < t.noteKind.length; i++) {
    const r = rows.get(depthOf(t.noteNode[i])), k = t.noteKind[i], a = t.noteArgs[t.noteArgsAt[i]];
    if (k === "R") r.lmr++; else if (k === "S" && a === 1) r.re++; else if (k === "F") r.rfp++;
    else if (k === "n") { r.nt++; if (t.noteArgs[t.noteArgsAt[i] + 2]) r.nc++; }
    else if (k === "X") r.se++; else if (k === "W") r.st++; else if (k === "Y") r.mc++;
  }
  for (let g = 0; g < t.groupKind.length; g++) {
    const r = rows.get(depthOf(t.groupNode[g])), k = t.groupKind[g], n = t.groupAt[g + 1] - t.groupAt[g];
    if (k === "c") r.c++; else if ("fgu".includes(k)) r.f += n; else if (k === "h") r.l += n; else if (k === "d" || k === "x") r.qp += n; else r[k] += n;
  }
  return [...rows.values()];
}

/** The summary table of every search. */
function summaryHtml() {
  const head = [["Depth", ""], ["Nodes", "nodes of the iteration, aspiration re-searches included"],
    ["EBF", "effective branching factor: this depth's nodes over the last depth's"], ["LMR", "late moves reduced"],
    ["Re-searched", "reduced moves searched again at full depth"], ["Futility", "moves pruned by futility (generated or not, node-wide or by the reduced depth)"],
    ["LMP", "moves pruned by late-move pruning and by history"], ["SEE", "moves pruned by SEE pruning"], ["RFP", "nodes cut by reverse futility"],
    ["Null move", "null-move cuts / null moves tried"],
    ["Singular", "singular extensions / singularity tests (multi-cuts)"], ["TT cuts", "nodes settled by the table"], ["Cut-offs", "\u03B1/\u03B2 cut-offs"],
    ["Quiescence", "quiescence nodes"], ["Q pruned", "captures pruned in quiescence (delta, SEE)"]];
  let html = "";
  for (const t of searches) {
    const rows = summarize(t);
    html += "<h3>" + esc(t.search) + "</h3><table class=\"summary\"><tr>" + head.map((h) => '<th title="' + h[1] + '">' + h[0] + "</th>").join("") + "</tr>";
    rows.forEach((r, i) => {
      const ebf = i > 0 ? (r.nodes / rows[i - 1].nodes).toFixed(2) : "";
      const cells = [r.depth + (r.searches > 1 ? " (\u00D7" + r.searches + ")" : ""), r.nodes, ebf, r.lmr, r.re, r.f, r.l, r.s, r.rfp,
        r.nc + " / " + r.nt, r.se + " / " + r.st + (r.mc ? " (" + r.mc + ")" : ""), r.tt, r.c, r.q, r.qp];
      html += '<tr data-depth="' + r.depth + '">' + cells.map((c) => "<td>" + c + "</td>").join("") + "</tr>";
    });
    html += "</table>";
  }
  return html + '<p class="help">Per iteration; moves counted one by one, nodes once. Close: the summary button.</p>';
}

/** Builds the page's frame. */
function buildPage() {
  const first = searches[0];
  const legend = [
    ["background:#dce9f7;border-color:#4a6f9c", "MAX node (" + esc(first.max) + " to move)"], ["background:#fde7d4;border-color:#b0703c", "MIN node (" + esc(first.minSide) + ")"],
    ["border-color:#1a7f3c;border-width:3px", "the node of the step"], ["border-color:#2d8a4e", "entered, not yet returned"],
    ["border-color:#c0392b;border-width:2.5px", "principal variation"], ["border-style:dotted;border-color:#4a6f9c", "quiescence node"],
    ["border-style:dashed;border-color:#a0a0a0;background:#f4f4f4", "moves skipped or pruned"], ["background:#ececec;border-color:#777", "null move"],
  ].map((l) => '<div><i style="' + l[0] + '"></i>' + l[1] + "</div>").join("");
  const tags = [["b-lmr", "R2", "reduced 2 plies"], ["b-re", "re", "searched again"], ["b-tt", "TT", "table"], ["b-nm", "NM", "null-move cut"],
    ["b-rfp", "RFP", "reverse futility"], ["b-fut", "F", "futile node"], ["b-ext", "+1", "extended"], ["b-ext", "SE?", "singularity test"],
    ["b-nm", "MC", "multi-cut"], ["b-iir", "IIR", "IIR"],
    ["b-sp", "SP", "stand pat cut"], ["b-md", "MD", "mate distance"]]
    .map((b) => '<div><span class="tag ' + b[0] + '">' + b[1] + "</span>" + b[2] + "</div>").join("");
  document.body.innerHTML = '<header><h1>Search explorer</h1><div class="sub"></div></header>' +
    '<div id="controls">' +
    '<button id="b-start" title="Start (Home)">\u21E4</button><button id="b-prev" title="Previous step (\u2190)">\u25C0</button>' +
    '<button id="b-play" title="Play / pause (space)">\u25B6 Play</button><button id="b-next" title="Next step (\u2192)">\u25B6</button>' +
    '<button id="b-cut" title="To the next cut-off (c)">next cut-off</button><button id="b-end" title="End (End)">\u21E5</button>' +
    '<select id="speed" title="Steps per second"><option value="2">2/s</option><option value="5" selected>5/s</option>' +
    '<option value="15">15/s</option><option value="50">50/s</option></select>' +
    '<input id="slider" type="range" min="0" value="0"><span id="status"></span>' +
    '<select id="filter" title="What the tree shows, and which steps the match buttons visit">' +
    FILTERS.map((f) => '<option value="' + f[0] + '">' + f[1] + "</option>").join("") + "</select>" +
    '<button id="b-mprev" title="Previous matching step (p)">\u25C0 match</button><button id="b-mnext" title="Next matching step (n)">match \u25B6</button>' +
    '<label><input id="ghost" type="checkbox" checked> nodes not yet searched</label>' +
    '<label><input id="follow" type="checkbox" checked> follow</label>' +
    '<button id="b-fit" title="Zoom to the nodes shown">fit</button><button id="b-reset" title="Fold and unfold as the search goes">reset folds</button>' +
    '<button id="b-summary" title="Each rule\'s decisions per depth">summary</button>' +
    (searches.length > 1 ? '<button id="b-stack" title="The searches side by side, or one above the other">\u2195 stack</button>' : "") +
    "</div>" +
    '<div id="main"><div id="panes"></div><div id="summary" class="hidden">' + summaryHtml() + "</div><aside>" +
    '<p class="help" id="help">Values and windows are from MAX\'s side. \u2192/\u2190 step, space plays, c next cut-off, n/p next/previous match; ' +
    'wheel zooms, drag pans; click a node to show it, its \u2212/+ to fold or unfold.</p>' +
    '<div id="board"></div><div id="boardcap"></div><h2>Node</h2><table id="details"></table>' +
    '<h2>Windows on the path now</h2><div class="pathbox"><table class="path" id="path"></table></div>' +
    '<details id="legend"><summary>Legend</summary><div class="legend">' + legend + tags + "</div></details></aside></div>";
  document.querySelector("header .sub").textContent = searches.map((t) => t.title).join("  |  ");
  listenControls();
}

/** The controls' events. */
function listenControls() {
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
  on("b-mnext", () => nextMatch(1));
  on("b-mprev", () => nextMatch(-1));
  on("b-fit", () => panes.forEach((p) => p.fit()));
  on("b-reset", () => { searches.forEach((t) => { t.folded.clear(); t.unfolded.clear(); }); refresh(); });
  on("b-summary", () => document.getElementById("summary").classList.toggle("hidden"));
  if (searches.length > 1) on("b-stack", () => stack(!document.getElementById("panes").classList.contains("stack")));
  document.getElementById("filter").addEventListener("change", (e) => setFilter(e.target.value));
  document.getElementById("ghost").addEventListener("change", (e) => {
    document.getElementById("panes").classList.toggle("ghost", e.target.checked);
    refresh();
  });
  document.getElementById("follow").addEventListener("change", (e) => { follow = e.target.checked; });
  document.getElementById("panes").classList.add("ghost");
  document.getElementById("speed").addEventListener("change", () => { if (playing) { togglePlay(); togglePlay(); } });
  document.addEventListener("keydown", onKey);
}

/** Chooses the filter; the subtree filter takes the selected node (or the step's). */
function setFilter(value) {
  filter = value;
  document.getElementById("filter").value = value;
  if (value === "subtree") {
    const f = selected || focusNode();
    subtree = f.id >= 0 ? f : null;
  }
  refresh();
}

/** The keyboard: arrows step, space plays, Home/End, c to the next cut-off, n/p to the next/previous match. */
function onKey(e) {
  if (e.target.tagName === "SELECT" || (e.target.tagName === "INPUT" && e.target.type !== "checkbox" && e.target.type !== "range")) return;
  const keys = {
    ArrowRight: () => setStep(step + 1), ArrowLeft: () => setStep(step - 1), " ": togglePlay,
    Home: () => setStep(0), End: () => setStep(maxSteps), c: nextCut, n: () => nextMatch(1), p: () => nextMatch(-1),
  };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
}

/** Goes to the next step at which a search cuts off. */
function nextCut() {
  for (let s = step + 1; s <= maxSteps; s++) {
    if (searches.some((t) => s <= t.steps && t.stepKind[s - 1] === CUT)) { setStep(s); return; }
  }
  setStep(maxSteps);
}

/** Goes to the next (`dir` 1) or previous (−1) step the filter looks for. */
function nextMatch(dir) {
  for (let s = step + dir; s >= 0 && s <= maxSteps; s += dir) {
    if (searches.some((t) => stepMatches(t, s))) { setStep(s); return; }
  }
}

/** Shows the searches one above the other (wide, shallow trees), or side by side. */
function stack(on) {
  document.getElementById("panes").classList.toggle("stack", on);
  document.getElementById("b-stack").textContent = on ? "\u2194 side by side" : "\u2195 stack";
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
 * focused search's current node (or its first root before the first step, its last after). */
function focusNode() {
  if (hovered) return hovered;
  if (selected) return selected;
  const t = searches[focusPane], cur = currentNode(t, step);
  if (cur >= 0) return { t, id: cur };
  return { t, id: step === 0 ? 0 : t.roots[t.roots.length - 1][0] };
}

/** The board, the node's details and the windows on its path. */
function showSide() {
  panes.forEach((p, i) => p.el.classList.toggle("focus", i === focusPane && panes.length > 1));
  const { t, id } = focusNode(), pos = t.position(id), ply = t.ply(id);
  drawBoard(pos.board, t.uci(id));
  document.getElementById("boardcap").textContent = (pos.turn === "w" ? "White" : "Black") + " to move (" + (isMax(ply) ? "MAX" : "MIN") + ")" +
    (t.isNull(id) ? ", after a null move" : "");
  const s = Math.min(step, t.steps), path = t.path(id).map((a) => t.label(a));
  const rows = [
    ["Search", t.search], ["Path", path.length > 9 ? "\u2026 " + path.slice(-8).join(" ") : path.join(" ")],
    ["Kind", (isMax(ply) ? "MAX" : "MIN") + (t.isQ(id) ? ", quiescence" : "") + (t.isNull(id) ? ", null move" : "") + ", ply " + ply],
  ];
  const known = t.enterAt[id] < s;
  if (t.hasWindow(id) && known) rows.push(["Searched with", windowText(t, id).replace("window ", "")]);
  rows.push(["Value", t.leaveAt[id] < s ? t.valueLabel(id) : known ? "not yet returned" : "not yet searched"]);
  if (known && t.tableMove(id) !== null) rows.push(["Table move", t.tableMove(id)]);
  if (known) decisions(t, id, s).forEach((d, i) => rows.push([i === 0 ? "Decided" : "", d]));
  const cut = t.cutGroup(id);
  if (cut >= 0 && t.groupStep[cut] < s) rows.push(["Cut-off skipped", moveList(t.groupMoveNames(cut)) || "(no move left)"]);
  rows.push(["Node", "#" + id + " of " + t.nodes + (t.below(id) ? ", " + t.below(id) + " below" : "")]);
  fillTable("details", rows);
  showPath(t, id, s);
}

/** The windows of the nodes on the path to `id` as they are after step `s`. */
function showPath(t, id, s) {
  const path = t.path(id), has = t.hasWindow(path[0]);
  const table = document.getElementById("path");
  table.innerHTML = "";
  const tr = table.insertRow();
  for (const h of has ? ["move", "\u03B1", "\u03B2", "best so far"] : ["move", "best so far"]) {
    const th = document.createElement("th");
    th.textContent = h;
    tr.appendChild(th);
  }
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

/** Fills the table `id` with rows of cells. */
function fillTable(id, rows) {
  const table = document.getElementById(id);
  table.innerHTML = "";
  for (const r of rows) {
    const tr = table.insertRow();
    for (const c of r) tr.insertCell().textContent = c;
  }
}

/** Draws `board` (64 squares from a1), the squares of the move `uci` highlighted. */
function drawBoard(board, uci) {
  const hl = uci ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
  let html = "";
  for (let r = 7; r >= 0; r--) {
    html += '<div class="coord">' + (r + 1) + "</div>";
    for (let f = 0; f < 8; f++) html += square(r, f, board[r * 8 + f], hl);
  }
  html += "<div></div>" + "abcdefgh".split("").map((c) => '<div class="coord">' + c + "</div>").join("");
  document.getElementById("board").innerHTML = html;
}

/** One square of the board, on rank `r` (0: the first) and file `f`. */
function square(r, f, piece, hl) {
  const name = "abcdefgh"[f] + (r + 1);
  let cls = "sq " + ((r + f) % 2 === 1 ? "light" : "dark") + (hl.includes(name) ? " hl" : "");
  let glyph = "";
  if (piece) { glyph = PIECES[piece.toLowerCase()] + "\uFE0E"; cls += piece === piece.toUpperCase() ? " pw" : " pb"; }
  return '<div class="' + cls + '" title="' + name + '">' + glyph + "</div>";
}

/** Measures the page as drawn: the time since it was opened and the script's share of it,
 * whether the side panel fits, whether the first root is in view. */
function measure() {
  const body = document.body.dataset, aside = document.querySelector("aside"), help = document.getElementById("help");
  body.loadMs = Math.round(performance.now());
  body.scriptMs = Math.round(performance.now() - STARTED);
  body.panelFits = String(aside.scrollWidth <= aside.clientWidth && help.getBoundingClientRect().bottom <= window.innerHeight);
  const pane = panes[0], root = pane.vp.querySelector('.node[data-id="' + pane.t.roots[0][0] + '"] .box');
  const c = pane.canvas.getBoundingClientRect(), r = root && root.getBoundingClientRect();
  body.rootInView = String(!!r && r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom);
}

buildPage();
const panes = searches.map((t) => new Pane(t, document.getElementById("panes")));
// The address may choose the step, a node and a filter: #steps=120&node=57&filter=subtree.
const wanted = new URLSearchParams(location.hash.slice(1));
if (wanted.has("node")) selected = { t: searches[0], id: Math.min(+wanted.get("node"), searches[0].n - 1) };
if (FILTERS.some((f) => f[0] === wanted.get("filter"))) setFilter(wanted.get("filter"));
if (wanted.has("summary")) document.getElementById("summary").classList.remove("hidden");
setStep(+wanted.get("steps") || 0);
measure();
window.addEventListener("resize", () => panes.forEach((p) => p.applyView()));
