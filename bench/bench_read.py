"""How fast dlxc reads a big DLX file and gets it ready to search.

Writes (into a temporary directory) files of 1,000,000 options of 10 items
each (random, seeded), one per shape:

- ``narrow``: 2,000 primary and 2,000 secondary items, every option 5
  primary and 5 secondary items, about a third of the secondary items
  colored with one of 26 colors;
- ``wide``: 1,000 primary and 100,000 secondary items, every option 5 of
  each, about a third of the secondary items colored with one of 4 colors;
- ``spread``: the same 1,000 + 100,000 items and 4 colors, each option 10
  items drawn from all of them (half of its secondary items colored), so
  that about 90% of the options have no primary item: read_dlx warns and
  the search leaves them out;
- ``sparse``: 1,000 primary and 100,000 secondary items, every option 2
  primary and 8 secondary items, each secondary item colored with one of 4
  colors (about 81 MB): the shape of the target below.

Then, for each shape and round, a fresh Python process runs under
``/usr/bin/time -v``: it measures the wall time of ``read_dlx`` plus the
construction of ``problem.search(backend="c", strategy="auto")`` (the
engine ``dlxc count`` takes, built, before any search), with its CPU
seconds, and ``time`` gives the whole process's CPU seconds and peak
resident memory.  The median of the rounds is printed, with the load
average before and after (read the CPU seconds on a loaded machine).
``--stdin`` reads the file from standard input (a binary stream) instead
of by path.

Target: at most 2 s and 300 MB for each shape; for ``sparse``, at most
1 s and 300 MB.

    python bench/bench_read.py [--shape wide,spread,narrow,sparse] [--runs R] [--stdin]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, sys, time, warnings
t0 = time.perf_counter()
from dlxc.xcc.dlxformat import read_dlx
t1 = time.perf_counter()
c1 = time.process_time()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    problem = read_dlx(sys.stdin.buffer if sys.argv[1] == "-" else sys.argv[1])
t2 = time.perf_counter()
search = problem.search(backend="c", strategy="auto")
t3 = time.perf_counter()
c3 = time.process_time()
print(json.dumps({
    "ready_cpu": c3 - c1,
    "read": t2 - t1, "search": t3 - t2, "total": t3 - t1, "engine": search.strategy,
    "options": len(problem.options), "ignored": len(problem.dropped),
    "nodes": len(problem.opt_items),
}))
"""

TARGET = {"sparse": 1}  # seconds, where not 2

SHAPES = {
    # name: (primary, secondary, colors, how an option is drawn)
    "narrow": (2000, 2000, 26, "5+5"),
    "wide": (1000, 100_000, 4, "5+5"),
    "spread": (1000, 100_000, 4, "any"),
    "sparse": (1000, 100_000, 4, "2+8"),
}


