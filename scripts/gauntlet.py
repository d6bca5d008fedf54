#!/usr/bin/env python3
"""Gauntlet: the engine against outside engines, one fastchess match per opponent.

Run by hand, not in CI: it needs fastchess and the opponents, built outside the project
(see README, "Strength"). Nothing of theirs belongs in this repository.

    python3 scripts/gauntlet.py --fastchess PATH \\
        --opponent "vice=/path/to/vice option.Book=false" \\
        --opponent "rustic=/path/to/rustic" \\
        --opponent "sf2000=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=2000" \\
        [--engine target/release/engine] [--option Hash=16] [--tc 10+0.1] [--games 200] \\
        [--concurrency 2] [--openings positions/openings.epd] [--out DIR]

Each opponent plays --games games (pairs of games from one opening, colours swapped) from the
balanced openings, each opening chosen at random. The PGN of every match is kept in --out.

A stopped gauntlet resumes: run the same command again, and each match plays only the games its
PGN (`--out`/NAME.pgn) does not hold yet, appended to it, with the openings drawn from another
seed (the number of games already played) so that they do not repeat those played; `--fresh`
deletes the PGN and starts over. Only finished games are in the PGN: the games in progress when
it stopped are lost. The
score is counted from the PGN, not from fastchess's summary, and every game that did not end
normally on the board (mate, stalemate, a draw rule, adjudication) is listed as a fault: time
forfeits, illegal moves, stalls, disconnections, each with the side that committed it (the
side that lost the game).

The last lines are a Markdown table: opponent, time control, games, wins-losses-draws, score,
Elo with its 95% margin, faults.
"""

import argparse
import math
import os
import shlex
import subprocess
import sys
import tempfile
from datetime import date

import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# How a game may end without a fault, as fastchess writes its Termination tag.
NORMAL_ENDINGS = {"normal", "adjudication"}


def elo_with_margin(wins, losses, draws):
    """Elo difference and its 95% margin, from the per-game score's variance (as cutechess)."""
    games = wins + losses + draws
    if games == 0:
        return (0.0, float("inf"))
    score = (wins + draws / 2) / games
    variance = (
        wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2
    ) / games
    spread = 1.959964 * math.sqrt(variance / games)

    def elo(s):
        if s <= 0:
            return -math.inf
        if s >= 1:
            return math.inf
        return -400 * math.log10(1 / s - 1)

    low, high = elo(score - spread), elo(score + spread)
    return (elo(score), (high - low) / 2)


def format_elo(elo, margin):
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    margin_text = "inf" if math.isinf(margin) or math.isnan(margin) else f"{margin:.0f}"
    return f"{elo:+.0f} ± {margin_text}"


def read_games(pgn_path, name):
    """(result from `name`'s side: 1, 0.5 or 0; termination) for each game of a PGN file with
    moves, read with python-chess's PGN reader (`chess.pgn`)."""
    games = []
    with open(pgn_path, encoding="utf-8", errors="replace") as f:
        while True:
            headers = chess.pgn.read_headers(f)
            if headers is None:
                break
            if "Result" in headers and headers.get("PlyCount", "1") != "0":
                games.append(score_of(headers, name))
    return games


def score_of(tags, name):
    result = tags["Result"]
    white = tags.get("White") == name
    points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
    if points is not None and not white:
        points = 1.0 - points
    return (points, tags.get("Termination", "?"))


def openings_without_comments(path):
    """fastchess reads a `#` line as a position: a copy of the openings without comments."""
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.lstrip().startswith("#")]
    handle, copy = tempfile.mkstemp(prefix="gauntlet-openings-", suffix=".epd")
    with os.fdopen(handle, "w") as f:
        f.writelines(lines)
    return copy


