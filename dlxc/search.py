"""A search over a Problem: a lazy iterator of solutions with statistics.

The engine is resumable, so iteration asks it for a batch of solutions at a
time and counting asks it for a node budget at a time; between two calls
Python is in control, so Ctrl-C, a ``break`` or a time limit stop the search
cleanly, and nothing is searched twice.  Each search has its own engine
state: an interrupted search never spoils the problem, which can be solved
again at once.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from .backend import make_solver, resolve
from .mirror import BATCH, BUDGET, DONE

if TYPE_CHECKING:
    from .problem import Problem

_NODE_BUDGET = {"c": 1 << 22, "python": 1 << 14}
_BATCH = 8192


@dataclass(frozen=True)
class Stats:
    """Statistics of a finished or stopped search, with DLX2's conventions."""

    solutions: int
    nodes: int
    updates: int
    cleansings: int
    seconds: float
    complete: bool
    backend: str
    max_level: int = 0

    def summary(self) -> str:
        """One sentence in DLX2's style."""
        if self.complete:
            head = f"Altogether {self.solutions} solution{'s' if self.solutions != 1 else ''}"
        else:
            head = f"Stopped after {self.solutions} solution{'s' if self.solutions != 1 else ''}"
        return (f"{head}, {self.updates} updates, {self.cleansings} cleansings, "
                f"{self.nodes} nodes, {self.seconds:.3f} s ({self.backend} backend).")


class Search:
    """Iterator of a problem's solutions (tuples of option indices)."""

    def __init__(self, problem: "Problem", backend: Optional[str] = None,
                 seed: Optional[int] = None, limit: Optional[int] = None) -> None:
        self.problem = problem
        self.backend = resolve(backend)
        self.seed = seed
        self.limit = limit
        self._solver = make_solver(self.backend, len(problem.primary), len(problem.items),
                                   problem.live_arrays(), seed)
        self._pending: deque = deque()
        self._yielded = 0
        self._seconds = 0.0
        self._done = False
        self._broken = False
        self._budget = _NODE_BUDGET[self.backend]

    # ---- running the engine ----
    def _run(self, out, room) -> int:
        if self._broken:
            raise RuntimeError("this search was interrupted and cannot go on; start a new one")
        t0 = time.perf_counter()
        try:
            status = self._solver.run(self._budget, out, room)
        except BaseException:
            # The C call is atomic, but Ctrl-C can land inside the mirror's
            # Python code: this engine state is no longer trustworthy.
            if self.backend == "python":
                self._broken = True
            raise
        finally:
            self._seconds += time.perf_counter() - t0
        if status == DONE:
            self._done = True
        return status

    def step(self, node_budget: Optional[int] = None) -> bool:
        """Count on for about ``node_budget`` nodes (default: one engine call);
        True when the search is complete.  Solutions are counted, not kept."""
        if node_budget is not None:
            saved, self._budget = self._budget, max(1, node_budget)
        try:
            if not self._done:
                self._run(None, 0)
        finally:
            if node_budget is not None:
                self._budget = saved
        return self._done

    def count(self) -> int:
        """Run to the end and return the total number of solutions."""
        while not self._done:
            self._run(None, 0)
        return self.stats.solutions

    def __iter__(self) -> "Search":
        return self

    def __next__(self) -> tuple[int, ...]:
        if self.limit is not None and self._yielded >= self.limit:
            raise StopIteration
        while not self._pending:
            if self._done:
                raise StopIteration
            room = _BATCH
            if self.limit is not None:
                room = min(room, self.limit - self._yielded)
            self._run(self._pending, room)
        self._yielded += 1
        return self._pending.popleft()

    @property
    def done(self) -> bool:
        return self._done

    @property
    def stats(self) -> Stats:
        solutions, nodes, updates, cleansings, max_level, _ = self._raw_stats()
        return Stats(solutions=solutions, nodes=nodes, updates=updates, cleansings=cleansings,
                     seconds=self._seconds, complete=self._done, backend=self.backend,
                     max_level=max_level)

    def _raw_stats(self):
        return self._solver.stats()

    def close(self) -> None:
        """Free the engine now (the garbage collector would do it later)."""
        self._solver.close()

    def __enter__(self) -> "Search":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
