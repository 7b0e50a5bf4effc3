"""Boggle scoring: dlxc against danvk/hybrid-boggle's C++ scorer, side by side.

Both score the same boards with the same word list (ENABLE2K by default),
their totals are checked to be identical board by board, and their speeds
are measured in alternating rounds (peer, dlxc, peer, dlxc, ...), medians
reported with ratios.  The board sets:

- ``random44``: uniform random 4x4 boards (letters a..z, seeded);
- ``var44``: every board one or two moves from perslatgsineters (a move: a
  cell changed to another letter, or two cells swapped), in the order they
  are generated, as hybrid-boggle's ``perf.py --variations_on`` makes them;
- ``var55``: a seeded sample of the same for ligdrmanesietildsracsepes (the
  whole set is about 400,000 boards).

dlxc is timed on one core with the frontier walk (the default) and the
depth-first walk, and with ``--jobs 2`` (two processes) against one.  The
peer is hybrid-boggle's pybind11 module ``cpp_boggle`` (``Boggler44.score``
called once a board from Python, as its perf.py does); build it outside
this repository (see the README) and give its folder and a Python that can
import it::

    python bench/bench_boggle.py --peer-dir PEERS/hybrid-boggle \\
        --peer-python PEERS/hybrid-boggle/venv/bin/python

(or set HYBRID_BOGGLE_DIR and HYBRID_BOGGLE_PYTHON).  ``--best SEEDS`` also
runs the best-board search for each seed and reports when it first reached
3,600 and 3,625 points.

``--cli N`` (no peer needed) times the command line, as a user runs it:
``dlxc boggle score`` of N random 4x4 boards (a file written first) with
``--jobs 1``, with ``--jobs 2``, and two ``--jobs 1`` at once (how fast the
two cores are when both are busy: half that time over one run's is the
best ratio any split could reach on this host, its "two-core ceiling"), in
alternating rounds; it prints per variant the median wall and CPU seconds
(the command and its workers), the load average, and checks that every
run printed the same totals, and that the Python mirror gives them too on
the first 2,000 boards::

    python bench/bench_boggle.py --sets '' --cli 300000 --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlxc.boggle import DEFAULT_WORDS, KICK, STALL, BestSearch, Boggle, ParallelScorer, moves

_PEER_DRIVER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import cpp_boggle
trie = cpp_boggle.Trie.create_from_file(sys.argv[2])
sets = json.loads(open(sys.argv[3]).read())
bogglers = {}
for line in sys.stdin:
    name, dump = line.split()
    boards, rows, cols = sets[name]
    key = (rows, cols)
    if key not in bogglers:
        bogglers[key] = getattr(cpp_boggle, f"Boggler{rows}{cols}")(trie)
    score = bogglers[key].score
    c0, t0 = time.process_time(), time.perf_counter()
    scores = [score(b) for b in boards]
    cpu, seconds = time.process_time() - c0, time.perf_counter() - t0
    if dump != "-":
        with open(dump, "w") as f:
            json.dump(scores, f)
    print(cpu, seconds, sum(scores), flush=True)
"""


def variations(board: str) -> list:
    """Boards at most two moves from ``board``, first seen first."""
    start = board.encode()
    out = dict.fromkeys([start])
    ones = list(dict.fromkeys(moves(start)))
    out.update(dict.fromkeys(ones))
    for one in ones:
        out.update(dict.fromkeys(moves(one)))
    return [b.decode() for b in out]


def board_sets(n_random: int, n_var55: int, seed: int) -> dict:
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    sets = {
        "random44": (
            ["".join(rng.choice(letters) for _ in range(16)) for _ in range(n_random)],
            4,
            4,
        ),
        "var44": (variations("perslatgsineters"), 4, 4),
    }
    var55 = variations("ligdrmanesietildsracsepes")
    picked = sorted(rng.sample(range(len(var55)), min(n_var55, len(var55))))
    sets["var55"] = ([var55[i] for i in picked], 5, 5)
    return sets


