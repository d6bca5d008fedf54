#!/usr/bin/env python3
"""UCI_ShowWDL as python-chess reads it.

Usage: python3 tests/python/wdl.py [ENGINE]   (default: target/release/engine)

- on: `info["wdl"]` on every scored line of an analysis (MultiPV 5 too), W + D + L = 1000;
- the expectation of the side to move rises with the score: over the MultiPV lines of one
  position (one material count), and between a queen up and a queen down (the same material);
- a mate in one is a certain win;
- off (the default, and set off again): no `wdl`.
Prints one line per check and "N passed, M failed"; exits non-zero when any check failed.
"""

import sys

import chess
import chess.engine

from checks import check, finish, run_guarded

TIMEOUT = 30
# White to move, a queen up; the same position with Black to move is a queen down.
QUEEN_UP = "4k3/8/8/8/8/8/3PPP2/3QK3 w - - 0 1"
QUEEN_DOWN = "4k3/8/8/8/8/8/3PPP2/3QK3 b - - 0 1"
# After 1.e4 e5 2.Nf3 Qh4??: Nxh4 wins the queen, the other moves let it go.
UNEVEN = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"

def expectation(info, board):
    """The side to move's expected score (win 1, draw 1/2) from the line's WDL."""
    return info["wdl"].pov(board.turn).expectation()


def every_line_has_wdl(engine):
    board = chess.Board()
    infos = []
    with engine.analysis(board, chess.engine.Limit(depth=6)) as analysis:
        infos = [info for info in analysis if "score" in info]
    check("analysis: scored lines", len(infos) >= 6, repr(infos))
    check("analysis: every scored line has wdl", all("wdl" in i for i in infos), repr(infos))
    check(
        "analysis: W + D + L = 1000",
        all(i["wdl"].relative.total() == 1000 for i in infos if "wdl" in i),
        repr([i.get("wdl") for i in infos]),
    )
    lines = engine.analyse(board, chess.engine.Limit(depth=5), multipv=5)
    check("MultiPV 5: every line has wdl", len(lines) == 5 and all("wdl" in i for i in lines), repr(lines))


def expectation_rises_with_the_score(engine):
    board = chess.Board(UNEVEN)
    lines = engine.analyse(board, chess.engine.Limit(depth=6), multipv=8)
    ranked = sorted(lines, key=lambda i: i["score"].relative.score(mate_score=100000))
    values = [expectation(i, board) for i in ranked]
    check(
        "MultiPV lines: expectation rises with the score",
        len(values) == 8 and all(a <= b for a, b in zip(values, values[1:])) and values[0] < values[-1],
        repr([(str(i["score"].relative), i["wdl"].relative) for i in ranked]),
    )
    up, down = chess.Board(QUEEN_UP), chess.Board(QUEEN_DOWN)
    info_up = engine.analyse(up, chess.engine.Limit(depth=5))
    info_down = engine.analyse(down, chess.engine.Limit(depth=5))
    check(
        "a queen up expects more than a queen down",
        info_up["score"].relative > info_down["score"].relative
        and expectation(info_up, up) > 0.9 > 0.1 > expectation(info_down, down),
        f"{info_up.get('wdl')} {info_down.get('wdl')}",
    )
    mate = chess.Board(MATE_IN_ONE)
    info = engine.analyse(mate, chess.engine.Limit(depth=3))
    check(
        "mate in one is a certain win",
        info["wdl"].relative == chess.engine.Wdl(1000, 0, 0),
        repr(info.get("wdl")),
    )


def off_means_no_wdl(engine):
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
    check("off: no wdl", "score" in info and "wdl" not in info, repr(info))


def run_checks(path):
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=TIMEOUT)
    try:
        option = engine.options.get("UCI_ShowWDL")
        check(
            "UCI_ShowWDL is a check, default false",
            option is not None and option.type == "check" and option.default is False,
            repr(option),
        )
        off_means_no_wdl(engine)
        engine.configure({"UCI_ShowWDL": True})
        every_line_has_wdl(engine)
        expectation_rises_with_the_score(engine)
        engine.configure({"UCI_ShowWDL": False})
        off_means_no_wdl(engine)
    finally:
        engine.quit()


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/engine"
    run_guarded(run_checks, path)
    finish()


if __name__ == "__main__":
    main()
