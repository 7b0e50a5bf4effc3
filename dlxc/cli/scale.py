"""Counting at scale on the command line: ``dlxc estimate``, ``dlxc sample``,
and the options ``count`` and ``solve`` share for big searches.

- ``dlxc estimate FILE``: Knuth's random-probe estimate of the numbers of
  solutions and nodes, with standard errors, and of the time a full count
  would take here (``dlxc.estimate``).
- ``dlxc sample FILE -n K --seed S``: K solutions drawn exactly uniformly
  (``dlxc.sampling``).
- ``count_options`` / ``solve_options`` add ``--jobs``, ``--memo``,
  ``--memo-limit``, ``--scheduler``, ``--timeout``, ``--node-limit`` and
  ``--quiet`` to ``count`` and ``solve`` (``puzzle_count_options``: ``--jobs``
  and ``--memo`` to the modelers' ``--count``); ``run_count`` and
  ``Limited`` carry them out and say when a limit cut the work short.

Exit codes, as for every dlxc command: 0 done, 1 bad input (or a problem
the command cannot serve, such as sampling one without solutions), 2 usage,
and 4 (``EXIT_PARTIAL``) when ``--timeout`` or ``--node-limit`` stopped the
work before it was complete: what was counted or listed so far is still
printed, and JSON records carry ``"complete": false``.

This module does not import ``dlxc.cli.solve`` at load time (``solve``
imports it), only inside the commands.
"""

from __future__ import annotations

import json
import re
import sys
import time
from typing import Callable, Iterator, Optional, TypeVar

import click

from ..xcc.dlxformat import read_dlx
from ..xcc.problem import Problem
from ..progress import ProgressBar, wanted
from ..xcc.search import DEFAULT_MEMO_BYTES, Stats, memo_entries_for

F = TypeVar("F", bound=Callable)

EXIT_PARTIAL = 4  # a limit stopped the work before it was complete


# ---- option types and decorators ----

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


_SPLIT_HELP = "Processes to share the work (0: every core). "
_MEMO_HELP = "Memoized counting: residual problems met again are not searched again "


def _jobs_option(f: F, help: str) -> F:
    return click.option("--jobs", "-j", type=click.IntRange(min=0), default=1,
                        show_default=True, metavar="N", help=help)(f)


def _memo_option(f: F, help: str) -> F:
    return click.option("--memo", is_flag=True, help=help)(f)


def _limit_options(f: F) -> F:
    f = click.option("--quiet", "-q", is_flag=True,
                     help="No progress bar (it shows only on a terminal, after a "
                          "second).")(f)
    f = click.option("--node-limit", type=click.IntRange(min=0), default=None,
                     metavar="N", help="Stop after about N search nodes; exit code 4 "
                     "when that leaves the work partial.")(f)
    f = click.option("--timeout", type=click.FloatRange(min=0), default=None,
                     metavar="SECONDS", help="Stop after this many seconds; exit code 4 "
                     "when that leaves the work partial.")(f)
    return f


def count_options(f: F) -> F:
    """``--jobs --memo --memo-limit --scheduler --timeout --node-limit --quiet``
    for ``dlxc count``; ``run_count`` takes them as keyword arguments."""
    f = _limit_options(f)
    f = click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
                     help="Count on the Dask cluster of this scheduler (pip install "
                          "'dlxc[dask]').")(f)
    f = click.option("--memo-limit", type=BYTES, default=None, metavar="SIZE",
                     help="Memory for the --memo table, e.g. 512M or 4G (default "
                          f"{DEFAULT_MEMO_BYTES >> 30}G); when it is full the count "
                          "goes on exactly, without new entries.")(f)
    f = _memo_option(f, _MEMO_HELP + "(fewer nodes, the same count).")
    return _jobs_option(f, _SPLIT_HELP + "The count and the statistics equal a serial run's.")


def puzzle_count_options(f: F) -> F:
    """``--jobs --memo`` for the modelers' ``--count`` (``dlxc wordsearch``,
    ``dlxc wordrect``); ``run_count`` carries them out."""
    f = _memo_option(f, "With --count: memoized counting (fewer nodes, the same count).")
    return _jobs_option(f, "With --count: processes to share the count (0: every core); "
                           "the count equals a serial one.")


