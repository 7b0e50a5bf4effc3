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

from ..base.errors import EXIT_NONE
from .common import progress_bar, seed_option, strict_option, user_errors
from .crossword_fill import fill, stats_option
from .crossword_suggest import suggest
from .options import engine_option, quiet_option, write_result
from .output import emit, output_format_options

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


@click.group(
    epilog="Results go to stdout (or -o FILE), statistics and reasons to stderr. "
    "Exit status: 0 done, 3 no fill exists, 4 stopped by --node-limit or "
    "--timeout, 1 bad input (file and line), 2 usage error, 130 interrupted."
)
def crossword() -> None:
    """Crosswords: free-form layouts from a word list, and fills of grids
    with blocks."""


crossword.add_command(fill)
crossword.add_command(suggest)


@crossword.command(
    epilog="The board is checked before it is printed: no conflicting "
    "letter, no word twice, connected, every run of two or more letters "
    "a placed word. Pages (svg, pdf, ipuz, html, puz) show the free-form look: "
    "numbered squares, nothing around the words, the clues of the list (an "
    "entry without one shows its length); a PDF ends with the answer page."
)
@click.option(
    "-w",
    "--words",
    "word_file",
    required=True,
    metavar="FILE",
    help="The words to place, one a line: WORD, WORD;score, WORD;clue or "
    "WORD;score;clue (UTF-8; spaces and hyphens in an entry are dropped).",
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
@seed_option(
    "The pool's shuffle: the same seed gives the same board.",
    default=0,
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
    "--compact",
    is_flag=True,
    help="Pack the words densely (0.40-0.45 letter cells a square on 20-100 "
    "words, a page-shaped board), every word placed when it can cross another; "
    "--tries passes (default: 4000 / words, 8 to 400), the densest wins. "
    "Not with --size or --symmetric.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON (the same as --format json): the grid, each placed word "
    "with row, col (from 0), direction and clue, and the words not placed.",
)
@output_format_options
@engine_option
@quiet_option()
@strict_option
@user_errors
def layout(
    word_file,
    size,
    symmetric,
    seed,
    tries,
    compact,
    as_json,
    fmt,
    output,
    paper,
    font,
    title,
    backend,
    quiet,
    strict: bool = False,
):
    """Lay out a free-form crossword from the words of FILE."""
    from ..models.crossword.clues import read_clue_pool
    from ..models.crossword.layout import (
        compact_layout,
        default_compact_tries,
        density,
        free_layout,
    )

    width, height = _size(size)
    if compact and (size is not None or symmetric):
        raise click.UsageError(
            "--compact chooses the board itself: leave out --size and --symmetric"
        )
    if as_json and fmt not in (None, "json"):
        raise click.UsageError(f"--json and --format {fmt} ask for two formats: give one")
    if as_json:
        fmt = "json"
    t0 = time.perf_counter()
    pool, clues = read_clue_pool(word_file, strict=strict, backend=backend)
    t1 = time.perf_counter()
    rescued = False
    if compact:
        passes = tries or default_compact_tries(len(pool))
        with progress_bar("laying out", quiet, postfix=f"{passes} passes") as bar:
            board = compact_layout(pool, seed=seed, tries=tries, progress=bar)
    else:
        board, rescued = free_layout(
            pool, width, height, symmetric=symmetric, seed=seed, tries=tries, backend=backend
        )
    t2 = time.perf_counter()
    if fmt == "json":
        write_result(json.dumps(board.to_json(clues), indent=1), output)
    elif fmt in (None, "text"):
        write_result(board.render(), output)
    else:
        page = board.page(title=title or "Crossword", clues=clues)
        emit([page], fmt, output, paper=paper, font=font)
    if not quiet:
        click.echo(
            f"Placed {len(board.placed)} of {len(pool)} words on a "
            f"{board.width}x{board.height} board (seed {board.seed}, density "
            f"{density(board):.2f}); read in "
            f"{t1 - t0:.3f} s, laid out and checked in {t2 - t1:.3f} s"
            + (" (by the compact layout: the default one left words out)." if rescued else "."),
            err=True,
        )
        if board.not_placed and fmt != "json" and len(board.not_placed) <= 20:
            click.echo("Not placed: " + " ".join(board.not_placed), err=True)


_GRID_SIZE = re.compile(r"^\s*(\d+)\s*(?:[xX\u00d7]\s*(\d+))?\s*$")


@crossword.command(
    epilog="The pattern keeps the American rules: 180-degree symmetry, every "
    "entry 3 letters or more (so every square checked), the open squares "
    "connected, at most 78 entries on a 15x15 and 140 on a 21x21. Exit status: "
    "0 done, 3 no pattern found, 1 bad input, 2 usage error."
)
@click.argument("size", metavar="WxH")
@seed_option(
    "The pattern's seed: the same seed gives the same pattern.",
    default=1,
)
@click.option(
    "--blocks",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="The number of blocks (default: 38 on a 15x15, 84 on a 21x21, "
    "about 16% of the squares otherwise).",
)
@click.option(
    "--check/--no-check",
    default=True,
    show_default=True,
    help="Keep only a pattern that the default word list fills (drawing the "
    "next one from the seed otherwise), and prefer one that its familiar "
    "words (scored 20 or more) fill; on a larger grid than 15x15, one whose "
    "quality fill also keeps at most 3 words scored under 20.",
)
@click.option("-o", "--output", default=None, metavar="FILE", help="Write the pattern here.")
@stats_option("The pattern's statistics and the American checks, as text on stderr.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print JSON instead of rows: {"grid": [rows], "stats": {...}}, the '
    "statistics of --stats and each check's result.",
)
@engine_option
@quiet_option()
@user_errors
def grid(size, seed, blocks, check, output, stats, as_json, backend, quiet):
    """Design an American block pattern of WxH squares (15x15, 21x21 ...):
    rows of '#' (a block) and '.' (an open square), the grid format that
    'dlxc crossword fill' reads."""
    from ..base.errors import CrosswordError
    from ..crossword.wordlist import banned_words, default_word_list, without
    from ..models.crossword.design import (
        FAMILIAR_SCORE,
        check_blocks,
        checked_design,
        design,
        entry_count,
    )

    m = _GRID_SIZE.match(size)
    if not m:
        raise click.BadParameter(f"{size!r} is not a size like 15x15", param_hint="WxH")
    width = int(m.group(1))
    height = int(m.group(2) or m.group(1))
    if not (3 <= width <= 64 and 3 <= height <= 64):
        raise click.BadParameter(f"{size!r}: each side must be from 3 to 64", param_hint="WxH")
    check_blocks(width, height, blocks)
    t0 = time.perf_counter()
    familiar = False
    try:
        if not check:
            g, drawn = design(width, height, seed, blocks=blocks, tries=40)
        else:
            pool, _ = without(default_word_list(backend=backend), banned_words())
            with progress_bar("designing", quiet, postfix="patterns drawn and checked") as bar:
                g, drawn, familiar = checked_design(
                    width, height, seed, pool, blocks=blocks, backend=backend, progress=bar
                )
    except CrosswordError as exc:
        click.echo(str(exc), err=True)
        raise click.exceptions.Exit(EXIT_NONE) from None
    figures = None
    if stats or as_json:
        from ..models.crossword.stats import grid_stats

        figures = grid_stats(g.rows)
    if as_json and figures is not None:
        doc = {"grid": list(g.rows), "stats": figures.to_json()}
        write_result(json.dumps(doc, indent=1), output)
    else:
        write_result("\n".join(g.rows), output)
    if stats and figures is not None:
        click.echo(figures.text(), err=True)
    if not quiet:
        n_blocks = sum(row.count("#") for row in g.rows)
        checked = ""
        if familiar:
            checked = (
                f", filled by the default list's familiar words (scored {FAMILIAR_SCORE} or more)"
            )
        elif check:
            checked = ", filled by the default list"
        click.echo(
            f"{width}x{height}, {n_blocks} blocks, {entry_count(g.rows)} entries, longest "
            f"{max(s.length for s in g.slots)}; pattern {drawn} drawn from seed {seed}"
            f"{checked}, in {time.perf_counter() - t0:.2f} s.",
            err=True,
        )
