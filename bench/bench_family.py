"""dlxc against Knuth's DLX3, SSMCC, DLX5, DLX6 and DLX-PRE: speed, family by family.

    python bench/bench_family.py [--peers DIR] [--dlxc PATH] [--runs 3] [--only NAME,...]

Each problem is written once in Knuth's format (by this script, so every
program reads the same file); then, round after round, each program runs on
it as a whole process (start-up, input, work), the order rotating from round
to round so that all see the same machine load.  Printed per program: the
median wall time and the median CPU time (user + system of the child, from
getrusage), the ratio dlxc / the faster peer (wall), and the load average
before and after.  The answers are checked too (counts, minimum costs, the
ZDD's count), so a fast wrong answer cannot pass.

Families:

- MCC (DLX3, SSMCC vs ``dlxc count``): pentomino packings where each piece
  may be used 0..2 times (``0:2|F``); queen domination, every cell covered
  by 1..k of the k queens (``1:k|cell``, ``k|Q``); anagrams of a phrase from
  words of dlxc's ENABLE list, each letter used exactly (``2|n``) and 2..4
  words (``2:4|#``).
- costs (DLX5 ``kK`` vs ``dlxc solve --best K``): 16 queens with random
  costs per cell, pentominoes 5x12 with random costs per placement (K = 1,
  and K = 10 on the queens).
- ZDD (DLX6 ``m1 > FILE`` vs ``dlxc zdd PROBLEM > FILE``): n queens and
  pentominoes 3x20; the count of DLX6's summary against the count of dlxc's
  ZDD.
- preprocessing (DLX-PRE vs ``dlxc preprocess FILE -o OUT``): pentomino
  boards with holes, where many placements cut off a cell.

A feature dlxc lacks is skipped with a note (the peers still run).  On a
shared machine read the ratios, not the seconds.

Knuth's programs are not part of dlxc and are never committed.  Build them
(Debian: ``apt-get install texlive-binaries`` gives ctangle) from
github.com/ascherer/cwebtest into DIR/bin (default /work/peers/bin):

    mkdir -p build bin && cd build && cp CWEBTEST/{gb_flip,dlx2,dlx3,dlx5,dlx6,dlx-pre,ssmcc}.w .
    : > boilerplate.w
    CWEBINPUTS=. ctangle ./gb_flip.w - ./gb_flip.c
    for f in dlx2 dlx3 dlx5 dlx6 dlx-pre ssxcc ssmcc; do ctangle ./$f.w - ./$f.c; done
    for f in dlx2 dlx3 dlx6 dlx-pre ssxcc ssmcc; do
      cc -O3 -march=native -o ../bin/$f $f.c gb_flip.c; done
    cc -O3 -march=native -o ../bin/dlx5 dlx5.c

(``./name.w``, not ``name.w``: that ctangle looks bare names up through
kpathsea.)  Nothing else needs changing; gcc 12 only warns about implicit int.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vs_family import Dlxc, dlx5_best_costs, dlxc_best, dlxc_zdd_count, knuth_count

ROOT = Path(__file__).resolve().parent.parent
ENABLE = ROOT / "dlxc/puzzles/words/enable.txt"

PENTOMINOES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 1), (2, 0), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


# ---------------------------------------------------------------- problems


def orientations(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    seen = set()
    out = []
    for flip in (1, -1):
        for rot in range(4):
            pts = [(r, c * flip) for r, c in cells]
            for _ in range(rot):
                pts = [(c, -r) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            norm = tuple(sorted((r - r0, c - c0) for r, c in pts))
            if norm not in seen:
                seen.add(norm)
                out.append(list(norm))
    return out


def placements(
    rows: int, cols: int, holes: frozenset[tuple[int, int]] = frozenset()
) -> list[tuple[str, list[str]]]:
    """(piece, cell names) for every placement of every pentomino on the board."""
    out = []
    for name, cells in PENTOMINOES.items():
        for shape in orientations(cells):
            for dr in range(rows):
                for dc in range(cols):
                    pts = [(r + dr, c + dc) for r, c in shape]
                    if all(0 <= r < rows and 0 <= c < cols and (r, c) not in holes for r, c in pts):
                        out.append((name, [f"{r}-{c}" for r, c in pts]))
    return out


def board_cells(rows: int, cols: int, holes: frozenset[tuple[int, int]] = frozenset()) -> list[str]:
    return [f"{r}-{c}" for r in range(rows) for c in range(cols) if (r, c) not in holes]


def pentomino_packing(rows: int, cols: int, most: int) -> str:
    """Cover the board exactly; each piece used 0..most times."""
    head = " ".join(f"0:{most}|{p}" for p in PENTOMINOES) + " " + " ".join(board_cells(rows, cols))
    body = "\n".join(f"{p} {' '.join(cs)}" for p, cs in placements(rows, cols))
    return f"| pentominoes {rows}x{cols}, each piece 0..{most} times\n{head}\n{body}\n"


def pentomino_exact(
    rows: int, cols: int, holes: frozenset[tuple[int, int]], cost_seed: int | None
) -> str:
    """The 12 pentominoes once each; option costs when cost_seed is given."""
    rng = random.Random(cost_seed)
    head = " ".join(PENTOMINOES) + " " + " ".join(board_cells(rows, cols, holes))
    lines = []
    for p, cs in placements(rows, cols, holes):
        cost = f" |{rng.randint(0, 99)}" if cost_seed is not None else ""
        lines.append(f"{p} {' '.join(cs)}{cost}")
    return f"| pentominoes {rows}x{cols}\n{head}\n" + "\n".join(lines) + "\n"


def queen_domination(n: int, k: int) -> str:
    """k queens covering every cell of an n x n board, each cell 1..k times."""
    head = f"{k}|Q " + " ".join(f"1:{k}|{r}-{c}" for r in range(n) for c in range(n))
    lines = []
    for r in range(n):
        for c in range(n):
            cov = [
                f"{i}-{j}"
                for i in range(n)
                for j in range(n)
                if i == r or j == c or i - j == r - c or i + j == r + c
            ]
            lines.append("Q " + " ".join(cov))
    return f"| {k} queens dominating {n}x{n}\n{head}\n" + "\n".join(lines) + "\n"


def anagrams(phrase: str, words: int = 2, most: int = 4, minlen: int = 3) -> str:
    """Sets of 2..4 ENABLE words (no repeated letter in a word) using phrase's letters exactly."""
    bag = Counter(ch for ch in phrase if ch.isalpha())
    vocab = []
    for w in ENABLE.read_text().split():
        if len(w) >= minlen and len(set(w)) == len(w) and all(bag[ch] >= 1 for ch in w):
            vocab.append(w)
    head = f"{words}:{most}|# " + " ".join(
        (ch if n == 1 else f"{n}|{ch}") for ch, n in sorted(bag.items())
    )
    body = "\n".join("# " + " ".join(w) for w in vocab)
    return f"| anagrams of {phrase!r}\n| {len(vocab)} words\n{head}\n{body}\n"


