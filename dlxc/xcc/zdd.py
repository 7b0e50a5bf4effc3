"""A ZDD of all the solutions of a problem, built as Knuth's DLX6 builds it
(or, for a problem with multiplicities, by deciding the options in order:
dlxc/xcc/engines/zddm.py, whose memo keys hold each item's cover count).

``build(problem)`` (or ``problem.zdd()``) runs the search of csrc/xcc/zdd.c
(or its Python mirror, dlxc/xcc/engines/zdd.py, which makes the same
diagram node for node): DLX2's tree, with every residual problem met again
answered from a table instead of searched again.  The result is a ``Zdd``:
a zero-suppressed decision diagram whose paths to the sink 1 are the
solutions.  It counts them (exactly, as a big integer), draws one uniformly
at random, finds one of least cost, lists them all, and reads and writes
Knuth's ZDD text format, the one DLX6 writes (so his ZDD tools read it).

Nodes: 0 and 1 are the sinks; the branch nodes are 2, 3, ... in the order
the search made them, node k branching on option ``var[k-2]`` with
``lo[k-2]`` (the solutions without it) and ``hi[k-2]`` (the rest of the
solutions with it).  A child is always made before its parent, so one pass
in node order computes anything bottom-up.
"""

from __future__ import annotations

import os
import random
import re
import time
from array import array
from collections.abc import Iterator, Sequence
from typing import IO, TYPE_CHECKING, Callable, NamedTuple, Optional, Union, cast

from ..base.args import whole, within_memory
from ..base.backends import resolve
from ..base.errors import (
    DlxFormatError,
    MemoLimitError,
    NoSolutionError,
    SearchStopped,
    SolverError,
)
from ..base.runner import Limits, Runner
from .engines.shared import DONE
from .engines.zdd import DEFAULT_BYTES, summary
from .search import MemoInfo, Stats

if TYPE_CHECKING:
    from .view import ProblemView as Problem

#: DLXC_ZDD_ELIMIT (csrc/xcc/zdd.h)
ELIMIT = -6
#: the largest diagram whose engine count ``Zdd.count`` checks against its
#: paths (a few milliseconds of Python)
CHECK_NODES = 1 << 16


class ZddStats(NamedTuple):
    """The figures of a ZDD search: ``nodes`` are DLX6's search nodes (level
    entries plus solutions), ``memos`` the residual problems stored,
    ``hits`` those met again, ``bytes`` the memory of the memo and the
    diagram, ``zdd_nodes`` the branch nodes made."""

    nodes: int
    memos: int
    hits: int
    bytes: int
    zdd_nodes: int
    max_level: int
    seconds: float
    backend: str
    complete: bool

    def summary(self) -> str:
        return summary(
            self.nodes,
            self.memos,
            self.hits,
            self.bytes,
            self.zdd_nodes,
            self.seconds,
            self.backend,
            self.complete,
        )


def _engine(backend: str):
    if backend == "c":
        from ._cbackend import ZddC

        return ZddC
    from .engines.zdd import ZddMirror

    return ZddMirror


def _mcc_engine(backend: str):
    if backend == "c":
        from ._cbackend import ZddmC

        return ZddmC
    from .engines.zddm import ZddmMirror

    return ZddmMirror


