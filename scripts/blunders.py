#!/usr/bin/env python3
"""Where an engine lost its games: the moves after which its own score fell, and how many nodes
it and Stockfish need before they stop choosing that move.

From a match's PGN (fastchess's or cutechess-cli's, each move's comment `{+0.31/15 0.280s}`),
for the games the engine lost, every move of the engine after which its next score fell by at
least `--drop` pawns from at least `--from` is a blunder. Each blunder's position is searched
again, up to `--nodes`, by the engine and by Stockfish (full strength, 64 MB): the table gives
the first depth and nodes after which each keeps another move than the one played (`never`
when it never leaves it, or comes back to it).

    python3 scripts/blunders.py GAMES.pgn --name engine --engine target/release/engine \
        --stockfish /usr/games/stockfish --nodes 20000000
"""

import argparse
import re
import subprocess

import chess.pgn

SCORE = re.compile(r"([+-]?(?:\d+\.\d+|M\d+|-M\d+))/(\d+)")


def pawns(text):
    """A PGN comment's score in pawns, a mate as ±100."""
    if "M" in text:
        return -100.0 if text.startswith("-") else 100.0
    return float(text)


def lost_games(path, name):
    """The games `name` lost, with the side it played."""
    with open(path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            ours = chess.WHITE if game.headers["White"] == name else chess.BLACK
            lost = "0-1" if ours == chess.WHITE else "1-0"
            if game.headers["Result"] == lost:
                yield game, ours


def blunders(game, ours, drop, start):
    """(ply, score before, score after, FEN before the move, move) of each of the engine's
    moves whose next score fell by `drop` from at least `start`."""
    last = None
    for ply, node in enumerate(game.mainline(), start=1):
        parent = node.parent.board()
        found = SCORE.match(node.comment)
        if parent.turn != ours or not found:
            continue
        score = max(pawns(found.group(1)), -10.0)
        if last and last[1] >= start and last[1] - score >= drop:
            yield last[0], last[1], score, last[2], last[3]
        last = (ply, score, parent.fen(), node.move.uci())


def lines(output):
    """(depth, nodes, first move) of each exact `info ... pv` line of a search's output."""
    for line in output.splitlines():
        if line.startswith("info depth") and " pv " in line and "bound" not in line:
            depth = int(re.search(r" depth (\d+)", line).group(1))
            nodes = int(re.search(r" nodes (\d+)", line).group(1))
            yield depth, nodes, line.split(" pv ")[1].split()[0]


def leaves(found, played):
    """The first (depth, nodes) after which the search keeps a move other than `played`."""
    since = None
    for depth, nodes, move in found:
        if move == played:
            since = None
        elif since is None:
            since = (depth, nodes)
    return since


def search(command, fen, nodes):
    """The output of a UCI search of `fen` within `nodes`, read to its `bestmove` (standard
    input stays open until then: Stockfish stops searching at its end)."""
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    script = f"uci\nsetoption name Hash value 64\nposition fen {fen}\ngo nodes {nodes}\n"
    engine.stdin.write(script)
    engine.stdin.flush()
    output = []
    for line in engine.stdout:
        output.append(line)
        if line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    return "".join(output)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--name", required=True, help="the engine's name in the PGN")
    parser.add_argument("--engine", required=True, help="the engine's binary")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=20_000_000)
    parser.add_argument("--drop", type=float, default=3.0)
    parser.add_argument("--from", dest="start", type=float, default=0.5)
    args = parser.parse_args()
    show = lambda found: f"depth {found[0]}, {found[1]:,} nodes" if found else "never"
    print("| ply | score | next | move | engine leaves it | Stockfish leaves it | FEN |")
    print("|---|---|---|---|---|---|---|")
    for game, ours in lost_games(args.pgn, args.name):
        for ply, before, after, fen, move in blunders(game, ours, args.drop, args.start):
            mine = leaves(lines(search([args.engine], fen, args.nodes)), move)
            theirs = leaves(lines(search([args.stockfish], fen, args.nodes)), move)
            print(f"| {ply} | {before:+.2f} | {after:+.2f} | {move} | {show(mine)} "
                  f"| {show(theirs)} | `{fen}` |", flush=True)


if __name__ == "__main__":
    main()
