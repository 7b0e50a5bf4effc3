"""How fast dlxc reads a big DLX file and gets it ready to search.

Writes (into a temporary directory) a file of 1,000,000 options of 10 items
each: 2,000 primary and 2,000 secondary items, every option 5 primary and 5
secondary items, about a third of the secondary items colored with one of
26 colors (random, seeded).  Then, in a fresh Python process each time, it
measures the wall time of ``read_dlx`` plus the construction of
``problem.search(backend="c")``, and the process's peak resident memory
(``ru_maxrss``).  Three runs; the median is printed.

Target: at most 2 s and 300 MB.

    python bench/bench_read.py [--options N] [--runs R]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
import warnings
from dlxc.xcc.dlxformat import read_dlx
t1 = time.perf_counter()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    problem = read_dlx(sys.argv[1])
t2 = time.perf_counter()
search = problem.search(backend="c")
t3 = time.perf_counter()
print(json.dumps({
    "read": t2 - t1, "search": t3 - t2, "total": t3 - t1,
    "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "options": len(problem.options), "nodes": len(problem.opt_items),
}))
"""


def generate(
    path: str, n_options: int, n_primary: int = 2000, n_secondary: int = 2000, seed: int = 2024
) -> None:
    rng = random.Random(seed)
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    colors = [chr(ord("a") + i) for i in range(26)]
    with open(path, "w") as f:
        f.write(f"| bench_read: {n_options} random options of 10 items, seed {seed}\n")
        f.write(" ".join(primary) + " | " + " ".join(secondary) + "\n")
        lines = []
        for _ in range(n_options):
            opt = rng.sample(primary, 5)
            for s in rng.sample(secondary, 5):
                opt.append(f"{s}:{rng.choice(colors)}" if rng.random() < 0.33 else s)
            lines.append(" ".join(opt))
            if len(lines) == 10000:
                f.write("\n".join(lines) + "\n")
                lines.clear()
        if lines:
            f.write("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--options", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.dlx")
        t0 = time.perf_counter()
        generate(path, args.options)
        print(
            f"generated {args.options:,} options ({os.path.getsize(path) / 1e6:.1f} MB) "
            f"in {time.perf_counter() - t0:.1f} s",
            flush=True,
        )
        runs = []
        for r in range(args.runs):
            # started in the temporary directory: from a checkout's root,
            # 'python -c' would import the checkout's dlxc/, not the installed one
            out = subprocess.run(
                [sys.executable, "-c", CHILD, path],
                check=True,
                cwd=tmp,
                capture_output=True,
                text=True,
            ).stdout
            runs.append(json.loads(out))
            x = runs[-1]
            print(
                f"run {r + 1}: read {x['read']:.2f} s + search setup {x['search']:.2f} s "
                f"= {x['total']:.2f} s, peak RSS {x['rss_mb']:.0f} MB",
                flush=True,
            )
    med = {k: statistics.median(x[k] for x in runs) for k in ("read", "search", "total", "rss_mb")}
    print(
        f"median of {args.runs}: read {med['read']:.2f} s + search setup "
        f"{med['search']:.2f} s = {med['total']:.2f} s, peak RSS {med['rss_mb']:.0f} MB "
        f"(target: at most 2 s and 300 MB)"
    )


if __name__ == "__main__":
    main()
