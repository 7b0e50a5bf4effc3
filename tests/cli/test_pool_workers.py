"""dlxc.base.pool.Workers, the worker pool under ``boggle score -j``,
``boggle best -j`` and ``solve --jobs``: answers in order, errors and
messages carried back, a dead worker named, and no hang when the victim
was idle (an idle ``multiprocessing.Pool`` worker holds the task queue's
shared lock, and killing it hung the pool's own terminate() for ever).

The kills run in a child process with a time limit, so that a hang fails
the test instead of stopping the test run.  Linux only (SIGKILL)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from dlxc.base import pool
from dlxc.base.errors import SolverError


def _square(x):
    return x * x


def _fail(x):
    if x == 3:
        raise ValueError(f"no {x}")
    return x


def _post_then_return(x):
    for k in range(x):
        pool.post((x, k))
    return -x


def _items(n, bad_at):
    for i in range(n):
        if i == bad_at:
            raise KeyError(f"item {i}")
        yield i


def test_map_and_imap_answer_in_order():
    with pool.Workers(2, what="a test process") as w:
        assert w.map(_square, range(50)) == [i * i for i in range(50)]
        assert list(w.imap(_square, iter(range(37)), ahead=3)) == [i * i for i in range(37)]
        assert w.map(_square, []) == []


def test_a_task_error_is_raised_in_the_parent_and_the_pool_goes_on():
    with pool.Workers(2) as w:
        with pytest.raises(ValueError, match="no 3"):
            w.map(_fail, range(6))
        assert w.map(_square, [4]) == [16]


def test_imap_gives_the_answers_before_an_input_error():
    """An exception raised while reading the items comes after the answers
    to the items read before it (``boggle score`` prints the totals before
    a bad line, then the error)."""
    got = []
    with pool.Workers(2) as w:
        with pytest.raises(KeyError, match="item 7"):
            for x in w.imap(_square, _items(20, 7), ahead=3):
                got.append(x)
    assert got == [i * i for i in range(7)]


def test_posted_messages_reach_the_outbox():
    box = pool.Outbox()
    workers = pool.pool(2, None, (box,))
    try:
        result = workers.map_async(_post_then_return, [3, 4], chunksize=1)
        got = []
        while not (result.ready() and len(got) == 7):
            try:
                got.append(box.get(timeout=0.05))
            except Exception as exc:  # queue.Empty
                assert type(exc).__name__ == "Empty"
        assert result.get() == [-3, -4]
        assert sorted(got) == [(3, k) for k in range(3)] + [(4, k) for k in range(4)]
    finally:
        pool.stop_pool(workers)


_KILL = """
import os, signal, sys, time
from dlxc.base import pool
from dlxc.base.errors import SolverError
def square(x):
    return x * x
if __name__ == "__main__":
    victim, busy = int(sys.argv[1]), sys.argv[2] == "busy"
    w = pool.Workers(2, what="a test process")
    assert w.map(square, range(10)) == [i * i for i in range(10)]
    if busy:
        seqs = [w.submit(time.sleep, 30) for _ in range(2)]
        time.sleep(0.3)
    os.kill(w._procs[victim].pid, signal.SIGKILL)
    time.sleep(0.3)
    try:
        w.map(square, range(10))
        print("no error")
    except SolverError as exc:
        print(exc)
    w.terminate()
    print("stopped", sum(p.exitcode is None for p in w._procs))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL, fork")
@pytest.mark.parametrize("victim", [0, 1])
@pytest.mark.parametrize("state", ["idle", "busy"])
def test_a_killed_worker_is_named_and_nothing_hangs(victim, state):
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_KILL), str(victim), state],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("a test process died (killed by SIGKILL"), lines
    assert lines[1] == "stopped 0"


def test_a_failed_start_is_an_error():
    with pytest.raises((SolverError, ZeroDivisionError)):
        with pool.Workers(1, _fail_start) as w:
            w.map(_square, [1])


def _fail_start():
    raise ZeroDivisionError("no start")
