"""Scrabble move generation side by side with MAGPIE, on the same positions.

The positions are dlxc's own: mid-game boards of greedy two-player games
(``greedy_positions``, seeded, turns 4 to 19 of each game), written as CGP
for MAGPIE.  Over the same positions and the same lexicon (ENABLE; MAGPIE's
copy holds its words of at most 15 letters, all a 15x15 board can take)
the script reports positions per CPU second, the median of ``--rounds``
rounds (dlxc and MAGPIE alternate, so a busy machine slows both alike):

- best: the best move by score.  dlxc: ``MoveFinder.find(board, rack,
  top=1)[0]``, a ``Move``; MAGPIE: its best-move record mode sorted by
  score, without its word map (``-wmp false``);
- all: every move.  dlxc: ``MoveFinder.count`` (every move found and
  scored in C); MAGPIE: its all-moves record mode (which also lists the
  exchanges and the pass);
- python: dlxc's moves as Python objects on demand: ``MoveFinder.find``
  (every move, sorted, in one compact ``MoveList``), then its length, its
  best ``Move`` and the list of scores.

and checks that for every position both engines find the same best score
and the same tile-placement moves with the same scores (a one-tile move is
compared by its square, letter and score: the two engines may name its
direction differently).

MAGPIE is not part of dlxc.  Build it outside the repository (``git clone
https://github.com/jvc56/MAGPIE && make magpie BUILD=release``, its data
from MAGPIE-DATA under ``data/``, and the lexicon made with ``convert
text2kwg`` from ENABLE's words of at most 15 letters, upper case, saved as
``data/lexica/TWLENABLE.txt``: MAGPIE takes the English letter distribution
from the name's prefix) and point ``--magpie`` (or MAGPIE_DIR) at that
checkout; the script compiles bench/magpie_harness.c there against
MAGPIE's objects, as ``bin/dlxc-mbench``.  Without MAGPIE only dlxc's
figures are printed.

Usage: ``python bench/bench_scrabble.py [--positions 300] [--rounds 3]
[--magpie MAGPIE_CHECKOUT] [--magpie-lexicon TWLENABLE] [--json]``.
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

HERE = Path(__file__).resolve().parent
try:  # the installed dlxc (a plain install, or an editable one)
    import dlxc  # noqa: F401
except ImportError:  # else the checkout this script is in
    sys.path.insert(0, str(HERE.parent))

from dlxc.lexicon import Lexicon  # noqa: E402
from dlxc.models.cgp import to_cgp  # noqa: E402
from dlxc.models.scrabble import MoveFinder, greedy_positions  # noqa: E402


def positions_of(finder: MoveFinder, n: int, seed: int) -> list[tuple[bytes, bytes]]:
    out: list[tuple[bytes, bytes]] = []
    game = 0
    while len(out) < n:
        out += greedy_positions(finder, seed=seed * 1000 + game, turns=20)[4:]
        game += 1
    return out[:n]


def as_text(finder: MoveFinder, board: bytes, rack: bytes) -> tuple[list[str], str]:
    """The board's rows and the rack as dlxc writes them."""
    letters = finder.lexicon.alphabet.letters
    cols = finder.rules.cols
    rows = []
    for r in range(finder.rules.rows):
        line = []
        for sq in board[r * cols : (r + 1) * cols]:
            ch = "." if not sq else letters[(sq & 127) - 1]
            line.append(ch if sq & 128 or ch == "." else ch.upper())
        rows.append("".join(line))
    tiles = "".join(letters[c - 1] * rack[c] for c in range(1, len(letters) + 1)) + "?" * rack[0]
    return rows, tiles


def move_key(row, col, down, tiles, score):
    """A move as both engines can write it; tiles: '.' a board tile, else
    the letter placed (lower case a blank)."""
    fresh = [(k, ch) for k, ch in enumerate(tiles) if ch != "."]
    if len(fresh) == 1:
        k, ch = fresh[0]
        return ("one", row + k if down else row, col if down else col + k, ch, score)
    return ("line", row, col, down, tiles, score)


def dlxc_keys(found) -> set:
    keys = set()
    for m in found:
        down = m.direction == "down"
        squares = {(r, c) for r, c, _ in m.tiles}
        tiles = "".join(
            ch if ((m.row + k, m.col) if down else (m.row, m.col + k)) in squares else "."
            for k, ch in enumerate(m.word)
        )
        keys.add(move_key(m.row, m.col, int(down), tiles, m.score))
    return keys


def magpie_dump(text: str) -> list[set]:
    out: list[set] = []
    for line in text.splitlines():
        if line.startswith("P "):
            out.append(set())
            continue
        row, col, down, tiles, score = line.split()
        out[-1].add(move_key(int(row), int(col), int(down), tiles, int(score)))
    return out


def magpie_harness(root: Path) -> Path:
    """bench/magpie_harness.c compiled in the MAGPIE checkout ``root``."""
    exe = root / "bin" / "dlxc-mbench"
    src = HERE / "magpie_harness.c"
    if exe.exists() and exe.stat().st_mtime >= src.stat().st_mtime:
        return exe
    objs = sorted(str(p) for p in (root / "obj").glob("release-b15-r7/src/*/*.o"))
    if not objs:
        raise SystemExit(f"build MAGPIE first: cd {root} && make magpie BUILD=release")
    subprocess.run(
        ["cc", "-O3", "-march=native", "-DNDEBUG", "-pthread", "-I", str(root), str(src), *objs]
        + ["-lm", "-o", str(exe)],
        check=True,
        cwd=root,
    )
    return exe


