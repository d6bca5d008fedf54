#!/usr/bin/env python3
"""Smoke test of the engine under a real UCI client: python-chess.

Usage: python3 tests/python/client_smoke.py [ENGINE]   (default: target/release/engine)

Opens the engine with chess.engine.SimpleEngine.popen_uci, checks its id and options, sets
options, plays and analyses a few positions, ponders, and quits. Prints one line per check and
a final line "N passed, M failed"; exits non-zero when any check failed.
"""

import os
import sys

import chess
import chess.engine

from checks import check, finish, run_guarded, transcript

EXPECTED_OPTIONS = {
    "Hash": "spin",
    "Clear Hash": "button",
    "Move Overhead": "spin",
    "Ponder": "check",
    "Search": "combo",
    "Evaluation": "combo",
    "Depth": "spin",
    "TranspositionTable": "check",
    "MoveOrdering": "check",
    "Quiescence": "check",
    "AspirationWindows": "check",
    "NullMove": "check",
    "LateMoveReductions": "check",
    "Futility": "check",
    "Seed": "spin",
    "UCI_Chess960": "check",
    "EvalFile": "string",
    "SyzygyPath": "string",
    "SyzygyProbeLimit": "spin",
    "Threads": "spin",
    "MultiPV": "spin",
    "UCI_LimitStrength": "check",
    "UCI_Elo": "spin",
    "UCI_ShowWDL": "check",
}

# The test tablebases of the repository (KQvK, KRvK, KPvK, KBvK, KNvK, KRvKR).
TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "syzygy")

# Seconds python-chess waits for each answer; generous, timings are not under test.
TIMEOUT = 30






