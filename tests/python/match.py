#!/usr/bin/env python3
"""Match harness: whole games against the built engine, driven by python-chess's UCI client.

Every game is checked for legal moves, a proper end (mate, a draw rule, or adjudication by
move count) and no stall: a move that gets no answer within STALL_SECONDS beyond its own time is
a fault, whatever limits it (python-chess alone times out only a `go movetime` search).

Two sets of games, told apart by what limits a move:

- The CI set (the default, run by `cargo test`) limits each move by depth, nodes or
  `go movetime`, never by a clock, so that a loaded machine cannot lose a game on time. A
  `go movetime T` move must come back within MOVETIME_TOLERANCE_FACTOR * T +
  MOVETIME_TOLERANCE_SLACK seconds: generous enough that a move descheduled on a loaded
  machine is not a fault, while an engine that ignores movetime still fails (the AlphaBeta and
  Minimax of that match would search their whole Depth, 13 s and more a move from their
  openings; IterativeDeepening would search without end and stall).
- The clocked soak (--clocked, --soak N; not in CI) plays on a wall clock this harness keeps:
  each move's time is charged to its side's clock and the clocks are sent with `go wtime btime
  winc binc`, so that the engine's time management plays the game. No overrun is forgiven: a
  move that finds its clock empty loses on time. Run it on an idle machine. (`go wtime btime
  winc binc` stays in CI through tests/protocol: session, go_limits, multipv_output,
  analysis_options; the budget's arithmetic in src/search/time.rs's unit tests.)

    python3 tests/python/match.py [ENGINE] [--clocked | --soak N] [--only NAME]

Without options it plays the CI set. --clocked plays the clocked soak set instead: matches
under a clock (ID vs ID at 1+0.01 and 5+0.05, AlphaBeta against Minimax at 2+0.02). --soak N
plays N games of IterativeDeepening against itself at 1 s + 0.01 s per game. --only NAME plays
only those matches of the set whose name contains NAME (case ignored; an unknown name lists the
names and exits with status 2).

One match of the CI set also has a result to reach: IterativeDeepening at depth 4 must score
at least ID_VS_RANDOM_MIN of ID_VS_RANDOM_GAMES against the random player (see there why). The
last line is "N passed, M failed", counted in checks: one per game (played to a proper end with
no fault) and one per result required (reached or not).
"""

import argparse
import asyncio
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
# Seconds a move may go unanswered beyond its own time (its movetime, if any) before it is a stall.
STALL_SECONDS = 15.0
# A `go movetime T` move may take FACTOR * T + SLACK seconds from `go` to `bestmove`: the slack
# covers a process descheduled for seconds on a loaded machine, and stays well below what a
# search that ignores movetime takes (see ci_matches).
MOVETIME_TOLERANCE_FACTOR = 4.0
MOVETIME_TOLERANCE_SLACK = 5.0
# IterativeDeepening at depth 4 against the random player: games, and the least score (points)
# it must make. Measured: 24 wins in 24 games (Random's seeds 7, 1 and 2, 8 games each; every
# game a mate within 41 plies). An engine no stronger than the random player scores ½ a game on
# average; with decisive games (the likeliest way to reach the bar) it makes 7.5 of 8 only by
# winning all eight, probability (1/2)^8 = 1/256, and less when it can draw. The bar leaves room
# for one draw (a game adjudicated at MAX_FULL_MOVES) but no loss.
ID_VS_RANDOM_GAMES = 8
ID_VS_RANDOM_MIN = 7.5


def movetime_tolerance(movetime):
    """Seconds a move searched with `go movetime` (in seconds) may take in all."""
    return MOVETIME_TOLERANCE_FACTOR * movetime + MOVETIME_TOLERANCE_SLACK


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


def ask_move(player, board, limit, game_key):
    """player.engine.play(board, limit), a stall if no answer comes within STALL_SECONDS beyond
    the limit's movetime: SimpleEngine.play itself waits for ever on a depth, nodes or clock
    limit. The same coroutine as SimpleEngine.play, with a deadline for every limit."""
    engine = player.engine
    deadline = STALL_SECONDS + (limit.time or 0.0)
    coro = asyncio.wait_for(engine.protocol.play(board, limit, game=game_key), deadline)
    return asyncio.run_coroutine_threadsafe(coro, engine.protocol.loop).result()


