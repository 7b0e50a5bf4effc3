"""``dlxc preprocess``, and ``--preprocess`` of the exact-cover commands.

``dlxc preprocess FILE`` writes, in Knuth's format, a smaller problem with
the same solutions: the options no solution can use and the items another
item forces are removed (Knuth's DLX-PRE, ``dlxc.xcc.preprocess``).  One
summary line on stderr says what was removed and why.

``--preprocess`` (count, solve, sample, estimate) reduces the problem so
before the work; solutions are still printed as the file's options, with
the file's option numbers.  The options, outcomes and exit codes are those
of ``dlxc.cli.common``.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional, TypeVar

import click

from ..base.errors import SearchStopped
from ..base.progress import wanted
from . import common
from .common import EPILOG, backend_option, read_problem, user_errors
from .options import timeout_option

F = TypeVar("F", bound=Callable)


def preprocess_option(f: F) -> F:
    """``--preprocess``: reduce the problem first (``reduce``)."""
    return click.option(
        "--preprocess",
        is_flag=True,
        help="Remove first the options no solution can use and the items "
        "another item forces (as `dlxc preprocess`), then work on the smaller "
        "problem; solutions still name the file's options. --timeout counts "
        "the preprocessing too.",
    )(f)


class _Progress:
    """One line on stderr, rewritten at most five times a second: the
    round, the item reached and what was removed so far."""

    def __init__(self, n_items: int, enabled: bool) -> None:
        self.n_items = n_items
        self.enabled = enabled
        self.drawn = False

    def __call__(self, figures: dict) -> None:
        if not self.enabled:
            return
        sys.stderr.write(
            f"\rpreprocessing: round {figures['rounds']}, item "
            f"{figures['item']:,}/{self.n_items:,}, {figures['options_out']:,} "
            f"options and {figures['items_out']:,} items removed\x1b[K"
        )
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def reduce(
    problem,
    *,
    backend=None,
    quiet: bool = False,
    show_progress: bool = False,
    timeout: Optional[float] = None,
    mem_limit: Optional[int] = None,
    max_rounds: Optional[int] = None,
    label: Optional[str] = None,
    costs_kept: bool = True,
):
    """(reduced problem, PreStats), with a progress line when wanted and the
    summary line on stderr unless quiet.  ``costs_kept`` False: the caller
    reads no option costs (a count), so a problem with costs is reduced
    too, without them."""
    from ..xcc.preprocess import preprocess

    bar = _Progress(len(problem.items), show_progress or wanted(sys.stderr, quiet))
    try:
        reduced, stats = preprocess(
            problem,
            backend,
            timeout=timeout,
            mem_limit=mem_limit,
            max_rounds=max_rounds,
            progress=bar,
            costs_kept=costs_kept,
        )
    finally:
        bar.close()
    if not quiet:
        line = stats.summary()
        click.echo(line if label is None else f"{label}: {line}", err=True)
    return reduced, stats


def time_left(timeout: Optional[float], started: float) -> Optional[float]:
    """What is left of ``timeout`` seconds since ``started`` (perf_counter)."""
    if timeout is None:
        return None
    return max(0.0, timeout - (time.perf_counter() - started))


@click.command(epilog=EPILOG)
@click.argument("file")
@click.option(
    "-o",
    "--output",
    default=None,
    metavar="OUT",
    help="Write the reduced problem to OUT (default: stdout).",
)
@click.option(
    "--origins",
    is_flag=True,
    help="Follow each option with a comment line '| from option J': its "
    "number J (from 0) among the file's options.",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="At most N rounds (default: until a round removes nothing).",
)
@click.option(
    "--mem-limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Stop after about N mems (memory accesses, as in the summary) of "
    "work; the problem written is reduced soundly, less than it could be, "
    "and the exit status is 4.",
)
@timeout_option(
    "Stop after this many seconds; the problem written is reduced soundly, "
    "less than it could be, and the exit status is 4."
)
@backend_option
@common.output_options
@user_errors
def preprocess(
    file, output, origins, rounds, mem_limit, timeout, backend, quiet, show_progress
) -> None:
    """Write a smaller DLX problem with the same solutions (Knuth's DLX-PRE).

    \b
    Round after round, until a round removes nothing, dlxc removes
      - every option that leaves some primary item without options when it
        is chosen (no solution can use it), and
      - every item c that some primary item p forces: each option of p has
        c uncolored, so covering p covers c (the options with c but not p
        go too, and c is dropped from the others).
    Items left in no option go too.  The reduced problem, in Knuth's format
    (items and options in the file's order), goes to stdout or OUT; it has
    the same solutions, and --origins tells which option of the file each
    option is.  If a primary item is left without options, the problem has
    no solution, and the output is that item alone.  One line on stderr
    (not with --quiet) says what was removed and why.
    With multiplicities (u:v|name items) only the reductions that stay
    sound are made: an option goes when choosing it leaves some primary
    item fewer options than its lower bound u; no item is removed as
    forced.  A file with option costs is refused (the output would lose
    them); count --preprocess takes it.
    """
    from ..xcc.dlxformat import write_dlx

    problem = read_problem(file)
    reduced, stats = reduce(
        problem,
        backend=backend,
        quiet=quiet,
        show_progress=show_progress,
        timeout=timeout,
        mem_limit=mem_limit,
        max_rounds=rounds,
    )
    comment = (
        f"reduced by dlxc preprocess from {problem.name}: {stats.options_out:,} "
        f"option{'' if stats.options_out == 1 else 's'} and {stats.items_out:,} "
        f"item{'' if stats.items_out == 1 else 's'} removed"
        + ("" if stats.complete else f" (stopped by the {stats.stopped})")
    )
    text = _with_origins(reduced, comment) if origins else write_dlx(reduced, comment=comment) or ""
    if output is None or output == "-":
        common.write_lines(text.splitlines(keepends=True), batch=4096)
    else:
        with open(output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    if not stats.complete:
        flag = (
            f"--timeout {timeout:g}" if stats.stopped == "timeout" else f"--mem-limit {mem_limit}"
        )
        raise SearchStopped(
            f"partial: stopped by {flag}; the problem written is reduced soundly, "
            "but perhaps less than it could be"
        )


def _with_origins(reduced, comment: str) -> str:
    from ..xcc.dlxformat import write_dlx

    lines = (write_dlx(reduced, comment=comment) or "").splitlines()
    n_head = len(lines) - len(reduced.options)
    out = lines[:n_head]
    for j, line in enumerate(lines[n_head:]):
        out.append(line)
        out.append(f"| from option {reduced.origin[j]}")
    return "\n".join(out) + "\n"
