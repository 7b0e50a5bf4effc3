"""Counting and listing on all cores: the search tree split into subproblems.

How a count is split.  A *split run* searches the top of the tree as usual
but, instead of entering level d, records the path of its first d choices
(option indices) and backs up.  Each path is a subproblem: a fresh solver
*replays* it (commits the same options with the same branching rule) and
searches only the subtree below, with counters from zero.  Because the
branching rule is deterministic (leftmost MRV), a path means the same
subtree in every process and on every machine, and the split run's figures
plus those of all subproblems are exactly the serial run's solutions,
nodes, updates and cleansings.  SSXCC's engine is the exception: its
tree below a path depends on the order its sparse sets were left in, which
a replay leaves otherwise than the split run, so its solutions are exact
and its nodes and updates are the split run's plus its subproblems', which
may differ a little from a serial run's.

The depth d is chosen adaptively: d = 1, 2, ... until there are at least
``per_job * jobs`` subproblems (or the tree ends above d, and the split run
has counted everything).  The split runs are cheap, since they only walk
the first d levels.

Counting: this process and jobs - 1 child processes each take the next
free path from a shared counter, so a process that drew small subtrees
simply takes more, and they add their solutions and nodes to shared
counters (for the progress bar and the node limit).  Children receive the
problem's compact arrays when they start (inherited with the 'fork' start
method, used on Linux when no other thread is running; else pickled for
'spawn') and build a fresh engine per path.  This is leaner than a
``multiprocessing.Pool``: on the 8x8 word search on two cores the pool
took 0.57-0.62 of the serial time, this 0.51-0.52 (bench/bench_scale.py).
Children ignore Ctrl-C; the parent terminates them and re-raises.  A time
or node limit is checked by every process between engine calls, whose
budgets a ``Slicer`` sizes to last 10-20 ms each (``dlxc.base.runner``), so
a stopped count still adds up everything that was counted, and says it is
partial.

Listing (``solutions``) streams batches of solutions from the workers
through a bounded queue: every solution comes exactly once, but the order
is not the serial order.  A seeded search (random tie-breaking) cannot be
split the same way everywhere, so it runs on one core only.
"""

from __future__ import annotations

import dataclasses
import queue as queue_module
import time
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from ..base import pool
from ..base.backends import resolve
from ..base.closing import Closing
from ..base.errors import SolverError
from ..base.pool import resolve_jobs
from ..base.runner import Limits, Slicer
from .engines import make_solver, pick_strategy
from .engines.shared import DONE, keep_overlapping, mask_words
from .engines.table import REPLAY_AGAIN, mcc_strategy
from .search import Stats, check_masks

if TYPE_CHECKING:
    from .view import ProblemView as Problem

PER_JOB = 16  # subproblems wanted per process
# CPU seconds a count runs in one process before it splits (see ``trial``)
TRIAL = 0.005
_ROOM = 1 << 14  # records per engine call
_BATCH = 4096  # solutions per message when listing
_POLL = 0.1  # seconds between checks of the clock and the progress bar
_WAIT = 0.01  # seconds a listing waits for its workers before checking its limits

Path = tuple  # of option indices


# ---- the problem as workers see it -------------------------------------


def payload(problem: Problem) -> tuple:
    """What a worker needs to rebuild the engine: (n_primary, n_items,
    opt_start, opt_items, opt_colors, opt_ids).  The arrays pickle compactly
    and portably (array's pickle records the machine format)."""
    return (len(problem.primary), len(problem.items)) + tuple(problem.live_arrays())


def engine(data: tuple, backend: str, strategy: Optional[str] = None):
    """A fresh deterministic solver over a payload: of ``strategy``, an
    engine that can split (dlxc.xcc.engines.table), or by default the first
    of the table that can."""
    n_primary, n_items, *arrays = data
    strategy = pick_strategy(strategy, split=True)
    return make_solver(backend, n_primary, n_items, tuple(arrays), None, strategy=strategy)


