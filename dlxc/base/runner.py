"""The time-sliced runner under every engine: slices, limits, progress, Ctrl-C.

Every engine of dlxc is resumable: a call is given a node budget and returns
when the budget is spent, when it has something to hand over (a batch of
solutions, a fill), or at the end.  Between two calls Python is in control,
so a node limit, a timeout, a progress bar, a ``break`` and Ctrl-C all act
there, and nothing is searched twice.

- ``Slicer`` sizes the budgets so that one call lasts 10-20 ms whatever a
  node costs (the first call gets 16 nodes on the C engine, and each next
  budget follows the rate just measured, growing at most eightfold), so
  every limit holds to within a slice.
- ``Limits`` is a node limit and a deadline, checked between calls.
- ``Runner`` is the loop itself: check the limits, make one call of the
  slice's budget, note how long it took, report progress about ten times a
  second; ``run`` repeats that to the end or to a limit.  The XCC search
  (``dlxc.xcc.search``), the crossword filler and the short way of
  ``dlxc count`` (``dlxc._launch``) all run on it; a count split over
  processes uses ``Slicer`` and ``Limits`` in each process.
- ``Terminated`` is SIGTERM raised as Ctrl-C raises KeyboardInterrupt, so a
  terminated run stops and reports as an interrupted one does.

This module imports only ``time`` at its top: the short way of ``dlxc
count`` imports it, and every millisecond of start-up shows there.
"""

from __future__ import annotations

import time

TYPE_CHECKING = False  # typing's own flag costs importing typing (see above)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Optional, TypeVar

    T = TypeVar("T")

FIRST_BUDGET = {"c": 16, "python": 1}  # nodes of the first engine call
MAX_BUDGET = 1 << 30
SLICE_LOW, SLICE_HIGH = 0.010, 0.020  # seconds one engine call should last
_SLICE_AIM = 0.015
PROGRESS_EVERY = 0.1  # seconds between progress calls


class Slicer:
    """Node budgets for engine calls of 10-20 ms, whatever a node costs.

    The first budget is small (``FIRST_BUDGET``): a node, or a path a split
    run records, can cost milliseconds (4 ms in C for a path of a 6x6 word
    rectangle over /usr/share/dict/words, 6 ms in the mirror for a node of
    a 50-word 10x10 word search), and cheap nodes reach big budgets within
    a few calls anyway.  After each call ``note``
    compares the time it took with the aim: a call that spent its whole
    budget in less than 10 ms gets a bigger one next time (at most 8 times
    bigger), a call longer than 20 ms a smaller one, sized by the rate just
    seen.  So one call never lasts much more than 20 ms once the rate is
    known, and a limit or Ctrl-C waits at most that long."""

    __slots__ = ("budget",)

    def __init__(self, backend: str) -> None:
        self.budget = FIRST_BUDGET[backend]

    def note(self, asked: int, used: int, spent: float) -> None:
        """Record a call that was granted ``asked`` nodes, visited ``used``
        and took ``spent`` seconds."""
        if spent > SLICE_HIGH:
            rate = max(used, 1) / spent
            self.budget = max(1, min(self.budget, int(rate * _SLICE_AIM)))
        elif used >= asked >= self.budget and spent < SLICE_LOW:
            grow = 8.0 if spent <= 0 else min(8.0, _SLICE_AIM / spent)
            self.budget = min(MAX_BUDGET, max(self.budget + 1, int(self.budget * grow)))


