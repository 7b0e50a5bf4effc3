"""``dlxc count`` and ``dlxc solve``: DLX files in, counts and solutions out.

Results go to stdout, statistics and warnings to stderr, as DLX2 does.
``user_errors`` turns what can go wrong into exit codes and one-line
messages; the puzzle commands (``dlxc/cli/puzzles.py``) use it too.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
import warnings
from typing import Callable, Optional, TypeVar

import click

from ..xcc.dlxformat import read_dlx
from ..errors import DlxcError, DlxcWarning
from ..xcc.problem import Problem
from .scale import Limited, count_options, extra_lines, report_stop, run_count, solve_options

F = TypeVar("F", bound=Callable)

EXIT_INPUT = 1        # bad input, missing file, unusable backend
EXIT_INTERRUPT = 130  # Ctrl-C, as a shell reports SIGINT (128 + 2)
EXIT_BROKEN_PIPE = 141  # the reader of stdout went away, as SIGPIPE (128 + 13)

_FLUSH_SECONDS = 0.1

_EPILOG = ("Exit status: 0 done, 1 bad input (the message names file and line), "
           "2 usage error, 4 stopped by --timeout or --node-limit (what was found so far "
           "is printed, marked partial), 130 interrupted (Ctrl-C; the statistics so far "
           "go to stderr), 141 stdout closed early (as by head).")


# ---- errors, warnings, Ctrl-C: one place for every command ----

_watched: list[tuple[Optional[str], object]] = []  # (label, search) of running searches


def watch(search, label: Optional[str] = None):
    """Name ``search`` (a ``dlxc.Search``, or anything with ``.stats``) as the
    one whose statistics an interrupt reports, prefixed by ``label`` when it
    is given; returns the search.  Only inside ``user_errors``."""
    _watched.append((label, search))
    return search


class _UserErrors:
    """The context manager behind ``user_errors``."""

    def __enter__(self) -> "_UserErrors":
        self._mark = len(_watched)
        self._catcher = warnings.catch_warnings()
        self._catcher.__enter__()
        warnings.simplefilter("always", DlxcWarning)
        shown = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, DlxcWarning):
                click.echo(f"warning: {message}", err=True)
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        return self

    def __exit__(self, typ, exc, tb) -> bool:
        watched = _watched[self._mark:]
        del _watched[self._mark:]
        self._catcher.__exit__(None, None, None)
        if exc is None or isinstance(exc, click.exceptions.ClickException):
            return False
        if isinstance(exc, BrokenPipeError):
            _silence_stdout()
            raise click.exceptions.Exit(EXIT_BROKEN_PIPE) from None
        if isinstance(exc, KeyboardInterrupt):
            _report_interrupt(watched)
            raise click.exceptions.Exit(EXIT_INTERRUPT) from None
        if isinstance(exc, (DlxcError, OSError)):
            raise _InputError(input_error_message(exc)) from None
        if isinstance(exc, MemoryError):
            raise _InputError("out of memory: the problem is too big for this machine") \
                from None
        return False


def input_error_message(exc: Exception) -> str:
    """The one-line message of a DlxcError or an OSError (without "Error: ")."""
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"cannot open {exc.filename!r}: {exc.strerror}"
    return str(exc)


class _InputError(click.ClickException):
    exit_code = EXIT_INPUT


def user_errors(func: Optional[F] = None):
    """Run a command the way dlxc's command line promises, as a decorator
    (``@user_errors`` just above the function, below the click decorators)
    or as a context manager (``with user_errors(): ...``).

    - ``DlxcError`` (a bad file, ``DlxFormatError`` with file and line; an
      unusable backend), ``OSError`` (a missing or unreadable file) and
      ``MemoryError`` print ``Error: ...`` on stderr and exit with 1, never
      with a traceback.  Click's usage errors keep their exit code 2.
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