def generate(path: str, shape: str, n_options: int, seed: int = 2024) -> None:
    n_primary, n_secondary, n_colors, how = SHAPES[shape]
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    everything = primary + secondary
    colors = [chr(ord("a") + i) for i in range(n_colors)]
    with open(path, "w") as f:
        f.write(f"| bench_read {shape}: {n_options} random options of 10 items, seed {seed}\n")
        f.write(" ".join(primary) + " | " + " ".join(secondary) + "\n")
        lines = []
        for _ in range(n_options):
            if how == "5+5":
                opt = rng.sample(primary, 5)
                for s in rng.sample(secondary, 5):
                    opt.append(f"{s}:{rng.choice(colors)}" if rng.random() < 0.33 else s)
            elif how == "2+8":
                opt = rng.sample(primary, 2)
                opt += [f"{s}:{rng.choice(colors)}" for s in rng.sample(secondary, 8)]
            else:
                opt = [
                    it if it[0] == "p" or rng.random() < 0.5 else f"{it}:{rng.choice(colors)}"
                    for it in rng.sample(everything, 10)
                ]
            lines.append(" ".join(opt))
            if len(lines) == 10000:
                f.write("\n".join(lines) + "\n")
                lines.clear()
        if lines:
            f.write("\n".join(lines) + "\n")


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def measure(path: str, cwd: str, stdin: bool, timer: str | None) -> dict:
    """One fresh process: the child's own figures, plus (from time -v) its
    CPU seconds, wall seconds and peak resident memory."""
    cmd = [sys.executable, "-c", CHILD, "-" if stdin else path]
    if timer:
        cmd = [timer, "-v", *cmd]
    with open(path if stdin else os.devnull, "rb") as fin:
        # started in the temporary directory: from a checkout's root,
        # 'python -c' would import the checkout's dlxc/, not the installed one
        res = subprocess.run(cmd, stdin=fin, cwd=cwd, capture_output=True, text=True, check=True)
    x = json.loads(res.stdout)
    if timer:

        def field(name: str) -> str:
            m = re.search(rf"^\s*{re.escape(name)}: (.*)$", res.stderr, re.M)
            if not m:
                raise RuntimeError(f"time -v printed no {name!r}: {res.stderr[-500:]!r}")
            return m.group(1)

        x["cpu"] = float(field("User time (seconds)")) + float(field("System time (seconds)"))
        x["rss_mb"] = int(field("Maximum resident set size (kbytes)")) / 1024
        wall = [float(v) for v in field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")]
        x["wall"] = sum(v * 60**k for k, v in enumerate(reversed(wall)))
    return x


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", default="wide,spread,narrow", help="comma-separated shapes")
    ap.add_argument("--options", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--stdin", action="store_true", help="read the file from standard input")
    args = ap.parse_args()
    shapes = [s.strip() for s in args.shape.split(",") if s.strip()]
    for s in shapes:
        if s not in SHAPES:
            sys.exit(f"unknown shape {s!r}: choose among {', '.join(SHAPES)}")
    timer = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None
    if timer is None:
        print("no /usr/bin/time: no CPU seconds or peak memory", file=sys.stderr)
    print(f"load average before: {loadavg()}  (cores: {os.cpu_count()})", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shape in shapes:
            path = os.path.join(tmp, f"{shape}.dlx")
            t0 = time.perf_counter()
            generate(path, shape, args.options)
            print(
                f"{shape}: generated {args.options:,} options "
                f"({os.path.getsize(path) / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s",
                flush=True,
            )
            runs = []
            for r in range(args.runs):
                x = measure(path, tmp, args.stdin, timer)
                runs.append(x)
                extra = (
                    f"; process: {x['wall']:.2f} s wall, {x['cpu']:.2f} s CPU, "
                    f"peak RSS {x['rss_mb']:.0f} MB"
                    if timer
                    else ""
                )
                print(
                    f"  run {r + 1}: read {x['read']:.2f} s + engine {x['search']:.2f} s "
                    f"= {x['total']:.2f} s, {x['ready_cpu']:.2f} s CPU ({x['engine']}, "
                    f"{x['ignored']:,} options ignored){extra}",
                    flush=True,
                )
            keys = ["read", "search", "total", "ready_cpu"] + (["cpu", "rss_mb"] if timer else [])
            med = {k: statistics.median(x[k] for x in runs) for k in keys}
            tail = (
                f"; process CPU {med['cpu']:.2f} s, peak RSS {med['rss_mb']:.0f} MB"
                if timer
                else ""
            )
            print(
                f"{shape} median of {args.runs}{' (stdin)' if args.stdin else ''}: read "
                f"{med['read']:.2f} s + engine {med['search']:.2f} s = {med['total']:.2f} s "
                f"({med['ready_cpu']:.2f} s CPU){tail} "
                f"(target: at most {TARGET.get(shape, 2)} s and 300 MB)",
                flush=True,
            )
    print(f"load average after: {loadavg()}")


if __name__ == "__main__":
    main()
