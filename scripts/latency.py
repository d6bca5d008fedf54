#!/usr/bin/env python3
"""Stop latency: how long `bestmove` takes to arrive after `stop` (during `go infinite`) for each
search type, and after the deadline of `go movetime`. A measurement, not a test.

    python3 scripts/latency.py [ENGINE] [--tries 100] [--threads 1]
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import queue
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POSITIONS = [
    "position startpos",
    "position fen r1b2rk1/pppp1ppp/2n5/2b1q3/3P4/2P5/PPP2PPP/R1BQKBNR w KQ - 0 1",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
]


class Engine:
    def __init__(self, path):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.perf_counter(), line.strip()))

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return time.perf_counter()

    def wait_for(self, prefix, timeout=30.0):
        deadline = time.perf_counter() + timeout
        while True:
            stamp, line = self.lines.get(timeout=max(deadline - time.perf_counter(), 0.001))
            if line.startswith(prefix):
                return stamp, line

    def sync(self):
        self.send("isready")
        self.wait_for("readyok")

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def summary(label, samples_ms):
    samples_ms = sorted(samples_ms)
    p95 = samples_ms[int(0.95 * (len(samples_ms) - 1))]
    print(f"{label:<40} n={len(samples_ms):<4} median {statistics.median(samples_ms):7.2f} ms"
          f"  p95 {p95:7.2f} ms  worst {samples_ms[-1]:7.2f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("engine", nargs="?", default=os.path.join(ROOT, "target", "release", "engine"))
    parser.add_argument("--tries", type=int, default=100)
    parser.add_argument("--threads", type=int, default=1, help="the Threads option (IterativeDeepening)")
    args = parser.parse_args()
    rng = random.Random(1)
    engine = Engine(args.engine)
    engine.send("uci")
    engine.wait_for("uciok")
    engine.send(f"setoption name Threads value {args.threads}")
    for search in ["Random", "Minimax", "AlphaBeta", "IterativeDeepening"]:
        engine.send(f"setoption name Search value {search}")
        samples = []
        for i in range(args.tries):
            engine.send(POSITIONS[i % len(POSITIONS)])
            engine.sync()
            engine.send("go infinite")
            time.sleep(rng.uniform(0.02, 0.3))
            sent = engine.send("stop")
            arrived, _ = engine.wait_for("bestmove")
            samples.append((arrived - sent) * 1000)
        summary(f"stop after go infinite, {search}", samples)
    for search in ["Minimax", "AlphaBeta", "IterativeDeepening"]:
        engine.send(f"setoption name Search value {search}")
        samples = []
        for i in range(args.tries):
            movetime = rng.choice([50, 100, 200])
            engine.send(POSITIONS[i % len(POSITIONS)])
            engine.sync()
            sent = engine.send(f"go movetime {movetime}")
            arrived, _ = engine.wait_for("bestmove")
            samples.append((arrived - sent) * 1000 - movetime)
        summary(f"after movetime deadline, {search}", samples)
    engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
