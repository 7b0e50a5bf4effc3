"""``dlxc wordrect``: Knuth's word rectangles, counted, listed or made
into pages.

Its outcomes and exit statuses are those of every puzzle modeler
(``dlxc.cli.puzzles``).
"""

from __future__ import annotations

import json
import sys

import click

from ..base.errors import NoLayout
from ..models.pages import wordrect_page
from ..models.wordrect import WordRectangle
from ..models.words import load_word_list
from ..xcc.dlxformat import write_dlx
from . import common
from .common import (
    echo_stats,
    run_count,
    user_errors,
    watch,
)
from .output import emit, output_format_options
from .puzzles import (
    _OUTCOMES,
    _check_scale,
    _command_line,
    _limits,
    _print_grids,
    _size,
    _stopped,
    _undecided_or_none,
)


@click.command(
    epilog=_OUTCOMES.replace("a layout", "a rectangle").replace("no layout", "no rectangle")
)
@click.argument("size", metavar="MxN")
@click.option(
    "-w",
    "--words",
    "word_file",
    required=True,
    metavar="FILE",
    help="The word list ('-': standard input), one word a line; entries that "
    "are not purely letters are skipped (e.g. /usr/share/dict/words).",
)
@click.option(
    "--lowercase",
    is_flag=True,
    help="Skip entries with an upper-case letter (the proper nouns of a dictionary).",
)
@click.option("--distinct", is_flag=True, help="Use no word twice in one rectangle.")
@click.option("--count", "count", is_flag=True, help="Print the number of rectangles.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Print the first N rectangles (the default is 1).",
)
@click.option(
    "--dlx", "dlx", is_flag=True, help="Print the XCC model in Knuth's DLX format and stop."
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="JSON: one object per rectangle and line (grid, across, down); with --count, the count.",
)
@output_format_options
@_limits
@common.strict_option
@click.pass_context
@user_errors
def wordrect(
    ctx,
    size,
    word_file,
    lowercase,
    distinct,
    count,
    limit,
    dlx,
    as_json,
    fmt,
    output,
    paper,
    font,
    title,
    node_limit,
    timeout,
    backend,
    quiet,
    show_progress,
    jobs,
    memo,
    strict: bool = False,
):
    """Fill an MxN rectangle so that every row is an N-letter word and
    every column an M-letter word of a list (Knuth's word rectangles).

    \b
    dlxc wordrect 3x3 --words "$(dlxc example three-letter --path)" --count
    dlxc wordrect 3x4 --words /usr/share/dict/words --lowercase --distinct --limit 5
    """
    rows, cols = _size(size, "MxN")
    modes = [
        m for m, on in (("--count", count), ("--dlx", dlx), ("--limit", limit is not None)) if on
    ]
    if len(modes) > 1:
        raise click.UsageError(f"choose one of {' and '.join(modes)}")
    if dlx and as_json:
        raise click.UsageError("--dlx writes the XCC model; --json does not go with it")
    if fmt is not None and (count or dlx or as_json):
        raise click.UsageError(
            "--format writes rectangles: it goes with --limit, not with --count, --dlx or --json"
        )
    _check_scale(count, jobs, memo)
    wl = load_word_list(word_file, lowercase_only=lowercase, lengths={rows, cols}, strict=strict)
    wr = WordRectangle(rows, cols, wl, distinct=distinct)
    if not quiet:
        skipped = []  # (the lines that are not words have had their note)
        if wl.skipped_case:
            skipped.append(f"{wl.skipped_case} with upper case")
        if wl.repeats:
            skipped.append(f"{wl.repeats} repeated")
        lengths = (
            f"{len(wr.across)} words of {cols} letters"
            if rows == cols
            else f"{len(wr.across)} words of {cols} letters and {len(wr.down)} of {rows}"
        )
        click.echo(
            f"{word_file}: {lengths}" + (f" (skipped {', '.join(skipped)})" if skipped else ""),
            err=True,
        )
    if dlx:
        comment = "\n".join(
            [
                _command_line(ctx),
                f"Word rectangles {rows}x{cols}: primary items r0.. (rows) and c0.. (columns),",
                "secondary items row_col (cells, from 0) colored by their letters"
                + (", and one per word (--distinct)." if distinct else "."),
            ]
        )
        write_dlx(wr.problem, sys.stdout, comment=comment, knuth=True)
        return
    reasons = wr.obstacles()
    if reasons:
        raise NoLayout("no rectangle exists: " + "; ".join(reasons), reasons)

    def none():
        raise NoLayout("no rectangle exists (the complete search found none)")

    if count:
        stats = run_count(
            wr.problem,
            backend=backend,
            jobs=jobs,
            memo=memo,
            timeout=timeout,
            node_limit=node_limit,
            quiet=quiet,
            show_progress=show_progress,
            label="counting",
        )
        n, complete = stats.solutions, stats.complete
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "rectangles": n,
                        "complete": complete,
                        "nodes": stats.nodes,
                        "updates": stats.updates,
                        "cleansings": stats.cleansings,
                    }
                )
            )
        else:
            click.echo(n)
        echo_stats(stats, quiet)
        if not complete:
            raise _stopped("rectangles", stats.stopped, node_limit, timeout)
        if n == 0:
            none()
        return
    want = limit or 1
    with (
        common.progress_bar("searching", quiet, stdout_too=True, force=show_progress) as bar,
        wr.search(
            backend=backend,
            node_limit=node_limit,
            timeout=timeout,
            progress=bar if bar.enabled else None,
        ) as run,
    ):
        watch(run)
        run.room = min(run.room, want)
        if fmt is None:
            shown = _print_grids(map(wr.rectangle, run), as_json, want)
        else:
            found = []
            for sol in run:
                found.append(wr.rectangle(sol))
                if len(found) >= want:
                    break
            shown = len(found)
            if found:
                emit(
                    [
                        wordrect_page(
                            r,
                            title=title or "Word rectangle",
                            number=k + 1 if len(found) > 1 else None,
                        )
                        for k, r in enumerate(found)
                    ],
                    fmt,
                    output,
                    paper=paper,
                    font=font,
                )
        stats, complete, stopped = run.stats, run.complete, run.stopped
    echo_stats(stats, quiet)
    _undecided_or_none(wr, "rectangle", shown, want, complete, stopped, node_limit, timeout, none)
