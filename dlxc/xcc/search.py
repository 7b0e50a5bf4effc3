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
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple, Optional, Sequence, Union

from .._closing import Closing
from .backend import make_solver, resolve
from ..errors import DlxcError
from .mirror import DONE, keep_crossing, mask_words

if TYPE_CHECKING:
    from .problem import Problem

_NODE_BUDGET = {"c": 1 << 22, "python": 1 << 14}
_BATCH = 8192
_SLICE_SECONDS = 0.1  # Search.run: engine calls of about this long, for progress and timeouts


class MemoInfo(NamedTuple):
    """The memo table of a memoized count: ``entries`` residual problems
    stored, ``hits`` lookups answered from the table, ``bytes`` the C
    table's size (0 for the Python mirror, whose dict is not measured), and
    ``full`` whether the table reached its limit and stopped growing (the
    count stays exact; it only searches more)."""

    entries: int
    hits: int
    bytes: int
    full: bool


@dataclass(frozen=True)
class Stats:
    """Statistics of a finished or stopped search, with DLX2's conventions.

    ``complete`` is False when the search stopped early (a time or node
    limit, a ``step``): the figures then say what was counted so far.  A
    count split over ``jobs`` processes adds up its ``subproblems`` (and the
    split run above them) to exactly the serial figures; a memoized count
    carries its ``memo`` table's figures and visits fewer nodes.
    ``crossing`` is the number of solutions that passed a crossing check
    (``Search.set_crossing``), when one was asked for.
    """

    solutions: int
    nodes: int
    updates: int
    cleansings: int
    seconds: float
    complete: bool
    backend: str
    max_level: int = 0
    jobs: int = 1
    subproblems: int = 0
    memo: Optional[MemoInfo] = None
    crossing: Optional[int] = None

    @property
    def partial(self) -> bool:
        """True when the search stopped before exploring the whole tree."""
        return not self.complete

    def summary(self) -> str:
        """One sentence in DLX2's style."""
        if self.complete:
            head = f"Altogether {self.solutions} solution{'s' if self.solutions != 1 else ''}"
        else:
            head = f"Stopped after {self.solutions} solution{'s' if self.solutions != 1 else ''}"
        return (f"{head}, {self.updates} updates, {self.cleansings} cleansings, "
                f"{self.nodes} nodes, {self.seconds:.3f} s ({self.backend} backend).")


