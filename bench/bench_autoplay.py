"""Benchmark whole Scrabble games: ``dlxc autoplay`` as a user runs it.

Runs, as a subprocess, the command

    dlxc autoplay --lexicon LEX --games N --seed S --players equity,score --jobs J --json

(LEX: ENABLE built once into a lexicon file first, outside the timing) and
reports the tally beside the wall seconds, the CPU seconds of the command
and its worker processes (``RUSAGE_CHILDREN``), and the load average before
and after, since a busy machine stretches the wall time.  The targets: the
equity player wins at least 55% of the decided games, and 200 games take
at most 2 minutes of wall time.

Usage: ``python bench/bench_autoplay.py [--games 200] [--seed 1] [--jobs 2]
[--rounds 1] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", default="equity,score")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--leaves", default=None, help="a leave table (default: the shipped one)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    script = shutil.which("dlxc") or str(Path(sys.executable).with_name("dlxc"))
    dlxc = [sys.executable, script]
    with tempfile.TemporaryDirectory() as tmp:
        lex = Path(tmp) / "enable.lex"
        words = subprocess.run(
            [*dlxc, "example", "enable", "--path"], capture_output=True, text=True, check=True
        ).stdout.strip()
        subprocess.run(
            [*dlxc, "lexicon", "build", words, "-o", str(lex)], capture_output=True, check=True
        )
        command = [
            *dlxc,
            "autoplay",
            "--lexicon",
            str(lex),
            "--games",
            str(args.games),
            "--seed",
            str(args.seed),
            "--players",
            args.players,
            "--jobs",
            str(args.jobs),
            "--json",
        ]
        if args.leaves:
            command += ["--leaves", args.leaves]
        rounds = []
        for _ in range(args.rounds):
            load_before = os.getloadavg()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            out = subprocess.run(command, capture_output=True, text=True, check=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            tally = json.loads(out.stdout)
            decided = tally["games"] - tally["ties"]
            rounds.append(
                {
                    "wall_s": round(wall, 2),
                    "cpu_s": round(cpu, 2),
                    "load_before": [round(x, 2) for x in load_before],
                    "load_after": [round(x, 2) for x in os.getloadavg()],
                    "tally": tally,
                    "first_player_share": round(tally["wins"][0] / decided, 4) if decided else None,
                }
            )
    report = {
        "command": " ".join(["dlxc", *command[2:]]).replace(str(lex), "enable.lex"),
        "cores": len(os.sched_getaffinity(0)),
        "rounds": rounds,
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"command  {report['command']}")
    print(f"cores    {report['cores']}")
    for r in rounds:
        t = r["tally"]
        print(
            f"{t['games']} games: wins {t['players'][0]} {t['wins'][0]}, {t['players'][1]} "
            f"{t['wins'][1]}, ties {t['ties']} (first player {r['first_player_share']:.1%} of the "
            f"decided games); mean scores {t['mean_scores']}; wall {r['wall_s']} s, CPU "
            f"{r['cpu_s']} s, load {r['load_before'][0]} -> {r['load_after'][0]}"
        )


if __name__ == "__main__":
    main()
