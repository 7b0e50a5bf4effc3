"""Processes that tests start, and the check that none outlives its test.

A test that runs dlxc as a user does starts it with :func:`start` (or
passes :func:`default_sigint` as ``preexec_fn``): the child's SIGINT is set
back to its default, because a suite started from a background job
inherits SIGINT ignored (POSIX shells arrange it), and a Ctrl-C test would
then wait on a child that never hears it.

:func:`descendants` lists the processes below this one (Linux's /proc);
conftest's autouse fixture compares it before and after each test, ends
what the test left running and fails that test.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

_PROC = Path("/proc")

# Long-lived helpers that Python's multiprocessing starts once per process
# and keeps to its end by design: not leaks of the test that started them.
_KEPT = ("multiprocessing.resource_tracker", "multiprocessing.forkserver")


def default_sigint() -> None:
    """For ``preexec_fn``: the child hears SIGINT again."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args, **kw) -> subprocess.Popen:
    """``subprocess.Popen(args, **kw)`` with SIGINT at its default in the child."""
    if sys.platform != "win32":
        kw.setdefault("preexec_fn", default_sigint)
    return subprocess.Popen(args, **kw)


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, state) of a process, or None when it is gone."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # the command name, in parentheses, may hold spaces and parentheses
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), fields[0]


def cmdline(pid: int) -> str:
    try:
        raw = (_PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return "?"
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()


def _children(pid: int) -> list[int]:
    """The children of ``pid``, from each of its threads' ``children`` file
    (Linux 3.5 and later): a few reads, where a scan of /proc reads a file
    per process of the machine."""
    found: list[int] = []
    try:
        tasks = list((_PROC / str(pid) / "task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            found += map(int, (task / "children").read_text().split())
        except OSError:
            pass
    return found


def descendants(root: int | None = None) -> set[int]:
    """The live (not zombie) processes below ``root`` (this one by default),
    less multiprocessing's own helpers; empty where there is no /proc."""
    if not _PROC.is_dir():
        return set()
    found: set[int] = set()
    stack = [os.getpid() if root is None else root]
    while stack:
        for child in _children(stack.pop()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return {pid for pid in found if _alive(pid) and not any(k in cmdline(pid) for k in _KEPT)}


def end(pids: set[int], grace: float = 2.0) -> None:
    """SIGTERM, then after ``grace`` seconds SIGKILL, for each of ``pids``."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except OSError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
            time.sleep(0.02)


def _alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[1] != "Z"
