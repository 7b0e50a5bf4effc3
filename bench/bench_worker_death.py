"""A worker killed with SIGKILL, again and again, on a busy machine: how long
each command takes to end after the kill.

    python bench/bench_worker_death.py [--times 20] [--busy 2] [--only score,best,listing,count]

Each case starts a command that runs on two or three processes, waits
until its workers are there, waits a random 0 to 1.5 s more (so that the
kill finds the workers idle or at work, reading or writing), kills one
worker with SIGKILL, as the out-of-memory killer does, and times how long
the command takes to end.  ``--busy N`` runs N busy loops the whole time
(the load of a shared machine).  Every run must end with exit status 1 and
"died (killed by SIGKILL" on stderr, with no process of it left; the
script prints, per case, the runs, the failures and the seconds from the
kill to the end (median and maximum).  Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    out = []
    for kid in (int(x) for x in text.split()):
        try:
            cmd = Path(f"/proc/{kid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"resource_tracker" not in cmd:
            out.append(kid)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def once(args: list[str], want: int, rng: random.Random, limit: float) -> tuple:
    """(seconds from the kill to the end or None past ``limit``, exit code,
    stderr's last line, workers left alive)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from dlxc.cli import main; main()", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: set[int] = set()
    try:
        end = time.monotonic() + 120
        kids: list[int] = []
        while time.monotonic() < end:
            kids = children(proc.pid)
            seen.update(kids)
            if len(kids) >= want:
                break
            time.sleep(0.02)
        else:
            return None, None, "no workers started", 0
        time.sleep(rng.uniform(0, 1.5))
        kids = children(proc.pid) or kids
        seen.update(kids)
        victim = rng.choice(kids)
        os.kill(victim, signal.SIGKILL)
        killed = time.monotonic()
        try:
            _, err = proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            return None, None, "still running", 0
        took = time.monotonic() - killed
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    end = time.monotonic() + 5
    while time.monotonic() < end and any(alive(p) for p in seen):
        time.sleep(0.05)
    last = err.strip().splitlines()[-1] if err.strip() else ""
    return took, proc.returncode, last, sum(alive(p) for p in seen)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--times", type=int, default=20)
    p.add_argument("--busy", type=int, default=2, help="busy loops running meanwhile")
    p.add_argument("--only", default="score,best,best-python,listing,count")
    p.add_argument("--limit", type=float, default=60.0, help="seconds a command may take")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            from dlxc.models.classic import queens
            from dlxc.xcc.dlxformat import write_dlx

            dlx = os.path.join(tmp, "queens16.dlx")
            write_dlx(queens(16), dlx)
            boards = os.path.join(tmp, "boards.txt")
            r = random.Random(7)
            with open(boards, "w") as f:
                for _ in range(1_500_000):
                    f.write("".join(r.choice("abcdeilmnorstu") for _ in range(16)) + "\n")
            best = ["boggle", "best", "--size", "4x4", "--time", "120", "-j", "2", "-q"]
            cases = {
                "score": (["boggle", "score", "-j", "2", "-q", boards], 2),
                "best": ([*best, "--backend", "c"], 2),
                "best-python": ([*best, "--backend", "python"], 2),
                "listing": (["solve", "--jobs", "2", dlx], 2),
                "count": (["count", "--jobs", "3", dlx], 2),
            }
            print(
                f"{args.times} kills a case, {args.busy} busy loops, "
                f"load average {os.getloadavg()[0]:.2f} at the start"
            )
            bad_total = 0
            for name in args.only.split(","):
                cmd, want = cases[name]
                took, bad = [], []
                for _ in range(args.times):
                    seconds, code, last, left = once(cmd, want, rng, args.limit)
                    ok = (
                        seconds is not None
                        and code == 1
                        and "died (killed by SIGKILL" in last
                        and left == 0
                    )
                    if seconds is not None:
                        took.append(seconds)
                    if not ok:
                        bad.append((seconds, code, last, left))
                bad_total += len(bad)
                shown = (
                    f"median {statistics.median(took):.2f} s, max {max(took):.2f} s"
                    if took
                    else "none ended"
                )
                print(
                    f"{name:12} {len(took)}/{args.times} ended; kill to end: {shown}; "
                    f"failures {len(bad)}; load {os.getloadavg()[0]:.2f}",
                    flush=True,
                )
                for b in bad:
                    print(f"    {b}")
    finally:
        for b in busy:
            b.kill()
            b.wait()
    sys.exit(1 if bad_total else 0)


if __name__ == "__main__":
    main()
