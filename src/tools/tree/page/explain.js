// The explanations: one sentence (or a few) a step, and what each node decided, with the
// numbers the search compared, from MAX's side.

/** The names of the selective rules, by the letter of their pruned moves or note. */
const RULES = {
  c: "cut-off", f: "futility pruning", g: "futility pruning", u: "futility pruning", l: "late-move pruning", h: "history pruning", s: "SEE pruning",
  d: "delta pruning", x: "quiescence SEE pruning",
};

/** `base` plus the negamax `terms` ([amount, name]) at a node of `ply`, from MAX's side: "+20 + 100 (gain) = +120". */
function sumText(ply, base, terms) {
  let v = maxView(base, ply), text = fmt(v);
  for (const [d, name] of terms) {
    const dd = isMax(ply) ? d : -d;
    text += (dd >= 0 ? " + " : " \u2212 ") + Math.abs(dd) + " (" + name + ")";
    v += dd;
  }
  return terms.length ? text + " = " + fmt(v) : text;
}

/** A negamax relation to a bound at a node of `ply` (`rel`: ">=beta", "<=alpha", "<alpha", ">alpha"), from MAX's side. */
function relText(ply, rel, bound) {
  const max = isMax(ply), b = fmt(maxView(bound, ply));
  const [mx, mn] = {
    ">=beta": ["\u2265 \u03B2", "\u2264 \u03B1"], "<=alpha": ["\u2264 \u03B1", "\u2265 \u03B2"],
    "<alpha": ["< \u03B1", "> \u03B2"], ">alpha": ["> \u03B1", "< \u03B2"],
  }[rel];
  return (max ? mx : mn) + " = " + b;
}

/** "1 ply", "2 plies". */
function plies(n) { return n + (n === 1 ? " ply" : " plies"); }

/** A list of moves, the first `most` of them, then how many more. */
function moveList(names, most = 10) {
  const shown = names.slice(0, most).join(", ");
  return names.length > most ? shown + " \u2026 (" + names.length + " moves)" : shown;
}

/** The explanation of the step `s` (the s-th, from 1) of search `t`: [kind, text, class]. */
function explain(t, s) {
  if (s === 0) return ["Start", "Nothing searched yet: press \u2192 (or Next) to replay the search step by step.", ""];
  if (s > t.steps) return ["Done", "This search has finished: " + t.nodes + " nodes, value " + fmt(t.score) + ".", ""];
  const i = s - 1, id = t.stepNode[i], k = t.stepKind[i];
  if (k === ENTER) return ["Enter", explainEnter(t, id), ""];
  if (k === LEAVE) return ["Return", explainLeave(t, id, s), ""];
  const g = t.stepGroup[i];
  if (k === CUT) return ["Cut-off", explainCut(t, id, s, g), "cut"];
  return ["Pruned", explainPrune(t, id, g), "prune"];
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
  const mover = t.side(ply - 1);
  if (t.isNull(id)) return explainNull(t, id, p) + nodeNotes(t, id);
  if (t.isTest(id)) return explainTest(t, id, p);
  let text = "Play " + t.label(id) + " (" + mover + ")";
  text += t.isQ(id)
    ? ": quiescence node \u2014 past the horizon only captures are searched, and " + t.side(ply) + " may stand pat on the static evaluation"
    : ": search the new position at ply " + ply;
  if (t.hasWindow(id)) text += " with " + windowText(t, id);
  return text + "." + enterNotes(t, id, p) + nodeNotes(t, id);
}

/** The null move `id` of `p`. */
function explainNull(t, id, p) {
  const w = t.rawWindow(id), nm = t.note(id, "N"), pply = t.ply(p);
  const bar = w ? relText(pply, ">=beta", -w[0]) : "";
  let text = "Null move at " + t.label(p) + ": " + t.side(pply) + " passes. If the value stays " + bar +
    " even after this free move, " + t.label(p) + " is cut off without searching its moves (null-move pruning)";
  if (nm) text += "; the search after passing is " + plies(nm[1]) + " shallower than a move's: depth " + (nm[0] - 1 - nm[1]) + " instead of " + (nm[0] - 1);
  return text + ".";
}

/** The singularity test `id` of `p` (its note `W`: depth, the singular bound). */
function explainTest(t, id, p) {
  const w = t.note(id, "W"), ply = t.ply(p), m = t.sanOf(id), at = t.label(p);
  const how = w ? ", to depth " + w[0] + ", with a null window at " + fmt(maxView(w[1], ply)) + " (the table's value less a margin)" : "";
  return "Singularity test at " + at + ": is " + m + ", its table move, the only good move? The same position is searched again without it" + how +
    ". If every other move is worse for " + t.side(ply) + " than that bound, " + m + " is singular and is searched deeper; if one reaches it and the bound is past " + at +
    "'s own, " + at + " is cut off (multi-cut).";
}

