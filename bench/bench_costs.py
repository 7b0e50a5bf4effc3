"""dlxc solve --best against Knuth's DLX5, whole process, family by family.

    python bench/bench_costs.py --dlx5 PATH [--runs 5] [--k 1] [--only NAME,...]

DLX5 is not part of dlxc: build it yourself from Knuth's dlx5.w (ctangle,
then cc -O3) and pass its path (or set DLX5 in the environment).  The script
writes each problem in Knuth's format with option costs (``|n``), the same
file for both programs, then runs, round after round, ``dlx5 kK < FILE`` and
``dlxc solve --best K FILE`` (alternating which goes first, so both see the
same load), checks that they report the same optimum costs, and prints each
program's median wall time and median CPU time (user + system of the child,
start-up and input included: what a user waits for), with dlxc's ratio to
DLX5 on CPU time (the steadier figure on a shared machine) and on wall
time.  The load average is printed before and after.

Families (costs drawn with Python's random.Random(seed), 0..99):
queens n (items: rows and columns primary, diagonals secondary) and
pentomino packings of a w x h box (12 piece items and the cells).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

SHAPES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def queens(n: int, seed: int) -> str:
    rng = random.Random(seed)
    head = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diag = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    lines = [" ".join(head) + " | " + " ".join(diag)]
    for i in range(n):
        for j in range(n):
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1} |{rng.randint(0, 99)}")
    return "\n".join(lines) + "\n"


def pentominoes(w: int, h: int, seed: int) -> str:
    rng = random.Random(seed)
    cells = [f"{x}_{y}" for y in range(h) for x in range(w)]
    lines = [" ".join(SHAPES) + " " + " ".join(cells)]
    for name, shape in SHAPES.items():
        seen = set()
        for turn in range(8):
            pts = shape
            for _ in range(turn % 4):
                pts = [(y, -x) for x, y in pts]
            if turn >= 4:
                pts = [(-x, y) for x, y in pts]
            mx, my = min(x for x, _ in pts), min(y for _, y in pts)
            key = tuple(sorted((x - mx, y - my) for x, y in pts))
            if key in seen:
                continue
            seen.add(key)
            for dx in range(w):
                for dy in range(h):
                    q = [(x + dx, y + dy) for x, y in key]
                    if all(0 <= x < w and 0 <= y < h for x, y in q):
                        where = " ".join(f"{x}_{y}" for x, y in q)
                        lines.append(f"{name} {where} |{rng.randint(0, 99)}")
    return "\n".join(lines) + "\n"


FAMILIES = {
    "queens-20": lambda: queens(20, 1),
    "queens-24": lambda: queens(24, 1),
    "pentominoes-6x10": lambda: pentominoes(6, 10, 1),
    "pentominoes-5x12": lambda: pentominoes(5, 12, 1),
}


def timed(cmd: list[str], stdin_path: Path | None) -> tuple[float, float, str, str]:
    """(wall, cpu, stdout, stderr) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(stdin_path) if stdin_path else open(os.devnull) as stdin:
        done = subprocess.run(cmd, stdin=stdin, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout, done.stderr


def dlx5_costs(stderr: str) -> list[int]:
    tail = stderr.split("optimum cost", 1)[1] if "optimum cost" in stderr else ""
    costs: list[int] = []
    for m in re.finditer(r"\$(\d+)(?: \(repeated (\d+) times\))?", tail):
        costs += [int(m.group(1))] * int(m.group(2) or 1)
    return costs


def dlxc_costs(stdout: str) -> list[int]:
    return [int(c) for c in re.findall(r"^solution \d+ \(cost (\d+)\):$", stdout, re.M)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dlx5", default=os.environ.get("DLX5"), required="DLX5" not in os.environ)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--k", type=int, default=1)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    names = [n for n in FAMILIES if not args.only or n in args.only.split(",")]
    print(f"load before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            path = Path(tmp) / f"{name}.dlx"
            path.write_text(FAMILIES[name]())
            knuth = [args.dlx5, f"k{args.k}", "v16"]
            ours = ["dlxc", "solve", "--best", str(args.k), "--quiet", str(path)]
            runs: dict[str, list[tuple[float, float]]] = {"dlx5": [], "dlxc": []}
            for r in range(args.runs):
                order = [("dlx5", knuth, path), ("dlxc", ours, None)]
                for who, cmd, stdin in order if r % 2 == 0 else order[::-1]:
                    wall, cpu, out, err = timed(cmd, stdin)
                    runs[who].append((wall, cpu))
                    if who == "dlx5":
                        want = dlx5_costs(err)
                    else:
                        got = dlxc_costs(out)
            if want != got:
                raise SystemExit(f"{name}: dlx5 says {want}, dlxc says {got}")
            med = {
                who: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
                for who, v in runs.items()
            }
            knuth_wall, knuth_cpu = med["dlx5"]
            print(
                f"{name:18} costs {got}  dlx5 {knuth_wall:.3f} s wall {knuth_cpu:.3f} s cpu"
                f"  dlxc {med['dlxc'][0]:.3f} s wall {med['dlxc'][1]:.3f} s cpu"
                f"  ratio cpu {med['dlxc'][1] / med['dlx5'][1]:.2f}"
                f" wall {med['dlxc'][0] / med['dlx5'][0]:.2f}"
            )
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