def magpie_run(exe: Path, root: Path, lexicon: str, cgp: str, mode: str, reps: int):
    """(CPU seconds, positions) of one timed run of the harness."""
    out = subprocess.run(
        [str(exe), str(root / "data"), lexicon, cgp, mode, str(reps)],
        check=True,
        capture_output=True,
        text=True,
        cwd=root,
    ).stdout
    if mode == "dump":
        return out
    cpu, n, _moves = out.split()
    return float(cpu), int(n)


def per_cpu_second(fn, positions, reps: int) -> float:
    start = time.process_time()
    for _ in range(reps):
        for board, rack in positions:
            fn(board, rack)
    return reps * len(positions) / (time.process_time() - start)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--words", default=str(HERE.parent / "dlxc" / "puzzles" / "words" / "enable.txt")
    )
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=3, help="passes over the positions per round")
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_DIR"))
    ap.add_argument("--magpie-lexicon", default="TWLENABLE")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    lex = Lexicon.from_file(args.words, backend="c")
    finder = MoveFinder(lex)
    positions = positions_of(finder, args.positions, args.seed)
    report: dict = {"positions": len(positions)}

    magpie = Path(args.magpie) if args.magpie else None
    exe = magpie_harness(magpie) if magpie else None
    with tempfile.TemporaryDirectory() as tmp:
        cgp = os.path.join(tmp, "positions.cgp")
        with open(cgp, "w") as f:
            for board, rack in positions:
                rows, tiles = as_text(finder, board, rack)
                f.write(to_cgp(rows, tiles) + "\n")

        # --- the same moves ---------------------------------------------------
        full = [finder.moves(board, rack) for board, rack in positions]
        report["moves_per_position"] = sum(map(len, full)) / len(full)
        best_ok = all(
            finder.moves(b, r, top=1)[:1] == found[:1] for (b, r), found in zip(positions, full)
        )
        report["dlxc_best_equals_full_list"] = best_ok
        if exe and magpie:
            theirs = magpie_dump(magpie_run(exe, magpie, args.magpie_lexicon, cgp, "dump", 1))
            ours = [dlxc_keys(found) for found in full]
            same = sum(a == b for a, b in zip(ours, theirs))
            best_same = sum(
                max((k[-1] for k in a), default=None) == max((k[-1] for k in b), default=None)
                for a, b in zip(ours, theirs)
            )
            report["magpie_same_move_lists"] = same
            report["magpie_same_best_score"] = best_same
            for i, (a, b) in enumerate(zip(ours, theirs)):
                if a != b:
                    report.setdefault(
                        "first_difference",
                        {
                            "position": i,
                            "dlxc_only": sorted(a - b)[:5],
                            "magpie_only": sorted(b - a)[:5],
                        },
                    )

        # --- speed --------------------------------------------------------------
        runs: dict[str, list[float]] = {k: [] for k in ("best", "all", "python")}
        if exe:
            runs.update({"magpie_best": [], "magpie_all": []})

        def python_on_demand(board, rack):
            found = finder.find(board, rack)
            if len(found):
                found[0]
            found.scores()

        for _ in range(args.rounds):
            runs["best"].append(
                per_cpu_second(lambda b, r: finder.find(b, r, top=1)[:1], positions, args.reps)
            )
            runs["all"].append(per_cpu_second(finder.count, positions, args.reps))
            runs["python"].append(per_cpu_second(python_on_demand, positions, args.reps))
            if exe and magpie:
                for mode in ("best", "all"):
                    cpu, n = magpie_run(exe, magpie, args.magpie_lexicon, cgp, mode, args.reps * 3)
                    runs["magpie_" + mode].append(n / cpu)
    for name, xs in runs.items():
        report[name + "_per_cpu_s"] = statistics.median(xs)
        report[name + "_per_cpu_s_range"] = [min(xs), max(xs)]
    report["load_average"] = os.getloadavg()

    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{report['positions']} positions, {report['moves_per_position']:.0f} moves each on average"
    )
    print(f"top=1 equals the full list's first move: {report['dlxc_best_equals_full_list']}")
    if "magpie_same_move_lists" in report:
        print(
            f"same move lists as MAGPIE: {report['magpie_same_move_lists']}/{report['positions']}, "
            f"same best score: {report['magpie_same_best_score']}/{report['positions']}"
        )
    for name, label in (
        ("best", "best move"),
        ("all", "all moves"),
        ("python", "Python objects on demand"),
    ):
        line = f"{label:26} dlxc {report[name + '_per_cpu_s']:8,.0f} positions per CPU second"
        if "magpie_" + name + "_per_cpu_s" in report:
            line += f"   MAGPIE {report['magpie_' + name + '_per_cpu_s']:8,.0f}"
        print(line)
    print("load average: {:.2f} {:.2f} {:.2f}".format(*report["load_average"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
