"""``dlxc crossword layout`` and ``dlxc crossword fill``.

``layout`` lays out a free-form crossword from a word list (a Google
I/O-style generator, symmetric or not); ``fill`` fills a grid with blocks from a word
list.  Results go to stdout (or ``-o FILE``), statistics and reasons to
stderr.  Exit status: 0 done, 3 no fill exists (stderr says which slots no
word fits, or that the complete search proved it), 4 stopped by
``--node-limit`` or ``--timeout`` before deciding, 1 bad input (file and
line), 2 usage error, 130 interrupted.
"""

from __future__ import annotations

import json
import re
import time
from typing import Optional

import click

from ..base.letters import upper_letter
from .common import strict_option, user_errors
from .output import emit, output_format_options

EXIT_NONE = 3
EXIT_STOPPED = 4
_SIZE = re.compile(r"^\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*$")
_MAX_SIDE = 2000


def _size(text: Optional[str]) -> tuple[Optional[int], Optional[int]]:
    if text is None:
        return None, None
    m = _SIZE.match(text)
    if not m:
        raise click.BadParameter(
            f"{text!r} is not a size like 15x15 (width x height)", param_hint="--size"
        )
    w, h = int(m.group(1)), int(m.group(2))
    if not (1 <= w <= _MAX_SIDE and 1 <= h <= _MAX_SIDE):
        raise click.BadParameter(
            f"{text!r}: each side must be from 1 to {_MAX_SIDE}", param_hint="--size"
        )
    return w, h


def _write(text: str, output: Optional[str]) -> None:
    if output is None or output == "-":
        click.echo(text)
    else:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text + "\n")


_backend = click.option(
    "--backend",
    type=click.Choice(["c", "python"]),
    default=None,
    help="The engine: C (the default when built) or the Python mirror.",
)
_quiet = click.option("-q", "--quiet", is_flag=True, help="No statistics on stderr.")


@click.group(
    epilog="Results go to stdout (or -o FILE), statistics and reasons to stderr. "
    "Exit status: 0 done, 3 no fill exists, 4 stopped by --node-limit or "
    "--timeout, 1 bad input (file and line), 2 usage error, 130 interrupted."
)
def crossword() -> None:
    """Crosswords: free-form layouts from a word list, and fills of grids
    with blocks."""


@crossword.command(
    epilog="The board is checked before it is printed: no conflicting "
    "letter, no word twice, connected, every run of two or more letters "
    "a placed word."
)
@click.option(
    "-w",
    "--words",
    "word_file",
    required=True,
    metavar="FILE",
    help="The words to place: one a line (word or word;score), UTF-8.",
)
@click.option(
    "--size",
    default=None,
    metavar="WxH",
    help="The bounds of the board, width x height (default: a square with room "
    "for the words, at most 99x99).",
)
@click.option(
    "--symmetric",
    is_flag=True,
    help="A horizontal line of symmetry (an odd height; an even one loses a row).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="S",
    help="The pool's shuffle: the same seed gives the same board.",
)
@click.option(
    "--tries",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Try seeds S, S+1, ... S+N-1 and keep the board with the most words "
    "(default: 32 for lists of at most 1000 words, else 1).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON: the grid, each placed word with row, col (from 0) and "
    "direction, and the words not placed.",
)
@click.option("-o", "--output", default=None, metavar="FILE", help="Write the result here.")
@_backend
@_quiet
@strict_option
@user_errors
def layout(
    word_file, size, symmetric, seed, tries, as_json, output, backend, quiet, strict: bool = False
):
    """Lay out a free-form crossword from the words of FILE."""
    from ..crossword.wordlist import read_word_list
    from ..models.crossword.layout import make_layout

    width, height = _size(size)
    t0 = time.perf_counter()
    pool = read_word_list(word_file, backend=backend, strict=strict)
    t1 = time.perf_counter()
    board = make_layout(
        pool, width, height, symmetric=symmetric, seed=seed, tries=tries, backend=backend
    )
    t2 = time.perf_counter()
    if as_json:
        _write(json.dumps(board.to_json(), indent=1), output)
    else:
        _write(board.render(), output)
    if not quiet:
        click.echo(
            f"Placed {len(board.placed)} of {len(pool)} words on a "
            f"{board.width}x{board.height} board (seed {board.seed}); read in "
            f"{t1 - t0:.3f} s, laid out and checked in {t2 - t1:.3f} s.",
            err=True,
        )
        if board.not_placed and not as_json and len(board.not_placed) <= 20:
            click.echo("Not placed: " + " ".join(board.not_placed), err=True)