def run_checks(path):
    engine = chess.engine.SimpleEngine.popen_uci([path], timeout=TIMEOUT)
    try:
        # Identity and options, as parsed by python-chess from the `uci` answer.
        name = engine.id.get("name", "")
        check("id name", name.startswith("engine "), repr(name))
        check("id author", bool(engine.id.get("author")), repr(engine.id))
        for option, kind in EXPECTED_OPTIONS.items():
            found = engine.options.get(option)
            check(
                f"option {option} is a {kind}",
                found is not None and found.type == kind,
                repr(found),
            )
        check(
            "no undocumented options",
            set(engine.options) == set(EXPECTED_OPTIONS),
            repr(sorted(engine.options)),
        )
        search = engine.options.get("Search")
        if search is not None:
            check(
                "Search lists the algorithms",
                {"Random", "Minimax", "AlphaBeta", "IterativeDeepening"} <= set(search.var),
                repr(search.var),
            )
        evaluation = engine.options.get("Evaluation")
        if evaluation is not None:
            check(
                "Evaluation lists Material, Positional and NNUE, default NNUE",
                set(evaluation.var) == {"Material", "Positional", "NNUE"}
                and evaluation.default == "NNUE",
                repr(evaluation),
            )

        # Setting options (python-chess validates values against the announced ranges): the
        # engine takes them without a word, and answers the next isready.
        sent_before, received_before = len(transcript.sent), len(transcript.received)
        engine.configure({"Hash": 32, "Move Overhead": 20})
        engine.ping()
        sent = transcript.sent[sent_before:]
        answers = transcript.received[received_before:]
        check(
            "configure Hash and Move Overhead",
            "setoption name Hash value 32" in sent
            and "setoption name Move Overhead value 20" in sent
            and answers == ["readyok"],
            f"sent {sent!r}, answered {answers!r}",
        )

        # position + go depth 2 through play().
        board = chess.Board()
        board.push_uci("e2e4")
        result = engine.play(board, chess.engine.Limit(depth=2))
        check("play depth 2 gives a legal move", result.move in board.legal_moves, repr(result.move))

        # A whole line of moves: play a few plies against itself.
        board = chess.Board()
        legal = True
        for _ in range(6):
            result = engine.play(board, chess.engine.Limit(depth=2))
            if result.move not in board.legal_moves:
                legal = False
                break
            board.push(result.move)
        check("six plies of self-play are legal", legal, board.fen())

        # Castling must come back in standard notation, which python-chess parses.
        board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        result = engine.play(
            board,
            chess.engine.Limit(depth=1),
            root_moves=[chess.Move.from_uci("e1g1")],
        )
        check("castling bestmove", result.move == chess.Move.from_uci("e1g1"), repr(result.move))

        # Chess960: python-chess sets UCI_Chess960 itself for a Chess960 board and speaks
        # castling as king-takes-rook. Here castling long (b1a1) is the only mate.
        board = chess.Board("2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", chess960=True)
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        check(
            "Chess960: castling king-takes-rook mates",
            info.get("pv", [None])[0] == chess.Move.from_uci("b1a1")
            and board.is_castling(info["pv"][0])
            and info.get("score") is not None
            and info["score"].relative == chess.engine.Mate(1),
            repr(info),
        )
        # Self-play from Chess960 position 14 (qnnrkbbr) after 1. Nb3 Nb6: each side may castle
        # long at once, king e1 to c1 and rook d1 to d1, written e1d1 (e1c1 in standard
        # notation). At its first chance each side is asked to choose among its castling moves
        # (searchmoves), so that the self-play itself castles whatever the search prefers.
        board = chess.Board.from_chess960_pos(14)
        board.push_san("Nb3")
        board.push_san("Nb6")
        received_before = len(transcript.received)
        legal, castled = True, []
        for _ in range(16):
            castling = [m for m in board.legal_moves if board.is_castling(m)]
            chance = castling and board.turn not in [side for side, _, _ in castled]
            result = engine.play(
                board, chess.engine.Limit(depth=3), root_moves=castling if chance else None
            )
            if result.move not in board.legal_moves:
                legal = False
                break
            side, castling_move = board.turn, board.is_castling(result.move)
            uci = board.uci(result.move)
            board.push(result.move)
            if castling_move:
                castled.append((side, uci, chess.square_name(board.king(side))))
        check("Chess960: sixteen plies of self-play are legal", legal, board.fen())
        bestmoves = [
            line.split()[1]
            for line in transcript.received[received_before:]
            if line.startswith("bestmove")
        ]
        check(
            "Chess960: the self-play castled king-takes-rook, both sides",
            castled == [(chess.WHITE, "e1d1", "c1"), (chess.BLACK, "e8d8", "c8")]
            and "e1d1" in bestmoves
            and "e8d8" in bestmoves,
            f"castled {castled!r}, bestmoves {bestmoves!r}, {board.fen()}",
        )
        # A standard board again: python-chess turns the option off, castling is e1g1 again.
        board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        engine.play(board, chess.engine.Limit(depth=1), root_moves=[chess.Move.from_uci("e1g1")])
        bestmoves = [line for line in transcript.received if line.startswith("bestmove")]
        check(
            "standard castling after Chess960",
            "setoption name UCI_Chess960 value false" in transcript.sent
            and bestmoves[-1].split()[:2] == ["bestmove", "e1g1"],
            repr(bestmoves[-1:]),
        )

        # Tablebases: a KQvK win is scored from the tables and tbhits reported.
        engine.configure({"SyzygyPath": TABLES})
        info = engine.analyse(chess.Board("8/8/8/4k3/8/8/8/4K2Q w - - 0 1"), chess.engine.Limit(depth=4))
        check(
            "Syzygy: tbhits and a winning score",
            info.get("tbhits", 0) > 0 and info["score"].relative.score(mate_score=100000) > 30000,
            repr(info),
        )
        engine.configure({"SyzygyPath": "<empty>"})

        # analyse() with info: depth, score and a legal principal variation.
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        info = engine.analyse(board, chess.engine.Limit(depth=3), info=chess.engine.INFO_ALL)
        check("analyse reports depth 3", info.get("depth") == 3, repr(info))
        check("analyse reports a score", "score" in info, repr(info))
        pv = info.get("pv", [])
        replay = board.copy()
        pv_legal = bool(pv)
        for move in pv:
            if move not in replay.legal_moves:
                pv_legal = False
                break
            replay.push(move)
        check("analyse pv is legal", pv_legal, repr(pv))

        # A mate in one is found and scored as a mate.
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        info = engine.analyse(board, chess.engine.Limit(depth=3))
        score = info.get("score")
        check(
            "mate in one is scored as mate 1",
            score is not None and score.relative == chess.engine.Mate(1),
            repr(score),
        )
        check("mate in one is the pv", info.get("pv", [None])[0] == chess.Move.from_uci("a1a8"), repr(info))

        # Infinite analysis, stopped by the client.
        board = chess.Board()
        with engine.analysis(board) as analysis:
            depth_seen = 0
            for line in analysis:
                depth_seen = max(depth_seen, line.get("depth", 0))
                if depth_seen >= 2:
                    break
        check("infinite analysis reports depths until stopped", depth_seen >= 2, repr(depth_seen))
        check(
            "infinite analysis ends with a legal bestmove",
            analysis.wait().move in board.legal_moves,
            repr(analysis.wait()),
        )

        # Pondering: python-chess sets Ponder itself and sends `go ponder` after each move,
        # then `ponderhit` or `stop` before the next one.
        board = chess.Board()
        ponder_ok = True
        for _ in range(4):
            result = engine.play(board, chess.engine.Limit(time=0.05), ponder=True)
            if result.move not in board.legal_moves:
                ponder_ok = False
                break
            board.push(result.move)
        check("play with ponder=True stays legal", ponder_ok, board.fen())

        # Each search algorithm answers.
        for algorithm in ["Random", "Minimax", "AlphaBeta", "IterativeDeepening"]:
            engine.configure({"Search": algorithm})
            board = chess.Board()
            result = engine.play(board, chess.engine.Limit(depth=2))
            check(f"Search={algorithm} plays a legal move", result.move in board.legal_moves, repr(result.move))

        # Each evaluator answers; the material one scores the start position level.
        engine.configure({"Search": "IterativeDeepening"})
        for evaluation in ["Material", "Positional"]:
            engine.configure({"Evaluation": evaluation})
            info = engine.analyse(chess.Board(), chess.engine.Limit(depth=3))
            check(f"Evaluation={evaluation} analyses", info.get("score") is not None, repr(info))
            if evaluation == "Material":
                check("Material scores the start position 0", info["score"].relative == chess.engine.Cp(0), repr(info))

        # Two threads: the node count of `go depth 8` from a cleared table is the same on every
        # run with one thread, and another with two (the helper's nodes are counted too); a
        # Threads the engine ignored would give the one-thread count again.
        def nodes_searched(threads):
            engine.configure({"Threads": threads, "Clear Hash": None})
            info = engine.analyse(chess.Board(), chess.engine.Limit(depth=8), game=object())
            return info.get("nodes")

        one, again, two = nodes_searched(1), nodes_searched(1), nodes_searched(2)
        check(
            "Threads=2 counts the helper's nodes: not the one-thread count",
            one is not None and one == again and two is not None and two != one,
            f"one thread {one}, {again}; two threads {two}",
        )
        result = engine.play(chess.Board(), chess.engine.Limit(depth=8))
        check("Threads=2 plays a legal move", result.move in chess.Board().legal_moves, repr(result.move))
        # A strength limit (the standard UCI_LimitStrength and UCI_Elo): a limited engine still
        # takes a hanging queen.
        engine.configure({"Threads": 1, "UCI_LimitStrength": True, "UCI_Elo": 1500})
        board = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        result = engine.play(board, chess.engine.Limit(time=0.2))
        check("UCI_Elo 1500 takes the hanging queen", result.move == chess.Move.from_uci("f3h4"), repr(result.move))
        engine.configure({"UCI_LimitStrength": False})

        # No move: checkmate and stalemate.
        board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
        info = engine.analyse(board, chess.engine.Limit(depth=1))
        check("mated side scores mate 0", info.get("score") is not None and info["score"].relative == chess.engine.Mate(0), repr(info))
        # After all that: isready is answered, and nothing python-chess sent was refused
        # (the engine reports bad input as `info string`).
        received_before = len(transcript.received)
        engine.ping()
        check("isready answered after all that", transcript.received[received_before:] == ["readyok"],
              repr(transcript.received[received_before:]))
        complaints = [
            line
            for line in transcript.received
            if line.startswith("info string") and not line.startswith("info string Found ")
        ]
        check("no command of the session was refused", not complaints and transcript.sent, repr(complaints))
    finally:
        engine.quit()
    check("quit", engine.protocol.returncode.done(), "")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "target/release/engine"
    run_guarded(run_checks, path)
    finish()


if __name__ == "__main__":
    main()
