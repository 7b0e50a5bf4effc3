"""The cheapest solutions of a problem whose options have costs.

A problem with costs (``Problem(..., costs=[...])``, or a DLX file whose
option lines carry ``|n`` entries, see ``dlxc.xcc.dlxformat``) has a cost
for every solution: the sum of its options' costs.  ``best(problem, k)``
finds the ``k`` cheapest solutions with Knuth's DLX5 search
(``dlxc.xcc.engines.cost``, csrc/xcc/cost.c): the search keeps the k best
solutions seen so far and cuts off every branch that cannot beat the k-th.

Ties.  The k cheapest costs are exact (the multiset of the k smallest
costs over all solutions).  When several solutions share the k-th cost,
the ones kept are those the search met first, and the result lists the
solutions by cost, then in the order found; the search is deterministic,
so the same problem and k give the same list on every run and on both
backends (the order of discovery can change with k, since the cut-off
steers the search).

The search runs on the time-sliced runner of ``dlxc.base.runner``: a node
limit, a timeout and Ctrl-C act between slices, and a stopped search
returns the best solutions found so far with ``complete`` False.
"""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from ..base.args import whole
from ..base.backends import resolve
from ..base.errors import ProblemError, SearchStopped
from ..base.runner import Limits, Runner
from .engines import cost_solver_class
from .engines.shared import DONE
from .zdd import ZddBuild

if TYPE_CHECKING:
    from .view import ProblemView

#: All the costs of a problem together stay below this, so no sum of costs
#: can overflow the C engine's 64-bit words.
COST_TOTAL_LIMIT = 1 << 63
#: The largest k: the best list is kept in memory, a solution per entry.
MAX_K = 1 << 24


def check_costs(costs, n_options: int, name: str = "<problem>") -> array:
    """``costs`` as an array('q') after checking it: one non-negative int
    per option, all of them adding up to less than 2**63."""
    try:
        values = list(costs)
    except TypeError:
        raise ProblemError(
            f"{name}: costs must be a sequence of ints, one per option, not {costs!r}"
        ) from None
    if len(values) != n_options:
        raise ProblemError(f"{name}: one cost per option: {n_options} options, {len(values)} costs")
    total = 0
    for j, c in enumerate(values):
        if isinstance(c, bool) or not isinstance(c, int):
            raise ProblemError(f"{name}: the cost of option {j} is {c!r}, not an int")
        if c < 0:
            raise ProblemError(f"{name}: the cost of option {j} is {c}, and costs are >= 0")
        total += c
    if total >= COST_TOTAL_LIMIT:
        raise ProblemError(
            f"{name}: the costs add up to {total}; dlxc takes costs whose total is below 2**63"
        )
    return array("q", values)


def live_costs(problem: ProblemView) -> list[int]:
    """The costs of the options the search uses (those of ``live_arrays``),
    zeros for a problem without costs."""
    costs = getattr(problem, "costs", None)
    ids = problem.live_arrays()[3]
    n = len(problem.options)
    if costs is None:
        return [0] * (n if ids is None else len(ids))
    if ids is None:
        return list(costs)
    return [costs[j] for j in ids]


@dataclass(frozen=True)
class BestStats:
    """Statistics of a minimum-cost search, with DLX5's conventions:
    ``solutions`` counts the solutions that entered the best list when they
    were found (DLX5's count), ``nodes`` the level entries plus those."""

    solutions: int
    nodes: int
    updates: int
    cleansings: int
    seconds: float
    complete: bool
    backend: str
    max_level: int = 0
    stopped: Optional[str] = None
    engine: str = "cost"

    def summary(self) -> str:
        head = "Altogether" if self.complete else "Stopped after"
        return (
            f"{head} {self.solutions} improving solution{'s' if self.solutions != 1 else ''}, "
            f"{self.updates} updates, {self.cleansings} cleansings, {self.nodes} nodes, "
            f"{self.seconds:.3f} s ({self.backend} backend, {self.engine} engine)."
        )


@dataclass(frozen=True)
class BestSolutions:
    """The result of ``best``: ``solutions``, a list of (cost, options)
    pairs (options a tuple of option indices in the order the search chose
    them), cheapest first; ``complete`` is False when a limit stopped the
    search, and then the list holds the best found so far (not proved
    optimal); ``stats`` tells about the search."""

    solutions: list = field(default_factory=list)
    complete: bool = True
    stats: Optional[BestStats] = None

    @property
    def stopped(self) -> Optional[str]:
        return None if self.stats is None else self.stats.stopped

    def __iter__(self):
        return iter(self.solutions)

    def __len__(self) -> int:
        return len(self.solutions)


