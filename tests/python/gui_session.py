#!/usr/bin/env python3
"""A GUI's session with the engine, python-chess as the client, timed.

Usage: python3 tests/python/gui_session.py [ENGINE]   (default: target/release/engine)

What a GUI sends in a game and in analysis: `uci`, options, `ucinewgame`, `position ... moves
...`, `go wtime ... btime ...` with increments, `go ponder` + `ponderhit`, `go movetime`, `go
infinite` with `isready` in the middle and `stop`, and `quit`. Every `go` is timed against
what it was given, an upper bound with SLACK seconds for a loaded machine (it may answer late,
never early: the engine's clock is the wall's):

- under a clock, a move takes more than 1/200 of the clock left (its base is about 1/20) and
  less than its hard limit (at most 1/5 of the clock and three increments) plus SLACK;
- `go movetime N` takes at least N less Move Overhead and 20 ms of rounding, and less than
  2 N + SLACK;
- after `ponderhit`, pondered past the move's hard limit, the answer comes within half that
  limit (the time pondered counts as spent: one that started afresh would take more);
- `isready` in a search is answered while it runs (before `stop`, which alone ends `go
  infinite`), and `stop` ends it within SLACK.

Prints one line per check and a final line "N passed, M failed"; exits non-zero on a failure.
"""

import asyncio
import concurrent.futures
import sys
import time

import chess
import chess.engine

from checks import check, finish, transcript

TIMEOUT = 30
OVERHEAD_MS = 10
# Seconds beyond a move's own limit that a loaded machine may take to answer.
SLACK = 3.0


def timed(call):
    """The result of `call()` and the seconds it took."""
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


def clocked_game(engine):
    """Six moves of a game at 10 s + 0.1 s a side, the engine playing both sides."""
    board = chess.Board()
    increment = 0.1
    clocks = {chess.WHITE: 10.0, chess.BLACK: 10.0}
    game = object()
    for _ in range(6):
        left = clocks[board.turn]
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE],
            black_clock=clocks[chess.BLACK],
            white_inc=increment,
            black_inc=increment,
        )
        result, spent = timed(lambda: engine.play(board, limit, game=game))
        # The hard limit: four bases, each 1/20 of the clock and 3/4 of the increment.
        most = left / 5 + 3 * increment + SLACK
        check(
            f"go wtime/btime at move {board.fullmove_number}: {spent:.3f} s of {left:.2f} s",
            left / 200 < spent < most,
            f"wanted {left / 200:.3f}-{most:.3f} s",
        )
        clocks[board.turn] = left - spent + increment
        board.push(result.move)


def movetime_moves(engine):
    """`go movetime` spent whole from three positions."""
    for fen, seconds in [
        (chess.STARTING_FEN, 0.5),
        ("2r1b1k1/R4pp1/4pb1p/1pBr4/1Pq2P2/3N4/2PQ2PP/5RK1 b - - 0 1", 1.0),
        ("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", 0.3),
    ]:
        board = chess.Board(fen)
        _, spent = timed(lambda: engine.play(board, chess.engine.Limit(time=seconds)))
        least = seconds - (OVERHEAD_MS + 20) / 1000
        most = 2 * seconds + SLACK
        check(
            f"go movetime {int(seconds * 1000)}: {spent:.3f} s",
            least <= spent < most,
            f"wanted {least:.3f}-{most:.3f} s",
        )


def pondered_moves(engine):
    """`go ponder` on the engine's own predicted reply, then `ponderhit`, at 10 s a side."""
    board = chess.Board()
    for move in ["e2e4", "e7e5", "g1f3", "b8c6"]:
        board.push_uci(move)
    game = object()
    limit = chess.engine.Limit(white_clock=10, black_clock=10)
    # The hard limit of a 10 s clock: 4 × (10000 − 3 × 10) / 20 ms.
    hard = 1.994
    result = engine.play(board, limit, ponder=True, game=game)
    check("a move with ponder=True names a ponder move", result.ponder is not None, repr(result))
    if result.ponder is None:
        return
    board.push(result.move)
    board.push(result.ponder)
    # Pondered past the hard limit: the move's whole time is spent.
    time.sleep(hard + 0.5)
    sent_before = len(transcript.received)
    _, spent = timed(lambda: engine.play(board, limit, ponder=True, game=game))
    ponderhit = any("bestmove" in line for line in transcript.received[sent_before:])
    # At once, with half the hard limit for a loaded machine's delay: a search that started
    # the move's time afresh at ponderhit would search on for most of it.
    check(
        f"ponderhit after {hard + 0.5:.1f} s pondered answers at once: {spent:.3f} s",
        ponderhit and spent < hard / 2,
        f"{spent:.3f} s, wanted less than {hard / 2:.3f} s",
    )
    engine.play(board, chess.engine.Limit(depth=1), game=object())


def analysis_with_isready_and_stop(engine):
    """`go infinite`, `isready` while it runs, then `stop`."""
    board = chess.Board("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")
    with engine.analysis(board, game=object()) as analysis:
        deadline = time.monotonic() + TIMEOUT
        depth = 0
        for info in analysis:
            depth = info.get("depth", depth)
            if depth >= 6 or time.monotonic() > deadline:
                break
        asked = time.monotonic()
        engine.protocol.send_line("isready")
        # Waited for, not timed: `go infinite` ends only at `stop`, sent after this, so a
        # `readyok` (and no `bestmove`) before then was answered while the search ran.
        deadline = asked + TIMEOUT
        while time.monotonic() < deadline and not any(
            line == "readyok" and t >= asked for t, line in transcript.received_at
        ):
            time.sleep(0.01)
        since = [line for t, line in transcript.received_at if t >= asked]
        check(
            "isready in a search is answered while it runs",
            "readyok" in since and not any(line.startswith("bestmove") for line in since),
            repr(since[-3:]),
        )
        stopped = time.monotonic()
        analysis.stop()
        # Bounded, so that a `stop` ignored fails here instead of waiting for ever.
        waiting = asyncio.run_coroutine_threadsafe(analysis.inner.wait(), engine.protocol.loop)
        try:
            best = waiting.result(timeout=SLACK)
        except concurrent.futures.TimeoutError:
            best = None
    answered = time.monotonic() - stopped
    check(
        f"stop ends go infinite with a bestmove: {answered:.3f} s",
        best is not None and best.move is not None,
        f"{best!r}, wanted within {SLACK} s",
    )


def run_checks(path):
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=TIMEOUT)
    try:
        check("uci names the engine", engine.id.get("name", "").startswith("engine"))
        engine.configure({"Hash": 16, "Threads": 1, "Move Overhead": OVERHEAD_MS})
        engine.ping()
        clocked_game(engine)
        movetime_moves(engine)
        pondered_moves(engine)
        analysis_with_isready_and_stop(engine)
    finally:
        _, spent = timed(engine.quit)
        check(f"quit ends the engine: {spent:.3f} s", spent < 5)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/engine"
    run_checks(path)
    finish()


if __name__ == "__main__":
    main()
