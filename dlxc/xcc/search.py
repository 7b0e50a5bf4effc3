"""A search over a Problem: the XCC engine on the time-sliced runner.

The engine is resumable: each call is given a node budget, and returns when
the budget is spent, when it has queued a batch of solutions, or at the end.
``Search`` drives it with the runner every engine shares
(``dlxc.base.runner``: slices of 10-20 ms, a node limit and a timeout
checked between them, progress, Ctrl-C).  Every search of an XCC problem
runs through ``Search`` (counts, listings, samples, the puzzle makers) or,
for a count split over processes, through the runner's ``Slicer`` and
``Limits`` in each process (``dlxc.xcc.parallel``).

Each search has its own engine state: an interrupted search never spoils
the problem, which can be solved again at once.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NamedTuple, Optional, Union

from ..base import args as base_args
from ..base.args import optional_whole, whole
from ..base.backends import resolve
from ..base.closing import Closing
from ..base.errors import RequestError, SolverError
from ..base.runner import Limits, Runner
from .engines import make_picked_solver
from .engines.shared import DONE, keep_overlapping, mask_words

if TYPE_CHECKING:
    from .view import ProblemView as Problem

_BATCH = 8192  # solutions one engine call may queue for an iterator


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
    ``overlapping`` is the number of solutions that passed the overlap
    filter (``Search.set_overlap``), when one was asked for; ``stopped``
    names the limit that ended an incomplete count, when it is known.
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
    overlapping: Optional[int] = None
    stopped: Optional[str] = None  # the limit that stopped it: "node limit", "timeout"
    #: the engine that searched ("dlx2", "ssxcc", "bits"; empty when not known),
    #: whose conventions the updates and cleansings follow
    engine: str = ""

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
        return (
            f"{head}, {self.updates} updates, {self.cleansings} cleansings, "
            f"{self.nodes} nodes, {self.seconds:.3f} s ({self.backend} backend"
            f"{f', {self.engine} engine' if self.engine else ''})."
        )


# ---- the search ----------------------------------------------------------------


class Search(Closing):
    """A problem's solutions (tuples of option indices), found one engine
    slice at a time within optional limits.

    Iterate it for the solutions, or ``count()`` them; ``run()`` counts
    with a progress bar.  ``node_limit`` (nodes in all) and ``timeout``
    (seconds from now; or ``deadline``, a ``time.perf_counter`` value) stop
    it cleanly: iteration ends, ``count()`` returns what was counted, and
    ``complete`` is False with ``stopped`` naming the limit ("node limit"
    or "timeout").  ``limit`` is a number of solutions to list.
    ``progress(fraction, stats)`` is called about ten times a second.
    ``overlap`` (one non-negative int mask per option) filters the
    solutions: only those in which every option shares a bit of its mask
    with another option are listed and counted (``set_overlap``).
    ``memo_entries`` makes a memoized count with a table of at most that
    many entries (it counts and samples, but cannot list).
    """

    #: How many solutions one engine call may queue when iterating under a
    #: limit: a caller that needs only a few sets it lower.
    room = _BATCH

    def __init__(
        self,
        problem: Problem,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        limit: Optional[int] = None,
        *,
        memo_entries: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        deadline: Optional[float] = None,
        progress: Optional[Callable[[float, Stats], object]] = None,
        overlap: Optional[Sequence[int]] = None,
        strategy: Optional[str] = "dlx2",
    ) -> None:
        self.problem = problem
        self.backend = resolve(backend)
        self.seed = seed = optional_whole(seed, "seed", -(1 << 64))
        self.limit = optional_whole(limit, "limit")
        self.memo_entries = memo_entries = optional_whole(memo_entries, "memo_entries", 1)
        if memo_entries is not None:
            check_memo_seed(seed)
        limits = Limits(node_limit, timeout, deadline)
        self.progress = progress
        #: The engine: "dlx2" (DLX2's tree and statistics), "ssxcc" (SSXCC's) or
        #: "bits" (bitsets, DLX2's tree);
        #: ``strategy="auto"`` picks the faster for the problem (engines.pick_strategy).
        self.strategy, self._solver = make_picked_solver(
            self.backend,
            len(problem.primary),
            len(problem.items),
            problem.live_arrays(),
            seed,
            strategy,
            memo_entries is not None,
        )
        if memo_entries is not None:
            self._solver.set_memo(memo_entries)
        self._runner = Runner(
            lambda: self._solver.stats()[1],
            lambda status: status == DONE,
            self.backend,
            limits,
            self._report,
        )
        self._pending: deque = deque()
        self._yielded = 0
        self._seconds = 0.0
        self._done = False
        self._broken = False
        self._overlap_masks: Optional[list] = None  # set_overlap's, once called
        self._overlap_all = False
        #: Solutions that passed the overlap filter so far.
        self.overlapping = 0
        if overlap is not None:
            self.set_overlap(overlap)

    # ---- the filter ----
    def set_overlap(self, masks: Sequence[int]) -> None:
        """Keep only the solutions in which every option shares a bit of its
        mask (``masks[j]`` for option j, a non-negative int) with another
        option, from now on: iteration yields only those, ``count()`` counts
        them, and ``overlapping`` (and the statistics' ``overlapping``) says
        how many passed.  Solutions queued but not yet yielded are checked
        too.  The statistics' ``overlapping`` is None unless every solution
        of the search went through the filter."""
        if self._overlap_masks is not None:
            raise ValueError("this search has its overlap filter already")
        masks = check_masks(self.problem, masks, self.memo_entries is not None)
        self._solver.set_overlap(masks, mask_words(masks))
        self._overlap_masks = masks
        self._overlap_all = self._solver.stats()[0] == len(self._pending)
        if self._pending:
            kept = keep_overlapping(list(self._pending), masks)
            self._pending = deque(kept)
            self.overlapping += len(kept)

    # ---- one engine call ----
    def _run(self, out, room, budget: int) -> int:
        if self._broken:
            raise SolverError("this search was interrupted and cannot go on; start a new one")
        t0 = time.perf_counter()
        masks = self._overlap_masks
        filtered = masks is not None
        try:
            if filtered and out is None:
                status, kept = self._solver.run_overlap(budget)
                self.overlapping += kept
            elif masks is not None:
                found: list = []
                status = self._solver.run(budget, found, room)
                listed = keep_overlapping(found, masks)
                self.overlapping += len(listed)
                out.extend(listed)
            else:
                status = self._solver.run(budget, out, room)
        except SolverError:
            raise  # the engine said no (closed, overflow): nothing half done
        except BaseException:
            # The C call is atomic, but Ctrl-C can land inside the mirror's
            # Python code, or between the search and the filter: this
            # engine state is no longer trustworthy.
            if not self._solver.atomic_run or filtered:
                self._broken = True
            raise
        finally:
            self._seconds += time.perf_counter() - t0
        if status == DONE:
            self._done = True
        return status

    def _slice(self, out=None, room: int = 0) -> bool:
        """One step of the runner: check the limits, then one engine call
        of a slice's budget; False (with ``stopped`` set) when a limit has
        passed."""
        return self._runner.step(lambda budget: self._run(out, room, budget)) is not None

    def _report(self) -> None:
        if self.progress is not None:
            self.progress(self.fraction_done(), self.stats)

    @property
    def limits(self) -> Limits:
        """The node limit and deadline this search stops at."""
        return self._runner.limits

    @property
    def stopped(self) -> Optional[str]:
        """The limit that stopped the search ("node limit", "timeout"), if one did."""
        return self._runner.stopped

    def advance(self) -> bool:
        """One step of the runner: one engine slice within the limits (the
        solutions counted, or filtered); False, with ``stopped`` set, when a
        limit has passed.  For callers that watch something between slices
        (a memo table that may fill up)."""
        return self._done or self._slice()

    # ---- low-level steps (tests, estimates) ----
    def step(self, node_budget: Optional[int] = None) -> bool:
        """Count on for about ``node_budget`` nodes (default: one slice),
        ignoring the limits; True when the search is complete.  Solutions
        are counted, not kept (those that pass the overlap filter, if one
        is set)."""
        if not self._done:
            self._run(
                None,
                0,
                self._runner.slicer.budget
                if node_budget is None
                else max(1, whole(node_budget, "node_budget")),
            )
        return self._done

    def fetch(self, node_budget: Optional[int] = None, room: int = _BATCH) -> bool:
        """Search on for about ``node_budget`` nodes (default: one slice),
        queueing at most ``room`` solutions, which iteration then yields
        without searching further (``pending`` says how many wait); True
        when the search is complete."""
        self._refuse_memo()
        if not self._done:
            self._run(
                self._pending,
                whole(room, "room", 1),
                self._runner.slicer.budget
                if node_budget is None
                else max(1, whole(node_budget, "node_budget")),
            )
        return self._done

    # ---- counting ----
    def count(self) -> int:
        """Count on to the end or to a limit; the number of solutions found
        in all (with an overlap filter, those that passed it).  Solutions
        queued for iteration are counted already, and leave the queue."""
        self._pending.clear()
        while not self._done and self._slice():
            pass
        return self.found

    @property
    def found(self) -> int:
        """Solutions found so far (with an overlap filter, those that passed)."""
        return self.overlapping if self._overlap_masks is not None else self._solver.stats()[0]

    def run(
        self,
        timeout: Optional[float] = None,
        node_limit: Optional[int] = None,
        progress: Union[None, bool, Callable[[float, Stats], object]] = None,
    ) -> Stats:
        """Count on until the search is complete, ``timeout`` seconds have
        passed in this call, or the search has visited ``node_limit`` nodes
        in all; return the statistics, whose ``complete`` tells which.

        A stopped search can be run again and goes on where it stopped.
        ``progress`` is called about ten times a second as
        ``progress(fraction, stats)``, with Knuth's estimate of the fraction
        of the tree explored; ``True`` shows a progress bar on stderr when
        stderr is a terminal (see ``dlxc.base.progress``).
        """
        runner = self._runner
        saved = runner.limits, self.progress
        runner.limits = Limits(node_limit, timeout)
        runner.stopped = None
        owned = None
        if progress is True:
            from ..base.progress import ProgressBar

            progress = owned = ProgressBar(desc="counting")
        elif progress is False:
            progress = None
        self.progress = progress
        try:
            self.count()
        finally:
            runner.limits, self.progress = saved
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
        and whose table never filled up (see ``dlxc.xcc.sampling``)."""
        if self.memo_entries is None:
            raise ValueError("uniform samples need a memoized search (memo_entries=...)")
        if not self._done:
            raise ValueError("uniform samples need a complete count first; call count()")
        info = self.memo_info
        if info is None or info.full:
            raise ValueError(
                "the memo table filled up, so some counts are missing and "
                "samples could not be exactly uniform; allow more entries"
            )
        if self.stats.solutions == 0:
            raise ValueError(f"{self.problem.name} has no solution to sample")
        return self._solver.sample(seed & ((1 << 64) - 1))

    # ---- listing ----
    def _refuse_memo(self) -> None:
        if self.memo_entries is not None:
            raise TypeError(
                "a memoized search counts solutions without visiting them all, "
                "so it cannot list them; use count() or sample()"
            )

    def __iter__(self) -> Search:
        return self

    def __next__(self) -> tuple[int, ...]:
        self._refuse_memo()
        if self.limit is not None and self._yielded >= self.limit:
            raise StopIteration
        while not self._pending:
            if self._done:
                raise StopIteration
            room = self.room
            if self.limit is not None:
                room = min(room, self.limit - self._yielded)
            if not self._slice(self._pending, room):
                raise StopIteration
        self._yielded += 1
        return self._pending.popleft()

    @property
    def done(self) -> bool:
        return self._done

    @property
    def complete(self) -> bool:
        """True when the whole search tree has been explored."""
        return self._done

    @property
    def pending(self) -> int:
        """Solutions the engine has found that iteration has not yet yielded
        (the engine hands them over in batches)."""
        return len(self._pending)

    @property
    def stats(self) -> Stats:
        solutions, nodes, updates, cleansings, max_level, _ = self._solver.stats()
        return Stats(
            solutions=solutions,
            nodes=nodes,
            updates=updates,
            cleansings=cleansings,
            seconds=self._seconds,
            complete=self._done,
            backend=self.backend,
            max_level=max_level,
            memo=self.memo_info,
            overlapping=self.overlapping if self._overlap_all else None,
            stopped=None if self._done else self.stopped,
            engine=self.strategy,
        )

    def close(self) -> None:
        """Free the engine now (the garbage collector would do it later)."""
        self._solver.close()


# ---- memo tables: from a byte cap to a number of entries ----

DEFAULT_MEMO_BYTES = 1 << 30  # 1 GiB
_MIN_SLOT_BYTES = 4096 * 4  # the C table's smallest slot array


def memo_key_bytes(problem: Problem) -> int:
    """The size of one memo key in the C table: a bitset of the primary
    items (8 bytes per 64), one byte per secondary item (two when there are
    254 colors or more), rounded up to a multiple of 8 (see dlxc.c, 6)."""
    n_primary = len(problem.primary)
    n_secondary = len(problem.secondary)
    wide = len(problem.colors) - 1 >= 254
    raw = 8 * ((n_primary + 63) // 64) + n_secondary * (2 if wide else 1)
    return max(8, (raw + 7) // 8 * 8)


def memo_fixed_bytes(problem: Problem) -> int:
    """The C memo's memory besides its entries and their waiting keys: the
    smallest slot array (16 KiB), a scratch key, a flag and a count for each
    level, and a byte for each secondary item (see dlxc.c, 6)."""
    levels = len(problem.primary) + 2
    return _MIN_SLOT_BYTES + memo_key_bytes(problem) + 9 * levels + len(problem.secondary) + 1


def memo_entries_for(problem: Problem, max_bytes: Optional[int] = None, share: int = 1) -> int:
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
    explicit = max_bytes is not None
    max_bytes = whole(
        DEFAULT_MEMO_BYTES if max_bytes is None else max_bytes, "the memo limit (bytes)"
    )
    have = base_args.machine_memory()
    if explicit and have is not None:
        # a cache: a cap beyond the machine (as "no limit", 10**30, is) stops
        # it at the machine's memory, where it would otherwise swap
        max_bytes = min(max_bytes, have)
    key = memo_key_bytes(problem)
    levels = len(problem.primary) + 2
    per_entry = key + 32
    room = int(max_bytes) // max(1, share) - memo_fixed_bytes(problem)
    entries = room // (per_entry + key)  # each entry with its waiting key
    if entries >= levels:  # the stack stops at one key per level
        entries = (room - levels * key) // per_entry
    return max(1, entries)


def check_memo_seed(seed: Optional[int]) -> None:
    """A memoized count follows the deterministic branching order: no seed."""
    if seed is not None:
        raise RequestError(
            "a memoized count (--memo) follows the deterministic branching "
            f"order; it cannot take a seed (got seed={seed!r})"
        )


def check_masks(problem: Problem, masks: Sequence[int], memo: bool = False) -> list:
    """The masks of an overlap filter as a list, after checking them: one
    non-negative int per option, and no memo (a memoized count does not
    visit every solution)."""
    if memo:
        raise RequestError(
            "a memoized count (--memo) does not visit every solution, so "
            "it cannot check them one by one (no overlap filter with memo)"
        )
    masks = list(masks)
    if len(masks) != len(problem.options):
        raise ValueError(f"one mask per option: {len(problem.options)} options, {len(masks)} masks")
    if any(not isinstance(m, int) or m < 0 for m in masks):
        raise ValueError("masks are non-negative ints")
    return masks


def stop_message(stats: Stats, stopped: Optional[str], n: int, what: str) -> str:
    """What a ``SearchStopped`` says: which limit stopped the count after
    how many of ``what``."""
    by = f"the {stopped}" if stopped else "a limit"
    return f"counting stopped at {by} after {n} {what}, before the end"
