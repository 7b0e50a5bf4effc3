"""What ``dlxc wordsearch`` and ``dlxc wordrect`` (the puzzle modelers on
the command line) share: sizes, the command as given, the search options,
and how a listing or a count ends.

Each search ends with an outcome the user can act on, and its own exit
status: 0 a layout was found (or counted), 3 no layout exists (``NoLayout``:
a complete search, or a cheap argument, proved it; stderr says why when
that can be told), 4 the search stopped at ``--node-limit`` or ``--timeout``
before deciding (``SearchStopped``).  1 is bad input, 2 a usage error, 130
Ctrl-C, as for every dlxc command (``dlxc.cli.common``).  Layouts, counts
and models go to stdout; statistics, reasons and warnings to stderr.
"""

from __future__ import annotations

import json
import re
import shlex

import click

from ..base.errors import SearchStopped
from .common import (
    backend_option,
    jobs_option,
    limit_flag,
    limit_options,
    memo_option,
    output_options,
)

_OUTCOMES = (
    "Exit status: 0 a layout was found (or counted), 3 no layout exists (proved; "
    "stderr says why when that is cheap to tell), 4 stopped by --node-limit or "
    "--timeout before deciding (a count so far is printed and marked partial), "
    "1 bad input, 2 usage error, 130 interrupted."
)


_SIZE = re.compile(r"^\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*$")
_MAX_SIDE = 1000


def _size(text: str, what: str) -> tuple[int, int]:
    m = _SIZE.match(text)
    if not m:
        raise click.BadParameter(f"{text!r} is not a size like 6x6 or 15x20", param_hint=what)
    rows, cols = int(m.group(1)), int(m.group(2))
    if not (1 <= rows <= _MAX_SIDE and 1 <= cols <= _MAX_SIDE):
        raise click.BadParameter(
            f"{text!r}: each side must be from 1 to {_MAX_SIDE}", param_hint=what
        )
    return rows, cols


_PLAIN = re.compile(r"[\w@%+=:,./-]+")


def _quote(text: str) -> str:
    """``text`` for a shell: as it is when it needs no quoting (letters of
    any script included), else in shlex's quotes."""
    return text if _PLAIN.fullmatch(text) else shlex.quote(text)


def _command_line(ctx: click.Context) -> str:
    """The command as it was given, in a canonical order (arguments, then
    the options that differ from their defaults)."""
    parts = ["dlxc", ctx.info_name or ""]
    for param in ctx.command.params:
        value = ctx.params.get(param.name)
        if isinstance(param, click.Argument):
            values = value if param.nargs != 1 else [value]
            parts += [_quote(str(v)) for v in values or ()]
            continue
        if value is None or value == param.default or value is False or value == ():
            continue
        flag: str = max(param.opts, key=len)
        if getattr(param, "is_flag", False):
            parts.append(flag)
        else:
            parts += [flag, _quote(str(value))]
    return " ".join(parts)


def _limits(f):
    """What every search of a puzzle command takes: limits, backend, output
    and, with --count, how the count runs."""
    f = jobs_option(
        "With --count: processes to share the count (0: every core); the count equals a serial one."
    )(f)
    f = memo_option("With --count: memoized counting (fewer nodes, the same count).")(f)
    return output_options(backend_option(limit_options(f)))


def _check_scale(count: bool, jobs: int, memo: bool) -> None:
    if (jobs != 1 or memo) and not count:
        raise click.UsageError("--jobs and --memo go with --count")


def _stopped(what: str, why, node_limit, timeout) -> SearchStopped:
    return SearchStopped(
        f"partial: stopped by {limit_flag(why, node_limit, timeout)} before "
        f"the search was complete; the count is of the {what} found so far"
    )


def _print_grids(grids, as_json: bool, limit: int) -> int:
    """Print up to ``limit`` layouts or rectangles (each has ``render()``
    and ``to_json()``): grids apart by blank lines, or one JSON line each.
    Returns how many were printed."""
    shown = 0
    for grid in grids:
        if as_json:
            click.echo(json.dumps(grid.to_json(), ensure_ascii=False))
        else:
            if shown:
                click.echo()
            click.echo(grid.render())
        shown += 1
        if shown >= limit:
            break
    return shown


def _undecided_or_none(
    ws, what, shown, limit, complete, stopped, node_limit, timeout, none
) -> None:
    """After a listing: a note when a limit cut it short, ``none()`` when
    the complete search found nothing, ``SearchStopped`` when a limit came
    before anything was found or ruled out."""
    if shown:
        if stopped is not None and shown < limit:
            click.echo(
                f"note: stopped by {limit_flag(stopped, node_limit, timeout)} after "
                f"{shown} of the {limit} {what}s asked for",
                err=True,
            )
        return
    if complete:
        none()
    raise SearchStopped(
        f"undecided: stopped by {limit_flag(stopped, node_limit, timeout)} "
        f"before a {what} was found or ruled out"
    )