def queens(n: int, cost_seed: int | None = None) -> str:
    """n queens: rows and columns primary, diagonals secondary; random costs 0..99 if seeded."""
    rng = random.Random(cost_seed)
    head = " ".join(f"r{i}" for i in range(n)) + " " + " ".join(f"c{i}" for i in range(n))
    sec = " ".join([*(f"a{i}" for i in range(2 * n - 1)), *(f"b{i}" for i in range(2 * n - 1))])
    lines = []
    for i in range(n):
        for j in range(n):
            cost = f" |{rng.randint(0, 99)}" if cost_seed is not None else ""
            lines.append(f"r{i} c{j} a{i + j} b{i - j + n - 1}{cost}")
    return f"| {n} queens\n{head} | {sec}\n" + "\n".join(lines) + "\n"


# ------------------------------------------------------------------ runs


@dataclass
class Prog:
    cmd: Callable[[Path], list[str]]  # problem -> argv
    stdin: bool  # feed the problem on stdin (Knuth's programs)
    answer: Callable[[str, str], object]  # (stdout, stderr) -> answer
    to_file: Path | None = None  # stdout goes to this file (read back as stdout)


def timed(prog: Prog, f: Path) -> tuple[float, float, str, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with (
        open(f if prog.stdin else os.devnull, "rb") as fin,
        open(prog.to_file or os.devnull, "w") as fout,
    ):
        t0 = time.perf_counter()
        res = subprocess.run(
            prog.cmd(f),
            stdin=fin,
            stdout=fout if prog.to_file else subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if res.returncode not in (0, 3):
        raise RuntimeError(f"{' '.join(prog.cmd(f))} exited {res.returncode}: {res.stderr[-300:]}")
    out = prog.to_file.read_text() if prog.to_file else res.stdout
    return wall, cpu, out, res.stderr


Family = tuple[str, str, Callable[[], str], dict[str, Prog]]


def families(peers: Path, dlxc: Dlxc | None, tmp: Path) -> list[Family]:
    """(family, problem, text maker, {program: Prog}); no dlxc entry when it lacks the feature."""
    p = {name: str(peers / name) for name in ("dlx3", "ssmcc", "dlx5", "dlx6", "dlx-pre")}
    d = dlxc.exe if dlxc else ""
    json_flag = ["--json"] if dlxc and dlxc.json else []

    def knuth(path: str, *args: str) -> Prog:
        return Prog(lambda f: [path, *args], True, lambda out, err: knuth_count(err))

    mcc = {"DLX3": knuth(p["dlx3"]), "SSMCC": knuth(p["ssmcc"])}
    if dlxc and dlxc.mcc:
        mcc["dlxc"] = Prog(
            lambda f: [d, "count", "-q", str(f)], False, lambda out, err: int(out.split()[0])
        )

    def cost(k: int) -> dict[str, Prog]:
        progs = {
            "DLX5": Prog(lambda f: [p["dlx5"], f"k{k}"], True, lambda o, e: dlx5_best_costs(e))
        }
        if dlxc and dlxc.costs and dlxc.best:
            progs["dlxc"] = Prog(
                lambda f: [d, "solve", "-q", "--best", str(k), *json_flag, str(f)],
                False,
                lambda out, err: sorted(c for c, _ in dlxc_best(out))[:k],
            )
        return progs

    zdd = {
        "DLX6": Prog(
            lambda f: [p["dlx6"], "m1"], True, lambda o, e: knuth_count(e), tmp / "dlx6.zdd"
        )
    }
    if dlxc and dlxc.zdd:
        zdd["dlxc"] = Prog(
            lambda f: [d, "zdd", "-q", str(f)],
            False,
            lambda o, e: dlxc_zdd_count(o),
            tmp / "dlxc.zdd",
        )

    def removed(err: str) -> str:  # "Removed 152 options and 0 items"
        return re.sub(r",? after .*", "", err.strip().splitlines()[-1])

    pre = {
        "DLX-PRE": Prog(lambda f: [p["dlx-pre"]], True, lambda o, e: removed(e), tmp / "pre.dlx")
    }
    if dlxc and dlxc.preprocess:
        pre["dlxc"] = Prog(
            lambda f: [d, "preprocess", str(f), "-o", str(tmp / "dlxc-pre.dlx")],
            False,
            lambda o, e: None,
        )
    scott = frozenset({(3, 3), (3, 4), (4, 3), (4, 4)})
    no_holes: frozenset[tuple[int, int]] = frozenset()
    return [
        ("MCC", "pentominoes 5x6, each piece 0..2 times", lambda: pentomino_packing(5, 6, 2), mcc),
        (
            "MCC",
            "pentominoes 3x10, each piece 0..2 times",
            lambda: pentomino_packing(3, 10, 2),
            mcc,
        ),
        ("MCC", "queen domination 7x7, 4 queens", lambda: queen_domination(7, 4), mcc),
        ("MCC", "anagrams of 'knuth dancing links'", lambda: anagrams("knuth dancing links"), mcc),
        ("MCC", "anagrams of 'exact cover problem'", lambda: anagrams("exact cover problem"), mcc),
        ("costs", "16 queens, random costs", lambda: queens(16, 1), cost(1)),
        ("costs", "16 queens, random costs, 10 best", lambda: queens(16, 1), cost(10)),
        (
            "costs",
            "pentominoes 5x12, random costs",
            lambda: pentomino_exact(5, 12, no_holes, 1),
            cost(1),
        ),
        ("ZDD", "10 queens", lambda: queens(10), zdd),
        ("ZDD", "11 queens", lambda: queens(11), zdd),
        ("ZDD", "pentominoes 3x20", lambda: pentomino_exact(3, 20, no_holes, None), zdd),
        (
            "preprocess",
            "pentominoes 8x8 minus 2x2",
            lambda: pentomino_exact(8, 8, scott, None),
            pre,
        ),
        ("preprocess", "pentominoes 6x10", lambda: pentomino_exact(6, 10, no_holes, None), pre),
    ]


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peers", default=os.environ.get("PEERS", "/work/peers/bin"))
    ap.add_argument("--dlxc", default=shutil.which("dlxc"), help="dlxc's CLI (default: on PATH)")
    ap.add_argument("--no-dlxc", action="store_true", help="time Knuth's programs only")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated substrings of problem names")
    ap.add_argument("--keep", help="write the problems into this folder too")
    args = ap.parse_args()
    peers = Path(args.peers)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        dlxc = None
        if not args.no_dlxc:
            if not args.dlxc:
                sys.exit("dlxc is not on PATH: give --dlxc or --no-dlxc")
            dlxc = Dlxc(args.dlxc, tmp)
            for feature, why in dlxc.notes:
                if feature != "--preprocess":  # not timed here
                    print(f"skip: dlxc's {feature} runs: {why}")
        chosen = [
            fam
            for fam in families(peers, dlxc, tmp)
            if not args.only
            or any(s.strip() in fam[1] or s.strip() == fam[0] for s in args.only.split(","))
        ]
        print(f"load average before: {loadavg()}  (cores: {os.cpu_count()})", flush=True)
        rows = []
        failures: list[str] = []
        for i, (family, name, make, progs) in enumerate(chosen):
            f = tmp / f"p{i}.dlx"
            f.write_text(make())
            if args.keep:
                Path(args.keep).mkdir(parents=True, exist_ok=True)
                shutil.copy(f, Path(args.keep) / f"{re.sub(r'[^A-Za-z0-9]+', '_', name)}.dlx")
            walls: dict[str, list[float]] = {q: [] for q in progs}
            cpus: dict[str, list[float]] = {q: [] for q in progs}
            answers: dict[str, object] = {}
            order = list(progs)
            try:
                for r in range(args.runs):
                    for q in order[r % len(order) :] + order[: r % len(order)]:
                        wall, cpu, out, err = timed(progs[q], f)
                        walls[q].append(wall)
                        cpus[q].append(cpu)
                        answers[q] = progs[q].answer(out, err)
            except (RuntimeError, ValueError) as e:
                print(f"FAILED {name}: {e}", flush=True)
                failures.append(name)
                continue
            if family == "preprocess":  # the reduced problems may differ: vs_family counts them
                answers.pop("dlxc", None)
            if len({repr(a) for a in answers.values()}) > 1:
                print(f"DISAGREE {name}: {answers}", flush=True)
                failures.append(name)
            med = {q: statistics.median(ts) for q, ts in walls.items()}
            cmed = {q: statistics.median(ts) for q, ts in cpus.items()}
            peer_names = [q for q in progs if q != "dlxc"]
            fastest = min(peer_names, key=lambda q: med[q])
            ratio = (
                (med["dlxc"] / med[fastest], cmed["dlxc"] / cmed[fastest])
                if "dlxc" in med
                else None
            )
            answer = next(iter(answers.values()))
            if isinstance(answer, list) and len(answer) > 3:
                answer = f"{len(answer)} best costs {answer[0]}..{answer[-1]}"
            elif isinstance(answer, list):
                answer = "cost " + ", ".join(map(str, answer))
            rows.append((family, name, answer, med, cmed, ratio))
            print(
                f"[{family}] {name} ({answer}): "
                + ", ".join(f"{q} {med[q]:.3f} s (cpu {cmed[q]:.3f})" for q in progs)
                + (
                    f"; dlxc / faster peer {ratio[0]:.2f} (cpu {ratio[1]:.2f})"
                    if ratio is not None
                    else "; dlxc skipped"
                )
                + "   runs: "
                + "; ".join(f"{q} " + " ".join(f"{t:.3f}" for t in ts) for q, ts in walls.items()),
                flush=True,
            )
    print(f"load average after: {loadavg()}")
    print()
    print("| family | problem (answer) | programs: wall (cpu) | dlxc / faster peer: wall (cpu) |")
    print("|---|---|---|---|")
    for family, name, answer, med, cmed, ratio in rows:
        progs_text = ", ".join(f"{q} {med[q]:.3f} s ({cmed[q]:.3f})" for q in med)
        ratio_text = f"{ratio[0]:.2f} ({ratio[1]:.2f})" if ratio is not None else "skipped"
        print(f"| {family} | {name} ({answer}) | {progs_text} | {ratio_text} |")
    if failures:
        sys.exit(f"failed or disagreed: {', '.join(failures)}")


if __name__ == "__main__":
    main()
