"""dlxc against Knuth's exact-cover family on random problems: answers, not time.

    python bench/vs_family.py [--peers DIR] [--dlxc PATH] [--n 300] [--n-cost 200] [--seed 1]

Random problems in Knuth's format, made from a fixed seed:

- MCC problems: primary items with bounds ``u:v|name`` (u < v, u = 0 and
  ``v|name`` among them), secondary items with colors; one in three has
  only 1:1 items (plain XCC with colors).
- cost problems: XCC with colors whose options carry costs as DLX5 reads them
  (``A B |3``; sometimes split, ``A |1 B |2``, or placed between items);
  one in three has bounds too (MCC with costs: no peer reads it, so its
  oracle is DLX3's listing of the problem without costs).

For each problem the script checks Knuth's programs among themselves (and
DLX3 against a brute force over all subsets of options) and then dlxc
against them, feature by feature:

- counts: DLX3 = SSMCC (MCC), DLX2 = DLX3 (plain XCC), ``dlxc count`` = DLX3;
- solutions: the sets of solutions (each a set of options, an option a set
  of ``item`` / ``item:color`` tokens) of DLX3 and SSMCC, and of ``dlxc
  solve`` against DLX3;
- costs: the K best costs of DLX5 against the costs of every solution DLX2
  lists; ``dlxc solve --best K`` against the listing (its solutions must be
  solutions, its costs the sums of their options' costs) and its minimum
  against DLX5's;
- ZDDs: DLX6's ZDD counts as many solutions as DLX2; so does ``dlxc zdd``;
- preprocessing: DLX-PRE's reduced problem has the count of the original;
  so has the problem ``dlxc preprocess FILE -o OUT`` writes (counted by
  dlxc and by DLX3); ``dlxc count/solve --preprocess`` give DLX3's count
  and solutions (the solutions name the file's options).

A feature dlxc lacks (found by a probe at the start) is skipped with a note.
The summary gives, per check, the problems compared, the agreements and the
disagreements; the first disagreeing problem of each check is kept in a
folder whose path is printed.  The exit status is 1 when anything disagrees.

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
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

Option = tuple[str, ...]  # sorted item tokens ("a", "x:b"); costs dropped
Solution = frozenset[Option]

KNUTH_MCC_EXAMPLE = (
    "| DLX3's example\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
)
KNUTH_COST_EXAMPLE = "A B C | X\nA B |3\nA |1 X:a\nB |1\nC |2\nA C |2\nB C |5 X:a\nC X:b |1 |1\n"


# ---------------------------------------------------------------- problems


@dataclass
class Instance:
    """A problem: primary items with bounds, secondary items, options as tokens."""

    primary: list[tuple[str, int, int]]
    secondary: list[str]
    options: list[list[str]]  # item tokens and cost tokens "|n", in file order
    style: dict[str, str] = field(default_factory=dict)  # item -> how its bounds are spelled

    def text(self, *, costs: bool = True) -> str:
        head = []
        for name, u, v in self.primary:
            spelling = self.style.get(name)
            if u != v or spelling == "u:v|":  # "2:2|x" and "1:1|x" are legal too
                head.append(f"{u}:{v}|{name}")
            elif v != 1 or spelling == "v|":
                head.append(f"{v}|{name}")
            else:
                head.append(name)
        line = " ".join(head) + (" | " + " ".join(self.secondary) if self.secondary else "")
        body = [" ".join(t for t in opt if costs or not t.startswith("|")) for opt in self.options]
        return "| made by bench/vs_family.py\n" + line + "\n" + "\n".join(body) + "\n"

    def is_mcc(self) -> bool:
        """Bounds other than 1:1, or written out: only MCC readers read it."""
        return bool(self.style) or any((u, v) != (1, 1) for _, u, v in self.primary)

    def cost_of(self) -> dict[Option, int]:
        return {
            canon_option(opt): sum(int(t[1:]) for t in opt if t.startswith("|"))
            for opt in self.options
        }


def random_instance(rng: random.Random, *, bounds: bool, costs: bool) -> Instance:
    n_primary = rng.randint(3, 7)
    primary = []
    style = {}
    for i in range(n_primary):
        name = f"p{i}"
        u, v = (1, 1)
        if bounds:
            u, v = rng.choice([(1, 1), (1, 1), (0, 1), (1, 2), (0, 2), (2, 2), (2, 3), (1, 3)])
            if u == v and rng.random() < 0.2:
                style[name] = rng.choice(["u:v|", "v|"])
        primary.append((name, u, v))
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    seen: set[Option] = set()
    options: list[list[str]] = []
    for _ in range(rng.randint(6, 15 if bounds else 18)):
        tokens = [p for p, _, _ in rng.sample(primary, rng.randint(1, min(3, n_primary)))]
        for s in secondary:
            if rng.random() < 0.45:
                tokens.append(s if rng.random() < 0.2 else f"{s}:{rng.choice('ab')}")
        rng.shuffle(tokens)
        key = canon_option(tokens)
        if key in seen:
            continue
        seen.add(key)
        if costs:
            cost = 0 if rng.random() < 0.2 else rng.randint(1, 9)
            r = rng.random()
            if r < 0.15 and cost >= 2:  # split in two tokens, the first after the first item
                a = rng.randint(1, cost - 1)
                tokens = [tokens[0], f"|{a}", *tokens[1:], f"|{cost - a}"]
            elif r < 0.25 and len(tokens) > 1:  # between items
                tokens = [tokens[0], f"|{cost}", *tokens[1:]]
            else:
                tokens.append(f"|{cost}")
        options.append(tokens)
    return Instance(primary, secondary, options, style)


def brute_force(inst: Instance) -> list[Solution]:
    """Every solution, by trying each option in and out: the oracle of the peers themselves.

    A primary item's total must end within its bounds; a secondary item is
    either unused, or used by one option without a color, or by options that
    all give it the same color.
    """
    bounds = {name: (u, v) for name, u, v in inst.primary}
    opts = [canon_option(o) for o in inst.options]
    parsed = [[t.partition(":")[::2] for t in o] for o in opts]
    used = dict.fromkeys(bounds, 0)
    color: dict[str, str] = {}
    chosen: list[Option] = []
    out: list[Solution] = []

    def fits(items: list[tuple[str, str]]) -> bool:
        for name, c in items:
            if name in bounds:
                if used[name] == bounds[name][1]:
                    return False
            elif name in color and (not c or color[name] != c):
                return False
        return True

    def walk(i: int) -> None:
        if i == len(opts):
            if all(used[n] >= u for n, (u, _) in bounds.items()):
                out.append(frozenset(chosen))
            return
        walk(i + 1)
        if fits(parsed[i]):
            fresh = []
            for name, c in parsed[i]:
                if name in bounds:
                    used[name] += 1
                elif name not in color:
                    color[name] = c or "\0"  # uncolored: no one else may use it
                    fresh.append(name)
            chosen.append(opts[i])
            walk(i + 1)
            chosen.pop()
            for name, _ in parsed[i]:
                if name in bounds:
                    used[name] -= 1
            for name in fresh:
                del color[name]

    walk(0)
    return out


# ----------------------------------------------------------------- parsing


def canon_option(tokens: Iterable[str]) -> Option:
    return tuple(sorted(t for t in tokens if not t.startswith("|")))


def knuth_solutions(out: str) -> list[Solution]:
    """Solutions listed by DLX2/DLX3/SSXCC/SSMCC/DLX5 with m1 on stdout."""
    sols: list[Solution] = []
    cur: list[Option] | None = None
    for line in out.splitlines():
        if re.match(r"^\d+:", line):
            if cur is not None:
                sols.append(frozenset(cur))
            cur = []
        elif line.startswith(" ") and cur is not None:
            body = re.sub(r"\s*\(\d+ of \d+\).*$", "", line)  # "(2 of 3)", DLX5's " $c [n]"
            body = re.sub(r"\s*\$\d+ \[-?\d+\]$", "", body)
            tokens = body.split()
            if tokens and tokens[0] != "null":  # DLX3's "null C": an item left below v
                cur.append(canon_option(tokens))
    if cur is not None:
        sols.append(frozenset(cur))
    return sols


def knuth_count(err: str) -> int:
    m = re.search(r"Altogether (\d+) solution", err)
    if not m:
        raise RuntimeError(f"no count in: {err[-300:]!r}")
    return int(m.group(1))


def dlx5_best_costs(err: str) -> list[int]:
    """DLX5's stderr: "The optimum cost is $3", or "The optimum costs are:" then
    lines " $3", " $5 (repeated 2 times)"."""
    m = re.search(r"The optimum cost is \$(\d+)", err)
    if m:
        return [int(m.group(1))]
    costs: list[int] = []
    if "The optimum costs are:" in err:
        for line in err.split("The optimum costs are:", 1)[1].splitlines():
            m = re.match(r"^ \$(\d+)(?: \(repeated (\d+) times\))?$", line)
            if m:
                costs += [int(m.group(1))] * int(m.group(2) or 1)
    return costs


def zddread_count(out: str) -> int:
    """Solutions of a ZDD in the ZDDREAD text DLX6 writes: "ID: (~V?LO:HI)" in hex, root last."""
    nodes: dict[int, tuple[int, int]] = {}
    root = None
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9a-fA-F]+): \(~\d+\?([0-9a-fA-F]+):([0-9a-fA-F]+)\)", line)
        if m:
            root = int(m.group(1), 16)
            nodes[root] = (int(m.group(2), 16), int(m.group(3), 16))
    if root is None:
        return 0  # no node at all: no ZDD, so no solution
    memo = {0: 0, 1: 1}
    for n in sorted(nodes):  # children are made before their parents: smaller numbers
        lo, hi = nodes[n]
        memo[n] = memo[lo] + memo[hi]
    return memo[root]


def dlxc_solutions(out: str) -> list[Solution]:
    """``dlxc solve`` output: --json lines ({"text": [...]}) or "solution K:" blocks."""
    sols: list[Solution] = []
    if out.lstrip().startswith("{"):
        for line in out.splitlines():
            if line.strip():
                sols.append(frozenset(canon_option(t.split()) for t in json.loads(line)["text"]))
        return sols
    cur: list[Option] | None = None
    for line in out.splitlines():
        if re.match(r"^solution \d+", line):
            if cur is not None:
                sols.append(frozenset(cur))
            cur = []
        elif not line.strip():
            if cur is not None:
                sols.append(frozenset(cur))
            cur = None
        elif cur is not None:
            cur.append(canon_option(line.split()))
    if cur is not None:
        sols.append(frozenset(cur))
    return sols


def dlxc_best(out: str) -> list[tuple[int, Solution | None]]:
    """``dlxc solve --best K`` output: (cost, solution) per solution printed.

    The format is young: adapt here.  Accepted: JSON lines with "cost" (and
    "text" for the options), or text blocks whose header line ("solution K
    (cost C):", "solution K: cost C") names the cost, options below (cost
    tokens "|n" in them are dropped), up to the next header or blank line.
    """
    res: list[tuple[int, Solution | None]] = []
    if out.lstrip().startswith("{"):
        for line in out.splitlines():
            if line.strip():
                obj = json.loads(line)
                text = obj.get("text")
                sol = frozenset(canon_option(t.split()) for t in text) if text else None
                res.append((int(obj["cost"]), sol))
        return res
    cost: int | None = None
    cur: list[Option] | None = None

    def flush() -> None:
        if cur is not None:
            if cost is None:
                raise ValueError(f"a solution without a cost in: {out[:200]!r}")
            res.append((cost, frozenset(cur)))

    for line in out.splitlines():
        if re.match(r"^solution \d+", line, re.IGNORECASE):  # "solution 1 (cost 7):"
            flush()
            m = re.search(r"cost\D*(\d+)", line, re.IGNORECASE)
            cost, cur = (int(m.group(1)) if m else None), []
        elif cur is None:
            continue
        elif m := re.match(r"^\s*(?:total )?cost\D*(\d+)\s*$", line, re.IGNORECASE):
            cost = int(m.group(1))
        elif line.strip():
            cur.append(canon_option(line.split()))  # a cost token "|3" is dropped
        else:
            flush()
            cost, cur = None, None
    flush()
    return res


def dlxc_zdd_count(out: str) -> int:
    """``dlxc zdd FILE`` output: JSON with a count, or a ZDD in DLX6's text."""
    text = out.strip()
    if text.startswith("{"):
        obj = json.loads(text.splitlines()[0])
        for key in ("solutions", "count", "paths"):
            if key in obj:
                return int(obj[key])
    if re.search(r"^\s*[0-9a-fA-F]+: \(~", text, re.MULTILINE):
        return zddread_count(text)
    m = re.search(r"(\d+) solutions?", text)
    if m:
        return int(m.group(1))
    raise ValueError(f"cannot read a count in dlxc zdd's output: {text[:200]!r}")


