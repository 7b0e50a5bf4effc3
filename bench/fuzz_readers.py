"""The readers' fuzz tests (tests/fuzz) for as long as asked: each format in
turn, in rounds of fresh examples, until the time is spent.

    python bench/fuzz_readers.py --minutes 60 [--sanitize] [--formats dlx,grid]
        [--examples 2000] [--out DIR]

Each round runs ``pytest tests/fuzz -k test_FORMAT`` in a subprocess with
``DLXC_FUZZ_EXAMPLES`` examples a test, drawn afresh (hypothesis's ``dev``
profile), on the installed dlxc, or with ``--sanitize`` on the build with
AddressSanitizer and UBSan that .ci/sanitize makes (built once into
``--out``/sanitized, then reused; the C legs of the formats read in C
only).  The time is
shared evenly among the formats.  A round that fails keeps its output in
``--out`` (the falsifying input is in it, as hypothesis prints it) and the
run goes on with the next format; at the end a table gives, per format,
rounds, examples, failures, wall and CPU seconds (the CPU of the rounds'
processes, which a busy machine changes little).  Exit status 1 when any
round failed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

from fuzz_drivers import DRIVERS, ONE_BACKEND  # noqa: E402


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0, help="wall minutes in all")
    ap.add_argument("--examples", type=int, default=2000, help="examples a test per round")
    ap.add_argument("--formats", default=",".join(DRIVERS), help="comma-separated")
    ap.add_argument("--sanitize", action="store_true", help="on the sanitized build")
    ap.add_argument("--out", default="/tmp/dlxc-fuzz", help="failures and the sanitized build")
    args = ap.parse_args()
    formats = [f for f in args.formats.split(",") if f]
    if args.sanitize:  # the readers in Python alone have nothing for the sanitizers
        formats = [f for f in formats if f not in ONE_BACKEND]
    unknown = set(formats) - set(DRIVERS)
    if unknown:
        ap.error(f"unknown formats {sorted(unknown)}; known: {', '.join(DRIVERS)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, DLXC_FUZZ_EXAMPLES=str(args.examples), HYPOTHESIS_PROFILE="dev")
    if args.sanitize:
        env["SANITIZE_DIR"] = str(out / "sanitized")
        subprocess.run([str(ROOT / ".ci" / "sanitize"), "--build-only"], env=env, check=True)
    share = args.minutes * 60 / len(formats)
    rows = []
    failed = False
    for fmt in formats:
        start, cpu0 = time.monotonic(), children_cpu()
        rounds = fails = 0
        while time.monotonic() - start < share:
            test = f"tests/fuzz/test_fuzz_readers.py::test_{fmt}"
            pytest_args = [test + ("[c]" if args.sanitize else ""), "-p", "no:cacheprovider"]
            # a round is one test of many examples: the suite's 600 s a test
            # (pytest-timeout) cut whole rounds short on a busy machine under
            # the sanitizers, which Hypothesis then reported as a flaky example;
            # a hang still ends with the format's share of the time
            pytest_args += ["-n", "0", "-q", "--timeout", str(int(share) + 600)]
            if args.sanitize:
                cmd = [str(ROOT / ".ci" / "sanitize"), *pytest_args]
            else:
                cmd = [sys.executable, "-m", "pytest", *pytest_args]
            run = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
            rounds += 1
            if run.returncode != 0:
                fails += 1
                failed = True
                log = out / f"{fmt}-round{rounds}.log"
                log.write_text(run.stdout + run.stderr)
                print(f"{fmt}: round {rounds} failed, see {log}", flush=True)
        wall, cpu = time.monotonic() - start, children_cpu() - cpu0
        rows.append((fmt, rounds, rounds * args.examples, fails, wall, cpu))
        print(
            f"{fmt}: {rounds} rounds, {fails} failed, {wall:.0f} s wall, {cpu:.0f} s CPU",
            flush=True,
        )
    print(
        f"\n{'format':<14} {'rounds':>6} {'examples*':>10} {'failed':>6} {'wall s':>8} {'CPU s':>8}"
    )
    for fmt, rounds, examples, fails, wall, cpu in rows:
        print(f"{fmt:<14} {rounds:>6} {examples:>10} {fails:>6} {wall:>8.0f} {cpu:>8.0f}")
    total_cpu = sum(r[5] for r in rows)
    print(
        f"(* per backend leg; {total_cpu:.0f} CPU seconds in all; load at the end: "
        f"{os.getloadavg()[0]:.1f})"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
