"""Measure the targets of counting at scale, through the command line.

    python bench/bench_scale.py [--runs 5] [--old DLXC]
        [--only targets,jobs7,jobs,memo,estimate,estimates,dask]

Every figure is the wall time of a whole ``dlxc`` command (interpreter
start, reading the file, the count), as a user sees it.  The machines are
shared, so runs alternate between the variants compared, each round is
checked for other processes' CPU use (from /proc/stat), and the medians
are taken over the quiet rounds (all rounds when none was quiet); the raw
times are printed too.  The counts are printed too, so the table is also a
check that every variant gives the same answer.

- targets:  the two targets of ``dlxc count --jobs 2 FILE`` (see
            ``bench_targets``): at most 1.1 x serial + 30 ms on every bench
            file (the worst ratio is printed), and on the 7x7 six-word
            search at most 0.55 x serial or within 5% of the two-core
            ceiling; with ``--old DLXC`` another tree's command alternates
            with this one's.  ``target1`` and ``target2`` run one of them.
- jobs7:    ``dlxc count --jobs 2 FILE`` against ``dlxc count FILE`` on the
            7x7 word search of six words (ABEL CANTOR GAUSS EULER CAUCHY
            NEWTON, 8 directions; 457,153,320 layouts, about a second of the
            bits engine), both on the engine ``auto`` picks (bits), and two
            serial counts at once: the host's own two-core ceiling, in the
            same run; wall and CPU seconds, and the load average.
- jobs:     ``count --jobs 2`` against ``--jobs 1`` on the 8x8 word search
            (ABEL CANTOR GAUSS EULER, 8 directions; 123,800,040 layouts),
            and two ``--jobs 1`` counts at once: how fast the two cores are
            when both are busy, hence the best ratio any split could reach.
- memo:     ``count --memo`` on the 8x8 domino board (12,988,816 tilings,
            about 50 million nodes without the memo) and on the 8x8 word
            search (fewer nodes than plain, the same count).
- estimate: ``estimate`` on the 8x8 word search: error against the true
            count, and wall time.
- estimates: the time ``estimate`` predicts for a count against the
            engine seconds of that count (``count --json``, median of the
            runs), on every DLX file under dlxc/puzzles/dlx and on the 7x7
            six-word search, 6x10 pentominoes and 13 queens: within a
            factor of 2 is the target.
- dask:     ``count --scheduler`` on a LocalCluster of 2 workers (loopback),
            against the serial count.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from dlxc.models.classic import dominoes, pentominoes, queens
from dlxc.models.wordsearch import word_search_problem
from dlxc.xcc.dlxformat import write_dlx

WORDS = ["ABEL", "CANTOR", "GAUSS", "EULER"]
WORDS6 = [*WORDS, "CAUCHY", "NEWTON"]
WS8_SOLUTIONS = 123_800_040  # DLX2's count


def dlxc_command() -> list[str]:
    exe = shutil.which("dlxc")
    return [exe] if exe else [sys.executable, "-c", "from dlxc.cli import main; main()"]


OLD = "--old-tree"  # a variant starting with this runs the --old command instead
OLD_COMMAND: list[str] = []  # set by --old: another tree's dlxc, to compare with


def busy_seconds() -> float:
    """CPU seconds spent by the whole machine so far (all processes, also
    those of other users, which this process cannot see), from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()[1:]
    except OSError:
        return 0.0
    user, nice, system, idle, iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


PAIR = "--two-at-once"  # a variant starting with this runs its command twice, concurrently


