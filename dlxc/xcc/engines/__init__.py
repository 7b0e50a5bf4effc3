"""The XCC engines, and the one place that picks one and makes its solver.

Three strategies search the same problems: ``dlx2`` (Knuth's DLX2, dancing
links), ``ssxcc`` (his SSXCC, sparse sets) and ``bits`` (bitsets of
options, DLX2's tree).  Each has a C handle class in dlxc/xcc/_cbackend.py
(``Dlx2C``, ``SsxccC``, ``BitsC``, over csrc/xcc/dlx2.c, ssxcc.c, bits.c)
and a pure-Python mirror of the same shape in a module of this package
named after it (``dlx2.Dlx2Mirror``, ``ssxcc.SsxccMirror``,
``bits.BitsMirror``).  ``table`` says what each can do; ``shared`` holds
what the mirrors share.  ``pick_strategy`` below is the one place that
chooses an engine (or refuses one) and ``make_solver`` the one place that
turns a backend and a strategy into a class: no other module asks which
backend runs.  The mirrors are imported only by the runs that use one.
"""

from __future__ import annotations

from .table import MCC_ENGINES, STRATEGIES, can, engine, first_serving, mcc_strategy, refusal

TYPE_CHECKING = False  # not typing's: dlxc count's short way imports little
if TYPE_CHECKING:
    from typing import Any

    from .contract import XccEngine, XccEngineClass

__all__ = ["STRATEGIES", "pick_strategy", "solver_class", "make_solver", "make_picked_solver"]


#: The bits engine's bounds for ``auto`` (docs/design/xcc.md, section 8): it scans
#: every uncovered primary item at every node, a few words each, and copies
#: the bitset of options per level, so many primary items with few options
#: each (dominoes 16x16: 1.2x DLX2's time, 80x80: 4x) or a very large
#: bitset are left to the sparse engines.
BITS_MAX_PRIMARY = 80
BITS_MAX_OPTIONS = 1 << 18


def pick_strategy(
    strategy: str | None,
    n_primary: int | None = None,
    n_items: int | None = None,
    seed=None,
    memo: bool = False,
    n_options: int | None = None,
    split: bool = False,
) -> str:
    """The engine a search uses: the one place where XCC engines are chosen
    and refused.  ``strategy`` is ``"dlx2"`` (dancing links, DLX2's tree and
    statistics), ``"ssxcc"`` (sparse sets, SSXCC's tree and statistics),
    ``"bits"`` (bitsets of options, DLX2's tree), or ``"auto"``/None.

    What the request needs comes from ``seed`` (random tie-breaking),
    ``memo`` (a memo table) and ``split`` (a count split over processes or a
    Dask cluster).  A named engine that cannot do one of these, or a name
    that is none, raises ``EngineRefused`` (a ``RequestError``, so a
    ``ValueError``) with the table's one sentence (``table.refusal``).

    ``auto`` is the fastest engine for the problem as measured
    (bench/bench_knuth.py, docs/design/xcc.md section 8): the bits engine when
    the number of options is known and the problem is small enough for it,
    at most ``BITS_MAX_PRIMARY`` primary items and ``BITS_MAX_OPTIONS``
    options (it was 1.3-20 times as fast as the faster of the other two on
    every row of the bench and on word rectangles up to 8x8); otherwise
    DLX2's when secondary items outnumber primary ones more than four to one
    (word searches: Knuth's SSXCC saves and scans every active item at every
    level, most of them cells) and SSXCC's for the rest.  When that engine
    cannot do what is needed, ``auto`` is the first engine of the table that
    can (DLX2's for a seed or a memo table), so asking for a split never
    trades the fastest engine for a slower one where the fastest can split.
    Without the problem's sizes (``n_primary`` None), ``auto`` stays
    ``"auto"`` unless what is needed already decides it."""
    wanted = [
        capability
        for capability, asked in (("seed", seed is not None), ("memo", memo), ("split", split))
        if asked
    ]
    if strategy is not None and strategy != "auto":
        engine(strategy)  # EngineRefused for an unknown name
        for capability in wanted:
            if not can(strategy, capability):
                from ...base.errors import EngineRefused

                raise EngineRefused(refusal(strategy, capability))
        return strategy
    if n_primary is None or n_items is None:
        return first_serving(*wanted) if wanted else "auto"
    if n_options is not None and n_primary <= BITS_MAX_PRIMARY and n_options <= BITS_MAX_OPTIONS:
        picked = "bits"
    elif n_items - n_primary > 4 * n_primary:
        picked = "dlx2"
    else:
        picked = "ssxcc"
    if all(can(picked, capability) for capability in wanted):
        return picked
    return first_serving(*wanted)


