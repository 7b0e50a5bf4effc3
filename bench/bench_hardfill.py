"""Hard fills: dlxc's grid fill beside Qxw's batch fill on 50 15x15 patterns.

The patterns (bench/grids/hardfill/, written by ``--make-grids``, the same
files each time from the same seeds):

- ``shipped``: dlxc/puzzles/crossword/american-15x15.txt (72 entries);
- ``designed-S``: ``dlxc crossword grid 15x15 --seed S`` (S = 1..15, 38
  blocks, checked against the default list);
- ``blocksB-S``: ``dlxc crossword grid 15x15 --blocks B --seed S --no-check``
  (B = 32, 34, 36: fewer blocks, longer entries);
- ``open-K-S``: a pattern of this script's own design (a seeded random
  symmetric block placement that keeps an open K corner free of blocks
  -- 3x5, 5x3, 4x4, 5x5, or a stack of three 7-letter rows -- every entry 3
  letters or more, the open squares connected, 74 to 78 entries).

Each pattern is filled from a list (``--american``: Debian's
american-english filtered to lower-case a-z words, e.g.
PEERS/words/american-lower.txt, the same file for both tools, so capitals and
apostrophes are treated alike: words that have them are left out; ``--enable``:
ENABLE2K) by

- ``dlxc crossword fill GRID -w LIST --budget 0 --allow-all --seed 0`` (the
  first fill found: the like-for-like peer of Qxw's batch fill, which also
  stops at its first fill; ``--allow-all`` keeps the words dlxc's ban list
  would drop, so both tools fill from the same words), and
- ``qxw -b -d LIST DECK`` (the deck lists each slot's cells, as
  bench_crossword.py writes it),

each as a whole command (loading the list included), one after the other,
killed at ``--cap`` seconds of CPU time (RLIMIT_CPU; a fair cap on a shared
machine) or at ``--wall`` (3) times that in wall time.  The table gives per tool and list the
fills found, timeouts, and the median and total CPU and wall time per grid
(a timed-out grid counts its cap).  Results are cached in JSON files
(``--cache-dir``, default /tmp): Qxw's once (it is slow on hard grids), dlxc's
per tree (``--tag``), so that two trees can be compared on the same Qxw runs.

    python bench/bench_hardfill.py --make-grids
    nice python bench/bench_hardfill.py --tool qxw --qxw /usr/games/qxw \\
        --american PEERS/words/american-lower.txt --enable PEERS/words/enable2k.txt
    python bench/bench_hardfill.py --tool dlxc --tag new --american ... --enable ...
    python bench/bench_hardfill.py --report --tag new

``--easy`` times the easy grids (shipped and designed-1..15, both lists)
with two dlxc commands side by side, alternating, ``--rounds`` rounds:
``--old-dlxc PATH`` (another tree's dlxc) against this tree's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[1]
GRIDS = ROOT / "bench" / "grids" / "hardfill"
SHIPPED = ROOT / "dlxc" / "puzzles" / "crossword" / "american-15x15.txt"
DLXC = str(Path(sys.executable).parent / "dlxc")
N = 15


# ------------------------------------------------------------------ patterns


def runs(rows: list[list[bool]]) -> list[list[tuple[int, int]]]:
    """The across and down runs of open squares (True = open)."""
    out = []
    for d in (0, 1):
        for a in range(N):
            run: list[tuple[int, int]] = []
            for b in range(N + 1):
                r, c = (a, b) if d == 0 else (b, a)
                if b < N and rows[r][c]:
                    run.append((r, c))
                else:
                    if run:
                        out.append(run)
                    run = []
    return out


def legal(rows: list[list[bool]]) -> bool:
    """Every run 3 squares or more, the open squares connected."""
    if any(len(run) < 3 for run in runs(rows)):
        return False
    cells = [(r, c) for r in range(N) for c in range(N) if rows[r][c]]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < N and 0 <= nc < N and rows[nr][nc] and (nr, nc) not in seen:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return len(seen) == len(cells)


OPEN = {  # the corner kept free of blocks (rows, columns), top left and its mirror
    "3x5": (3, 5),
    "5x3": (5, 3),
    "4x4": (4, 4),
    "5x5": (5, 5),
    "stack": (3, 7),
}


def open_pattern(kind: str, seed: int) -> Optional[list[str]]:
    """A symmetric pattern with the corner ``kind`` open, 74-78 entries and
    30 to 40 blocks, entries
    of at most 13 letters: blocks placed (with their mirror) one pair at a time,
    each the pair among 12 legal ones drawn at random that adds the most
    entries, until the entries reach a target drawn from 74..78."""
    rng = random.Random(f"{kind}-{seed}")
    kr, kc = OPEN[kind]
    keep = {(r, c) for r in range(kr) for c in range(kc)}
    keep |= {(N - 1 - r, N - 1 - c) for r, c in keep}
    target = rng.randint(74, 78)
    for _ in range(20):
        rows = [[True] * N for _ in range(N)]
        spots = [(r, c) for r in range(N) for c in range(N) if (r, c) not in keep]
        n = len(runs(rows))
        stuck = 0
        while n < target and stuck < 5:
            picks = []
            for r, c in rng.sample(spots, len(spots)):
                if not rows[r][c]:
                    continue
                rows[r][c] = rows[N - 1 - r][N - 1 - c] = False
                if legal(rows):
                    picks.append((len(runs(rows)), rng.random(), r, c))
                rows[r][c] = rows[N - 1 - r][N - 1 - c] = True
                if len(picks) == 12:
                    break
            picks = [p for p in picks if p[0] <= 78]
            if not picks:
                stuck += 1
                break
            _, _, r, c = max(picks)
            rows[r][c] = rows[N - 1 - r][N - 1 - c] = False
            n = len(runs(rows))
        blocks = sum(row.count(False) for row in rows)
        longest = max(len(x) for x in runs(rows))
        if 74 <= n <= 78 and 30 <= blocks <= 40 and longest <= 13:
            return ["".join("." if ok else "#" for ok in row) for row in rows]
    return None


def make_grids() -> None:
    GRIDS.mkdir(parents=True, exist_ok=True)
    (GRIDS / "shipped.txt").write_text(SHIPPED.read_text())
    for s in range(1, 16):
        out = subprocess.run(
            [DLXC, "crossword", "grid", "15x15", "--seed", str(s), "-q"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (GRIDS / f"designed-{s}.txt").write_text(out)
    for b in (32, 34, 36):
        for s in range(1, 5):
            out = subprocess.run(
                [DLXC, "crossword", "grid", "15x15", "--blocks", str(b), "--seed", str(s)]
                + ["--no-check", "-q"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            (GRIDS / f"blocks{b}-{s}.txt").write_text(out)
    want = {"3x5": 5, "5x3": 4, "4x4": 5, "5x5": 4, "stack": 4}  # 22 patterns
    for kind, n in want.items():
        seed = 0
        while n and seed < 50:
            seed += 1
            rows = open_pattern(kind, seed)
            if rows:
                (GRIDS / f"open-{kind}-{seed}.txt").write_text("\n".join(rows) + "\n")
                n -= 1
    print(f"{len(list(GRIDS.glob('*.txt')))} patterns in {GRIDS}")


def grid_files() -> list[Path]:
    def key(p: Path):
        stem = p.stem
        head, _, tail = stem.rpartition("-")
        return (head, int(tail) if tail.isdigit() else 0)

    return sorted(GRIDS.glob("*.txt"), key=key)


def entries(path: Path) -> int:
    rows = [[ch != "#" for ch in line] for line in path.read_text().split()]
    return len(runs(rows))


# ------------------------------------------------------------------ runs


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


WALL = 3.0  # a run is killed at WALL x its CPU cap in wall time (--wall)


def timed(cmd: list[str], cap: float) -> tuple[float, float, Optional[subprocess.CompletedProcess]]:
    """(wall s, CPU s, the result or None when killed at ``cap`` CPU s or
    WALL x that in wall time)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(cap), int(cap) + 2))

    t, c = time.perf_counter(), children_cpu()
    try:
        res: Optional[subprocess.CompletedProcess] = subprocess.run(
            cmd, capture_output=True, text=True, timeout=WALL * cap, preexec_fn=limit
        )
        if res is not None and res.returncode < 0:
            res = None
    except subprocess.TimeoutExpired:
        res = None
    return time.perf_counter() - t, children_cpu() - c, res