def play_game(white, black, opening_fen, clock=None, movetime=None, nodes=None, depth=None,
              game_id=None):
    """Plays one game; returns (result, reason, plies). Raises Failure for a fault.

    clock = (base seconds, increment seconds) for both sides, kept here, no overrun forgiven;
    otherwise each move is limited by movetime (seconds, `go movetime`, checked against
    movetime_tolerance), nodes and depth, those given.
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
            limit = chess.engine.Limit(time=movetime, nodes=nodes, depth=depth)
        started = time.monotonic()
        try:
            result = ask_move(player, board, limit, game_key)
        except chess.engine.EngineTerminatedError as e:
            raise Failure(f"{player.name} died: {e}")
        except (TimeoutError, asyncio.TimeoutError):
            raise Failure(f"{player.name} stalled at ply {len(board.move_stack)}: no bestmove within "
                          f"{STALL_SECONDS + (limit.time or 0.0):.2f} s")
        except (chess.engine.EngineError, chess.IllegalMoveError) as e:
            raise Failure(f"{player.name} sent an illegal or malformed move: {e}")
        elapsed = time.monotonic() - started
        if clock:
            remaining[board.turn] -= elapsed
            if remaining[board.turn] < 0.0:
                raise Failure(
                    f"{player.name} lost on time at ply {len(board.move_stack)}: "
                    f"{elapsed * 1000:.0f} ms used, {(remaining[board.turn] + elapsed) * 1000:.0f} ms left"
                )
            remaining[board.turn] += clock[1]
        elif movetime is not None and elapsed > movetime_tolerance(movetime):
            raise Failure(
                f"{player.name} ignored movetime at ply {len(board.move_stack)}: {elapsed * 1000:.0f} ms "
                f"for a movetime of {movetime * 1000:.0f} ms (at most {movetime_tolerance(movetime) * 1000:.0f} ms allowed)"
            )
        if result.move is None or result.move not in board.legal_moves:
            raise Failure(f"{player.name} played {result.move}, not legal in {board.fen()}")
        board.push(result.move)


def run_match(engine_path, label, first, second, games, openings, clock=None, movetime=None,
              nodes=None, depth=None, new_process_each_game=False, min_score=None):
    """Plays `games` games, colours alternating, each pair from one opening. Returns (passed,
    failed) checks: one per game played to its end without a fault, and with `min_score` one
    for the first player's score reaching it."""
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
            result, reason, plies = play_game(white, black, opening, clock=clock, movetime=movetime,
                                              nodes=nodes, depth=depth)
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
    if min_score is not None:
        reached = score >= min_score
        print(f"{label}: {first[0]} must score at least {min_score}/{games}: "
              f"{'reached' if reached else 'NOT REACHED'}")
        passed, failed = (passed + 1, failed) if reached else (passed, failed + 1)
    return passed, failed


