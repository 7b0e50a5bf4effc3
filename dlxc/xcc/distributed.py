"""Counting on many machines: the subproblems of ``dlxc.parallel`` on a Dask cluster.

The split is the one of ``dlxc.parallel`` (a subproblem is a path of option
indices, which means the same subtree on every machine), and the work is
handed to the workers of a running Dask distributed cluster, whose
scheduler gives them out as workers become free, so fast workers take
more.  The totals equal a serial count's exactly.  The way onto the
cluster (Dask's import, the probe of the scheduler, the client) is
``dlxc.base.cluster``'s, which every engine shares.

Every worker needs dlxc installed (the same version; the C backend if
built, else the pure-Python mirror, which gives the same statistics, only
slower).  Dask is an optional extra: ``pip install 'dlxc[dask]'``.  Start a
scheduler and workers, then count::

    dask scheduler                        # on one machine: tcp://HOST:8786
    dask worker tcp://HOST:8786           # on every machine, one per core by default
    dlxc count --scheduler tcp://HOST:8786 FILE

Limits: ``timeout`` is checked by each task against its machine's clock
(``time.time()``), so clocks should agree; ``node_limit`` is shared out as
tasks are handed out (each task may use what was left when it started), so
a stopped count can go past it by what the tasks in flight did.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable, Optional

from ..base import cluster
from ..base.backends import resolve
from .parallel import (
    PER_JOB,
    Split,
    Tally,
    chunks,
    count_paths,
    payload,
    split,
    split_strategy,
    stats_of,
)
from .search import Stats

if TYPE_CHECKING:
    from .view import ProblemView as Problem

_GRACE = 10.0  # seconds to wait for tasks in flight after the deadline
_POLL = 0.1


def count_task(
    data: tuple,
    backend: Optional[str],
    paths: list,
    deadline: Optional[float],
    node_limit: Optional[int],
    memo_entries: Optional[int],
    strategy: Optional[str] = None,
) -> tuple:
    """Run on a Dask worker: count some subproblems with this machine's
    backend (or the one named) and the engine ``strategy`` (whose split
    made the paths).  Returns (Tally, backend name)."""
    backend = resolve(backend)
    return count_paths(
        data,
        backend,
        paths,
        deadline=deadline,
        node_limit=node_limit,
        memo_entries=memo_entries,
        strategy=strategy,
    ), backend


def count(
    problem: Problem,
    scheduler=None,
    backend: Optional[str] = None,
    *,
    client=None,
    timeout: Optional[float] = None,
    node_limit: Optional[int] = None,
    progress: Optional[Callable] = None,
    memo_entries: Optional[int] = None,
    per_job: int = PER_JOB,
    connect_timeout: float = 10,
    strategy: Optional[str] = None,
) -> Stats:
    """Count the solutions on the Dask cluster at ``scheduler`` (an address
    like ``tcp://HOST:8786``), or through an existing ``client``.

    ``backend`` None lets each worker use its own default backend; the
    engine is ``parallel.split_strategy``'s for ``strategy``.  The
    statistics equal a serial count's when the count completes; with
    ``timeout`` or ``node_limit`` they say what was counted, and
    ``complete`` is False.  ``progress(fraction, stats)`` gets the fraction
    of subproblems finished.
    """
    if backend is not None:
        resolve(backend)  # a typo fails here, not on every worker
    strategy = split_strategy(problem, strategy, memo_entries is not None)
    start = time.perf_counter()
    deadline = None if timeout is None else time.time() + timeout
    with cluster.connect(scheduler, "counting", client=client, connect_timeout=connect_timeout) as (
        distributed,
        client,
    ):
        return _count(
            distributed,
            client,
            problem,
            backend,
            start,
            deadline,
            node_limit,
            progress,
            memo_entries,
            per_job,
            strategy,
        )


def _count(
    distributed,
    client,
    problem,
    backend,
    start,
    deadline,
    node_limit,
    progress,
    memo_entries,
    per_job,
    strategy,
) -> Stats:
    threads = max(1, sum(client.nthreads().values()))
    data = payload(problem)
    local = resolve(backend)
    top: Split = split(
        data, local, per_job * threads, node_limit=node_limit, deadline=deadline, strategy=strategy
    )
    tally = Tally()
    used = {local} if not top.paths else set()
    if top.paths:
        remote = client.scatter(data, broadcast=True, hash=False)
        # a Dask task costs about a millisecond of scheduling: a few paths each,
        # about 8 tasks per thread, still leave room to balance the load
        units = chunks(top.paths, threads, per_job=8)
        pending = list(reversed(units))
        in_flight: set = set()
        futures: list = []

        def room() -> Optional[int]:
            if node_limit is None:
                return None
            return node_limit - top.counts[1] - tally.counts[1]

        def hand_out() -> None:
            # without a node limit every task can go at once (the scheduler
            # balances them); with one, a few per thread, each told what is left
            depth = len(pending) if node_limit is None else 2 * threads
            while pending and len(in_flight) < depth:
                if deadline is not None and time.time() >= deadline:
                    return
                left = room()
                if left is not None and left <= 0:
                    return
                fut = client.submit(
                    count_task,
                    remote,
                    backend,
                    pending.pop(),
                    deadline,
                    left,
                    memo_entries,
                    strategy,
                    pure=False,
                )
                futures.append(fut)
                in_flight.add(fut)

        try:
            hand_out()
            while in_flight:
                if deadline is not None and time.time() > deadline + _GRACE:
                    tally.stopped = True
                    break
                try:
                    done, _ = distributed.wait(
                        list(in_flight), timeout=_POLL, return_when="FIRST_COMPLETED"
                    )
                except TimeoutError:
                    done = set()
                for fut in done:
                    in_flight.discard(fut)
                    part, name = fut.result()
                    tally.merge(part)
                    used.add(name)
                hand_out()
                if progress is not None:
                    progress(
                        tally.finished / len(top.paths),
                        stats_of(top, tally, time.perf_counter() - start, local, threads, False),
                    )
            if pending:
                tally.stopped = True
        finally:
            client.cancel(futures)
    complete = not tally.stopped and not top.stopped and tally.finished == len(top.paths)
    stats = stats_of(
        top,
        tally,
        time.perf_counter() - start,
        "+".join(sorted(used)) or local,
        threads,
        complete,
        None,
        node_limit,
    )
    return stats
