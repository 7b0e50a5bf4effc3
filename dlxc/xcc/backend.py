"""The XCC engine's solvers: ``CSolver`` (csrc/xcc/) or ``MirrorSolver``.

Which one runs is decided for every engine in ``dlxc.engines``; this module
re-exports that choice (``resolve``, ``active_backend``, ...) for the XCC
services and makes the solver of the chosen backend.
"""

from __future__ import annotations

from typing import Optional

from ..engines import (BACKENDS, active_backend, available_backends, c_import_error,
                       resolve)
from .mirror import MirrorSolver

try:
    from ._cbackend import CSolver
except ImportError:  # not built, or stale: dlxc.engines says why
    CSolver = None  # type: ignore[assignment,misc]

__all__ = ["BACKENDS", "active_backend", "available_backends", "c_import_error", "resolve",
           "make_solver", "CSolver", "MirrorSolver"]


def make_solver(backend: str, n_primary: int, n_items: int, arrays, seed: Optional[int]):
    """A solver of the named backend over (opt_start, opt_items, opt_colors, opt_ids)."""
    start, items, colors, ids = arrays
    randomize = seed is not None
    cls = CSolver if backend == "c" else MirrorSolver
    return cls(n_primary, n_items, start, items, colors, ids, seed or 0, randomize)