def split_strategy(problem: Problem, strategy: Optional[str], memo: bool = False) -> str:
    """The engine of a split count: ``strategy`` itself when it can split,
    else (``auto`` or None) the engine ``auto`` picks for a serial count of
    ``problem`` when that one can split, and otherwise the first of the
    table that can, so that asking for more processes never trades the
    fastest engine for a slower one where a faster one can split.
    ``EngineRefused`` for a named engine that cannot split (all of it is
    ``dlxc.xcc.engines.pick_strategy``'s choice)."""
    arrays = problem.live_arrays()
    start = arrays[0]
    if len(arrays) > 4:  # bounds: items with multiplicities, an MCC engine
        return pick_strategy(mcc_strategy(strategy), memo=memo, split=True)
    return pick_strategy(
        strategy,
        len(problem.primary),
        len(problem.items),
        memo=memo,
        n_options=len(start) - 1,
        split=True,
    )


# ---- splitting ----------------------------------------------------------


@dataclass
class Split:
    """The top of the tree: the subproblem ``paths`` at ``depth``, and what
    the split run counted above that depth (``counts`` = solutions, nodes,
    updates, cleansings, max_level; ``solutions`` lists those solutions
    when they were asked for)."""

    depth: int
    paths: list
    counts: tuple
    solutions: list = field(default_factory=list)
    seconds: float = 0.0
    stopped: bool = False  # the node limit ended the split run itself
    engine: str = ""  # the strategy whose tree was split


def split(
    data: tuple,
    backend: str,
    want: int,
    keep_solutions: bool = False,
    node_limit: Optional[int] = None,
    deadline: Optional[float] = None,
    strategy: Optional[str] = None,
) -> Split:
    """Split at the first depth that gives at least ``want`` subproblems, or
    at the depth where the tree ends (then ``paths`` is empty and the split
    run has counted everything).  A split run that reaches ``node_limit``
    nodes or the ``deadline`` (a ``time.time()`` value) stops: the Split is
    ``stopped``, with no paths, and its figures are what it counted."""
    t0 = time.perf_counter()
    n_primary = data[0]
    depth = 1
    limits = Limits(node_limit, deadline=deadline, clock=time.time)
    slicer = Slicer(backend)
    while True:
        solver = engine(data, backend, strategy)
        solver.set_split(depth)
        paths: list = []
        found: list = []
        out: list = []
        stopped = False
        while True:
            nodes = solver.stats()[1]
            if limits.reached(nodes):
                stopped = True
                break
            # a recorded path costs a commit and an uncommit, as a node does,
            # but counts no node: the slice bounds both
            budget = limits.budget(slicer.budget, nodes)
            had = len(paths)
            c0 = time.perf_counter()
            status = solver.run(budget, out, min(_ROOM, budget), paths)
            slicer.note(
                budget,
                solver.stats()[1] - nodes + len(out) + len(paths) - had,
                time.perf_counter() - c0,
            )
            if keep_solutions:
                found.extend(out)
            out.clear()
            if status == DONE:
                break
        counts = solver.stats()[:5]
        name = solver.strategy
        solver.close()
        if stopped:
            return Split(depth, [], counts, found, time.perf_counter() - t0, True, name)
        if len(paths) >= want or not paths or depth >= n_primary:
            return Split(depth, paths, counts, found, time.perf_counter() - t0, False, name)
        depth += 1


# ---- the trial: is the tree worth a split? ---------------------------------


