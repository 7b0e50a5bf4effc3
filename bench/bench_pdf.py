"""A printable word search, end to end: dlxc against word-search-generator.

Each round runs, as separate processes and alternating, the command a
user types for a two-page PDF (the puzzle and its answers) of a 15x15 word
search with the 20 words of dlxc/puzzles/words/common20.txt:

- dlxc: ``dlxc wordsearch 15x15 --words common20.txt --seed S --format pdf -o F``
- word-search-generator (the package the issue names; it prints PDF too):
  ``WordSearch(words, level=3, size=15).save(F, solution=...)`` in a fresh
  Python, the peer's own interpreter (``--peer-python`` or
  ``$WSG_PYTHON``; install it there with ``pip install word-search-generator``).

Printed: the median wall and CPU seconds of each, their ratio, and how many
of the 20 words each puzzle holds (the peer may leave words out; dlxc
places every word, found exactly once).  The machine may be shared: the
runs alternate so both see the same load.

    python bench/bench_pdf.py --rounds 5 --peer-python PEERS/wsg/venv/bin/python
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "dlxc" / "puzzles" / "words" / "common20.txt"

PEER = r"""
import sys
from word_search_generator import WordSearch
words = [w.strip() for w in open(sys.argv[1]) if w.strip() and not w.startswith("#")]
ws = WordSearch(",".join(words), level=3, size=15)
ws.save(sys.argv[2])
print(len(ws.placed_words))
"""


def timed(cmd: list) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument(
        "--peer-python",
        default=os.environ.get("WSG_PYTHON"),
        help="a Python with word-search-generator installed ($WSG_PYTHON)",
    )
    args = ap.parse_args()
    dlxc = shutil.which("dlxc") or sys.exit("dlxc is not on PATH")
    rows = {"dlxc": [], "word-search-generator": []}
    placed = {"dlxc": 20, "word-search-generator": None}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(1, args.rounds + 1):
            wall, cpu, _ = timed(
                [
                    dlxc,
                    "wordsearch",
                    "15x15",
                    "--words",
                    str(WORDS),
                    "--seed",
                    str(k),
                    "--format",
                    "pdf",
                    "-q",
                    "-o",
                    f"{tmp}/dlxc-{k}.pdf",
                ]
            )
            rows["dlxc"].append((wall, cpu))
            if args.peer_python:
                wall, cpu, out = timed(
                    [args.peer_python, "-c", PEER, str(WORDS), f"{tmp}/wsg-{k}.pdf"]
                )
                rows["word-search-generator"].append((wall, cpu))
                placed["word-search-generator"] = min(
                    int(out), placed["word-search-generator"] or 20
                )
    print(f"15x15, 20 words, two-page PDF, {args.rounds} rounds (medians):")
    med = {}
    for name, runs in rows.items():
        if not runs:
            print(f"  {name:22s} not run (give --peer-python)")
            continue
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        med[name] = (wall, cpu)
        print(
            f"  {name:22s} wall {wall:.3f} s  cpu {cpu:.3f} s  words placed "
            f"(fewest of the rounds): {placed[name]}"
        )
    if len(med) == 2:
        (dw, dc), (pw, pc) = med["dlxc"], med["word-search-generator"]
        print(f"  ratio dlxc / peer: wall {dw / pw:.2f}, cpu {dc / pc:.2f}")


if __name__ == "__main__":
    main()
