"""How soon --timeout, node limits and Ctrl-C take effect in the newer searches.

    python bench/bench_interrupt_searches.py [--runs 3] [--backend c,python] [--only NAME,...]

The searches: ``crossword suggest``, the region fill (``fill --region``),
the proved-best fill (``fill --best``), a rebus fill, the multiplicities
engine (``solve --strategy dlx3``), costs (``solve --best``), the ZDD
(``dlxc zdd``, ``count --memo``, ``sample``), ``dlxc preprocess``, and the
Scrabble searches ``odds``, ``infer``, ``endgame``, ``sim`` and ``peg``; each
on an input on which it runs for far longer than the limits below.

For each search and backend it measures

- the base: the wall time of the same command line with ``--help`` (the
  interpreter and the command's imports, nothing read);
- ``--timeout T`` for several T chosen so that the deadline falls in each
  phase of the command (reading and preparing, searching, writing): the
  overshoot is ``wall - base - T`` where the timeout counts from the
  command's start, and where it counts from the search's start it is
  measured in the process (the command line is wrapped to note when the
  command made its limits and when it exited); dlxc promises at most
  0.2 s + 10% of T;
- SIGINT sent ``base + d`` seconds after the start for the same moments:
  the time from the signal to the exit, against 0.2 s;
- that each run ends with its documented exit status (4 for a limit, 130
  for Ctrl-C), prints no traceback and leaves no process of its session
  running.

The phases of a command are found from its own run: the reading time is
what a ``--timeout 0`` run takes over the base (files read, models built,
then the stop).  Figures are medians and worsts over ``--runs`` runs; the
machine is shared, so read them with the load printed at the top.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dlxc.lexicon import Lexicon
from dlxc.puzzles import example_path as example

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_costs import pentominoes, queens  # noqa: E402
from bench_mcc import packing, rooks  # noqa: E402

# dlxc's command line, which also notes (on stderr, the last line) when the
# command made its first limits with a timeout (the search's start: where a
# timeout that is not counted from the start counts from) and when it exited,
# both in seconds from its start: the overshoot is then measured in the
# process, free of the reading time's noise under load
CLOCKED = r"""
import atexit, sys, time
t0 = time.perf_counter()
marks = {}
import dlxc.base.runner as runner
made = runner.Limits.__init__
def noted(self, node_limit=None, timeout=None, *args, **kw):
    made(self, node_limit, timeout, *args, **kw)
    if timeout is not None and "search" not in marks:
        marks["search"] = time.perf_counter() - t0
runner.Limits.__init__ = noted
atexit.register(lambda: sys.stderr.write(
    "\n@@clock %.4f %.4f\n" % (marks.get("search", -1.0), time.perf_counter() - t0)))
