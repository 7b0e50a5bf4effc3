"""The guard against tests that leave processes running (conftest's
``_no_process_left``, over ``processes``): it sees a grandchild, ends it,
and starts children that hear SIGINT even where the suite ignores it."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest
from processes import descendants, end, start

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

SLEEP = [sys.executable, "-c", "import time; time.sleep(60)"]


def test_a_grandchild_is_seen_and_ended():
    # a shell that starts a sleeper in the background and exits: the
    # sleeper is this process's grandchild, then an orphan's child no more
    child = subprocess.Popen(
        ["sh", "-c", f"{' '.join(SLEEP[:2])} '{SLEEP[2]}' & wait"],
    )
    try:
        for _ in range(200):
            found = descendants()
            if len(found) >= 2:
                break
            subprocess.run(["sleep", "0.01"])
        assert child.pid in found and len(found) >= 2, found
    finally:
        end(descendants())
    child.wait(timeout=10)
    assert descendants() == set()


def test_children_hear_sigint_where_the_suite_ignores_it():
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a background job starts
    try:
        ignoring = subprocess.Popen(SLEEP, preexec_fn=None)
        hearing = start(SLEEP)
    finally:
        signal.signal(signal.SIGINT, old)
    try:
        for proc in (ignoring, hearing):
            proc.send_signal(signal.SIGINT)
        assert hearing.wait(timeout=10) == -signal.SIGINT
        with pytest.raises(subprocess.TimeoutExpired):
            ignoring.wait(timeout=0.5)
    finally:
        end({ignoring.pid, hearing.pid})
        ignoring.wait(timeout=10)
        hearing.wait(timeout=10)
