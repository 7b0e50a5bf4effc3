"""The core every dlxc command shares: options declared once, one meaning
per flag, outcomes as exceptions with their exit codes, and ``user_errors``,
which turns what can go wrong into one-line messages and exit codes.

Options (each declared here only):

- ``--backend c|python``, ``--seed S``, ``--json``;
- ``--timeout SECONDS`` and ``--node-limit N`` (N at least 1): stop the
  search; what was found so far is printed, marked partial, exit code 4;
- ``--jobs N`` (0: every core), ``--memo``, ``--memo-limit SIZE``,
  ``--scheduler ADDRESS``: how a count runs (``dlxc.xcc.count``);
- ``--quiet``/``-q``: no progress bar and no statistics on stderr (results
  still go to stdout; reasons, warnings and errors still go to stderr);
  ``--progress``: a progress bar even when stderr is not a terminal.

Outcomes: a command raises ``NoLayout`` (exit 3) or ``SearchStopped``
(exit 4) from ``dlxc.base.errors``, with the message to show; ``user_errors``
prints it on stderr as it is and exits with the class's code.  Ctrl-C
and SIGTERM stop the worker processes, print the statistics of the search
being watched and exit with 130.
Exit codes: 0 done, 1 bad input (``Error: ...``, never a traceback), 2
usage, 3 no layout, 4 stopped by a limit, 130 interrupted, 141 stdout closed.
"""

from __future__ import annotations

import functools
import os
import re
import signal
import sys
import threading
import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, TypeVar

import click

from ..base.errors import (
    EXIT_BROKEN_PIPE,
    EXIT_INPUT,
    EXIT_INTERRUPT,
    DlxcError,
    DlxcWarning,
    Outcome,
    RequestError,
    SearchStopped,
    SkippedLines,
)
from ..base.progress import ProgressBar, wanted
from ..base.runner import on_sigterm
from .options import node_limit_option, timeout_option

if TYPE_CHECKING:
    # XCC's modules are imported where a command counts or reads a DLX file,
    # so that the commands of the other engines (boggle, crossword, lexicon,
    # moves) never import them
    from ..xcc.problem import Problem
    from ..xcc.search import Stats

F = TypeVar("F", bound=Callable)

EPILOG = (
    "Exit status: 0 done, 1 bad input (the message names file and line), "
    "2 usage error, 3 nothing exists (or none was found within the time budget), "
    "4 stopped by --timeout or --node-limit (what was found so far "
    "is printed, marked partial), 130 interrupted (Ctrl-C or SIGTERM; the "
    "statistics so far go to stderr), 141 stdout closed early (as by head)."
)


# ---- options, each declared once ------------------------------------------------


class ByteSize(click.ParamType):
    """A size in bytes: ``1000``, ``64K``, ``512M``, ``2G``, ``1.5GiB``
    (K, M, G, T are powers of 1024)."""

    name = "SIZE"
    _UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        m = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*([KMGT]?)(?:I?B)?\s*", str(value), re.I)
        if not m:
            self.fail(f"{value!r} is not a size such as 512M or 2G", param, ctx)
        return int(float(m.group(1)) * self._UNITS[m.group(2).upper()])


BYTES = ByteSize()


def backend_option(f: F) -> F:
    return click.option(
        "--backend",
        type=click.Choice(["c", "python"]),
        default=None,
        help="The engine: the C core or the pure-Python mirror (default: "
        "$DLXC_BACKEND, else c when it is built).",
    )(f)


def edition_names() -> list[str]:
    """The Scrabble editions dlxc ships, for ``--edition``."""
    from ..models import editions

    return editions.names()


def read_position(cgp_text: str, edition, rules):
    """The CGP position of ``--cgp`` and its rules: ``--rules FILE``, else
    ``--edition``, else the edition the line's ``ld`` names (English by
    default)."""
    from ..models import cgp
    from ..models.scrabble import Rules

    the_rules = None
    if rules:
        the_rules = Rules.from_file(rules, edition)
    elif edition:
        the_rules = Rules.edition(edition)
    position = cgp.parse(cgp_text, the_rules)
    return position, cgp.rules_for(position, the_rules)