class Peer:
    def __init__(self, python: str, folder: str, words: str, sets_file: str) -> None:
        self.proc = subprocess.Popen(
            [python, "-c", _PEER_DRIVER, folder, words, sets_file],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, name: str, dump: str = "-") -> tuple:
        self.proc.stdin.write(f"{name} {dump}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("the peer stopped; is cpp_boggle importable by --peer-python?")
        cpu, seconds, total = line.split()
        return float(cpu), float(seconds), int(total)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def timed(fn) -> tuple:
    """(CPU seconds of this process, wall seconds, result)."""
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    return time.process_time() - c0, time.perf_counter() - t0, out


def bench_scoring(args, sets: dict) -> None:
    bg = Boggle(args.words)
    with tempfile.TemporaryDirectory() as tmp:
        sets_file = os.path.join(tmp, "sets.json")
        with open(sets_file, "w") as f:
            json.dump(sets, f)
        # the pool's processes first: forked after the peer, they would hold
        # the peer's stdin open, and the peer would never see its end
        two = ParallelScorer(bg, 2) if args.jobs2 else None
        peer = Peer(args.peer_python, args.peer_dir, args.words, sets_file)
        try:
            print(
                "boards per CPU second of the scoring process (the host is shared: wall "
                "time counts other users' work), except '2 jobs/s', which is wall-clock, "
                "and 'x1 job' = 2 jobs / 1 job in wall-clock; 'x1 cpu' = 1 job's CPU time / the "
                "busiest worker's CPU time per batch (the speed-up on two idle cores)"
            )
            print(
                f"{'set':9} {'boards':>8} {'peer/s':>9} {'dlxc/s':>9} {'ratio':>6} "
                f"{'dfs/s':>9} {'ratio':>6} {'2 jobs/s':>9} {'x1 job':>6} {'x1 cpu':>6}"
                "  identical"
            )
            for name, (boards, rows, cols) in sets.items():
                n = len(boards)
                data = "".join(boards).encode("ascii")
                dump = os.path.join(tmp, f"{name}.json")
                ts: dict = {
                    "peer": [],
                    "dlxc": [],
                    "dfs": [],
                    "wall1": [],
                    "two": [],
                    "two_cpu": [],
                }
                identical = True
                for r in range(args.rounds):
                    cpu, wall, total = peer.run(name, dump if r == 0 else "-")
                    ts["peer"].append(n / cpu)
                    cpu, wall, scores = timed(lambda: bg.score_many(data, rows, cols))
                    ts["dlxc"].append(n / cpu)
                    ts["wall1"].append(n / wall)
                    if r == 0:
                        with open(dump) as f:
                            identical = list(scores) == json.load(f)
                    identical = identical and sum(scores) == total
                    cpu, wall, dscores = timed(lambda: bg.score_many(data, rows, cols, dfs=True))
                    ts["dfs"].append(n / cpu)
                    identical = identical and list(dscores) == list(scores)
                    if two is not None:
                        before = two.cpu_critical
                        cpu, wall, tscores = timed(lambda: two.score_many(data, rows, cols))
                        ts["two"].append(n / wall)
                        # on idle cores a batch takes its busiest worker's time
                        ts["two_cpu"].append(n / (two.cpu_critical - before))
                        identical = identical and list(tscores) == list(scores)
                med = {k: statistics.median(v) if v else float("nan") for k, v in ts.items()}
                print(
                    f"{name:9} {n:8d} {med['peer']:9.0f} {med['dlxc']:9.0f} "
                    f"{med['dlxc'] / med['peer']:6.2f} {med['dfs']:9.0f} "
                    f"{med['dfs'] / med['peer']:6.2f} {med['two']:9.0f} "
                    f"{med['two'] / med['wall1']:6.2f} {med['two_cpu'] / med['dlxc']:6.2f}"
                    f"  {'yes' if identical else 'NO'}",
                    flush=True,
                )
                if args.verbose:
                    for k, v in ts.items():
                        print(f"    {k}: {' '.join(f'{x:.0f}' for x in v)}")
        finally:
            if two is not None:
                two.close()
            peer.close()


class _Reached(Exception):
    pass


def bench_best(args) -> None:
    text = Boggle(args.words).text
    print(
        f"best-board search, 4x4, {args.best_time:.0f} s a seed, {args.best_jobs} job(s), "
        f"kick {args.best_kick}, stall {args.best_stall}"
    )
    for seed in args.best:
        marks: dict = {}
        start, cpu0 = time.perf_counter(), time.process_time()

        def tick(result) -> None:
            now = time.perf_counter() - start
            for goal in (3600, 3625):
                if result.score >= goal and goal not in marks:
                    marks[goal] = (now, time.process_time() - cpu0, result.scored)

        with BestSearch(
            4,
            4,
            seed=seed,
            jobs=args.best_jobs,
            kick=args.best_kick,
            stall=args.best_stall,
            text=text,
        ) as search:
            if args.best_stop:  # stop at 3,625: a tick that ends the search

                def stop(result, tick=tick) -> None:
                    tick(result)
                    if result.score >= 3625:
                        raise _Reached

                try:
                    result = search.run(seconds=args.best_time, tick=stop)
                except _Reached:
                    result = search.result
            else:
                result = search.run(seconds=args.best_time, tick=tick)
        tick(result)
        # wall seconds, CPU seconds of this process (jobs 1: the whole search)
        show = {
            g: f"{marks[g][0]:.1f}s (cpu {marks[g][1]:.1f}s)" if g in marks else "-"
            for g in (3600, 3625)
        }
        print(
            f"seed {seed}: {result.board} {result.score}  reached 3600 at {show[3600]}, "
            f"3625 at {show[3625]}  ({result.runs} runs, {result.climbs} climbs, "
            f"{result.scored:,} boards)",
            flush=True,
        )


def bench_cli(args) -> None:
    """``dlxc boggle score`` of ``args.cli`` random boards: --jobs 1 and 2."""
    import resource

    rng = random.Random(args.seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    cmd = [sys.executable, "-c", "from dlxc.cli import main; main()", "boggle", "score", "-q"]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "boards.txt")
        with open(path, "w") as f:
            f.writelines(
                "".join(rng.choice(letters) for _ in range(16)) + "\n" for _ in range(args.cli)
            )
        variants = {
            "jobs 1": [[*cmd, "-j", "1", path]],
            "jobs 2": [[*cmd, "-j", "2", path]],
            "two jobs-1 at once": [[*cmd, "-j", "1", path]] * 2,
        }
        wall: dict = {k: [] for k in variants}
        cpu: dict = {k: [] for k in variants}
        outs: set = set()
        loads = []
        for _ in range(args.rounds):
            for name, commands in variants.items():
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                procs = [subprocess.Popen(c, stdout=subprocess.PIPE) for c in commands]
                got = [proc.communicate()[0] for proc in procs]
                wall[name].append(time.perf_counter() - t0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu[name].append(
                    after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                )
                if any(proc.returncode for proc in procs):
                    raise SystemExit(f"{name}: exit status {[p.returncode for p in procs]}")
                outs.update(got)
            loads.append(os.getloadavg()[0])
        if len(outs) != 1:
            raise SystemExit("the runs printed different totals")
        totals = [int(x) for x in outs.pop().split()]
        with open(path) as f:
            head = [next(f).strip() for _ in range(min(2000, args.cli))]
        mirror = list(Boggle(args.words, backend="python").score_many(head, 4, 4))
        if mirror != totals[: len(head)]:
            raise SystemExit("the mirror's totals differ from the command's")
        med = {k: statistics.median(v) for k, v in wall.items()}
        one = med["jobs 1"]
        print(
            f"dlxc boggle score, {args.cli:,} random 4x4 boards, {args.rounds} rounds, "
            f"load average {min(loads):.2f}-{max(loads):.2f} (1 min) during the rounds"
        )
        print(f"  totals identical in every run (sum {sum(totals):,}), and the mirror's on 2,000")
        print(f"  {'variant':20} {'wall s':>7} {'cpu s':>7} {'x jobs 1':>9}   all walls")
        for name in variants:
            walls = " ".join(f"{w:.2f}" for w in wall[name])
            print(
                f"  {name:20} {med[name]:7.2f} {statistics.median(cpu[name]):7.2f} "
                f"{med[name] / one:9.3f}   {walls}"
            )
        ceiling = med["two jobs-1 at once"] / (2 * one)
        print(
            f"  jobs 2 / jobs 1 = {med['jobs 2'] / one:.3f}; two-core ceiling (two at once, "
            f"halved) = {ceiling:.3f}; jobs 2 / ceiling = {med['jobs 2'] / one / ceiling:.3f}"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--peer-dir",
        default=os.environ.get("HYBRID_BOGGLE_DIR"),
        help="folder holding hybrid-boggle's cpp_boggle module",
    )
    p.add_argument("--peer-python", default=os.environ.get("HYBRID_BOGGLE_PYTHON", sys.executable))
    p.add_argument("--words", default=str(DEFAULT_WORDS))
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--random", type=int, default=100_000, help="random 4x4 boards")
    p.add_argument("--var55", type=int, default=30_000, help="5x5 variations sampled")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--sets", default="random44,var44,var55")
    p.add_argument("--no-jobs2", dest="jobs2", action="store_false")
    p.add_argument(
        "--best",
        type=lambda s: [int(x) for x in s.split(",")],
        default=None,
        metavar="SEEDS",
        help="also run the best-board search for these seeds",
    )
    p.add_argument("--best-time", type=float, default=60.0)
    p.add_argument("--best-jobs", type=int, default=1)
    p.add_argument("--best-kick", type=int, default=KICK)
    p.add_argument("--best-stall", type=int, default=STALL)
    p.add_argument(
        "--best-stop", action="store_true", help="end a seed's search when it reaches 3,625"
    )
    p.add_argument("--cli", type=int, default=0, metavar="N", help="time the command line")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    if args.cli:
        bench_cli(args)
    if args.sets:
        if not args.peer_dir:
            raise SystemExit(
                "give --peer-dir (or HYBRID_BOGGLE_DIR): the folder of "
                "hybrid-boggle's cpp_boggle module"
            )
        wanted = args.sets.split(",")
        sets = {
            k: v for k, v in board_sets(args.random, args.var55, args.seed).items() if k in wanted
        }
        print(
            f"dlxc vs hybrid-boggle, {Path(args.words).name}, {args.rounds} rounds, "
            f"medians (boards/s); ratio = dlxc / peer; 'x1 job' = 2 jobs / 1 job"
        )
        bench_scoring(args, sets)
    if args.best:
        bench_best(args)


if __name__ == "__main__":
    main()
