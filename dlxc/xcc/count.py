"""How a count runs: the one place that decides.

A count is serial (one ``Search``), split over processes
(``dlxc.xcc.parallel``), sent to a Dask cluster (``dlxc.xcc.distributed``),
and memoized or not; it takes a node limit, a timeout, a progress callback
and a seed.  ``check_request`` states once which of these go together:

- a seeded search breaks ties at random, so it cannot be split into
  subproblems that mean the same in every process (no seed with jobs or a
  scheduler);
- a memoized count follows the deterministic branching order (no seed with
  memo), and ``memo_limit`` needs ``memo``;
- an overlap filter checks every solution, which a memoized count does not
  visit (``search.check_masks``), and it is not sent to a Dask scheduler.

The guards on a single search (``search.check_memo_seed``,
``search.check_masks``) live with ``Search``, which checks them too.

``count`` returns the statistics (``complete`` False, ``stopped`` naming the
limit, when a limit came first); ``count_solutions`` returns the number and
raises ``SearchStopped`` when a limit came first.  ``Problem.count``,
``Problem.count_stats``, the puzzle models and the command line all count
through here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable, Optional, Union

from ..base.args import optional_whole, seconds
from ..base.errors import RequestError, SearchStopped
from ..base.pool import resolve_jobs
from .engines import pick_strategy
from .search import (
    Search,
    Stats,
    check_masks,
    check_memo_seed,
    memo_entries_for,
    stop_message,
)

if TYPE_CHECKING:
    from .view import ProblemView

Progress = Union[None, bool, Callable[[float, Stats], object]]


def check_request(
    problem: Optional[ProblemView] = None,
    *,
    seed: Optional[int] = None,
    jobs: Optional[int] = 1,
    memo: bool = False,
    memo_limit: Optional[int] = None,
    scheduler: Optional[str] = None,
    overlap: Optional[Sequence[int]] = None,
) -> int:
    """Refuse the combinations that cannot be served (``RequestError``, a
    ``ValueError``); the number of processes (``jobs`` resolved: 0 or None
    is every core; 1 with a scheduler)."""
    jobs = 1 if scheduler is not None else resolve_jobs(jobs)
    if seed is not None and (jobs != 1 or scheduler is not None):
        raise RequestError(
            "a seeded search (--seed) breaks ties at random, so it cannot be split into "
            "subproblems that mean the same in every process; drop the seed "
            f"(got {seed!r}) or use one process (jobs=1, --jobs 1, no --scheduler)"
        )
    if memo:
        check_memo_seed(seed)
    if memo_limit is not None and not memo:
        raise RequestError("memo_limit needs memo=True (--memo-limit needs --memo)")
    if overlap is not None and problem is not None:
        check_masks(problem, overlap, memo)
    if overlap is not None and scheduler is not None:
        raise RequestError("an overlap filter is not sent to a Dask scheduler")
    return jobs


def count(
    problem: ProblemView,
    *,
    backend: Optional[str] = None,
    seed: Optional[int] = None,
    jobs: Optional[int] = 1,
    memo: bool = False,
    memo_limit: Optional[int] = None,
    scheduler: Optional[str] = None,
    timeout: Optional[float] = None,
    node_limit: Optional[int] = None,
    progress: Progress = None,
    overlap: Optional[Sequence[int]] = None,
    started: Optional[Callable[[Search], object]] = None,
    strategy: Optional[str] = "dlx2",
) -> Stats:
    """Count ``problem``'s solutions and return the statistics.

    - ``jobs``: processes (``dlxc.xcc.parallel``); the figures equal the
      serial ones exactly.
    - ``scheduler``: the address of a Dask scheduler (``dlxc.xcc.distributed``).
    - ``memo``: memoized counting (DXZ / DLX6): residual problems met again
      are not searched again, so fewer nodes, the same count.  The table
      holds at most ``memo_limit`` bytes (default
      ``dlxc.xcc.search.DEFAULT_MEMO_BYTES``, shared out among the jobs).
    - ``timeout`` (seconds) and ``node_limit`` stop the count early; the
      statistics then say what was counted, ``complete`` is False and
      ``stopped`` names the limit.
    - ``progress``: True for a progress bar on stderr when it is a
      terminal, or a callable ``progress(fraction, stats)``.
    - ``overlap``: one mask (an int) per option; the statistics'
      ``overlapping`` then counts the solutions in which every option shares
      a bit of its mask with another (``Search.set_overlap``).
    - ``strategy``: the engine, "dlx2", "ssxcc", "bits" or "auto"
      (``dlxc.xcc.engines.pick_strategy``); a split or Dask count takes an
      engine that can split (``dlxc.xcc.parallel.split_strategy``: with
      "auto", the serial choice when it can split).
    - ``started(search)`` is called with a serial count's ``Search`` before
      it runs (the command line watches it, to report it on Ctrl-C).
    """
    jobs = check_request(
        problem,
        seed=seed,
        jobs=jobs,
        memo=memo,
        memo_limit=memo_limit,
        scheduler=scheduler,
        overlap=overlap,
    )
    if memo and getattr(problem, "bounds", None):
        if jobs != 1 or scheduler is not None:
            raise RequestError(
                "a memoized count of a problem with multiplicities (u:v|name items) "
                "builds its diagram in one process: drop --jobs or --scheduler, or --memo"
            )
        from .zdd import memo_count_bounds

        return memo_count_bounds(
            problem,
            backend=backend,
            memo_limit=memo_limit,
            timeout=timeout,
            node_limit=node_limit,
            progress=progress,
            started=started,
        )
    if jobs != 1 or scheduler is not None:
        pick_strategy(strategy, split=True)  # EngineRefused for one that cannot split
    timeout = seconds(timeout)  # inf: no limit
    node_limit = optional_whole(node_limit, "node_limit")
    memo_entries = None
    if memo:
        memo_entries = memo_entries_for(problem, memo_limit, share=jobs)
    owned = None
    if progress is True:
        from ..base.progress import ProgressBar

        progress = owned = ProgressBar(desc="counting")
    elif progress is False:
        progress = None
    try:
        if scheduler is None and jobs == 1:
            with Search(
                problem,
                backend=backend,
                seed=seed,
                memo_entries=memo_entries,
                node_limit=node_limit,
                timeout=timeout,
                progress=progress,
                overlap=overlap,
                strategy=strategy,
            ) as s:
                if started is not None:
                    started(s)
                s.count()
                return dataclasses.replace(s.stats, stopped=s.stopped)
        if scheduler is not None:
            from .distributed import count as dask_count

            return dask_count(
                problem,
                scheduler,
                backend,
                timeout=timeout,
                node_limit=node_limit,
                progress=progress,
                memo_entries=memo_entries,
                strategy=strategy,
            )
        from .parallel import count as pool_count

        return pool_count(
            problem,
            jobs,
            backend,
            timeout=timeout,
            node_limit=node_limit,
            progress=progress,
            memo_entries=memo_entries,
            overlap=overlap,
            strategy=strategy,
        )
    finally:
        if owned is not None:
            owned.close()


def count_solutions(problem: ProblemView, what: str = "solutions", **how) -> int:
    """The number of solutions (with ``overlap``, of those that pass the
    filter), counted as ``count`` does with the keyword arguments ``how``;
    ``SearchStopped`` (with the statistics) when a limit comes first.
    ``what`` names the solutions in that message ("layouts")."""
    stats = count(problem, **how)
    n = stats.solutions if stats.overlapping is None else stats.overlapping
    if not stats.complete:
        raise SearchStopped(stop_message(stats, stats.stopped, n, what), stats, stats.stopped)
    return n