# ----------------------------------------------------------------- running


def run(cmd: list[str], stdin: Path | None = None, ok: tuple[int, ...] = (0,)) -> tuple[str, str]:
    with open(stdin if stdin else os.devnull, "rb") as fin:
        res = subprocess.run(cmd, stdin=fin, capture_output=True, text=True, timeout=300)
    if res.returncode not in ok:
        raise RuntimeError(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr[-400:]}")
    return res.stdout, res.stderr


class Peers:
    def __init__(self, bindir: Path) -> None:
        self.bin = bindir
        missing = [
            p for p in ("dlx2", "dlx3", "ssmcc", "dlx5", "dlx6", "dlx-pre") if not self.path(p)
        ]
        if missing:
            sys.exit(f"missing in {bindir}: {', '.join(missing)} (see this script's docstring)")

    def path(self, prog: str) -> str | None:
        p = self.bin / prog
        return str(p) if p.exists() else None

    def solutions(self, prog: str, f: Path) -> tuple[int, list[Solution]]:
        out, err = run([str(self.bin / prog), "m1"], f)
        return knuth_count(err), knuth_solutions(out)

    def count(self, prog: str, f: Path) -> int:
        return knuth_count(run([str(self.bin / prog)], f)[1])

    def best(self, f: Path, k: int) -> list[int]:
        return dlx5_best_costs(run([str(self.bin / "dlx5"), f"k{k}"], f)[1])

    def zdd(self, f: Path) -> int:
        return zddread_count(run([str(self.bin / "dlx6"), "m1"], f)[0])

    def pre(self, f: Path, out: Path) -> None:
        out.write_text(run([str(self.bin / "dlx-pre")], f)[0] + "\n")


