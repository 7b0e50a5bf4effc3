"""The XCC problem: items, options, colors, kept in compact arrays.

A ``Problem`` holds its options as three flat ``array('i')`` columns (where
each option starts, the item of each node, the color of each node), so a
million options cost a few dozen megabytes rather than millions of Python
objects.  Items and colors are numbered in first-seen order, never by hash,
so every run is reproducible.

Options are given as sequences of entries; an entry is an item name, or a
``Colored(item, color)`` pair (a plain 2-tuple ``(item, color)`` is accepted
too).  Options without a primary item are kept in ``problem.options`` (so
the caller's option indices stay valid) but ignored by the search, with a
``ProblemWarning``, as Knuth's DLX2 does.

``Problem`` sits above the services of ``dlxc.xcc``: its ``search``,
``solutions``, ``count``, ``count_stats``, ``estimate`` and ``sample``
methods hand over to ``search``, ``parallel``, ``count``, ``estimate`` and
``sampling``, which see a problem only through ``dlxc.xcc.view.ProblemView``
(its names and arrays) and never import this module, not even for types.
"""

from __future__ import annotations

import warnings
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Optional, Union

from ..base.args import whole
from ..base.errors import OptionIndexError, ProblemError, ProblemWarning
from .best import BestSolutions, best, check_costs
from .count import check_request, count
from .estimate import estimate
from .parallel import ParallelSolutions
from .sampling import sample
from .search import Search, Stats

_FORBIDDEN = frozenset("|:")


class Colored(NamedTuple):
    """A secondary item together with the color an option gives it."""

    item: str
    color: str

    def __str__(self) -> str:
        return f"{self.item}:{self.color}"


Entry = Union[str, Colored]


def name_problem(name: object, what: str = "item name") -> Optional[str]:
    """Why ``name`` cannot be an item (or color) name, or None if it can."""
    if not isinstance(name, str):
        return f"{what} {name!r} is not a string"
    if not name:
        return f"empty {what}"
    if any(ch.isspace() or ch in _FORBIDDEN for ch in name):
        return f"{what} {name!r} contains whitespace, '|' or ':'"
    return None


def check_bounds(bounds, primary: tuple, secondary: tuple) -> Optional[dict]:
    """``bounds`` (a mapping from primary item name to (u, v)) checked: each
    name a primary item, 0 <= u <= v and v >= 1, as Knuth's DLX3 asks.
    Returns the pairs that are not (1, 1), in the items' order, or None when
    none is left."""
    if bounds is None:
        return None
    if not isinstance(bounds, Mapping):
        raise ProblemError(f"bounds must map primary item names to (u, v) pairs, not {bounds!r}")
    index = {name: i for i, name in enumerate(primary)}
    found: dict[str, tuple[int, int]] = {}
    for name, pair in bounds.items():
        if name not in index:
            if name in secondary:
                raise ProblemError(
                    f"bounds: {name!r} is a secondary item; only primary items have bounds"
                )
            raise ProblemError(f"bounds: unknown item {name!r}")
        try:
            u, v = pair
        except (TypeError, ValueError):
            raise ProblemError(
                f"bounds of {name!r}: expected a pair (u, v), got {pair!r}"
            ) from None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (u, v)):
            raise ProblemError(f"bounds of {name!r}: u and v must be ints, got {pair!r}")
        if v < 1:
            raise ProblemError(f"bounds of {name!r}: the upper bound must be at least 1, got {v}")
        if u < 0 or u > v:
            raise ProblemError(f"bounds of {name!r}: need 0 <= u <= v, got u={u}, v={v}")
        if v >= 1 << 30:
            raise ProblemError(f"bounds of {name!r}: the upper bound {v} is too large")
        if (u, v) != (1, 1):
            found[name] = (u, v)
    if not found:
        return None
    return {name: found[name] for name in primary if name in found}


class Options(Sequence):
    """Read-only view of a problem's options, each a tuple of entries."""

    def __init__(self, problem: Problem) -> None:
        self._p = problem

    def __len__(self) -> int:
        return len(self._p.opt_start) - 1

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        p = self._p
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("option index out of range")
        items, colors, names, color_names = p.opt_items, p.opt_colors, p.items, p.colors
        out: list[Entry] = []
        for k in range(p.opt_start[index], p.opt_start[index + 1]):
            col = colors[k]
            name = names[items[k]]
            out.append(Colored(name, color_names[col]) if col else name)
        return tuple(out)

    def __repr__(self) -> str:
        return f"<{len(self)} options>"


