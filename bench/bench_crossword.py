"""Crossword benchmarks: dlxc's layout generator and grid fill beside their
peers, alternating, several rounds, medians and ratios.

Layout: a pool of 80,000 ENABLE words (a seeded
sample of the list given by --enable) in 79x79 bounds and, symmetric, in
93x93; the 20 and 100 everyday words of dlxc/puzzles/words/.  Timed in-process
(read, lay out, check) and as the whole command (``dlxc crossword layout``,
with Python's start-up).  The peer is genxword's layout engine
(``genxword.calculate.Crossword``, pip-installed beside dlxc; only its PDF
export needs cairo/gi, which are stubbed out) with its 1 s budget.

Density: letter cells over the board's area on the 20, 50 and 100 sample
words, every word placed: dlxc's default layout and ``--compact`` beside
genxword (its own grid size for the list, 1 s budget), which runs in a venv
of its own (``--genxword-python``; ``pip install --no-deps genxword``: its
PDF export needs cairo/gi, stubbed out).

Fill: ``dlxc crossword fill`` on the shipped American 15x15 grid (72 slots) with
ENABLE and with a list given by --american (Debian's american-english
filtered to lowercase a-z words), and the unfillable 5x5, each against
Qxw's batch mode (``qxw -b -d LIST deck``; the deck lists each slot's cells),
as whole commands (wall time, loading the list included).

    python bench/bench_crossword.py --enable PEERS/words/enable2k.txt \\
        --american PEERS/words/american-lower.txt --qxw /usr/games/qxw

Quality (``--only quality``): ``dlxc crossword fill`` from its default
list on the shipped 15x15, the three 15x15 patterns of ``dlxc crossword grid
15x15 --seed 1/2/3``, the three 21x21 patterns of ``grid 21x21 --seed
1/2/3`` and bench/grids/american-21x21.txt (the seed-1 21x21 pattern of an
earlier version, with longer entries), each scored with a measuring list
given by --measure (``word;score``, scores times --measure-scale onto 0-50:
use a list dlxc may not ship, for measuring only): the mean, and the entries
the list lacks or scores below 40.  Beside it, on the same grids, Qxw
(``qxw -b`` with the default list's words, unscored) and blacksquare
(``Crossword.fill`` from the measuring list itself, if it is installed;
its fill time without loading the list), each scored the same way.  The
patterns of ``dlxc crossword grid 15x15 --seed S`` (S = 1, 2, 3) come with
the time the command took to design and check them.

    python bench/bench_crossword.py --only quality --qxw /usr/games/qxw \
        --measure PEERS/stwl.dict --blacksquare-python PEERS/bsq-venv/bin/python

More of the quality run: ``--seeds 1,2,...`` for rates (the run ends with
the number of fills at the mark, a measured mean of 48 or more with at most
2 weak entries, per grid and list); ``--nodes N`` for fills that depend on
the seed alone; ``--lists A,B`` fills from other ``word;score`` lists too;
``--oracle`` fills from the default list's entries that the measuring list
scores 40 or more (what the default list's words give when its scores agree
with the measuring list's); ``--grids american-15x15,grid-21x21-2,...``
runs only those grids (the others are not designed).

The measuring list is Spread the Wordlist as blacksquare's GitHub
repository ships it (pmaher86/blacksquare, src/blacksquare/spreadthewordlist.npz,
commit 11292ea; scores 0-1 in steps of 0.2; no PyPI release ships it),
written out as ``WORD;score`` with the score times 50 (0-50) by numpy:
``for w, s in zip(d["words"], d["scores"]): print(f"{w};{round(s * 50)}")``
with ``d = numpy.load(".../spreadthewordlist.npz")``.  It is CC BY-NC-SA:
for measuring only, never part of dlxc.  blacksquare (PyPI, 0.10.0) runs in
a venv of its own (``--blacksquare-python``) and fills from that list.

Fill race (``--only fill``): ``--cpu-cap 240`` caps each fill at 240 CPU
seconds (RLIMIT_CPU) rather than 240 wall seconds, a fair cap on a loaded
machine.

The machine may be shared: compare the ratios of one run, not figures
across runs.
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
import types
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
try:  # the installed dlxc (a plain install, or an editable one)
    import dlxc  # noqa: F401
except ImportError:  # else the checkout this script is in
    sys.path.insert(0, str(ROOT))

from dlxc.crossword import engine  # noqa: E402
from dlxc.crossword.wordlist import read_word_list  # noqa: E402
from dlxc.models.crossword.fill import read_grid  # noqa: E402
from dlxc.models.crossword.layout import default_side, make_layout  # noqa: E402

DLXC = [str(Path(sys.executable).parent / "dlxc")]
GRID15 = ROOT / "dlxc" / "puzzles" / "crossword" / "american-15x15.txt"
UNFILLABLE = ROOT / "dlxc" / "puzzles" / "crossword" / "unfillable-5x5.txt"
COMMON20 = ROOT / "dlxc" / "puzzles" / "words" / "common20.txt"
COMMON100 = ROOT / "dlxc" / "puzzles" / "words" / "common100.txt"


def wall(cmd, **kw) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    res = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return time.perf_counter() - t, res


def children_cpu() -> float:
    """User + system CPU seconds of this process's finished children."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def timed(
    cmd, timeout: float, cpu_cap: Optional[float] = None
) -> tuple[float, float, Optional[subprocess.CompletedProcess]]:
    """(wall seconds, CPU seconds, the result or None when killed) of one
    command; a command past ``timeout`` wall seconds, or past ``cpu_cap``
    CPU seconds (RLIMIT_CPU: a fair cap on a loaded machine), is killed
    (its CPU time still counts)."""

    def limit() -> None:
        if cpu_cap is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (int(cpu_cap), int(cpu_cap) + 2))

    t, c = time.perf_counter(), children_cpu()
    try:
        res: Optional[subprocess.CompletedProcess] = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, preexec_fn=limit
        )
        if res.returncode < 0:  # killed by a signal: the CPU cap
            res = None
    except subprocess.TimeoutExpired:
        res = None
    return time.perf_counter() - t, children_cpu() - c, res