def qxw_deck(grid: Path) -> Path:
    rows = grid.read_text().split()
    ids: dict[tuple[int, int], int] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "#":
                ids[(r, c)] = len(ids)
    lines = []
    for run in runs([[ch != "#" for ch in row] for row in rows]):
        lines.append(" ".join(f"{ids[rc]:03d}" for rc in run))
    out = Path(tempfile.gettempdir()) / f"hardfill-{grid.stem}.qxd"
    out.write_text("\n".join(lines) + "\n")
    return out


def check_fill(grid: Path, words: set[str], rows_out: list[str]) -> bool:
    """The fill matches the pattern, and each entry is a different list word."""
    rows = grid.read_text().split()
    if len(rows_out) != N or any(len(r) != N for r in rows_out):
        return False
    seen = set()
    for run in runs([[ch != "#" for ch in row] for row in rows]):
        w = "".join(rows_out[r][c] for r, c in run).lower()
        if w not in words or w in seen:
            return False
        seen.add(w)
    return all((rows[r][c] == "#") == (rows_out[r][c] == "#") for r in range(N) for c in range(N))


def run_dlxc(dlxc: str, grid: Path, words: str, cap: float, seed: int = 0):
    cmd = [dlxc, "crossword", "fill", str(grid), "-w", words, "--budget", "0", "--allow-all"]
    cmd += ["--seed", str(seed), "--timeout", str(WALL * cap)]
    dt, cpu, res = timed(cmd, cap)
    if res is None or res.returncode == 4:
        return dt, cpu, "timeout", None, -1
    nodes = nodes_of(res.stderr)
    if res.returncode == 3:
        return dt, cpu, "no fill", None, nodes
    if res.returncode:
        return dt, cpu, f"exit {res.returncode}", None, nodes
    return dt, cpu, "filled", res.stdout.split()[:N], nodes


