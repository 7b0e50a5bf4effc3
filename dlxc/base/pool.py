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
- ``Workers`` (``pool``, ``stop_pool``): long-lived workers that start
  with ``worker_start`` and an ``init`` of their own (load a word list
  once), then run the tasks handed to them (``map``, ``imap``,
  ``map_async``), each through a pipe of its own; ``Outbox`` carries
  messages from a running task to the parent.  A worker that dies raises
  ``SolverError`` in the parent, and nothing is left running.  Why not
  ``multiprocessing.Pool``: see "pools" below.

multiprocessing is imported only when processes are wanted: most runs use
one process, and importing it costs every command a few milliseconds.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections import deque
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
#
# dlxc does not use multiprocessing.Pool.  Its workers share two queues, each
# guarded by a lock that lives in shared memory: an idle worker holds the
# task queue's lock while it waits for a task, and a worker that sends a
# result holds the result queue's.  A worker killed while it holds one (the
# out-of-memory killer does not wait) leaves that lock taken for good: the
# other workers wait for it forever, and so does Pool.terminate(), which
# takes the task queue's lock to drain it.  That made commands hang after a
# worker was killed, at random (whenever the victim was the idle worker
# that held the lock).  Here each worker has a pipe of its own that only it
# and the parent use: no lock is shared, a dead worker's pipe reads as EOF,
# and stopping the pool is a signal to each worker and a join.


_conn = None  # in a worker: its end of the pipe to the parent (see post)


def post(message: Any) -> None:
    """In a worker of a pool: send ``message`` to the parent now, while a
    task still runs (an ``Outbox`` hands it out there).  Blocks while the
    pipe is full: the parent reads as it consumes."""
    if _conn is None:
        raise RuntimeError("post() is for the worker processes of a pool")
    _conn.send(("post", message))


def _serve(init: Optional[Callable], args: Sequence, conn) -> None:
    """A worker: start (worker_start, then ``init(*args)``), then run each
    task the parent sends, ``(fn, seq, item)``, and send back ``("ok", seq,
    fn(item))`` or ``("error", seq, exception)``, until it gets None or the
    parent's end closes."""
    global _conn
    worker_start()
    _conn = conn
    try:
        if init is not None:
            init(*args)
    except BaseException as exc:
        _send_error(conn, -1, exc)
        return
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        fn, seq, item = task
        try:
            answer = ("ok", seq, fn(item))
        except BaseException as exc:
            _send_error(conn, seq, exc)
            continue
        conn.send(answer)


def _send_error(conn, seq: int, exc: BaseException) -> None:
    try:
        conn.send(("error", seq, exc))
    except Exception:  # an exception that does not pickle: its text then
        conn.send(("error", seq, SolverError(f"{type(exc).__name__}: {exc}")))


