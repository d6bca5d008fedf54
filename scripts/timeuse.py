#!/usr/bin/env python3
"""How an engine spends its clock, from the PGN of a match (fastchess's or cutechess-cli's).

Each move's comment holds its time (`{+0.31/15 0.280s}`); this groups them by the side's own
move count (its first move after the opening's position is move 0) for one engine and its
opponents, and prints the mean seconds a move in steps of ten moves (to move 99), the share of
the clock spent by moves 20 and 40 (median over games, of the base time plus the increments
until then), and the clock left at the end of the game (median).

    python3 scripts/timeuse.py GAMES.pgn --engine engine --tc 10+0.1
"""

import argparse
import re
import statistics

import chess.pgn


def games(path):
    """(white, black, [seconds of each move in order]) of each game of a PGN file, read with
    python-chess's PGN reader (`chess.pgn`); each move's time is in its comment."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            times = []
            for node in game.mainline():
                # `+0.31/15 0.280s`, or `+0.31/15 0.280s, tl=7.912s` with fastchess's timeleft.
                found = re.search(r"/-?\d+ ([\d.]+)s\b", node.comment)
                if found:
                    times.append(float(found.group(1)))
            yield game.headers.get("White", "?"), game.headers.get("Black", "?"), times


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("pgn")
    p.add_argument("--engine", default="engine", help="the engine's name in the PGN")
    p.add_argument("--tc", default="10+0.1", help="the time control, base+increment in seconds")
    a = p.parse_args()
    base, inc = (float(x) for x in a.tc.split("+"))
    own, other = {}, {}
    used = {"engine": {20: [], 40: []}, "opponent": {20: [], 40: []}}
    left = {"engine": [], "opponent": []}
    count = 0
    for white, black, times in games(a.pgn):
        if a.engine not in (white, black):
            continue
        count += 1
        first = 0 if white == a.engine else 1
        sides = {"engine": times[first::2], "opponent": times[1 - first :: 2]}
        for side, moves in sides.items():
            table = own if side == "engine" else other
            for i, t in enumerate(moves):
                table.setdefault(i // 10, []).append(t)
            for n in (20, 40):
                if len(moves) >= n:
                    used[side][n].append(sum(moves[:n]) / (base + inc * n))
            left[side].append(base + inc * len(moves) - sum(moves))
    print(f"{count} games of {a.engine}")
    print("moves    | engine s/move | opponent s/move | games")
    for bucket in sorted(own):
        if bucket >= 10 or len(own[bucket]) < 50:
            break
        o = statistics.mean(other.get(bucket, [0]))
        print(f"{bucket * 10:3}-{bucket * 10 + 9:<4} | {statistics.mean(own[bucket]):13.3f} | "
              f"{o:15.3f} | {len(own[bucket])}")
    for n in (20, 40):
        if not (used["engine"][n] and used["opponent"][n]):
            continue
        e, o = (statistics.median(used[s][n]) for s in ("engine", "opponent"))
        print(f"clock spent by move {n} (median): engine {e:.0%}, opponent {o:.0%}")
    e, o = (statistics.median(left[s]) for s in ("engine", "opponent"))
    print(f"clock left at the end (median): engine {e:.2f} s, opponent {o:.2f} s")


if __name__ == "__main__":
    main()