@crossword.command(
    epilog="Exit status: 0 a fill was found (or counted), 3 no fill exists, "
    "4 stopped by a limit, 1 bad input, 2 usage error, 130 interrupted."
)
@click.argument("grid_file", metavar="GRID")
@click.option(
    "-w",
    "--words",
    "word_file",
    required=True,
    metavar="LIST",
    help="The word list: one a line, word or word;score, UTF-8.",
)
@click.option(
    "--min-score",
    type=int,
    default=None,
    metavar="N",
    help="Use only the words scored N or more (unscored words score 50).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="S",
    help="Shuffle words of equal score and vary the order of candidates (0: the list's order).",
)
@click.option("--count", "count", is_flag=True, help="Count the fills (small grids).")
@click.option(
    "--xcc",
    is_flag=True,
    help="Search the XCC model (slots primary, cells colored by letter) with "
    "Algorithm C instead of the crossword engine.",
)
@output_format_options
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=None,
    metavar="SECONDS",
    help="Stop the search after this long (exit 4); with --xcc the time counts "
    "from the start, building the model included.",
)
@click.option(
    "--node-limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Stop the search after N nodes (exit 4).",
)
@_backend
@_quiet
@strict_option
@user_errors
def fill(
    grid_file,
    word_file,
    min_score,
    seed,
    count,
    xcc,
    fmt,
    output,
    paper,
    font,
    title,
    timeout,
    node_limit,
    backend,
    quiet,
    strict: bool = False,
):
    """Fill GRID ('#' a block, '.' an empty cell, letters given) from LIST."""
    from ..crossword.wordlist import read_word_list
    from ..models.crossword.fill import Filler, FillStopped, read_grid

    t0 = time.perf_counter()
    grid = read_grid(grid_file)
    pool = read_word_list(word_file, backend=backend, strict=strict)
    if xcc:
        return _fill_xcc(
            grid,
            pool,
            min_score,
            count,
            (fmt, output, paper, font, title),
            timeout,
            node_limit,
            backend,
            quiet,
            t0,
        )
    filler = Filler(grid, pool, min_score=min_score, seed=seed, backend=backend)
    t1 = time.perf_counter()
    empty = filler.empty_slots()
    if empty:
        _no_candidates(grid, empty, count)
    try:
        if count:
            n = 0
            try:
                for _ in filler.fills(node_limit=node_limit, timeout=timeout):
                    n += 1
            except FillStopped as exc:
                click.echo(f"{n} (partial)")
                click.echo(f"{exc}; at least {n} fills.", err=True)
                raise click.exceptions.Exit(EXIT_STOPPED) from None
            except KeyboardInterrupt:
                click.echo(f"{n} (partial)")
                click.echo(f"Counted {n} fills before the interrupt.", err=True)
                raise
            _write(str(n), output)
        else:
            found = filler.first(node_limit=node_limit, timeout=timeout)
            if found is None:
                st = filler.stats()
                click.echo(
                    f"No fill exists: the complete search proved it ({st['nodes']} "
                    f"nodes, {time.perf_counter() - t1:.3f} s).",
                    err=True,
                )
                raise click.exceptions.Exit(EXIT_NONE)
            _print_fill(found, (fmt, output, paper, font, title))
    except FillStopped as exc:
        click.echo(f"{exc}, before it found a fill.", err=True)
        raise click.exceptions.Exit(EXIT_STOPPED) from None
    if not quiet:
        st = filler.stats()
        restarts = f", {st['restarts']} restarts" if st["restarts"] else ""
        click.echo(
            f"{len(grid.slots)} slots, {len(filler.pool)} words; read and indexed in "
            f"{t1 - t0:.3f} s, searched in {time.perf_counter() - t1:.3f} s "
            f"({st['nodes']} nodes, {st['revisions']} revisions"
            f"{restarts}).",
            err=True,
        )