class Search(Closing):
    """Iterator of a problem's solutions (tuples of option indices)."""

    def __init__(self, problem: "Problem", backend: Optional[str] = None,
                 seed: Optional[int] = None, limit: Optional[int] = None, *,
                 memo_entries: Optional[int] = None) -> None:
        self.problem = problem
        self.backend = resolve(backend)
        self.seed = seed
        self.limit = limit
        self.memo_entries = memo_entries
        if memo_entries is not None:
            if seed is not None:
                raise ValueError("a memoized count follows the deterministic branching "
                                 f"order; it cannot take a seed (got seed={seed!r})")
            if memo_entries < 1:
                raise ValueError(f"memo_entries must be at least 1, got {memo_entries!r}")
        self._solver = make_solver(self.backend, len(problem.primary), len(problem.items),
                                   problem.live_arrays(), seed)
        if memo_entries is not None:
            self._solver.set_memo(memo_entries)
        self._pending: deque = deque()
        self._yielded = 0
        self._seconds = 0.0
        self._done = False
        self._broken = False
        self._budget = _NODE_BUDGET[self.backend]
        self._crossing_masks: Optional[list] = None  # set_crossing's, once called
        self._crossing_all = False
        #: Solutions that passed the ``set_crossing`` check (``step`` and
        #: ``run`` with ``crossing=True``).
        self.crossing_found = 0

    # ---- running the engine ----
    def _run(self, out, room, budget: Optional[int] = None, crossing: bool = False) -> int:
        if self._broken:
            raise RuntimeError("this search was interrupted and cannot go on; start a new one")
        t0 = time.perf_counter()
        try:
            budget = self._budget if budget is None else budget
            if crossing:
                if self._pending:  # queued by an iteration: checked here
                    queued = list(self._pending)
                    self._pending.clear()
                    self.crossing_found += len(keep_crossing(queued, self._crossing_masks))
                status, kept = self._solver.run_crossing(budget)
                self.crossing_found += kept
            else:
                if self._crossing_masks is not None:  # these escape the check
                    self._crossing_all = False
                status = self._solver.run(budget, out, room)
        except BaseException:
            # The C call is atomic, but Ctrl-C can land inside the mirror's
            # Python code, or between the search and the crossing check:
            # this engine state is no longer trustworthy.
            if self.backend == "python" or crossing:
                self._broken = True
            raise
        finally:
            self._seconds += time.perf_counter() - t0
        if status == DONE:
            self._done = True
        return status

    def step(self, node_budget: Optional[int] = None, crossing: bool = False) -> bool:
        """Count on for about ``node_budget`` nodes (default: one engine call);
        True when the search is complete.  Solutions are counted, not kept;
        with ``crossing``, those that pass the check of ``set_crossing`` are
        added to ``crossing_found`` (in C with the C engine)."""
        self._check_crossing(crossing)
        if not self._done:
            self._run(None, 0, None if node_budget is None else max(1, node_budget), crossing)
        return self._done

    def _check_crossing(self, crossing: bool) -> None:
        if crossing and self._crossing_masks is None:
            raise ValueError("call set_crossing() first")

    def set_crossing(self, masks: "Sequence[int]") -> None:
        """Make ``step`` and ``run`` with ``crossing=True`` count the
        solutions in which every option
        shares a bit of its mask (``masks[j]`` for option j, a non-negative
        int) with another option; for a word search whose masks are the
        options' cells, the layouts in which every word crosses another.
        Solutions that an iteration has queued but not yielded are checked
        too (and leave the queue).  The statistics' ``crossing`` is None
        unless every solution of the search went through the check."""
        if self._crossing_masks is not None:
            raise ValueError("this search has its crossing check already")
        masks = check_masks(self.problem, masks, self.memo_entries is not None)
        self._solver.set_crossing(masks, mask_words(masks))
        self._crossing_masks = masks
        self._crossing_all = self._solver.stats()[0] == len(self._pending)

    def fetch(self, node_budget: Optional[int] = None, room: int = _BATCH) -> bool:
        """Search on for about ``node_budget`` nodes (default: one engine
        call), queueing at most ``room`` solutions, which iteration then
        yields without searching further (``pending`` says how many wait);
        True when the search is complete.  This lets a caller bound the
        work that each step of a listing may do."""
        if self.memo_entries is not None:
            raise TypeError("a memoized search cannot list solutions; use count() or sample()")
        if not self._done:
            self._run(self._pending, max(1, room),
                      None if node_budget is None else max(1, node_budget))
        return self._done

    def count(self) -> int:
        """Run to the end and return the total number of solutions."""
        while not self._done:
            self._run(None, 0)
        return self.stats.solutions

    def run(self, timeout: Optional[float] = None, node_limit: Optional[int] = None,
            progress: Union[None, bool, Callable[[float, "Stats"], object]] = None,
            crossing: bool = False) -> "Stats":
        """Count on until the search is complete, ``timeout`` seconds have
        passed in this call, or the search has visited ``node_limit`` nodes
        in all; return the statistics, whose ``complete`` tells which.

        A stopped search can be run again and goes on where it stopped.
        ``progress`` is called about ten times a second as
        ``progress(fraction, stats)``, with Knuth's estimate of the fraction
        of the tree explored; ``True`` shows a progress bar on stderr when
        stderr is a terminal (see ``dlxc.progress``).  With ``crossing``,
        the solutions also go through the check of ``set_crossing``, and
        the statistics' ``crossing`` says how many passed.
        """
        self._check_crossing(crossing)
        if timeout is not None and timeout < 0:
            raise ValueError(f"timeout must not be negative, got {timeout!r}")
        if node_limit is not None and node_limit < 0:
            raise ValueError(f"node_limit must not be negative, got {node_limit!r}")
        owned = None
        if progress is True:
            from ..progress import ProgressBar
            progress = owned = ProgressBar(desc="counting")
        elif progress is False:
            progress = None
        if timeout is None and node_limit is None and progress is None:
            if not crossing:
                self.count()  # nothing to watch: the plain count
            while not self._done:
                self._run(None, 0, None, True)
            return self.stats
        start = time.perf_counter()
        deadline = None if timeout is None else start + timeout
        budget = self._budget
        try:
            while not self._done:
                call_budget = budget
                if node_limit is not None:
                    left = node_limit - self._solver.stats()[1]
                    if left <= 0:
                        break
                    call_budget = min(call_budget, left)
                now = time.perf_counter()
                if deadline is not None:
                    if now >= deadline:
                        break
                    # the rate seen so far says how many nodes fit in the time left
                    rate = budget / _SLICE_SECONDS
                    call_budget = max(1, min(call_budget, int(rate * (deadline - now)) + 1))
                nodes_before = self._solver.stats()[1]
                t0 = time.perf_counter()
                self._run(None, 0, call_budget, crossing)
                spent = time.perf_counter() - t0
                done_nodes = self._solver.stats()[1] - nodes_before
                if call_budget == budget and done_nodes and spent > 0:
                    # aim for engine calls of about _SLICE_SECONDS each
                    budget = min(max(int(done_nodes * _SLICE_SECONDS / spent), 1024), 1 << 30)
                if progress is not None:
                    progress(self.fraction_done(), self.stats)
        finally:
            if owned is not None:
                owned.close()
        return self.stats

    def fraction_done(self) -> float:
        """Knuth's estimate of the fraction of the search tree explored so
        far (0 before the first step, 1 when complete; never decreasing)."""
        return 1.0 if self._done else self._solver.progress()

    @property
    def memo_info(self) -> Optional[MemoInfo]:
        """The memo table's figures, or None when the search is not memoized."""
        if self.memo_entries is None:
            return None
        return MemoInfo(*self._solver.memo_info())

    def sample(self, seed: int) -> tuple[int, ...]:
        """One solution drawn exactly uniformly at random, as a tuple of
        option indices in level order; the same seed draws the same one.

        Needs a memoized search (``memo_entries``) whose count is complete
        and whose table never filled up (see ``dlxc.sampling``)."""
        if self.memo_entries is None:
            raise ValueError("uniform samples need a memoized search (memo_entries=...)")
        if not self._done:
            raise ValueError("uniform samples need a complete count first; call count()")
        if self.memo_info.full:
            raise ValueError("the memo table filled up, so some counts are missing and "
                             "samples could not be exactly uniform; allow more entries")
        if self.stats.solutions == 0:
            raise ValueError(f"{self.problem.name} has no solution to sample")
        return self._solver.sample(seed & ((1 << 64) - 1))

    def __iter__(self) -> "Search":
        return self

    def __next__(self) -> tuple[int, ...]:
        if self.memo_entries is not None:
            raise TypeError("a memoized search counts solutions without visiting them all, "
                            "so it cannot list them; use count() or sample()")
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
    def pending(self) -> int:
        """Solutions the engine has found that iteration has not yet yielded
        (the engine hands them over in batches)."""
        return len(self._pending)

    @property
    def stats(self) -> Stats:
        solutions, nodes, updates, cleansings, max_level, _ = self._raw_stats()
        return Stats(solutions=solutions, nodes=nodes, updates=updates, cleansings=cleansings,
                     seconds=self._seconds, complete=self._done, backend=self.backend,
                     max_level=max_level, memo=self.memo_info,
                     crossing=self.crossing_found if self._crossing_all else None)

    def _raw_stats(self):
        return self._solver.stats()

    def close(self) -> None:
        """Free the engine now (the garbage collector would do it later)."""
        self._solver.close()


