"""Time dlxc against Knuth's DLX2 on the same tree.

    python bench/vs_dlx2.py --dlx2 PATH/TO/dlx2 [--size 8] [--runs 5]

DLX2 is not part of dlxc: build it yourself from Knuth's dlx2.w (ctangle,
then cc -O3) and pass its path.  The script writes the word search of
docs/design/xcc.md (ABEL CANTOR GAUSS EULER, 8 directions, SIZE x SIZE) in
Knuth's format, then alternates runs of `dlx2 d0 < file` and of
`dlxc count --backend c file`, so both see the same machine load, and
prints each median, the ratio, and both programs' node counts (which must
agree: same tree).
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.dlxformat import write_dlx


def timed(cmd, stdin_path=None):
    t0 = time.perf_counter()
    with open(stdin_path, "rb") if stdin_path else open("/dev/null", "rb") as fin:
        res = subprocess.run(cmd, stdin=fin, capture_output=True, text=True, check=True)
    return time.perf_counter() - t0, res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dlx2", required=True, help="path of a DLX2 binary")
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    dlxc_cmd = shutil.which("dlxc") or sys.exit("dlxc is not on PATH (pip install .)")
    problem = word_search_problem(args.size, args.size, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"ws{args.size}.dlx"
        write_dlx(problem, path)
        theirs, ours = [], []
        for _ in range(args.runs):
            t, r2 = timed([args.dlx2, "d0"], path)
            theirs.append(t)
            t, r1 = timed([dlxc_cmd, "count", "--json", "--backend", "c", str(path)])
            ours.append(t)
    m = re.search(r"(\d+) nodes", r2.stderr)
    import json

    mine = json.loads(r1.stdout.splitlines()[-1])
    a, b = statistics.median(theirs), statistics.median(ours)
    print(
        f"word search {args.size}x{args.size}: DLX2 median {a:.2f} s "
        f"({m.group(1) if m else '?'} nodes), dlxc median {b:.2f} s "
        f"({mine['nodes']} nodes, {mine['solutions']} solutions); ratio dlxc/DLX2 {b / a:.2f}"
    )
    print("runs DLX2:", " ".join(f"{t:.2f}" for t in theirs))
    print("runs dlxc:", " ".join(f"{t:.2f}" for t in ours))


if __name__ == "__main__":
    main()