def median(xs):
    return statistics.median(xs) if xs else float("nan")


# ------------------------------------------------------------------ layout


def sample_enable(path: str, n: int, seed: int = 2024) -> Path:
    words = [w for w in read_word_list(path).words]
    pick = sorted(random.Random(seed).sample(range(len(words)), n))
    out = Path(tempfile.gettempdir()) / f"enable-{n}-{seed}.txt"
    out.write_text("\n".join(words[i] for i in pick) + "\n")
    return out


def genxword_layout(words: list[str], side: int, budget: float):
    for name in ("gi", "cairo", "gi.repository"):
        mod = types.ModuleType(name)
        mod.require_version = lambda *a: None  # type: ignore[attr-defined]
        mod.Pango = mod.PangoCairo = None  # type: ignore[attr-defined]
        sys.modules.setdefault(name, mod)
    from genxword.calculate import Crossword  # type: ignore

    xw = Crossword(side, side, "-", [[w, ""] for w in sorted(words, key=len, reverse=True)])
    t = time.perf_counter()
    xw.compute_crossword(budget)
    return time.perf_counter() - t, len(xw.best_wordlist)


def bench_layout(args) -> None:
    print("== layout ==")
    cases = []
    if args.enable:
        pool80 = sample_enable(args.enable, 80_000)
        cases += [
            ("80k ENABLE, 79x79", pool80, (79, 79), False),
            ("80k ENABLE, 93x93 symmetric", pool80, (93, 93), True),
        ]
    cases += [
        ("20 everyday words", COMMON20, None, False),
        ("100 everyday words", COMMON100, None, False),
    ]
    for label, path, size, sym in cases:
        inproc, cli, placed, eng = [], [], [], []
        for r in range(args.rounds):
            t = time.perf_counter()
            pool = read_word_list(path)
            board = make_layout(pool, *(size or (None, None)), symmetric=sym, seed=r)
            inproc.append(time.perf_counter() - t)
            w, h = size or (default_side(pool), default_side(pool))
            t = time.perf_counter()
            engine().layout(pool.starts, pool.codes, len(pool.alphabet), w, h, sym, r)
            eng.append(time.perf_counter() - t)
            placed.append(len(board.placed))
            cmd = DLXC + ["crossword", "layout", "-w", str(path), "--seed", str(r), "-q"]
            if size:
                cmd += ["--size", f"{size[0]}x{size[1]}"]
            if sym:
                cmd += ["--symmetric"]
            dt, res = wall(cmd)
            if res.returncode:
                raise SystemExit(res.stderr)
            cli.append(dt)
        print(
            f"{label}: placed {min(placed)}-{max(placed)} of {len(pool)} (seeds 0-"
            f"{args.rounds - 1}); engine (one seed) median {median(eng):.4f} s; "
            f"read+layout+check median {median(inproc):.4f} s; "
            f"whole command median {median(cli):.3f} s"
        )
        if not size and not args.no_genxword:
            try:
                side = max(board.width, board.height)
                runs = [genxword_layout(pool.words, side, 1.0) for _ in range(args.rounds)]
                print(
                    f"  genxword ({side}x{side}, 1 s budget): placed "
                    f"{min(n for _, n in runs)}-{max(n for _, n in runs)}, median "
                    f"{median([t for t, _ in runs]):.3f} s"
                )
            except ImportError as exc:
                print(f"  genxword unavailable: {exc}")


