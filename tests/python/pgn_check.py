#!/usr/bin/env python3
"""The PGN of `engine play --pgn`, read back by python-chess.

Usage: python3 tests/python/pgn_check.py [ENGINE]   (default: target/release/engine)

Plays short matches with `engine play --pgn FILE` (and one with `--pgn -`), reads every game back
with chess.pgn and checks it: the Seven Tag Roster in order, White and Black named by their
options and alternating, SetUp/FEN for a set-up position, the time controls, every move legal and
written in the SAN python-chess writes itself, each move's comment as cutechess-cli writes it, and
the Result and Termination true of the final position (checkmate really is mate, and so on).
Prints one line per failed check and a final line "N passed, M failed"; exits non-zero when any
check failed.
"""

import io
import os
import re
import subprocess
import sys
import tempfile

import chess
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OPENINGS = os.path.join(ROOT, "positions", "openings.epd")

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
# A comment as cutechess-cli writes it: "+0.25/7 0.53s", "-M2/5 1.2s", or the time alone.
COMMENT = re.compile(r"^(?:(?P<score>[+-]\d+\.\d\d|0\.00|[+-]M\d+)/(?P<depth>\d+) )?"
                     r"(?P<time>\d+(?:\.\d+)?)s$")
MATE_IN_TWO = "6k1/ppR2pp1/4p1p1/4P1N1/3r2P1/1P4K1/P3r3/8 w - - 0 1"
KQK = "7k/8/8/8/8/8/8/KQ6 w - - 0 1"

passed = 0
failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def play(engine, args, pgn):
    """Runs `engine play ARGS --pgn PGN`; returns (stdout, stderr)."""
    run = subprocess.run([engine, "play", *args, "--pgn", pgn], capture_output=True, text=True,
                         timeout=600)
    check(f"play {args} exits 0", run.returncode == 0, run.stderr)
    return run.stdout, run.stderr


def read_games(text):
    """Every game of a PGN text, with the raw text of each."""
    chunks = [c for c in re.split(r"\n(?=\[Event )", text) if c.strip()]
    games = []
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        games.append(game)
    check("python-chess reads one game per [Event", len(games) == len(chunks),
          f"{len(games)} games, {len(chunks)} chunks")
    return list(zip(games, chunks))


