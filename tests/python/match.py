#!/usr/bin/env python3
"""Match harness: whole games against the built engine, driven by python-chess's UCI client.

Every game is checked for legal moves, a proper end (mate, a draw rule, or adjudication by
move count), no time forfeit under a clock this harness keeps itself, and no stall (python-chess
times out a command that gets no answer).

The clocked games of the CI set charge each move's time to the clock and send the clock to the
engine, so that its time management plays them, but forgive an overrun of up to
CI_CLOCK_TOLERANCE seconds: a move descheduled on a loaded machine is not a fault there, while an
engine that ignores its clock still is. The soak (--soak) forgives nothing: run it on an idle
machine.

    python3 tests/python/match.py [ENGINE] [--soak N] [--only NAME]

Without --soak it plays the short set of matches CI runs; --only NAME plays only those of them
whose name contains NAME (case ignored; an unknown name lists the names and exits with status
2). --soak N plays N games of IterativeDeepening against itself at 1 s + 0.01 s per game. The
last line is "N passed, M failed", counted in games.
"""

import argparse
import itertools
import os
import random
import sys
import time

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OPENINGS = os.path.join(ROOT, "positions", "openings.epd")

# Full moves after which a game is adjudicated a draw.
MAX_FULL_MOVES = 150
# Seconds python-chess waits for an answer beyond the move's own time before calling it a stall.
STALL_SECONDS = 15.0
# Seconds a move of the CI set may run over the time left on its clock (the machine's load).
CI_CLOCK_TOLERANCE = 0.25


def read_openings():
    with open(OPENINGS) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


class Player:
    """One engine process with its options."""

    def __init__(self, path, name, options):
        self.name = name
        self.engine = chess.engine.SimpleEngine.popen_uci([path], timeout=STALL_SECONDS)
        self.engine.configure(options)

    def close(self):
        try:
            self.engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
            self.engine.close()


class Failure(Exception):
    pass


def play_game(white, black, opening_fen, clock=None, depth=None, game_id=None, tolerance=0.0):
    """Plays one game; returns (result, reason, plies). Raises Failure for a fault.

    clock = (base seconds, increment seconds) for both sides, kept here; depth = fixed depth per
    move; tolerance = seconds a move may run over the time left before it loses on time.
    """
    board = chess.Board(opening_fen)
    players = {chess.WHITE: white, chess.BLACK: black}
    remaining = {chess.WHITE: clock[0], chess.BLACK: clock[0]} if clock else None
    game_key = game_id if game_id is not None else object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), len(board.move_stack)
        if board.fullmove_number - chess.Board(opening_fen).fullmove_number >= MAX_FULL_MOVES:
            return "1/2-1/2", "adjudicated by move count", len(board.move_stack)
        player = players[board.turn]
        if clock:
            limit = chess.engine.Limit(
                white_clock=max(remaining[chess.WHITE], 0.001),
                black_clock=max(remaining[chess.BLACK], 0.001),
                white_inc=clock[1],
                black_inc=clock[1],
            )
        else:
            limit = chess.engine.Limit(depth=depth)
        started = time.monotonic()
        try:
            result = player.engine.play(board, limit, game=game_key)
        except chess.engine.EngineTerminatedError as e:
            raise Failure(f"{player.name} died: {e}")
        except TimeoutError:
            raise Failure(f"{player.name} stalled (no bestmove within {STALL_SECONDS} s)")
        except (chess.engine.EngineError, chess.IllegalMoveError) as e:
            raise Failure(f"{player.name} sent an illegal or malformed move: {e}")
        elapsed = time.monotonic() - started
        if clock:
            remaining[board.turn] -= elapsed
            if remaining[board.turn] < -tolerance:
                raise Failure(
                    f"{player.name} lost on time at ply {len(board.move_stack)}: "
                    f"{elapsed * 1000:.0f} ms used, {(remaining[board.turn] + elapsed) * 1000:.0f} ms left"
                )
            remaining[board.turn] = max(remaining[board.turn], 0.0) + clock[1]
        if result.move is None or result.move not in board.legal_moves:
            raise Failure(f"{player.name} played {result.move}, not legal in {board.fen()}")
        board.push(result.move)


