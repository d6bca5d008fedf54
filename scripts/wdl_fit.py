#!/usr/bin/env python3
"""Fits the win-rate model of `UCI_ShowWDL` (src/eval/wdl.rs) to the engine's own games.

Reads fastchess (or cutechess-cli) PGN files whose moves carry the mover's score as a comment
(`{+0.43/15 0.122s, tl=0.000s}`: pawns from the mover's side; `+M5`/`-M3` are mates). Every
scored move of a complete game, after the first `--skip` plies of its movetext (the opening),
gives one sample: the score in centipawns, the material of the position before the move
(pawns + 3 per knight or bishop + 5 per rook + 9 per queen, both sides) and the game's result
from the mover's side. Mate scores are left out, and so is a game the file ends in the middle
of (a match still running).

The model, as Stockfish's: with m = clamp(material, 17, 78) / 58,

    a(m) = a0 + a1 m + a2 m^2 + a3 m^3,   b(m) = b0 + b1 m + b2 m^2 + b3 m^3,
    win(v) = 1 / (1 + exp((a(m) - v) / b(m))),   loss(v) = win(-v),   draw = 1 - win - loss,

fitted by maximum likelihood over the samples. The degree of the polynomials (3 at most) is the
one whose fits predict held-out games best (fitted on the even games, scored on the odd ones and
the other way round) unless --degree says. Prints the counts, the coefficients as the Rust
constants of src/eval/wdl.rs, and draws predicted against observed rates by score bucket, for a
few material ranges, into the file given with --plot (SVG or PNG, by its extension).

    pip install chess numpy scipy matplotlib
    python3 scripts/wdl_fit.py /work/data/sprt/*/games.pgn --plot docs/wdl-model.svg
"""

import argparse
import io
import re
import sys

import chess
import chess.pgn
import numpy as np
from scipy.optimize import minimize
from scipy.special import expit

# The score comment: sign, an optional M (a mate), the number, then `/depth`.
SCORE = re.compile(r"^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/")
RESULTS = ("1-0", "0-1", "1/2-1/2")
# Material counts outside this range are read as its ends; 58 is the anchor (m = 1).
MATERIAL_MIN, MATERIAL_MAX, MATERIAL_ANCHOR = 17, 78, 58
# Outcomes from the mover's side.
WIN, DRAW, LOSS = 0, 1, 2


def material(board):
    """Pawns + 3 per minor + 5 per rook + 9 per queen, both colours."""
    count = lambda role: len(board.pieces(role, chess.WHITE)) + len(board.pieces(role, chess.BLACK))
    return (
        count(chess.PAWN)
        + 3 * (count(chess.KNIGHT) + count(chess.BISHOP))
        + 5 * count(chess.ROOK)
        + 9 * count(chess.QUEEN)
    )


def complete_games(text):
    """The text of each game whose movetext ends with the result of its Result tag."""
    chunks = re.split(r"(?m)^(?=\[Event )", text)
    complete, partial = [], 0
    for chunk in chunks:
        if not chunk.strip():
            continue
        tag = re.search(r'(?m)^\[Result "([^"]*)"\]', chunk)
        result = tag.group(1) if tag else None
        if result in RESULTS and chunk.rstrip().endswith(result):
            complete.append(chunk)
        else:
            partial += 1
    return complete, partial


def parse_score(comment):
    """("cp", centipawns), ("mate", None), or (None, None) for a comment without a score."""
    found = SCORE.match(comment)
    if not found:
        return None, None
    if found.group(2):
        return "mate", None
    sign = -1 if found.group(1) == "-" else 1
    return "cp", sign * round(float(found.group(3)) * 100)


def samples(game_text, skip, counts):
    """(score, material, outcome) of each usable move of one game."""
    game = chess.pgn.read_game(io.StringIO(game_text))
    if game is None or game.errors:
        counts["unreadable"] += 1
        return []
    white = {"1-0": WIN, "0-1": LOSS, "1/2-1/2": DRAW}[game.headers["Result"]]
    board = game.board()
    rows = []
    for ply, node in enumerate(game.mainline()):
        kind, cp = parse_score(node.comment)
        if ply < skip:
            counts["opening"] += 1
        elif kind == "mate":
            counts["mate"] += 1
        elif kind is None:
            counts["unscored"] += 1
        else:
            outcome = white if board.turn == chess.WHITE else 2 - white
            rows.append((cp, material(board), outcome))
        board.push(node.move)
    return rows


def read(paths, skip):
    """Every sample (score, material, outcome, game number) of every complete game of `paths`,
    and the counts of what was read."""
    counts = dict(games=0, partial=0, unreadable=0, opening=0, mate=0, unscored=0)
    rows = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            complete, partial = complete_games(f.read())
        counts["partial"] += partial
        for text in complete:
            found = samples(text, skip, counts)
            if found:
                rows.extend(row + (counts["games"],) for row in found)
                counts["games"] += 1
    return np.array(rows, dtype=float).reshape(-1, 4), counts