/** What the singularity test `id` found, from its value and its window. */
function testOutcome(t, id) {
  const v = t.value(id), w = t.rawWindow(id), m = t.sanOf(id), who = t.side(t.ply(id));
  if (v === null || w === null) return "";
  return v < w[1] ? " Every other move is worse for " + who + " than the bound: " + m + " is singular." : " Another move reaches the bound: " + m + " is not singular.";
}

/** What is special about entering child `id` of `p`: table move, scout search, reduction, re-search. */
function enterNotes(t, id, p) {
  const sibs = t.moveKids(p), i = sibs.indexOf(id);
  let notes = "";
  if (i === 0 && t.tableMove(p) !== null && t.tableMove(p) === t.sanOf(id)) {
    notes += " It is the transposition table's move for this position, tried first.";
  } else if (i === 0 && t.parent(p) < 0 && t.search === "IterativeDeepening" && t.rootIndex.get(p) > 0) {
    notes += " The last iteration's best move is searched first.";
  }
  const r = t.note(id, "R"), again = t.note(id, "S");
  if (r) notes += " " + reductionText(r) + ": a null-window search to depth " + (r[2] - 1 - r[0]) + " instead of " + (r[2] - 1) + ".";
  if (again) notes += " " + researchText(t, id, again) + ".";
  const w = t.rawWindow(id), pw = t.rawWindow(p);
  if (!again && !r && w && pw && w[1] - w[0] === 1 && pw[1] - pw[0] > 1) {
    notes += " A null-window (scout) search: it only asks whether " + t.label(id) + " beats \u03B1.";
  }
  return notes;
}

/** A reduction note's sentence: "Late-move reduction: 2 plies (move 9, depth 7)". */
function reductionText(r) { return "Late-move reduction: " + plies(r[0]) + " (move " + r[1] + ", depth " + r[2] + ")"; }

/** Why `id` is a re-search (its note `again`: full depth, score, alpha of the parent). */
function researchText(t, id, again) {
  const pply = t.ply(id) - 1, gave = fmt(maxView(again[1], pply)) + " " + relText(pply, ">alpha", again[2]);
  return again[0]
    ? "Searched again at full depth: the reduced search gave " + gave + " (fail high)"
    : "Searched again with the full window: the null-window search gave " + gave;
}

/** The outcome of the re-search at full depth `id` (after a reduced search), from its parent's side. */
function researchOutcome(t, id) {
  const again = t.note(id, "S"), v = t.value(id);
  if (!again || !again[0] || v === null) return "";
  const pply = t.ply(id) - 1, score = -v, high = score > again[2];
  return "searched again at full depth: " + (high ? "fail high" : "fail low") + " (" + fmt(maxView(score, pply)) + " " +
    relText(pply, high ? ">alpha" : "<=alpha", again[2]) + ")";
}