class Workers(Closing):
    """``processes`` worker processes, each started with ``worker_start``
    and then ``init(*args)`` (a module-level function), each with a pipe of
    its own to the parent.  ``map``/``imap`` hand out tasks, one at a time
    to each idle worker; a worker that dies (however: killed, crashed)
    raises ``SolverError`` naming the death, in whatever call of the parent
    notices it first.  ``what`` names the workers in errors ("a scoring
    process").  Use it with ``with``: the end of the block stops every
    worker and waits for it.  The parent drives everything itself (no
    thread): work moves while the parent is inside one of these calls."""

    def __init__(
        self,
        processes: int,
        init: Optional[Callable] = None,
        args: Sequence = (),
        ctx=None,
        what: str = "a worker process",
    ) -> None:
        self.ctx = context() if ctx is None else ctx
        self.what = what
        self._procs: list = []
        self._conns: list = []
        self._busy: dict = {}  # worker index -> seq of its task
        self._posts: deque = deque()  # messages posted, not yet taken
        self._results: dict = {}  # seq -> ("ok"|"error", value), not yet taken
        self._queue: deque = deque()  # (fn, seq, item) not yet handed out
        self._next = 0
        self._broken: Optional[str] = None
        self._closed = False
        try:
            for _ in range(max(1, processes)):
                here, there = self.ctx.Pipe(duplex=True)
                proc = self.ctx.Process(target=_serve, args=(init, tuple(args), there), daemon=True)
                proc.start()
                there.close()  # the worker holds it: EOF here when it dies
                self._procs.append(proc)
                self._conns.append(here)
        except BaseException:
            self.terminate()
            raise

    @property
    def processes(self) -> int:
        return len(self._procs)

    # -- handing out and gathering ------------------------------------------------

    def submit(self, fn: Callable, item: Any) -> int:
        """Queue ``fn(item)`` for the next idle worker; its number for
        ``result``."""
        seq = self._next
        self._next += 1
        self._queue.append((fn, seq, item))
        self._dispatch()
        return seq

    def _dispatch(self) -> None:
        for k in range(len(self._procs)):
            if not self._queue:
                return
            if k not in self._busy:
                task = self._queue.popleft()
                self._busy[k] = task[1]
                try:
                    self._conns[k].send(task)
                except (OSError, ValueError):  # its end is gone: it died
                    self._died(k)

    def pump(self, timeout: Optional[float]) -> None:
        """Wait up to ``timeout`` seconds for something from a worker (an
        answer, a posted message, a death) and take in all that has come;
        ``SolverError`` if a worker has died."""
        from multiprocessing.connection import wait

        self._raise_if_broken()
        self._dispatch()
        sentinels = [p.sentinel for p in self._procs]
        ready = wait(self._conns + sentinels, timeout)
        for k, conn in enumerate(self._conns):
            if conn in ready:
                self._take(k)
        for k, proc in enumerate(self._procs):
            if proc.sentinel in ready or proc.exitcode is not None:
                self._died(k)
        self._dispatch()

    def _quiet_pump(self, timeout: Optional[float]) -> None:
        """``pump``, but a dead worker only noted (``check`` raises it,
        with the name its caller gives the workers), the time waited."""
        if self._broken is not None or self._closed:
            if timeout:
                import time

                time.sleep(timeout)
            return
        try:
            self.pump(timeout)
        except SolverError:
            if self._broken is None:
                raise

    def _take(self, k: int) -> None:
        conn = self._conns[k]
        try:
            # a bounded number at a time: a worker that posts as fast as the
            # parent reads must not keep the parent here (memory, Ctrl-C)
            for _ in range(64):
                if not conn.poll():
                    break
                kind, *rest = conn.recv()
                if kind == "post":
                    self._posts.append(rest[0])
                    continue
                seq, value = rest
                if seq < 0:  # its init failed
                    self._broken = f"{self.what} could not start: {type(value).__name__}: {value}"
                    raise value
                self._results[seq] = (kind, value)
                self._busy.pop(k, None)
        except (EOFError, OSError):  # it died, maybe in the middle of a message
            self._died(k)

    def _died(self, k: int) -> None:
        proc = self._procs[k]
        proc.join(1)
        code = proc.exitcode
        why = _death(code) if code is not None else "it closed its pipe"
        self._broken = f"{self.what} died ({why}); its work is lost, so dlxc stopped"
        self._raise_if_broken()

    def _raise_if_broken(self) -> None:
        if self._broken is not None:
            raise SolverError(self._broken)
        if self._closed:
            raise SolverError(f"{self.what}: the pool has been stopped")

    def check(self) -> None:
        """``SolverError`` when a worker has died (or failed to start)."""
        self._raise_if_broken()
        for k, proc in enumerate(self._procs):
            if proc.exitcode is not None:
                self._died(k)

    def done(self, seq: int) -> bool:
        return seq in self._results

    def result(
        self, seq: int, poll: float = 0.1, wait: Optional[Callable[[], object]] = None
    ) -> Any:
        """What task ``seq`` returned (its exception raised), waiting for
        it; ``wait()`` is called every ``poll`` seconds meanwhile."""
        while seq not in self._results:
            self.pump(poll)
            if seq not in self._results and wait is not None:
                wait()
        kind, value = self._results.pop(seq)
        if kind != "ok":
            raise value
        return value

    def imap(
        self,
        fn: Callable,
        items,
        poll: float = 0.1,
        wait: Optional[Callable[[], object]] = None,
        ahead: Optional[int] = None,
    ) -> Iterator:
        """``fn(item)`` for each item, in order, as they come.  ``items`` is
        read lazily, at most ``ahead`` (default: twice the workers) beyond
        the oldest answer not yet given out, so that the parent reads the
        next items while the workers are at work.  An exception raised by
        ``items`` comes after the answers to the items before it."""
        ahead = 2 * len(self._procs) if ahead is None else max(1, ahead)
        pending: deque = deque()
        source = iter(items)
        more = True
        failed: Optional[BaseException] = None
        while True:
            while more and len(pending) < ahead:
                try:
                    item = next(source)
                except StopIteration:
                    more = False
                    break
                except Exception as exc:  # bad input: first the answers before it
                    more, failed = False, exc
                    break
                pending.append(self.submit(fn, item))
            if not pending:
                if failed is not None:
                    raise failed
                return
            yield self.result(pending.popleft(), poll, wait)

    def map(
        self,
        fn: Callable,
        items,
        poll: float = 0.1,
        wait: Optional[Callable[[], object]] = None,
    ) -> list:
        """``[fn(item) for item in items]`` on the workers."""
        seqs = [self.submit(fn, item) for item in items]
        return [self.result(seq, poll, wait) for seq in seqs]

    def map_async(self, fn: Callable, items, chunksize: Optional[int] = None) -> _Mapped:
        """``multiprocessing.Pool.map_async``'s shape (``chunksize`` is
        ignored: one task an item): an object with ``ready()``,
        ``successful()``, ``wait(timeout)`` and ``get()``."""
        return _Mapped(self, [self.submit(fn, item) for item in items])

    def get_post(self, timeout: Optional[float]) -> Any:
        """The next message a worker posted, waiting up to ``timeout``
        seconds; ``queue.Empty`` when none came."""
        if not self._posts:
            self._quiet_pump(timeout)
            if not self._posts:
                import queue

                raise queue.Empty
        return self._posts.popleft()

    # -- the end ------------------------------------------------------------------

    def close(self) -> None:
        """Tell idle workers to end, stop the busy ones, wait for all.
        Safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        for k, conn in enumerate(self._conns):
            if k in self._busy:
                if self._procs[k].exitcode is None:
                    self._procs[k].terminate()
                continue
            try:
                conn.send(None)
            except (OSError, ValueError):
                pass
        self._end(wait=2.0)

    def join(self) -> None:
        """Wait for every worker to end (after ``close``)."""
        self._end(wait=2.0)

    def terminate(self) -> None:
        """Stop every worker now and wait for it."""
        self._closed = True
        for proc in self._procs:
            if proc.exitcode is None:
                proc.terminate()  # SIGTERM: worker_start made it end at once
        self._end(wait=2.0)

    def _end(self, wait: float) -> None:
        for proc in self._procs:
            if proc.exitcode is None and proc.pid is not None:
                proc.join(wait)
            if proc.exitcode is None and proc.pid is not None:
                proc.kill()
                proc.join()
        for conn in self._conns:
            conn.close()
        self._conns = []


class _Mapped:
    def __init__(self, workers: Workers, seqs: list) -> None:
        self._workers, self._seqs = workers, seqs
        self._value: Optional[list] = None
        self._error: Optional[BaseException] = None

    def ready(self) -> bool:
        if self._value is None and self._error is None:
            w = self._workers
            if self._seqs and not w._closed:
                w._quiet_pump(0)
            if all(w.done(s) for s in self._seqs):
                try:
                    self._value = [w.result(s) for s in self._seqs]
                except BaseException as exc:
                    self._error = exc
        return self._value is not None or self._error is not None

    def successful(self) -> bool:
        if not self.ready():
            raise ValueError("not ready")
        return self._error is None

    def wait(self, timeout: Optional[float] = None) -> None:
        import time

        end = None if timeout is None else time.monotonic() + timeout
        while not self.ready():
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                return
            self._workers.pump(0.1 if left is None else min(left, 0.1))

    def get(self, timeout: Optional[float] = None) -> list:
        self.wait(timeout)
        if self._error is not None:
            raise self._error
        if self._value is None:
            raise TimeoutError
        return self._value


class Outbox:
    """A queue from the workers of one pool to its parent, for messages sent
    while a task runs (``multiprocessing.Queue``'s ``put`` and ``get``):
    pass it to the pool in ``args`` (``pool(n, init, (..., box))``), call
    ``put`` in the workers and ``get`` in the parent.  Each message goes
    through its worker's own pipe: a worker killed in the middle of one
    holds up no other (a shared queue's lock would stay taken)."""

    def __init__(self) -> None:
        self._workers: Optional[Workers] = None

    def __getstate__(self) -> dict:
        return {"_workers": None}

    def put(self, message: Any) -> None:
        post(message)

    def get(self, timeout: Optional[float] = None) -> Any:
        if self._workers is None:
            raise RuntimeError("this Outbox belongs to no pool")
        return self._workers.get_post(timeout)


def pool(processes: int, init: Optional[Callable] = None, args: Sequence = (), ctx=None):
    """``Workers``: ``processes`` workers, each starting with
    ``worker_start`` and then ``init(*args)`` (a module-level function).
    An ``Outbox`` among ``args`` is tied to these workers."""
    workers = Workers(processes, init, args, ctx)
    for arg in args:
        if isinstance(arg, Outbox):
            arg._workers = workers
    return workers


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


def check_pool(workers: Workers, what: str = "a worker process") -> None:
    """``SolverError`` when a worker of the pool has died (stop the pool
    then: what the dead worker held is lost)."""
    workers.what = what
    workers.check()


def pool_map(
    workers: Workers,
    fn: Callable,
    items: Sequence,
    what: str = "a worker process",
    poll: float = 0.1,
    chunksize: Optional[int] = None,
) -> list:
    """``[fn(item) for item in items]`` on the workers; a worker that dies
    raises ``SolverError``."""
    workers.what = what
    return workers.map(fn, items, poll)


def stop_pool(workers: Workers) -> None:
    """Stop a pool's workers now and wait for them."""
    workers.terminate()
