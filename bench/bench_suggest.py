"""Suggestions for a slot (``dlxc crossword suggest``): how long until every
one of the top 50 words of a slot is decided (fillable or unfillable), per
slot, over the slots of several 15x15 grids, with the default list and with
a 64k list given by --american (Debian's american-english filtered to
lower-case a-z words).

Grids: the shipped American 15x15 with two 15-letter theme entries written
in (rows 3 and 13: see ``themed``), and the patterns of ``dlxc crossword grid 15x15
--seed S`` for S in --seeds (no theme).  In-process, one ``Suggester`` per
grid and list (built once, as an editor would keep it; its build time is
printed apart) and for each slot ``suggest(slot, top=50, counts=False)``
with a budget of --budget seconds: the wall and CPU seconds to decide the
top 50 (or to the budget), median, 95th percentile and maximum over the
slots, and the number of slots left with undecided words.  Then
--commands slots as the whole command (``dlxc crossword suggest GRID
--slot ...``, start-up and reading the list included) with the default
budget of 1 s: wall seconds and the words decided.  The load average
(``uptime``) is printed at the start and the end: the machine may be shared.

    python bench/bench_suggest.py --american PEERS/words/american-lower.txt
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DLXC = str(Path(sys.executable).parent / "dlxc")  # the command of this venv
sys.path.insert(0, str(ROOT))

from dlxc.crossword.wordlist import (  # noqa: E402
    banned_words,
    default_word_list,
    read_word_list,
    without,
)
from dlxc.models.crossword.fill import Filler, FillStopped, parse_grid  # noqa: E402
from dlxc.models.crossword.suggest import UNKNOWN, Suggester  # noqa: E402


def load() -> str:
    a, b, c = os.getloadavg()
    return f"load average {a:.2f} {b:.2f} {c:.2f}"


def themed(pool, backend):
    """The shipped 15x15 with two theme entries a fill from ``pool`` keeps:
    the first pair of the list's 8 best-scored 15-letter words that fills
    within 4,000 nodes, else of 40 pairs drawn from all of them (seed 1);
    None if none does."""
    import random

    rows = (ROOT / "dlxc/puzzles/crossword/american-15x15.txt").read_text().split()
    long = sorted(
        (i for i, w in enumerate(pool.words) if len(w) == 15),
        key=lambda i: -pool.scores[i],
    )
    words = [pool.words[i] for i in long]
    pairs = [(a, b) for a in words[:8] for b in words[:8] if a < b]
    rng = random.Random(1)
    pairs += [tuple(rng.sample(words, 2)) for _ in range(40)] if len(words) > 1 else []
    for a, b in pairs:
        trial = list(rows)
        trial[2], trial[12] = a, b
        g = parse_grid("\n".join(trial))
        f = Filler(g, pool, backend=backend)
        try:
            if f.empty_slots():
                continue
            if f.first(node_limit=4000) is not None:
                print(f"theme entries: {a}, {b}", flush=True)
                return g
        except FillStopped:
            pass
        finally:
            f.close()
    print("no pair of 15-letter theme entries filled: no themed grid", flush=True)
    return None


def designed(seed: int):
    out = subprocess.run(
        [DLXC, "crossword", "grid", "15x15", "--seed", str(seed), "-q"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return parse_grid(out)


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def in_process(name, grid, pool, budget, backend, every):
    t0, c0 = time.perf_counter(), time.process_time()
    sg = Suggester(grid, pool, backend=backend)
    build = (time.perf_counter() - t0, time.process_time() - c0)
    walls, cpus, undecided, in_wall, in_cpu, shown = [], [], 0, [], [], 0
    try:
        for slot in grid.slots[::every]:
            t0, c0 = time.perf_counter(), time.process_time()
            res = sg.suggest(slot, top=50, budget=budget, counts=False, blocking=False)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            sug = res.suggestions
            undecided += any(s.status == UNKNOWN for s in sug)
            shown += len(sug)
            # the words decided within 1 s (wall, and CPU of this process)
            in_wall.append(sum(1 for s in sug if s.seconds is not None and s.seconds <= 1.0))
            in_cpu.append(sum(1 for s in sug if s.cpu is not None and s.cpu <= 1.0))
    finally:
        sg.close()
    print(
        f"{name:<28} {len(walls)} slots, build {build[0]:.3f} s wall / {build[1]:.3f} s CPU\n"
        f"  to decide the top 50 (or to the {budget:g} s budget): wall median "
        f"{statistics.median(walls):.3f} p95 {pct(walls, 0.95):.3f} max {max(walls):.3f}; "
        f"CPU median {statistics.median(cpus):.3f} p95 {pct(cpus, 0.95):.3f} max "
        f"{max(cpus):.3f}; slots left with undecided words: {undecided}\n"
        f"  decided within 1 s: {sum(in_wall)} of {shown} words (wall; per slot min "
        f"{min(in_wall)} median {statistics.median(in_wall)}), {sum(in_cpu)} of {shown} "
        f"(CPU; per slot min {min(in_cpu)} median {statistics.median(in_cpu)})",
        flush=True,
    )
    return walls, cpus


def as_command(name, grid, word_file, slots, backend):
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.txt"
        path.write_text("\n".join(grid.rows) + "\n")
        walls, decided = [], []
        for slot in slots:
            cmd = [DLXC, "crossword", "suggest", str(path)]
            cmd += ["--slot", f"{slot.number}{slot.direction[0].upper()}", "--json"]
            if word_file:
                cmd += ["-w", word_file]
            if backend:
                cmd += ["--backend", backend]
            t0 = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True)
            walls.append(time.perf_counter() - t0)
            doc = json.loads(out.stdout)
            decided.append(sum(1 for s in doc["suggestions"] if s["status"] != UNKNOWN))
        print(
            f"{name:<28} command, {len(walls)} slots: wall median "
            f"{statistics.median(walls):.3f} max {max(walls):.3f}; top-50 words decided "
            f"per slot: min {min(decided)} median {statistics.median(decided)}",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--american", help="a 64k plain word list (a-z words)")
    ap.add_argument("--seeds", default="1,2,3", help='designed patterns\' seeds ("": none)')
    ap.add_argument("--budget", type=float, default=10.0, help="per slot, in-process")
    ap.add_argument("--every", type=int, default=1, help="every Nth slot only")
    ap.add_argument("--commands", type=int, default=4, help="slots run as the command")
    ap.add_argument("--backend", default=None)
    ap.add_argument("--no-default", action="store_true", help="skip the default list")
    args = ap.parse_args()
    print(load(), flush=True)
    lists = [] if args.no_default else [("default", None)]
    if args.american:
        lists.append(("american", args.american))
    for list_name, path in lists:
        pool = default_word_list() if path is None else read_word_list(path)
        pool, _ = without(pool, banned_words())
        theme = themed(pool, args.backend)
        grids = [] if theme is None else [("american-15x15+theme", theme)]
        grids += [(f"grid-15x15-seed{s}", designed(int(s))) for s in args.seeds.split(",") if s]
        for name, grid in grids:
            label = f"{name}/{list_name}"
            in_process(label, grid, pool, args.budget, args.backend, args.every)
            step = max(1, len(grid.slots) // max(1, args.commands))
            as_command(label, grid, path, grid.slots[::step][: args.commands], args.backend)
    print(load(), flush=True)


if __name__ == "__main__":
    main()
