"""Uniform random solutions, drawn from memoized counts.

Breaking ties at random (DLX2's seeded mode) does not give every solution
the same chance: a solution deep in a narrow subtree is found as often as a
whole wide subtree.  Exact uniformity needs the counts.  A memoized count
(``dlxc.search``) leaves the number of solutions of every residual problem
it met in its table; a draw then walks down from the root, and at each
level picks option x with probability (solutions below x) / (solutions
here), which gives each solution probability exactly 1 / (all solutions).
The random numbers are unbiased integers below the counts (rejection, no
floating point), so the draw is exact, not only close.

If the memo table filled up before the count ended, some counts are missing
and a draw could not be exact: then ``MemoLimitError`` asks for a larger
limit rather than drawing with a bias.

Seeds: draw i of a sample uses the i-th value of a splitmix64 stream seeded
with the user's seed, so a seed reproduces a sample, and the first k draws
of a longer sample are the k draws of a shorter one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..base.args import whole
from ..base.closing import Closing
from ..base.errors import MemoLimitError, NoSolutionError, SearchStopped, SolverError
from ..base.rng import fresh_seed
from .estimate import probe_seeds
from .search import Search, memo_entries_for

if TYPE_CHECKING:
    from .search import Stats
    from .view import ProblemView


def draw_seeds(seed: int, k: int) -> list[int]:
    """The per-draw seeds of a sample of ``k`` with this ``seed``."""
    stream = probe_seeds(seed)
    return [next(stream) for _ in range(k)]


class Sampler(Closing):
    """Counts a problem once with a memo table, then draws as many uniform
    solutions as wanted.

    >>> from dlxc.models.classic import queens
    >>> sampler = Sampler(queens(6))
    >>> sampler.count
    4
    >>> len(sampler.sample(3, seed=1))
    3
    """

    def __init__(
        self,
        problem: ProblemView,
        backend: Optional[str] = None,
        memo_limit: Optional[int] = None,
        progress=None,
        *,
        timeout: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> None:
        self.problem = problem
        self.memo_limit = memo_limit
        self._zdd = None
        if getattr(problem, "bounds", None):
            self._sample_bounds(backend, memo_limit, progress, timeout, node_limit)
            return
        entries = memo_entries_for(problem, memo_limit)
        self._search = Search(
            problem,
            backend=backend,
            memo_entries=entries,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
        )
        s = self._search
        # slice by slice, to give up as soon as the table is full
        while s.advance() and not s.done and not (s.memo_info and s.memo_info.full):
            pass
        self.stats: Stats = s.stats
        info = s.memo_info
        if info is None:  # not reached: the search was made with a memo table
            raise SolverError(f"{problem.name}: the count ran without its memo table")
        if not info.full and not s.done:
            s.close()
            raise SearchStopped(
                f"{problem.name}: the count that uniform samples need "
                f"was stopped by the {s.stopped}",
                self.stats,
                s.stopped,
            )
        if info.full:
            self._search.close()
            raise MemoLimitError(
                f"{problem.name}: the memo table filled up at {info.entries:,} entries "
                f"({_bytes(memo_limit)}), so some counts are missing and samples could not "
                "be exactly uniform; allow more memory (--memo-limit)"
            )

    def _sample_bounds(self, backend, memo_limit, progress, timeout, node_limit) -> None:
        """Multiplicities: the counts are those of the problem's ZDD
        (``dlxc.xcc.zdd``, whose memo keys hold each item's cover count), and
        a draw walks down the diagram in proportion to them."""
        from .zdd import memo_count_bounds

        holder: list = []
        self.stats = memo_count_bounds(
            self.problem,
            backend=backend,
            memo_limit=memo_limit,
            timeout=timeout,
            node_limit=node_limit,
            progress=progress,
            started=holder.append,
        )
        if not self.stats.complete:
            raise SearchStopped(
                f"{self.problem.name}: the count that uniform samples need "
                f"was stopped by the {self.stats.stopped}",
                self.stats,
                self.stats.stopped,
            )
        self._zdd = holder[0].zdd

    @property
    def count(self) -> int:
        """The number of solutions, each of which is drawn with probability 1/count."""
        return self.stats.solutions

    def draw(self, seed: int) -> tuple[int, ...]:
        """One uniform solution (option indices, in level order) for this seed."""
        if self.count == 0:
            raise NoSolutionError(f"{self.problem.name} has no solution to sample")
        if self._zdd is not None:
            return self._zdd.sample(seed)
        return self._search.sample(seed)

    def sample(self, k: int, seed: Optional[int] = None) -> list[tuple[int, ...]]:
        """``k`` independent uniform draws (repeats possible); ``seed`` None
        draws a fresh seed."""
        k = whole(k, "the number of samples")
        if seed is None:
            seed = fresh_seed()
        return [self.draw(s) for s in draw_seeds(seed, k)]

    def close(self) -> None:
        if self._zdd is None:
            self._search.close()


def _bytes(limit: Optional[int]) -> str:
    from .search import DEFAULT_MEMO_BYTES

    n = DEFAULT_MEMO_BYTES if limit is None else limit
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"limit {n / size:.3g} {unit}"
    return f"limit {n} bytes"


def sample(
    problem: ProblemView,
    k: int = 1,
    seed: Optional[int] = None,
    backend: Optional[str] = None,
    memo_limit: Optional[int] = None,
) -> list:
    """``k`` solutions of ``problem``, each drawn exactly uniformly from all
    of them; reproducible for a seed (see the module docstring)."""
    with Sampler(problem, backend=backend, memo_limit=memo_limit) as sampler:
        if k and sampler.count == 0:
            raise NoSolutionError(f"{problem.name} has no solution to sample")
        return sampler.sample(k, seed)
