"""One tree of dlxc against another, command by command: does a change slow
anything down?

    python bench/trees.py --old /path/to/old-venv --new /path/to/new-venv [--runs 5]

Each venv holds a plain install (``pip install .``) of one tree.  For every
case (the dlxc side of each script in bench/: counts, puzzles, crossword
fills and layouts, Boggle scoring, the lexicon build, Scrabble moves, the
reader, a PDF), the two installs run the same command, as whole processes,
alternating (old first in even rounds, new first in odd ones) so both see
the same load.  Printed per case: the median wall and CPU seconds of each,
the ratio new/old of the medians, and whether the outputs agreed.  The
inputs are made once, into a temporary folder, by the old install.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDSEARCH = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def run(cmd: list[str], stdin: Path | None = None) -> tuple[float, float, str]:
    """(wall, CPU of the child, stdout) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin if stdin else os.devnull, "rb") as fin:
        t0 = time.perf_counter()
        res = subprocess.run(cmd, stdin=fin, capture_output=True, check=False)
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode not in (0,):
        raise RuntimeError(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr[-400:]!r}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, res.stdout.decode("utf-8", "replace")


def make_inputs(old_bin: Path, puzzles: Path, tmp: Path) -> dict[str, Path]:
    py = str(old_bin / "python")
    files: dict[str, Path] = {}
    for name, expr in [
        ("pent6x10", "pentominoes(6, 10)"),
        ("langford11", "langford(11)"),
        ("queens13", "queens(13)"),
    ]:
        files[name] = tmp / f"{name}.dlx"
        code = (
            "import sys; from dlxc.models.classic import *; "
            "from dlxc.xcc.dlxformat import write_dlx; "
            f"write_dlx({expr}, sys.argv[1])"
        )
        subprocess.run([py, "-c", code, str(files[name])], check=True)
    for name, how in [
        ("ws6", ["wordsearch", "6x6", *WORDSEARCH]),
        ("ws7", ["wordsearch", "7x7", *WORDSEARCH]),
        ("rect33", ["wordrect", "3x3", "--words", str(puzzles / "words/three-letter.txt")]),
    ]:
        files[name] = tmp / f"{name}.dlx"
        with open(files[name], "w") as f:
            subprocess.run([str(old_bin / "dlxc"), *how, "--dlx"], stdout=f, check=True)
    rng = random.Random(1)
    files["boards"] = tmp / "boards.txt"
    files["boards"].write_text(
        "".join(
            "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(16)) + "\n"
            for _ in range(100_000)
        )
    )
    # the reader's case: 1,000,000 options of 10 items (bench_read.py's shape, smaller colors)
    files["wide"] = tmp / "wide.dlx"
    with open(files["wide"], "w") as f:
        prim = [f"p{i}" for i in range(2000)]
        sec = [f"s{i}" for i in range(2000)]
        f.write(" ".join(prim) + " | " + " ".join(sec) + "\n")
        for _ in range(1_000_000):
            items = rng.sample(prim, 5) + [
                s + (f":{rng.choice('abcdefghijklmnopqrstuvwxyz')}" if rng.random() < 0.33 else "")
                for s in rng.sample(sec, 5)
            ]
            f.write(" ".join(items) + "\n")
    return files


