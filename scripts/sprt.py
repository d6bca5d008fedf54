#!/usr/bin/env python3
"""SPRT of one engine change against its base, with fastchess, printing a change-table row.

Builds the two git revisions side by side, each in its own `git worktree` under a data
directory outside the repository (`cargo build --release`, the binaries copied aside), then
plays them against each other with fastchess until its sequential probability ratio test
(pentanomial model: games are played in pairs, each opening with both colours) accepts one
hypothesis:

    H0: the change is worth elo0 (default 0)    H1: it is worth elo1 (default 5)

with alpha = beta = 0.05. The Elo bounds are in fastchess's default `normalized` model
(nElo, as OpenBench); `--model logistic` for plain Elo bounds.

Screening is at a fixed number of nodes per move (`-each tc=inf nodes=25000`): the result
does not depend on the machine's load, and on two cores it plays about 4,500 games an hour.
A change that costs speed (more work per node) must also pass at a clock on an idle machine
(`--tc 8+0.08`).

Usage (from anywhere inside the repository):

    scripts/sprt.py BASE NEW                       # two revisions: main, HEAD, a hash...
    scripts/sprt.py main HEAD --elo1 10            # a change expected to be large
    scripts/sprt.py main HEAD --tc 8+0.08          # at a clock instead of fixed nodes
    scripts/sprt.py ./old-engine ./new-engine      # two ready binaries, nothing built
    scripts/sprt.py main HEAD --name lmr-table     # the name of its data directory

The match data (the worktrees while building, the games' PGN, fastchess's log and its
`config.json`) live in `--data DIR`, by default `$SPRT_DATA/<name>` or
`/work/data/sprt/<name>`; `<name>` defaults to `<base>-<new>` (short hashes). The cargo target
directory and the built binaries (`bin/engine-<hash>`, built once and reused by the next
match) are shared in `$SPRT_DATA` (default /work/data/sprt). Nothing is written inside the
repository.

A stopped match (Ctrl-C; `kill -TERM PID` for a script started in the background, which
ignores Ctrl-C's SIGINT; a reboot) resumes where it was: run the same command again, and the
script finds `config.json` in the data directory and continues with `fastchess -config
file=...` (the games played so far are kept in its statistics); `--fresh` starts over.

A match moved to another machine (the data directory lost with the old one) goes on from its
last row: `--carry` with the row's W-L-D and pentanomial cells, for example `--carry
'92-83-149 [8, 38, 61, 47, 8]'`, and the same revisions (the same trees: check `engine
bench`), starts the match, stops it at once so that fastchess writes its state, adds the
counts to that state and resumes: the SPRT goes on from them as one sequential test (the
pentanomial counts are all it uses).

Options: `--nodes N` (default 25000), `--tc TC` (a clock, for example 8+0.08; replaces
nodes), `--elo0`, `--elo1`, `--model`, `--openings FILE` (EPD; `#` comment lines are dropped
into a copy in the data directory; default `$SPRT_OPENINGS`, else /work/shared/positions/
openings.epd, else the repository's positions/openings.epd), `--concurrency N` (default 2),
`--rounds N` (the match's upper bound in game pairs, default 25000), `--fastchess PATH`
(default `$FASTCHESS`, else `fastchess` on the PATH, else /work/tools/src/fastchess/
fastchess), `--change TEXT` (the row's first cell; default the new commit's subject up to its
first colon, the change's name) and
`--hash`, `--threads` (engine options, default 16 and 1), `--adjudicate` (decided games end
early, as testers' matches do: resignation at 6.00 for 3 moves of both engines, a draw from
move 40 after 8 moves of both within 0.10; about a fifth fewer moves played. A resumed match
keeps what it started with, and its row says which it was).

When fastchess ends, the script prints one Markdown row for the change table, in its short
form (negative figures with a minus sign, as the table has them):

    | change | test | games | W-L-D | pentanomial | Elo ± 95% | SPRT | commit |

and after it the material of the row's note: the new commit's whole subject and the command
that resumes the match.

where the pentanomial is fastchess's `[LL, LD, WL+DD, WD, WW]` count of game pairs, Elo is
logistic Elo with its 95% interval, the LLR is the SPRT's (both computed from the counts of
fastchess's saved state as fastchess computes them, `scripts/sprt_stats.py`: the row's figures
belong to its counts even when the match stopped between two of fastchess's reports), and the
SPRT cell says `H1 accepted` (passed), `H0 accepted` (failed) or `stopped` (inconclusive). The
row is also appended to `result.md` in the data directory. Games lost on time or by an illegal
move are counted and reported.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import sprt_stats

DEFAULT_DATA_ROOT = "/work/data/sprt"
DEFAULT_FASTCHESS = "/work/tools/src/fastchess/fastchess"
# `--adjudicate`: a game is decided once 6 plies in a row (3 moves of each engine) score 6.00 or
# more either way, and drawn from move 40 once 8 moves of each engine score within 0.10.
ADJUDICATION = [
    "-resign", "movecount=3", "score=600", "twosided=true",
    "-draw", "movenumber=40", "movecount=8", "score=10",
]
DEFAULT_OPENINGS = "/work/shared/positions/openings.epd"


def parse_args(argv):
    """The command line."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n", 1)[0],
        epilog="See the module docstring (head -60 scripts/sprt.py) for details.",
    )
    p.add_argument("base", help="base revision or binary")
    p.add_argument("new", help="new revision or binary")
    p.add_argument("--name", help="data directory name (default BASE-NEW short hashes)")
    p.add_argument("--data", help="data directory (default $SPRT_DATA/<name>)")
    p.add_argument("--nodes", type=int, default=25000, help="nodes per move (default 25000)")
    p.add_argument("--tc", help="clock instead of nodes, e.g. 8+0.08")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=5.0)
    p.add_argument("--model", default="normalized", choices=["normalized", "logistic"])
    p.add_argument("--openings", help="EPD opening book")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--rounds", type=int, default=25000, help="upper bound in game pairs")
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--fastchess", help="fastchess binary")
    p.add_argument("--change", help="first cell of the row (default: new commit subject)")
    p.add_argument("--fresh", action="store_true", help="discard a stopped match, start over")
    p.add_argument(
        "--adjudicate",
        action="store_true",
        help="end decided games early: " + " ".join(ADJUDICATION),
    )
    p.add_argument(
        "--carry",
        metavar="'W-L-D [LL, LD, WL+DD, WD, WW]'",
        help="start a new match at these counts (a row's cells; a match moved to another machine)",
    )
    return p.parse_args(argv)