class Limits:
    """A node limit and a deadline, checked between engine calls.

    ``timeout`` (seconds from now) and ``deadline`` (a value of ``clock``)
    give the same kind of limit; the earlier holds.  ``clock`` is
    ``time.perf_counter`` in one process, ``time.time`` across processes."""

    __slots__ = ("node_limit", "deadline", "timeout", "clock")

    def __init__(
        self,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        deadline: Optional[float] = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if node_limit is not None or timeout is not None:
            # here, not at the top: no limit (dlxc count's short way) needs no check
            from .args import optional_whole, seconds

            node_limit = optional_whole(node_limit, "node_limit")
            timeout = seconds(timeout)  # inf: no limit
        if timeout is not None:
            end = clock() + timeout
            deadline = end if deadline is None else min(deadline, end)
        self.node_limit = node_limit
        self.deadline = deadline
        self.timeout = timeout
        self.clock = clock

    def reached(self, nodes: int) -> Optional[str]:
        """ "node limit" or "timeout" when that limit has passed, else None."""
        if self.node_limit is not None and nodes >= self.node_limit:
            return "node limit"
        if self.deadline is not None and self.clock() >= self.deadline:
            return "timeout"
        return None

    def left(self) -> Optional[float]:
        """Seconds to the deadline (0 once it has passed), None without one:
        the timeout to hand a search started now."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - self.clock())

    def budget(self, budget: int, nodes: int) -> int:
        """``budget`` cut to the nodes the limit leaves."""
        if self.node_limit is not None:
            budget = min(budget, self.node_limit - nodes)
        return max(1, budget)


NO_LIMITS = Limits()


class Runner:
    """The loop of engine calls of one search, within its limits.

    ``nodes()`` is the number of nodes the search has visited in all (what
    the node limit counts); ``finished(status)`` says whether a call's
    status ends the run (the search is over, or has something to hand
    over); ``backend`` picks the first budget.  ``progress()``, when given,
    is called about every ``PROGRESS_EVERY`` seconds and after the call that
    finishes.  ``stopped`` names the limit that stopped the run ("node
    limit" or "timeout"), else None.  ``limits`` and ``progress`` may be
    changed between calls."""

    __slots__ = ("nodes", "finished", "slicer", "limits", "progress", "stopped", "_last")

    def __init__(
        self,
        nodes: Callable[[], int],
        finished: Callable[[int], bool],
        backend: str = "c",
        limits: Optional[Limits] = None,
        progress: Optional[Callable[[], object]] = None,
    ) -> None:
        self.nodes = nodes
        self.finished = finished
        self.slicer = Slicer(backend)
        self.limits = NO_LIMITS if limits is None else limits
        self.progress = progress
        self.stopped: Optional[str] = None
        self._last = 0.0

    def step(self, call: Callable[[int], int]) -> Optional[int]:
        """One slice: None (with ``stopped`` set) when a limit has passed,
        else ``call(budget)``'s status, the budget sized by the ``Slicer``
        and cut to the node limit."""
        nodes = self.nodes()
        why = self.limits.reached(nodes)
        if why is not None:
            self.stopped = why
            return None
        budget = self.limits.budget(self.slicer.budget, nodes)
        t0 = time.perf_counter()
        status = call(budget)
        now = time.perf_counter()
        self.slicer.note(budget, self.nodes() - nodes, now - t0)
        if self.progress is not None and (
            now - self._last >= PROGRESS_EVERY or self.finished(status)
        ):
            self._last = now
            self.progress()
        return status

    def run(
        self, call: Callable[[int], int], until: Optional[Callable[[], bool]] = None
    ) -> Optional[int]:
        """Slices until one finishes (its status), ``until()`` turns true
        after one (its status too), or a limit passes (None, with
        ``stopped`` set)."""
        while True:
            status = self.step(call)
            if status is None or self.finished(status) or (until is not None and until()):
                return status


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread as Ctrl-C raises KeyboardInterrupt:
    a terminated dlxc stops its worker processes and reports what it did
    as an interrupted one does (exit status 130)."""


def on_sigterm(signum, frame) -> None:
    """The SIGTERM handler that raises ``Terminated``."""
    raise Terminated()


def waiting(call: Callable[..., T], *args: object) -> T:
    """``call(*args)``, one long C call that releases the GIL (building a
    lexicon: a second over ENABLE), made in a thread of its own while the
    main thread waits in steps of 20 ms, so that Ctrl-C and the alarms of
    a timeout reach the main thread within one step instead of after the
    call.  Cut short so, the call finishes in its thread and its result is
    dropped (the thread does not keep the process alive).  Outside the main
    thread it is a plain call."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return call(*args)
    box: list = []

    def work() -> None:
        try:
            box.append((True, call(*args)))
        except BaseException as exc:  # handed to the caller below
            box.append((False, exc))

    worker = threading.Thread(target=work, name="dlxc-c-call", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.02)
    ok, value = box[0]
    if not ok:
        raise value
    return value