def trial(
    data: tuple,
    backend: str,
    seconds: float,
    *,
    deadline: Optional[float] = None,
    node_limit: Optional[int] = None,
    memo_entries: Optional[int] = None,
    overlap: Optional[Sequence[int]] = None,
    strategy: Optional[str] = None,
) -> Optional[Tally]:
    """Count the whole tree in this process for about ``seconds`` of CPU
    time (not wall time: a busy host does not change the decision): its
    figures (a serial count's) when the search ends within them, done or
    stopped by ``deadline`` (a ``time.time()`` value) or ``node_limit``,
    else None, and the work is dropped.  Starting workers costs a few
    milliseconds (processes, an engine each, the split run, a replay per
    subproblem), so a count with ``jobs`` first runs such a trial, and a
    tree that one process finishes within it is not split at all.  Engine
    calls start at ``FIRST_BUDGET`` nodes and grow, the last one cut to
    the time left at the rate seen."""
    from ..base.runner import FIRST_BUDGET

    words = mask_words(overlap or ())
    solver = engine(data, backend, strategy)
    tally = Tally()
    end = time.process_time() + seconds
    budget = first = FIRST_BUDGET[backend]
    try:
        if memo_entries is not None:
            solver.set_memo(memo_entries)
        if overlap is not None:
            solver.set_overlap(overlap, words)
        while True:
            nodes = solver.stats()[1]
            if (node_limit is not None and nodes >= node_limit) or (
                deadline is not None and time.time() >= deadline
            ):
                tally.stopped = True
                break
            call = budget if node_limit is None else min(budget, node_limit - nodes)
            began = time.process_time()
            if overlap is None:
                status = solver.run(call)
            else:
                status, kept = solver.run_overlap(call)
                tally.overlapping += kept
            if status == DONE:
                tally.finished = 1
                break
            now = time.process_time()
            if now >= end:
                return None
            rate = max(1, solver.stats()[1] - nodes) / max(now - began, 1e-7)
            budget = max(first, min(8 * budget, int(rate * (end - now)) + 1))
        tally.add(solver.stats()[:5])
        return tally
    finally:
        solver.close()


# ---- counting subproblems (in a worker, or in a Dask task) ---------------


@dataclass
class Tally:
    """Figures added up over subproblems: ``counts`` as in ``Split``,
    ``finished`` subproblems searched to the end, ``stopped`` when a limit
    cut one short, ``overlapping`` the solutions that passed an overlap filter."""

    counts: tuple = (0, 0, 0, 0, 0)
    finished: int = 0
    stopped: bool = False
    overlapping: int = 0  # solutions that passed the overlap filter, if asked for

    def add(self, counts: Sequence[int]) -> None:
        s, n, u, c, m = self.counts
        self.counts = (
            s + counts[0],
            n + counts[1],
            u + counts[2],
            c + counts[3],
            max(m, counts[4]),
        )

    def merge(self, other: Tally) -> None:
        self.add(other.counts)
        self.finished += other.finished
        self.stopped = self.stopped or other.stopped
        self.overlapping += other.overlapping


def claim(paths: Sequence[Path], next_index) -> Iterator[Path]:
    """The paths, handed out one at a time through ``next_index`` (a shared
    ``multiprocessing.Value``), so every process takes the next free one."""
    while True:
        with next_index.get_lock():
            i = next_index.value
            next_index.value = i + 1
        if i >= len(paths):
            return
        yield paths[i]


def count_paths(
    data: tuple,
    backend: str,
    paths: Iterable[Path],
    *,
    deadline: Optional[float] = None,
    node_limit: Optional[int] = None,
    shared=None,
    memo_entries: Optional[int] = None,
    tick: Optional[Callable[[], object]] = None,
    share: int = 1,
    overlap: Optional[Sequence[int]] = None,
    strategy: Optional[str] = None,
) -> Tally:
    """Count the subproblems ``paths``, one fresh solver each.

    ``shared`` (a ``multiprocessing.Array('q', 4)``, or None) receives the
    solutions and nodes counted, and the subproblems finished, of every
    process, after each engine call; its last entry is the nodes counted
    plus those granted to engine calls under way.  ``deadline`` is a
    ``time.time()`` value; ``node_limit`` holds for the shared nodes (an
    engine call is granted only nodes that no other has taken, so together
    the processes stop at it, as a serial count does, each call at most
    the one node of a solution past its grant) or, without them, for this
    call's own.
    When a limit stops the work, the tally says ``stopped`` and holds what
    was counted.  ``tick()`` is called after every engine call (about ten
    times a second).  ``share`` is the number of processes drawing on the
    node limit: each engine call takes at most that share of the nodes
    left, so that all of them go on working.
    ``overlap`` (one mask per option) adds to the tally's ``overlapping``
    the solutions that pass ``Search.set_overlap``'s filter.  Engine calls
    are sized by a ``Slicer`` to last 10-20 ms."""
    words = mask_words(overlap or ())
    tally = Tally()
    slicer = Slicer(backend)
    own_nodes = 0
    strategy = pick_strategy(strategy, split=True)
    # one solver for every path where the engine can replay again (a fresh
    # bits solver costs more than many a small subtree's search)
    reuse = strategy in REPLAY_AGAIN and memo_entries is None and overlap is None
    solver = None
    try:
        for path in paths:
            if deadline is not None and time.time() >= deadline:
                tally.stopped = True
                return tally
            if solver is None or not reuse:
                if solver is not None:
                    solver.close()
                solver = engine(data, backend, strategy)
            _count_path(
                solver,
                path,
                tally,
                slicer,
                deadline,
                node_limit,
                shared,
                memo_entries,
                tick,
                share,
                overlap,
                words,
                own_nodes,
            )
            own_nodes = tally.counts[1]
            if tally.stopped:
                return tally
    finally:
        if solver is not None:
            solver.close()
    return tally