def git(repo, *args):
    """Output of a git command in `repo`, stripped."""
    out = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def repo_root():
    """The repository this script belongs to (or the current one)."""
    here = Path(__file__).resolve().parent
    try:
        return Path(git(here, "rev-parse", "--show-toplevel"))
    except (subprocess.CalledProcessError, FileNotFoundError):
        return Path(git(Path.cwd(), "rev-parse", "--show-toplevel"))


def is_binary(arg):
    """Whether an argument names a ready executable rather than a revision."""
    p = Path(arg)
    return p.is_file() and os.access(p, os.X_OK)


def resolve(repo, arg):
    """(full hash or absolute path, short label) for a revision or binary."""
    if is_binary(arg):
        path = Path(arg).resolve()
        return str(path), path.name
    full = git(repo, "rev-parse", "--verify", arg + "^{commit}")
    return full, full[:8]


def build(repo, rev, data, cache):
    """Builds `rev` in its own worktree under `data` (once: the binary is kept in `cache`,
    shared by every match, as is the cargo target directory beside it); returns the binary."""
    binary = cache / "bin" / f"engine-{rev[:12]}"
    if binary.exists():
        return binary
    tree = data / f"src-{rev[:12]}"
    if not tree.exists():
        subprocess.run(["git", "-C", str(repo), "worktree", "add", "--detach", str(tree), rev], check=True)
    target = cache / "target"
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    print(f"sprt: building {rev[:12]} in {tree}", flush=True)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=tree, env=env, check=True)
    binary.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(target / "release" / "engine", binary)
    subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)], check=True)
    return binary


def engine_binary(repo, resolved, data, cache):
    """The binary for a resolved argument: itself, or a build of the revision."""
    return Path(resolved) if Path(resolved).is_file() else build(repo, resolved, data, cache)


def find_fastchess(arg):
    """The fastchess executable."""
    for cand in (arg, os.environ.get("FASTCHESS"), shutil.which("fastchess"), DEFAULT_FASTCHESS):
        if cand and Path(cand).is_file():
            return cand
    sys.exit("sprt: fastchess not found (--fastchess PATH or $FASTCHESS)")


def openings_copy(repo, arg, data):
    """A copy of the opening book without comment lines, as fastchess wants it."""
    src = arg or os.environ.get("SPRT_OPENINGS")
    if not src:
        src = DEFAULT_OPENINGS if Path(DEFAULT_OPENINGS).is_file() else str(repo / "positions/openings.epd")
    dst = data / "openings.epd"
    with open(src) as fin, open(dst, "w") as fout:
        fout.writelines(line for line in fin if line.strip() and not line.startswith("#"))
    return dst


