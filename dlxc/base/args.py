"""Checks of the numbers a caller passes: counts, limits, seconds, indices.

Each wrong value is a ``RequestError`` (also a ``ValueError``; exit status
2 on the command line) and each value of the wrong kind a
``RequestTypeError`` (also a ``TypeError``), so that every misuse of the
API is a ``DlxcError`` that names the argument and quotes the value, before
anything reaches the engine.
"""

from __future__ import annotations

import math
import numbers
import operator
from typing import Optional

from .errors import RequestError, RequestTypeError


def whole(value: object, what: str, minimum: int = 0) -> int:
    """``value`` as an int of at least ``minimum`` (bools and floats are
    refused: 1.5 nodes or solutions mean nothing)."""
    if isinstance(value, bool) or isinstance(value, float):
        raise RequestTypeError(f"{what} must be a whole number, got {value!r}")
    try:
        # ints, and integer types such as numpy's; anything else raises TypeError
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise RequestTypeError(f"{what} must be a whole number, got {value!r}") from None
    if number < minimum:
        bound = "not be negative" if minimum == 0 else f"be at least {minimum}"
        raise RequestError(f"{what} must {bound}, got {number!r}")
    return number


def optional_whole(value: object, what: str, minimum: int = 0) -> Optional[int]:
    """``whole``, with None for "no limit"."""
    return None if value is None else whole(value, what, minimum)


def seconds(value: object, what: str = "timeout") -> Optional[float]:
    """A time limit in seconds: a number, 0 or more; None and infinity mean
    no limit (returned as None); NaN and negative numbers are errors."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise RequestTypeError(f"{what} must be a number of seconds, got {value!r}")
    number = float(value)
    if math.isnan(number):
        raise RequestError(f"{what} must be a number of seconds (inf: no limit), got {value!r}")
    if number < 0:
        raise RequestError(f"{what} must not be negative (seconds; inf: no limit), got {value!r}")
    return None if math.isinf(number) else number


def machine_memory() -> Optional[int]:
    """This machine's memory in bytes (physical pages times their size), or
    None where the system does not say."""
    import os

    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def within_memory(nbytes: float, what: str) -> None:
    """Refuse, before any work, a table of ``nbytes`` that this machine
    cannot hold: ``MemoLimitError`` naming ``what`` (the option as the
    user gave it) and the machine's memory.  A table grows as the search
    needs it, so a cap above the memory would be met only after the
    system had begun to swap, or had killed the run."""
    have = machine_memory()
    if have is not None and nbytes > have:
        from .errors import MemoLimitError

        raise MemoLimitError(
            f"{what}: more than this machine's memory ({have / (1 << 30):.1f} GiB); "
            "give a size that fits"
        )
