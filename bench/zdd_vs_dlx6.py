"""Time ``dlxc zdd`` against Knuth's DLX6 (``m1``: write the ZDD), side by side.

    python bench/zdd_vs_dlx6.py --dlx6 PATH/TO/dlx6 [--runs 5] [--check 300]

DLX6 is not part of dlxc: build it from Knuth's dlx6.w (ctangle, then
cc -O3, with gb_flip) and pass its path.  For each family the script writes
the problem in Knuth's format, then alternates whole runs of
`dlx6 m1 < FILE > OUT` and `dlxc zdd FILE -o OUT` (so both see the same
load), checks that the two diagrams are the same text, and prints the
median wall and CPU seconds of each, and their ratio.  With --check N it
first compares the text of both backends with DLX6's on N random colored
problems.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

from dlxc import Colored, Problem
from dlxc.models.classic import dominoes, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.dlxformat import write_dlx


def families():
    yield "queens 11", queens(11)
    yield "queens 12", queens(12)
    yield "dominoes 12x12", dominoes(12, 12)
    yield "word search 6x6", word_search_problem(6, 6, ["ABEL", "CANTOR", "GAUSS", "EULER"])
    yield "word search 7x7", word_search_problem(7, 7, ["ABEL", "CANTOR", "GAUSS", "EULER"])


def timed(cmd, stdin_path, stdout_path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(stdin_path, "rb") as fin, open(stdout_path, "wb") as fout:
        subprocess.run(cmd, stdin=fin, stdout=fout, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def random_problem(seed: int) -> Problem:
    r = random.Random(seed)
    n_primary, n_secondary = r.randint(1, 9), r.randint(0, 6)
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    options = []
    for _ in range(r.randint(1, 40)):
        option: list = r.sample(primary, r.randint(1, min(3, n_primary)))
        for s in r.sample(secondary, r.randint(0, min(3, n_secondary))):
            option.append(Colored(s, r.choice("ab")) if r.random() < 0.7 else s)
        r.shuffle(option)
        options.append(option)
    return Problem(primary, secondary, options)


def check(dlx6: str, n: int, tmp: Path) -> None:
    path = tmp / "random.dlx"
    for seed in range(n):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            p = random_problem(seed)
        write_dlx(p, path)
        with open(path, "rb") as fin:
            theirs = subprocess.run([dlx6, "m1"], stdin=fin, capture_output=True, check=True)
        for backend in ("c", "python"):
            if p.zdd(backend=backend).text() != theirs.stdout.decode():
                sys.exit(f"random problem {seed}: the {backend} backend's ZDD differs from DLX6's")
    print(f"{n} random colored problems: both backends write DLX6's text")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dlx6", required=True, help="path of a DLX6 binary")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--check", type=int, default=0, metavar="N")
    args = ap.parse_args()
    dlxc_cmd = shutil.which("dlxc") or sys.exit("dlxc is not on PATH (pip install .)")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if args.check:
            check(args.dlx6, args.check, tmp)
        for name, problem in families():
            path = tmp / "f.dlx"
            write_dlx(problem, path)
            theirs, ours = [], []
            for _ in range(args.runs):
                theirs.append(timed([args.dlx6, "m1"], path, tmp / "k.zdd"))
                ours.append(timed([dlxc_cmd, "zdd", str(path), "-q"], path, tmp / "d.zdd"))
            same = (tmp / "k.zdd").read_bytes() == (tmp / "d.zdd").read_bytes()
            a = statistics.median(w for w, _ in theirs)
            b = statistics.median(w for w, _ in ours)
            ac = statistics.median(c for _, c in theirs)
            bc = statistics.median(c for _, c in ours)
            print(
                f"{name}: DLX6 {a:.3f} s wall ({ac:.3f} s CPU), dlxc zdd {b:.3f} s wall "
                f"({bc:.3f} s CPU): {b / a:.2f}x wall, {bc / ac:.2f}x CPU; "
                f"same diagram: {same}"
            )
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