def solve_options(f: F) -> F:
    """``--jobs --timeout --node-limit --quiet`` for ``dlxc solve``."""
    return _jobs_option(_limit_options(f),
                        _SPLIT_HELP + "Every solution comes once, but not in the serial order.")


# ---- carrying them out ----

def progress_bar(label: Optional[str], quiet: bool, stdout_too: bool = False):
    """A progress bar on stderr, if stderr is a terminal and not --quiet (and,
    when results go to stdout as they come, if stdout is not that terminal)."""
    enabled = wanted(sys.stderr, quiet)
    if enabled and stdout_too and wanted(sys.stdout):
        enabled = False  # the bar would tear the solutions on the screen apart
    return ProgressBar(desc=label or "counting", file=sys.stderr, enabled=enabled)


def run_count(problem: Problem, *, backend=None, seed=None, jobs=1, memo=False,
              memo_limit=None, scheduler=None, timeout=None, node_limit=None, quiet=False,
              label: Optional[str] = None, crossing=None) -> Stats:
    """Count ``problem`` as the options ask, with a progress bar when wanted.
    A serial count is registered with ``watch`` so Ctrl-C reports it.
    ``crossing`` (masks, for a split count only) goes to ``count_stats``."""
    from .solve import watch
    if memo_limit is not None and not memo:
        raise click.UsageError("--memo-limit needs --memo")
    with progress_bar(label, quiet) as bar:
        if jobs == 1 and scheduler is None:
            if memo and seed is not None:
                raise click.UsageError("--memo follows the deterministic branching order; "
                                       "drop --seed")
            entries = memo_entries_for(problem, memo_limit) if memo else None
            with problem.search(backend=backend, seed=seed, memo_entries=entries) as search:
                watch(search, label)
                return search.run(timeout=timeout, node_limit=node_limit,
                                  progress=bar if bar.enabled else None)
        if seed is not None:
            raise click.UsageError("--seed breaks ties at random, so the search cannot be "
                                   "split the same way in every process; drop --seed or "
                                   "--jobs/--scheduler")
        latest = watch(_Latest(bar), label)
        return problem.count_stats(backend=backend, jobs=jobs, memo=memo,
                                   memo_limit=memo_limit, scheduler=scheduler,
                                   timeout=timeout, node_limit=node_limit, progress=latest,
                                   crossing=crossing)


class _Latest:
    """The progress callback of a split count: passes the figures on to the
    bar and keeps the latest, which Ctrl-C reports (``watch``).  They hold
    solutions and nodes only: a split count adds up updates and
    cleansings as subproblems finish."""

    def __init__(self, bar: ProgressBar) -> None:
        self.bar = bar
        self.latest: Optional[Stats] = None

    def __call__(self, fraction: float, stats: Optional[Stats] = None) -> None:
        if stats is not None:
            self.latest = stats
        self.bar(fraction, stats)

    @property
    def stats(self) -> "_SoFar":
        if self.latest is None:
            raise LookupError("no figures yet")  # _report_interrupt says just "Interrupted."
        return _SoFar(self.latest)


class _SoFar:
    def __init__(self, stats: Stats) -> None:
        self.s = stats

    def summary(self) -> str:
        s = self.s
        return (f"Stopped after {s.solutions} solution{'s' if s.solutions != 1 else ''}, "
                f"{s.nodes} nodes, {s.seconds:.3f} s ({s.backend} backend, split count: "
                "updates and cleansings are added up only at the end).")