def run_match(engine_path, label, first, second, games, openings, clock=None, depth=None,
              new_process_each_game=False, tolerance=0.0):
    """Plays `games` games, colours alternating, each pair from one opening. Returns (passed, failed)."""
    passed = failed = 0
    score = 0.0
    players = None
    for index in range(games):
        if players is None or new_process_each_game:
            if players:
                for p in players:
                    p.close()
            players = [Player(engine_path, first[0], first[1]), Player(engine_path, second[0], second[1])]
        opening = openings[(index // 2) % len(openings)]
        white, black = (players[0], players[1]) if index % 2 == 0 else (players[1], players[0])
        try:
            result, reason, plies = play_game(white, black, opening, clock=clock, depth=depth,
                                              tolerance=tolerance)
            passed += 1
            first_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            if index % 2 == 1:
                first_points = 1.0 - first_points
            score += first_points
            print(f"  {label} game {index + 1}: {white.name} - {black.name} {result} ({reason}, {plies} plies)")
        except Failure as e:
            failed += 1
            print(f"  {label} game {index + 1}: FAULT: {e}")
            for p in players:
                p.close()
            players = None
    if players:
        for p in players:
            p.close()
    print(f"{label}: {games} games, {first[0]} scored {score}/{games}, {failed} faults")
    return passed, failed


def ci_matches(engine_path, openings):
    iterative = ("IterativeDeepening", {"Search": "IterativeDeepening"})
    return [
        ("ID depth 4 vs Random", lambda: run_match(
            engine_path, "ID vs Random", iterative, ("Random", {"Search": "Random", "Seed": 7}),
            2, openings, depth=4)),
        ("AlphaBeta d3 vs Minimax d2", lambda: run_match(
            engine_path, "AlphaBeta(3) vs Minimax(2)",
            ("AlphaBeta", {"Search": "AlphaBeta", "Depth": 3}), ("Minimax", {"Search": "Minimax", "Depth": 2}),
            2, openings, depth=64)),
        ("ID vs ID 1+0.01", lambda: run_match(
            engine_path, "ID vs ID at 1s+0.01s", iterative, ("IterativeDeepening'", {"Search": "IterativeDeepening"}),
            6, openings[10:], clock=(1.0, 0.01), tolerance=CI_CLOCK_TOLERANCE)),
        ("ID vs ID 5+0.05", lambda: run_match(
            engine_path, "ID vs ID at 5s+0.05s", iterative, ("IterativeDeepening'", {"Search": "IterativeDeepening"}),
            2, openings[20:], clock=(5.0, 0.05), tolerance=CI_CLOCK_TOLERANCE)),
        ("AlphaBeta vs Minimax under clocks", lambda: run_match(
            engine_path, "AlphaBeta(Depth 5) vs Minimax(Depth 4) at 2s+0.02s",
            ("AlphaBeta", {"Search": "AlphaBeta", "Depth": 5}), ("Minimax", {"Search": "Minimax", "Depth": 4}),
            2, openings[30:], clock=(2.0, 0.02), tolerance=CI_CLOCK_TOLERANCE)),
        ("fresh process per game", lambda: run_match(
            engine_path, "ID vs Random, new processes each game", iterative,
            ("Random", {"Search": "Random"}), 2, openings[40:], depth=3, new_process_each_game=True)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", nargs="?", default=os.path.join(ROOT, "target", "release", "engine"))
    parser.add_argument("--soak", type=int, metavar="N", help="play N games of ID vs ID at 1s+0.01s")
    parser.add_argument("--only", metavar="NAME", help="play only the CI matches whose name contains NAME")
    args = parser.parse_args()
    if args.soak and args.only:
        parser.error("--only selects among the CI matches; --soak plays its own")
    openings = read_openings()
    matches = ci_matches(args.engine, openings)
    if args.only:
        matches = [(name, match) for name, match in matches if args.only.lower() in name.lower()]
        if not matches:
            names = ", ".join(repr(name) for name, _ in ci_matches(args.engine, openings))
            parser.error(f"no CI match is named like {args.only!r}; the matches: {names}")
    passed = failed = 0
    started = time.monotonic()
    if args.soak:
        shuffled = openings[:]
        random.Random(1).shuffle(shuffled)
        p, f = run_match(args.engine, "soak ID vs ID at 1s+0.01s",
                         ("IterativeDeepening", {"Search": "IterativeDeepening"}),
                         ("IterativeDeepening'", {"Search": "IterativeDeepening"}),
                         args.soak, shuffled, clock=(1.0, 0.01))
        passed, failed = passed + p, failed + f
    else:
        for _, match in matches:
            p, f = match()
            passed, failed = passed + p, failed + f
    print(f"harness time {time.monotonic() - started:.1f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