def _no_candidates(grid, empty, count) -> None:
    def pattern(slot):
        return "".join(upper_letter(grid.rows[r][c]) for r, c in slot.cells())

    names = ", ".join(f"{s.name} ({s.length} letters, {pattern(s)})" for s in empty[:10])
    more = f" and {len(empty) - 10} more" if len(empty) > 10 else ""
    if count:
        click.echo("0")
    click.echo(
        f"No fill: no word of the list fits {len(empty)} slot"
        f"{'s' if len(empty) != 1 else ''}: {names}{more}.",
        err=True,
    )
    raise click.exceptions.Exit(EXIT_NONE)


def _print_fill(found, how) -> None:
    """The fill as text (the grid), as the fill's own JSON (grid and
    entries), or as a page in any other format of ``dlxc.render``."""
    fmt, output, paper, font, title = how
    if fmt == "json":
        _write(json.dumps(found.to_json(), indent=1), output)
    elif fmt in (None, "text"):
        _write(found.render(), output)
    else:
        emit([found.page(title=title or "Crossword")], fmt, output, paper=paper, font=font)


def _fill_xcc(grid, pool, min_score, count, how, timeout, node_limit, backend, quiet, t0):
    from ..models.crossword.fill import BuildStopped, fill_problem
    from ..xcc.search import Search

    # the timeout counts from the start of the command: reading the files and
    # building the model are part of it, as the search is
    deadline = None if timeout is None else t0 + timeout
    try:
        problem, decode = fill_problem(grid, pool, min_score=min_score, deadline=deadline)
        unused = problem.unused_primaries()
        if unused:
            empty = [s for s in grid.slots if s.name in set(unused)]
            _no_candidates(grid, empty, count)
        t1 = time.perf_counter()
        if deadline is not None:
            timeout = deadline - t1
            if timeout <= 0:
                raise BuildStopped("the timeout came as the XCC model was built")
    except BuildStopped as exc:
        click.echo(f"The search stopped at its timeout, before it found a fill: {exc}.", err=True)
        raise click.exceptions.Exit(EXIT_STOPPED) from None
    search = Search(problem, backend=backend, node_limit=node_limit, timeout=timeout)
    try:
        if count:
            n = search.count()
            if not search.complete:
                click.echo(f"{n} (partial)")
                click.echo(
                    f"The count stopped at its {search.stopped}; at least {n} fills.", err=True
                )
                raise click.exceptions.Exit(EXIT_STOPPED)
            _write(str(n), how[1])
        else:
            solution = next(iter(search), None)
            if solution is None and not search.complete:
                click.echo(
                    f"The search stopped at its {search.stopped}, before it found a fill.", err=True
                )
                raise click.exceptions.Exit(EXIT_STOPPED)
            if solution is None:
                click.echo("No fill exists: the complete search proved it.", err=True)
                raise click.exceptions.Exit(EXIT_NONE)
            _print_fill(decode(solution), how)
    finally:
        search.close()
    if not quiet:
        click.echo(
            f"XCC model: {len(problem.primary)} primary items, {len(problem.options)} "
            f"options; built in {t1 - t0:.3f} s, searched in "
            f"{time.perf_counter() - t1:.3f} s.",
            err=True,
        )