/** The sentences of what node `id` decided on entering it: extension, futility, IIR. */
function nodeNotes(t, id) {
  let text = "";
  const e = t.note(id, "E"), u = t.note(id, "U"), iir = t.note(id, "I"), ply = t.ply(id);
  if (e) text += " " + (e[1] ? "In check" : "Only one legal move") + ": extended by one ply, to depth " + e[0] + ".";
  const x = t.note(id, "X");
  if (x) {
    const pp = ply - 1, who = t.side(pp);
    text += " Singular extension: without it, " + who + "'s other moves at " + t.label(t.parent(id)) + " gave " + fmt(maxView(x[2], pp)) +
      ", worse for " + who + " than the singular bound " + fmt(maxView(x[3], pp)) + ", so it is searched " + plies(x[1]) + " deeper, to depth " + x[0] + ".";
  }
  if (iir) text += " Internal iterative reduction: the table has no move for it, so it is searched a ply shallower, to depth " + iir[0] + ".";
  if (u) text += " Futile: static evaluation " + sumText(ply, u[0], [[u[1], "margin"]]) + " " + relText(ply, "<=alpha", u[2]) +
    ", so only its captures, killers and checks are searched.";
  return text;
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

/** Why node `id` returned as it did (a rule that settled it), or "". */
function leaveReason(t, id) {
  const ply = t.ply(id), v = t.valueLabel(id);
  const tc = t.note(id, "T"), rf = t.note(id, "F"), nr = t.note(id, "n"), md = t.note(id, "M"), sp = t.note(id, "P"), mc = t.note(id, "Y");
  if (tc) {
    // A lower bound from the node's side is an upper one from MAX's at a MIN node.
    const bound = ["the exact value", "a lower bound", "an upper bound"][isMax(ply) || tc[1] === 0 ? tc[1] : 3 - tc[1]];
    return " returns " + v + " from the transposition table: stored at depth " + tc[0] + " as " + bound + " (" +
      fmt(maxView(tc[2], ply)) + "), which settles it for this window without searching a move.";
  }
  if (mc) {
    return " returns " + v + ": multi-cut \u2014 without its table move, another move still reaches " + fmt(maxView(mc[0], ply)) + " " +
      relText(ply, ">=beta", mc[1]) + ", so it is cut off without searching its moves.";
  }
  if (md) return " returns " + v + ": mate-distance pruning \u2014 no line from here can beat a mate already found nearer the root (the window closes: \u03B1 \u2265 \u03B2).";
  if (rf) return " returns " + v + ": reverse futility \u2014 static evaluation " + sumText(ply, rf[0], [[-rf[1], "margin"]]) + " " +
    relText(ply, ">=beta", rf[2]) + ", so it fails high without searching a move.";
  if (nr && nr[2]) {
    const nm = t.kids(id).find((c) => t.isNull(c)), n = nm === undefined ? null : t.note(nm, "N");
    return " returns " + v + ": null-move cut \u2014 after passing, a search " + (n ? plies(n[1]) + " shallower (depth " + (n[0] - 1 - n[1]) + ") " : "") +
      "still gives " + fmt(maxView(nr[0], ply)) + " " + relText(ply, ">=beta", nr[1]) + ", so no move is searched.";
  }
  if (sp && t.kids(id).length === 0 && t.cutGroup(id) < 0) {
    const w = t.rawWindow(id), cut = w && sp[0] >= w[1];
    return (cut ? " stands pat: static evaluation " + fmt(maxView(sp[0], ply)) + " " + relText(ply, ">=beta", w[1]) + ", no capture is searched"
      : " stands pat on its static evaluation " + fmt(maxView(sp[0], ply)) + ": no capture worth searching") + ".";
  }
  return "";
}

/** Leaving node `id` at step `s`. */
function explainLeave(t, id, s) {
  const label = t.label(id), v = t.valueLabel(id);
  let text = label + (leaveReason(t, id) || (t.end[id] === id + 1 && t.cutGroup(id) < 0
    ? (t.isQ(id) ? " stands pat: " : " is a leaf (horizon or game over): ") + "value " + v + "."
    : " returns " + v + "."));
  const a = t.note(id, "A");
  if (a) {
    text += " The aspiration window fails " + (a[0] ? "low" : "high") + " (" + fmt(a[1]) + "): the root is searched again with \u03B1 = " +
      fmt(a[2]) + ", \u03B2 = " + fmt(a[3]) + ".";
  }
  const r = t.note(id, "R");
  if (r) text += " " + reductionText(r) + (reducedFailedHigh(t, id) ? ": it fails high, so it is searched again at full depth." : ": it fails low as expected, so it stays reduced.");
  if (t.isTest(id)) return text + testOutcome(t, id);
  const outcome = researchOutcome(t, id);
  if (outcome) {
    const first = t.kids(t.parent(id)).find((c) => t.note(c, "R") && t.uci(c) === t.uci(id));
    text += " " + (first === undefined ? "S" : reductionText(t.note(first, "R")) + "; s") + outcome.slice(1) + ".";
  }
  const p = t.parent(id);
  if (p < 0) return text + " That is the value of the search" + (t.leaveAt[id] === t.steps - 1 ? ": done, " + t.nodes + " nodes." : ".");
  if (t.superseded(id)) {
    return text + (r ? "" : " It beats α of the null window, so " + t.label(id) + " is searched again with the full window;") +
      " " + t.label(p) + " takes the value of the search again, not this one.";
  }
  return text + " " + parentUpdate(t, id, p, s);
}

/** Whether the reduced search `id` failed high (its parent then searches the move again). */
function reducedFailedHigh(t, id) {
  const v = t.value(id), w = t.rawWindow(id);
  return v !== null && w !== null && v <= w[0];
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

/** The cut-off of node `id` at step `s` (its skipped moves: group `g`). */
function explainCut(t, id, s, g) {
  const back = t.returned(id, s), c = back[back.length - 1], ply = t.ply(id);
  const w = t.win(id), maxNode = isMax(ply);
  const v = c === undefined ? "" : fmt(maxView(-t.value(c), ply));
  const skipped = t.groupMoveNames(g);
  const rest = skipped.length === 0 ? "it has no other move to skip"
    : skipped.length + (skipped.length === 1 ? " move" : " moves") + " skipped (" + moveList(skipped) + ")";
  const cause = c === undefined ? "" : t.label(c) + " gives " + v + " ";
  if (maxNode) {
    return "\u03B2 cut-off at " + t.label(id) + ": " + cause + "\u2265 \u03B2 = " + fmt(w[1]) + ", so " + t.minSide +
      " will not play " + t.label(id) + " (it has a choice worth \u03B2 elsewhere); " + rest + ".";
  }
  return "\u03B1 cut-off at " + t.label(id) + ": " + cause + "\u2264 \u03B1 = " + fmt(w[0]) + ", so " + t.max +
    " will not play " + t.label(id) + " (it has a choice worth \u03B1 elsewhere); " + rest + ".";
}

/** The moves group `g` of node `id` pruned, and why. */
function explainPrune(t, id, g) {
  const kind = t.groupKind[g], a = t.groupArgsOf(g), names = t.groupMoveNames(g), ply = t.ply(id), at = t.label(id);
  const list = moveList(names), one = names.length === 1;
  switch (kind) {
    case "l":
      return "Late-move pruning at " + at + " (depth " + a[2] + "): " + a[0] + " quiet moves searched, the most a node of depth " + a[2] +
        " searches (" + a[1] + "), so the later quiet " + (one ? "move" : "moves") + " that do not give check " + (one ? "is" : "are") + " not searched: " + list + ".";
    case "f":
      return "Futility pruning at " + at + ": static evaluation " + sumText(ply, a[0], [[a[1], "margin"]]) + " " + relText(ply, "<=alpha", a[2]) +
        ": the killer " + list + " does not give check and cannot lift the score, so it is not searched.";
    case "g":
      return "Futility pruning at " + at + ": static evaluation " + sumText(ply, a[0], [[a[1], "margin"]]) + " " + relText(ply, "<=alpha", a[2]) +
        ": its " + names.length + " quiet " + (one ? "move" : "moves") + " that do not give check were never generated: " + list + ".";
    case "u":
      return "Futility pruning at " + at + ": searched after its reduction at depth " + a[3] + ", static evaluation " + sumText(ply, a[0], [[a[1], "margin"]]) + " " +
        relText(ply, "<=alpha", a[2]) + ": the late quiet " + (one ? "move" : "moves") + " " + list + (one ? " does" : " do") + " not give check and cannot lift the score, so " +
        (one ? "it is" : "they are") + " not searched.";
    case "h":
      return "History pruning at " + at + ": the late quiet " + (one ? "move" : "moves") + " " + list + " would be searched at depth " + a[2] + " after " + (one ? "its" : "their") +
        " reduction, and " + (one ? "its history " + a[0] + " is" : "each history is") + " below " + a[1] + " (the node's depth times the margin), so " + (one ? "it is" : "they are") + " not searched.";
    case "s":
      return "SEE pruning at " + at + " (depth " + a[1] + "): " + (one ? "the exchange after " + list + " loses" : "the exchanges after " + list + " each lose") +
        " more than " + (-a[0]) + " (the threshold at this depth is " + fmt(a[0]) + "), so " + (one ? "it is" : "they are") + " not searched.";
    case "d":
      return "Delta pruning at " + at + ": even winning " + a[0] + " with " + list + ", stand pat " + sumText(ply, a[1], [[a[0], "gain"], [a[2], "margin"]]) +
        " " + relText(ply, "<alpha", a[3]) + ": not searched.";
    case "x":
      return list + (one ? " loses" : " lose") + " material by exchange (SEE < 0): quiescence at " + at + " does not search " + (one ? "it" : "them") + ".";
  }
  return list + ": not searched.";
}

/** Every sentence of what node `id` decided, known after step `s`, for the side panel. */
function decisions(t, id, s) {
  const out = [], r = t.note(id, "R");
  if (r) {
    let text = reductionText(r);
    if (t.leaveAt[id] < s) {
      const again = t.kids(t.parent(id)).find((c) => c > id && t.uci(c) === t.uci(id) && t.note(c, "S") && t.note(c, "S")[0]);
      text += again !== undefined && t.leaveAt[again] < s ? "; " + researchOutcome(t, again) : reducedFailedHigh(t, id) ? "; failed high" : "; failed low, not searched again";
    }
    out.push(text);
  }
  const again = t.note(id, "S");
  if (again) out.push(researchText(t, id, again));
  if (t.isNull(id)) { const nm = t.note(id, "N"); if (nm) out.push("Null move, " + plies(nm[1]) + " shallower: depth " + (nm[0] - 1 - nm[1])); }
  if (t.isTest(id)) out.push(explainTest(t, id, t.parent(id)) + (t.leaveAt[id] < s ? testOutcome(t, id) : ""));
  const notes = nodeNotes(t, id).trim();
  if (notes) out.push(notes);
  if (t.leaveAt[id] < s) {
    const why = leaveReason(t, id);
    if (why) out.push(t.label(id) + why);
    const nr = t.note(id, "n");
    if (nr && !nr[2]) out.push("Null move tried: it gave " + fmt(maxView(nr[0], t.ply(id))) + ", short of the bound, so the moves are searched");
  }
  for (const g of t.groups(id)) {
    if (t.groupStep[g] < s && t.groupKind[g] !== "c") out.push(explainPrune(t, id, g));
  }
  return out;
}
