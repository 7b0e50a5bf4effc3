"""Scoring a file of boards on a Dask cluster (``dlxc boggle score
--scheduler``).

Boards go out as large binary batches (a run of ``board_runs``: up to
65,536 boards of one size, their letters end to end), one task a batch, and
their totals come back as bytes, in file order.  The words' trie text is
sent to every worker once (scattered); each thread of a worker builds its
trie from it once, at its first task, and keeps it for the next ones (a
trie's per-board marks are no state two threads may share: see
``dlxc.base.guard``), so a worker of T threads builds T tries in a run, not
one a task.  A few batches a thread are in flight at once, so that a worker
never waits for the next batch while the file is read.
"""

from __future__ import annotations

import threading
from array import array
from collections import deque
from collections.abc import Iterable, Iterator
from typing import Any, Optional

from ..base import cluster
from ..base.errors import SolverError
from .scoring import Boggle

AHEAD = 3  # batches in flight a thread of the cluster


def score_batch(text: bytes, backend: Optional[str], data: bytes, rows: int, cols: int) -> bytes:
    """One batch scored on a Dask worker: its totals as int32 bytes.  The
    trie is this thread's own, built at its first batch of these words."""
    cache = _THREAD.__dict__
    key = (hash(text), len(text), backend)
    if cache.get("key") != key:
        old = cache.get("boggle")
        if old is not None:
            old.close()
        cache["boggle"] = Boggle(text=text, backend=backend)
        cache["key"] = key
        cache["builds"] = cache.get("builds", 0) + 1
    return cache["boggle"].score_many(data, rows, cols).tobytes()


def trie_builds() -> int:
    """Tries this thread built for ``score_batch`` (tests: one a thread)."""
    return int(_THREAD.__dict__.get("builds", 0))


_THREAD = threading.local()


def score_runs_on_dask(
    runs: Iterable[tuple[bytes, int, int]],
    text: bytes,
    scheduler: Optional[str],
    *,
    backend: Optional[str] = None,
    client: Any = None,
    connect_timeout: float = 30,
) -> Iterator[array]:
    """The totals of each of ``runs`` ((boards, rows, cols) a run, read
    lazily), in order, scored on the cluster at ``scheduler`` (or on
    ``client``).  A bad address fails at once (``dlxc.base.cluster``)."""
    with cluster.connect(scheduler, "scoring", client=client, connect_timeout=connect_timeout) as (
        _,
        cl,
    ):
        threads = max(1, sum(cl.nthreads().values()))
        remote = cl.scatter(text, broadcast=True, hash=False)
        pending: deque = deque()
        try:
            for boards, rows, cols in runs:
                n, rest = divmod(len(boards), rows * cols)
                if rest:
                    raise SolverError(f"{len(boards)} letters are no whole number of boards")
                fut = cl.submit(score_batch, remote, backend, boards, rows, cols, pure=False)
                pending.append((fut, n))
                while len(pending) >= AHEAD * threads:
                    yield _totals(*pending.popleft())
            while pending:
                yield _totals(*pending.popleft())
        finally:
            for fut, _ in pending:
                fut.cancel()


def _totals(fut, n: int) -> array:
    out = array("i")
    out.frombytes(fut.result())
    if len(out) != n:
        raise SolverError(
            f"a Dask worker returned {len(out)} totals for a batch of {n} boards: "
            "the cluster's result is wrong, so none is reported"
        )
    return out