def _count_path(
    solver,
    path,
    tally,
    slicer,
    deadline,
    node_limit,
    shared,
    memo_entries,
    tick,
    share,
    overlap,
    words,
    own_nodes,
) -> None:
    """count_paths' work on one path, with ``solver`` (fresh or done)."""
    solver.replay(path)
    if memo_entries is not None:
        solver.set_memo(memo_entries)
    if overlap is not None:
        solver.set_overlap(overlap, words)
    before = (0, 0)
    while True:
        call = slicer.budget
        if node_limit is not None:
            if shared is None:
                call = min(call, node_limit - own_nodes)
            else:
                call = _grant(shared, node_limit, share, call, deadline)
            if call <= 0:
                tally.stopped = True
                break
        c0 = time.perf_counter()
        if overlap is None:
            status = solver.run(call)
        else:
            status, kept = solver.run_overlap(call)
            tally.overlapping += kept
        now = solver.stats()[:2]
        used = now[1] - before[1]
        slicer.note(call, used, time.perf_counter() - c0)
        own_nodes += used
        if shared is not None:
            with shared.get_lock():
                shared[0] += now[0] - before[0]
                shared[1] += used
                if status == DONE:
                    shared[2] += 1
                if node_limit is not None:
                    shared[3] -= call - used  # give back what was not used
        before = now
        if tick is not None:
            tick()
        if status == DONE:
            tally.finished += 1
            break
        if deadline is not None and time.time() >= deadline:
            tally.stopped = True
            break
    tally.add(solver.stats()[:5])