class Problem:
    """An exact cover problem with colors (XCC).

    ``costs`` (keyword-only) gives every option a cost, one non-negative
    int per option, all of them together below 2**63; it is kept as
    ``problem.costs`` (an array('q'), None without costs) and counts only
    for ``best``, the cheapest solutions.

    >>> p = Problem(["A", "B", "C"], ["X", "Y"], [
    ...     ["A", "B", Colored("X", "0"), Colored("Y", "0")],
    ...     ["A", "C", Colored("X", "1"), Colored("Y", "1")],
    ...     ["B", Colored("X", "1")],
    ...     ["C", Colored("Y", "1")],
    ... ])
    >>> p.count()
    1
    >>> list(p.solutions())
    [(1, 2)]
    """

    def __init__(
        self,
        primary: Iterable[str],
        secondary: Iterable[str] = (),
        options: Iterable[Iterable[Union[Entry, tuple]]] = (),
        *,
        name: str = "<problem>",
        costs: Optional[Iterable[int]] = None,
        bounds: Optional[Mapping[str, tuple[int, int]]] = None,
    ) -> None:
        primary = tuple(primary)
        secondary = tuple(secondary)
        index: dict[str, int] = {}
        for it in primary + secondary:
            why = name_problem(it)
            if why:
                raise ProblemError(why)
            if it in index:
                raise ProblemError(f"item {it!r} is declared twice")
            index[it] = len(index)
        n_primary = len(primary)
        color_index: dict[str, int] = {}
        colors: list[str] = [""]
        opt_start = array("i", [0])
        opt_items = array("i")
        opt_colors = array("i")
        for j, option in enumerate(options):
            if isinstance(option, (str, bytes)):
                raise ProblemError(
                    f"option {j}: expected a sequence of items, got the string {option!r}"
                )
            seen: set[int] = set()
            for entry in option:
                if isinstance(entry, str):
                    it, col = entry, None
                elif isinstance(entry, tuple) and len(entry) == 2:
                    it, col = entry
                else:
                    raise ProblemError(
                        f"option {j}: entry {entry!r} is neither an item name "
                        "nor an (item, color) pair"
                    )
                k = index.get(it) if isinstance(it, str) else None
                if k is None:
                    raise ProblemError(f"option {j}: unknown item {it!r}")
                if k in seen:
                    raise ProblemError(f"option {j}: item {it!r} twice in one option")
                seen.add(k)
                c = 0
                if col is not None:
                    if k < n_primary:
                        raise ProblemError(f"option {j}: primary item {it!r} cannot be colored")
                    why = name_problem(col, "color")
                    if why:
                        raise ProblemError(f"option {j}: {why}")
                    c = color_index.get(col, 0)
                    if not c:
                        c = color_index[col] = len(colors)
                        colors.append(col)
                opt_items.append(k)
                opt_colors.append(c)
            opt_start.append(len(opt_items))
        self._init(primary, secondary, tuple(colors), opt_start, opt_items, opt_colors, name)
        if costs is not None:
            self.costs = check_costs(costs, len(opt_start) - 1, name)
        self.bounds = check_bounds(bounds, primary, secondary)
        self._warn_dropped([f"option {j}" for j in self.dropped[:3]])
        self._warn_unused_primaries()

    @classmethod
    def _from_arrays(
        cls,
        primary,
        secondary,
        colors,
        opt_start,
        opt_items,
        opt_colors,
        name: str = "<problem>",
        dropped=None,
        costs=None,
        bounds=None,
    ) -> Problem:
        """Build from arrays already validated (the DLX reader's fast path);
        ``dropped`` lists the options without a primary item, if known."""
        self = cls.__new__(cls)
        self._init(
            tuple(primary),
            tuple(secondary),
            tuple(colors),
            opt_start,
            opt_items,
            opt_colors,
            name,
            dropped,
        )
        self.costs = costs
        self.bounds = bounds
        return self

    def _init(
        self, primary, secondary, colors, opt_start, opt_items, opt_colors, name, dropped=None
    ):
        self.primary: tuple[str, ...] = primary
        self.secondary: tuple[str, ...] = secondary
        self.items: tuple[str, ...] = primary + secondary
        self.colors: tuple[str, ...] = colors  # colors[0] is "", no color
        self.opt_start = opt_start
        self.opt_items = opt_items
        self.opt_colors = opt_colors
        self.name = name
        #: one non-negative int per option (array('q')), or None: no costs
        self.costs: Optional[array] = None
        #: {primary item: (u, v)} for the items not 1:1, or None when all are
        self.bounds: Optional[dict[str, tuple[int, int]]] = None
        if dropped is None:
            # options the search ignores: those without a primary item
            n_primary = len(primary)
            dropped = [
                j
                for j in range(len(opt_start) - 1)
                if not any(opt_items[k] < n_primary for k in range(opt_start[j], opt_start[j + 1]))
            ]
        self.dropped: list[int] = list(dropped)
        #: for a problem made by ``preprocess``: the original number of each
        #: option, the problem it was made from, and what was removed
        self.origin: Optional[Sequence[int]] = None
        self.source: Optional[Problem] = None
        self.preprocessing = None

    def _warn_dropped(self, where: Sequence[str], stacklevel: int = 3) -> None:
        if self.dropped:
            more = len(self.dropped) - len(where)
            tail = f" and {more} more" if more > 0 else ""
            warnings.warn(
                f"{self.name}: {', '.join(where)}{tail} ignored (no primary item)",
                ProblemWarning,
                stacklevel=stacklevel,
            )

    def _warn_unused_primaries(self, stacklevel: int = 3) -> None:
        bounds = self.bounds or {}
        # an item that may be covered 0 times needs no option
        unused = [u for u in self.unused_primaries() if bounds.get(u, (1, 1))[0] > 0]
        if unused:
            shown = ", ".join(repr(u) for u in unused[:5])
            more = f" and {len(unused) - 5} more" if len(unused) > 5 else ""
            warnings.warn(
                f"{self.name}: primary item {shown}{more} is in no option, "
                "so the problem has no solution",
                ProblemWarning,
                stacklevel=stacklevel,
            )

    def unused_primaries(self) -> list[str]:
        """Primary items that no (kept) option contains."""
        n_primary = len(self.primary)
        used = bytearray(n_primary)
        items, start = self.opt_items, self.opt_start
        dropped = set(self.dropped)
        for j in range(len(start) - 1):
            if j in dropped:
                continue
            for k in range(start[j], start[j + 1]):
                if items[k] < n_primary:
                    used[items[k]] = 1
        return [self.primary[i] for i in range(n_primary) if not used[i]]

    # ---- views ----
    @property
    def options(self) -> Options:
        return Options(self)

    def option_text(self, j: int) -> str:
        """Option j (0 <= j < the number of options) as a line of Knuth's
        format: ``A B X:0``."""
        return " ".join(str(e) for e in self.options[self._option_index(j)])

    def _option_index(self, j: object) -> int:
        """``j`` checked as an option index: OptionIndexError when it names no
        option (a negative index too: option numbers do not wrap around)."""
        k = whole(j, "an option index", minimum=-(1 << 64))
        if not 0 <= k < len(self.opt_start) - 1:
            raise OptionIndexError(
                f"{self.name}: option index {k} is out of range: the "
                f"options are numbered 0 to {len(self.opt_start) - 2}"
            )
        return k

    def bound_array(self) -> Optional[array]:
        """The bounds as the MCC engine takes them: u and v of each primary
        item in turn (1 and 1 for an item not in ``bounds``), or None when
        every item is 1:1."""
        if not self.bounds:
            return None
        out = array("i")
        for name in self.primary:
            out.extend(self.bounds.get(name, (1, 1)))
        return out

    def live_arrays(self):
        """(opt_start, opt_items, opt_colors, opt_ids) of the options the search
        uses, items 0-based, colors 0 = none; with multiplicities, a fifth
        array follows: ``bound_array()``, which sends every search to the
        MCC engine."""
        arrays = self._live_arrays()
        bounds = self.bound_array()
        return arrays if bounds is None else (*arrays, bounds)

    def _live_arrays(self):
        if not self.dropped:
            return self.opt_start, self.opt_items, self.opt_colors, None
        try:  # the same arrays, copied in C: a million options in milliseconds
            from ._cbackend import keep_options
        except ImportError:
            pass
        else:
            return keep_options(self.opt_start, self.opt_items, self.opt_colors, self.dropped)
        dropped = set(self.dropped)
        start = array("i", [0])
        items = array("i")
        colors = array("i")
        ids = array("i")
        for j in range(len(self.opt_start) - 1):
            if j in dropped:
                continue
            a, b = self.opt_start[j], self.opt_start[j + 1]
            items.extend(self.opt_items[a:b])
            colors.extend(self.opt_colors[a:b])
            start.append(len(items))
            ids.append(j)
        return start, items, colors, ids

    def __repr__(self) -> str:
        return (
            f"<Problem {self.name}: {len(self.primary)} primary, "
            f"{len(self.secondary)} secondary items, {len(self.options)} options>"
        )

    # ---- solving: the services below, as methods ----
    def search(
        self,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        limit: Optional[int] = None,
        *,
        memo_entries: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress=None,
        overlap: Optional[Sequence[int]] = None,
        strategy: Optional[str] = "dlx2",
    ) -> Search:
        """A fresh, resumable search over this problem (see ``dlxc.Search``),
        within optional limits; with ``memo_entries``, a memoized count with
        a table of at most that many entries (it counts and samples, but
        cannot list solutions).  ``strategy`` picks the engine: "dlx2"
        (DLX2's tree and statistics), "ssxcc" (SSXCC's), "bits" (bitsets,
        DLX2's tree, docs/design/xcc.md section 8) or "auto" (the fastest
        for this problem, see ``dlxc.xcc.engines.pick_strategy``)."""
        return Search(
            self,
            backend=backend,
            seed=seed,
            limit=limit,
            memo_entries=memo_entries,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
            overlap=overlap,
            strategy=strategy,
        )

    def solutions(
        self,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        limit: Optional[int] = None,
        *,
        jobs: Optional[int] = 1,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ):
        """Lazy iterator of solutions, each a tuple of option indices in the
        order the search chose them.  Its ``stats`` tell about the search,
        its ``stopped`` which limit ended it, if one did.

        With ``jobs`` > 1 (0 or None: every core) the solutions come from a
        process pool (``dlxc.xcc.parallel.ParallelSolutions``): each one
        exactly once, but not in the serial order."""
        jobs = check_request(seed=seed, jobs=jobs)
        if jobs > 1:
            return ParallelSolutions(
                self, jobs, backend, limit, node_limit=node_limit, timeout=timeout
            )
        return self.search(
            backend=backend, seed=seed, limit=limit, node_limit=node_limit, timeout=timeout
        )

    def count(
        self,
        backend: Optional[str] = None,
        seed: Optional[int] = None,
        *,
        jobs: Optional[int] = 1,
        memo: bool = False,
        memo_limit: Optional[int] = None,
        scheduler: Optional[str] = None,
    ) -> int:
        """The number of solutions.

        ``jobs`` processes share the count (0 or None: every core);
        ``scheduler`` (``tcp://HOST:8786``) sends it to a Dask cluster;
        ``memo`` counts with a memo table of at most ``memo_limit`` bytes
        (see ``dlxc.xcc.count``).  Every way gives the same number."""
        return self.count_stats(
            backend, seed, jobs=jobs, memo=memo, memo_limit=memo_limit, scheduler=scheduler
        ).solutions

    def count_stats(
        self, backend: Optional[str] = None, seed: Optional[int] = None, **how
    ) -> Stats:
        """Count, and return the statistics (``dlxc.Stats``); the keyword
        arguments (jobs, memo, memo_limit, scheduler, timeout, node_limit,
        progress, overlap, strategy) are those of ``dlxc.xcc.count.count``."""
        return count(self, backend=backend, seed=seed, **how)

    def estimate(
        self,
        probes: int = 10_000,
        seed: Optional[int] = None,
        backend: Optional[str] = None,
        timeout: Optional[float] = None,
    ):
        """Knuth's random-probe estimate of the number of solutions and nodes,
        and of the time a full count would take (``dlxc.xcc.estimate``)."""
        return estimate(self, probes=probes, seed=seed, backend=backend, timeout=timeout)

    def sample(
        self,
        k: int = 1,
        seed: Optional[int] = None,
        backend: Optional[str] = None,
        memo_limit: Optional[int] = None,
    ) -> list:
        """``k`` solutions, each drawn exactly uniformly at random from all
        solutions (independently, so repeats are possible); the same seed
        gives the same samples (``dlxc.xcc.sampling``)."""
        return sample(self, k, seed=seed, backend=backend, memo_limit=memo_limit)

    def best(
        self,
        k: int = 1,
        backend: Optional[str] = None,
        *,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        bound: bool = True,
    ) -> BestSolutions:
        """The ``k`` cheapest solutions as (cost, options) pairs, cheapest
        first, by Knuth's DLX5 search (``dlxc.xcc.best``; ``bound=False``
        drops dlxc's extra cut-off and gives DLX5's tree exactly); ties go to
        the solutions found first.  Without costs every solution costs 0.
        With multiplicities, the k cheapest paths of the problem's ZDD.

        >>> p = Problem(["A", "B"], [], [["A"], ["B"], ["A", "B"]], costs=[2, 2, 3])
        >>> p.best(2).solutions
        [(3, (2,)), (4, (0, 1))]
        """
        return best(self, k, backend, node_limit=node_limit, timeout=timeout, bound=bound)

    def zdd(
        self,
        backend: Optional[str] = None,
        *,
        memo_limit: Optional[int] = None,
        node_limit: Optional[int] = None,
        timeout: Optional[float] = None,
        progress=None,
    ):
        """The ZDD of this problem's solutions, as Knuth's DLX6 builds it
        (``dlxc.xcc.zdd.Zdd``: count, sample, min_cost, iteration, write).
        ``memo_limit`` bounds the memory of the memo and the diagram
        (default 1 GiB): past it, ``MemoLimitError``; a node limit or
        timeout stops it with ``SearchStopped``.  With multiplicities the
        diagram is an ordered one, built by deciding the options in order
        (csrc/xcc/zddm.c)."""
        from .zdd import build

        return build(
            self,
            backend,
            memo_limit=memo_limit,
            node_limit=node_limit,
            timeout=timeout,
            progress=progress,
        )

    def preprocess(
        self,
        backend: Optional[str] = None,
        *,
        timeout: Optional[float] = None,
        mem_limit: Optional[int] = None,
        max_rounds: Optional[int] = None,
        progress=None,
    ) -> Problem:
        """A smaller problem with the same solutions: the options no solution
        can use and the items another item forces are removed (Knuth's
        DLX-PRE, ``dlxc.xcc.preprocess``).  Its ``origin[j]`` is the number
        of its option j in this problem, ``to_original`` maps its solutions
        back, and ``preprocessing`` (a ``PreStats``) says what was removed.
        ``timeout`` and ``mem_limit`` stop the work early (the problem is
        still reduced soundly, less than it could be).  With multiplicities
        only the reductions that stay sound with bounds are made
        (``dlxc.xcc.prebounds``).

        >>> p = Problem(["A", "B", "C"], ["X", "Y"], [
        ...     ["A", "B", Colored("X", "0"), Colored("Y", "0")],
        ...     ["A", "C", Colored("X", "1"), Colored("Y", "1")],
        ...     ["B", Colored("X", "1")],
        ...     ["C", Colored("Y", "1")],
        ... ])
        >>> small = p.preprocess()
        >>> list(map(small.option_text, range(len(small.options))))
        ['A X:1 Y:1', 'B X:1']
        >>> list(map(small.to_original, small.solutions()))
        [(1, 2)]
        """
        from .preprocess import preprocess

        reduced, _ = preprocess(
            self,
            backend,
            timeout=timeout,
            mem_limit=mem_limit,
            max_rounds=max_rounds,
            progress=progress,
        )
        return reduced

    def to_original(self, solution: Iterable[int]) -> tuple[int, ...]:
        """A solution's option numbers in the problem this one was
        preprocessed from (the numbers themselves for any other problem)."""
        if self.origin is None:
            return tuple(solution)
        origin = self.origin
        return tuple(origin[self._option_index(j)] for j in solution)

    def solution_text(self, solution: Iterable[int]) -> list[str]:
        """A solution's options (indices into ``options``) in Knuth's text
        form; OptionIndexError for an index that names no option."""
        return [self.option_text(j) for j in solution]