def seed_option(help: str, default: Optional[int] = None) -> Callable[[F], F]:
    """``--seed S``; a default other than None is shown in the help."""
    return click.option(
        "--seed",
        type=int,
        default=default,
        show_default=default is not None,
        metavar="S",
        help=help,
    )


def json_option(help: str) -> Callable[[F], F]:
    return click.option("--json", "as_json", is_flag=True, help=help)


def limit_options(f: F) -> F:
    """``--timeout SECONDS`` and ``--node-limit N``."""
    f = node_limit_option(
        "Stop after N search nodes; exit status 4 when that leaves the work undecided or partial."
    )(f)
    f = timeout_option(
        "Stop after this many seconds; exit status 4 "
        "when that leaves the work undecided or partial."
    )(f)
    return f


def strict_option(f: F) -> F:
    """``--strict``: a word-list line that is not a word is an error."""
    return click.option(
        "--strict",
        is_flag=True,
        help="A word-list line that is not a word (AA's, 3D) is an error naming its "
        "file and line; by default such lines are skipped and counted in one note on stderr.",
    )(f)


def output_options(f: F) -> F:
    """``--quiet`` and ``--progress``."""
    f = click.option(
        "--progress",
        "show_progress",
        is_flag=True,
        help="Show the progress bar even when stderr is not a terminal.",
    )(f)
    f = click.option(
        "--quiet",
        "-q",
        is_flag=True,
        help="No progress bar and no statistics on stderr (results, reasons, "
        "warnings and errors still show).",
    )(f)
    return f


def jobs_option(help: str) -> Callable[[F], F]:
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=0),
        default=1,
        show_default=True,
        metavar="N",
        help=help,
    )


def memo_option(help: str) -> Callable[[F], F]:
    return click.option("--memo", is_flag=True, help=help)


def memo_limit_option(help: str) -> Callable[[F], F]:
    return click.option("--memo-limit", type=BYTES, default=None, metavar="SIZE", help=help)


def scheduler_option(f: F) -> F:
    return click.option(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help="Count on the Dask cluster of this scheduler (pip install 'dlxc[dask]').",
    )(f)


# ---- progress and statistics ----------------------------------------------------


def progress_bar(
    label: Optional[str],
    quiet: bool,
    stdout_too: bool = False,
    force: bool = False,
    postfix: str = "0 solutions",
) -> ProgressBar:
    """A progress bar on stderr: with ``force`` (--progress), or when stderr
    is a terminal and not --quiet (and, when results go to stdout as they
    come, stdout is not that terminal)."""
    enabled = force or wanted(sys.stderr, quiet)
    if enabled and not force and stdout_too and wanted(sys.stdout):
        enabled = False  # the bar would tear the solutions on the screen apart
    return ProgressBar(desc=label or "counting", file=sys.stderr, enabled=enabled, postfix=postfix)


def extra_lines(stats: Stats) -> list[str]:
    """What the summary sentence does not say: processes and memo table."""
    lines = []
    if stats.subproblems:
        lines.append(
            f"Split into {stats.subproblems:,} subproblems for {stats.jobs} "
            f"process{'es' if stats.jobs != 1 else ''}."
        )
    elif stats.jobs > 1 and stats.complete:  # a limit may stop a count before its split
        lines.append("The tree was too small to split: one process counted it.")
    if stats.memo is not None:
        m = stats.memo
        size = f", {m.bytes / (1 << 20):.1f} MiB" if m.bytes else ""
        lines.append(
            f"Memo table: {m.entries:,} entries, {m.hits:,} hits{size}"
            f"{' (full)' if m.full else ''}."
        )
    return lines


