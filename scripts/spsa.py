#!/usr/bin/env python3
"""SPSA over the search's parameters on this machine, with fastchess playing the games.

The algorithm is OpenBench's (and fishtest's): each iteration draws a random sign for every
parameter, plays game pairs between the engine at theta + c_k * sign and at theta - c_k * sign,
and moves theta by r_k * c_k * (wins - losses) * sign, the wins and losses counted for the plus
side. With N iterations, alpha 0.602, gamma 0.101 and A = a tenth of N:

    c = c_end * N**gamma        c_k = c / (k + 1)**gamma
    a = r_end * c_end**2 * (A + N)**alpha        a_k = a / (A + k + 1)**alpha        r_k = a_k / c_k**2

so that the perturbation ends at each parameter's c_end and the learning rate at r_end. The
parameters, their ranges and their c_end come from the `tune` build's `engine spsa` (OpenBench's
SPSA input; CONTRIBUTING.md, "Tuning the search"); a value sent to the engine is rounded and
kept within its range.

Usage:

    cargo build --release --features tune          # the binary, copied outside the repository
    scripts/spsa.py --engine BIN --params rfp_margin,fp_margin_1 --pairs 4000 --name margins
    scripts/spsa.py --engine BIN --all --pairs 20000 --nodes 50000

The state (the iteration reached, theta, and one CSV line per iteration) lives in `--data DIR`,
by default /work/data/spsa/<name>; the same command resumes a stopped run (SIGTERM or Ctrl-C
ends it after the current iteration's games; the games of an iteration cut short are dropped).
At the end, and with `--show` at any time, the script prints theta as OpenBench's `name, value`
lines and as the `--set name=value` arguments that play it; the result is a change like any
other, kept only with its SPRT at the games' depth.

Options: `--nodes N` (default 25000) or `--tc TC`, `--batch P` (game pairs per iteration, default
4), `--r-end R` (default each parameter's, OpenBench's 0.002; a short run may want more),
`--concurrency`, `--openings FILE` and `--fastchess PATH` (found as `scripts/sprt.py` finds
them), `--hash`, `--seed`.
"""

import argparse
import csv
import json
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import sprt

ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
DEFAULT_DATA_ROOT = "/work/data/spsa"
RESULT = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")

stopping = False


