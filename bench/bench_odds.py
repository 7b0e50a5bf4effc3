"""Benchmark exact draw odds (dlxc.models.odds) on a mid-game position.

For leaves of 0 to 6 tiles kept from the rack INPRRT? of the position

    11RAZE/13E1/8R4D1/7PACKERS1/7IT6/7BAY5/6FANE5/6AL1N5/6C8/5HE8/5IT8/5M9/15/15/15 INPRRT?/ 0/0 0

(61 tiles unseen, ENABLE), it reports the distinct racks to draw and the
draws they stand for, the seconds (wall and this process's CPU) of the
exact run without the board (the rack figure: a word of all seven tiles)
and with it (the move generator per rack: the bingo figure and the mean
best score), and the exact figures.  Then it measures how far an estimate
from a sample strays: MAGPIE's bingo odds come from 14 sampled racks, so
for each leave it draws ``--reps`` samples of 14 racks (seeded) and reports
the mean and the 95th percentile of the absolute error of the estimate
against the exact value, for the rack figure (and, with --board-samples,
for the board's bingo figure), beside the standard error
sqrt(p(1-p)/14) and the samples a 0.001 standard error would need.

Usage: ``python bench/bench_odds.py [--leaves 6,5,4,3,2] [--no-board]
[--reps 1000] [--board-samples 200] [--seed 1] [--json]``.  Leaves of 0
and 1 tiles (816,832 and 233,759 racks) take minutes with the board; give
them in --leaves to include them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dlxc  # noqa: E402
from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models import cgp, odds  # noqa: E402
from dlxc.models.scrabble import MoveFinder  # noqa: E402

CGP = (
    "11RAZE/13E1/8R4D1/7PACKERS1/7IT6/7BAY5/6FANE5/6AL1N5/6C8/5HE8/5IT8/5M9/15/15/15 "
    "INPRRT?/ 0/0 0 lex enable;"
)
LEAVES = {6: "INPRT?", 5: "INRT?", 4: "INRT", 3: "NRT", 2: "RT", 1: "R", 0: ""}
SAMPLE = 14  # racks per estimate, as MAGPIE draws them


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--leaves", default="6,5,4,3,2", help="leave sizes, from 0 to 6")
    ap.add_argument("--no-board", action="store_true", help="the rack figure only")
    ap.add_argument("--reps", type=int, default=1000, help="14-rack samples per leave")
    ap.add_argument(
        "--board-samples", type=int, default=0, help="14-rack samples judged on the board"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    path = Path(dlxc.__file__).parent / "puzzles" / "words" / "enable.txt"
    t = time.perf_counter()
    lex = Lexicon.from_word_file(path)
    finder = MoveFinder(lex)
    position = cgp.parse(CGP)
    board = finder.board("\n".join(position.board))
    rack = finder.rack(position.rack)
    pool = odds.unseen(finder, board, rack)
    table = odds.AnagramTable(finder)
    for blanks in (1, 2):
        table.has((0,) * blanks + (1,) * (7 - blanks))  # build the blank keys now
    setup = time.perf_counter() - t
    print(
        f"setup (ENABLE, {table.words():,} seven-letter keys and their blank keys): "
        f"{setup:.2f} s; load {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
    )
    rng = random.Random(args.seed)
    tiles = [c for c, n in enumerate(pool) for _ in range(n)]
    rows = []
    for size in [int(x) for x in args.leaves.split(",")]:
        kept = finder.rack(LEAVES[size])
        leave = [c for c, n in enumerate(kept) for _ in range(n)]
        row: dict = {"leave": LEAVES[size] or "-", "tiles": size}
        for with_board in [False] if args.no_board else [False, True]:
            job = odds.DrawOdds(finder, leave, pool, board if with_board else None, table)
            load = os.getloadavg()[0]
            w, c = time.perf_counter(), time.process_time()
            res = job.run()
            w, c = time.perf_counter() - w, time.process_time() - c
            key = "board" if with_board else "rack"
            row.update(racks=res.racks, draws=res.ways, anagram=float(res.anagram))
            row[f"{key}_wall_s"] = round(w, 3)
            row[f"{key}_cpu_s"] = round(c, 3)
            row[f"{key}_load"] = round(load, 2)
            if with_board:
                row["bingo"] = float(res.bingo) if res.bingo is not None else None
                row["best_score"] = float(res.best_score) if res.best_score is not None else None
        p = row["anagram"]
        errors = []
        draw = 7 - size
        for _ in range(args.reps):
            hits = sum(
                table.has(tuple(sorted(leave + rng.sample(tiles, draw)))) for _ in range(SAMPLE)
            )
            errors.append(abs(hits / SAMPLE - p))
        row["sample_err_mean"] = round(statistics.fmean(errors), 4)
        row["sample_err_p95"] = round(sorted(errors)[int(0.95 * len(errors))], 4)
        row["sample_se"] = round(math.sqrt(p * (1 - p) / SAMPLE), 4)
        row["samples_for_se_0.001"] = math.ceil(p * (1 - p) / 1e-6)
        if args.board_samples and "bingo" in row:
            job = odds.DrawOdds(finder, leave, pool, board, table)
            q = row["bingo"]
            memo: dict = {}
            errs = []
            for _ in range(args.board_samples):
                hits = 0
                for _ in range(SAMPLE):
                    r = tuple(sorted(leave + rng.sample(tiles, draw)))
                    if r not in memo:
                        memo[r] = job.board_figures(board, r)[1]
                    hits += memo[r]
                errs.append(abs(hits / SAMPLE - q))
            row["board_sample_err_mean"] = round(statistics.fmean(errs), 4)
            row["board_sample_err_p95"] = round(sorted(errs)[int(0.95 * len(errs))], 4)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    if args.json:
        print(json.dumps(rows))
        return
    head = (
        f"{'leave':8} {'racks':>8} {'draws':>11} {'rack s':>7} {'cpu':>6} {'board s':>8} "
        f"{'cpu':>7} {'P(word)':>8} {'P(bingo)':>8} {'E[best]':>7} {'14-err':>6} {'p95':>5}"
    )
    print(head)
    for r in rows:
        print(
            f"{r['leave']:8} {r['racks']:>8,} {r['draws']:>11,} {r['rack_wall_s']:>7.2f} "
            f"{r['rack_cpu_s']:>6.2f} {r.get('board_wall_s', float('nan')):>8.2f} "
            f"{r.get('board_cpu_s', float('nan')):>7.2f} {r['anagram']:>8.4f} "
            f"{r.get('bingo') or float('nan'):>8.4f} {r.get('best_score') or float('nan'):>7.2f} "
            f"{r['sample_err_mean']:>6.3f} {r['sample_err_p95']:>5.3f}"
        )


if __name__ == "__main__":
    main()