def echo_stats(
    stats: Optional[Stats], quiet: bool, note: str = "", label: Optional[str] = None
) -> None:
    """DLX2's summary sentence and the extra lines on stderr, unless quiet."""
    if quiet or stats is None:
        return
    for line in [stats.summary() + note] + extra_lines(stats):
        click.echo(line if label is None else f"{label}: {line}", err=True)


def limit_flag(why: Optional[str], node_limit, timeout) -> str:
    """The option behind a stop reason ("node limit", "timeout"), as the
    user gave it."""
    if why == "node limit" and node_limit is not None:
        return f"--node-limit {node_limit}"
    if why == "timeout" and timeout is not None:
        return f"--timeout {timeout:g}"
    return "a limit"


def memo_note(stats: Stats, label: Optional[str] = None) -> None:
    """Note on stderr that the memo table filled up (the count stays exact)."""
    if stats.memo is not None and stats.memo.full:
        head = f"{label}: " if label else ""
        click.echo(
            f"{head}note: the memo table filled up at {stats.memo.entries:,} entries; "
            "the rest was counted exactly without new entries (a larger "
            "--memo-limit may be faster)",
            err=True,
        )


# ---- running a count ------------------------------------------------------------


def run_count(
    problem: Problem,
    *,
    backend=None,
    seed=None,
    jobs=1,
    memo=False,
    memo_limit=None,
    scheduler=None,
    timeout=None,
    node_limit=None,
    quiet=False,
    show_progress=False,
    label: Optional[str] = None,
    overlap=None,
    strategy="auto",
) -> Stats:
    """Count ``problem`` as the options ask (``dlxc.xcc.count``), with a
    progress bar when wanted; the latest figures are watched, so Ctrl-C
    reports them."""
    from ..xcc.count import count as count_problem

    with progress_bar(label, quiet, force=show_progress) as bar:
        latest = watch(_Latest(bar), label)
        return count_problem(
            problem,
            backend=backend,
            seed=seed,
            jobs=jobs,
            memo=memo,
            memo_limit=memo_limit,
            scheduler=scheduler,
            timeout=timeout,
            node_limit=node_limit,
            progress=latest,
            overlap=overlap,
            started=lambda search: watch(search, label),
            strategy=_serial_strategy(strategy, seed, jobs, memo, scheduler),
        )


def _serial_strategy(strategy, seed, jobs, memo, scheduler):
    """--strategy auto means the first engine of the capability table that
    serves what was asked (a seed, a memo table), where only some engines
    serve it.  A split (--jobs, a scheduler) leaves ``auto`` as it is: the
    split count takes the serial choice when that engine can split
    (dlxc.xcc.parallel.split_strategy)."""
    from ..xcc.engines import pick_strategy

    return pick_strategy(strategy, seed=seed, memo=memo)  # no sizes: auto may stay auto


class _Latest:
    """The progress callback of a count: passes the figures on to the bar
    and keeps the latest, which Ctrl-C reports (``watch``)."""

    def __init__(self, bar: ProgressBar) -> None:
        self.bar = bar
        self.latest: Optional[Stats] = None

    def __call__(self, fraction: float, stats: Optional[Stats] = None) -> None:
        if stats is not None:
            self.latest = stats
        self.bar(fraction, stats)

    @property
    def stats(self):
        if self.latest is None:
            raise LookupError("no figures yet")  # the report says just "Interrupted."
        return self.latest if self.latest.jobs == 1 else _SoFar(self.latest)


class _SoFar:
    """The figures of a split count so far: solutions and nodes only, since
    a split count adds up updates and cleansings as subproblems finish."""

    def __init__(self, stats: Stats) -> None:
        self.s = stats

    def summary(self) -> str:
        s = self.s
        return (
            f"Stopped after {s.solutions} solution{'s' if s.solutions != 1 else ''}, "
            f"{s.nodes} nodes, {s.seconds:.3f} s ({s.backend} backend, split count: "
            "updates and cleansings are added up only at the end)."
        )


