"""How long ``dlxc crossword layout --words POOL --size 79x79`` takes for a
pool of 80,000 words, the whole command as a user runs it (interpreter start,
imports, reading the list, the layout, the output).

The pool is the first 80,000 words of the shipped ENABLE list (``dlxc
example enable``), written into a temporary directory; ``--clues`` gives
every tenth word a clue (``WORD;clue``), the other shape the reader takes.
Each round runs the command once with each tree's ``dlxc`` (alternating, so
load drifts alike), as a fresh process: wall seconds and the child's CPU
seconds (user + system, from ``os.wait4``).  Medians of the rounds are
printed, with the load average before and after.

Target: at most 0.3 s wall for the whole command.

    python bench/bench_layout_read.py [--old /work/venv/bin/dlxc] [--runs 5] [--clues]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

N_WORDS = 80_000


def make_pool(path: Path, clues: bool) -> None:
    enable = subprocess.run(
        [shutil.which("dlxc") or "dlxc", "example", "enable", "--path"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    words = [w.strip() for w in open(enable, encoding="utf-8") if w.strip().isalpha()]
    words = words[:N_WORDS]
    with open(path, "w", encoding="utf-8") as f:
        for i, w in enumerate(words):
            f.write(f"{w};clue number {i}\n" if clues and i % 10 == 0 else f"{w}\n")


def one_run(dlxc: str, pool: Path) -> tuple[float, float]:
    argv = [
        dlxc,
        "crossword",
        "layout",
        "--words",
        str(pool),
        "--size",
        "79x79",
        "--seed",
        "1",
        "-o",
        os.devnull,
        "--quiet",
    ]
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    err = proc.stderr.read().decode() if proc.stderr else ""
    if status != 0:
        raise SystemExit(f"{dlxc} failed ({status}): {err}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="/work/venv/bin/dlxc", help="the old tree's dlxc")
    ap.add_argument("--new", default=shutil.which("dlxc") or "dlxc", help="this tree's dlxc")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clues", action="store_true", help="every tenth word with a clue")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pool = Path(tmp) / "pool.txt"
        make_pool(pool, args.clues)
        trees = {"old": args.old, "new": args.new}
        results: dict[str, list[tuple[float, float]]] = {k: [] for k in trees}
        load0 = os.getloadavg()
        for _ in range(args.runs):
            for name, exe in trees.items():
                results[name].append(one_run(exe, pool))
        load1 = os.getloadavg()
    print(
        f"pool: {N_WORDS} words{' (every tenth with a clue)' if args.clues else ''}, "
        f"{args.runs} rounds; load {load0[0]:.2f} -> {load1[0]:.2f}"
    )
    for name, exe in trees.items():
        wall = statistics.median(w for w, _ in results[name])
        cpu = statistics.median(c for _, c in results[name])
        print(f"{name:4} {exe}: median wall {wall:.3f} s, CPU {cpu:.3f} s")


if __name__ == "__main__":
    main()