def nodes_of(stderr: str) -> int:
    """The nodes of the statistics line (``... N nodes)``), or -1."""
    m = re.search(r"([0-9,]+) nodes\)", stderr)
    return int(m.group(1).replace(",", "")) if m else -1


def run_qxw(qxw: str, grid: Path, words: str, cap: float):
    dt, cpu, res = timed([qxw, "-b", "-d", words, str(qxw_deck(grid))], cap)
    if res is None:
        return dt, cpu, "timeout", None
    if "W0 " not in res.stdout:
        return dt, cpu, "no fill", None
    rows = [list(row) for row in grid.read_text().split()]
    ids = [(r, c) for r in range(N) for c in range(N) if rows[r][c] != "#"]
    cells = {}
    for line in res.stdout.splitlines():  # W<slot> <word>: the slot's word
        if line.startswith("W"):
            cells[int(line.split()[0][1:])] = line.split()[1]
    for k, run in enumerate(runs([[ch != "#" for ch in row] for row in rows])):
        for (r, c), ch in zip(run, cells.get(k, "")):
            rows[r][c] = ch.lower()
    del ids
    return dt, cpu, "filled", ["".join(row) for row in rows]


def load_words(path: str) -> set[str]:
    with open(path, encoding="latin-1") as f:
        return {w.strip().lower() for w in f if w.strip()}