def solver_class(backend: str, strategy: str) -> XccEngineClass:
    """The class of ``strategy``'s engine on ``backend`` (``c`` or
    ``python``), as dlxc.xcc.engines.table names it: the only place where
    the XCC engines branch on the backend.  Either side keeps the contract of
    contract.py."""
    row = engine(strategy)
    if backend == "c":
        from .. import _cbackend

        return getattr(_cbackend, row.c_class)
    from . import bits, dlx2, mcc, ssxcc  # the mirrors: imported by the runs that use one

    modules = {"dlx2": dlx2, "ssxcc": ssxcc, "bits": bits, "mcc": mcc, "dlx3": mcc}
    return getattr(modules[row.name], row.mirror_class)


def make_solver(
    backend: str, n_primary: int, n_items: int, arrays, seed: int | None, strategy: str = "dlx2"
) -> XccEngine:
    """A solver of the named backend over (opt_start, opt_items, opt_colors,
    opt_ids), branching as Knuth's DLX2 (``strategy="dlx2"``: dancing links,
    csrc/xcc/dlx2.c), as his SSXCC (``"ssxcc"``: sparse sets, forced moves
    first, csrc/xcc/ssxcc.c) or over bitsets (``"bits"``, csrc/xcc/bits.c)."""
    start, items, colors, ids, *rest = arrays
    randomize = seed is not None
    if rest and rest[0] is not None:  # bounds: multiplicities, only the MCC engines
        name = mcc_strategy(strategy)
        pick_strategy(name, seed=seed)
        mcc: Any = solver_class(backend, name)  # the contract's class, plus bounds
        return mcc(n_primary, n_items, start, items, colors, ids, 0, False, bounds=rest[0])
    pick_strategy(strategy, seed=seed)  # EngineRefused for a seed it cannot take
    if strategy in MCC_ENGINES:  # a plain problem: every item 1:1
        return solver_class(backend, strategy)(n_primary, n_items, start, items, colors, ids)
    cls = solver_class(backend, strategy)
    return cls(n_primary, n_items, start, items, colors, ids, seed or 0, randomize)


def make_picked_solver(
    backend: str,
    n_primary: int,
    n_items: int,
    arrays,
    seed: int | None,
    strategy: str | None,
    memo: bool = False,
) -> tuple[str, XccEngine]:
    """(the strategy, its solver): pick_strategy's choice for ``strategy``,
    made.  When ``auto`` picks the bits engine and its C side refuses the
    problem (kill lists past 2^27 words, which takes items of thousands of
    colors, or no memory for them), the solver is the engine ``auto`` takes
    when bits is out of the question; the Python mirror has no such bound."""
    if len(arrays) > 4 and arrays[4] is not None:  # multiplicities: an MCC engine
        picked = pick_strategy(mcc_strategy(strategy), seed=seed, memo=memo)
        return picked, make_solver(backend, n_primary, n_items, arrays, seed, picked)
    picked = pick_strategy(strategy, n_primary, n_items, seed, memo, n_options=len(arrays[0]) - 1)
    try:
        return picked, make_solver(backend, n_primary, n_items, arrays, seed, picked)
    except (RuntimeError, MemoryError):  # SolverError is a RuntimeError
        if picked != "bits" or strategy not in (None, "auto"):
            raise
    picked = pick_strategy(strategy, n_primary, n_items, seed, memo)  # n_options unknown: no bits
    return picked, make_solver(backend, n_primary, n_items, arrays, seed, picked)


def cost_solver_class(backend: str):
    """The class of the minimum-cost engine (DLX5's search) on ``backend``:
    ``CostC`` over csrc/xcc/cost.c, or the mirror ``cost.CostMirror``."""
    if backend == "c":
        from .._cbackend import CostC

        return CostC
    from .cost import CostMirror

    return CostMirror
