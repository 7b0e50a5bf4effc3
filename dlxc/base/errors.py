"""Exceptions and warnings of dlxc: every one of them lives here.

Every error dlxc raises is a ``DlxcError``; each subclass also inherits the
builtin it resembles, so callers may catch either.  ``exit_code`` is the
status the command line exits with when the error reaches it (1: bad input).

An ``Outcome`` is not a fault of the input but how a search ended without an
answer: ``NoLayout`` (exit status 3: a complete search, or a cheap argument,
proved there is none) and ``SearchStopped`` (4: a node limit or timeout came
first).  The command line prints an outcome's message as it is, without
"Error:", and exits with its status; Ctrl-C exits with ``EXIT_INTERRUPT``.
"""

from __future__ import annotations

EXIT_INPUT = 1  # bad input, a missing file, an unusable backend
EXIT_USAGE = 2  # a usage error (click's own)
EXIT_NONE = 3  # no layout exists
EXIT_STOPPED = 4  # a limit stopped the work first; what was found is printed
EXIT_INTERRUPT = 130  # Ctrl-C or SIGTERM, as a shell reports SIGINT (128 + 2)
EXIT_BROKEN_PIPE = 141  # the reader of stdout went away, as SIGPIPE (128 + 13)


class DlxcError(Exception):
    """Root of every dlxc error."""

    exit_code = EXIT_INPUT


class ProblemError(DlxcError, ValueError):
    """An XCC problem that is not well formed (built in code or read)."""


class DlxFormatError(ProblemError):
    """Bad input in Knuth's DLX format, with where it happened.

    ``file`` is the file's name (``<stdin>``, ``<string>`` ...), ``line`` the
    1-based line number, ``text`` the line itself, ``reason`` the problem.
    """

    def __init__(
        self, reason: str, file: str = "<input>", line: int | None = None, text: str | None = None
    ) -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.text = text
        where = file if line is None else f"{file}:{line}"
        message = f"{where}: {reason}"
        if text is not None:
            message += f"\n    {text.rstrip()}"
        super().__init__(message)


class InputFileError(DlxcError, OSError):
    """A file dlxc was asked to read cannot be opened or read.

    ``from_oserror`` keeps the operating system's ``errno``, ``strerror``
    and ``filename``, and gives the subclass that matches the builtin's
    (``InputFileNotFound`` is also a ``FileNotFoundError``)."""

    def __str__(self) -> str:
        return f"cannot open {self.filename!r}: {self.strerror}"

    @classmethod
    def from_oserror(cls, exc: OSError, path: str) -> InputFileError:
        kind = {
            FileNotFoundError: InputFileNotFound,
            IsADirectoryError: InputIsADirectory,
            PermissionError: InputPermissionError,
        }.get(type(exc), cls)
        return kind(exc.errno, exc.strerror or str(exc), path)


class InputFileNotFound(InputFileError, FileNotFoundError):
    """The file to read does not exist."""


class InputIsADirectory(InputFileError, IsADirectoryError):
    """The path to read names a directory."""


class InputPermissionError(InputFileError, PermissionError):
    """The file to read may not be read."""


class LexiconError(DlxcError, ValueError):
    """A word list, lexicon file or lexicon query that cannot be used: an
    empty list, a word too long for the node format, a truncated or
    corrupted lexicon file, a malformed pattern."""


class BoardError(DlxcError, ValueError):
    """A Scrabble board, rack or rule set that cannot be used: the wrong
    size, an unknown letter, too many tiles."""


class SolverError(DlxcError, RuntimeError):
    """The engine failed (out of memory, a counter overflow, ...)."""


class BackendError(DlxcError, ValueError):
    """An unknown backend name (argument or DLXC_BACKEND)."""


class BackendUnavailable(DlxcError, ImportError):
    """The requested backend cannot be used here."""


class SchedulerAddressError(DlxcError, ValueError):
    """A Dask scheduler address that Dask could not use (no port, a scheme
    it has no transport for): bad input, exit status 1, as a scheduler that
    cannot be reached."""


class RequestError(DlxcError, ValueError):
    """Options that do not go together (a seeded search split over
    processes, a memo with a seed, ...); exit status 2 on the command line."""

    exit_code = EXIT_USAGE


class EngineRefused(RequestError):
    """An XCC engine asked for by name that is none, or that cannot do what
    the request needs (a seed, a memo table, a split): the one refusal of
    ``dlxc.xcc.engines.pick_strategy``, worded by
    ``dlxc.xcc.engines.table.refusal``."""


class RequestTypeError(RequestError, TypeError):
    """An argument of the wrong kind (``limit=1.5``, ``timeout="soon"``)."""


class OptionIndexError(DlxcError, IndexError):
    """An option index that names no option of the problem."""


class MemoLimitError(DlxcError, MemoryError):
    """The memo table filled up, so exact uniform sampling is impossible
    within the memory limit."""


class NoSolutionError(DlxcError, ValueError):
    """There is no solution to draw."""


class RenderError(DlxcError, ValueError):
    """A puzzle page that cannot be written: a malformed page, a format
    that does not fit the puzzle's kind (ipuz has no Boggle kind), or a
    missing optional library (PDF needs ``pip install 'dlxc[pdf]'``)."""


class Outcome(DlxcError):
    """How a search ended without an answer (not a fault of the input)."""

    exit_code = 0


class NoLayout(Outcome):
    """No layout exists: a complete search (or a cheap argument) proved it.
    ``reasons`` says why, when that could be told."""

    exit_code = EXIT_NONE

    def __init__(self, message: str, reasons=()) -> None:
        super().__init__(message)
        self.reasons = list(reasons)


class SearchStopped(Outcome, RuntimeError):
    """A search (a count, a listing, a puzzle's layout) stopped at its node
    limit or timeout before deciding; ``stats`` says how far it got and
    ``stopped`` names the limit ("node limit", "timeout") when known."""

    exit_code = EXIT_STOPPED

    def __init__(self, message: str, stats=None, stopped=None) -> None:
        super().__init__(message)
        self.stats = stats
        self.stopped = stopped


class DlxcWarning(UserWarning):
    """Root of dlxc's warnings."""


class SkippedLines(DlxcWarning):
    """A word list had lines that are not words, left out as the word-list
    policy says (``dlxc.base.files.Skips``); the command line shows it as
    a note."""


class ProblemWarning(DlxcWarning):
    """Something in a problem is legal but probably not what was meant."""


class BackendWarning(DlxcWarning):
    """The C extension is missing and the pure-Python backend is in use."""


class CrosswordError(DlxcError, ValueError):
    """A bad crossword grid or word list (with file and line), or a request
    the crossword engine cannot meet."""


class BoggleError(DlxcError, ValueError):
    """Bad input to the Boggle scorer: a board of the wrong size, a letter
    no die has, a word list with no usable word."""


class HandleBusy(SolverError):
    """An engine object was called from a second thread while a call of
    another thread was still inside it.  Give each thread its own object
    (they cost one copy of the word list or problem each)."""