class Limited:
    """The solutions of ``search`` (a Search or ParallelSolutions) until it
    ends or a limit passes, with a progress bar on stderr when wanted (and
    stdout is not the same terminal).  Limits are checked between batches
    of solutions (a Search's engine finds up to 8192 at a time, within a
    node budget), and every solution found is listed, so a limit can be
    passed by one batch; afterwards ``stopped`` names the limit that ended
    the listing, or is None."""

    def __init__(self, search, timeout: Optional[float] = None,
                 node_limit: Optional[int] = None, quiet: bool = False) -> None:
        self.search = search
        self.timeout = timeout
        self.node_limit = node_limit
        self.quiet = quiet
        self.stopped: Optional[str] = None

    def __iter__(self) -> Iterator[tuple]:
        search = self.search
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        with progress_bar("solving", self.quiet, stdout_too=True) as bar:
            last = time.monotonic()
            for solution in search:
                yield solution
                now = time.monotonic()
                if getattr(search, "pending", 0):
                    continue  # found already: hand the rest of the batch over first
                if deadline is not None and now >= deadline:
                    self.stopped = f"--timeout {self.timeout:g}"
                    return
                if self.node_limit is not None and search.stats.nodes >= self.node_limit:
                    self.stopped = f"--node-limit {self.node_limit}"
                    return
                if now - last >= 0.1:
                    last = now
                    bar(search.fraction_done(), search.stats)

    def report(self, label: Optional[str] = None) -> int:
        """Say on stderr that a limit cut the listing short; the exit code."""
        if self.stopped is None:
            return 0
        head = f"{label}: " if label else ""
        click.echo(f"{head}partial: stopped by {self.stopped} before the search was "
                   "complete; the solutions above are those found so far", err=True)
        return EXIT_PARTIAL


def report_stop(stats: Stats, timeout=None, node_limit=None,
                label: Optional[str] = None) -> int:
    """Say on stderr why a count is partial, and note a full memo table;
    returns the exit code (0, or EXIT_PARTIAL)."""
    head = f"{label}: " if label else ""
    if stats.memo is not None and stats.memo.full:
        click.echo(f"{head}note: the memo table filled up at {stats.memo.entries:,} entries; "
                   "the rest was counted exactly without new entries (a larger "
                   "--memo-limit may be faster)", err=True)
    if stats.complete:
        return 0
    why = stop_reason(stats, timeout, node_limit)
    because = f" by {limit_flag(why, node_limit, timeout)}" if why else ""
    click.echo(f"{head}partial: stopped{because} before the search was complete; the "
               "figures count what was searched so far", err=True)
    return EXIT_PARTIAL


def stop_reason(stats: Stats, timeout=None, node_limit=None) -> Optional[str]:
    """Which limit stopped an incomplete count: "node limit" (reached, or
    the only one given), "timeout", or None."""
    if stats.complete:
        return None
    if node_limit is not None and (timeout is None or stats.nodes >= node_limit):
        return "node limit"
    return "timeout" if timeout is not None else None


def limit_flag(why: Optional[str], node_limit, timeout) -> str:
    """The option behind a stop reason, as the user gave it."""
    if why == "node limit":
        return f"--node-limit {node_limit}"
    if why == "timeout":
        return f"--timeout {timeout:g}"
    return "a limit"


def extra_lines(stats: Stats) -> list[str]:
    """What the summary sentence does not say: processes and memo table."""
    lines = []
    if stats.subproblems:
        lines.append(f"Split into {stats.subproblems:,} subproblems for {stats.jobs} "
                     f"process{'es' if stats.jobs != 1 else ''}.")
    elif stats.jobs > 1:
        lines.append("The tree was too small to split: one process counted it.")
    if stats.memo is not None:
        m = stats.memo
        size = f", {m.bytes / (1 << 20):.1f} MiB" if m.bytes else ""
        lines.append(f"Memo table: {m.entries:,} entries, {m.hits:,} hits{size}"
                     f"{' (full)' if m.full else ''}.")
    return lines


def _read(file: str) -> Problem:
    if file == "-":
        stdin = sys.stdin
        return read_dlx(getattr(stdin, "buffer", stdin), name="<stdin>")
    return read_dlx(file)


def _backend_option(f: F) -> F:
    return click.option("--backend", type=click.Choice(["c", "python"]), default=None,
                        help="The engine: the C core or the pure-Python mirror (default: "
                             "$DLXC_BACKEND, else c when it is built).")(f)


# ---- dlxc estimate ----

