"""Exceptions and warnings of dlxc.

Every error dlxc raises is a ``DlxcError``; each subclass also inherits the
builtin it resembles, so callers may catch either.
"""

from __future__ import annotations


class DlxcError(Exception):
    """Root of every dlxc error."""


class ProblemError(DlxcError, ValueError):
    """An XCC problem that is not well formed (built in code or read)."""


class DlxFormatError(ProblemError):
    """Bad input in Knuth's DLX format, with where it happened.

    ``file`` is the file's name (``<stdin>``, ``<string>`` ...), ``line`` the
    1-based line number, ``text`` the line itself, ``reason`` the problem.
    """

    def __init__(self, reason: str, file: str = "<input>", line: int | None = None,
                 text: str | None = None) -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.text = text
        where = file if line is None else f"{file}:{line}"
        message = f"{where}: {reason}"
        if text is not None:
            message += f"\n    {text.rstrip()}"
        super().__init__(message)


class SolverError(DlxcError, RuntimeError):
    """The engine failed (out of memory, a counter overflow, ...)."""


class BackendError(DlxcError, ValueError):
    """An unknown backend name (argument or DLXC_BACKEND)."""


class BackendUnavailable(DlxcError, ImportError):
    """The requested backend cannot be used here."""


class DlxcWarning(UserWarning):
    """Root of dlxc's warnings."""


class ProblemWarning(DlxcWarning):
    """Something in a problem is legal but probably not what was meant."""


class BackendWarning(DlxcWarning):
    """The C extension is missing and the pure-Python backend is in use."""


class BoggleError(DlxcError, ValueError):
    """Bad input to the Boggle scorer: a board of the wrong size, a letter
    no die has, a word list with no usable word."""
