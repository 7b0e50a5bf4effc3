"""dlxc: exact-cover puzzle construction with Knuth's Algorithm C.

A problem is a set of items (primary: covered exactly once; secondary: at
most once, or many times with one color) and options; dlxc counts, lists
and samples its solutions with dancing links, in C or in a pure-Python
mirror of the same algorithm.
"""

from ._version import __version__
from .xcc.backend import active_backend, available_backends
from .xcc.dlxformat import read_dlx, write_dlx
from .errors import (BackendError, BackendUnavailable, BackendWarning, BoardError, BoggleError,
                     CrosswordError, DlxcError, DlxcWarning, DlxFormatError, LexiconError,
                     ProblemError, ProblemWarning, SolverError)
from .xcc.problem import Colored, Problem
from .xcc.search import Search, Stats

__all__ = [
    "__version__", "Problem", "Colored", "Search", "Stats",
    "active_backend", "available_backends", "read_dlx", "write_dlx",
    "DlxcError", "ProblemError", "DlxFormatError", "SolverError", "BackendError", "BackendUnavailable",
    "LexiconError", "BoardError", "BoggleError", "CrosswordError",
    "DlxcWarning", "ProblemWarning", "BackendWarning",
]