def _grant(shared, node_limit: int, share: int, most: int, deadline: Optional[float]) -> int:
    """Nodes for one engine call under a node limit shared by ``share``
    processes: at most ``most``, and a share of those nobody has taken
    (``shared[3]`` counts the nodes counted or granted).  When none are left
    but other calls still hold grants, wait: they may give some back, and a
    process that gave up now would leave its subproblem unfinished while the
    others go on.  0 when the limit is reached."""
    while True:
        with shared.get_lock():
            call = min(most, -(-(node_limit - shared[3]) // share))
            if call > 0:
                shared[3] += call
                return call
            if shared[3] <= shared[1]:  # nothing is out: the limit is spent
                return 0
        if deadline is not None and time.time() >= deadline:
            return 0
        time.sleep(0.001)


def stats_of(
    split_: Split,
    tally: Tally,
    seconds: float,
    backend: str,
    jobs: int,
    complete: bool,
    overlap: Optional[Sequence[int]] = None,
    node_limit: Optional[int] = None,
    engine: str = "",
) -> Stats:
    """The Stats of a split count: the split run's figures plus the tally's
    (and with ``overlap``, the split run's solutions that pass the filter).
    An incomplete count names the limit that stopped it: the node limit
    when its nodes reached it, else the timeout."""
    total = Tally(split_.counts)
    total.merge(tally)
    s, n, u, c, m = total.counts
    kept = None
    if overlap is not None:
        kept = tally.overlapping + len(keep_overlapping(split_.solutions, overlap))
    stopped = None
    if not complete:
        stopped = "node limit" if node_limit is not None and n >= node_limit else "timeout"
    return Stats(
        solutions=s,
        nodes=n,
        updates=u,
        cleansings=c,
        seconds=seconds,
        complete=complete,
        backend=backend,
        max_level=m,
        jobs=jobs,
        subproblems=len(split_.paths),
        overlapping=kept,
        stopped=stopped,
        engine=engine or split_.engine,
    )


def chunks(paths: list, jobs: int, per_job: int = 64) -> list:
    """Hand-out units: single paths, or a few together when there are many
    (about ``per_job`` units per process keeps the traffic small)."""
    size = max(1, len(paths) // (per_job * jobs))
    return [paths[i : i + size] for i in range(0, len(paths), size)]


# ---- the worker processes ---------------------------------------------


def _count_worker(
    data,
    backend,
    paths,
    next_index,
    shared,
    deadline,
    node_limit,
    memo_entries,
    share,
    overlap,
    strategy,
) -> Tally:
    """A counting process: take paths until none is left (or a limit passes)."""
    return count_paths(
        data,
        backend,
        claim(paths, next_index),
        deadline=deadline,
        node_limit=node_limit,
        shared=shared,
        memo_entries=memo_entries,
        share=share,
        overlap=overlap,
        strategy=strategy,
    )


_WORKER: dict = {}


def _init_worker(data, backend, queue, strategy=None):
    _WORKER.update(data=data, backend=backend, queue=queue, strategy=strategy)


def _list_task(paths) -> None:
    """List the solutions of some subproblems onto the queue: batches as
    ('solutions', batch, counts since the last message), ('path', counts)
    when a subproblem is finished, and ('done', None) at the end."""
    w = _WORKER
    data, backend, q = w["data"], w["backend"], w["queue"]
    try:
        for path in paths:
            solver = engine(data, backend, w["strategy"])
            solver.replay(path)
            out: list = []
            sent = (0, 0, 0, 0, 0)
            slicer = Slicer(backend)
            while True:
                c0 = time.perf_counter()
                status = solver.run(slicer.budget, out, _BATCH)
                slicer.note(slicer.budget, solver.stats()[1] - sent[1], time.perf_counter() - c0)
                now = solver.stats()[:5]
                delta = tuple(a - b for a, b in zip(now[:4], sent[:4])) + (now[4],)
                sent = now
                if status == DONE:
                    if out:
                        q.put(("solutions", out, (0, 0, 0, 0, 0)))
                    q.put(("path", delta))
                    break
                if out:
                    q.put(("solutions", out, delta))
                    out = []
                else:  # a node budget spent without a solution: keep the figures moving
                    q.put(("solutions", [], delta))
            solver.close()
    except BaseException as exc:  # report, so the parent does not wait forever
        q.put(("error", repr(exc)))
        raise
    q.put(("done", None))


def _check_backend_and_jobs(backend, jobs):
    return resolve(backend), resolve_jobs(jobs)


def count(
    problem: Problem,
    jobs: Optional[int] = None,
    backend: Optional[str] = None,
    *,
    timeout: Optional[float] = None,
    node_limit: Optional[int] = None,
    progress: Optional[Callable] = None,
    memo_entries: Optional[int] = None,
    per_job: int = PER_JOB,
    overlap: Optional[Sequence[int]] = None,
    strategy: Optional[str] = None,
    trial_seconds: Optional[float] = None,
) -> Stats:
    """Count the solutions with ``jobs`` processes (None or 0: every core),
    with the engine ``split_strategy`` gives for ``strategy``: first in
    this process alone for ``trial_seconds`` (``trial``; None: ``TRIAL``),
    and only a tree that outlasts them is split (0: always split).

    The figures equal a serial count's exactly (with ``memo_entries``, each
    subproblem keeps a memo table of its own, so the count is exact but the
    node figures differ from a serial memoized count).  ``timeout`` (seconds)
    and ``node_limit`` stop the count cleanly; ``progress(fraction, stats)``
    is called about ten times a second with the fraction of subproblems
    finished.  ``overlap`` (one mask per option) also counts, in the
    statistics' ``overlapping``, the solutions that pass that filter
    (``Search.set_overlap``).
    """
    backend, jobs = _check_backend_and_jobs(backend, jobs)
    if overlap is not None:
        overlap = check_masks(problem, overlap, memo_entries is not None)
    strategy = split_strategy(problem, strategy, memo_entries is not None)
    start = time.perf_counter()
    deadline = None if timeout is None else time.time() + timeout
    data = payload(problem)
    if trial_seconds is None:
        trial_seconds = TRIAL
    if trial_seconds > 0 and jobs > 1:
        alone = trial(
            data,
            backend,
            trial_seconds,
            deadline=deadline,
            node_limit=node_limit,
            memo_entries=memo_entries,
            overlap=overlap,
            strategy=strategy,
        )
        if alone is not None:
            complete = not alone.stopped
            stats = stats_of(
                Split(0, [], (0, 0, 0, 0, 0), engine=strategy),
                alone,
                time.perf_counter() - start,
                backend,
                jobs,
                complete,
                overlap,
                node_limit,
            )
            if progress is not None and complete:
                progress(1.0, stats)
            return stats
    top = split(
        data,
        backend,
        per_job * jobs,
        keep_solutions=overlap is not None,
        node_limit=node_limit,
        deadline=deadline,
        strategy=strategy,
    )
    total = len(top.paths)
    if not total:
        return stats_of(
            top,
            Tally(),
            time.perf_counter() - start,
            backend,
            jobs,
            not top.stopped,
            overlap,
            node_limit,
        )
    children = pool.Children("a counting process")
    ctx = children.ctx
    next_index = ctx.Value("q", 0)
    # solutions, nodes, paths finished, nodes counted or granted (count_paths)
    shared = ctx.Array("q", [0, top.counts[1], 0, top.counts[1]])
    last = [0.0]
    checked = [0.0]

    def tick() -> None:
        now = time.perf_counter()
        if now - checked[0] >= _POLL:  # a child that died stops the count
            checked[0] = now
            children.check()
        if progress is None or now - last[0] < _POLL:
            return
        last[0] = now
        with shared.get_lock():
            sols, nodes, done = shared[0], shared[1], shared[2]
        progress(
            done / total,
            stats_of(
                top,
                Tally((sols, nodes - top.counts[1], 0, 0, 0)),
                now - start,
                backend,
                jobs,
                False,
            ),
        )

    processes = min(jobs, total)
    with children:
        for _ in range(processes - 1):
            children.start(
                _count_worker,
                data,
                backend,
                top.paths,
                next_index,
                shared,
                deadline,
                node_limit,
                memo_entries,
                processes,
                overlap,
                strategy,
            )
        # this process counts too
        tally = count_paths(
            data,
            backend,
            claim(top.paths, next_index),
            deadline=deadline,
            node_limit=node_limit,
            shared=shared,
            memo_entries=memo_entries,
            tick=tick,
            share=processes,
            overlap=overlap,
            strategy=strategy,
        )
        for part in children.results(_POLL, tick):
            tally.merge(part)
    complete = not tally.stopped and tally.finished == total
    stats = stats_of(
        top, tally, time.perf_counter() - start, backend, jobs, complete, overlap, node_limit
    )
    if progress is not None:
        progress(tally.finished / total, stats)
    return stats


class ParallelSolutions(Closing):
    """Iterator of a problem's solutions found by ``jobs`` processes: every
    solution exactly once, in no particular order.  ``stats`` adds up the
    subproblems listed so far (``complete`` once all are).  ``node_limit``
    and ``timeout`` stop the listing (checked every ``_WAIT`` seconds and
    after every message of the workers): ``stopped`` then names the limit.
    Close it (or use ``with``) to stop the workers early."""

    def __init__(
        self,
        problem: Problem,
        jobs: Optional[int] = None,
        backend: Optional[str] = None,
        limit: Optional[int] = None,
        per_job: int = PER_JOB,
        *,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        strategy: Optional[str] = None,
    ) -> None:
        self.problem = problem
        self.backend, self.jobs = _check_backend_and_jobs(backend, jobs)
        self.strategy = split_strategy(problem, strategy)
        self.limit = limit
        self.limits = Limits(node_limit, timeout, clock=time.time)
        self.stopped: Optional[str] = None
        self._start = time.perf_counter()
        self._data = payload(problem)
        self._top = split(
            self._data,
            self.backend,
            per_job * self.jobs,
            keep_solutions=True,
            node_limit=node_limit,
            deadline=self.limits.deadline,
            strategy=self.strategy,
        )
        if self._top.stopped:
            self.stopped = self.limits.reached(self._top.counts[1]) or "node limit"
        self._tally = Tally()
        self._yielded = 0
        self._pool = None
        self._gen = self._generate()

    def _over(self) -> bool:
        """Whether a limit has passed (then ``stopped`` names it)."""
        why = self.limits.reached(self._top.counts[1] + self._tally.counts[1])
        if why is not None:
            self.stopped = why
        return why is not None

    def _generate(self) -> Generator[tuple, None, None]:
        yield from self._top.solutions
        if not self._top.paths or self.stopped is not None:
            return
        ctx = pool.context()
        q = pool.Outbox()  # a pipe a worker: a killed one blocks no other
        units = chunks(self._top.paths, self.jobs)
        self._pool = workers = pool.pool(
            min(self.jobs, len(units)),
            _init_worker,
            (self._data, self.backend, q, self.strategy),
            ctx,
        )
        result = workers.map_async(_list_task, units, chunksize=1)
        left = len(units)
        next_check = time.monotonic() + _POLL
        while left:
            if self._over():
                self._stop_pool()
                return
            try:
                message = q.get(timeout=_WAIT)
            except queue_module.Empty:
                if result.ready() and not result.successful():
                    result.get()  # raises the worker's exception
                message = None
            now = time.monotonic()
            if now >= next_check:  # a worker that died holds work never done
                next_check = now + _POLL
                try:
                    pool.check_pool(workers, "a listing process")
                except SolverError:
                    self._stop_pool()
                    raise
            if message is None:
                continue
            kind = message[0]
            if kind == "solutions":
                self._tally.add(message[2])
                yield from message[1]
            elif kind == "path":
                self._tally.add(message[1])
                self._tally.finished += 1
            elif kind == "done":
                left -= 1
            else:
                result.wait(5)
                if result.ready():
                    result.get()
                raise RuntimeError(f"a worker failed: {message[1]}")
        workers.close()
        workers.join()
        self._pool = None

    def __iter__(self) -> ParallelSolutions:
        return self

    def __next__(self) -> tuple:
        if self.limit is not None and self._yielded >= self.limit:
            self.close()
            raise StopIteration
        try:
            sol = next(self._gen)
        except BaseException:
            self.close()
            raise
        self._yielded += 1
        return sol

    def fraction_done(self) -> float:
        """The share of subproblems listed to the end (1 when all are)."""
        if not self._top.paths:
            return 1.0
        return self._tally.finished / len(self._top.paths)

    @property
    def stats(self) -> Stats:
        """The split run's figures and those of the subproblems as far as
        their solutions have arrived; while incomplete, ``solutions`` is the
        number handed out so far."""
        complete = self.stopped is None and self._tally.finished == len(self._top.paths)
        stats = stats_of(
            self._top,
            self._tally,
            time.perf_counter() - self._start,
            self.backend,
            self.jobs,
            complete,
            None,
            self.limits.node_limit,
        )
        if not complete:
            stats = dataclasses.replace(stats, solutions=self._yielded)
        return stats

    def _stop_pool(self) -> None:
        if self._pool is not None:
            pool.stop_pool(self._pool)
            self._pool = None

    def close(self) -> None:
        """Stop the workers now."""
        self._stop_pool()
        self._gen.close()
