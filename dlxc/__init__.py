"""dlxc: exact-cover puzzle construction with Knuth's Algorithm C.

A problem is a set of items (primary: covered exactly once; secondary: at
most once, or many times with one color) and options; dlxc counts, lists
and samples its solutions with dancing links, in C or in a pure-Python
mirror of the same algorithm.
"""

from ._version import __version__

# The names below are imported when first used (PEP 562), so that importing
# a submodule (the command line's start, dlxc._launch) does not pay for the
# whole package: `dlxc count` on a small file is mostly start-up.
_LAZY = {
    "active_backend": "xcc.backend",
    "available_backends": "xcc.backend",
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