def parse_args(argv):
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--engine", required=True, help="a binary built with --features tune")
    p.add_argument("--params", help="comma-separated parameter names to tune")
    p.add_argument("--all", action="store_true", help="tune every parameter")
    p.add_argument("--pairs", type=int, default=4000, help="the run's budget in game pairs")
    p.add_argument("--batch", type=int, default=4, help="game pairs per iteration")
    p.add_argument("--nodes", type=int, default=25000)
    p.add_argument("--tc", help="a clock instead of nodes, e.g. 8+0.08")
    p.add_argument("--r-end", type=float, help="the final learning rate of every parameter")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--openings", help="EPD opening book (default as scripts/sprt.py's)")
    p.add_argument("--fastchess", help="fastchess binary (default as scripts/sprt.py's)")
    p.add_argument("--name", default="spsa")
    p.add_argument("--data", help="state directory (default /work/data/spsa/<name>)")
    p.add_argument("--show", action="store_true", help="print the current theta and exit")
    return p.parse_args(argv)


def spsa_input(engine):
    """The engine's parameters as `engine spsa` prints them: name -> (start, min, max, c, r)."""
    out = subprocess.run([engine, "spsa"], check=True, capture_output=True, text=True).stdout
    params = {}
    for line in out.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            sys.exit(f"spsa: not an SPSA input line: {line!r}")
        name, _, start, lo, hi, c_end, r_end = fields
        params[name] = (int(start), int(lo), int(hi), float(c_end), float(r_end))
    return params


def chosen(a, params):
    """The names to tune, checked against the engine's."""
    if a.all:
        return list(params)
    if not a.params:
        sys.exit("spsa: --params NAMES or --all")
    names = [n.strip() for n in a.params.split(",") if n.strip()]
    unknown = [n for n in names if n not in params]
    if unknown:
        sys.exit(f"spsa: unknown parameters {unknown}; `{a.engine} spsa` lists them")
    return names


def new_state(a, params, names):
    """A run's first state: theta at the engine's starting values."""
    spec = {n: dict(zip(("start", "min", "max", "c_end", "r_end"), params[n])) for n in names}
    if a.r_end is not None:
        for s in spec.values():
            s["r_end"] = a.r_end
    return {
        "iterations": max(1, a.pairs // a.batch),
        "k": 0,
        "spec": spec,
        "theta": {n: float(spec[n]["start"]) for n in names},
        "seed": a.seed,
        "pairs_played": 0,
        "wins": 0,
        "losses": 0,
        "draws": 0,
    }


def load_state(path):
    """The saved state, or None."""
    return json.loads(path.read_text()) if path.exists() else None


def save_state(path, state):
    """Writes the state whole (a temporary file renamed over the old one)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1))
    tmp.replace(path)


def gains(state, k):
    """(c_k, r_k) for each parameter at iteration k.

    The last iteration perturbs by c_end and learns at r_end, the first by c_end * N**gamma:

    >>> state = {"iterations": 1000, "spec": {"m": {"c_end": 6.0, "r_end": 0.002}}}
    >>> [round(x, 6) for x in gains(state, 999)["m"]]
    [6.0, 0.002]
    >>> [round(x, 4) for x in gains(state, 0)["m"]]
    [12.0546, 0.0021]
    """
    n = state["iterations"]
    big_a = A_RATIO * n
    out = {}
    for name, s in state["spec"].items():
        c = s["c_end"] * n**GAMMA
        a = s["r_end"] * s["c_end"] ** 2 * (big_a + n) ** ALPHA
        c_k = c / (k + 1) ** GAMMA
        a_k = a / (big_a + k + 1) ** ALPHA
        out[name] = (c_k, a_k / c_k**2)
    return out


def sent(spec, value):
    """The whole number the engine is given for a value of theta, within its range.

    >>> [sent({"min": 30, "max": 150}, v) for v in (80.4, 80.6, 12.0, 151.0)]
    [80, 81, 30, 150]
    """
    return max(spec["min"], min(spec["max"], round(value)))


def fastchess_command(a, state, plus, minus, data, k):
    """The fastchess command of one iteration: `plus` against `minus`, `batch` pairs."""
    limit = [f"tc={a.tc}"] if a.tc else ["tc=inf", f"nodes={a.nodes}"]

    def engine(name, values):
        return ["-engine", f"cmd={a.engine}", f"name={name}"] + [
            f"option.{n}={v}" for n, v in values.items()
        ]

    return [
        a.fastchess, *engine("plus", plus), *engine("minus", minus),
        "-each", *limit, f"option.Hash={a.hash}", "option.Threads=1",
        "-openings", f"file={data / 'openings.epd'}", "format=epd", "order=random",
        "-srand", str(state["seed"] * 1_000_003 + k),
        "-repeat", "-games", "2", "-rounds", str(a.batch),
        "-concurrency", str(a.concurrency),
        "-recover", "-log", f"file={data / 'fastchess.log'}", "level=warn",
    ]


def play(cmd, data):
    """(wins, losses, draws) of the plus side, or None when the games were cut short. Run in
    the data directory, where fastchess writes its `config.json`."""
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=data)
    found = RESULT.findall(proc.stdout)
    if proc.returncode != 0 or not found:
        if not stopping:
            sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])
            sys.exit(f"spsa: fastchess failed (status {proc.returncode})")
        return None
    _, wins, losses, draws = map(int, found[-1])
    return wins, losses, draws


def perturbed(state, signs, steps, direction):
    """The values sent to the engine at theta + direction * c_k * sign."""
    return {
        n: sent(state["spec"][n], t + direction * steps[n][0] * signs[n])
        for n, t in state["theta"].items()
    }


def moved(state, signs, steps, plus_margin):
    """Moves theta by r_k * c_k * (wins - losses of the plus side) * sign, within the ranges.

    >>> state = {"theta": {"m": 80.0, "n": 149.0}, "spec": {"m": {"min": 30, "max": 150},
    ...          "n": {"min": 50, "max": 150}}}
    >>> moved(state, {"m": 1, "n": 1}, {"m": (10.0, 0.01), "n": (10.0, 0.5)}, 3)
    >>> state["theta"]
    {'m': 80.3, 'n': 150}
    """
    for n, spec in state["spec"].items():
        c_k, r_k = steps[n]
        value = state["theta"][n] + r_k * c_k * plus_margin * signs[n]
        state["theta"][n] = max(spec["min"], min(spec["max"], value))


def iterate(a, state, data):
    """Plays one iteration and updates theta; False when stopped before its games ended."""
    k = state["k"]
    rng = random.Random(state["seed"] * 7919 + k)
    signs = {n: rng.choice((-1, 1)) for n in state["theta"]}
    steps = gains(state, k)
    plus, minus = perturbed(state, signs, steps, 1), perturbed(state, signs, steps, -1)
    result = play(fastchess_command(a, state, plus, minus, data, k), data)
    if result is None:
        return False
    wins, losses, draws = result
    moved(state, signs, steps, wins - losses)
    state["k"] += 1
    state["pairs_played"] += (wins + losses + draws) // 2
    for key, count in (("wins", wins), ("losses", losses), ("draws", draws)):
        state[key] += count
    log_row(data, state, wins, losses, draws)
    return True


def log_row(data, state, wins, losses, draws):
    """Appends the iteration's result and theta to history.csv."""
    path = data / "history.csv"
    names = list(state["theta"])
    new = not path.exists()
    with open(path, "a", newline="") as f:
        out = csv.writer(f)
        if new:
            out.writerow(["k", "wins", "losses", "draws", *names])
        out.writerow([state["k"], wins, losses, draws, *(f"{state['theta'][n]:.2f}" for n in names)])


def report(state):
    """theta as OpenBench's `name, value` lines and as `--set` arguments."""
    theta = state["theta"]
    spec = state["spec"]
    print(f"# iteration {state['k']} of {state['iterations']}, {state['pairs_played']} pairs, "
          f"plus side {state['wins']}-{state['losses']}-{state['draws']}")
    for n, t in theta.items():
        print(f"{n}, {t:.2f}    (start {spec[n]['start']})")
    print(" ".join(f"--set {n}={sent(spec[n], t)}" for n, t in theta.items()))


def on_signal(_signum, _frame):
    """Stops after the current iteration (its games are dropped if fastchess is cut short)."""
    global stopping
    stopping = True


def main(argv):
    a = parse_args(argv)
    data = Path(a.data or Path(DEFAULT_DATA_ROOT) / a.name).resolve()
    data.mkdir(parents=True, exist_ok=True)
    path = data / "state.json"
    state = load_state(path)
    if a.show:
        return report(state) if state else sys.exit(f"spsa: no state in {data}")
    # fastchess runs in the data directory: the paths it is given are made absolute.
    a.engine = str(Path(a.engine).resolve())
    a.fastchess = str(Path(sprt.find_fastchess(a.fastchess)).resolve())
    if state is None:
        params = spsa_input(a.engine)
        state = new_state(a, params, chosen(a, params))
        save_state(path, state)
    sprt.openings_copy(sprt.repo_root(), a.openings, data)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    while state["k"] < state["iterations"] and not stopping:
        if iterate(a, state, data):
            save_state(path, state)
    report(state)


if __name__ == "__main__":
    main(sys.argv[1:])