def run(args: list[str]) -> tuple[float, str, str, int, float, float]:
    """(wall seconds, stdout, stderr, exit code, foreign CPU seconds, own CPU
    seconds): foreign is the CPU time other processes on the machine used
    meanwhile, own that of the command (all its processes).
    With ``PAIR`` first, two copies of the command run at once and the wall
    time is until both have finished (the output is the first copy's)."""
    before_all = busy_seconds()
    before_own = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = dlxc_command()
    if args and args[0] == OLD:
        command, args = OLD_COMMAND, args[1:]
    t0 = time.perf_counter()
    if args and args[0] == PAIR:
        procs = [
            subprocess.Popen(
                command + args[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            for _ in range(2)
        ]
        outs = [proc.communicate() for proc in procs]
        p = subprocess.CompletedProcess(
            args, max(proc.returncode for proc in procs), outs[0][0], outs[0][1]
        )
    else:
        p = subprocess.run(command + args, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after_own = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = (after_own.ru_utime - before_own.ru_utime) + (after_own.ru_stime - before_own.ru_stime)
    foreign = max(0.0, busy_seconds() - before_all - own)
    return wall, p.stdout, p.stderr, p.returncode, foreign, own


# A run is "quiet" when other processes used less than this share of one
# core meanwhile; these machines are shared, and one busy neighbour halves
# what --jobs 2 can gain.
QUIET = 0.10


@dataclass
class Timing:
    """A variant's median wall seconds (over the quiet rounds, when at least
    one round was quiet), its outputs, and per round the wall and CPU
    seconds (all rounds, in order)."""

    median: float
    outs: list
    walls: list
    cpus: list


def alternate(variants: dict[str, list[str]], runs: int) -> dict[str, Timing]:
    """Run each variant ``runs`` times, round-robin."""
    times: dict[str, list[float]] = {k: [] for k in variants}
    cpus: dict[str, list[float]] = {k: [] for k in variants}
    outs: dict[str, list] = {k: [] for k in variants}
    quiet_rounds = []
    for i in range(runs):
        quiet = True
        for name, args in variants.items():
            seconds, out, err, code, foreign, own = run(args)
            if code != 0:
                raise SystemExit(f"{name}: exit {code}\n{err}")
            times[name].append(seconds)
            cpus[name].append(own)
            outs[name].append(out)
            quiet = quiet and foreign < QUIET * seconds
        if quiet:
            quiet_rounds.append(i)
    use = quiet_rounds or list(range(runs))
    note = f"{len(quiet_rounds)} of {runs} rounds quiet"
    raw = "; ".join(f"{k}: " + " ".join(f"{t:.2f}" for t in v) for k, v in times.items())
    print(f"  ({note}; {raw})")
    return {
        k: Timing(statistics.median(times[k][i] for i in use), outs[k], times[k], cpus[k])
        for k in variants
    }


def loadavg() -> str:
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def bench_jobs7(files, runs):
    """The 7x7 six-word search: ``dlxc count --jobs 2 FILE`` against
    ``dlxc count FILE``, the plain command lines a user types (both take the
    short way of dlxc/_launch.py), and against the ceiling that two serial
    counts at once show."""
    file = files["ws7six"]
    print(f"load average before: {loadavg()}")
    res = alternate(
        {
            "count": ["count", file],
            "count --jobs 2": ["count", "--jobs", "2", file],
            "two counts at once": [PAIR, "count", file],
        },
        runs,
    )
    one, two, pair = res["count"], res["count --jobs 2"], res["two counts at once"]
    fixed = alternate({"tiny": ["count", files["tiny"]]}, runs)["tiny"].median
    same_count = len({o for t in (one, two) for o in t.outs}) == 1
    # the figures and the engine, from --json (the full command line)
    rec1 = json.loads(run(["count", "--json", file])[1])
    rec2 = json.loads(run(["count", "--json", "--jobs", "2", file])[1])
    same = all(rec1[k] == rec2[k] for k in ("solutions", "nodes", "updates", "engine"))
    cpu1, cpu2 = statistics.median(one.cpus), statistics.median(two.cpus)
    ideal = fixed + (pair.median - fixed) / 2
    print(
        f"count 7x7 six-word word search ({one.outs[0].strip()} solutions, engine "
        f"{rec1['engine']} and {rec2['engine']}; same count in every run: {same_count}, "
        f"same figures: {same})"
    )
    print(
        f"  wall, median: count {one.median:.3f} s, --jobs 2 {two.median:.3f} s, ratio "
        f"{two.median / one.median:.3f} (target <= 0.55); within each round: "
        + " ".join(f"{b / a:.3f}" for a, b in zip(one.walls, two.walls))
    )
    print(
        f"  CPU seconds of all processes, median: count {cpu1:.3f}, --jobs 2 {cpu2:.3f} "
        f"(ratio {cpu2 / cpu1:.3f}); two counts at once {statistics.median(pair.cpus):.3f}"
    )
    print(
        f"  two counts at once: {pair.median:.3f} s; the two-core ceiling (a command's fixed "
        f"cost {fixed:.3f} s plus half of what the pair took beyond it) {ideal:.3f} s, ratio "
        f"{ideal / one.median:.3f}; --jobs 2 / ceiling {two.median / ideal:.3f} "
        "(target <= 1.05)"
    )
    print(f"load average after: {loadavg()}")


def bench_files(files) -> list[str]:
    """The files of the --jobs targets: every DLX file under
    dlxc/puzzles/dlx, the 7x7 six-word search, 6x10 pentominoes, 13 queens."""
    root = Path(__file__).resolve().parent.parent / "dlxc" / "puzzles" / "dlx"
    return sorted(str(p) for p in root.glob("*.dlx")) + [
        files["ws7six"],
        files["pent"],
        files["q13"],
    ]


SLACK = 0.030  # seconds: the fixed allowance of the first --jobs target


def bench_targets(files, runs):
    """The two targets of ``dlxc count --jobs 2 FILE`` (the plain command
    line), against ``dlxc count FILE``, medians of ``runs`` alternating
    rounds, wall and CPU seconds (this tree, and with --old the other tree
    in the same rounds):

    1. on every bench file, --jobs 2 takes at most 1.1 x serial + 30 ms:
       the worst ratio jobs2 / (1.1 serial + 0.030) is the figure, <= 1;
    2. on the 7x7 six-word search, --jobs 2 / serial <= 0.55, or within 5%
       of the two-core ceiling.  The ceiling is the serial command with its
       search split perfectly over two cores and nothing added: its fixed
       cost (start-up, imports, reading: the median wall time of ``count``
       on a 4x4 word search of 129 nodes) plus half of the rest,
       ``fixed + (serial - fixed) / 2``.  Two serial counts at once show
       what the two cores give when both are busy (slower per core than
       one alone on many hosts): ``fixed + (pair - fixed) / 2`` is printed
       too, the ceiling this host can reach."""
    bench_target1(files, runs)
    bench_target2(files, runs)


def trees() -> list:
    """(name, prefix of a variant's arguments) of the trees compared."""
    return [("new", [])] + ([("old", [OLD])] if OLD_COMMAND else [])


def bench_target1(files, runs):
    """The first target of ``bench_targets``."""
    print(f"load average before: {loadavg()}")
    worst: dict = {}
    for path in bench_files(files):
        variants = {}
        for tree, pre in trees():
            variants[f"{tree} count"] = [*pre, "count", path]
            variants[f"{tree} --jobs 2"] = [*pre, "count", "--jobs", "2", path]
        res = alternate(variants, runs)
        line = [Path(path).name + ":"]
        for tree, _ in trees():
            one, two = res[f"{tree} count"], res[f"{tree} --jobs 2"]
            if len({o for t in (one, two) for o in t.outs}) != 1:
                raise SystemExit(f"{path}: the counts differ: {one.outs + two.outs}")
            ratio = two.median / (1.1 * one.median + SLACK)
            if ratio > worst.get(tree, (0.0, ""))[0]:
                worst[tree] = (ratio, Path(path).name)
            line.append(
                f"{tree}: count {one.median:.3f} s ({statistics.median(one.cpus):.3f} CPU), "
                f"--jobs 2 {two.median:.3f} s ({statistics.median(two.cpus):.3f} CPU), "
                f"jobs2/(1.1 serial + 30 ms) {ratio:.3f};"
            )
        print("  " + " ".join(line))
    for tree, _ in trees():
        ratio, name = worst[tree]
        print(f"target 1, {tree} tree: worst jobs2/(1.1 serial + 30 ms) {ratio:.3f} ({name}), <= 1")
    print(f"load average after: {loadavg()}")


def bench_target2(files, runs):
    """The second target of ``bench_targets``."""
    print(f"load average before: {loadavg()}")
    file = files["ws7six"]
    variants = {}
    for tree, pre in trees():
        variants[f"{tree} count"] = [*pre, "count", file]
        variants[f"{tree} --jobs 2"] = [*pre, "count", "--jobs", "2", file]
    variants["two counts at once"] = [PAIR, "count", file]
    res = alternate(variants, runs)
    fixed = alternate({"tiny": ["count", files["tiny"]]}, runs)["tiny"].median
    pair = res["two counts at once"]
    host = fixed + (pair.median - fixed) / 2
    for tree, _ in trees():
        one, two = res[f"{tree} count"], res[f"{tree} --jobs 2"]
        ceiling = fixed + (one.median - fixed) / 2
        print(
            f"target 2, {tree} tree, 7x7 six-word search: count {one.median:.3f} s "
            f"({statistics.median(one.cpus):.3f} CPU), --jobs 2 {two.median:.3f} s "
            f"({statistics.median(two.cpus):.3f} CPU); jobs2/serial {two.median / one.median:.3f} "
            f"(<= 0.55); ceiling {ceiling:.3f} s (fixed {fixed:.3f} s), jobs2/ceiling "
            f"{two.median / ceiling:.3f} (<= 1.05); two counts at once {pair.median:.3f} s, "
            f"host ceiling {host:.3f} s, jobs2/host ceiling {two.median / host:.3f}"
        )
    print(f"load average after: {loadavg()}")


def bench_jobs(files, runs, name="ws8", label="8x8 word search"):
    """``count --json --jobs 2`` against ``--jobs 1`` (the full command line)."""
    res = alternate(
        {
            "--jobs 1": ["count", "--json", files[name], "--jobs", "1"],
            "--jobs 2": ["count", "--json", files[name], "--jobs", "2"],
            "two --jobs 1 at once": [PAIR, "count", "--json", files[name]],
        },
        runs,
    )
    one, two, pair = res["--jobs 1"], res["--jobs 2"], res["two --jobs 1 at once"]
    fixed = alternate({"tiny": ["count", files["tiny"]]}, runs)["tiny"].median
    rec1 = json.loads(one.outs[0])
    rec2 = json.loads(two.outs[0])
    same = all(
        json.loads(o)[k] == rec1[k]
        for o in one.outs + two.outs
        for k in ("solutions", "nodes", "updates", "cleansings", "engine")
    )
    print(
        f"count {label}: --jobs 1 {one.median:.3f} s, --jobs 2 {two.median:.3f} s, "
        f"ratio {two.median / one.median:.3f} (target <= 0.55); solutions "
        f"{rec2['solutions']:,}, engine {rec1['engine']} and {rec2['engine']}, identical "
        f"figures in every run: {same}"
    )
    print(
        f"  CPU seconds (all processes), median: --jobs 1 {statistics.median(one.cpus):.3f}, "
        f"--jobs 2 {statistics.median(two.cpus):.3f}, two at once "
        f"{statistics.median(pair.cpus):.3f}"
    )
    # The two variants of a round ran seconds apart, so their ratio is less
    # exposed to the host's slow drifts than the ratio of the medians.
    rounds = [b / a for a, b in zip(one.walls, two.walls)]
    print(
        f"  ratio within each round: {' '.join(f'{r:.3f}' for r in rounds)}; "
        f"median {statistics.median(rounds):.3f}"
    )
    print(
        f"  a command's fixed cost (start-up, imports, reading; both variants pay it): "
        f"{fixed:.3f} s; without it the ratio is "
        f"{(two.median - fixed) / (one.median - fixed):.3f}"
    )
    # The same work in CPU seconds: what --jobs 2 costs in all beyond the
    # serial count is how much slower each core runs while both are busy
    # (plus the little the split itself costs).
    cpu = statistics.median(b / a for a, b in zip(one.cpus, two.cpus))
    print(
        f"  CPU seconds, --jobs 2 / --jobs 1 (median over rounds): {cpu:.3f}; a perfect "
        f"split of that CPU time over two cores would give the ratio "
        f"{(fixed + (cpu * one.median - fixed) / 2) / one.median:.3f}"
    )
    # Two serial counts at once show what the two cores give when both are
    # busy (on shared hosts each often runs slower than one alone).  A
    # perfect split of one count would take the fixed cost plus half of
    # what each of the pair took beyond it.
    ideal = fixed + (pair.median - fixed) / 2
    print(
        f"  two serial counts at once: {pair.median:.3f} s ({pair.median / one.median:.2f} x "
        f"one alone); a perfect split on these cores would take {ideal:.3f} s, ratio "
        f"{ideal / one.median:.3f}; --jobs 2 reaches {ideal / two.median:.0%} of that"
    )
    print(
        f"  --jobs 2 against that two-core ceiling: {two.median / ideal:.3f} "
        f"(target <= 1.05, or the ratio above <= 0.55)"
    )


def bench_memo(files, runs):
    res = alternate({"dominoes --memo": ["count", "--json", "--memo", files["dom8"]]}, runs)
    t, outs = res["dominoes --memo"].median, res["dominoes --memo"].outs
    rec = json.loads(outs[0])
    print(
        f"count --memo dominoes 8x8: {rec['solutions']:,} tilings, {rec['nodes']:,} nodes, "
        f"engine {rec['seconds'] * 1000:.1f} ms, command {t:.3f} s (median of {runs})"
    )
    res = alternate(
        {
            "plain": ["count", "--json", files["ws8"]],
            "memo": ["count", "--json", "--memo", files["ws8"]],
        },
        max(1, runs // 2),
    )
    plain = json.loads(res["plain"].outs[0])
    memo = json.loads(res["memo"].outs[0])
    print(
        f"count 8x8 word search: plain {plain['solutions']:,} solutions, "
        f"{plain['nodes']:,} nodes, {res['plain'].median:.2f} s; --memo "
        f"{memo['solutions']:,} solutions, {memo['nodes']:,} nodes, {res['memo'].median:.2f} s"
    )


def bench_estimate(files, runs):
    errors, times = [], []
    for seed in range(runs):
        seconds, out, _, _, _, _ = run(["estimate", "--json", "--seed", str(seed), files["ws8"]])
        rec = json.loads(out)
        errors.append(rec["solutions"] / WS8_SOLUTIONS - 1)
        times.append(seconds)
    worst = max(abs(e) for e in errors)
    print(
        f"estimate 8x8 word search: errors {', '.join(f'{e:+.2%}' for e in errors)} "
        f"(worst {worst:.2%}, target 5%); command {statistics.median(times):.2f} s median, "
        f"{max(times):.2f} s max (target < 2 s); predicted full count {rec['seconds']:.2f} s"
    )


def bench_estimates(files, runs):
    root = Path(__file__).resolve().parent.parent / "dlxc" / "puzzles" / "dlx"
    paths = sorted(str(p) for p in root.glob("*.dlx"))
    paths += [files["ws7six"], files["pent"], files["q13"]]
    print(f"load average before: {loadavg()}")
    worst = 1.0
    for path in paths:
        _, out, _, _, _, _ = run(["estimate", "--json", "--seed", "1", path])
        est = json.loads(out)
        counted = []
        for _ in range(max(1, runs // 2)):
            _, out, _, _, _, _ = run(["count", "--json", path])
            counted.append(json.loads(out))
        seconds = statistics.median(rec["seconds"] for rec in counted)
        ratio = est["seconds"] / seconds if seconds > 0 else float("nan")
        if not est["exact"]:
            worst = max(worst, ratio, 1 / ratio)
        print(
            f"  {Path(path).name}: predicted {est['seconds']:.4f} s ({est['engine']}"
            f"{', exact' if est['exact'] else ''}), counted {seconds:.4f} s "
            f"({counted[0]['engine']}), ratio {ratio:.2f}"
        )
    print(
        f"estimates: worst factor off among the estimates that were not exact {worst:.2f} "
        f"(target <= 2); load average after: {loadavg()}"
    )


def bench_dask(files, runs):
    try:
        from distributed import LocalCluster
    except ImportError:
        print("dask: skipped (pip install 'dlxc[dask]')")
        return
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=40,
    ) as cluster:
        for name in ("ws7", "ws8"):
            res = alternate(
                {
                    "serial": ["count", "--json", files[name]],
                    "dask": [
                        "count",
                        "--json",
                        "--scheduler",
                        cluster.scheduler_address,
                        files[name],
                    ],
                },
                max(1, runs // 2),
            )
            a = json.loads(res["serial"].outs[0])
            b = json.loads(res["dask"].outs[0])
            same = all(a[k] == b[k] for k in ("solutions", "nodes", "updates", "cleansings"))
            print(
                f"dask 2 workers, {name}: {b['solutions']:,} solutions, figures equal the "
                f"serial ones: {same}; serial {res['serial'].median:.2f} s, "
                f"cluster {res['dask'].median:.2f} s"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="targets,jobs7,jobs,memo,estimate,estimates,dask")
    ap.add_argument(
        "--old",
        metavar="DLXC",
        help="another tree's dlxc command (e.g. /work/venv/bin/dlxc): the targets "
        "section runs it too, in the same rounds",
    )
    args = ap.parse_args()
    if args.old:
        OLD_COMMAND[:] = [args.old]
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for name, problem in (
            ("ws7", word_search_problem(7, 7, WORDS)),
            ("ws7six", word_search_problem(7, 7, WORDS6)),
            ("ws8", word_search_problem(8, 8, WORDS)),
            ("dom8", dominoes(8, 8)),
            ("tiny", word_search_problem(4, 4, ["ABEL", "LAND"], "EWSN")),
            ("pent", pentominoes(6, 10)),
            ("q13", queens(13)),
        ):
            files[name] = str(Path(tmp) / f"{name}.dlx")
            write_dlx(problem, files[name])
        for part in args.only.split(","):
            {
                "targets": bench_targets,
                "target1": bench_target1,
                "target2": bench_target2,
                "jobs7": bench_jobs7,
                "jobs": bench_jobs,
                "memo": bench_memo,
                "estimate": bench_estimate,
                "estimates": bench_estimates,
                "dask": bench_dask,
            }[part](files, args.runs)


if __name__ == "__main__":
    main()
