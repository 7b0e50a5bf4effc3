"""Engine work off the request thread: started, watched, stopped.

A job is one call of an engine (a word search's layout, a fill, a board's
words) run by a small pool of worker threads; the request that starts it
gets its id at once, the page asks for its state (``GET /api/jobs/ID``)
until it is done, and Stop (``DELETE /api/jobs/ID``) ends it.  dlxc's
engines run in slices of 10-20 ms with Python in control between them, so
a job ends within a slice of being told to: the work calls ``job.check()``
from its progress hook, which raises ``Cancelled`` once the job is
stopped or its time is up.  A job's time is bounded (``MAX_SECONDS``), the
jobs waiting are bounded (``MAX_WAITING``: more is refused up front, not
queued; a waiting job stopped frees its place at once, and
``MAX_BACKLOG`` bounds those the workers have yet to clear), and finished
jobs are forgotten oldest first past ``KEEP``.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional

WORKERS = 2
MAX_WAITING = 8  # jobs started but not yet running
MAX_SECONDS = 60.0  # a job's own time limit
KEEP = 64  # finished jobs remembered for the page to collect
MAX_BACKLOG = 64  # jobs handed to the workers, stopped ones included, not yet taken


class Cancelled(Exception):
    """The job was stopped (Stop, a newer job of the same tab, or its time)."""


class Busy(Exception):
    """Too many jobs are waiting: refused up front."""


class Job:
    def __init__(self, ident: str, kind: str, seconds: float) -> None:
        self.id = ident
        self.kind = kind
        self.state = "waiting"  # running, done, failed, cancelled
        self.result: Any = None
        self.error: Optional[str] = None
        self.progress: dict = {}
        self.file: Optional[tuple[bytes, str, str]] = None  # an export's (data, type, name)
        self.started = time.monotonic()
        self.deadline = self.started + seconds
        self._stop = threading.Event()

    def cancel(self) -> None:
        self._stop.set()
        if self.state == "waiting":  # it will not run: its place in the queue is free now
            self.state, self.error = "cancelled", "stopped"

    def check(self, **progress: Any) -> None:
        """Called by the work between engine slices: note progress, and
        raise ``Cancelled`` when the job must end."""
        if progress:
            self.progress = progress
        if self._stop.is_set():
            raise Cancelled("stopped")
        if time.monotonic() > self.deadline:
            raise Cancelled("its time ran out")

    @property
    def left(self) -> float:
        """Seconds of the job's time that remain (for the engine's own timeout)."""
        return max(0.0, self.deadline - time.monotonic())

    def view(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state}
        if self.progress:
            out["progress"] = self.progress
        if self.state == "done":
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        out["seconds"] = round(time.monotonic() - self.started, 3)
        return out


class Jobs:
    """The studio's jobs: a pool of ``WORKERS`` threads and the jobs' table."""

    def __init__(self, workers: int = WORKERS, seconds: float = MAX_SECONDS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="dlxc-studio")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._seconds = seconds
        self._closed = False
        self._backlog = 0  # jobs handed to the pool that no worker has taken yet

    def start(
        self, kind: str, work: Callable[[Job], Any], *, user_error: tuple = (), seconds=None
    ) -> Job:
        """Run ``work(job)`` on a worker; its return value (JSON-ready) is
        the result.  ``user_error`` exceptions become the job's error
        message (a wrong input, said in one line); anything else is a bug,
        reported as such."""
        with self._lock:
            if self._closed:
                raise Busy("the studio is shutting down")
            waiting = sum(1 for j in self._jobs.values() if j.state == "waiting")
            if waiting >= MAX_WAITING:
                raise Busy(f"{waiting} jobs are waiting already; stop one or wait")
            if self._backlog >= MAX_BACKLOG:  # stopped jobs not yet cleared by a worker
                raise Busy("too many jobs were started and stopped at once; wait a moment")
            self._backlog += 1
            limit = self._seconds if seconds is None else min(seconds, self._seconds)
            job = Job(f"j{next(self._ids)}", kind, limit)
            self._jobs[job.id] = job
            self._forget()

        def run() -> None:
            with self._lock:
                self._backlog -= 1
            if job._stop.is_set():
                job.state = "cancelled"
                return
            job.state = "running"
            try:
                job.result = work(job)
                job.state = "done"
            except Cancelled as exc:
                job.state, job.error = "cancelled", str(exc)
            except user_error as exc:
                job.state, job.error = "failed", str(exc)
            except Exception as exc:  # a bug: say so, keep serving
                job.state, job.error = "failed", f"internal error: {type(exc).__name__}: {exc}"

        self._pool.submit(run)
        return job

    def get(self, ident: str) -> Optional[Job]:
        with self._lock:
            return self._jobs.get(ident)

    def cancel(self, ident: str) -> Optional[Job]:
        job = self.get(ident)
        if job is not None:
            job.cancel()
        return job

    def running(self) -> int:
        with self._lock:
            return sum(1 for j in self._jobs.values() if j.state in ("waiting", "running"))

    def _forget(self) -> None:
        finished = [k for k, j in self._jobs.items() if j.state not in ("waiting", "running")]
        for k in finished[: max(0, len(self._jobs) - KEEP)]:
            del self._jobs[k]

    def close(self) -> None:
        """Stop every job and wait for the workers (each ends within a slice)."""
        with self._lock:
            self._closed = True
            jobs = list(self._jobs.values())
        for j in jobs:
            j.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)