def read_problem(file: str) -> Problem:
    """The problem in the DLX file ``file`` (``-``: stdin)."""
    from ..xcc.dlxformat import read_dlx

    if file == "-":
        stdin = sys.stdin
        return read_dlx(getattr(stdin, "buffer", stdin), name="<stdin>")
    return read_dlx(file)


# ---- errors, warnings, outcomes, Ctrl-C: one place for every command -------------

# (label, search, then) of running searches
_watched: list[tuple[Optional[str], object, Optional[Callable[[], object]]]] = []


def watch(search, label: Optional[str] = None, then: Optional[Callable[[], object]] = None):
    """Name ``search`` (a ``dlxc.Search``, or anything with ``.stats``) as the
    one whose statistics an interrupt reports, prefixed by ``label`` when it
    is given; ``then()``, when given, runs after that line (to print what
    was found so far).  Returns the search.  Only inside ``user_errors``."""
    _watched.append((label, search, then))
    return search


class _InputError(click.ClickException):
    exit_code = EXIT_INPUT


class _UserErrors:
    """The context manager behind ``user_errors``."""

    def __enter__(self) -> _UserErrors:
        self._old_term = None
        if threading.current_thread() is threading.main_thread():
            self._old_term = signal.signal(signal.SIGTERM, on_sigterm)
        self._mark = len(_watched)
        self._catcher = warnings.catch_warnings()
        self._catcher.__enter__()
        warnings.simplefilter("always", DlxcWarning)
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, SkippedLines):
                click.echo(f"note: {message}", err=True)
            elif issubclass(category, DlxcWarning):
                click.echo(f"warning: {message}", err=True)
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        return self

    def __exit__(self, typ, exc, tb) -> Literal[False]:
        if self._old_term is not None:
            signal.signal(signal.SIGTERM, self._old_term)
        watched = _watched[self._mark :]
        del _watched[self._mark :]
        self._catcher.__exit__(None, None, None)
        if exc is None or isinstance(exc, click.exceptions.ClickException):
            return False
        if isinstance(exc, BrokenPipeError):
            _silence_stdout()
            raise click.exceptions.Exit(EXIT_BROKEN_PIPE) from None
        if isinstance(exc, KeyboardInterrupt):
            _report_interrupt(watched)
            raise click.exceptions.Exit(EXIT_INTERRUPT) from None
        if isinstance(exc, Outcome):
            if str(exc):
                click.echo(str(exc), err=True)
            raise click.exceptions.Exit(exc.exit_code) from None
        if isinstance(exc, RequestError):
            raise click.UsageError(str(exc)) from None
        if isinstance(exc, (DlxcError, OSError)):
            raise _InputError(input_error(exc) or str(exc)) from None
        if isinstance(exc, MemoryError):
            raise _InputError("out of memory: the problem is too big for this machine") from None
        return False


def input_error(exc: Exception) -> Optional[str]:
    """The one-line message (without "Error: ") of a bad input: a DlxcError
    that is neither an outcome nor a usage error, or an OSError; None for
    anything else."""
    if isinstance(exc, (Outcome, RequestError, BrokenPipeError)):
        return None
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"cannot open {exc.filename!r}: {exc.strerror}"
    if isinstance(exc, (DlxcError, OSError)):
        return str(exc)
    return None


def user_errors(func: Optional[F] = None):
    """Run a command the way dlxc's command line promises, as a decorator
    (``@user_errors`` just above the function, below the click decorators)
    or as a context manager (``with user_errors(): ...``).

    - An ``Outcome`` (``NoLayout``, ``SearchStopped``) prints its message
      on stderr and exits with its code (3, 4).
    - ``RequestError`` (options that do not go together) is a usage error
      (exit 2).
    - Any other ``DlxcError`` (a bad file, ``DlxFormatError`` with file and
      line; an unusable backend), ``OSError`` (a missing or unreadable file)
      and ``MemoryError`` print ``Error: ...`` on stderr and exit with 1,
      never with a traceback.  Click's usage errors keep their exit code 2.
    - dlxc's warnings (``ProblemWarning``, ``BackendWarning``) print one
      line each on stderr, ``warning: ...``, every time they happen.
    - Ctrl-C prints the statistics of the search registered last with
      ``watch(search, label)`` ("Interrupted after ...") and exits with 130.
    - A closed stdout (``dlxc solve big.dlx | head``) exits quietly with
      141, as a program killed by SIGPIPE does.
    """
    if func is None:
        return _UserErrors()

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with _UserErrors():
            return func(*args, **kwargs)

    return wrapper


