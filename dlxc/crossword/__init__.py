"""The crossword engine: word lists as letter codes, free-form layouts (seed
002's generator) and the fill of grids with blocks.

Two implementations with the same function names: the C one
(``_cbackend``, csrc/crossword/) and the pure-Python mirror (``mirror``).
``engine(backend)`` gives the module to use: ``"c"``, ``"python"``, or None
for the default (C when built, as for the XCC engine; DLXC_BACKEND may name
one).
"""

from __future__ import annotations

from typing import Optional

from ..base.backends import resolve
from .contract import CrosswordEngine

try:
    from . import _cbackend
except ImportError:  # not built, or stale: dlxc.base.backends says why
    _cbackend = None  # type: ignore[assignment]


def engine(backend: Optional[str] = None) -> CrosswordEngine:
    """The engine module for ``backend`` (see ``dlxc.base.backends.resolve``),
    either side of the contract in ``contract.py``."""
    name = resolve(backend)
    if name == "c" and _cbackend is not None:
        return _cbackend
    from . import mirror  # only when it runs: the C engine's commands start faster

    return mirror


__all__ = ["engine"]