# ------------------------------------------------------------------ density

# genxword's own grid rule (genxword/control.py, grid_size) and its layout,
# run by the Python of the venv genxword lives in; prints
# "placed letter_cells grid_area bbox_area" for one seed.
GENXWORD_RUN = r"""
import json, random, sys, types
for name in ("gi", "cairo", "gi.repository"):
    mod = types.ModuleType(name)
    mod.require_version = lambda *a: None
    mod.Pango = mod.PangoCairo = None
    sys.modules.setdefault(name, mod)
from genxword.calculate import Crossword
words, seed = json.loads(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
wl = [[w, ""] for w in sorted(words, key=len, reverse=True)]
n = len(wl)
side = 17 if n <= 20 else (int(round((n - 20) / 8.0) * 2 + 19) if n <= 100 else 41)
if side <= len(wl[0][0]):
    side = len(wl[0][0]) + 2
xw = Crossword(side, side, "-", wl)
xw.compute_crossword(1.0)
cells = [(r, c) for r in range(side) for c in range(side) if xw.best_grid[r][c] != "-"]
rows = [r for r, _ in cells]
cols = [c for _, c in cells]
bbox = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
print(len(xw.best_wordlist), len(cells), side * side, bbox)
"""


def bench_density(args) -> None:
    """Letter cells over the board's area, every word placed: dlxc's
    --compact layout (the board cropped to its letters) beside genxword
    (its own grid size for the list, 1 s budget: density over that grid
    and over the box its letters fill)."""
    from dlxc.models.crossword.layout import compact_layout, density

    print("== density (letter cells / area) ==")
    pool100 = read_word_list(COMMON100)
    cases = [
        ("common20 (20 words)", read_word_list(COMMON20)),
        ("common100, first 50", pool100.filtered(range(50))),
        ("common100 (100 words)", pool100),
    ]
    for label, pool in cases:
        ours, times, placed = [], [], []
        for r in range(args.rounds):
            t = time.perf_counter()
            board = compact_layout(pool, seed=1000 * r)
            times.append(time.perf_counter() - t)
            ours.append(density(board))
            placed.append(len(board.placed))
        loose = [density(make_layout(pool, seed=1000 * r)) for r in range(args.rounds)]
        line = (
            f"{label}: dlxc default layout {min(loose):.3f}-{max(loose):.3f}; "
            f"dlxc --compact density {min(ours):.3f}-{max(ours):.3f} "
            f"(median {median(ours):.3f}), placed {min(placed)}-{max(placed)} of "
            f"{len(pool)}, median {median(times):.2f} s"
        )
        print(line)
        if args.genxword_python:
            runs = []
            for r in range(args.rounds):
                res = subprocess.run(
                    [args.genxword_python, "-c", GENXWORD_RUN, json.dumps(pool.words), str(r)],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                runs.append([int(x) for x in res.stdout.split()])
            grid_d = [c / g for _, c, g, _ in runs]
            box_d = [c / b for _, c, _, b in runs]
            print(
                f"  genxword: placed {min(p for p, *_ in runs)}-{max(p for p, *_ in runs)} "
                f"of {len(pool)}; density over its {int(runs[0][2] ** 0.5)}-square grid "
                f"{min(grid_d):.3f}-{max(grid_d):.3f}, over its letters' box "
                f"{min(box_d):.3f}-{max(box_d):.3f}"
            )


# ------------------------------------------------------------------ fill


def qxw_deck(grid_path: Path) -> Path:
    grid = read_grid(grid_path)
    ids = {}
    for r, row in enumerate(grid.rows):
        for c, ch in enumerate(row):
            if ch != "#":
                ids[(r, c)] = len(ids)
    lines = []
    for slot in grid.slots:
        cells = " ".join(f"{ids[rc]:03d}" for rc in slot.cells())
        given = [grid.rows[r][c] for r, c in slot.cells()]
        if any(ch != "." for ch in given):
            cells += " =" + "".join("?" if ch == "." else ch.upper() for ch in given)
        lines.append(cells)
    out = Path(tempfile.gettempdir()) / (grid_path.stem + ".qxd")
    out.write_text("\n".join(lines) + "\n")
    return out


def pattern_grids(seeds: list[int], entries: tuple[int, int]) -> list[Path]:
    """The patterns of ``dlxc crossword grid 15x15 --seed S --no-check`` for
    the seeds whose pattern has from entries[0] to entries[1] entries."""
    out = []
    for seed in seeds:
        res = subprocess.run(
            DLXC + ["crossword", "grid", "15x15", "--seed", str(seed), "--no-check", "-q"],
            capture_output=True,
            text=True,
            check=True,
        )
        path = Path(tempfile.gettempdir()) / f"dlxc-pattern-15x15-{seed}.txt"
        path.write_text(res.stdout)
        if entries[0] <= len(read_grid(path).slots) <= entries[1]:
            out.append(path)
    return out


def bench_fill(args) -> None:
    """Whole commands, one after the other, CPU time (user + system, the
    list's loading included) beside wall time: ``dlxc crossword fill``
    (seed = the round) and ``qxw -b`` (deterministic: the same fill each
    round), each killed at --fill-timeout."""
    print(
        "== fill (CPU s / wall s; timeout = killed at --fill-timeout wall seconds, "
        "or at --cpu-cap CPU seconds) =="
    )
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    lists = [("ENABLE", args.enable), ("american-english", args.american)]
    cases = [(GRID15, name, path) for name, path in lists if path]
    if args.american:  # standard 15x15 patterns of 72-78 entries: dlxc crossword grid's
        seeds = [int(x) for x in args.fill_seeds.split(",")]
        cases += [(p, "american-english", args.american) for p in pattern_grids(seeds, (72, 78))]
    if args.enable:
        cases.append((UNFILLABLE, "ENABLE", args.enable))
    cap = args.cpu_cap
    wall_cap = args.fill_timeout if cap is None else 50 * cap
    for grid, name, path in cases:
        ours, theirs = [], []
        for r in range(args.rounds):
            dt, cpu, res = timed(
                DLXC
                + ["crossword", "fill", str(grid), "-w", path, "--seed", str(r), "-q"]
                + ["--budget", "0", "--timeout", str(wall_cap)],
                wall_cap + 30,
                cap,
            )
            code = (
                "killed"
                if res is None
                else {0: "filled", 3: "no fill", 4: "timeout"}.get(
                    res.returncode, f"exit {res.returncode}"
                )
            )
            ours.append((cpu, dt, code))
            if args.qxw:
                deck = qxw_deck(grid)
                dt, cpu, q = timed([args.qxw, "-b", "-d", path, str(deck)], wall_cap, cap)
                qcode = "timeout" if q is None else "filled" if "W0 " in q.stdout else "no fill"
                theirs.append((cpu, dt, qcode))
        print(f"{grid.name} ({len(read_grid(grid).slots)} entries) / {name}:")
        for who, runs in (("dlxc", ours), ("qxw -b", theirs)):
            if runs:
                each = "; ".join(f"{c:.2f}/{w:.2f} {k}" for c, w, k in runs)
                print(f"  {who}: {each} (median CPU {median([c for c, _, _ in runs]):.2f} s)")
        print(f"  load average now: {os.getloadavg()[0]:.2f}", flush=True)


# ------------------------------------------------------------------ quality

GRIDS = ROOT / "bench" / "grids"
DEFAULT_LIST = ROOT / "dlxc" / "models" / "wordlists" / "crossword-scored.txt"


def measure_list(path: str, scale: float) -> dict[str, float]:
    out = {}
    with open(path, encoding="latin-1") as f:
        for line in f:
            word, _, score = line.strip().partition(";")
            if word.isalpha() and score:
                out.setdefault(word.lower(), float(score) * scale)
    return out


def measured(words: list[str], measure: dict[str, float]) -> tuple[float, int]:
    """A fill's measured mean (an entry the list lacks counts 0) and its weak
    entries (those the measuring list lacks or scores under 40)."""
    values = [measure.get(w, 0.0) for w in words]
    low = sum(1 for w in words if measure.get(w, -1) < 40)
    return sum(values) / len(values), low


def rate(words: list[str], measure: dict[str, float]) -> str:
    mean, low = measured(words, measure)
    return f"mean {mean:.1f}, {low} lacking or under 40"


def qxw_fill(qxw: str, grid_path: Path, words_path: Path, timeout: float):
    deck = qxw_deck(grid_path)
    _, cpu, res = timed([qxw, "-b", "-d", str(words_path), str(deck)], timeout)
    out = res.stdout if res is not None else ""
    words = [line.split()[1].lower() for line in out.splitlines() if line.startswith("W")]
    return cpu, words


def blacksquare_fill(grid_path: Path, list_path: str, timeout: float, python: str):
    """blacksquare's fill (its Rust solver) from ``list_path``: (fill time
    without loading the list, the words), or (..., None) when it failed."""
    code = (
        "import sys, time\n"
        "from blacksquare import Crossword, BLACK, EMPTY, WordList\n"
        "rows = open(sys.argv[1]).read().split()\n"
        "g = [[BLACK if ch == '#' else EMPTY for ch in row] for row in rows]\n"
        "xw = Crossword(grid=g, word_list=WordList(sys.argv[2]))\n"
        "t = time.perf_counter()\n"
        "f = xw.fill(timeout=float(sys.argv[3]), show_progress=False)\n"
        "print(time.perf_counter() - t)\n"
        "for w in (f.iterwords() if f else []): print(str(w.value))\n"
    )
    try:
        _, res = wall(
            [python, "-c", code, str(grid_path), list_path, str(timeout)],
            timeout=timeout + 60,
        )
    except subprocess.TimeoutExpired:
        return timeout, []
    if res.returncode:
        return 0.0, None
    lines = res.stdout.split()
    return float(lines[0]), [w.lower() for w in lines[1:]]


def at_mark(words: list[str], measure: dict[str, float]) -> bool:
    """The issue's mark: a measured mean of 48 or more, at most 2 entries
    the measuring list lacks or scores under 40."""
    mean, low = measured(words, measure)
    return mean >= 48 and low <= 2


def quality_grids(args, tmp: Path) -> list[Path]:
    """The grids of the quality run, those ``--grids`` names if given:
    american-15x15, grid-15x15-S and grid-21x21-S (S = 1, 2, 3: designed
    here, with the time), american-21x21."""
    wanted = set(args.grids.split(",")) if args.grids else None
    grids = [GRID15] if wanted is None or "american-15x15" in wanted else []
    for size in ("15x15", "21x21"):
        for seed in (1, 2, 3):
            if wanted is not None and f"grid-{size}-{seed}" not in wanted:
                continue
            dt, cpu, res = timed(DLXC + ["crossword", "grid", size, "--seed", str(seed)], 600)
            assert res is not None
            path = tmp / f"grid-{size}-{seed}.txt"
            path.write_text(res.stdout)
            grids.append(path)
            print(
                f"dlxc crossword grid {size} --seed {seed}: {cpu:.2f} s CPU, {dt:.2f} s wall; "
                f"{res.stderr.strip()}"
            )
    if wanted is None or "american-21x21" in wanted:
        grids.append(GRIDS / "american-21x21.txt")
    return grids


def dlxc_quality_fill(grid: Path, words: Optional[str], limit: list[str], seed: str):
    """``dlxc crossword fill`` of ``grid`` (from ``words``, default the
    default list) with ``limit`` (``--budget B`` or ``--nodes N``): (wall,
    CPU, its JSON or None)."""
    cmd = DLXC + ["crossword", "fill", str(grid)] + (["-w", words] if words else [])
    cmd += limit + ["--seed", seed, "--format", "json", "-q"]
    dt, cpu, res = timed(cmd, 600)
    doc = json.loads(res.stdout) if res is not None and res.returncode == 0 else None
    return dt, cpu, doc


def bench_quality(args) -> None:
    print("== quality (default list) ==")
    measure = measure_list(args.measure, args.measure_scale) if args.measure else None
    tmp = Path(tempfile.mkdtemp(prefix="dlxc-quality-"))
    grids = quality_grids(args, tmp)
    oracle = tmp / "dlxc-default-oracle.txt"
    if measure and args.oracle:
        oracle.write_text(
            "".join(
                line + "\n"
                for line in DEFAULT_LIST.read_text().splitlines()
                if line and not line.startswith("#") and measure.get(line.split(";")[0], 0) >= 40
            )
        )
    plain = tmp / "dlxc-default-words.txt"
    plain.write_text(
        "".join(
            line.split(";")[0] + "\n"
            for line in DEFAULT_LIST.read_text().splitlines()
            if line and not line.startswith("#")
        )
    )
    limits = (
        [["--nodes", args.nodes]]
        if args.nodes
        else [["--budget", b] for b in args.budgets.split(",")]
    )
    sources: list[tuple[str, Optional[str]]] = [("default list", None)]
    sources += [(Path(p).name, p) for p in args.lists.split(",")] if args.lists else []
    if measure and args.oracle:
        sources.append(("the default list's entries the measuring list scores 40+", str(oracle)))
    marks: dict[tuple[str, str, str], list[bool]] = {}
    for grid in grids:
        for (name, words), limit, seed in [
            (src, lim, s) for src in sources for lim in limits for s in args.seeds.split(",")
        ]:
            dt, cpu, doc = dlxc_quality_fill(grid, words, limit, seed)
            how = " ".join(limit)
            if doc is None:
                print(f"{grid.name}: dlxc ({name}) {how} --seed {seed}: no fill")
                continue
            filled = [e["word"] for e in doc["entries"]]
            line = (
                f"{grid.name}: dlxc ({name}) {how} --seed {seed}: {cpu:.2f} s CPU, "
                f"{dt:.2f} s wall, own score mean "
                f"{doc['score']['mean']:.1f} lowest {doc['score']['lowest']}"
            )
            if measure:
                line += "; measured " + rate(filled, measure)
                marks.setdefault((grid.name, name, how), []).append(at_mark(filled, measure))
            print(line, flush=True)
        if measure and args.fill_from_measure:
            # what the search does with the measuring list itself: the limit
            # of the default list's words, not of the search
            dt, cpu, doc = dlxc_quality_fill(grid, args.measure, limits[-1], "1")
            if doc is not None:
                filled = [e["word"] for e in doc["entries"]]
                print(
                    f"{grid.name}: dlxc -w (the measuring list) --seed 1: {cpu:.2f} s CPU; "
                    f"measured {rate(filled, measure)}"
                )
        if args.qxw:
            dt, filled = qxw_fill(args.qxw, grid, plain, args.peer_timeout)
            line = f"{grid.name}: qxw -b (default list, unscored): {dt:.2f} s CPU"
            if filled and measure:
                line += "; measured " + rate(filled, measure)
            print(line if filled else line + ", no fill")
        if not args.measure or args.no_blacksquare:
            continue
        dt, filled = blacksquare_fill(
            grid, args.measure, args.peer_timeout, args.blacksquare_python
        )
        if filled is None:
            print(f"{grid.name}: blacksquare not installed or failed")
        else:
            line = f"{grid.name}: blacksquare (the measuring list): {dt:.3f} s wall fill"
            if filled and measure:
                line += "; measured " + rate(filled, measure)
            print(line if filled else line + ", no fill")
    if marks:
        print("fills at the mark (measured mean 48 or more, at most 2 weak entries):")
        for (grid_name, name, how), hits in marks.items():
            print(f"  {grid_name}, dlxc ({name}) {how}: {sum(hits)} of {len(hits)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--enable", default=os.environ.get("DLXC_ENABLE"), help="ENABLE word list (one word a line)"
    )
    ap.add_argument(
        "--american",
        default=os.environ.get("DLXC_AMERICAN"),
        help="american-english filtered to lowercase a-z words",
    )
    ap.add_argument("--qxw", default=os.environ.get("DLXC_QXW"), help="the qxw binary")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-genxword", action="store_true")
    ap.add_argument(
        "--genxword-python",
        default=os.environ.get("DLXC_GENXWORD_PYTHON"),
        help="the Python of a venv with genxword (pip install --no-deps genxword), "
        "for the density comparison",
    )
    ap.add_argument("--only", choices=["layout", "density", "fill", "quality"], default=None)
    ap.add_argument("--measure", default=None, help="a word;score list to score fills with")
    ap.add_argument("--measure-scale", type=float, default=1.0, help="its scores times this")
    ap.add_argument("--peer-timeout", type=float, default=120.0)
    ap.add_argument(
        "--fill-from-measure",
        action="store_true",
        help="also fill each grid from the --measure list (seed 1, the last budget)",
    )
    ap.add_argument(
        "--oracle",
        action="store_true",
        help="also fill each grid from the default list's entries the --measure list "
        "scores 40 or more, with their default scores (what the default list's words "
        "give when its scores agree with the measuring list)",
    )
    ap.add_argument("--budgets", default="1,3", help="the --budget values of dlxc's quality fills")
    ap.add_argument(
        "--nodes", default=None, help="dlxc's quality fills with --nodes N instead of --budgets"
    )
    ap.add_argument("--seeds", default="1,2,3", help="the --seed values of dlxc's quality fills")
    ap.add_argument(
        "--lists",
        default=None,
        help="also fill each grid from these word;score lists (comma-separated paths)",
    )
    ap.add_argument(
        "--grids",
        default=None,
        help="only these quality grids (comma-separated): american-15x15, "
        "grid-15x15-S and grid-21x21-S for S = 1, 2, 3, american-21x21",
    )
    ap.add_argument("--no-blacksquare", action="store_true", help="leave blacksquare out")
    ap.add_argument("--fill-timeout", type=float, default=240.0, help="per fill, both programs")
    ap.add_argument(
        "--cpu-cap",
        type=float,
        default=None,
        help="cap each fill of the race at this many CPU seconds instead (RLIMIT_CPU)",
    )
    ap.add_argument(
        "--blacksquare-python",
        default=os.environ.get("DLXC_BLACKSQUARE_PYTHON", sys.executable),
        help="the Python of a venv with blacksquare (pip install blacksquare)",
    )
    ap.add_argument(
        "--fill-seeds",
        default="1,4,5,6,9",
        help="the seeds of the 15x15 patterns (kept if they have 72-78 entries) of the fill race",
    )
    args = ap.parse_args()
    if args.only in (None, "layout"):
        bench_layout(args)
    if args.only in (None, "density"):
        bench_density(args)
    if args.only in (None, "fill"):
        bench_fill(args)
    if args.only in (None, "quality"):
        bench_quality(args)


if __name__ == "__main__":
    main()
