"""How soon Ctrl-C and --timeout take effect in the long commands.

    python bench/bench_interrupt.py [--runs 5]

- ``boggle score``: 200,000 random 6x6 boards (the slowest to score) on one process; SIGINT is
  sent at several moments after the first total is printed, and the time
  to the command's exit is measured (the worst and the median).
- ``crossword fill --xcc --timeout 3`` on the American 15x15 grid with
  ENABLE: the wall time of the whole command, start-up of the interpreter
  included (the model build is most of it when the timeout does not cover
  it).

The machines are shared: run it a few times and read the worst figures.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlxc.puzzles import example_path as example

LAUNCH = [sys.executable, "-c", "from dlxc.cli import main; main()"]


def boards(path: Path, n: int) -> None:
    rng = random.Random(1)
    path.write_text(
        "".join("".join(rng.choice("aeioustrlndcgmpb") for _ in range(16)) + "\n" for _ in range(n))
    )


def reaction(path, delay: float) -> float:
    """Seconds from SIGINT to the end of ``boggle score``, sent ``delay`` s
    after its first totals reach its output file (a file, not a pipe: a
    full pipe would block it in a write, which a signal ends at once)."""
    out = path.parent / "totals.txt"
    with (
        open(out, "wb") as sink,
        subprocess.Popen(
            LAUNCH + ["boggle", "score", str(path)],
            stdout=sink,
            stderr=subprocess.PIPE,
        ) as p,
    ):
        while out.stat().st_size == 0:
            assert p.poll() is None
            time.sleep(0.01)
        time.sleep(delay)
        t0 = time.perf_counter()
        p.send_signal(signal.SIGINT)
        err = p.stderr.read().decode()
        code = p.wait(timeout=120)
        took = time.perf_counter() - t0
    assert code == 130, err
    assert "Traceback" not in err
    return took


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "boards.txt"
        boards(path, 200_000)
        delays = [0.3 + k * 0.5 for k in range(args.runs)]
        took = [reaction(path, d) for d in delays]
    print(
        f"boggle score, SIGINT to exit: worst {max(took):.3f} s, "
        f"median {statistics.median(took):.3f} s over {len(took)} runs"
    )
    cmd = LAUNCH + [
        "crossword",
        "fill",
        str(example("american-15x15")),
        "-w",
        str(example("enable")),
        "--xcc",
        "--timeout",
        "3",
        "-q",
    ]
    walls = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        walls.append(time.perf_counter() - t0)
    print(
        f"crossword fill --xcc --timeout 3, wall: worst {max(walls):.3f} s, "
        f"median {statistics.median(walls):.3f} s over {len(walls)} runs"
    )


if __name__ == "__main__":
    main()
