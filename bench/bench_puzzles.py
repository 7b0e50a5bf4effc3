"""Measure the puzzle modelers against their targets.

    python bench/bench_puzzles.py [--runs 5] [--seeds 20] [--skip-cli] [--compare]

1. ``dlxc wordsearch 6x6 ABEL CANTOR GAUSS EULER --count``: wall time of
   the command, start-up included (median of --runs).
2. A 15x15 puzzle with the 20 words of dlxc/puzzles/words/common20.txt, all 8
   directions, seeds 0..19: wall time of the library call (WordSearch built
   afresh, then ``puzzle(seed)``) and of the CLI, median and maximum; every
   puzzle is checked here (each word read exactly once).
3. The 118 element names (dlxc/puzzles/words/elements.txt) in 32x32, 8
   directions: the same, over a few seeds.
4. ``dlxc wordrect 3x3`` over the 665 three-letter words: the engine's
   search seconds (median of --runs) and the command's wall time.
5. ``dlxc wordsearch 7x7 ABEL CANTOR GAUSS EULER --count --crossing``
   (every one of 9,664,704 layouts checked), and 8x8 with ``--jobs 1`` and
   ``--jobs 2``: wall times.
With --compare, and the package ``word-search-generator`` installed (it is
not a dependency of dlxc), how many words it places on the same inputs
(seeded through ``random.seed``, all 8 directions = its level 3).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import time
from pathlib import Path

from dlxc.models.wordrect import WordRectangle
from dlxc.models.words import read_entries
from dlxc.models.wordsearch import DIRECTIONS, WordSearch

ROOT = Path(__file__).resolve().parent.parent
WORDS = ROOT / "dlxc" / "puzzles" / "words"


def wall(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - t0


def dlxc(*args: str) -> list[str]:
    return ["dlxc", *args]


def check(puzzle) -> None:
    """Each word reads exactly once (not counting readings inside another
    word's placement), by scanning the grid in all 8 directions."""
    grid = puzzle.grid
    rows, cols = len(grid), len(grid[0])
    placed = {p.word: (frozenset(p.cells), p.letters) for p in puzzle.layout.placements}
    for word, (own, lets) in placed.items():
        found = set()
        for r in range(rows):
            for c in range(cols):
                for dr, dc in DIRECTIONS.values():
                    cells = [(r + dr * k, c + dc * k) for k in range(len(lets))]
                    if all(
                        0 <= a < rows and 0 <= b < cols and grid[a][b] == ch
                        for (a, b), ch in zip(cells, lets)
                    ):
                        found.add(frozenset(cells))
        extra = [
            f
            for f in found
            if f != own and not any(f <= other for w, (other, _) in placed.items() if w != word)
        ]
        if own not in found or extra:
            raise SystemExit(f"bad puzzle: {word} found {len(found)} times")


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.3f} s, max {max(times):.3f} s"


def puzzles(
    name: str, size: int, words: list[str], seeds: range, skip_cli: bool, file: Path
) -> None:
    lib = []
    for seed in seeds:
        t0 = time.perf_counter()
        p = WordSearch(size, size, words).puzzle(seed)
        lib.append(time.perf_counter() - t0)
        check(p)
    print(
        f"{name}: library, seeds {seeds.start}..{seeds.stop - 1}: {summary(lib)}; "
        f"all {len(words)} words placed, every puzzle checked"
    )
    if not skip_cli:
        cli = [
            wall(
                dlxc(
                    "wordsearch", f"{size}x{size}", "--words", str(file), "--seed", str(seed), "-q"
                )
            )
            for seed in seeds
        ]
        print(f"{name}: CLI wall time: {summary(cli)}")


def compare(words: list[str], size: int, seeds: range) -> None:
    try:
        from word_search_generator import WordSearch as Other
    except ImportError:
        print("word-search-generator is not installed: no comparison")
        return
    placed = []
    for seed in seeds:
        random.seed(seed)
        other = Other(" ".join(words), level=3, size=size)
        placed.append(len(other.placed_words))
    print(
        f"word-search-generator, {len(words)} words in {size}x{size}: placed "
        f"{statistics.mean(placed):.2f} on average over seeds {seeds.start}..{seeds.stop - 1} "
        f"(min {min(placed)}, max {max(placed)})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--element-seeds", type=int, default=5)
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--compare", action="store_true")
    args = ap.parse_args()

    # 1. the seed's count, start-up included
    times = [
        wall(dlxc("wordsearch", "6x6", "ABEL", "CANTOR", "GAUSS", "EULER", "--count"))
        for _ in range(args.runs)
    ]
    print(f"dlxc wordsearch 6x6 ABEL CANTOR GAUSS EULER --count: {summary(times)} wall")

    # 2. 20 common words in 15x15
    common, _ = read_entries(WORDS / "common20.txt")
    puzzles("15x15, 20 words", 15, common, range(args.seeds), args.skip_cli, WORDS / "common20.txt")

    # 3. the 118 elements in 32x32
    elements, _ = read_entries(WORDS / "elements.txt")
    puzzles(
        "32x32, 118 elements",
        32,
        elements,
        range(args.element_seeds),
        args.skip_cli,
        WORDS / "elements.txt",
    )

    # 4. word rectangles
    secs = []
    for _ in range(args.runs):
        wr = WordRectangle(3, 3, WORDS / "three-letter.txt")
        with wr.search() as run:
            n = run.count()
            secs.append(run.stats.seconds)
    assert n == 154_946, n
    print(f"wordrect 3x3, 665 words: {n} rectangles, search {summary(secs)}")
    if not args.skip_cli:
        times = [
            wall(dlxc("wordrect", "3x3", "--words", str(WORDS / "three-letter.txt"), "--count"))
            for _ in range(args.runs)
        ]
        print(f"dlxc wordrect 3x3 ... --count: {summary(times)} wall")

    # 5. crossing counts
    seed_words = ["ABEL", "CANTOR", "GAUSS", "EULER"]
    for size, jobs in (("7x7", "1"), ("8x8", "1"), ("8x8", "2")):
        cmd = dlxc("wordsearch", size, *seed_words, "--count", "--crossing", "--jobs", jobs)
        times, outs = [], set()
        for _ in range(max(1, args.runs // 2) if size == "8x8" else args.runs):
            t0 = time.perf_counter()
            outs.add(
                subprocess.run(
                    cmd, check=True, capture_output=True, text=True, cwd=ROOT
                ).stdout.strip()
            )
            times.append(time.perf_counter() - t0)
        out = " / ".join(sorted(outs))  # one count, unless something is wrong
        print(
            f"dlxc wordsearch {size} ... --count --crossing --jobs {jobs}: {out} layouts "
            f"cross, {summary(times)} wall"
        )

    if args.compare:
        compare(common, 15, range(args.seeds))
        compare(elements, 32, range(args.element_seeds))


if __name__ == "__main__":
    main()