def write_lines(lines: Iterable[str], batch: int = 64) -> None:
    """Write ``lines`` (each ending with a newline) to stdout a few at a
    time and flush: one huge write can go through whole, or be lost, after
    the reader has gone (``| head -1``), where a stream of smaller ones
    meets the closed pipe and ends the command with 141, as the others do."""
    out = sys.stdout
    chunk: list[str] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= batch:
            out.write("".join(chunk))
            out.flush()
            chunk.clear()
    out.write("".join(chunk))
    out.flush()


def _report_interrupt(watched) -> None:
    if not watched:
        click.echo("Interrupted.", err=True)
        return
    label, search, then = watched[-1]
    try:
        text = search.stats.summary()
    except Exception:  # an engine caught halfway: say what we can
        click.echo("Interrupted." if label is None else f"{label}: interrupted.", err=True)
        return
    for head in ("Stopped after ", "Altogether "):
        if text.startswith(head):
            text = "Interrupted after " + text[len(head) :]
            break
    else:
        text = "Interrupted: " + text
    click.echo(text if label is None else f"{label}: {text}", err=True)
    if then is not None:
        then()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's flush at exit does not
    raise BrokenPipeError again (the recipe of Python's signal docs)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
        pass


class _Deadline(BaseException):
    """The timeout, come while a command was still reading and preparing
    (a BaseException, as KeyboardInterrupt: no ``except Exception`` on the
    way turns it into another error)."""


class timeout_while_preparing:
    """``with timeout_while_preparing(timeout, started): ...`` around the
    reading and preparing of a command whose ``--timeout`` counts from its
    start: if the timeout comes before the block ends, the block is cut
    short (by SIGALRM, at the next Python instruction; a C call finishes
    first) and the command stops with exit status 4, saying that the search
    had not begun.  The search after the block has its own deadline.  Only
    in the main thread, where there is SIGALRM; elsewhere it does nothing."""

    def __init__(self, timeout: Optional[float], started: float) -> None:
        self.timeout = timeout
        self.started = started
        self._old: Any = None
        self._theirs = self._set_at = 0.0
        self._armed = False

    def __enter__(self) -> timeout_while_preparing:
        import time

        if (
            self.timeout is None
            or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
        ):
            return self
        left = self.timeout - (time.perf_counter() - self.started)
        theirs = signal.getitimer(signal.ITIMER_REAL)[0]  # an alarm set by the caller
        if left <= 0 or 0 < theirs <= left:
            return self  # the search's own deadline, or theirs, comes first

        def ring(signum, frame):
            if self._armed:  # a signal handled only after the block: nothing to stop
                raise _Deadline()

        self._old = signal.signal(signal.SIGALRM, ring)
        self._theirs, self._set_at = theirs, time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, left)
        self._armed = True
        return self

    def _disarm(self) -> None:
        import time

        if not self._armed:
            return
        self._armed = False  # from here on, the handler does nothing
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self._old)
        if self._theirs > 0:  # the caller's alarm, set again for what was left of it
            spent = time.perf_counter() - self._set_at
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, self._theirs - spent))

    def __exit__(self, typ, exc, tb) -> Literal[False]:
        try:
            self._disarm()
        except _Deadline:  # it came just as the block ended: the block is done
            self._disarm()
        if isinstance(exc, _Deadline):
            raise SearchStopped(
                f"stopped at its timeout (--timeout {self.timeout:g}) while the input was "
                "read and the model prepared, before the search began: nothing found",
                stopped="timeout",
            ) from None
        return False
