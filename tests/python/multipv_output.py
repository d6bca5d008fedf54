#!/usr/bin/env python3
"""MultiPV output as python-chess reads it.

Usage: python3 tests/python/multipv_output.py [ENGINE]   (default: target/release/engine)

- one legal move and multipv=5: one entry, with its `multipv` key;
- UCI_LimitStrength and multipv=2: exactly two entries, numbered 1 and 2, with distinct first
  moves, and the move played is line 1's;
- a clock and root_moves=[one move]: searched deeper than depth 1 (the forced-move budget
  counts legal moves, not the moves asked for).
Prints one line per check and "N passed, M failed"; exits non-zero when any check failed.
"""

import sys

import chess
import chess.engine

from checks import check, finish, run_guarded

TIMEOUT = 30
ONE_MOVE = chess.Board("7k/8/8/8/8/8/6R1/K7 b - - 0 1")




def one_legal_move(engine):
    for search in ["IterativeDeepening", "AlphaBeta", "Minimax"]:
        engine.configure({"Search": search})
        infos = engine.analyse(ONE_MOVE, chess.engine.Limit(depth=4), multipv=5)
        check(f"{search}: one line for one legal move", len(infos) == 1, repr(infos))
        check(f"{search}: it carries multipv 1", infos[0].get("multipv") == 1, repr(infos))
    engine.configure({"Search": "IterativeDeepening"})


def limited_strength(engine):
    engine.configure({"UCI_LimitStrength": True})
    for board in [chess.Board(), chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")]:
        for _ in range(4):
            infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=2)
            ranks = [info.get("multipv") for info in infos]
            check("UCI_LimitStrength: exactly the two lines asked for", ranks == [1, 2], repr(infos))
            firsts = [info.get("pv", [None])[0] for info in infos]
            check("UCI_LimitStrength: no line twice", len(set(firsts)) == len(firsts), repr(firsts))
        result = engine.play(board, chess.engine.Limit(depth=5), info=chess.engine.INFO_ALL)
        check("UCI_LimitStrength: a legal move", result.move in board.legal_moves, repr(result))
    engine.configure({"UCI_LimitStrength": False})


def one_root_move_under_a_clock(engine):
    board = chess.Board()
    board.push_uci("f2f3")
    board.push_uci("e7e5")
    g4 = chess.Move.from_uci("g2g4")
    info = engine.analyse(board, chess.engine.Limit(time=0.3), root_moves=[g4])
    check("root_moves=[g2g4] under a clock: deeper than depth 1", info.get("depth", 0) > 1, repr(info))
    check("root_moves=[g2g4]: the line starts with it", info.get("pv", [None])[0] == g4, repr(info))


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/engine"
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=TIMEOUT)

    def checks():
        one_legal_move(engine)
        limited_strength(engine)
        one_root_move_under_a_clock(engine)

    try:
        run_guarded(checks)
    finally:
        engine.quit()
    finish()


if __name__ == "__main__":
    main()