class Dlxc:
    """dlxc's CLI, with a probe of the features it has."""

    def __init__(self, exe: str, tmp: Path) -> None:
        self.exe = exe
        top = run([exe, "--help"])[0]
        commands = set(re.findall(r"^  (\w[\w-]*)  ", top, re.MULTILINE))
        solve_help = run([exe, "solve", "--help"])[0]
        self.notes: list[tuple[str, str]] = []  # (feature, why its checks are skipped)
        self.json = "--json" in solve_help
        self.best = "--best" in solve_help
        self.zdd = "zdd" in commands
        self.preprocess = "preprocess" in commands
        count_help = run([exe, "count", "--help"])[0]
        self.pre_flag = "--preprocess" in count_help and "--preprocess" in solve_help
        probe = tmp / "probe-mcc.dlx"
        probe.write_text(KNUTH_MCC_EXAMPLE)
        self.mcc = self._count_ok(probe, 1)
        probe = tmp / "probe-cost.dlx"
        probe.write_text(KNUTH_COST_EXAMPLE)
        self.costs = self._count_ok(probe, 5)
        for flag, feature, why in [
            (self.mcc, "MCC", "dlxc count does not read u:v|name items"),
            (self.costs, "costs", "dlxc does not read DLX5's option costs"),
            (self.best, "k best", "dlxc solve has no --best"),
            (self.zdd, "ZDD", "dlxc has no zdd command"),
            (self.preprocess, "preprocess", "dlxc has no preprocess command"),
            (self.pre_flag, "--preprocess", "dlxc count/solve have no --preprocess"),
        ]:
            if not flag:
                self.notes.append((feature, why))

    def _count_ok(self, f: Path, expected: int) -> bool:
        res = subprocess.run([self.exe, "count", "-q", str(f)], capture_output=True, text=True)
        return res.returncode == 0 and res.stdout.split()[:1] == [str(expected)]

    def count(self, f: Path) -> int:
        return int(run([self.exe, "count", "-q", str(f)])[0].split()[0])

    def solutions(self, f: Path) -> list[Solution]:
        cmd = [self.exe, "solve", "-q", *(["--json"] if self.json else []), str(f)]
        return dlxc_solutions(run(cmd, ok=(0, 3))[0])

    def best_k(self, f: Path, k: int) -> list[tuple[int, Solution | None]]:
        cmd = [self.exe, "solve", "-q", "--best", str(k), *(["--json"] if self.json else [])]
        return dlxc_best(run([*cmd, str(f)], ok=(0, 3))[0])

    def count_pre(self, f: Path) -> int:
        return int(run([self.exe, "count", "-q", "--preprocess", str(f)])[0].split()[0])

    def solutions_pre(self, f: Path) -> list[Solution]:
        cmd = [self.exe, "solve", "-q", "--preprocess", *(["--json"] if self.json else []), str(f)]
        return dlxc_solutions(run(cmd, ok=(0, 3))[0])

    def zdd_count(self, f: Path) -> int:
        return dlxc_zdd_count(run([self.exe, "zdd", "-q", str(f)], ok=(0, 3))[0])

    def preprocess_to(self, f: Path, out: Path) -> None:
        run([self.exe, "preprocess", str(f), "-o", str(out)], ok=(0, 3))


