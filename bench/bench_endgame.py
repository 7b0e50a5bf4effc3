"""Endgame values and solve times side by side with MAGPIE.

The positions are dlxc's own: games two equity players play
(``dlxc.models.game.endgame_positions``, seeded), each taken at the first
position with the bag empty and at most ``--max-tiles`` tiles on the two
racks together, written as CGP with both racks.  dlxc solves each to the
end (``Endgame.solve()``, iterative deepening until proved); MAGPIE runs
its ``endgame`` command with ``-eplies 25`` (deeper than any of these
games can last, so its value is the exact one too), one thread, and a
small transposition table (``-ttfraction``).  The script reports the
positions where the two values differ, and the solve times: dlxc's wall
and CPU seconds per position; MAGPIE's own solve time per position (wall)
and the CPU of its whole process less that of a process that only loads
the position (per position).

MAGPIE is not part of dlxc: build it as bench/bench_scrabble.py says
(``make magpie BUILD=release``, data from MAGPIE-DATA, the ENABLE lexicon
as ``TWLENABLE``; its leave file ``-k1/-k2`` is any klv2 it has: the
endgame does not use leaves for its values) and point ``--magpie`` (or
MAGPIE_DIR) at that checkout.

Usage: ``python bench/bench_endgame.py [--positions 100] [--max-tiles 6]
[--seed 1] [--magpie DIR] [--klv NWL20] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
try:
    import dlxc  # noqa: F401
except ImportError:
    sys.path.insert(0, str(HERE.parent))

import magpie  # noqa: E402  (bench/, this script's folder)

from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models.cgp import parse  # noqa: E402
from dlxc.models.endgame import from_position  # noqa: E402
from dlxc.models.game import endgame_positions  # noqa: E402
from dlxc.models.scrabble import MoveFinder, Rules  # noqa: E402


def magpie_solve(root: Path, cgp: str, klv: str, ttfraction: float, solve: bool):
    """(value, MAGPIE's solve seconds, process CPU seconds) of one position."""
    board = " ".join(cgp.split()[:4])
    script = f"cgp {board}\n" + ("endgame -eplies 25\n" if solve else "")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = magpie.run(root, klv, script, "score", "-ttfraction", str(ttfraction))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if not solve:
        return None, 0.0, cpu
    head = re.search(r"Endgame \(depth: (\d+), time: ([\d.]+)s, status: (\w+)\)", out)
    lines = out.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("Play"))
    cols = lines[k]
    row = lines[k + 1]
    # the V column starts where the header's "V" does
    v_at = cols.index(" V ") + 1
    value = int(row[v_at:].split()[0]) if row[v_at:].split() else None
    if head is None or value is None:
        raise SystemExit(f"MAGPIE's endgame output not understood:\n{out}")
    return value, float(head.group(2)), cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--max-tiles", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lexicon", default=None, help="ENABLE word list (default: dlxc's)")
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_DIR"))
    ap.add_argument("--klv", default="NWL20")
    ap.add_argument("--ttfraction", type=float, default=0.002)
    ap.add_argument("--tt-mb", type=float, default=256)
    ap.add_argument("--backend", default=None)
    ap.add_argument("--skip", type=int, default=0, help="Solve only from position SKIP on.")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.lexicon is None:
        from dlxc.models import wordlists

        args.lexicon = str(Path(wordlists.__file__).parent / "enable2k.txt")
    rules = Rules()
    lex = Lexicon.from_word_file_keeping(args.lexicon, rules.values, backend=args.backend)[0]
    finder = MoveFinder(lex, rules)
    cgps = endgame_positions(finder, args.positions, args.seed, args.max_tiles, "TWLENABLE")
    magpie = Path(args.magpie) if args.magpie else None
    base_cpu = None
    if magpie:
        base_cpu = statistics.median(
            magpie_solve(magpie, cgps[0], args.klv, args.ttfraction, False)[2] for _ in range(3)
        )
    rows = []
    for i, cgp in enumerate(cgps):
        if i < args.skip:
            continue
        game = from_position(finder, parse(cgp, rules))
        w0, c0 = time.perf_counter(), time.process_time()
        res = game.solve(tt_mb=args.tt_mb)
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        row = {
            "cgp": cgp,
            "value": res.value,
            "proved": res.proved,
            "nodes": res.nodes,
            "wall": wall,
            "cpu": cpu,
        }
        if magpie:
            value, mwall, mcpu = magpie_solve(magpie, cgp, args.klv, args.ttfraction, True)
            row.update(
                magpie_value=value,
                magpie_wall=mwall,
                magpie_cpu=max(0.0, mcpu - (base_cpu or 0.0)),
            )
        rows.append(row)
        if not args.json:
            extra = ""
            if magpie:
                same = "same" if row["magpie_value"] == res.value else "DIFFERENT"
                extra = (
                    f"  MAGPIE {row['magpie_value']:5d} {row['magpie_wall']:8.3f}s "
                    f"cpu {row['magpie_cpu']:8.3f}s  {same}"
                )
            print(f"{i:4d} dlxc {res.value:5d} {wall:8.3f}s cpu {cpu:8.3f}s{extra}", flush=True)
    report: dict = {
        "positions": len(rows),
        "max_tiles": args.max_tiles,
        "seed": args.seed,
        "proved": sum(r["proved"] for r in rows),
        "dlxc_wall_median": statistics.median(r["wall"] for r in rows),
        "dlxc_wall_total": sum(r["wall"] for r in rows),
        "dlxc_cpu_median": statistics.median(r["cpu"] for r in rows),
        "dlxc_cpu_total": sum(r["cpu"] for r in rows),
        "load": os.getloadavg(),
    }
    if magpie:
        report.update(
            same_values=sum(r["magpie_value"] == r["value"] for r in rows),
            mismatches=[r for r in rows if r["magpie_value"] != r["value"]],
            magpie_wall_median=statistics.median(r["magpie_wall"] for r in rows),
            magpie_wall_total=sum(r["magpie_wall"] for r in rows),
            magpie_cpu_median=statistics.median(r["magpie_cpu"] for r in rows),
            magpie_cpu_total=sum(r["magpie_cpu"] for r in rows),
            magpie_process_base_cpu=base_cpu,
        )
    print(json.dumps(report, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
