"""Lexicon build side by side with MAGPIE: a word list's text to a file
holding its DAWG and GADDAG, the same words for both.

The word list is ENABLE's words of at most ``--max-len`` letters (15, all
MAGPIE's 15x15 build takes), upper case (as MAGPIE wants them), one a line,
written once into a scratch folder; both programs read that same file.

What is timed, in rounds (each round runs every contender once, the order
turned round from round to round, so a busy machine slows all alike), as
CPU seconds (user + system; the machine may be shared, and wall time counts
the time slices given to others), medians and ranges:

- ``dlxc API``: the Python calls a user makes to go from the text file to a
  lexicon file, ``Lexicon.from_file(words)`` then ``lex.save(out)``, timed
  inside a fresh Python process (``time.process_time`` around the two
  calls: reading, checking, folding and sorting the words, both graphs,
  the lexicon's handle with its validation and tables, and the file);
- ``dlxc API, whole process``: that same process's CPU seconds from start
  to exit (``os.wait4``): the interpreter and dlxc's imports as well;
- ``dlxc command``: ``dlxc lexicon build WORDS -o OUT`` as a command,
  whole process (its imports include the CLI's);
- ``MAGPIE``: ``magpie convert text2kwg NAME -path SCRATCH:DATA``, whole
  process (``os.wait4``): it reads the text, builds the DAWG and GADDAG
  and writes its KWG file, as dlxc's calls do;
- ``baseline API`` (with ``--baseline DIR``): the dlxc API timed the same
  way from another dlxc checkout (built in place), for before/after
  figures on the same machine in the same run;
- startup: ``python -c "import dlxc.lexicon"`` and MAGPIE converting a
  two-word list, whole processes, for how much of a whole-process figure
  is not the build.

Each round checks that dlxc's lexicon file is the same bytes in every run
(and the baseline's too, when given), and that MAGPIE wrote its file.

MAGPIE is not part of dlxc: build it outside the repository (``git clone
https://github.com/jvc56/MAGPIE && make magpie BUILD=release``, with its
data from MAGPIE-DATA under ``data/``) and point ``--magpie`` (or
MAGPIE_DIR) at the checkout.  Without it only dlxc's figures are printed.

Usage: ``python bench/bench_lexicon_build.py [--magpie MAGPIE_CHECKOUT]
[--rounds 7] [--baseline OTHER_DLXC_CHECKOUT] [--words FILE] [--max-len 15]
[--json]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NAME = "TWLDLXCBENCH"  # MAGPIE takes the letter distribution from the prefix


def worker(words: str, out: str) -> int:
    """Time the API in this process; print the figures as JSON."""
    from dlxc.lexicon import Lexicon

    wall, cpu = time.perf_counter(), time.process_time()
    lex = Lexicon.from_file(words)
    lex.save(out)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    facts = {
        "cpu": cpu,
        "wall": wall,
        "backend": lex.backend,
        "words": len(lex),
        "dawg_nodes": lex.dawg_nodes,
        "gaddag_nodes": lex.gaddag_nodes,
    }
    print(json.dumps(facts))
    return 0


def run(cmd: list[str], cwd=None, env=None) -> tuple[float, float, str]:
    """(CPU seconds of the child, user + system, from os.wait4; wall
    seconds; its stdout) of one command, which must succeed.  Its output
    goes to files, so a full pipe never holds it up."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read().decode(errors="replace")
        if proc.returncode != 0:
            why = err.read().decode(errors="replace").strip()[-500:]
            raise SystemExit(f"{cmd!r} failed ({proc.returncode}): {why}")
    return usage.ru_utime + usage.ru_stime, wall, text


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def summary(xs: list[float]) -> dict:
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "runs": xs}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--worker", nargs=2, metavar=("WORDS", "OUT"), help=argparse.SUPPRESS)
    ap.add_argument("--words", default=str(ROOT / "dlxc" / "puzzles" / "words" / "enable.txt"))
    ap.add_argument("--max-len", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--magpie", default=os.environ.get("MAGPIE_DIR"))
    ap.add_argument("--baseline", help="another dlxc checkout, built in place")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.worker:
        return worker(*args.worker)

    scratch_dir = tempfile.TemporaryDirectory(prefix="dlxc-lexbuild-")  # removed at exit
    scratch = Path(scratch_dir.name)
    (scratch / "lexica").mkdir()
    words_file = scratch / "lexica" / f"{NAME}.txt"
    tiny_file = scratch / "lexica" / f"{NAME}TINY.txt"
    lines = Path(args.words).read_text(encoding="utf-8").split()
    chosen = [w.upper() for w in lines if len(w) <= args.max_len]
    words_file.write_text("\n".join(chosen) + "\n", encoding="ascii")
    tiny_file.write_text("AA\nAB\n", encoding="ascii")

    def python_env(checkout: Path) -> dict:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(checkout)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        return env

    here_env = python_env(ROOT)
    me = str(Path(__file__).resolve())
    contenders: list[tuple[str, list[str], dict, object]] = []
    out_api = scratch / "api.lex"
    contenders.append(
        (
            "dlxc API",
            [sys.executable, me, "--worker", str(words_file), str(out_api)],
            here_env,
            None,
        )
    )
    launch = "import sys; from dlxc._launch import main; sys.exit(main())"
    out_cmd = scratch / "cmd.lex"
    contenders.append(
        (
            "dlxc command",
            [sys.executable, "-c", launch, "lexicon", "build", str(words_file), "-o", str(out_cmd)],
            here_env,
            None,
        )
    )
    contenders.append(
        ("dlxc startup", [sys.executable, "-c", "import dlxc.lexicon"], here_env, None)
    )
    out_base = scratch / "baseline.lex"
    if args.baseline:
        base = Path(args.baseline).resolve()
        contenders.append(
            (
                "baseline API",
                [sys.executable, me, "--worker", str(words_file), str(out_base)],
                python_env(base),
                None,
            )
        )
    magpie = Path(args.magpie).resolve() if args.magpie else None
    if magpie:
        binary = str(magpie / "bin" / "magpie")
        data = f"{scratch}:{magpie / 'data'}"
        contenders.append(
            ("MAGPIE", [binary, "convert", "text2kwg", NAME, "-path", data], None, magpie)
        )
        contenders.append(
            (
                "MAGPIE startup",
                [binary, "convert", "text2kwg", NAME + "TINY", "-path", data],
                None,
                magpie,
            )
        )

    cpu: dict[str, list[float]] = {name: [] for name, *_ in contenders}
    wall: dict[str, list[float]] = {name: [] for name, *_ in contenders}
    inproc_cpu: dict[str, list[float]] = {}
    inproc_wall: dict[str, list[float]] = {}
    facts: dict[str, dict] = {}
    digests: dict[str, set] = {}
    load_before = os.getloadavg()
    order = list(contenders)
    for _ in range(args.rounds):
        for name, cmd, env, cwd in order:
            c, w, out = run(cmd, cwd=cwd, env=env)
            cpu[name].append(c)
            wall[name].append(w)
            if name.endswith("API"):
                got = json.loads(out.strip().splitlines()[-1])
                inproc_cpu.setdefault(name, []).append(got["cpu"])
                inproc_wall.setdefault(name, []).append(got["wall"])
                facts[name] = {
                    k: got[k] for k in ("backend", "words", "dawg_nodes", "gaddag_nodes")
                }
        digests.setdefault("dlxc", set()).update({digest(out_api), digest(out_cmd)})
        if args.baseline:
            digests.setdefault("baseline", set()).add(digest(out_base))
        if magpie:
            kwg = scratch / "lexica" / f"{NAME}.kwg"
            if not kwg.exists() or kwg.stat().st_size == 0:
                raise SystemExit("MAGPIE wrote no KWG file")
            facts["MAGPIE"] = {"kwg_bytes": kwg.stat().st_size}
            kwg.unlink()
        order.reverse()
    load_after = os.getloadavg()
    if len(digests["dlxc"]) != 1:
        raise SystemExit("dlxc wrote different lexicon files from the same list")
    same_as_baseline = None
    if args.baseline:
        same_as_baseline = digests["baseline"] == digests["dlxc"]

    report = {
        "words_file": f"{args.words}, words of at most {args.max_len} letters, upper case",
        "words": len(chosen),
        "rounds": args.rounds,
        "load_average_before": load_before,
        "load_average_after": load_after,
        "cpu_seconds": {k: summary(v) for k, v in cpu.items()},
        "wall_seconds": {k: summary(v) for k, v in wall.items()},
        "in_process_cpu_seconds": {k: summary(v) for k, v in inproc_cpu.items()},
        "in_process_wall_seconds": {k: summary(v) for k, v in inproc_wall.items()},
        "facts": facts,
        "baseline_file_identical": same_as_baseline,
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0

    def fmt(s: dict) -> str:
        return f"{s['median']:.3f} ({s['min']:.3f}-{s['max']:.3f})"

    print(f"{len(chosen):,} words ({report['words_file']}), {args.rounds} rounds")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(f"{'':28} {'CPU s, median (range)':>26} {'wall s, median':>16}")
    for name in cpu:
        if name in inproc_cpu:
            print(
                f"{name + ' (the calls)':28} {fmt(summary(inproc_cpu[name])):>26} "
                f"{statistics.median(inproc_wall[name]):16.3f}"
            )
            label = name + ", whole process"
        else:
            label = name
        print(f"{label:28} {fmt(summary(cpu[name])):>26} {statistics.median(wall[name]):16.3f}")
    if magpie:
        m = statistics.median(cpu["MAGPIE"])
        d = statistics.median(inproc_cpu["dlxc API"])
        p = statistics.median(cpu["dlxc API"])
        print(f"dlxc API calls / MAGPIE whole process: {d / m:.2f}; whole processes: {p / m:.2f}")
    for name, f in facts.items():
        print(f"{name}: {f}")
    if args.baseline:
        print(f"baseline's lexicon file identical: {same_as_baseline}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
