"""dlxc: exact-cover puzzle construction with Knuth's Algorithm C.

A problem is a set of items (primary: covered exactly once; secondary: at
most once, or many times with one color) and options; dlxc counts, lists
and samples its solutions with dancing links, in C or in a pure-Python
mirror of the same algorithm.
"""

from __future__ import annotations

from ._version import __version__

# not typing.TYPE_CHECKING: importing typing would cost the short path of
# `dlxc count` its import of collections.abc (tests/xcc/test_xcc_launch.py)
TYPE_CHECKING = False
if TYPE_CHECKING:  # the lazy names below, for type checkers and the API reference
    from .base.backends import active_backend, available_backends
    from .base.errors import (
        BackendError,
        BackendUnavailable,
        BackendWarning,
        BoardError,
        BoggleError,
        CrosswordError,
        DlxcError,
        DlxcWarning,
        DlxFormatError,
        LexiconError,
        ProblemError,
        ProblemWarning,
        SolverError,
    )
    from .puzzles import example_path
    from .xcc.dlxformat import read_dlx, write_dlx
    from .xcc.problem import Colored, Problem
    from .xcc.search import Search, Stats


def _installed_copy() -> str | None:
    """The folder of an installed dlxc of this same version that has the
    compiled extension, when this dlxc/ is a source checkout's without one.

    Python started at the root of a checkout imports the checkout's dlxc/
    (the current directory comes first on sys.path) even after `pip install
    .` put a compiled dlxc in site-packages; its submodules are then loaded
    from the installed copy, so the C engines run instead of the mirrors.
    Anywhere else this costs one stat of the extension's file."""
    import os
    import sys

    # _imp is built in and already loaded; importlib.machinery would bring
    # importlib and warnings, a third of a millisecond of every command's start
    from _imp import extension_suffixes

    def compiled(folder: str) -> bool:
        return any(
            os.path.isfile(os.path.join(folder, "_dlxc_cffi" + s)) for s in extension_suffixes()
        )

    here = os.path.dirname(os.path.abspath(__file__))
    if compiled(here) or not os.path.isfile(os.path.join(os.path.dirname(here), "build_ext.py")):
        return None
    for entry in sys.path:
        folder = os.path.join(os.path.abspath(entry or os.curdir), "dlxc")
        if folder == here or not compiled(folder):
            continue
        try:
            with open(os.path.join(folder, "_version.py"), encoding="utf-8") as f:
                same = f'__version__ = "{__version__}"' in f.read()
        except OSError:
            continue
        if same:
            return folder
    return None


_installed = _installed_copy()
if _installed is not None:
    __path__ = [_installed]
del _installed

# The names below are imported when first used (PEP 562), so that importing
# a submodule (the command line's start, dlxc._launch) does not pay for the
# whole package: `dlxc count` on a small file is mostly start-up.
_LAZY = {
    "active_backend": "base.backends",
    "available_backends": "base.backends",
    "example_path": "puzzles",
    "read_dlx": "xcc.dlxformat",
    "write_dlx": "xcc.dlxformat",
    "Colored": "xcc.problem",
    "Problem": "xcc.problem",
    "Search": "xcc.search",
    "Stats": "xcc.search",
    **dict.fromkeys(
        [
            "BackendError",
            "BackendUnavailable",
            "BackendWarning",
            "BoardError",
            "BoggleError",
            "CrosswordError",
            "DlxcError",
            "DlxcWarning",
            "DlxFormatError",
            "LexiconError",
            "ProblemError",
            "ProblemWarning",
            "SolverError",
        ],
        "base.errors",
    ),
}


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dlxc' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "__version__",
    "Problem",
    "Colored",
    "Search",
    "Stats",
    "active_backend",
    "available_backends",
    "read_dlx",
    "write_dlx",
    "example_path",
    "DlxcError",
    "ProblemError",
    "DlxFormatError",
    "SolverError",
    "BackendError",
    "BackendUnavailable",
    "LexiconError",
    "BoardError",
    "BoggleError",
    "CrosswordError",
    "DlxcWarning",
    "ProblemWarning",
    "BackendWarning",
]