@click.command()
@click.argument("file")
@click.option("--probes", type=click.IntRange(min=1), default=10_000, show_default=True,
              metavar="N", help="Random root-to-leaf probes to average.")
@click.option("--seed", type=int, default=None, metavar="S",
              help="Seed of the probes (default: a fresh one, shown in the output).")
@click.option("--timeout", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop probing after this long, with fewer probes.")
@_backend_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of text.")
def estimate(file, probes, seed, timeout, backend, as_json) -> None:
    """Estimate the size of a DLX file's search tree (Knuth's random probes).

    \b
    Each probe walks one random path from the root, picking each branch
    with equal chance; the products of the branching degrees estimate the
    numbers of solutions and nodes without bias (Knuth, Math. Comp. 29,
    1975).  The output gives their means over the probes with standard
    errors, and the time a full count would take on this machine (from the
    node rate of a 0.2 s count of the problem itself).  If that short count
    finishes, the figures are exact and say so.
    \b
    --json prints one object with the keys file, solutions,
    solutions_stderr, nodes, nodes_stderr, seconds (of a full count),
    nodes_per_second, probes, max_depth, backend, seed, elapsed, exact.
    """
    from .solve import user_errors
    from ..xcc.estimate import estimate as run_estimate
    with user_errors():
        problem = _read(file)
        est = run_estimate(problem, probes=probes, seed=seed, backend=backend,
                           timeout=timeout)
        out = sys.stdout
        if as_json:
            out.write(json.dumps({"file": file, **est.as_dict()}) + "\n")
        else:
            out.write(est.summary() + "\n")
            if not est.exact:
                out.write(f"(seed {est.seed}; {est.elapsed:.2f} s)\n")
        out.flush()


# ---- dlxc sample ----

@click.command()
@click.argument("file")
@click.option("-n", "--count", "k", type=click.IntRange(min=0), default=1, show_default=True,
              metavar="K", help="How many solutions to draw.")
@click.option("--seed", type=int, default=None, metavar="S",
              help="Seed of the draws: the same seed gives the same samples (default: "
                   "a fresh one, reported on stderr).")
@click.option("--memo-limit", type=BYTES, default=None, metavar="SIZE",
              help=f"Memory for the counts (default {DEFAULT_MEMO_BYTES >> 30}G).")
@_backend_option
@click.option("--json", "as_json", is_flag=True, help="One JSON object per sample and line.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar while counting.")
def sample(file, k, seed, memo_limit, backend, as_json, quiet) -> None:
    """Draw solutions of a DLX file uniformly at random.

    \b
    Every solution is equally likely, exactly: dlxc counts the solutions
    with a memo table, then walks down from the root, choosing each option
    in proportion to the solutions below it.  Draws are independent, so a
    solution can come twice.  If the table does not fit in --memo-limit,
    dlxc says so rather than draw with a bias.
    \b
    Each sample is printed as "sample K:" and its options, one per line as
    in the file, then a blank line; with --json, one object per line:
      {"sample": K, "options": [J, ...], "text": ["A C X:1 Y:1", ...]}
    where J is the 0-based number of the option among the file's options.
    """
    import secrets

    from .solve import user_errors
    from ..xcc.sampling import NoSolutionError, Sampler, draw_seeds
    with user_errors():
        problem = _read(file)
        if seed is None:
            seed = secrets.randbits(63)
        with progress_bar("counting", quiet) as bar:
            sampler = Sampler(problem, backend=backend, memo_limit=memo_limit, progress=bar)
        with sampler:
            if k and sampler.count == 0:
                raise NoSolutionError(f"{problem.name} has no solution to sample")
            out = sys.stdout
            for i, draw_seed in enumerate(draw_seeds(seed, k), 1):
                draw = sampler.draw(draw_seed)
                text = problem.solution_text(draw)
                if as_json:
                    out.write(json.dumps({"sample": i, "options": list(draw), "text": text})
                              + "\n")
                else:
                    out.write(f"sample {i}:\n" + "".join(t + "\n" for t in text) + "\n")
            out.flush()
        click.echo(f"Drew {k} of {sampler.count:,} solutions uniformly at random "
                   f"(seed {seed}).", err=True)