# -------------------------------------------------------------- comparison


class Tally:
    def __init__(self, keep: Path) -> None:
        self.keep = keep
        self.rows: dict[str, list[int]] = {}  # check -> [compared, agreed, disagreed]
        self.first_bad: dict[str, str] = {}

    def check(self, name: str, ok: bool, f: Path, detail: str = "") -> None:
        row = self.rows.setdefault(name, [0, 0, 0])
        row[0] += 1
        row[1 if ok else 2] += 1
        if not ok and name not in self.first_bad:
            dest = self.keep / f"{re.sub(r'[^A-Za-z0-9]+', '_', name)}-{f.name}"
            shutil.copy(f, dest)
            self.first_bad[name] = f"{dest}: {detail}"
            print(f"DISAGREE {name}: {dest}: {detail}", flush=True)

    def guard(self, name: str, f: Path, fn: Callable[[], tuple[bool, str]]) -> None:
        """Run one comparison; an exception counts as a disagreement."""
        try:
            ok, detail = fn()
        except (RuntimeError, ValueError, KeyError, subprocess.TimeoutExpired) as e:
            ok, detail = False, f"{type(e).__name__}: {e}"
        self.check(name, ok, f, detail)


def compare_mcc(inst: Instance, f: Path, peers: Peers, dlxc: Dlxc | None, t: Tally) -> None:
    n3, s3 = peers.solutions("dlx3", f)
    nm, sm = peers.solutions("ssmcc", f)
    t.check("brute force = DLX3 solutions", set(brute_force(inst)) == set(s3), f, "sets differ")
    t.check("DLX3 = SSMCC count", n3 == nm, f, f"{n3} vs {nm}")
    t.check("DLX3 = SSMCC solutions", set(s3) == set(sm) and len(s3) == n3, f, "sets differ")
    mcc = inst.is_mcc()
    if not mcc:
        n2, s2 = peers.solutions("dlx2", f)
        t.check("DLX2 = DLX3 count (XCC)", n2 == n3, f, f"{n2} vs {n3}")
        t.check("DLX2 = DLX3 solutions (XCC)", set(s2) == set(s3), f, "sets differ")
        t.check("DLX6 ZDD = DLX2 count", peers.zdd(f) == n2, f, f"DLX2 {n2}")
        pre = f.with_suffix(".pre.dlx")
        peers.pre(f, pre)
        t.guard("DLX-PRE keeps the count", f, lambda: _eq(peers.count("dlx2", pre), n2))
    if dlxc is None or (mcc and not dlxc.mcc):
        return
    t.guard("dlxc count = DLX3", f, lambda: _eq(dlxc.count(f), n3))

    def sols() -> tuple[bool, str]:
        got = dlxc.solutions(f)
        return set(got) == set(s3) and len(got) == n3, f"{len(got)} listed vs {n3}"

    t.guard("dlxc solve = DLX3 solutions", f, sols)
    if dlxc.zdd and (dlxc.mcc or not mcc):
        t.guard("dlxc zdd = DLX3 count", f, lambda: _eq(dlxc.zdd_count(f), n3))
    if dlxc.preprocess:
        out = f.with_suffix(".dlxc-pre.dlx")

        def pre_counts() -> tuple[bool, str]:
            dlxc.preprocess_to(f, out)
            a, b = dlxc.count(out), peers.count("dlx3", out)
            return a == b == n3, f"dlxc {a}, DLX3 {b} on the output; {n3} before"

        t.guard("dlxc preprocess keeps the count", f, pre_counts)
    if dlxc.pre_flag:
        t.guard("dlxc count --preprocess = DLX3", f, lambda: _eq(dlxc.count_pre(f), n3))

        def sols_pre() -> tuple[bool, str]:
            got = dlxc.solutions_pre(f)
            return set(got) == set(s3) and len(got) == n3, f"{len(got)} listed vs {n3}"

        t.guard("dlxc solve --preprocess = DLX3 solutions", f, sols_pre)