def fastchess_args(a, base_bin, new_bin, labels, book, data):
    """The fastchess command line of a new match."""
    limit = [f"tc={a.tc}"] if a.tc else ["tc=inf", f"nodes={a.nodes}"]
    return [
        "-engine", f"cmd={new_bin}", f"name=new-{labels[1]}",
        "-engine", f"cmd={base_bin}", f"name=base-{labels[0]}",
        "-each", *limit, f"option.Hash={a.hash}", f"option.Threads={a.threads}",
        "-openings", f"file={book}", "format=epd", "order=random",
        "-repeat", "-games", "2", "-rounds", str(a.rounds),
        "-concurrency", str(a.concurrency),
        "-sprt", f"elo0={a.elo0}", f"elo1={a.elo1}", f"alpha={sprt_stats.ALPHA}",
        f"beta={sprt_stats.BETA}", f"model={a.model}",
        "-pgnout", f"file={data / 'games.pgn'}", "timeleft=true",
        "-config", f"outname={data / 'config.json'}",
        "-ratinginterval", "50", "-autosaveinterval", "10", "-recover",
        *(ADJUDICATION if a.adjudicate else []),
    ]


def parse_carry(text):
    """The counts of a row's `W-L-D` and pentanomial cells as fastchess keeps them; the middle
    cell's pairs are split into WL and DD by the wins they account for."""
    m = re.fullmatch(r"\s*(\d+)-(\d+)-(\d+)\s*\[\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+)\s*\]\s*", text)
    if not m:
        sys.exit(f"sprt: --carry wants 'W-L-D [LL, LD, WL+DD, WD, WW]', not {text!r}")
    w, l, d, ll, ld, mid, wd, ww = map(int, m.groups())
    wl = w - 2 * ww - wd
    dd = mid - wl
    if wl < 0 or dd < 0 or l != 2 * ll + ld + wl or d != ld + wd + 2 * dd:
        sys.exit(f"sprt: --carry {text!r}: the W-L-D and the pentanomial do not agree")
    return {"wins": w, "losses": l, "draws": d, "penta_WW": ww, "penta_WD": wd, "penta_WL": wl,
            "penta_DD": dd, "penta_LD": ld, "penta_LL": ll}


def carry_in(fc, args, data, counts):
    """Starts the match, stops it at once so that fastchess writes its state, and adds the
    carried counts to that state's statistics: the resumed match goes on from them."""
    config = data / "config.json"
    with open(data / "fastchess.log", "a") as out:
        proc = subprocess.Popen([fc, *args], stdout=out, stderr=subprocess.STDOUT)
        try:
            proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            stop(proc)
            proc.wait()
    if not config.exists():
        sys.exit(f"sprt: fastchess wrote no {config} to carry the counts into")
    state = json.load(open(config))
    played = next(iter(state["stats"].values()))
    for key, n in counts.items():
        played[key] += n
    config.write_text(json.dumps(state, indent=4) + "\n")
    print(f"sprt: carried {counts['wins']}-{counts['losses']}-{counts['draws']} into {config}", flush=True)


