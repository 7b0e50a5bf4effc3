"""The XCC engine's solvers: ``CSolver`` (csrc/xcc/) or ``MirrorSolver``.

Which one runs is decided for every engine in ``dlxc.base.backends``; this module
re-exports that choice (``resolve``, ``active_backend``, ...) for the XCC
services and makes the solver of the chosen backend.
"""

from __future__ import annotations

from ..base.backends import BACKENDS, active_backend, available_backends, c_import_error, resolve

try:
    from ._cbackend import CSolver
except ImportError:  # not built, or stale: dlxc.base.backends says why
    CSolver = None  # type: ignore[assignment,misc]

__all__ = [
    "BACKENDS",
    "STRATEGIES",
    "active_backend",
    "available_backends",
    "c_import_error",
    "resolve",
    "pick_strategy",
    "make_solver",
    "make_picked_solver",
    "CSolver",
]


STRATEGIES = ("dlx2", "ssxcc", "bits")


#: The bits engine's bounds for ``auto`` (docs/design/xcc.md, section 8): it scans
#: every uncovered primary item at every node, a few words each, and copies
#: the bitset of options per level, so many primary items with few options
#: each (dominoes 16x16: 1.2x DLX2's time, 80x80: 4x) or a very large
#: bitset are left to the sparse engines.
BITS_MAX_PRIMARY = 80
BITS_MAX_OPTIONS = 1 << 18


def pick_strategy(
    strategy: str | None,
    n_primary: int,
    n_items: int,
    seed=None,
    memo: bool = False,
    n_options: int | None = None,
) -> str:
    """The engine a search uses: ``"dlx2"`` (dancing links, DLX2's tree and
    statistics), ``"ssxcc"`` (sparse sets, SSXCC's tree and statistics),
    ``"bits"`` (bitsets of options, DLX2's tree), or ``"auto"``/None, the
    fastest for the problem as measured (bench/bench_knuth.py, docs/design/xcc.md
    section 8): DLX2's when ties are broken at random or a memo table is
    wanted (only that engine does either); the bits engine when the number
    of options is known and the problem is small enough for it, at most
    ``BITS_MAX_PRIMARY`` primary items and ``BITS_MAX_OPTIONS`` options (it
    was 1.3-20 times as fast as the faster of the other two on every row of
    the bench and on word rectangles up to 8x8); otherwise DLX2's when
    secondary items outnumber primary ones more than four to one (word
    searches: Knuth's SSXCC saves and scans every active item at every
    level, most of them cells) and SSXCC's for the rest."""
    if strategy is None or strategy == "auto":
        if seed is not None or memo:
            return "dlx2"
        if (
            n_options is not None
            and n_primary <= BITS_MAX_PRIMARY
            and n_options <= BITS_MAX_OPTIONS
        ):
            return "bits"
        if n_items - n_primary > 4 * n_primary:
            return "dlx2"
        return "ssxcc"
    if strategy not in STRATEGIES:
        raise ValueError(
            f"unknown strategy {strategy!r}; choose one of auto, {', '.join(STRATEGIES)}"
        )
    if strategy != "dlx2" and seed is not None:
        raise ValueError(
            f"the {strategy} strategy breaks no ties at random; drop the seed or "
            "use strategy='dlx2'"
        )
    if strategy != "dlx2" and memo:
        raise ValueError("memoized counting needs strategy='dlx2'")
    return strategy


def make_solver(
    backend: str, n_primary: int, n_items: int, arrays, seed: int | None, strategy: str = "dlx2"
):
    """A solver of the named backend over (opt_start, opt_items, opt_colors,
    opt_ids), branching as Knuth's DLX2 (``strategy="dlx2"``: dancing links,
    csrc/xcc/dlxc.c) or as his SSXCC (``"ssxcc"``: sparse sets, forced moves
    first, csrc/xcc/sscells.c)."""
    start, items, colors, ids = arrays
    randomize = seed is not None
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if randomize and strategy != "dlx2":
        raise ValueError(f"the {strategy} strategy has no random tie-breaking; use strategy='dlx2'")
    if strategy == "ssxcc":
        if backend == "c":
            from ._cbackend import CCells as cls
        else:
            from .sscells import CellsSolver as cls
    elif strategy == "bits":
        if backend == "c":
            from ._cbackend import CBits as cls
        else:
            from .bits import BitsSolver as cls
    elif backend == "c":
        cls = CSolver
    else:
        from .mirror import MirrorSolver  # not imported by runs that never use it

        cls = MirrorSolver
    return cls(n_primary, n_items, start, items, colors, ids, seed or 0, randomize)


def make_picked_solver(
    backend: str,
    n_primary: int,
    n_items: int,
    arrays,
    seed: int | None,
    strategy: str | None,
    memo: bool = False,
):
    """(the strategy, its solver): pick_strategy's choice for ``strategy``,
    made.  When ``auto`` picks the bits engine and its C side refuses the
    problem (kill lists past 2^27 words, which takes items of thousands of
    colors, or no memory for them), the solver is the engine ``auto`` takes
    when bits is out of the question; the Python mirror has no such bound."""
    picked = pick_strategy(strategy, n_primary, n_items, seed, memo, n_options=len(arrays[0]) - 1)
    try:
        return picked, make_solver(backend, n_primary, n_items, arrays, seed, picked)
    except (RuntimeError, MemoryError):  # SolverError is a RuntimeError
        if picked != "bits" or strategy not in (None, "auto"):
            raise
    picked = pick_strategy(strategy, n_primary, n_items, seed, memo)  # n_options unknown: no bits
    return picked, make_solver(backend, n_primary, n_items, arrays, seed, picked)
