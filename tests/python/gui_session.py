#!/usr/bin/env python3
"""A GUI's session with the engine, python-chess as the client, timed.

Usage: python3 tests/python/gui_session.py [ENGINE]   (default: target/release/engine)

What a GUI sends in a game and in analysis: `uci`, options, `ucinewgame`, `position ... moves
...`, `go wtime ... btime ...` with increments, `go ponder` + `ponderhit`, `go movetime`, `go
infinite` with `isready` in the middle and `stop`, and `quit`. Every `go` is timed as a share
of what it was given:

- under a clock, a move takes less than 3/10 of the clock left (its hard limit is 1/5) and
  more than 1/200 (its base is about 1/20);
- `go movetime N` takes at least N less Move Overhead and 20 ms of rounding, and not more than
  N + 1.5 s (a loaded machine may answer late, never early: the engine's clock is the wall's);
- after `ponderhit` the answer comes within what is left of the move's hard limit, the time
  pondered counting as spent;
- `isready` in a search is answered before the search ends, `stop` ends it within a second.

Prints one line per check and a final line "N passed, M failed"; exits non-zero on a failure.
"""

import sys
import time

import chess
import chess.engine

from checks import check, finish, transcript

TIMEOUT = 30
OVERHEAD_MS = 10


def timed(call):
    """The result of `call()` and the seconds it took."""
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started


def clocked_game(engine):
    """Six moves of a game at 10 s + 0.1 s a side, the engine playing both sides."""
    board = chess.Board()
    clocks = {chess.WHITE: 10.0, chess.BLACK: 10.0}
    game = object()
    for _ in range(6):
        left = clocks[board.turn]
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE],
            black_clock=clocks[chess.BLACK],
            white_inc=0.1,
            black_inc=0.1,
        )
        result, spent = timed(lambda: engine.play(board, limit, game=game))
        share = spent / left
        check(
            f"go wtime/btime at move {board.fullmove_number}: {spent:.3f} s of {left:.2f} s",
            left / 200 < spent < left * 3 / 10,
            f"share {share:.3f}",
        )
        clocks[board.turn] = left - spent + 0.1
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
        check(
            f"go movetime {int(seconds * 1000)}: {spent:.3f} s",
            least <= spent <= seconds + 1.5,
            f"wanted {least:.3f}-{seconds + 1.5:.3f} s",
        )


def pondered_moves(engine):
    """`go ponder` on the engine's own predicted reply, then `ponderhit`, at 4 s a side."""
    board = chess.Board()
    for move in ["e2e4", "e7e5", "g1f3", "b8c6"]:
        board.push_uci(move)
    game = object()
    limit = chess.engine.Limit(white_clock=4, black_clock=4)
    result = engine.play(board, limit, ponder=True, game=game)
    check("a move with ponder=True names a ponder move", result.ponder is not None, repr(result))
    if result.ponder is None:
        return
    board.push(result.move)
    board.push(result.ponder)
    time.sleep(1.5)
    sent_before = len(transcript.received)
    _, spent = timed(lambda: engine.play(board, limit, ponder=True, game=game))
    ponderhit = any("bestmove" in line for line in transcript.received[sent_before:])
    # The hard limit of a 4 s clock is about 0.8 s, all spent in the 1.5 s pondered.
    check(
        f"ponderhit after 1.5 s pondered answers at once: {spent:.3f} s",
        ponderhit and spent < 0.4,
        f"{spent:.3f} s",
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
        time.sleep(0.5)
        readyok = [t for t, line in transcript.received_at if line == "readyok" and t >= asked]
        check(
            "isready in a search is answered while it runs",
            bool(readyok) and readyok[0] - asked < 0.5,
            repr(readyok),
        )
        stopped = time.monotonic()
        analysis.stop()
        best = analysis.wait()
    answered = time.monotonic() - stopped
    check(
        f"stop ends go infinite with a bestmove: {answered:.3f} s",
        best.move is not None and answered < 1.0,
        repr(best),
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