def bench(args) -> None:
    lists = [(name, p) for name, p in (("american", args.american), ("enable", args.enable)) if p]
    cache = Path(args.cache_dir) / (
        "hardfill-qxw.json" if args.tool == "qxw" else f"hardfill-dlxc-{args.tag}.json"
    )
    done = json.loads(cache.read_text()) if cache.exists() else {}
    grids = grid_files()
    if args.grids:
        grids = [g for g in grids if g.stem in args.grids.split(",")]
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    # the families in turn (open, blocks, designed, ...), each grid on every
    # list, so that a partial run covers them all
    families: dict[str, list[Path]] = {}
    for g in grids:
        families.setdefault(g.stem.split("-")[0], []).append(g)
    order = [fam[i] for i in range(len(grids)) for fam in families.values() if i < len(fam)]
    words = {name: load_words(path) for name, path in lists}
    for grid in order:
        for name, path in lists:
            key = f"{name}/{grid.stem}"
            starved = key in done and done[key]["code"] == "timeout"
            starved = starved and done[key]["cpu"] < 0.95 * args.cap
            if key in done and not args.force and not (args.retry_starved and starved):
                continue
            nodes = -1
            if args.tool == "qxw":
                dt, cpu, code, rows = run_qxw(args.qxw, grid, path, args.cap)
            else:
                dt, cpu, code, rows, nodes = run_dlxc(args.dlxc, grid, path, args.cap, args.seed)
            ok = None if rows is None else check_fill(grid, words[name], rows)
            if ok is False:
                code = "bad fill"
            done[key] = {"wall": dt, "cpu": cpu, "code": code, "load": os.getloadavg()[0]}
            if nodes >= 0:
                done[key]["nodes"] = nodes
            print(f"{key} ({entries(grid)}): {code} {cpu:.2f} s CPU {dt:.2f} s wall", flush=True)
            cache.write_text(json.dumps(done, indent=1, sort_keys=True))


def report(args) -> None:
    cache = Path(args.cache_dir)
    qxw = json.loads((cache / "hardfill-qxw.json").read_text())
    tags = args.tag.split(",")
    ours = {t: json.loads((cache / f"hardfill-dlxc-{t}.json").read_text()) for t in tags}
    every = grid_files()
    for name in ("american", "enable"):
        # the patterns every tool has run (all of them once the runs are over)
        grids = [
            g
            for g in every
            if f"{name}/{g.stem}" in qxw and all(f"{name}/{g.stem}" in r for r in ours.values())
        ]
        print(
            f"== {name}: {len(grids)} of {len(every)} patterns run by every tool, "
            f"cap {args.cap:.0f} s CPU =="
        )
        if not grids:
            continue
        cols = [("qxw", qxw)] + [(f"dlxc {t}", ours[t]) for t in tags]
        if args.verbose:
            for g in grids:
                k = f"{name}/{g.stem}"
                each = "  ".join(
                    f"{who}: {r[k]['code'][:7]:7} {r[k]['cpu']:6.2f}" if k in r else f"{who}: -"
                    for who, r in cols
                )
                print(f"  {g.stem:16} ({entries(g)}) {each}")
        for who, r in cols:
            rs = [r[f"{name}/{g.stem}"] for g in grids if f"{name}/{g.stem}" in r]
            if not rs:
                continue
            cpu = [args.cap if x["code"] == "timeout" else x["cpu"] for x in rs]
            wall = [x["wall"] for x in rs]
            fills = sum(1 for x in rs if x["code"] == "filled")
            starved = sum(1 for x in rs if x["code"] == "timeout" and x["cpu"] < 0.95 * args.cap)
            touts = sum(1 for x in rs if x["code"] == "timeout")
            print(
                f"  {who:10} {len(rs)} grids: {fills} filled, {touts} timeouts "
                f"({starved} at the wall cap before the CPU cap), "
                f"{len(rs) - fills - touts} other; CPU median {statistics.median(cpu):.2f} s "
                f"total {sum(cpu):.1f} s; wall median {statistics.median(wall):.2f} s "
                f"total {sum(wall):.1f} s"
            )
        for t in tags:
            lost = [
                g.stem
                for g in grids
                if qxw.get(f"{name}/{g.stem}", {}).get("code") == "filled"
                and ours[t].get(f"{name}/{g.stem}", {}).get("code") != "filled"
            ]
            print(f"  grids Qxw fills and dlxc {t} does not: {', '.join(lost) or 'none'}")