def run_match(args, opponent, openings, out_dir):
    """Plays one match; returns the row of the table."""
    name, _, spec = opponent.partition("=")
    parts = shlex.split(spec)
    if not name or not parts:
        sys.exit(f"--opponent needs NAME=COMMAND [option.X=Y ...], got {opponent!r}")
    command, options = parts[0], parts[1:]
    pgn = os.path.join(out_dir, f"{name}.pgn")
    if args.fresh and os.path.exists(pgn):
        os.remove(pgn)
    done = len(read_games(pgn, "engine")) if os.path.exists(pgn) else 0
    if done >= args.games:
        print(f"{name}: {done} games already in {pgn}", file=sys.stderr, flush=True)
        return summary_row(args, name, read_games(pgn, "engine"))
    ours = ["-engine", f"cmd={os.path.abspath(args.engine)}", "name=engine"]
    ours += [f"option.{o}" for o in args.option]
    theirs = ["-engine", f"cmd={command}", f"name={name}"] + options
    argv = (
        [args.fastchess]
        + ours
        + theirs
        + ["-each", f"tc={args.tc}", "proto=uci"]
        + ["-openings", f"file={openings}", "format=epd", "order=random"]
        + ["-repeat", "-rounds", str(max(1, (args.games - done + 1) // 2)), "-srand", str(done + 1)]
        + ["-concurrency", str(args.concurrency)]
        + ["-recover", "-pgnout", f"file={pgn}"]
    )
    print("$ " + " ".join(shlex.quote(a) for a in argv), file=sys.stderr, flush=True)
    log = os.path.join(out_dir, f"{name}.log")
    with open(log, "a") as f:
        subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, cwd=out_dir, check=False)
    games = read_games(pgn, "engine") if os.path.exists(pgn) else []
    return summary_row(args, name, games)


def summary_row(args, name, games):
    """The table's row for the games of one opponent."""
    wins = sum(1 for p, _ in games if p == 1.0)
    losses = sum(1 for p, _ in games if p == 0.0)
    draws = sum(1 for p, _ in games if p == 0.5)
    faults = {}
    for points, termination in games:
        if termination not in NORMAL_ENDINGS:
            # The side that lost a game ended by a fault committed it.
            side = {0.0: "engine", 1.0: name}.get(points, "?")
            key = f"{termination} ({side})"
            faults[key] = faults.get(key, 0) + 1
    elo, margin = elo_with_margin(wins, losses, draws)
    played = wins + losses + draws
    score = (wins + draws / 2) / played if played else 0.0
    fault_text = ", ".join(f"{k} {v}" for k, v in sorted(faults.items())) or "none"
    row = f"| {name} | {args.tc} | {played} | {wins}-{losses}-{draws} | {100 * score:.1f}% | {format_elo(elo, margin)} | {fault_text} |"
    print(row, file=sys.stderr, flush=True)
    return row


def commit():
    try:
        out = subprocess.run(
            ["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fastchess", default=os.environ.get("FASTCHESS", "fastchess"))
    parser.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "engine"))
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option of the engine, e.g. Hash=16 (repeatable)")
    parser.add_argument("--opponent", action="append", default=[], metavar="NAME=COMMAND [option.X=Y ...]")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--openings", default=os.path.join(ROOT, "positions", "openings.epd"))
    parser.add_argument("--out", default=os.path.join(ROOT, "target", "gauntlet"))
    parser.add_argument("--fresh", action="store_true",
                        help="start each match over instead of resuming its PGN")
    args = parser.parse_args()
    if not args.opponent:
        parser.error("name at least one --opponent")
    os.makedirs(args.out, exist_ok=True)
    openings = openings_without_comments(args.openings)
    try:
        rows = [run_match(args, opponent, openings, args.out) for opponent in args.opponent]
    finally:
        os.remove(openings)
    # The binary may be a copy from another commit: the repository's commit only says where the
    # script ran.
    print(f"Gauntlet of {args.engine} on {date.today().isoformat()} (script at {commit()}), "
          f"openings {os.path.basename(args.openings)}")
    print("| Opponent | Time control | Games | W-L-D | Score | Elo ± 95% | Faults |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