def cases(puzzles: Path, files: dict[str, Path], tmp: Path) -> list[tuple[str, list[str], bool]]:
    """(name, argv after the program, whether stdout must agree)."""
    words = puzzles / "words"
    ws8 = puzzles / "dlx/wordsearch-8x8.dlx"
    read = (
        "import sys, dlxc; p = dlxc.read_dlx(sys.argv[1]); s = p.search(backend='c'); "
        "print(len(p.options) if hasattr(p, 'options') else 0)"
    )
    return [
        ("count pentominoes 6x10", ["dlxc", "count", str(files["pent6x10"])], True),
        ("count word rectangles 3x3", ["dlxc", "count", str(files["rect33"])], True),
        ("count Langford n=11", ["dlxc", "count", str(files["langford11"])], True),
        ("count 13 queens", ["dlxc", "count", str(files["queens13"])], True),
        ("count word search 6x6", ["dlxc", "count", str(files["ws6"])], True),
        ("count word search 7x7", ["dlxc", "count", str(files["ws7"])], True),
        ("count word search 8x8", ["dlxc", "count", str(ws8)], True),
        ("count --jobs 2 word search 8x8", ["dlxc", "count", "--jobs", "2", str(ws8)], True),
        (
            "count --memo dominoes 8x8",
            ["dlxc", "count", "--memo", str(puzzles / "dlx/dominoes-8x8.dlx")],
            True,
        ),
        ("estimate word search 8x8", ["dlxc", "estimate", str(ws8), "--seed", "1"], False),
        ("python: read 1M wide options", ["python", "-c", read, str(files["wide"])], True),
        ("wordsearch 6x6 --count", ["dlxc", "wordsearch", "6x6", *WORDSEARCH, "--count"], True),
        (
            "wordsearch 15x15 puzzle",
            ["dlxc", "wordsearch", "15x15", "--words", str(words / "common20.txt"), "--seed", "1"],
            True,
        ),
        (
            "wordsearch 15x15 PDF",
            [
                "dlxc",
                "wordsearch",
                "15x15",
                "--words",
                str(words / "common20.txt"),
                "--seed",
                "1",
                "--format",
                "pdf",
                "-o",
                str(tmp / "ws.pdf"),
            ],
            False,
        ),
        (
            "wordrect 3x3",
            ["dlxc", "wordrect", "3x3", "--words", str(words / "three-letter.txt"), "--count"],
            True,
        ),
        (
            "crossword fill 15x15 (ENABLE)",
            [
                "dlxc",
                "crossword",
                "fill",
                str(puzzles / "crossword/american-15x15.txt"),
                "--words",
                str(words / "enable.txt"),
            ],
            True,
        ),
        (
            "crossword layout 100 words",
            ["dlxc", "crossword", "layout", "--words", str(words / "common100.txt"), "--seed", "1"],
            True,
        ),
        ("boggle score 100,000 boards", ["dlxc", "boggle", "score", str(files["boards"])], True),
        (
            "boggle score --jobs 2",
            ["dlxc", "boggle", "score", "-j", "2", str(files["boards"])],
            True,
        ),
        (
            "lexicon build ENABLE",
            ["dlxc", "lexicon", "build", str(words / "enable.txt"), "-o", str(tmp / "enable.lex")],
            False,
        ),
        (
            "moves midgame",
            [
                "dlxc",
                "moves",
                "--lexicon",
                str(words / "enable.txt"),
                "--board",
                str(puzzles / "scrabble/midgame.txt"),
                "--rack",
                "AEINRST",
            ],
            True,
        ),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, help="venv of the old tree")
    ap.add_argument("--new", required=True, help="venv of the new tree")
    ap.add_argument("--puzzles", required=True, help="a puzzles/ folder (inputs for both)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="", help="comma-separated substrings of case names")
    ap.add_argument("--json", help="write the raw times here")
    args = ap.parse_args()
    bins = {"old": Path(args.old) / "bin", "new": Path(args.new) / "bin"}
    puzzles = Path(args.puzzles).resolve()
    raw: dict = {}
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        files = make_inputs(bins["old"], puzzles, tmp)
        todo = cases(puzzles, files, tmp)
        if args.only:
            keys = args.only.split(",")
            todo = [c for c in todo if any(k in c[0] for k in keys)]
        print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
        print(
            "| case | old wall | new wall | new/old wall "
            "| old CPU | new CPU | new/old CPU | same output |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name, argv, check in todo:
            times: dict = {"old": [], "new": []}
            outs: dict = {}
            for r in range(args.runs):
                order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
                for side in order:
                    cmd = [str(bins[side] / argv[0]), *argv[1:]]
                    wall, cpu, out = run(cmd)
                    times[side].append((wall, cpu))
                    outs[side] = out
            med = {
                s: (
                    statistics.median(w for w, _ in times[s]),
                    statistics.median(c for _, c in times[s]),
                )
                for s in times
            }
            same = outs["old"] == outs["new"] if check else "n/a"
            (ow, oc), (nw, nc) = med["old"], med["new"]
            print(
                f"| {name} | {ow:.3f} | {nw:.3f} | {nw / ow:.3f} "
                f"| {oc:.3f} | {nc:.3f} | {nc / max(oc, 1e-9):.3f} | {same} |",
                flush=True,
            )
            raw[name] = times
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(raw, indent=1))


if __name__ == "__main__":
    sys.exit(main())