class BestSearch:
    """A resumable minimum-cost search: ``run()`` goes on to the end or to
    a limit, ``results()`` is the best list so far.  Use ``best`` unless
    you need to watch it between slices."""

    def __init__(
        self,
        problem: ProblemView,
        k: int = 1,
        backend: Optional[str] = None,
        *,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress: Optional[Callable[[], object]] = None,
        bound: bool = True,
    ) -> None:
        self.problem = problem
        self.k = k = whole(k, "k", 1)
        if k > MAX_K:
            raise ProblemError(f"k is at most {MAX_K}, not {k}")
        self.backend = resolve(backend)
        self._seconds = 0.0
        self._done = False
        self._clock = time.perf_counter
        self._zdd: Optional[ZddBest] = None
        if getattr(problem, "bounds", None):  # multiplicities: over the ZDD
            self._zdd = ZddBest(problem, k, self.backend, node_limit, timeout, progress)
            return
        start, items, colors, ids = problem.live_arrays()
        cls = cost_solver_class(self.backend)
        self._solver = cls(
            len(problem.primary),
            len(problem.items),
            start,
            items,
            colors,
            live_costs(problem),
            ids,
            k,
            bound,
        )
        self._runner = Runner(
            lambda: self._solver.stats()[1],
            lambda status: status == DONE,
            self.backend,
            Limits(node_limit, timeout),
            progress,
        )

    def _call(self, budget: int) -> int:
        t0 = self._clock()
        try:
            status = self._solver.run(budget)
        finally:
            self._seconds += self._clock() - t0
        if status == DONE:
            self._done = True
        return status

    def run(self) -> BestSolutions:
        """Search on to the end or to a limit; the result so far."""
        if self._zdd is not None:
            return self._zdd.run()
        if not self._done:
            self._runner.run(self._call)
        return self.result()

    def result(self) -> BestSolutions:
        if self._zdd is not None:
            return self._zdd.result()
        return BestSolutions(list(self._solver.results()), self._done, self.stats)

    @property
    def stats(self) -> BestStats:
        if self._zdd is not None:
            return self._zdd.stats
        solutions, nodes, updates, cleansings, max_level, _ = self._solver.stats()
        return BestStats(
            solutions=solutions,
            nodes=nodes,
            updates=updates,
            cleansings=cleansings,
            seconds=self._seconds,
            complete=self._done,
            backend=self.backend,
            max_level=max_level,
            stopped=None if self._done else self._runner.stopped,
        )

    def close(self) -> None:
        if self._zdd is None:
            self._solver.close()

    def __enter__(self) -> BestSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ZddBest:
    """The k cheapest solutions of a problem with multiplicities: its ZDD
    (``dlxc.xcc.zdd``, csrc/xcc/zddm.c), then, node by node from the sinks
    up, the k cheapest paths below each node (those through lo and those
    through hi plus the option's cost, merged).  Ties go to lo: the order
    in which ``Zdd`` lists its solutions.  A limit that stops the diagram
    leaves no solution found (the result is empty, ``complete`` False)."""

    def __init__(self, problem, k, backend, node_limit, timeout, progress) -> None:
        self.problem = problem
        self.k = k
        self._build = ZddBuild(
            problem,
            backend,
            node_limit=node_limit,
            timeout=timeout,
            progress=None if progress is None else (lambda _f, _s: progress()),
        )
        self._found: Optional[list] = None
        self._seconds = 0.0

    def run(self) -> BestSolutions:
        if self._found is None:
            t0 = time.perf_counter()
            try:
                zdd = self._build.run()
            except SearchStopped:
                self._seconds += time.perf_counter() - t0
                return self.result()
            self._found = self._k_best(zdd)
            self._seconds += time.perf_counter() - t0
        return self.result()

    def _k_best(self, zdd) -> list:
        k = self.k
        costs = live_costs(self.problem)
        var, lo, hi, live = zdd.var, zdd.lo, zdd.hi, zdd.live_var
        # per node: up to k (cost, via hi, index in the child's list), cheapest first
        table: list = [[], [(0, False, -1)]]
        for n in range(len(var)):
            below_lo = table[lo[n]]
            below_hi = table[hi[n]]
            c = costs[live[n]]
            merged = [(e[0], False, i) for i, e in enumerate(below_lo[:k])]
            merged += [(e[0] + c, True, i) for i, e in enumerate(below_hi[:k])]
            merged.sort(key=lambda e: e[0])  # stable: lo first on ties
            table.append(merged[:k])
        out = []
        for i in range(len(table[zdd.root])):
            cost = table[zdd.root][i][0]
            options = []
            node, at = zdd.root, i
            while node >= 2:
                _, via_hi, nxt = table[node][at]
                if via_hi:
                    options.append(var[node - 2])
                    node = hi[node - 2]
                else:
                    node = lo[node - 2]
                at = nxt
            out.append((cost, tuple(options)))
        return out

    def result(self) -> BestSolutions:
        return BestSolutions(list(self._found or []), self._found is not None, self.stats)

    @property
    def stats(self) -> BestStats:
        z = self._build.stats
        done = self._found is not None
        return BestStats(
            solutions=len(self._found or []),
            nodes=z.nodes,
            updates=0,
            cleansings=0,
            seconds=self._seconds,
            complete=done,
            backend=z.backend,
            max_level=z.max_level,
            stopped=None if done else self._build.stopped,
            engine="zddm",
        )


def best(
    problem: ProblemView,
    k: int = 1,
    backend: Optional[str] = None,
    *,
    node_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    bound: bool = True,
) -> BestSolutions:
    """The ``k`` cheapest solutions of ``problem`` as (cost, options) pairs,
    cheapest first (see the module's notes on ties).  A problem without
    costs has every solution at cost 0: its first k solutions come back.
    ``node_limit`` and ``timeout`` stop the search early, and the result
    then holds the best found so far, with ``complete`` False.  ``bound``
    (default on) cuts off branches by a lower bound on the cost of the
    items left (csrc/xcc/cost.c); off, the search is Knuth's DLX5 exactly,
    its statistics too."""
    with BestSearch(
        problem, k, backend, node_limit=node_limit, timeout=timeout, bound=bound
    ) as search:
        return search.run()
