"""Time `dlxc preprocess` against Knuth's DLX-PRE on the same problems.

    python bench/vs_dlx_pre.py --dlx-pre PATH/TO/dlx-pre [--runs 5] [FILE ...]

DLX-PRE is not part of dlxc: build it yourself from Knuth's dlx-pre.w
(ctangle, then cc -O3) and pass its path.  Without FILEs the script writes
pentomino packings (the twelve pentominoes, every placement, in 6x10, 5x12,
4x15 and 3x20 boxes, and the 8x8 board without its centre: milliseconds,
where the start of Python outweighs the work) and a hexomino packing (20
of the 35 hexominoes in 10x12: seconds; --big adds all 35 in 14x15) in
Knuth's format; FILEs add problems of your own (e.g. `dlxc wordrect 3x5 --words
WORDS --dlx > rect.dlx`).  For each problem it alternates runs of
`dlx-pre < FILE > OUT` and `dlxc preprocess FILE -o OUT` (whole processes,
so both see the same load), prints the medians of wall and CPU time (the
children's user+system), their ratio, and whether the two reduced problems
have the same items and options (they must: the same reductions).

On small problems most of dlxc's time is the start of Python, so time an
installed dlxc (`pip install .` in a virtual environment, then run this
script with its python): an editable install (`pip install -e .`) adds the
import finder setuptools writes for it to every start, some 25-30 ms of CPU
(importlib.util, pathlib, re, urllib.parse), and PYTHONDONTWRITEBYTECODE=1
without compiled files (`python -m compileall dlxc`) adds the compiling of
every module dlxc imports.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PENTOMINOES = {
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


def _shapes(cells):
    """The distinct orientations (rotations, reflections) of a piece."""
    out = set()
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            r0 = min(r for r, _ in cells)
            c0 = min(c for _, c in cells)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in cells)))
        cells = [(r, -c) for r, c in cells]
    return sorted(out)


def free_polyominoes(n: int) -> list:
    """Every free n-omino (up to rotation and reflection), as cell lists."""
    found = {((0, 0),)}
    for _ in range(n - 1):
        grown = set()
        for cells in found:
            for r, c in cells:
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if (nr, nc) not in cells:
                        grown.add(min(_shapes(list(cells) + [(nr, nc)])))
        found = grown
    return [list(cells) for cells in sorted(found)]


def _name(r: int, c: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[r] + digits[c]


def packing(rows: int, cols: int, holes=(), pieces=None) -> str:
    """Knuth's format: the pieces (the pentominoes by default) in a rows x
    cols box minus holes, every placement of each piece."""
    pieces = pieces or PENTOMINOES
    board = {(r, c) for r in range(rows) for c in range(cols)} - set(holes)
    names = [_name(r, c) for r, c in sorted(board)]
    lines = [" ".join(list(pieces) + names)]
    for piece, cells in pieces.items():
        for shape in _shapes(cells):
            for r in range(rows):
                for c in range(cols):
                    placed = [(r + dr, c + dc) for dr, dc in shape]
                    if all(p in board for p in placed):
                        lines.append(" ".join([piece] + [_name(*p) for p in placed]))
    return "\n".join(lines) + "\n"


def _canon(path: str):
    items, options = None, []
    for line in open(path, encoding="utf-8"):
        toks = line.split()
        if not toks or toks[0].startswith("|"):
            continue
        if items is None:
            items = frozenset(t for t in toks if t != "|")
        else:
            options.append(" ".join(sorted(toks)))
    return items, sorted(options)


def _timed(cmd, stdin_path=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(stdin_path or os.devnull, "rb") as fin:
        subprocess.run(
            cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True
        )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dlx-pre", required=True, help="path of a DLX-PRE binary")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--big", action="store_true", help="add the 35 hexominoes in 14x15 (20 s a run)"
    )
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="vs_dlx_pre_"))
    problems = list(args.files)
    if not args.files:
        for label, rows, cols, holes in (
            ("pent-6x10", 6, 10, ()),
            ("pent-5x12", 5, 12, ()),
            ("pent-4x15", 4, 15, ()),
            ("pent-3x20", 3, 20, ()),
            ("pent-8x8-hole", 8, 8, ((3, 3), (3, 4), (4, 3), (4, 4))),
        ):
            path = tmp / f"{label}.dlx"
            path.write_text(packing(rows, cols, holes), encoding="utf-8")
            problems.append(str(path))
        hexominoes = {f"h{i}": cells for i, cells in enumerate(free_polyominoes(6))}
        sizes = [(20, 10, 12)] + ([(35, 14, 15)] if args.big else [])
        for n, rows, cols in sizes:
            path = tmp / f"hex{n}-{rows}x{cols}.dlx"
            some = dict(list(hexominoes.items())[:n])
            path.write_text(packing(rows, cols, pieces=some), encoding="utf-8")
            problems.append(str(path))
    dlxc = [str(Path(sys.executable).with_name("dlxc"))]
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)
    print(f"{'problem':24} {'dlx-pre wall/cpu':>18} {'dlxc wall/cpu':>18} {'cpu ratio':>9} same")
    for path in problems:
        theirs_out, mine_out = str(tmp / "theirs.dlx"), str(tmp / "mine.dlx")
        k_wall, k_cpu, d_wall, d_cpu = [], [], [], []
        for _ in range(args.runs):
            w, c = _timed(["sh", "-c", f'"$0" v0 > "{theirs_out}"', args.dlx_pre], path)
            k_wall.append(w)
            k_cpu.append(c)
            w, c = _timed([*dlxc, "preprocess", "-q", path, "-o", mine_out])
            d_wall.append(w)
            d_cpu.append(c)
        same = _canon(theirs_out) == _canon(mine_out)
        kc, dc = statistics.median(k_cpu), statistics.median(d_cpu)
        print(
            f"{Path(path).stem:24} {statistics.median(k_wall):8.3f}/{kc:8.3f}s "
            f"{statistics.median(d_wall):8.3f}/{dc:8.3f}s {dc / kc:9.2f} {same}",
            flush=True,
        )
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")


if __name__ == "__main__":
    main()
