#!/usr/bin/env python3
"""MultiPV under a real UCI client: python-chess's analyse(board, limit, multipv=3).

Usage: python3 tests/python/multipv.py [ENGINE]   (default: target/release/engine)

For IterativeDeepening, Minimax and AlphaBeta: three infos come back, with three distinct first
moves, legal lines, scores in order (best first), and `multipv` 1, 2, 3. Prints one line per check
and "N passed, M failed"; exits non-zero when any check failed.
"""

import sys

import chess
import chess.engine

from checks import check, finish, run_guarded

TIMEOUT = 30
# The second: after 1.e4 e5 2.Nf3 Qh4?? the queen hangs, Nxh4 is best by far.
POSITIONS = [
    chess.Board(),
    chess.Board("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
]




def pv_is_legal(board, pv):
    replay = board.copy()
    for move in pv:
        if move not in replay.legal_moves:
            return False
        replay.push(move)
    return bool(pv)


def run_checks(path):
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=TIMEOUT)
    try:
        for search, depth in [("IterativeDeepening", 6), ("AlphaBeta", 3), ("Minimax", 3)]:
            engine.configure({"Search": search})
            for board in POSITIONS:
                name = f"{search} {board.fen()}"
                infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=3)
                check(f"{name}: three lines", len(infos) == 3, repr(infos))
                firsts = [info.get("pv", [None])[0] for info in infos]
                check(f"{name}: distinct first moves", len(set(firsts)) == len(firsts), repr(firsts))
                check(f"{name}: legal lines", all(pv_is_legal(board, info.get("pv", [])) for info in infos), repr(infos))
                scores = [info["score"].relative for info in infos]
                check(f"{name}: best first", all(a >= b for a, b in zip(scores, scores[1:])), repr(scores))
                ranks = [info.get("multipv") for info in infos]
                check(f"{name}: multipv 1, 2, 3", ranks == [1, 2, 3], repr(ranks))
                check(f"{name}: depth {depth}", all(info.get("depth") == depth for info in infos), repr(infos))
        # The tactical position: taking the queen is the best line by far.
        engine.configure({"Search": "IterativeDeepening"})
        infos = engine.analyse(POSITIONS[1], chess.engine.Limit(depth=6), multipv=3)
        gap = infos[0]["score"].relative.score(mate_score=100000) - infos[1]["score"].relative.score(mate_score=100000)
        check("a clearly best move is first by a wide margin", gap > 200, repr(infos))
    finally:
        engine.quit()


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/engine"
    run_guarded(run_checks, path)
    finish()


if __name__ == "__main__":
    main()