class ZddBuild:
    """A ZDD search in progress: ``run()`` builds the diagram within the
    limits and returns the ``Zdd``; ``stats`` says how far it got (what
    Ctrl-C reports)."""

    def __init__(
        self,
        problem: Problem,
        backend: Optional[str] = None,
        *,
        memo_limit: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress: Optional[Callable[[float, object], object]] = None,
    ) -> None:
        self.problem = problem
        self.backend = resolve(backend)
        self.max_bytes = whole(
            DEFAULT_BYTES if memo_limit is None else memo_limit, "the memo limit (bytes)"
        )
        if memo_limit is not None:
            within_memory(
                self.max_bytes, f"a memo limit of {self.max_bytes:,} bytes (--memo-limit)"
            )
        arrays = problem.live_arrays()
        start, items, colors, ids = arrays[:4]
        bounds = arrays[4] if len(arrays) > 4 else None
        self._ids = ids
        if bounds is not None:  # multiplicities: the search by options in order
            self._engine = _mcc_engine(self.backend)(
                len(problem.primary),
                len(problem.items),
                start,
                items,
                colors,
                bounds,
                self.max_bytes,
            )
        else:
            self._engine = _engine(self.backend)(
                len(problem.primary), len(problem.items), start, items, colors, self.max_bytes
            )
        self.progress = progress
        self._seconds = 0.0
        self._runner = Runner(
            lambda: self._engine.info()[0],
            lambda status: status == DONE or status < 0,
            self.backend,
            Limits(node_limit, timeout),
            self._report,
        )

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self._engine.progress(), self.stats)

    @property
    def stats(self) -> ZddStats:
        nodes, memos, hits, size, zn, _root, _level, max_level, done = self._engine.info()
        return ZddStats(nodes, memos, hits, size, zn, max_level, self._seconds, self.backend, done)

    @property
    def stopped(self) -> Optional[str]:
        """The limit that stopped the search ("node limit", "timeout"), else None."""
        return self._runner.stopped

    def _call(self, budget: int) -> int:
        t0 = time.perf_counter()
        try:
            return self._engine.run(budget)
        finally:
            self._seconds += time.perf_counter() - t0

    def run(self) -> Zdd:
        """Build to the end: the ``Zdd``; ``SearchStopped`` at the node limit
        or timeout, ``MemoLimitError`` when the memo and the diagram would
        pass the memory limit."""
        status = self._runner.run(self._call)
        if status is None:
            stats = self.stats
            raise SearchStopped(
                f"the ZDD search stopped at the {self._runner.stopped} after "
                f"{stats.nodes:,} search nodes, before the diagram was complete",
                stats,
                self._runner.stopped,
            )
        if status == ELIMIT:
            stats = self.stats
            raise MemoLimitError(
                f"the ZDD would pass the memory limit of {self.max_bytes:,} bytes "
                f"(after {stats.zdd_nodes:,} ZDD nodes and {stats.memos:,} memos); "
                "give a larger memo limit (--memo-limit)"
            )
        var, lo, hi = self._engine.diagram()
        root = self._engine.info()[5]
        count = self._engine.count64() if hasattr(self._engine, "count64") else None
        writer = self._engine if hasattr(self._engine, "write") else None
        return Zdd(self.problem, var, lo, hi, root, self._ids, self.stats, count, writer)


def build(
    problem: Problem,
    backend: Optional[str] = None,
    *,
    memo_limit: Optional[int] = None,
    node_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Optional[Callable[[float, object], object]] = None,
) -> Zdd:
    """The ZDD of ``problem``'s solutions (see the module's text)."""
    return ZddBuild(
        problem,
        backend,
        memo_limit=memo_limit,
        node_limit=node_limit,
        timeout=timeout,
        progress=progress,
    ).run()


