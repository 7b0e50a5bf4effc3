"""Which engine runs: the C one, when the extension is built, or the pure-Python mirror.

Every engine of dlxc (Algorithm C, the lexicon, Boggle, crosswords) has a C
implementation in the one extension ``dlxc._dlxc_cffi`` and a pure-Python
mirror with the same functions.  Since the C units are built together,
whether C can run is one fact for all of them, decided here once:
``active_backend()`` is ``c`` when the extension loads, else ``python``,
and the environment variable DLXC_BACKEND may name one.  When C is missing,
dlxc says so once with a ``BackendWarning`` that tells why and what to do
(``dlxc.base.native.missing_reason``), and goes on with the mirrors.
"""

from __future__ import annotations

import os

# warnings and dlxc.base.errors are imported where they are raised: `dlxc count
# FILE` (dlxc/_launch.py) passes through here, and on a small file those two
# imports cost about a twentieth of its whole run.

BACKENDS = ("c", "python")
_c_error: BaseException | None = None
_warned = False

try:
    from . import native  # noqa: F401  (loads and checks the extension)
except ImportError as exc:  # not built, or built for another version
    _c_error = exc


def c_import_error() -> BaseException | None:
    """Why the C engines are unavailable, or None when they are available."""
    return _c_error


def available_backends() -> list[str]:
    return [b for b in BACKENDS if b != "c" or _c_error is None]


def active_backend() -> str:
    """The backend used when none is named: ``c`` if built, else ``python``.
    The environment variable DLXC_BACKEND may name one."""
    wanted = os.environ.get("DLXC_BACKEND")
    if wanted:
        return resolve(wanted)
    if _c_error is None:
        return "c"
    global _warned
    if not _warned:
        import warnings

        from .errors import BackendWarning

        _warned = True
        warnings.warn(
            f"dlxc runs on its pure-Python engine, about 50 times slower than the "
            f"C one, because the C extension cannot be loaded: {_c_error}",
            BackendWarning,
            stacklevel=3,
        )
    return "python"


def resolve(name: str | None) -> str:
    """``name`` checked (``c`` or ``python``), or the active backend for None."""
    if name is None:
        return active_backend()
    if name not in BACKENDS:
        from .errors import BackendError

        raise BackendError(f"unknown backend {name!r}; choose one of {', '.join(BACKENDS)}")
    if name == "c" and _c_error is not None:
        from .errors import BackendUnavailable

        raise BackendUnavailable(f"the C backend is unavailable: {_c_error}")
    return name
