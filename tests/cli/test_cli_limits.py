"""Limits that hold: --timeout, --node-limit and Ctrl-C stop every search,
whatever a node costs, with the documented exit code (4 for a limit, 130
for Ctrl-C) and message, on both backends and with --jobs 2.

dlxc promises 0.2 s plus 10% of the limit; bench/bench_interrupt.py
measures that figure on these same cases.  A test cannot hold a loaded
machine to it, so the bound here is robust: each run measures the start-up
first with the same command stopped at once (``--node-limit 1``:
interpreter, imports, reading or building the model, and the exit), allows
``start-up + limit + SLACK`` with SLACK 1.5 s, and tries three times.  A
limit that is not seen until the search ends misses it by minutes (the
searches below run for minutes), so the test still fails when a limit
does not hold.  The models are
these: a Langford n=14 file (no solution, so a listing finds nothing
to stop at), a 10x10 word search of 50 words of 6-8 letters and a 6x6 word
rectangle (nodes that cost thousands of updates each).
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import default_sigint

from dlxc.models.classic import langford
from dlxc.models.wordsearch import WordSearch
from dlxc.xcc.dlxformat import write_dlx

pytestmark = pytest.mark.slow

LIMIT = 1.0  # seconds of --timeout
SLACK = 1.5  # the promise is 0.2 + 0.1 * LIMIT: bench/bench_interrupt.py
DICT = Path("/usr/share/dict/words")


def dlxc(*args, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", "from dlxc.cli import main; main()", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,  # a suite run from a background job ignores SIGINT
        **kw,
    )


_START_UP: dict = {}


def start_up(cmd: list, fresh: bool = False) -> float:
    """The command's start-up: the slower of two runs stopped at once
    (``--node-limit 1``), measured once per command (again when ``fresh``);
    the machine is shared, so one run can be slow."""
    key = tuple(map(str, cmd))
    if fresh or key not in _START_UP:
        runs = [timed(*cmd, "--node-limit", 1) for _ in range(2)]
        assert all(code == 4 for _, code, _, _ in runs), runs[0][3]
        _START_UP[key] = max(t for t, _, _, _ in runs)
    return _START_UP[key]


def timed(*args) -> tuple[float, int, str, str]:
    t0 = time.perf_counter()
    p = dlxc(*args)
    out, err = p.communicate(timeout=120)
    return time.perf_counter() - t0, p.returncode, out, err


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict:
    d = tmp_path_factory.mktemp("limits")
    rng = random.Random(5)
    words: set = set()
    while len(words) < 50:
        words.add("".join(rng.choice("ABCDEFGHIJKLMNOPRSTUVWY") for _ in range(rng.randint(6, 8))))
    (d / "words50.txt").write_text("\n".join(sorted(words)) + "\n")
    write_dlx(WordSearch(10, 10, sorted(words)).problem, d / "ws50.dlx")
    write_dlx(langford(14), d / "langford14.dlx")
    out = {"ws50": d / "ws50.dlx", "langford14": d / "langford14.dlx", "words50": d / "words50.txt"}
    if DICT.exists():
        six = sorted(
            {
                w
                for w in DICT.read_text(errors="replace").split()
                if len(w) == 6 and w.isalpha() and w.islower() and w.isascii()
            }
        )
        (d / "six.txt").write_text("\n".join(six[::3]) + "\n")
        out["six"] = d / "six.txt"
    return out


def _command(models, case: str, backend: str) -> list:
    if case.startswith("wordrect six") and "six" not in models:
        pytest.skip(f"{DICT} is not installed")
    b = ["--backend", backend]
    return {
        "solve langford14": ["solve", models["langford14"], *b],
        "solve langford14 --jobs 2": ["solve", models["langford14"], "--jobs", 2, *b],
        "count ws50": ["count", models["ws50"], *b],
        "count ws50 --jobs 2": ["count", models["ws50"], "--jobs", 2, *b],
        "wordrect six": ["wordrect", "6x6", "--words", models.get("six"), "--count", *b],
        "wordrect six --jobs 2": [
            "wordrect",
            "6x6",
            "--words",
            models.get("six"),
            "--count",
            "--jobs",
            2,
            *b,
        ],
        "wordsearch --seed": ["wordsearch", "10x10", "--words", models["words50"], "--seed", 1, *b],
    }[case]


CASES = [
    "solve langford14",
    "solve langford14 --jobs 2",
    "count ws50",
    "count ws50 --jobs 2",
    "wordrect six",
    "wordrect six --jobs 2",
    "wordsearch --seed",
]


#: A shared machine can stall any process for a moment, so a bound that a
#: run misses is tried again, with the start-up measured anew; a limit that
#: does not hold misses every try.
TRIES = 3


@pytest.mark.parametrize("case", CASES)
def test_timeout_holds(models, case, backend):
    cmd = _command(models, case, backend)
    misses = []
    for attempt in range(TRIES):
        base = start_up(cmd, fresh=attempt > 0)
        elapsed, code, out, err = timed(*cmd, "--timeout", LIMIT)
        print(
            f"{case} [{backend}]: start-up {base:.3f} s, --timeout {LIMIT:g} took "
            f"{elapsed:.3f} s, over by {elapsed - base - LIMIT:+.3f} s (bound {SLACK:.2f})"
        )
        assert code == 4, err
        assert "stopped by --timeout 1" in err or "stopped at the timeout" in err
        if elapsed <= base + LIMIT + SLACK:
            return
        misses.append((round(elapsed, 3), round(base, 3)))
    pytest.fail(f"--timeout {LIMIT:g} overshot in all {TRIES} runs (elapsed, start-up): {misses}")


@pytest.mark.parametrize(
    "case", ["count ws50", "count ws50 --jobs 2", "solve langford14", "solve langford14 --jobs 2"]
)
def test_node_limit_holds(models, case, backend):
    if backend == "python" and case == "count ws50 --jobs 2":
        pytest.skip(
            "the mirror's split run records its 156 paths for 15 s before the "
            "count starts (recorded paths are no nodes); test_timeout_holds "
            "covers this command"
        )
    cmd = _command(models, case, backend)
    limit = 200 if backend == "python" else 20_000
    elapsed, code, out, err = timed(*cmd, "--node-limit", limit, "--quiet")
    print(f"{case} [{backend}]: --node-limit {limit} took {elapsed:.3f} s")
    assert code == 4 and f"stopped by --node-limit {limit}" in err, err
    if case.startswith("count"):
        (record,) = [
            json.loads(line)
            for line in timed(*cmd, "--node-limit", limit, "--json")[2].splitlines()
        ]
        assert record["complete"] is False and 0 < record["nodes"] <= limit


@pytest.mark.parametrize(
    "case", ["count ws50", "count ws50 --jobs 2", "solve langford14", "wordsearch --seed"]
)
def test_ctrl_c_holds(models, case, backend):
    cmd = _command(models, case, backend)
    misses = []
    for attempt in range(TRIES):
        base = start_up(cmd, fresh=attempt > 0)
        p = dlxc(*cmd)
        time.sleep(base + 0.3)  # the search is running
        assert p.poll() is None
        t0 = time.perf_counter()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        took = time.perf_counter() - t0
        print(f"{case} [{backend}]: exit {took:.3f} s after SIGINT")
        assert p.returncode == 130, err
        assert "Interrupted" in err and "Traceback" not in err
        if took <= SLACK + base:
            return
        misses.append((round(took, 3), round(base, 3)))
    pytest.fail(f"Ctrl-C took effect too late in all {TRIES} runs (seconds, start-up): {misses}")
