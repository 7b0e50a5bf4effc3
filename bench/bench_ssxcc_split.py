"""SSXCC's engine on one process and split on two: ``dlxc count`` against
``dlxc count --jobs 2`` on a file where a serial ``auto`` picks SSXCC.

The file is the domino tilings of a 3 x N board (3N primary items, no
secondary ones: more primary items than the bits engine takes, so ``auto``
runs SSXCC), written to a temporary directory.  Each run is a separate
``dlxc count --json`` process; the table gives its wall time, the CPU time
of it and its children, the engine and the figures, and the load average.

    python bench/bench_ssxcc_split.py [--cols 28] [--jobs 2] [--runs 1]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def run(cmd: list[str]) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, json.loads(done.stdout.splitlines()[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cols", type=int, default=28)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()

    from dlxc.models.classic import dominoes
    from dlxc.xcc.dlxformat import write_dlx

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, f"dominoes-3x{args.cols}.dlx")
        write_dlx(dominoes(3, args.cols), path)
        dlxc = [os.path.join(os.path.dirname(sys.executable), "dlxc"), "count", "--json", path]
        print(f"dominoes 3x{args.cols}; load average {os.getloadavg()[0]:.2f}")
        serial_wall = None
        for _ in range(args.runs):
            for label, cmd in (
                ("serial", dlxc),
                (f"--jobs {args.jobs}", dlxc + ["--jobs", str(args.jobs)]),
            ):
                wall, cpu, rec = run(cmd)
                if label == "serial":
                    serial_wall = wall
                ratio = f"{wall / serial_wall:.2f}x" if serial_wall else ""
                print(
                    f"{label:>9}: wall {wall:6.2f} s  cpu {cpu:6.2f} s  engine {rec['engine']}"
                    f"  solutions {rec['solutions']}  nodes {rec['nodes']}  "
                    f"engine seconds {rec['seconds']:.2f}  {ratio}"
                )
        print(f"load average after {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
