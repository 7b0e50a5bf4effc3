"""A terminated dlxc leaves no process behind, and reports like Ctrl-C.

``kill -TERM`` of ``dlxc count --jobs 2`` or ``dlxc solve --jobs 2`` used to
kill the parent only: its workers, re-parented, went on counting (21 of 21
tries).  Now SIGTERM is raised as an interrupt in the parent, which stops
its workers, prints the statistics so far ("Interrupted after ...") and
exits with 130; and on Linux every worker is killed with its parent,
however the parent dies (``kill -9`` too).

The processes are found through /proc (no psutil): a child is gone when
its pid no longer exists or it is a zombie (dead, waiting to be reaped).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc"),
]

WS8 = Path(__file__).resolve().parents[2] / "dlxc" / "puzzles" / "dlx" / "wordsearch-8x8.dlx"
_RUN = "import sys; sys.argv[0] = 'dlxc'; from dlxc.cli import main; main()"


def _stat(pid: int):
    """(state, parent pid) of a process, or None when there is none."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def _children(pid: int) -> set:
    kids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[1] == pid and st[0] != "Z":
                kids.add(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[0] != "Z"


def _start(*args):
    # the pure-Python engine, so that the 8x8 search lasts minutes
    proc = subprocess.Popen(
        [sys.executable, "-c", _RUN, *args, "--backend", "python", "-q", str(WS8)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    kids: set = set()
    while time.monotonic() < deadline and proc.poll() is None:
        kids = _children(proc.pid)
        if kids:
            time.sleep(0.5)  # let the workers get going
            return proc, _children(proc.pid) | kids
        time.sleep(0.1)
    proc.kill()
    pytest.fail(f"no worker process appeared: {proc.communicate()[1]}")


def _assert_gone(kids: set, within: float = 2.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(_alive(k) for k in kids):
        time.sleep(0.05)
    left = [k for k in kids if _alive(k)]
    assert not left, f"workers still running after the parent ended: {left}"


def _clean_up(proc, kids: set) -> None:
    """Whatever happened, leave no process of ours behind."""
    for pid in [proc.pid, *kids]:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    proc.communicate()


@pytest.mark.parametrize(
    "command", [["count", "--jobs", "2"], ["solve", "--jobs", "2"]], ids=["count", "solve"]
)
def test_sigterm_stops_the_workers_and_reports(command):
    proc, kids = _start(*command)
    try:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=10)
        _assert_gone(kids)
        assert proc.returncode == 130, err
        assert "Interrupted" in err and "Traceback" not in err
    finally:
        _clean_up(proc, kids)


def test_workers_die_with_a_killed_parent():
    proc, kids = _start("count", "--jobs", "2")
    try:
        proc.kill()  # SIGKILL: no handler runs in the parent
        proc.communicate(timeout=10)
        _assert_gone(kids)
    finally:
        _clean_up(proc, kids)