from dlxc.cli import main
main()
"""
LAUNCH = [sys.executable, "-c", CLOCKED]

# Endgame positions from two equity players' games (game_positions, seed 7):
# both racks full enough that the proof runs for minutes.
ENDGAME = (
    "2FEISTY7/1NO12/1EX2QUIPU5/1R3U4O4/1T1FLING2C1L2/1ZOA1R1R2t1A2/5K1EH1A1C2/7YE1V1E2/"
    "8W1O1W2/3B3ANDS1I2/2JETE1R1I2N2/V2D1DEMOTING2/E2L3I1A1ASEA/ROTATION7/B2M3G7 "
    "?DILOPS/AEEHRU 395/340 0"
)
ODDS = (
    "11RAZE/13E1/8R4D1/7PACKERS1/7IT6/7BAY5/6FANE5/6AL1N5/6C8/5HE8/5IT8/5M9/15/15/15 INPRRT?/ 0/0 0"
)
# the same board before the opponent's EX at 2N, his rack unknown
INFER = ODDS.replace("INPRRT?/", "/")


def rebus_grid(path: Path) -> None:
    """The American 15x15 grid with a rebus square in its middle."""
    rows = [list(r) for r in Path(example("american-15x15")).read_text().split()]
    rows[7][7] = "[ER]"
    path.write_text("\n".join("".join(r) for r in rows) + "\n")


def build(tmp: Path) -> dict:
    """name -> (argument list, the limits it takes, and "start" where the
    timeout counts from the command's start, reading included; elsewhere
    it counts from the search's start, as the command's help says)."""
    grid = str(example("american-15x15"))
    enable = str(example("enable"))
    scored = str(example("crossword-scored"))
    rebus_grid(tmp / "rebus.txt")
    (tmp / "rooks13.dlx").write_text(rooks(13))
    (tmp / "pack.dlx").write_text(packing(10, 4, 2))
    (tmp / "queens24.dlx").write_text(queens(24, 1))
    # pentominoes on a 40x40 board, costs left out: a big problem to reduce
    (tmp / "pent40.dlx").write_text(re.sub(r" \|\d+\n", "\n", pentominoes(40, 40, 1)))
    # ENABLE as a lexicon file, built once (by the C core where there is
    # one): the mirror reads it in seconds, where it builds it in tens
    lexicon = str(tmp / "enable.lex")
    Lexicon.from_word_file(enable, backend=None).save(lexicon)
    both = ["--timeout", "--node-limit"]
    return {
        "crossword suggest": (
            ["crossword", "suggest", grid, "--slot", "1A", "-w", scored, "--budget", "600"]
            + ["--top", "1000"],  # the top 50 are decided within seconds
            both + ["start"],
        ),
        "fill --region": (
            ["crossword", "fill", grid, "-w", enable, "--region", "1,1:5,15", "--count"],
            both,
        ),
        "fill --best": (["crossword", "fill", grid, "-w", scored, "--best"], both + ["start"]),
        "fill rebus": (
            ["crossword", "fill", str(tmp / "rebus.txt"), "-w", enable, "--count"],
            both,
        ),
        "mcc (dlx3)": (["count", str(tmp / "rooks13.dlx"), "--strategy", "dlx3"], both),
        "costs (--best)": (["solve", "--best", "3", str(tmp / "queens24.dlx")], both),
        "zdd": (["zdd", str(tmp / "pack.dlx"), "-o", str(tmp / "pack.zdd")], both),
        "count --memo": (["count", "--memo", str(tmp / "pack.dlx")], both),
        "sample": (["sample", str(tmp / "pack.dlx"), "-n", "5"], both),
        "preprocess": (
            ["preprocess", str(tmp / "pent40.dlx"), "-o", str(tmp / "pre.dlx")],
            ["--timeout"],
        ),
        "odds": (["odds", "--lexicon", lexicon, "--cgp", ODDS, "--leave", "RT"], ["--timeout"]),
        "infer": (
            ["infer", "--lexicon", lexicon, "--cgp", INFER, "--move", "2N .X"],
            ["--timeout"],
        ),
        "endgame": (["endgame", "--lexicon", lexicon, "--cgp", ENDGAME], both),
        # the stopping rule kept off: the rounds go on to the limits
        "sim": (
            ["sim", "--lexicon", lexicon, "--cgp", ODDS, "--plays", "20"]
            + ["--iterations", "1000000", "--min-iterations", "1000000"],
            both,
        ),
        "peg": (["peg", "--lexicon", lexicon, "--cgp", peg_position(lexicon), "--bag", "1"], both),
    }


def peg_position(lexicon: str) -> str:
    """A pre-endgame of one tile in the bag and seven-tile racks, from two
    equity players' game (``pre_endgame_positions``, seed 1): minutes to
    solve every bag."""
    from dlxc.models.game import pre_endgame_positions
    from dlxc.models.scrabble import MoveFinder

    return pre_endgame_positions(MoveFinder(Lexicon.load(lexicon)), 1, seed=1, bag=1)[0]


def session_left(sid: int) -> list[int]:
    """Processes of session ``sid`` still alive (not zombies)."""
    left = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            text = (d / "stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[3]) == sid:
            left.append(int(d.name))
    return left


def clock(err: str) -> tuple[float, float]:
    """(the search's start, the exit) in seconds from the command's start,
    from its last line on stderr (-1: not known)."""
    m = re.search(r"@@clock (-?[\d.]+) ([\d.]+)", err)
    return (float(m.group(1)), float(m.group(2))) if m else (-1.0, -1.0)


def run(cmd: list, sigint_at: float | None = None) -> tuple[float, float, int, str]:
    """(wall from start, seconds from SIGINT to exit, exit status, stderr)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(
        LAUNCH + cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    after = 0.0
    if sigint_at is not None:
        while time.perf_counter() - t0 < sigint_at and p.poll() is None:
            time.sleep(0.005)
        t1 = time.perf_counter()
        p.send_signal(signal.SIGINT)
        err = p.communicate(timeout=600)[1].decode(errors="replace")
        after = time.perf_counter() - t1
    else:
        try:
            err = p.communicate(timeout=600)[1].decode(errors="replace")
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            err = p.communicate()[1].decode(errors="replace") + "\n[RAN PAST 600 s]"
    wall = time.perf_counter() - t0
    time.sleep(0.05)
    left = session_left(p.pid)
    if left:
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        err += f"\n[LEFT RUNNING: {left}]"
    return wall, after, p.returncode, err


TRACEBACKS: list[str] = []  # printed after the case that wrote them


def bad(code: int, want: int, err: str) -> str:
    notes = []
    if code != want:
        notes.append(f"exit {code} (want {want}): {err.strip().splitlines()[-1:]}")
    if "Traceback" in err:
        notes.append("TRACEBACK")
        TRACEBACKS.append(err[err.index("Traceback") :])
    if "LEFT RUNNING" in err:
        notes.append("left processes")
    return "; ".join(notes)


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def measure(name: str, cmd: list, limits: list, runs: int) -> None:
    base = med([run(cmd + ["--help"])[0] for _ in range(runs)])
    zero = [run(cmd + ["--timeout", "0"]) for _ in range(runs)]
    read = max(0.0, med([w for w, *_ in zero]) - base)
    problems = {bad(c, 4, e) for _, _, c, e in zero} - {""}
    print(f"{name}: base {base:.2f} s, reading/preparing {read:.2f} s {sorted(problems) or ''}")
    # the deadline in reading (half of it: only where the timeout counts from
    # the start), early in the search, later on
    moments = [("search", 0.5), ("search+2", 2.0)]
    if "start" in limits:
        moments = [("reading", read / 2), ("search", read + 0.5), ("search+2", read + 2.0)]
    for label, t in moments:
        over, notes = [], set()
        for _ in range(runs):
            wall, _, code, err = run(cmd + ["--timeout", f"{t:.3f}"])
            search, end = clock(err)
            if "start" in limits:  # from the command's start: after its imports (the base)
                over.append(wall - base - t)
            elif search >= 0:
                over.append(end - search - t)
            else:  # stopped before its limits were made: the old way
                over.append(wall - base - t - read)
            notes.add(bad(code, 4, err))
        promise = 0.2 + 0.1 * t
        print(
            f"  --timeout {t:.2f} ({label}): over by median {med(over):+.3f}, worst "
            f"{max(over):+.3f} s (promise {promise:.2f}) {sorted(notes - {''}) or ''}"
        )
    for label, d in (("reading", read / 2), ("search", read + 0.5), ("search+2", read + 2.0)):
        took, notes = [], set()
        for _ in range(runs):
            wall, after, code, err = run(cmd, sigint_at=base + d)
            took.append(after)
            want = 130 if wall > base + d else code
            notes.add(bad(code, want, err))
        print(
            f"  SIGINT at +{d:.2f} ({label}): exit after median {med(took):.3f}, worst "
            f"{max(took):.3f} s {sorted(notes - {''}) or ''}"
        )
    if "--node-limit" in limits:
        wall, _, code, err = run(cmd + ["--node-limit", "1"])
        print(f"  --node-limit 1: {wall - base:.2f} s over base {bad(code, 4, err)}")
    for text in TRACEBACKS:
        print("  " + text.rstrip().replace("\n", "\n  "))
    TRACEBACKS.clear()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--backend", default="c,python")
    ap.add_argument("--only", default="", help="names of searches, comma-separated")
    args = ap.parse_args()
    print(f"load: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        cases = build(Path(tmp))
        only = [s for s in args.only.split(",") if s]
        for backend in args.backend.split(","):
            for name, (cmd, limits) in cases.items():
                if only and not any(o in name for o in only):
                    continue
                measure(f"{name} [{backend}]", cmd + ["--backend", backend], limits, args.runs)
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