def normalised(mat):
    """The material count clamped to 17..78, over 58."""
    return np.clip(mat, MATERIAL_MIN, MATERIAL_MAX) / MATERIAL_ANCHOR


def polynomial(coefficients, m):
    """c0 + c1 m + c2 m^2 + c3 m^3."""
    return sum(c * m**k for k, c in enumerate(coefficients))


def rates(theta, v, mat):
    """Win, draw and loss probabilities of scores `v` at materials `mat`."""
    m = normalised(mat)
    a, b = polynomial(theta[:4], m), polynomial(theta[4:], m)
    b = np.maximum(b, 1e-3)
    win, loss = expit((v - a) / b), expit((-v - a) / b)
    return win, np.clip(1 - win - loss, 1e-12, 1), loss


def negative_log_likelihood(theta, v, mat, outcome):
    """Minus the log of the probability the model gives the outcomes seen."""
    win, draw, loss = rates(theta, v, mat)
    p = np.choose(outcome.astype(int), [win, draw, loss])
    return -np.sum(np.log(np.clip(p, 1e-12, 1)))


def bands(data):
    """(lowest material, positions, a, b) of a and b fitted alone in each band of 6 material
    counts that has 50 positions or more."""
    m = np.clip(data[:, 1], MATERIAL_MIN, MATERIAL_MAX)
    found = []
    for low in range(MATERIAL_MIN, MATERIAL_MAX + 1, 6):
        band = (m >= low) & (m < low + 6)
        if band.sum() >= 50:
            theta, _ = fit(data[band], 0, start_from_bands=False)
            found.append((low, int(band.sum()), np.mean(m[band]), theta[0], theta[4]))
    return found


def bucket_start(data, degree):
    """A start for the fit, as the WDL_model repository's: polynomials through the bands' a and b."""
    found = bands(data)
    if len(found) <= degree:
        return None
    centres = [mean / MATERIAL_ANCHOR for _, _, mean, _, _ in found]
    a = [a for _, _, _, a, _ in found]
    b = [b for _, _, _, _, b in found]
    weights = [np.sqrt(n) for _, n, _, _, _ in found]
    start = np.zeros(8)
    start[: degree + 1] = np.polynomial.polynomial.polyfit(centres, a, degree, w=weights)
    start[4 : 5 + degree] = np.polynomial.polynomial.polyfit(centres, b, degree, w=weights)
    return start


def fit(data, degree, start_from_bands=True):
    """The 8 coefficients, a0..a3 then b0..b3 (those above `degree` held at 0), and the
    negative log-likelihood: the best of the fits from a constant start and from the bands'."""
    v, mat, outcome = data[:, 0], data[:, 1], data[:, 2]
    free = [k for k in range(8) if k % 4 <= degree]

    def loss(x):
        theta = np.zeros(8)
        theta[free] = x
        return negative_log_likelihood(theta, v, mat, outcome)

    constant = np.zeros(8)
    constant[0], constant[4] = 150.0, 100.0
    starts = [constant, bucket_start(data, degree) if start_from_bands and degree > 0 else None]
    best = None
    for start in (s for s in starts if s is not None):
        found = minimize(loss, start[free], method="Nelder-Mead", options=dict(maxiter=4000))
        found = minimize(loss, found.x, method="BFGS")
        if best is None or found.fun < best.fun:
            best = found
    theta = np.zeros(8)
    theta[free] = best.x
    return theta, best.fun


def held_out(data, degree):
    """The negative log-likelihood a position of a fit on the even games scored on the odd ones,
    and the other way round."""
    even = data[:, 3] % 2 == 0
    total = 0.0
    for train, test in ((even, ~even), (~even, even)):
        theta, _ = fit(data[train], degree)
        test_rows = data[test]
        total += negative_log_likelihood(theta, *test_rows[:, :3].T)
    return total / len(data)


def choose_degree(data):
    """The degree whose fits predict the other half of the games best."""
    scores = {degree: held_out(data, degree) for degree in range(4)}
    for degree, score in scores.items():
        print(f"  degree {degree}: held-out negative log-likelihood {score:.4f} a position")
    return min(scores, key=scores.get)


def print_constants(theta):
    """The coefficients as src/eval/wdl.rs declares them."""
    a = ", ".join(f"{c:.4f}" for c in theta[:4])
    b = ", ".join(f"{c:.4f}" for c in theta[4:])
    print(f"const A: [f64; 4] = [{a}];")
    print(f"const B: [f64; 4] = [{b}];")


