"""A worker process killed (SIGKILL, as the out-of-memory killer sends it)
while a command runs on several: the command ends at once with exit status
1 and an error naming what happened, and no process of it is left.  A
``multiprocessing.Pool`` would start a new worker and wait forever for
the answer the dead one held, and a worker killed while it held one of
the pool's shared locks (as an idle worker holds the task queue's) hung
the pool's own terminate(): dlxc.base.pool gives each worker a pipe of
its own and notices the death.
Linux only: the test finds the workers through /proc."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from legs import C_UNAVAILABLE

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="finds worker processes through /proc"
)


def _children(pid: int) -> list[int]:
    """The worker processes of ``pid`` (not multiprocessing's resource
    tracker, which a spawned pool has beside them)."""
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


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _kill_a_worker(args: list[str], want: int, settle: float = 1.0):
    """Start ``dlxc ARGS``, wait until it has ``want`` children, SIGKILL
    one of them; (exit status, stderr, every child it had)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from dlxc.cli import main; main()", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: set[int] = set()
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            kids = _children(proc.pid)
            seen.update(kids)
            if len(kids) >= want:
                break
            time.sleep(0.05)
        else:
            pytest.fail(f"dlxc {' '.join(args)} started no {want} workers in 60 s")
        time.sleep(settle)  # the workers are at work
        seen.update(_children(proc.pid))
        os.kill(kids[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, err, seen


def _check(code, err, seen, what):
    assert code == 1, err[-2000:]
    assert f"Error: {what} died (killed by SIGKILL" in err, err[-2000:]
    assert "Traceback" not in err
    end = time.monotonic() + 5
    while time.monotonic() < end and any(_alive(p) for p in seen):
        time.sleep(0.05)
    assert not [p for p in seen if _alive(p)], "a worker outlived the command"


@pytest.mark.parametrize(
    "backend",
    [
        pytest.param("c", marks=pytest.mark.skipif(C_UNAVAILABLE, reason="C not built")),
        pytest.param("python", marks=pytest.mark.slow),
    ],
)
def test_boggle_best_with_a_killed_worker(backend):
    code, err, seen = _kill_a_worker(
        ["boggle", "best", "--size", "4x4", "--time", "120", "-j", "2", "-q", "--backend", backend],
        want=2,
    )
    _check(code, err, seen, "a scoring process")


@pytest.mark.slow
def test_boggle_score_with_a_killed_worker(tmp_path):
    # 1,500,000 boards: letters drawn in one call, cut into lines (a draw
    # per letter took 10 s)
    rng = random.Random(7)
    letters = "".join(rng.choices("abcdeilmnorstu", k=16 * 1_500_000))
    boards = tmp_path / "boards.txt"
    boards.write_text("".join(letters[i : i + 16] + "\n" for i in range(0, len(letters), 16)))
    code, err, seen = _kill_a_worker(
        ["boggle", "score", "-j", "2", "-q", str(boards)], want=2, settle=0.2
    )
    _check(code, err, seen, "a scoring process")


def test_count_with_a_killed_worker(tmp_path):
    from dlxc.models.classic import queens
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "queens16.dlx"
    write_dlx(queens(16), path)  # about a minute of counting on two cores
    code, err, seen = _kill_a_worker(["count", "--jobs", "3", str(path)], want=2)
    _check(code, err, seen, "a counting process")


def test_listing_with_a_killed_worker(tmp_path):
    from dlxc.models.classic import queens
    from dlxc.xcc.dlxformat import write_dlx

    path = tmp_path / "queens16.dlx"
    write_dlx(queens(16), path)
    proc_args = ["solve", "--jobs", "2", str(path)]
    code, err, seen = _kill_a_worker(proc_args, want=2)
    _check(code, err, seen, "a listing process")