def easy(args) -> None:
    """Old tree against new on the easy grids: alternating rounds (seed = the
    round), medians of CPU seconds, and the nodes of each seed."""
    grids = [GRIDS / "shipped.txt"] + [GRIDS / f"designed-{s}.txt" for s in range(1, 16)]
    if args.grids:
        grids = [g for g in grids if g.stem in args.grids.split(",")]
    lists = [(name, p) for name, p in (("american", args.american), ("enable", args.enable)) if p]
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    tot = {"old": 0.0, "new": 0.0}
    nodes_tot = {"old": 0, "new": 0}
    for name, path in lists:
        for grid in grids:
            cpu: dict[str, list[float]] = {"old": [], "new": []}
            nodes: dict[str, list[int]] = {"old": [], "new": []}
            for r in range(args.rounds):
                for who, exe in (("old", args.old_dlxc), ("new", args.dlxc)):
                    _, c, code, _, n = run_dlxc(exe, grid, path, args.cap, seed=r)
                    cpu[who].append(c)
                    nodes[who].append(n)
                    nodes_tot[who] += n
            mo, mn = statistics.median(cpu["old"]), statistics.median(cpu["new"])
            ratios = sorted(n / o for o, n in zip(cpu["old"], cpu["new"]))
            tot["old"] += mo
            tot["new"] += mn
            print(
                f"{name}/{grid.stem}: CPU old {mo:.2f} s new {mn:.2f} s ({mn / mo:.2f}; "
                f"median of the seeds' ratios {statistics.median(ratios):.2f}); "
                f"nodes old {nodes['old']} new {nodes['new']}",
                flush=True,
            )
    print(
        f"sum of medians: old {tot['old']:.2f} s new {tot['new']:.2f} s "
        f"({tot['new'] / tot['old']:.3f}); nodes old {nodes_tot['old']} new "
        f"{nodes_tot['new']}; load {os.getloadavg()}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--make-grids", action="store_true", help="write bench/grids/hardfill/")
    ap.add_argument("--tool", choices=("dlxc", "qxw"), help="run one tool on every pattern")
    ap.add_argument("--report", action="store_true", help="the table from the cached runs")
    ap.add_argument("--easy", action="store_true", help="old tree against new, easy grids")
    ap.add_argument("--american", help="american-english, lower-case a-z words")
    ap.add_argument("--enable", help="ENABLE2K")
    ap.add_argument("--qxw", default="/usr/games/qxw")
    ap.add_argument("--dlxc", default=DLXC)
    ap.add_argument("--old-dlxc", help="the other tree's dlxc (--easy)")
    ap.add_argument("--tag", default="new", help="dlxc's cache name (comma-separated: --report)")
    ap.add_argument("--cap", type=float, default=60.0, help="CPU seconds per grid")
    ap.add_argument("--seed", type=int, default=0, help="dlxc's --seed")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--wall", type=float, default=3.0, help="the wall cap, times --cap")
    ap.add_argument(
        "--retry-starved",
        action="store_true",
        help="rerun cached timeouts that hit the wall cap before the CPU cap",
    )
    ap.add_argument("--grids", help="only these patterns (stems, comma-separated)")
    ap.add_argument("--cache-dir", default=tempfile.gettempdir())
    ap.add_argument("--force", action="store_true", help="rerun cached runs")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per grid")
    args = ap.parse_args()
    global WALL
    WALL = args.wall
    if args.make_grids:
        make_grids()
    if args.tool:
        bench(args)
    if args.report:
        report(args)
    if args.easy:
        easy(args)


if __name__ == "__main__":
    main()