def raw_san(chunk):
    """The SAN moves of a game's movetext as written, without numbers, comments or result."""
    movetext = chunk.split("\n\n", 1)[1]
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    tokens = movetext.split()
    return [t for t in tokens
            if not re.match(r"^\d+\.(\.\.)?$", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]


def standard_fen(fen):
    return chess.Board(fen).fen()


def check_game(game, chunk, label, expect):
    """Checks one game; `expect` has white, black, start (FEN), time controls, max_moves."""
    h = game.headers
    check(f"{label}: read without errors", not game.errors, str(game.errors))
    tag_names = re.findall(r'^\[(\w+) "', chunk, re.M)
    check(f"{label}: Seven Tag Roster first, in order", tag_names[:7] == ROSTER, str(tag_names))
    check(f"{label}: Date", re.match(r"^\d{4}\.\d\d\.\d\d$", h["Date"]), h["Date"])
    check(f"{label}: Round", h["Round"] == str(expect["round"]), h["Round"])
    check(f"{label}: White", h["White"] == expect["white"], h["White"])
    check(f"{label}: Black", h["Black"] == expect["black"], h["Black"])
    start = standard_fen(expect["start"])
    if start == chess.STARTING_FEN:
        check(f"{label}: no FEN from the start position", "FEN" not in h and "SetUp" not in h)
    else:
        check(f"{label}: SetUp", h.get("SetUp") == "1", h.get("SetUp"))
        check(f"{label}: FEN", h.get("FEN") == start, f"{h.get('FEN')} != {start}")
    white_tc, black_tc = expect["time_controls"]
    if white_tc == black_tc:
        check(f"{label}: TimeControl", h.get("TimeControl") == white_tc, h.get("TimeControl"))
    else:
        check(f"{label}: WhiteTimeControl", h.get("WhiteTimeControl") == white_tc,
              h.get("WhiteTimeControl"))
        check(f"{label}: BlackTimeControl", h.get("BlackTimeControl") == black_tc,
              h.get("BlackTimeControl"))

    board = game.board()
    check(f"{label}: starts from its FEN", board.fen() == start, board.fen())
    written = raw_san(chunk)
    sans = []
    comments = []
    for node in game.mainline():
        move = node.move
        if move not in board.legal_moves:
            check(f"{label}: legal move {move}", False, board.fen())
            return
        sans.append(board.san(move))
        match = COMMENT.match(node.comment)
        check(f"{label}: comment '{node.comment}' after {sans[-1]}", match is not None)
        board.push(move)
        if match and match["score"] and "M" in match["score"]:
            plies = int(match["score"].split("M")[1])
            if match["score"].startswith("+") and plies == 1:
                check(f"{label}: +M1 on {sans[-1]} mates", board.is_checkmate(), board.fen())
        comments.append(node.comment)
    check(f"{label}: SAN as python-chess writes it", written == sans, f"{written} != {sans}")
    check(f"{label}: PlyCount", h.get("PlyCount") == str(len(sans)), h.get("PlyCount"))

    termination = h.get("Termination")
    result = h["Result"]
    check(f"{label}: result '{result}' is the game's end", game.end().board().fen() == board.fen())
    if termination == "checkmate":
        check(f"{label}: checkmate", board.is_checkmate(), board.fen())
        winner = "0-1" if board.turn == chess.WHITE else "1-0"
        check(f"{label}: the mating side won", result == winner, f"{result}, {board.fen()}")
    else:
        check(f"{label}: a draw for {termination}", result == "1/2-1/2", result)
        rule = {
            "stalemate": board.is_stalemate,
            "insufficient material": board.is_insufficient_material,
            "threefold repetition": lambda: board.is_repetition(3),
            "fifty-move rule": board.is_fifty_moves,
            "adjudication": lambda: (
                board.outcome() is None and not board.is_repetition(3)
                and not board.is_fifty_moves()
                and board.fullmove_number - chess.Board(start).fullmove_number
                == expect["max_moves"]),
        }.get(termination)
        check(f"{label}: known Termination '{termination}'", rule is not None)
        if rule is not None:
            check(f"{label}: the final position is {termination}", rule(), board.fen())
    return termination, comments


def summary_results(lines):
    """The result of each 'Game N: ...' line."""
    return [re.search(r"\): (1-0|0-1|1/2-1/2) by ", l).group(1)
            for l in lines if l.startswith("Game ")]


def check_match(engine, name, args, games, expect_game, pgn_path):
    """Plays a match into pgn_path and checks every game; returns the terminations."""
    stdout, _ = play(engine, args, pgn_path)
    with open(pgn_path, encoding="utf-8") as f:
        pairs = read_games(f.read())
    check(f"{name}: {games} games", len(pairs) == games, str(len(pairs)))
    results = summary_results(stdout.splitlines())
    check(f"{name}: the summary lines give the PGN results",
          results == [g.headers["Result"] for g, _ in pairs], f"{results}")
    endings = []
    for i, (game, chunk) in enumerate(pairs):
        checked = check_game(game, chunk, f"{name} game {i + 1}", expect_game(i))
        if checked:
            endings.append(checked)
    return endings


def alternating(first, second, start, time_controls=("-", "-"), max_moves=200):
    def expect(i):
        white, black = (first, second) if i % 2 == 0 else (second, first)
        tcs = time_controls if i % 2 == 0 else time_controls[::-1]
        return {"round": i + 1, "white": white, "black": black, "start": start(i),
                "time_controls": tcs, "max_moves": max_moves}
    return expect


def run_checks(engine, tmp):
    terminations = set()
    path = lambda name: os.path.join(tmp, name)

    # Openings, colours alternating, a searcher against a random mover.
    with open(OPENINGS, encoding="utf-8") as f:
        openings = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    ab, rnd = "Search=AlphaBeta,Depth=2", "Search=Random"
    for t, _ in check_match(engine, "openings", ["--white", ab, "--black", rnd, "--games", "4",
                                                 "--openings", OPENINGS], 4,
                            alternating(ab, rnd, lambda i: openings[i // 2]),
                            path("openings.pgn")):
        terminations.add(t)

    # A mate in two: the comments count plies to mate as cutechess-cli does.
    deep = "Search=IterativeDeepening,Depth=5"
    endings = check_match(engine, "mate in two", ["--white", deep, "--black", deep, "--games", "1",
                                                  "--fen", MATE_IN_TWO], 1,
                          alternating(deep, deep, lambda i: MATE_IN_TWO), path("mate.pgn"))
    if endings:
        termination, comments = endings[0]
        terminations.add(termination)
        scores = [c.split("/")[0] for c in comments]
        check("mate in two: +M3, -M2, +M1", scores == ["+M3", "-M2", "+M1"], str(comments))

    # Random movers from king and queen against king: stalemate, repetition, fifty moves,
    # insufficient material (the games are the same on every run: the seed is Seed + game index).
    for t, _ in check_match(engine, "random", ["--white", rnd, "--black", rnd, "--games", "20",
                                               "--fen", KQK], 20,
                            alternating(rnd, rnd, lambda i: KQK), path("random.pgn")):
        terminations.add(t)

    # Adjudication at --max-moves, under --movetime for one side, twice into the same file:
    # a PGN file is appended to.
    idd = "Search=IterativeDeepening"
    args = ["--white", idd, "--black", ab, "--games", "2", "--movetime", "20", "--max-moves", "6"]
    expect = alternating(idd, ab, lambda i: chess.STARTING_FEN, ("0.02/move", "-"), max_moves=6)
    for t, _ in check_match(engine, "adjudication", args, 2, expect, path("twice.pgn")):
        terminations.add(t)
    play(engine, args, path("twice.pgn"))
    with open(path("twice.pgn"), encoding="utf-8") as f:
        check("a second match is appended to the file", len(read_games(f.read())) == 4)

    for termination in ["checkmate", "stalemate", "threefold repetition", "fifty-move rule",
                        "insufficient material", "adjudication"]:
        check(f"some game ends by {termination}", termination in terminations,
              str(sorted(terminations)))

    # --pgn -: PGN alone on stdout, the summary on stderr.
    stdout, stderr = play(engine, ["--white", ab, "--black", rnd, "--games", "2"], "-")
    pairs = read_games(stdout)
    check("--pgn -: 2 games on stdout", len(pairs) == 2, stdout)
    check("--pgn -: nothing else on stdout",
          not any(l.startswith(("Game ", "Score of ")) for l in stdout.splitlines()), stdout)
    check("--pgn -: the summary on stderr",
          summary_results(stderr.splitlines()) == [g.headers["Result"] for g, _ in pairs], stderr)
    for i, (game, chunk) in enumerate(pairs):
        check_game(game, chunk, f"stdout game {i + 1}",
                   alternating(ab, rnd, lambda i: chess.STARTING_FEN)(i))


def main():
    engine = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release",
                                                                 "engine")
    with tempfile.TemporaryDirectory() as tmp:
        run_checks(engine, tmp)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