class Zdd:
    """The ZDD of a problem's solutions.

    ``len(zdd)`` and ``zdd.nodes`` are its branch nodes (DLX6's summary
    counts the two sinks too: ``zdd.nodes + 2``); ``zdd.root`` its top
    node (0 when there is no solution, 1 for the empty solution alone).
    Options are numbered as in ``problem.options``.
    """

    def __init__(
        self,
        problem: Problem,
        var: Sequence[int],
        lo: Sequence[int],
        hi: Sequence[int],
        root: int,
        ids: Optional[Sequence[int]] = None,
        stats: Optional[ZddStats] = None,
        count: Optional[int] = None,
        writer=None,
    ) -> None:
        self.problem = problem
        #: option numbers among the options the search uses (0-based)
        self.live_var = array("i", var)
        self.lo = array("I", lo)
        self.hi = array("I", hi)
        self.root = root
        self._ids = None if ids is None else list(ids)
        self.var = array("i", self.live_var if ids is None else (ids[v] for v in self.live_var))
        self.stats = stats
        self._count = count
        self._count_checked = False
        self._counts: Optional[list] = None
        self._writer = writer

    @property
    def nodes(self) -> int:
        return len(self.var)

    def __len__(self) -> int:
        return len(self.var)

    def __repr__(self) -> str:
        return f"<Zdd of {self.problem.name}: {self.nodes:,} nodes>"

    # ---- counting ----
    def counts(self) -> list:
        """The number of solutions below every node (index = node)."""
        if self._counts is None:
            c = [0, 1]
            lo, hi = self.lo, self.hi
            for k in range(len(lo)):
                c.append(c[lo[k]] + c[hi[k]])
            self._counts = c
        return self._counts

    def count(self) -> int:
        """The number of solutions (paths to 1), exact.  The engine's own
        count of a diagram of at most ``CHECK_NODES`` nodes is checked
        against the paths counted here, and the diagram's shape with it
        (``check``)."""
        if self._count is None:
            self._count = self.counts()[self.root]
        elif not self._count_checked and len(self.lo) <= CHECK_NODES:
            self.check()
        return self._count

    def check(self) -> None:
        """The diagram checked, node by node: each node's branches lead to
        nodes made before it (or the sinks), no HI branch leads to the sink
        0 (a ZDD drops such nodes), the root is a node; and the count is
        the number of paths to 1.  SolverError (a bug) otherwise."""
        lo, hi, var = self.lo, self.hi, self.live_var
        n = len(lo)
        width = len(self.problem.options) if self._ids is None else len(self._ids)

        def bad(why: str) -> SolverError:
            return SolverError(f"the ZDD is not well formed: {why} (an internal error)")

        if not 0 <= self.root < n + 2:
            raise bad(f"its root {self.root} is not one of its {n} nodes")
        for i in range(n):
            if not (lo[i] < i + 2 and 0 < hi[i] < i + 2):
                raise bad(f"node {i + 2} branches to {lo[i]} and {hi[i]}")
            if not 0 <= var[i] < width:
                raise bad(f"node {i + 2} is on option {var[i]}, of {width}")
        paths = self.counts()[self.root]
        if self._count is not None and self._count != paths:
            raise bad(f"the engine counted {self._count:,} solutions, its paths {paths:,}")
        self._count_checked = True

    # ---- the solutions ----
    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """Every solution, as a tuple of option numbers, in the order (and
        with the options in the order) that the plain search lists them."""
        if self.root == 0:
            return
        var, lo, hi = self.var, self.lo, self.hi
        path: list = []
        # a node (>= 0), or an order: -2 - j puts option j on the path, -1 takes one off
        stack: list = [self.root]
        push = stack.append
        while stack:
            n = stack.pop()
            if n >= 2:
                i = n - 2
                push(-1)
                push(hi[i])
                push(-2 - var[i])
                push(lo[i])
            elif n == 1:
                yield tuple(path)
            elif n == -1:
                path.pop()
            elif n <= -2:
                path.append(-2 - n)

    def sample(self, seed: Optional[int] = None) -> tuple[int, ...]:
        """One solution drawn uniformly at random (``random.Random(seed)``)."""
        total = self.count()
        if total == 0:
            raise NoSolutionError("the problem has no solution to draw")
        counts = self.counts()
        r = random.Random(seed).randrange(total)
        var, lo, hi = self.var, self.lo, self.hi
        out = []
        n = self.root
        while n >= 2:
            i = n - 2
            skip = counts[lo[i]]
            if r < skip:
                n = lo[i]
            else:
                r -= skip
                out.append(var[i])
                n = hi[i]
        return tuple(out)

    def min_cost(self, costs: Optional[Sequence[int]] = None) -> tuple[int, tuple[int, ...]]:
        """(the least total cost of a solution, one solution of that cost):
        ``costs[j]`` is option j's cost (default: ``problem.costs``).  Among
        solutions of equal cost, the first the plain search lists."""
        if costs is None:
            costs = getattr(self.problem, "costs", None)
        if costs is None:
            raise ValueError("min_cost needs the costs of the options (costs=[...])")
        costs = list(costs)
        if len(costs) != len(self.problem.options):
            raise ValueError(
                f"one cost per option: {len(self.problem.options)} options, {len(costs)} costs"
            )
        if any(not isinstance(c, int) for c in costs):
            raise ValueError("costs are ints")
        if self.root == 0:
            raise NoSolutionError("the problem has no solution")
        inf = None
        best: list = [inf, 0]
        via_hi = [False, False]
        var, lo, hi = self.var, self.lo, self.hi
        for k in range(len(var)):
            a = best[lo[k]]
            b = best[hi[k]]
            if b is not None:
                b += costs[var[k]]
            # ties go to lo: the earlier option, as the plain search lists it
            if b is not None and (a is None or b < a):
                best.append(b)
                via_hi.append(True)
            else:
                best.append(a)
                via_hi.append(False)
        out = []
        n = self.root
        while n >= 2:
            if via_hi[n]:
                out.append(var[n - 2])
                n = hi[n - 2]
            else:
                n = lo[n - 2]
        return best[self.root], tuple(out)

    # ---- Knuth's text format ----
    def write(self, target: Union[str, os.PathLike, IO[str], int]) -> None:
        """Write the diagram in Knuth's ZDD text format, as DLX6 writes it:
        "K: (~V?L:H)" per branch node (K, L, H in hex; V the option's
        number from 1 among the options with a primary item, in decimal),
        children first, then the root line "R: (~0?0:T)" (R the next
        number, T the top node).  ``target``: a path, a text file, or a file
        descriptor."""
        if isinstance(target, int):
            if self._writer is not None:
                self._writer.write(target)
                return
            os.write(target, self.text().encode())
            return
        if hasattr(target, "write"):
            stream = cast(IO[str], target)
            fd = None
            if self._writer is not None and hasattr(stream, "fileno"):
                try:
                    fd = stream.fileno()
                except (OSError, ValueError):
                    fd = None
            if fd is not None:
                stream.flush()
                self._writer.write(fd)
            else:
                stream.write(self.text())
            return
        with open(target, "w", encoding="ascii") as f:
            self.write(f)

    def text(self) -> str:
        """The text ``write`` writes."""
        lines = [
            f"{k + 2:x}: (~{v + 1}?{a:x}:{b:x})\n"
            for k, (v, a, b) in enumerate(zip(self.live_var, self.lo, self.hi))
        ]
        lines.append(f"{len(self.var) + 2:x}: (~0?0:{self.root:x})\n")
        return "".join(lines)

    @classmethod
    def read(cls, source: Union[str, os.PathLike, IO[str]], problem: Problem) -> Zdd:
        """A diagram in Knuth's ZDD text format (as ``write`` and DLX6 write
        it) over ``problem``'s options.  Nodes must come after their
        children; the root line is the one with variable 0.  Errors name the
        file and line."""
        if hasattr(source, "read"):
            name = getattr(source, "name", "<stream>")
            return cls._parse(source, str(name), problem)
        with open(source, encoding="ascii", errors="replace") as f:
            return cls._parse(f, os.fspath(source), problem)

    @classmethod
    def _parse(cls, lines, name: str, problem: Problem) -> Zdd:
        live = problem.live_arrays()[3]
        n_live = len(problem.options) - len(getattr(problem, "dropped", ()) or ())
        index = {0: 0, 1: 1}
        var: list = []
        lo: list = []
        hi: list = []
        root = None
        line_re = re.compile(r"\s*([0-9a-fA-F]+):\s*\(~(\d+)\?([0-9a-fA-F]+):([0-9a-fA-F]+)\)\s*$")
        for lineno, line in enumerate(lines, 1):
            if not line.strip():
                continue
            m = line_re.match(line)

            def bad(why: str, lineno: int = lineno) -> DlxFormatError:
                return DlxFormatError(why, name, lineno)

            if m is None:
                raise bad("not a ZDD node line 'K: (~V?L:H)'")
            if root is not None:
                raise bad("a node after the root line")
            k, v, a, b = int(m[1], 16), int(m[2]), int(m[3], 16), int(m[4], 16)
            if k in index:
                raise bad(f"node {k:x} defined twice")
            for child in (a, b):
                if child not in index:
                    raise bad(f"node {child:x} used before it is defined")
            if v == 0:
                if a != 0:
                    raise bad("the root line must read 'R: (~0?0:T)'")
                root = index[b]
                continue
            if v > n_live:
                raise bad(f"option {v} does not exist ({n_live} options with a primary item)")
            if b == 0:
                raise bad("a node whose hi branch is 0 (not a reduced ZDD)")
            index[k] = len(var) + 2
            var.append(v - 1)
            lo.append(index[a])
            hi.append(index[b])
        if root is None:
            raise DlxFormatError("no root line 'R: (~0?0:T)'", name, None)
        return cls(problem, var, lo, hi, root, live)