def compare_cost(
    inst: Instance, f: Path, plain: Path, peers: Peers, dlxc: Dlxc | None, t: Tally, k: int
) -> None:
    """Costs: DLX5 and dlxc against the costs of every solution listed (DLX5 has no bounds,
    so problems with bounds are checked against DLX3's listing alone)."""
    cost_of = inst.cost_of()
    mcc = inst.is_mcc()
    n2, s2 = peers.solutions("dlx3" if mcc else "dlx2", plain)
    all_costs = sorted(sum(cost_of[o] for o in s) for s in s2)
    best5 = all_costs[:k]
    if not mcc:
        best5 = peers.best(f, k)
        t.check(
            f"DLX5 {k} best = DLX2 listing", best5 == all_costs[:k], f, f"{best5} vs {all_costs}"
        )
        t.check("DLX6 ZDD = DLX2 count", peers.zdd(plain) == n2, plain, f"DLX2 {n2}")
        pre = plain.with_suffix(".pre.dlx")
        peers.pre(plain, pre)
        t.guard("DLX-PRE keeps the count", plain, lambda: _eq(peers.count("dlx2", pre), n2))
    if dlxc is None or not dlxc.costs or (mcc and not dlxc.mcc):
        return
    kind = "MCC+costs" if mcc else "costs"
    t.guard(f"dlxc count = peer ({kind}, costs ignored)", f, lambda: _eq(dlxc.count(f), n2))
    if not dlxc.best:
        return
    valid = set(s2)

    def best() -> tuple[bool, str]:
        got = dlxc.best_k(f, k)
        costs = sorted(c for c, _ in got)
        bad = [
            (c, s)
            for c, s in got
            if s is not None and (s not in valid or c != sum(cost_of[o] for o in s))
        ]
        detail = f"costs {costs} vs {all_costs[:k]}; bad {bad[:1]}"
        return costs == all_costs[:k] and not bad, detail

    t.guard(f"dlxc --best {k} = listing ({kind})", f, best)

    def minimum() -> tuple[bool, str]:
        got = [c for c, _ in dlxc.best_k(f, 1)]
        return _eq(got[:1], best5[:1])

    t.guard(f"dlxc --best 1 = minimum ({kind})", f, minimum)


