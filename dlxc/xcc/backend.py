"""Choosing an engine: the C core when it was built, else the pure-Python mirror.

``active_backend()`` tells which one dlxc uses by default; when the C
extension cannot be imported, dlxc says so once with a ``BackendWarning``
and goes on with the mirror.
"""

from __future__ import annotations

import os
import warnings


from ..errors import BackendError, BackendUnavailable, BackendWarning

BACKENDS = ("c", "python")
_c_error: "BaseException | None" = None
_warned = False

try:
    from ._cbackend import CSolver
except ImportError as exc:  # not built, or built for another version
    CSolver = None  # type: ignore[assignment,misc]
    _c_error = exc


def c_import_error() -> "BaseException | None":
    """Why the C backend is unavailable, or None when it is available."""
    return _c_error


def available_backends() -> list[str]:
    return [b for b in BACKENDS if b != "c" or CSolver is not None]


def active_backend() -> str:
    """The backend used when none is named: ``c`` if built, else ``python``.
    The environment variable DLXC_BACKEND may name one."""
    wanted = os.environ.get("DLXC_BACKEND")
    if wanted:
        return resolve(wanted)
    if CSolver is not None:
        return "c"
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(f"dlxc runs on its pure-Python engine, about 50 times slower than the "
                      f"C one, because the C extension cannot be loaded: {_c_error}",
                      BackendWarning, stacklevel=3)
    return "python"


def resolve(name: "str | None") -> str:
    if name is None:
        return active_backend()
    if name not in BACKENDS:
        raise BackendError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    if name == "c" and CSolver is None:
        raise BackendUnavailable(f"the C backend is unavailable: {_c_error}")
    return name


STRATEGIES = ("dlx2", "ssxcc")


def pick_strategy(strategy: "str | None", n_primary: int, n_items: int, seed=None,
                  memo: bool = False) -> str:
    """The engine a search uses: ``"dlx2"`` (dancing links, DLX2's tree and
    statistics), ``"ssxcc"`` (sparse sets, SSXCC's tree and statistics), or
    ``"auto"``/None, the faster one for the problem as measured
    (bench/bench_knuth.py): DLX2's when ties are broken at random or a memo
    table is wanted (only that engine does either), and when secondary items
    outnumber primary ones more than four to one (word searches: SSXCC saves
    and scans every active item at every level, and most are cells there);
    SSXCC's otherwise (pentominoes, Langford pairs, queens, word rectangles)."""
    if strategy is None or strategy == "auto":
        if seed is not None or memo or n_items - n_primary > 4 * n_primary:
            return "dlx2"
        return "ssxcc"
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of auto, "
                         f"{', '.join(STRATEGIES)}")
    if strategy == "ssxcc" and seed is not None:
        raise ValueError("the ssxcc strategy breaks no ties at random; drop the seed or use "
                         "strategy='dlx2'")
    if strategy == "ssxcc" and memo:
        raise ValueError("memoized counting needs strategy='dlx2'")
    return strategy


def make_solver(backend: str, n_primary: int, n_items: int, arrays, seed: "int | None",
                strategy: str = "dlx2"):
    """A solver of the named backend over (opt_start, opt_items, opt_colors,
    opt_ids), branching as Knuth's DLX2 (``strategy="dlx2"``: dancing links,
    csrc/xcc/dlxc.c) or as his SSXCC (``"ssxcc"``: sparse sets, forced moves
    first, csrc/xcc/sscells.c)."""
    start, items, colors, ids = arrays
    randomize = seed is not None
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
    if strategy == "ssxcc":
        if backend == "c":
            from ._cbackend import CCells as cls
        else:
            from .sscells import CellsSolver as cls
    elif backend == "c":
        cls = CSolver
    else:
        from .mirror import MirrorSolver  # not imported by runs that never use it
        cls = MirrorSolver
    return cls(n_primary, n_items, start, items, colors, ids, seed or 0, randomize)