# ---- memo tables: from a byte cap to a number of entries ----

DEFAULT_MEMO_BYTES = 1 << 30  # 1 GiB
_MIN_SLOT_BYTES = 4096 * 4     # the C table's smallest slot array


def memo_key_bytes(problem: "Problem") -> int:
    """The size of one memo key in the C table: a bitset of the primary
    items (8 bytes per 64), one byte per secondary item (two when there are
    254 colors or more), rounded up to a multiple of 8 (see dlxc.c, 6)."""
    n_primary = len(problem.primary)
    n_secondary = len(problem.secondary)
    wide = len(problem.colors) - 1 >= 254
    raw = 8 * ((n_primary + 63) // 64) + n_secondary * (2 if wide else 1)
    return max(8, (raw + 7) // 8 * 8)


def memo_fixed_bytes(problem: "Problem") -> int:
    """The C memo's memory besides its entries and their waiting keys: the
    smallest slot array (16 KiB), a scratch key, a flag and a count for each
    level, and a byte for each secondary item (see dlxc.c, 6)."""
    levels = len(problem.primary) + 2
    return _MIN_SLOT_BYTES + memo_key_bytes(problem) + 9 * levels + len(problem.secondary) + 1


def memo_entries_for(problem: "Problem", max_bytes: Optional[int] = None,
                     share: int = 1) -> int:
    """How many entries a memo table may hold within ``max_bytes`` (default
    DEFAULT_MEMO_BYTES), divided among ``share`` tables.

    An entry of the C table costs its key, 16 bytes of hash and count, and
    at most 16 bytes of hash slots (the slot array is a power of two, 2 to 4
    slots of 4 bytes per entry).  Besides, the keys of the levels on the
    search path wait on a stack until their subtrees are counted: one key
    per entry, but never more than one per level (primary items + 2), which
    is what a table of that many entries keeps (dlxc.c, 6).  With
    ``memo_fixed_bytes`` that is all the memory of the memo, so it stays
    under the cap, whatever the problem's width and depth; a cap below the
    fixed part and one entry gets one entry.  The Python mirror gets the
    same number of entries, so both backends give the same statistics; its
    dict takes several times more memory per entry.
    """
    if max_bytes is None:
        max_bytes = DEFAULT_MEMO_BYTES
    if max_bytes < 0:
        raise ValueError(f"a memo limit must not be negative, got {max_bytes!r}")
    key = memo_key_bytes(problem)
    levels = len(problem.primary) + 2
    per_entry = key + 32
    room = int(max_bytes) // max(1, share) - memo_fixed_bytes(problem)
    entries = room // (per_entry + key)  # each entry with its waiting key
    if entries >= levels:  # the stack stops at one key per level
        entries = (room - levels * key) // per_entry
    return max(1, entries)


class SearchStopped(DlxcError):
    """A search stopped at its node limit or timeout before deciding."""

    def __init__(self, message: str, stats=None) -> None:
        super().__init__(message)
        self.stats = stats


# ---- searches that stop when told -------------------------------------------------

_SLICE = 0.05   # seconds: engine calls about this long, so limits and Ctrl-C act soon
_FIRST_CHUNK = {"c": 1 << 12, "python": 1 << 8}
_MAX_CHUNK = 1 << 24
_ROOM = 4096


class BoundedSearch(Closing):
    """A search that stops at ``node_limit`` nodes or after ``timeout``
    seconds (or at the perf_counter time ``deadline``): iterate it for
    solutions (tuples of option indices), or ``count()`` them.
    ``complete`` says whether the whole search tree was explored;
    ``stopped`` names the limit that ended it, if any: "node limit" or
    "timeout".

    The engine runs in calls of a node budget sized to last about 50 ms
    (the first budget is small, then each follows the rate measured), and
    the limits are checked between calls."""

    #: How many solutions one engine call may find and queue: iterators
    #: that need only a few set it lower, so the engine does not search on.
    room = _ROOM
    #: Called as ``progress(fraction, stats)`` after every engine call, with
    #: Knuth's estimate of the fraction of the tree explored (a progress bar).
    progress: Optional[Callable[[float, object], object]] = None

    def __init__(self, problem: "Problem", *, backend: Optional[str] = None,
                 seed: Optional[int] = None, node_limit: Optional[int] = None,
                 timeout: Optional[float] = None, deadline: Optional[float] = None) -> None:
        if node_limit is not None and node_limit < 1:
            raise ValueError(f"node_limit must be positive, got {node_limit!r}")
        if timeout is not None and timeout < 0:
            raise ValueError(f"timeout must not be negative, got {timeout!r}")
        self.search = problem.search(backend=backend, seed=seed)
        self.node_limit = node_limit
        if timeout is not None:
            end = time.perf_counter() + timeout
            deadline = end if deadline is None else min(deadline, end)
        self.deadline = deadline
        self.stopped: Optional[str] = None
        self._chunk = _FIRST_CHUNK[self.search.backend]

    def _engine(self, mode: str) -> bool:
        """One engine call: "list" queues solutions, "count" counts them,
        "crossing" counts those that pass the search's crossing check; False,
        with ``stopped`` set, when a limit has passed."""
        s = self.search
        budget = self._chunk
        nodes = s.stats.nodes
        if self.node_limit is not None:
            left = self.node_limit - nodes
            if left <= 0:
                self.stopped = "node limit"
                return False
            budget = min(budget, left)
        t0 = time.perf_counter()
        if self.deadline is not None and t0 >= self.deadline:
            self.stopped = "timeout"
            return False
        if mode == "list":
            s.fetch(budget, self.room)
        elif mode == "crossing":
            s.step(budget, crossing=True)
        else:
            s.step(budget)
        spent = time.perf_counter() - t0
        if self.progress is not None:
            self.progress(s.fraction_done(), s.stats)
        done = s.stats.nodes - nodes
        if budget == self._chunk and done >= budget:
            rate = done / max(spent, 1e-6)
            self._chunk = int(min(max(rate * _SLICE, 256), _MAX_CHUNK))
        return True

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        # Search's own iterator has no node budget; this drives the engine
        # one budget at a time (fetch), then takes what it queued.
        s = self.search
        while True:
            while s.pending:
                yield next(s)
            if s.done or not self._engine("list"):
                return

    def count(self) -> int:
        """Count the solutions (those not yet iterated), within the limits."""
        s = self.search
        while not s.done and self._engine("count"):
            pass
        return s.stats.solutions

    def count_crossing(self, masks: Sequence[int]) -> int:
        """Count, within the limits, the solutions in which every option
        shares a bit of its mask with another (``Search.set_crossing``; on a
        later call, the same masks again); returns all found so far by this
        check."""
        s = self.search
        if s._crossing_masks is None:
            s.set_crossing(masks)
        elif list(masks) != s._crossing_masks:
            raise ValueError("this search checks other masks already")
        while not s.done and self._engine("crossing"):
            pass
        return s.crossing_found

    @property
    def complete(self) -> bool:
        return self.search.done

    @property
    def stats(self):
        return self.search.stats

    def close(self) -> None:
        self.search.close()


def check_masks(problem: "Problem", masks: Sequence[int], memo: bool = False) -> list:
    """The masks of a crossing check as a list, after checking them: one
    non-negative int per option, and no memo (a memoized count does not
    visit every solution)."""
    if memo:
        raise ValueError("a memoized count does not visit every solution, so it cannot "
                         "check them one by one")
    masks = list(masks)
    if len(masks) != len(problem.options):
        raise ValueError(f"one mask per option: {len(problem.options)} options, "
                         f"{len(masks)} masks")
    if any(not isinstance(m, int) or m < 0 for m in masks):
        raise ValueError("masks are non-negative ints")
    return masks


def count_within_limits(problem: "Problem", what: str, **how) -> int:
    """``problem``'s number of solutions by ``Problem.count_stats`` (jobs,
    memo, crossing, limits in ``how``), or with ``crossing`` the number that
    pass that check; ``SearchStopped`` if a limit stops it."""
    stats = problem.count_stats(**how)
    n = stats.solutions if stats.crossing is None else stats.crossing
    if not stats.complete:
        raise SearchStopped(f"counting stopped by a limit after {n} {what}, before the end",
                            stats)
    return n
