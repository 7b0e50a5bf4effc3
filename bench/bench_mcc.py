"""Items with multiplicities (MCC): dlxc's mcc engine beside Knuth's DLX3
and SSMCC, on families written here.

    python bench/bench_mcc.py DIR [--peers /path/to/bin] [--runs 3]

writes the families' files into DIR and, for each, runs ``dlxc count``,
``dlx3`` and ``ssmcc`` (when --peers names a folder holding them) in
alternation, ``--runs`` times each; it prints the median wall and CPU
seconds of each program (the whole process: start-up and input
included), then the search alone: each program's median CPU seconds less
its median CPU seconds on a problem of one item and one option, timed in
the same rounds (dlxc's start-up, Python's imports, is most of a small
family's time; the peers' is a millisecond), with dlxc's ratio to the
faster peer on it.  It checks that the three counts agree.  Knuth's
programs are not part of dlxc: build them from his CWEB sources yourself.
Time an installed dlxc (``pip install .``), the way users run it.

Families:
- ``pack-WxH-kK``: a W x H board tiled by the five free tetrominoes, each
  used exactly K times (a packing whose piece items are K|name).
- ``pack-WxH-kU:V``: the same with each tetromino used U to V times (a
  packing with u < v).
- ``rooks-N``: an N x N board where every row and every column holds one
  or two marked cells (1:2|R, 1:2|C) and every diagonal at most one
  (0:1|A, 0:1|B): a covering with u < v.
- ``sets-N``: the subsets of {0..N-1} of size three, every element in
  two to three of the chosen ones (2:3|x): a covering with u < v.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import resource
import shutil
import statistics
import subprocess
import time
from pathlib import Path

TETROMINOES = {
    "I": [(0, 0), (0, 1), (0, 2), (0, 3)],
    "O": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S": [(0, 1), (0, 2), (1, 0), (1, 1)],
    "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
}


def _shapes(cells):
    """The distinct rotations and reflections of a piece, normalized."""
    out = set()
    for flip in (False, True):
        pts = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            pts = [(c, -r) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in pts)))
    return sorted(out)


def packing(w: int, h: int, k: int | str) -> str:
    lines = [f"| {w}x{h} board, each free tetromino {k} times"]
    cells = [f"{r}.{c}" for r in range(h) for c in range(w)]
    lines.append(" ".join(f"{k}|{p}" for p in TETROMINOES) + " " + " ".join(cells))
    for name, piece in TETROMINOES.items():
        for shape in _shapes(piece):
            for r in range(h):
                for c in range(w):
                    pts = [(r + dr, c + dc) for dr, dc in shape]
                    if all(0 <= y < h and 0 <= x < w for y, x in pts):
                        lines.append(name + " " + " ".join(f"{y}.{x}" for y, x in pts))
    return "\n".join(lines) + "\n"


def rooks(n: int) -> str:
    lines = [f"| {n}x{n}: one or two cells per row and column, at most one per diagonal"]
    items = [f"1:2|R{i}" for i in range(n)] + [f"1:2|C{i}" for i in range(n)]
    items += [f"0:1|A{d}" for d in range(2 * n - 1)] + [f"0:1|B{d}" for d in range(2 * n - 1)]
    lines.append(" ".join(items))
    for r in range(n):
        for c in range(n):
            lines.append(f"R{r} C{c} A{r + c} B{r - c + n - 1}")
    return "\n".join(lines) + "\n"


def sets(n: int) -> str:
    lines = [f"| triples of {n} elements, every element in two or three chosen ones"]
    lines.append(" ".join(f"2:3|x{i}" for i in range(n)))
    for t in itertools.combinations(range(n), 3):
        lines.append(" ".join(f"x{i}" for i in t))
    return "\n".join(lines) + "\n"


FAMILIES = {
    "pack-5x8-k2": lambda: packing(8, 5, 2),
    "pack-4x10-k2": lambda: packing(10, 4, 2),
    "pack-6x6-k1:3": lambda: packing(6, 6, "1:3"),
    "pack-4x9-k1:3": lambda: packing(9, 4, "1:3"),
    "rooks-9": lambda: rooks(9),
    "rooks-10": lambda: rooks(10),
    "sets-8": lambda: sets(8),
}


def _timed(cmd, stdin=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdin=stdin, capture_output=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r, wall, cpu


def _count(text: bytes) -> int:
    m = re.search(rb"Altogether (\d+) solution", text)
    if not m:
        raise RuntimeError(f"no count in {text[-300:]!r}")
    return int(m.group(1))


TRIVIAL = "| one item, one option: the start-up alone\n1|a\na\n"


def _run_one(prog: str, cmd: list[str], path: Path) -> tuple[int, float, float]:
    """(count, wall, cpu) of one run of ``prog`` on ``path``."""
    if prog == "dlxc":
        r, wall, cpu = _timed(cmd + [str(path)])
        return int(r.stdout.split()[0]), wall, cpu
    with open(path, "rb") as f:
        r, wall, cpu = _timed(cmd + ["v1"], stdin=f)
    return _count(r.stderr), wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--peers", default=None)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default=None, help="a regular expression on family names")
    args = ap.parse_args()
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    trivial = out / "trivial.dlx"
    trivial.write_text(TRIVIAL)
    dlxc = shutil.which("dlxc") or "dlxc"
    progs = {"dlxc": [dlxc, "count"]}
    if args.peers:
        for peer in ("dlx3", "ssmcc"):
            exe = Path(args.peers) / peer
            if exe.exists():
                progs[peer] = [str(exe)]
    print(f"load: {os.getloadavg()}")
    print("whole process: median wall/CPU seconds; search: median CPU less start-up's")
    print(
        f"{'family':14} {'count':>9} {'dlxc wall/cpu':>15} {'dlx3 wall/cpu':>15} "
        f"{'ssmcc wall/cpu':>15} {'search dlxc/dlx3/ssmcc':>23} {'ratio':>5}"
    )
    for name, make in FAMILIES.items():
        if args.only and not re.search(args.only, name):
            continue
        path = out / f"{name}.dlx"
        path.write_text(make())
        times: dict = {p: [] for p in progs}
        start: dict = {p: [] for p in progs}
        counts = {}
        for _ in range(args.runs):
            for prog, cmd in progs.items():
                counts[prog], wall, cpu = _run_one(prog, cmd, path)
                times[prog].append((wall, cpu))
                start[prog].append(_run_one(prog, cmd, trivial)[2])
        if len(set(counts.values())) != 1:
            raise SystemExit(f"{name}: the counts differ: {counts}")
        med = {
            p: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
            for p, t in times.items()
        }
        search = {p: max(0.0, med[p][1] - statistics.median(start[p])) for p in progs}
        peers = [search[p] for p in ("dlx3", "ssmcc") if p in search]
        ratio = f"{search['dlxc'] / min(peers):.2f}" if peers and min(peers) > 0 else "-"
        cols = [
            f"{med[p][0]:6.2f}/{med[p][1]:6.2f}" if p in med else f"{'-':>13}"
            for p in ("dlxc", "dlx3", "ssmcc")
        ]
        found = "/".join(
            f"{search[p]:.3f}" if p in search else "-" for p in ("dlxc", "dlx3", "ssmcc")
        )
        print(
            f"{name:14} {counts['dlxc']:>9} {cols[0]:>15} {cols[1]:>15} {cols[2]:>15} "
            f"{found:>23} {ratio:>5}"
        )
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