def ci_matches(engine_path, openings):
    """The CI set: no move limited by a clock, so that load cannot make a game lost on time."""
    iterative = ("IterativeDeepening", {"Search": "IterativeDeepening"})
    iterative2 = ("IterativeDeepening'", {"Search": "IterativeDeepening"})
    return [
        ("ID depth 4 vs Random", lambda: run_match(
            engine_path, "ID vs Random", iterative, ("Random", {"Search": "Random", "Seed": 7}),
            ID_VS_RANDOM_GAMES, openings, depth=4, min_score=ID_VS_RANDOM_MIN)),
        ("AlphaBeta d3 vs Minimax d2", lambda: run_match(
            engine_path, "AlphaBeta(3) vs Minimax(2)",
            ("AlphaBeta", {"Search": "AlphaBeta", "Depth": 3}), ("Minimax", {"Search": "Minimax", "Depth": 2}),
            2, openings, depth=64)),
        # Iterative deepening stopped by its deadline in the middle of an iteration, every move.
        ("ID vs ID movetime 0.02", lambda: run_match(
            engine_path, "ID vs ID at movetime 0.02s", iterative, iterative2,
            6, openings[10:], movetime=0.02)),
        # Longer searches (depth 9 to 11), whose node counts do not depend on the machine; the
        # second side with the other evaluator, so that the two games of an opening differ.
        ("ID vs ID nodes 25000", lambda: run_match(
            engine_path, "ID vs ID (Positional) at 25000 nodes", iterative,
            ("IterativeDeepening (Positional)", {"Search": "IterativeDeepening", "Evaluation": "Positional"}),
            2, openings[20:], nodes=25000)),
        # The exhaustive searches stopped by time in the middle of a depth: their whole Depth
        # takes far longer than the movetime's tolerance (5.2 s). Measured on the loaded 2-core VM
        # from this match's opening and the next: AlphaBeta's depth 8 19.5 and 13.5 s; Minimax's
        # depth 5 3.3 and 2.4 s, so its Depth is 6 (more than 20 s from the second).
        ("AlphaBeta vs Minimax under movetime", lambda: run_match(
            engine_path, "AlphaBeta(Depth 8) vs Minimax(Depth 6) at movetime 0.05s",
            ("AlphaBeta", {"Search": "AlphaBeta", "Depth": 8}), ("Minimax", {"Search": "Minimax", "Depth": 6}),
            2, openings[30:], movetime=0.05)),
        ("fresh process per game", lambda: run_match(
            engine_path, "ID vs Random, new processes each game", iterative,
            ("Random", {"Search": "Random"}), 2, openings[40:], depth=3, new_process_each_game=True)),
    ]


def clocked_matches(engine_path, openings):
    """The clocked soak set, not in CI: matches under a clock, on the harness's clock with no
    overrun forgiven (an idle machine)."""
    iterative = ("IterativeDeepening", {"Search": "IterativeDeepening"})
    iterative2 = ("IterativeDeepening'", {"Search": "IterativeDeepening"})
    return [
        ("ID vs ID 1+0.01", lambda: run_match(
            engine_path, "ID vs ID at 1s+0.01s", iterative, iterative2,
            6, openings[10:], clock=(1.0, 0.01))),
        ("ID vs ID 5+0.05", lambda: run_match(
            engine_path, "ID vs ID at 5s+0.05s", iterative, iterative2,
            2, openings[20:], clock=(5.0, 0.05))),
        ("AlphaBeta vs Minimax under clocks", lambda: run_match(
            engine_path, "AlphaBeta(Depth 5) vs Minimax(Depth 4) at 2s+0.02s",
            ("AlphaBeta", {"Search": "AlphaBeta", "Depth": 5}), ("Minimax", {"Search": "Minimax", "Depth": 4}),
            2, openings[30:], clock=(2.0, 0.02))),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", nargs="?", default=os.path.join(ROOT, "target", "release", "engine"))
    sets = parser.add_mutually_exclusive_group()
    sets.add_argument("--clocked", action="store_true",
                      help="play the clocked soak set instead of the CI set (an idle machine)")
    sets.add_argument("--soak", type=int, metavar="N", help="play N clocked games of ID vs ID at 1s+0.01s")
    parser.add_argument("--only", metavar="NAME", help="play only the matches of the set whose name contains NAME")
    args = parser.parse_args()
    if args.soak and args.only:
        parser.error("--only selects among the CI or clocked matches; --soak plays its own")
    openings = read_openings()
    chosen_set, kind = (clocked_matches, "clocked") if args.clocked else (ci_matches, "CI")
    matches = chosen_set(args.engine, openings)
    if args.only:
        matches = [(name, match) for name, match in matches if args.only.lower() in name.lower()]
        if not matches:
            names = ", ".join(repr(name) for name, _ in chosen_set(args.engine, openings))
            parser.error(f"no {kind} match is named like {args.only!r}; the matches: {names}")
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