class _ZddCount:
    """A memoized count of a problem with multiplicities in progress: the
    ZDD search of dlxc.xcc.zdd (csrc/xcc/zddm.c), whose table is keyed by
    each item's cover count so far, read as a count.  ``stats`` are its
    figures as a count's (what Ctrl-C reports)."""

    def __init__(self, build) -> None:
        self.build = build
        self.zdd: Optional[Zdd] = None

    @property
    def stats(self) -> Stats:
        z = self.build.stats
        solutions = 0 if self.zdd is None else self.zdd.count()
        return Stats(
            solutions,
            z.nodes,
            0,
            0,
            z.seconds,
            z.complete,
            z.backend,
            max_level=z.max_level,
            memo=MemoInfo(z.memos, z.hits, z.bytes, False),
            stopped=self.build.stopped,
            engine="zddm",
        )


def memo_count_bounds(
    problem: Problem,
    *,
    backend: Optional[str] = None,
    memo_limit: Optional[int] = None,
    timeout: Optional[float] = None,
    node_limit: Optional[int] = None,
    progress=None,
    started: Optional[Callable] = None,
) -> Stats:
    """``count(memo=True)`` of a problem with multiplicities: the options
    are decided in order and every residual problem (the level and the
    cover count or color of each item options on both sides of it hold) is
    counted once, by building the ZDD of the solutions (``dlxc.xcc.zdd``)
    and counting its paths.  A stop by a limit returns the figures with
    ``complete`` False and no solutions counted (the diagram counts only
    once it is whole); a diagram past ``memo_limit`` bytes raises
    ``MemoLimitError``."""
    job = _ZddCount(None)

    def report(fraction: float, _stats) -> None:
        if progress is not None:
            progress(fraction, job.stats)

    build = ZddBuild(
        problem,
        backend,
        memo_limit=memo_limit,
        node_limit=node_limit,
        timeout=timeout,
        progress=report if progress is not None else None,
    )
    job.build = build
    if started is not None:
        started(job)
    try:
        job.zdd = build.run()
    except SearchStopped:
        pass
    return job.stats
