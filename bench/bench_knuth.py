"""dlxc against Knuth's DLX2 and SSXCC, whole process, family by family.

    python bench/bench_knuth.py --dlx2 PATH --ssxcc PATH [--runs 3] [--only NAME,...]

DLX2 and SSXCC are not part of dlxc: build them yourself from Knuth's
dlx2.w and ssxcc.w (ctangle, then cc -O3 with gb_flip.c) and pass their
paths (or set DLX2 and SSXCC in the environment).  The script writes each
problem in Knuth's format with dlxc's own modelers (the files are the same
for the three programs), then runs, round after round, ``dlx2 < FILE``,
``ssxcc < FILE`` and ``dlxc count FILE`` (rotating which goes first, so all
three see the same machine load), checks that they count the same number
of solutions, and prints each program's median wall time (start-up, input
and search: what a user waits for) and dlxc's ratio to the faster of
Knuth's two.  The load average before and after is printed too: on a
shared machine the ratios are what to read, not the seconds.

Problems: pentominoes 6x10; word rectangles 3x3 over the 665 three-letter
words of dlxc/puzzles/words/three-letter.txt and 3x4 over the lowercase words of
--words (default /usr/share/dict/words); Langford pairs n=11; 13 queens;
word searches 6x6, 7x7 and 8x8 of ABEL CANTOR GAUSS EULER (8 directions).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDSEARCH = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def problems(words: str) -> dict[str, tuple[str, list[str] | None]]:
    """name -> (how it is made: a Python expression or a dlxc command)."""
    return {
        "pentominoes 6x10": ("py", "pentominoes(6, 10)"),
        "word rectangles 3x3, 665 words": (
            "cli",
            ["wordrect", "3x3", "--words", str(ROOT / "dlxc/puzzles/words/three-letter.txt")],
        ),
        "word rectangles 3x4": ("cli", ["wordrect", "3x4", "--words", words, "--lowercase"]),
        "Langford pairs n=11": ("py", "langford(11)"),
        "13 queens": ("py", "queens(13)"),
        "word search 6x6": ("cli", ["wordsearch", "6x6", *WORDSEARCH]),
        "word search 7x7": ("cli", ["wordsearch", "7x7", *WORDSEARCH]),
        "word search 8x8": ("cli", ["wordsearch", "8x8", *WORDSEARCH]),
    }


def write(kind: str, how, path: Path, dlxc: str) -> None:
    if kind == "py":
        code = (
            "import sys; from dlxc.models.classic import *; "
            "from dlxc.xcc.dlxformat import write_dlx; "
            f"write_dlx({how}, sys.argv[1])"
        )
        subprocess.run([sys.executable, "-c", code, str(path)], check=True)
    else:
        with open(path, "w") as f:
            subprocess.run([dlxc, *how, "--dlx"], stdout=f, stderr=subprocess.DEVNULL, check=True)


def timed(cmd: list[str], stdin: Path | None) -> tuple[float, str, str]:
    with open(stdin if stdin else os.devnull, "rb") as fin:
        t0 = time.perf_counter()
        res = subprocess.run(cmd, stdin=fin, capture_output=True, text=True, check=True)
        return time.perf_counter() - t0, res.stdout, res.stderr


def count_of(name: str, out: str, err: str) -> int:
    if name == "dlxc":
        return int(out.split()[0])
    m = re.search(r"Altogether (\d+) solution", err)
    if not m:
        raise RuntimeError(f"{name} printed no count: {err[-300:]!r}")
    return int(m.group(1))


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dlx2", default=os.environ.get("DLX2"), help="a DLX2 binary")
    ap.add_argument("--ssxcc", default=os.environ.get("SSXCC"), help="an SSXCC binary")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument(
        "--words", default="/usr/share/dict/words", help="word list of the 3x4 word rectangles"
    )
    ap.add_argument("--only", default="", help="comma-separated substrings of problem names")
    args = ap.parse_args()
    if not args.dlx2 or not args.ssxcc:
        sys.exit("give --dlx2 and --ssxcc (or DLX2 and SSXCC): paths of Knuth's programs")
    dlxc = shutil.which("dlxc") or sys.exit("dlxc is not on PATH (pip install .)")
    chosen = {
        k: v
        for k, v in problems(args.words).items()
        if not args.only or any(s.strip() in k for s in args.only.split(","))
    }
    programs = {
        "DLX2": lambda f: ([args.dlx2], f),
        "SSXCC": lambda f: ([args.ssxcc], f),
        "dlxc": lambda f: ([dlxc, "count", str(f)], None),
    }
    print(f"load average before: {loadavg()}  (cores: {os.cpu_count()})", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, (kind, how)) in enumerate(chosen.items()):
            path = Path(tmp) / f"p{i}.dlx"
            write(kind, how, path, dlxc)
            times: dict[str, list[float]] = {p: [] for p in programs}
            counts = {}
            order = list(programs)
            for r in range(args.runs):
                for prog in order[r % 3 :] + order[: r % 3]:
                    cmd, stdin = programs[prog](path)
                    t, out, err = timed(cmd, stdin)
                    times[prog].append(t)
                    counts[prog] = count_of(prog, out, err)
            if len(set(counts.values())) != 1:
                sys.exit(f"{name}: the programs disagree: {counts}")
            med = {p: statistics.median(ts) for p, ts in times.items()}
            ratio = med["dlxc"] / min(med["DLX2"], med["SSXCC"])
            rows.append((name, counts["dlxc"], med, ratio))
            print(
                f"{name} ({counts['dlxc']:,}): dlxc {med['dlxc']:.3f} s, DLX2 "
                f"{med['DLX2']:.3f} s, SSXCC {med['SSXCC']:.3f} s; dlxc / faster "
                f"{ratio:.2f}   runs: "
                + "; ".join(f"{p} " + " ".join(f"{t:.3f}" for t in ts) for p, ts in times.items()),
                flush=True,
            )
    print(f"load average after: {loadavg()}")
    print()
    print("| problem | dlxc | DLX2 | SSXCC | dlxc / faster |")
    print("|---|---|---|---|---|")
    for name, n, med, ratio in rows:
        print(
            f"| {name} ({n:,}) | {med['dlxc']:.3f} s | {med['DLX2']:.3f} s | "
            f"{med['SSXCC']:.3f} s | {ratio:.2f} |"
        )


if __name__ == "__main__":
    main()
