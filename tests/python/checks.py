"""What the python-chess client scripts share: the checks' tally and the engine's lines, taken
from python-chess's debug log.

    from checks import check, finish, transcript

`check(name, condition, detail)` prints `ok   name` or `FAIL name: detail`; `run_guarded(f)`
counts an exception of `f` as a failure; `finish()` prints
the final line "N passed, M failed" and exits non-zero when a check failed. `transcript`
holds the lines sent to the engine (`sent`) and received from it (`received`, each with the
monotonic time it arrived in `received_at`).
"""

import logging
import sys
import time
import traceback

_tally = {"passed": 0, "failed": 0}


class Transcript(logging.Handler):
    """The lines python-chess exchanges with the engine, from its debug log."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.sent = []
        self.received = []
        self.received_at = []

    def emit(self, record):
        message = record.getMessage()
        if ": << " in message:
            self.sent.append(message.split(": << ", 1)[1])
        elif ": >> " in message:
            line = message.split(": >> ", 1)[1]
            self.received.append(line)
            self.received_at.append((time.monotonic(), line))


transcript = Transcript()
_logger = logging.getLogger("chess.engine")
_logger.setLevel(logging.DEBUG)
_logger.addHandler(transcript)
_logger.propagate = False


def check(name, condition, detail=""):
    """Counts and prints one check."""
    if condition:
        _tally["passed"] += 1
        print(f"ok   {name}")
    else:
        _tally["failed"] += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def failed():
    """How many checks failed so far."""
    return _tally["failed"]


def run_guarded(checks, *args):
    """Runs `checks(*args)`; an exception it raises is a failed check, its traceback printed."""
    try:
        checks(*args)
    except Exception:  # noqa: BLE001 - any error is a failure of the test
        _tally["failed"] += 1
        print("FAIL unexpected error:")
        traceback.print_exc(file=sys.stdout)


def finish():
    """Prints the tally and exits: status 1 when a check failed."""
    print(f"{_tally['passed']} passed, {_tally['failed']} failed")
    sys.exit(1 if _tally["failed"] else 0)