def plot(data, theta, path, bucket):
    """Observed (dots) and predicted (lines) rates by score bucket, one panel per material range."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"
    matplotlib.rcParams["font.sans-serif"] = ["DejaVu Sans"]
    import matplotlib.pyplot as plt

    ranges = [(17, 40), (41, 60), (61, 78)]
    fig, axes = plt.subplots(1, len(ranges), figsize=(12, 3.6), sharey=True)
    v, mat, outcome = data[:, 0], data[:, 1], data[:, 2]
    edges = np.arange(-600, 601, bucket)
    for ax, (low, high) in zip(axes, ranges):
        inside = (np.clip(mat, MATERIAL_MIN, MATERIAL_MAX) >= low) & (
            np.clip(mat, MATERIAL_MIN, MATERIAL_MAX) <= high
        )
        centres, observed, predicted, sizes = [], [], [], []
        for lo in edges[:-1]:
            sel = inside & (v >= lo) & (v < lo + bucket)
            if sel.sum() < 10:
                continue
            centres.append(lo + bucket / 2)
            observed.append([np.mean(outcome[sel] == k) for k in (WIN, DRAW, LOSS)])
            predicted.append([np.mean(r) for r in rates(theta, v[sel], mat[sel])])
            sizes.append(sel.sum())
        observed, predicted = np.array(observed).reshape(-1, 3), np.array(predicted).reshape(-1, 3)
        for k, (name, colour) in enumerate(
            [("win", "tab:green"), ("draw", "tab:gray"), ("loss", "tab:red")]
        ):
            ax.plot(centres, predicted[:, k], color=colour, label=f"{name}, model")
            ax.scatter(centres, observed[:, k], color=colour, s=12, label=f"{name}, games")
        ax.set_title(f"material {low}-{high}: {int(inside.sum())} positions", fontsize=10)
        ax.set_xlabel("score (cp, mover's side)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("rate")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    if not path.endswith(".svg"):
        fig.savefig(path)
        return
    # An SVG without its date, its coordinates to a tenth of a point: small and the same from
    # the same games.
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    tenth = lambda number: f"{float(number.group()):.1f}"
    short = lambda tag: re.sub(r"-?\d+\.\d{2,}", tenth, tag.group())
    with open(path, "w", encoding="utf-8") as f:
        f.write(re.sub(r"<[^>]*>", short, buffer.getvalue()))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("pgn", nargs="+", help="PGN files of the engine's games")
    p.add_argument("--plot", required=True, help="the plot's file, .svg or .png")
    p.add_argument("--skip", type=int, default=8, help="plies of each movetext left out (8)")
    p.add_argument(
        "--degree",
        default="auto",
        choices=["auto", "0", "1", "2", "3"],
        help="of the polynomials in m; auto: the one that predicts held-out games best",
    )
    p.add_argument("--bucket", type=int, default=50, help="score bucket of the plot, cp (50)")
    a = p.parse_args()
    data, counts = read(a.pgn, a.skip)
    print(
        f"{counts['games']} games ({counts['partial']} incomplete and {counts['unreadable']} "
        f"unreadable left out), {len(data)} positions ({counts['opening']} opening plies, "
        f"{counts['mate']} mate scores, {counts['unscored']} unscored moves left out)"
    )
    if len(data) < 100:
        sys.exit("too few positions to fit")
    outcome = data[:, 2]
    print(
        "outcomes from the mover's side: "
        + ", ".join(f"{name} {np.mean(outcome == k):.3f}" for k, name in enumerate(["W", "D", "L"]))
    )
    print("a and b fitted alone in bands of 6 material counts:")
    for low, n, _, band_a, band_b in bands(data):
        high = min(low + 5, MATERIAL_MAX)
        print(f"  material {low}-{high}: {n} positions, a = {band_a:.1f} cp, b = {band_b:.1f} cp")
    if a.degree == "auto":
        print("two-fold cross-validation by game (even and odd games):")
        degree = choose_degree(data)
    else:
        degree = int(a.degree)
    theta, nll = fit(data, degree)
    print(f"degree {degree}")
    print(f"negative log-likelihood {nll:.1f}, {nll / len(data):.4f} a position")
    for material_count in (17, 30, 40, 50, 58, 70, 78):
        m = normalised(material_count)
        print(
            f"  material {material_count}: a = {polynomial(theta[:4], m):.1f} cp, "
            f"b = {polynomial(theta[4:], m):.1f} cp"
        )
    m = normalised(np.arange(MATERIAL_MIN, MATERIAL_MAX + 1))
    if np.any(polynomial(theta[:4], m) < 0) or np.any(polynomial(theta[4:], m) <= 0):
        print("warning: a < 0 or b <= 0 somewhere in 17..78: the engine needs a >= 0 and b > 0")
    print_constants(theta)
    plot(data, theta, a.plot, a.bucket)
    print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
