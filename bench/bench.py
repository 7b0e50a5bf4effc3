"""Count a set of problems with each backend and print a table.

    python bench/bench.py [--runs 5] [--big] [--markdown]

Each figure is the median wall time of --runs counts (these machines are
shared and noisy: read ratios, not single numbers).  Solutions and nodes
are printed too, so a table is also a check that the tree did not change.
--big adds the 8x8 word search (C only, seconds per run).  A last section
times iteration: solutions per second delivered to Python by
problem.solutions() on the 7x7 word search.
"""

from __future__ import annotations

import argparse
import statistics
import time

import dlxc
from dlxc.models.classic import dominoes, langford, queens
from dlxc.models.wordsearch import word_search_problem

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]


def problems(big: bool):
    """(name, builder, backends) in order of size."""
    rows = [
        (
            "ABEL+LAND 4x4 EWSN",
            lambda: word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN"),
            ("c", "python"),
        ),
        ("8 queens", lambda: queens(8), ("c", "python")),
        ("10 queens", lambda: queens(10), ("c", "python")),
        ("Langford n=8", lambda: langford(8), ("c", "python")),
        ("dominoes 6x6", lambda: dominoes(6, 6), ("c", "python")),
        ("word search 6x6", lambda: word_search_problem(6, 6, WORDS), ("c", "python")),
        ("word search 7x7", lambda: word_search_problem(7, 7, WORDS), ("c",)),
        ("12 queens", lambda: queens(12), ("c",)),
    ]
    if big:
        rows.append(("word search 8x8", lambda: word_search_problem(8, 8, WORDS), ("c",)))
    return rows


def time_count(problem, backend, runs):
    times = []
    stats = None
    for _ in range(runs):
        t0 = time.perf_counter()
        with problem.search(backend=backend) as s:
            s.count()
            stats = s.stats
        times.append(time.perf_counter() - t0)
    return stats, statistics.median(times)


def time_iteration(problem, runs):
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        n = 0
        for _sol in problem.solutions(backend="c"):
            n += 1
        rates.append(n / (time.perf_counter() - t0))
    return n, statistics.median(rates)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--big", action="store_true", help="add the 8x8 word search")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    backends = dlxc.available_backends()
    head = ("problem", "backend", "solutions", "nodes", "seconds")
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|---|---|---:|---:|---:|")
    else:
        print(f"{head[0]:<22} {head[1]:<7} {head[2]:>12} {head[3]:>12} {head[4]:>9}")
    for name, build, which in problems(args.big):
        problem = build()
        for backend in which:
            if backend not in backends:
                continue
            stats, secs = time_count(problem, backend, args.runs)
            if args.markdown:
                print(
                    f"| {name} | {backend} | {stats.solutions:,} | {stats.nodes:,} | {secs:.3f} |"
                )
            else:
                print(
                    f"{name:<22} {backend:<7} {stats.solutions:>12,} {stats.nodes:>12,} "
                    f"{secs:>9.3f}"
                )
    if "c" in backends:
        n, rate = time_iteration(word_search_problem(7, 7, WORDS), max(1, args.runs // 2))
        print(
            f"\niteration: {n:,} solutions of the 7x7 word search, "
            f"median {rate / 1e6:.2f} million solutions/s delivered to Python"
        )


if __name__ == "__main__":
    main()