def _eq(a: object, b: object) -> tuple[bool, str]:
    return a == b, f"{a} vs {b}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peers", default=os.environ.get("PEERS", "/work/peers/bin"))
    ap.add_argument("--dlxc", default=shutil.which("dlxc"), help="dlxc's CLI (default: on PATH)")
    ap.add_argument("--no-dlxc", action="store_true", help="check Knuth's programs only")
    ap.add_argument("--n", type=int, default=300, help="MCC problems")
    ap.add_argument("--n-cost", type=int, default=200, help="problems with costs")
    ap.add_argument("--k", type=int, default=5, help="K of the K best costs")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    peers = Peers(Path(args.peers))
    keep = Path(tempfile.mkdtemp(prefix="vs_family-"))
    tally = Tally(keep)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        dlxc = None
        if not args.no_dlxc:
            if not args.dlxc:
                sys.exit("dlxc is not on PATH: give --dlxc or --no-dlxc")
            dlxc = Dlxc(args.dlxc, tmp)
            for feature, why in dlxc.notes:
                print(f"skip: dlxc's {feature} checks: {why}")
        rng = random.Random(args.seed)
        for i in range(args.n):
            inst = random_instance(rng, bounds=i % 3 != 0, costs=False)
            f = tmp / f"mcc{i:04d}.dlx"
            f.write_text(inst.text())
            try:
                compare_mcc(inst, f, peers, dlxc, tally)
                tally.check("every peer ran", True, f)
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
                tally.check("every peer ran", False, f, str(e))
        rng = random.Random(args.seed + 1)
        for i in range(args.n_cost):
            inst = random_instance(rng, bounds=i % 3 == 2, costs=True)
            f = tmp / f"cost{i:04d}.dlx"
            f.write_text(inst.text())
            plain = tmp / f"cost{i:04d}.plain.dlx"
            plain.write_text(inst.text(costs=False))
            try:
                compare_cost(inst, f, plain, peers, dlxc, tally, args.k)
                tally.check("every peer ran", True, f)
            except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
                tally.check("every peer ran", False, f, str(e))
    print()
    print("| check | problems | agree | disagree |")
    print("|---|---|---|---|")
    for name, (n, good, bad) in tally.rows.items():
        print(f"| {name} | {n} | {good} | {bad} |")
    if dlxc is not None:
        for feature, why in dlxc.notes:
            print(f"| dlxc's {feature} checks | skipped: {why} | | |")
    if tally.first_bad:
        print(f"\nfirst disagreements kept in {keep}:")
        for name, where in tally.first_bad.items():
            print(f"  {name}: {where}")
        sys.exit(1)
    keep.rmdir()
    print("\nall agree")


if __name__ == "__main__":
    main()