def _report_interrupt(watched) -> None:
    if not watched:
        click.echo("Interrupted.", err=True)
        return
    label, search = watched[-1]
    try:
        text = search.stats.summary()
    except Exception:  # an engine caught halfway: say what we can
        click.echo("Interrupted." if label is None else f"{label}: interrupted.", err=True)
        return
    for head in ("Stopped after ", "Altogether "):
        if text.startswith(head):
            text = "Interrupted after " + text[len(head):]
            break
    else:
        text = "Interrupted: " + text
    click.echo(text if label is None else f"{label}: {text}", err=True)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's flush at exit does not
    raise BrokenPipeError again (the recipe of Python's signal docs)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests)
        pass


# ---- shared pieces ----

def _read(file: str) -> Problem:
    """The problem in ``file`` (``-``: stdin)."""
    if file == "-":
        stdin = sys.stdin
        return read_dlx(getattr(stdin, "buffer", stdin), name="<stdin>")
    return read_dlx(file)


def _stats_record(stats) -> dict:
    return {"solutions": stats.solutions, "nodes": stats.nodes, "updates": stats.updates,
            "cleansings": stats.cleansings, "seconds": round(stats.seconds, 6),
            "backend": stats.backend, "complete": stats.complete,
            "max_level": stats.max_level}


def _search_options(f: F) -> F:
    f = click.option("--seed", type=int, default=None, metavar="N",
                     help="Break ties between items with equally few options at random, "
                          "with this seed (default: the leftmost item, as DLX2).")(f)
    f = click.option("--backend", type=click.Choice(["c", "python"]), default=None,
                     help="The engine: the C core or the pure-Python mirror (default: "
                          "$DLXC_BACKEND, else c when it is built).")(f)
    return f


# ---- dlxc count ----

@click.command(epilog=_EPILOG)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@_search_options
@count_options
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per file and line instead of plain numbers.")
@user_errors
def count(files, backend, seed, as_json, **scale) -> None:
    """Count the solutions of DLX files (Knuth's format; - is stdin).

    \b
    Output on stdout, one line per file, in the order given:
      one file:       the number of solutions
      several files:  COUNT FILE
      --json:         {"file": FILE, "solutions": ..., "nodes": ..., "updates": ...,
                       "cleansings": ..., "seconds": ..., "backend": ...,
                       "complete": ..., "max_level": ...}
    Statistics (DLX2's summary sentence) go to stderr, prefixed by the file
    name when there are several files.  --timeout and --node-limit hold for
    each file; a count they stop prints what it counted, says "partial" on
    stderr ("complete": false in JSON) and exits with 4.  A file that cannot
    be read or is not in the format is reported on stderr ("Error: FILE:LINE:
    ..."), nothing is printed for it on stdout, the other files are still
    counted, and the exit status is 1.
    """
    several = len(files) > 1
    out = sys.stdout
    status = 0
    bad_input = False
    for file in files:
        label = file if several else None
        try:
            problem = _read(file)
            stats = run_count(problem, backend=backend, seed=seed, label=label, **scale)
        except (DlxcError, OSError) as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            click.echo(f"Error: {input_error_message(exc)}", err=True)
            bad_input = True
            continue
        if as_json:
            out.write(json.dumps({"file": file, **_stats_record(stats)}) + "\n")
        elif several:
            out.write(f"{stats.solutions} {file}\n")
        else:
            out.write(f"{stats.solutions}\n")
        out.flush()
        for line in [stats.summary()] + extra_lines(stats):
            click.echo(f"{file}: {line}" if several else line, err=True)
        status = max(status, report_stop(stats, scale["timeout"], scale["node_limit"], label))
    if bad_input:
        status = EXIT_INPUT  # a bad file outweighs a count stopped by a limit
    if status:
        raise click.exceptions.Exit(status)


# ---- dlxc solve ----

@click.command(epilog=_EPILOG)
@click.argument("file")
@click.option("--max", "max_solutions", type=click.IntRange(min=0), default=None,
              metavar="N", help="Stop after N solutions (default: all).")
@_search_options
@solve_options
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per solution and line.")
@user_errors
def solve(file, max_solutions, backend, seed, as_json, jobs, timeout, node_limit,
          quiet) -> None:
    """List the solutions of a DLX file (Knuth's format; - is stdin).

    \b
    Each solution, as it is found, is printed as a header line
    "solution K:" (K from 1) followed by its options, one per line as in
    the file (e.g. "A C X:1 Y:1"), in the order the search chose them, and
    a blank line.  No option line can read "solution K:" (its "K:" would be
    an item with an empty color).
    With --json, one object per line instead:
      {"solution": K, "options": [J, ...], "text": ["A C X:1 Y:1", ...]}
    where J is the 0-based number of the option among the file's option
    lines.  DLX2's summary sentence goes to stderr.
    With --jobs, every solution still comes exactly once, but in an order
    that differs from the serial one (and from run to run).
    """
    problem = _read(file)
    if jobs != 1 and seed is not None:
        raise click.UsageError("--seed breaks ties at random, so the search cannot be split "
                               "the same way in every process; drop --seed or --jobs")
    out = sys.stdout
    write = out.write
    last_flush = time.monotonic()
    with problem.solutions(backend=backend, seed=seed, limit=max_solutions,
                           jobs=jobs) as search:
        watch(search)
        listing = Limited(search, timeout, node_limit, quiet)
        for k, solution in enumerate(listing, 1):
            text = problem.solution_text(solution)
            if as_json:
                write(json.dumps({"solution": k, "options": list(solution), "text": text})
                      + "\n")
            else:
                write(f"solution {k}:\n" + "".join(t + "\n" for t in text) + "\n")
            now = time.monotonic()
            if k == 1 or now - last_flush >= _FLUSH_SECONDS:
                out.flush()
                last_flush = now
        out.flush()
        stats = search.stats
    click.echo(stats.summary(), err=True)
    status = listing.report()
    if status:
        raise click.exceptions.Exit(status)