def run_fastchess(fc, args, log):
    """Runs fastchess, echoing progress lines and keeping its whole output in `log`."""
    with open(log, "a") as out:
        proc = subprocess.Popen([fc, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        signal.signal(signal.SIGTERM, lambda *_: proc.send_signal(signal.SIGINT))
        while True:
            try:
                for line in proc.stdout:
                    out.write(line)
                    if not line.startswith(("Started game", "Finished game")):
                        print(line, end="", flush=True)
                return proc.wait()
            except KeyboardInterrupt:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                print("sprt: stopping; fastchess saves the match for a resume", flush=True)
                stop(proc)


def stop(proc):
    """Asks fastchess to stop (it saves the match); asks again if it has not within 20 s."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)


def stats(state):
    """W, L, D and the pentanomial of the new engine from fastchess's saved state."""
    st = next(iter(state["stats"].values()))
    penta = [st["penta_LL"], st["penta_LD"], st["penta_WL"] + st["penta_DD"], st["penta_WD"], st["penta_WW"]]
    return st["wins"], st["losses"], st["draws"], penta


def adjudicated(state):
    """Whether fastchess's saved state adjudicates (what the match started with, whatever the
    resume's command line says)."""
    return state.get("resign", {}).get("enabled", False) or state.get("draw", {}).get("enabled", False)


def bad_endings(pgn):
    """Counts of games lost on time, by an illegal move, or by a crash/stall."""
    text = Path(pgn).read_text() if Path(pgn).exists() else ""
    return {
        "time forfeits": len(re.findall(r"loses on time", text)),
        "illegal moves": len(re.findall(r"illegal move", text, re.I)),
        "disconnects/stalls": len(re.findall(r"disconnects|stalls|crash", text, re.I)),
    }


def minus(text):
    """`text` with its hyphen-minus signs written as minus signs (−), as the tables have them."""
    return re.sub(r"(?<![\w-])-(?=\d)", "\u2212", text)


def subject(repo, new_resolved, label):
    """The new engine's commit subject (its label for a binary)."""
    if Path(new_resolved).is_file():
        return label
    return git(repo, "log", "-1", "--format=%s", new_resolved)


def row(a, labels, new_resolved, repo, data):
    """The change-table row of the finished (or stopped) match: its figures computed from the
    counts of fastchess's saved state, as fastchess computes them."""
    state = json.load(open(data / "config.json"))
    wins, losses, draws, penta = stats(state)
    test = f"clock {a.tc}" if a.tc else f"nodes {a.nodes}"
    if adjudicated(state):
        test += ", adjudicated"
    if sum(penta):
        elo, margin = sprt_stats.elo_margin(penta)
        llr = sprt_stats.llr(penta, a.elo0, a.elo1, a.model)
        elo_cell = minus(f"{elo:+.1f} ± {margin:.1f}")
        verdict = sprt_stats.verdict(llr)
    else:
        elo_cell, llr, verdict = "n/a", 0.0, None
    result = {"H1": "H1 accepted (passed)", "H0": "H0 accepted (failed)"}.get(verdict, "stopped")
    lower, upper = sprt_stats.bounds()
    llr_cell = minus(f"LLR {llr:.2f} of [{lower:.2f}, {upper:.2f}], [{a.elo0:g}, {a.elo1:g}]: {result}")
    change = a.change or subject(repo, new_resolved, labels[1]).split(": ")[0]
    commit = labels[1]
    games = wins + losses + draws
    cells = [change, test, str(games), f"{wins}-{losses}-{draws}", str(penta), elo_cell, llr_cell, commit]
    return "| " + " | ".join(cells) + " |"


def main(argv):
    """Builds, plays (or resumes) and reports."""
    a = parse_args(argv)
    carried = parse_carry(a.carry) if a.carry else None
    repo = repo_root()
    base_r, base_l = resolve(repo, a.base)
    new_r, new_l = resolve(repo, a.new)
    name = a.name or f"{base_l}-{new_l}"
    root = Path(os.environ.get("SPRT_DATA", DEFAULT_DATA_ROOT))
    data = Path(a.data).resolve() if a.data else root / name
    if data.resolve().is_relative_to(repo.resolve()):
        sys.exit("sprt: keep the match data outside the repository (--data)")
    data.mkdir(parents=True, exist_ok=True)
    config = data / "config.json"
    if a.fresh:
        for f in (config, data / "games.pgn", data / "fastchess.log"):
            f.unlink(missing_ok=True)
    fc = find_fastchess(a.fastchess)
    if config.exists():
        if carried:
            sys.exit("sprt: --carry starts a new match; this one has a state already (--fresh)")
        print(f"sprt: resuming the match in {data}", flush=True)
        args = ["-config", f"file={config}"]
    else:
        base_bin = engine_binary(repo, base_r, data, root)
        new_bin = engine_binary(repo, new_r, data, root)
        book = openings_copy(repo, a.openings, data)
        args = fastchess_args(a, base_bin, new_bin, (base_l, new_l), book, data)
        (data / "command.txt").write_text(" ".join([fc, *args]) + "\n")
        if carried:
            carry_in(fc, args, data, carried)
            args = ["-config", f"file={config}"]
    code = run_fastchess(fc, args, data / "fastchess.log")
    line = row(a, (base_l, new_l), new_r, repo, data)
    command = " ".join(["scripts/sprt.py", *argv])
    note = f"Note: {subject(repo, new_r, new_l)}\n`{command}`"
    with open(data / "result.md", "a") as f:
        f.write(line + "\n" + note + "\n")
    print(line)
    print(note)
    for what, n in bad_endings(data / "games.pgn").items():
        if n:
            print(f"sprt: warning: {n} {what} in {data / 'games.pgn'}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
