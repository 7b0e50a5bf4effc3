"""Worker processes for every engine: how many, how they start, how they end.

- ``resolve_jobs``: the ``--jobs`` value (0 or None: every core this process
  may run on).
- ``context``: the multiprocessing start method, 'fork' where it is safe and
  fast (Linux, no other thread running), else 'spawn'.
- ``worker_start``: what every worker does first.  Ctrl-C is the parent's to
  handle (it stops the workers); SIGTERM ends the worker at once (the parent
  sends it to stop one, and a fork would inherit the dlxc command's handler,
  which raises); on Linux the worker is killed when its parent dies, however
  it dies (kill -9 too), so no worker outlives dlxc.
- ``Children``: child processes that each run one function and send back its
  result or its error through a pipe; a child that dies or fails raises
  ``SolverError`` in the parent, and leaving the block early (an error,
  Ctrl-C) terminates the rest.
- ``pool`` / ``stop_pool``: a ``multiprocessing.Pool`` whose workers start
  with ``worker_start``, and its end; ``pool_map`` (a pool's ``map``) and
  ``check_pool`` notice a worker that died.  A ``multiprocessing.Pool``
  itself does not: it starts a new worker in the dead one's place, and the
  task the dead one held is never answered, so its ``map`` waits forever
  (a worker the out-of-memory killer ends, say).

multiprocessing is imported only when processes are wanted: most runs use
one process, and importing it costs every command a few milliseconds.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Optional

from .args import whole
from .closing import Closing
from .errors import SolverError

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: Optional[int]) -> int:
    """``jobs`` itself, or every core for None or 0."""
    if jobs is None:
        return default_jobs()
    return whole(jobs, "jobs (processes; 0: all cores)") or default_jobs()


def context():
    """'fork' where it is safe and fast (Linux, no other thread running),
    else 'spawn'."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def worker_start() -> None:
    """Signals in a worker process (see the module's help)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl here: the parent's cleanup must do
        return
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:
        os._exit(1)  # the parent died before prctl took effect


# ---- child processes, one function each ----------------------------------------


def _child(target: Callable, args: Sequence, conn) -> None:
    """A child process: run ``target(*args)`` and send ('ok', result) or
    ('error', text) to the parent."""
    worker_start()
    try:
        conn.send(("ok", target(*args)))
    except BaseException as exc:  # tell the parent, which raises it
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


class Children(Closing):
    """Child processes started with ``start(target, *args)``, each running
    ``target(*args)`` (a module-level function) once; ``results(wait)``
    gathers what they returned.  Use it with ``with``: leaving the block by
    an exception terminates the children still running, and every child is
    joined.  ``what`` names the children in errors ("a counting process")."""

    def __init__(self, what: str = "a worker process", ctx=None) -> None:
        self.what = what
        self.ctx = context() if ctx is None else ctx
        self._children: list = []

    def start(self, target: Callable, *args: Any) -> None:
        receive, send = self.ctx.Pipe(duplex=False)
        child = self.ctx.Process(target=_child, daemon=True, args=(target, args, send))
        child.start()
        send.close()  # the child holds the sending end: EOF if it dies
        self._children.append((child, receive))

    def results(self, poll: float = 0.1, wait: Optional[Callable[[], object]] = None) -> Iterator:
        """What each child returned, in the order they started; ``wait()`` is
        called every ``poll`` seconds while a child is still at work.  A child
        that died or raised raises ``SolverError``."""
        for child, receive in self._children:
            while not receive.poll(poll):
                if wait is not None:
                    wait()
            try:
                kind, value = receive.recv()
            except EOFError:
                child.join(1)
                code = child.exitcode
                why = _death(code) if code is not None else "it closed its pipe"
                raise SolverError(
                    f"{self.what} died ({why}); its work is lost, so dlxc stopped"
                ) from None
            if kind != "ok":
                raise SolverError(f"{self.what} failed: {value}")
            yield value

    def check(self) -> None:
        """``SolverError`` when a child has died before it answered (a
        child that answered ends with status 0)."""
        for child, _ in self._children:
            code = child.exitcode
            if code is not None and code != 0:
                raise SolverError(
                    f"{self.what} died ({_death(code)}); its work is lost, so dlxc stopped"
                )

    def __exit__(self, typ, exc, tb) -> None:
        if exc is not None:
            self.terminate()
        self.close()

    def terminate(self) -> None:
        """Stop the children still running."""
        for child, _ in self._children:
            if child.is_alive():
                child.terminate()

    def close(self) -> None:
        """Wait for every child to end."""
        for child, receive in self._children:
            child.join()
            receive.close()
        self._children = []


# ---- pools ---------------------------------------------------------------------


def _pool_start(init: Optional[Callable], args: Sequence) -> None:
    worker_start()
    if init is not None:
        init(*args)


def pool(processes: int, init: Optional[Callable] = None, args: Sequence = (), ctx=None):
    """A ``multiprocessing.Pool`` of ``processes`` workers, each starting
    with ``worker_start`` and then ``init(*args)`` (a module-level function)."""
    ctx = context() if ctx is None else ctx
    workers = ctx.Pool(processes, _pool_start, (init, tuple(args)))
    _seen(workers)
    return workers


def _seen(workers) -> list:
    """Every worker process the pool has had, so far as this module saw
    them: the pool forgets a dead worker once it has started another in
    its place (its list ``_pool`` is the one record of them that
    multiprocessing keeps)."""
    seen = workers.__dict__.setdefault("_dlxc_seen", [])
    for proc in list(getattr(workers, "_pool", ())):
        if proc not in seen:
            seen.append(proc)
    return seen


def _death(code: int) -> str:
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        why = f"killed by {name}"
        if -code == signal.SIGKILL:
            why += ", as the out-of-memory killer does"
        return why
    return f"exit code {code}"


def check_pool(workers, what: str = "a worker process") -> None:
    """``SolverError`` when a worker of the pool has died (stop the pool
    then: what the dead worker held is lost)."""
    for proc in _seen(workers):
        code = proc.exitcode
        if code is not None and code != 0:
            raise SolverError(f"{what} died ({_death(code)}); its work is lost, so dlxc stopped")


def pool_map(
    workers,
    fn: Callable,
    items: Sequence,
    what: str = "a worker process",
    poll: float = 0.1,
    chunksize: Optional[int] = None,
) -> list:
    """``workers.map(fn, items)``, but a worker that dies raises
    ``SolverError`` (within ``poll`` seconds) instead of waiting forever."""
    result = workers.map_async(fn, items, chunksize)
    while not result.ready():
        result.wait(poll)
        if not result.ready():
            check_pool(workers, what)
    return result.get()


def stop_pool(workers) -> None:
    """Stop a pool's workers now and wait for them."""
    workers.terminate()
    workers.join()
