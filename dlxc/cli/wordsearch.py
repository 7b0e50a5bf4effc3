"""``dlxc wordsearch``: hide words in a grid, count or list the layouts,
or make puzzles.

Its outcomes and exit statuses are those of every puzzle modeler
(``dlxc.cli.puzzles``).
"""

from __future__ import annotations

import json
import math
import random
import sys
from typing import Any

import click

from ..base.errors import ProblemError
from ..base.files import read_text
from ..models.pages import theme_entries, themes
from ..models.words import read_clued_entries
from ..models.wordsearch import DIRECTION_SETS, LayoutSearch, WordSearch, parse_mask
from ..models.wordsearch.fit import (
    choose_size,
    no_layout,
)
from ..models.wordsearch.shapes import SHAPES, image_mask, is_image, shape_mask
from ..xcc.dlxformat import write_dlx
from . import common
from .common import (
    echo_stats,
    run_count,
    user_errors,
    watch,
)
from .output import output_format_options
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
from .wordsearch_make import (
    PageOutput,
    PuzzleControls,
    SearchLimits,
    Wanted,
    WordsToHide,
    _make_puzzles,
    _puzzle,
)


def _direction_help() -> str:
    sets = "; ".join(
        f"{name} = {','.join(dirs)}"
        for name, dirs in DIRECTION_SETS.items()
        if name not in ("forward", "hard")
    )
    return (
        "Allowed directions, comma-separated: E W S N SE SW NE NW, or a named set "
        f"({sets}; forward = easy, hard = all)."
    )


@click.command(
    epilog=_OUTCOMES.replace(
        "cheap to tell)", "cheap to tell) or no puzzle was found within the default budget"
    )
)
@click.argument("args", nargs=-1, metavar="[ROWSxCOLS] [WORD]...")
@click.option(
    "-w",
    "--words",
    "word_file",
    default=None,
    metavar="FILE",
    help="Read words from FILE too ('-': standard input), one a line ('#' starts "
    "a comment line); 'ICE CREAM;a cold dessert' shows ICE CREAM with its "
    "clue and hides ICECREAM.",
)
@click.option(
    "--theme",
    default=None,
    metavar="NAME",
    help=f"Take the words (with clues) from a list dlxc ships: {', '.join(themes())}.",
)
@click.option(
    "--pick",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Use N words drawn at random (by the seed) from the words given.",
)
@click.option(
    "-d", "--directions", default="all", show_default=True, metavar="SET", help=_direction_help()
)
@click.option(
    "--mask",
    "mask_file",
    default=None,
    metavar="FILE",
    help="A picture of the grid, one line per row: '#' a square that is not a "
    "cell, '.' a cell (spaces between squares are ignored); or an image "
    "(.png, .jpg, .gif, .bmp; needs dlxc[image]) whose dark pixels are the "
    "cells, scaled to ROWSxCOLS.",
)
@click.option(
    "--shape",
    type=click.Choice(SHAPES),
    default=None,
    help="Cut the grid to a shape drawn at its size (instead of --mask).",
)
@click.option("--count", "count", is_flag=True, help="Print the number of layouts.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Print the first N layouts as grids, without filler letters.",
)
@click.option(
    "--layout",
    is_flag=True,
    help="Print one layout without filler letters (the words on dots), not a puzzle.",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    metavar="S",
    help="Make the puzzle from seed S (without it a seed is drawn and told on "
    "stderr): a random layout (drawn uniformly when the layouts can be "
    "counted quickly), the empty cells filled with random letters, each word "
    "found exactly once.",
)
@click.option(
    "--dlx",
    "dlx",
    is_flag=True,
    help="Print the XCC model in Knuth's DLX format (DLX2 reads it) and stop.",
)
@click.option(
    "--crossing",
    is_flag=True,
    help="Keep only layouts in which every word shares a cell with another "
    "word (filtered from all layouts).",
)
@click.option(
    "--filler",
    default=None,
    metavar="LETTERS",
    help="The letters to fill empty cells with (default: the letters of the words).",
)
@click.option(
    "--answers",
    is_flag=True,
    help="Print the answer key after the puzzle (with --format svg: mark the answers).",
)
@click.option(
    "--no-answers",
    "no_answers",
    is_flag=True,
    help="Leave the answer key out (with --format pdf: no answer pages; csv: no word positions).",
)
@click.option(
    "--word-order",
    type=click.Choice(["given", "sorted"]),
    default="given",
    show_default=True,
    help="The word list on the page: in the order given, or sorted alphabetically.",
)
@click.option(
    "--puzzles",
    "n_puzzles",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Make N puzzles (seeds S, S+1, ...): one PDF with numbered pages, or one file each.",
)
@click.option(
    "--partial",
    is_flag=True,
    help="Place as many of the words as fit, and name the rest: shortest words "
    "first, each kept when a short search finds a layout of it with those kept.",
)
@click.option(
    "--message",
    default=None,
    metavar="TEXT",
    help="Hide TEXT in the cells the words leave over (read row by row).",
)
@click.option(
    "--backward",
    type=click.FloatRange(0, 1),
    default=None,
    metavar="SHARE",
    help="The share of words that read backwards (W, N, SW, NW), 0 to 1.",
)
@click.option(
    "--diagonal",
    type=click.FloatRange(0, 1),
    default=None,
    metavar="SHARE",
    help="The share of words that read diagonally, 0 to 1.",
)
@click.option(
    "--filler-weights",
    type=click.Choice(["uniform", "words"]),
    default="uniform",
    show_default=True,
    help="Draw filler letters alike, or as often as the words use them (so no word stands out).",
)
@click.option(
    "--decoys",
    type=click.IntRange(min=0),
    default=0,
    metavar="N",
    help="Write N near-misses of the words (a word less its last letter, or with "
    "a letter changed) into the filler.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="JSON: one object per layout and line, with the grid and every word's "
    "row, col (from 0), direction and cells; with --count, the count.",
)
@output_format_options
@_limits
@common.strict_option
@click.pass_context
@user_errors
def wordsearch(ctx: click.Context, args: tuple[str, ...], **options: Any) -> None:
    """Hide WORDs in a grid of ROWSxCOLS cells: make a puzzle (the
    default), count the layouts, or list them.

    A layout places every word once along an allowed direction, the letters
    agreeing where words share cells.  Words are Unicode letters, compared
    without case; spaces and hyphens in an entry are dropped.

    \b
    dlxc wordsearch 8x8 CAT DOG BIRD FISH
    dlxc wordsearch 6x6 ABEL CANTOR GAUSS EULER --count
    dlxc wordsearch 4x4 ABEL LAND --directions E,W,S,N --crossing --limit 3
    dlxc wordsearch 15x15 --words "$(dlxc example common20 --path)" --seed 7 --answers
    dlxc wordsearch 15x15 --theme planets --shape heart --seed 1 --format pdf -o planets.pdf

    Without --count, --limit, --layout or --dlx the result is a puzzle, its
    seed drawn at random and told on stderr unless --seed gives it.  The
    search for a puzzle stops after 20 seconds (5 when a quick estimate
    finds it hopeless) unless --timeout or --node-limit is given, and then
    says what --partial would place, with exit status 3.  Without
    ROWSxCOLS the grid is the smallest square in which a short search finds
    a layout, plus a margin for variety.  A grid whose model would not fit
    in memory (over 12 million nodes) is refused before it is built.
    """
    hide = WordsToHide.take(options)
    want = Wanted.take(options)
    controls = PuzzleControls.take(options)
    page = PageOutput.take(options)
    limits = SearchLimits.take(options)
    if options:  # an option added to the command needs a group
        raise TypeError(f"wordsearch options in no group: {', '.join(sorted(options))}")
    # a size starts with a digit, which no word has: '4by4' is a bad size
    size, words = (args[0], args[1:]) if args and args[0].strip()[:1].isdigit() else (None, args)
    seed = want.seed
    listing = want.count or want.dlx or want.limit is not None or want.layout
    given = controls.given() + ([f"--format {page.fmt}"] if page.fmt not in (None, "text") else [])
    modes = [
        m
        for m, on in (
            ("--count", want.count),
            ("--dlx", want.dlx),
            ("--limit", want.limit is not None),
            ("--layout", want.layout),
            ("--seed", seed is not None),
        )
        if on
    ]
    if len(modes) > 1 or (listing and given):
        raise click.UsageError(f"choose one of {' and '.join(modes + given)}")
    puzzle_only = [
        flag
        for flag, on in (
            ("--filler", controls.filler is not None),
            ("--answers", controls.answers),
            ("--no-answers", controls.no_answers),
        )
        if on
    ]
    if listing and puzzle_only:
        raise click.UsageError(
            f"{' and '.join(puzzle_only)} go{'es' if len(puzzle_only) == 1 else ''} with "
            f"a puzzle, not with {modes[0]}"
        )
    if controls.answers and controls.no_answers:
        raise click.UsageError("choose one of --answers and --no-answers")
    making = bool(given) or (page.fmt == "text" and not listing)
    if page.fmt is not None and page.as_json:
        raise click.UsageError("--json is --format json's older form: give one of them")
    if not listing and seed is None:
        # a puzzle by default: draw its seed, and say it, so that it can be made again
        seed = random.randrange(1 << 31)
        click.echo(f"seed {seed} (--seed {seed} makes this puzzle again)", err=True)
    _check_scale(want.count, limits.jobs, limits.memo)
    if want.crossing and limits.memo:
        raise click.UsageError(
            "--crossing checks every layout, which --memo does not visit; drop one of them"
        )
    if want.dlx and (want.crossing or page.as_json):
        raise click.UsageError(
            "--dlx writes the XCC model; --crossing filters layouts "
            "and --json formats them, so they do not go with it"
        )
    entries, sources = list(words), [f"word {k + 1}" for k in range(len(words))]
    clues: list = [None] * len(entries)
    lists = []
    if hide.word_file is not None:
        lists.append(read_clued_entries(hide.word_file, strict=hide.strict))
    if hide.theme is not None:
        lists.append(theme_entries(hide.theme))
    for more, where, more_clues in lists:
        entries += more
        sources += where
        clues += more_clues
    if not entries:
        raise click.UsageError("give the words to hide (WORD... or --words FILE or --theme NAME)")
    if seed is not None and (hide.theme is not None or any(clues)):
        making = True  # the page shows display forms and clues
    if hide.pick is not None and hide.pick < len(entries):
        keep = sorted(random.Random(seed).sample(range(len(entries)), hide.pick))
        entries = [entries[k] for k in keep]
        sources = [sources[k] for k in keep]
        clues = [clues[k] for k in keep]
    if hide.mask_file is not None and hide.shape is not None:
        raise click.UsageError("choose one of --mask and --shape")
    if size is None:
        if hide.mask_file is not None:
            raise click.UsageError("a --mask needs the grid's size (ROWSxCOLS)")
        side = choose_size(entries, hide.directions, seed=seed or 0, backend=limits.backend)
        if hide.shape is not None:  # as many cells inside the shape as the square had
            share = 1 - len(shape_mask(hide.shape, side, side)) / side**2
            side = math.ceil(side / math.sqrt(max(share, 0.1)))
        rows = cols = side
        if not limits.quiet:
            click.echo(f"grid {side}x{side} (the smallest found to fit, with a margin)", err=True)
    else:
        rows, cols = _size(size, "ROWSxCOLS")
    holes = None
    if hide.shape is not None:
        holes = shape_mask(hide.shape, rows, cols)
    elif hide.mask_file is not None and is_image(hide.mask_file):
        holes = image_mask(hide.mask_file, rows, cols)
    elif hide.mask_file is not None:
        name, text = read_text(hide.mask_file, "mask", ProblemError)
        _, _, holes = parse_mask(text, rows, cols, source=name)
    if making:
        _make_puzzles(
            rows,
            cols,
            entries,
            sources,
            clues,
            holes,
            hide=hide,
            seed=seed,
            crossing=want.crossing,
            controls=controls,
            page=page,
            limits=limits,
        )
        return
    ws = WordSearch(rows, cols, entries, hide.directions, holes, sources=sources)

    if want.dlx:
        comment = "\n".join(
            [
                _command_line(ctx),
                f"Word search in {_article(rows)} {rows}x{cols} grid"
                + (f" less {len(ws.holes)} squares" if ws.holes else "")
                + f", directions {','.join(ws.directions)}: {len(ws.words)} words.",
                "Primary items: the words. Secondary items: the cells row_col (from 0),",
                "colored by their letters. One option per placement of a word.",
                "Words: " + " ".join(ws.words),
            ]
        )
        write_dlx(ws.problem, sys.stdout, comment=comment, knuth=True)
        return

    reasons = ws.obstacles()
    if reasons:
        no_layout(ws, reasons, want.crossing)
    how = limits.how()
    if seed is not None:
        _puzzle(ws, seed, controls.filler, want.crossing, controls.answers, page.as_json, **how)
    elif want.count:
        _count_layouts(ws, want.crossing, page.as_json, jobs=limits.jobs, memo=limits.memo, **how)
    else:
        _list_layouts(ws, want.limit or 1, want.crossing, page.as_json, **how)


def _count_layouts(
    ws, crossing, as_json, *, jobs, memo, node_limit, timeout, backend, quiet, show_progress
):
    stats = run_count(
        ws.problem,
        backend=backend,
        jobs=jobs,
        memo=memo,
        timeout=timeout,
        node_limit=node_limit,
        quiet=quiet,
        show_progress=show_progress,
        label="counting",
        overlap=ws.cell_masks() if crossing else None,
    )
    seen = stats.solutions
    n = seen if stats.overlapping is None else stats.overlapping
    complete = stats.complete
    if as_json:
        click.echo(
            json.dumps(
                {
                    "layouts": n,
                    "complete": complete,
                    "crossing": crossing,
                    "nodes": stats.nodes,
                    "updates": stats.updates,
                    "cleansings": stats.cleansings,
                }
            )
        )
    else:
        click.echo(n)
    note = f" {n} of the {seen} layouts cross." if crossing else ""
    echo_stats(stats, quiet, note)
    if not complete:
        raise _stopped("layouts", stats.stopped, node_limit, timeout)
    if n == 0:
        no_layout(ws, [], crossing, " (the complete search found none)")


def _list_layouts(
    ws, limit, crossing, as_json, *, node_limit, timeout, backend, quiet, show_progress
):
    with (
        common.progress_bar("searching", quiet, stdout_too=True, force=show_progress) as bar,
        LayoutSearch(
            ws,
            crossing=crossing,
            backend=backend,
            node_limit=node_limit,
            timeout=timeout,
            progress=bar if bar.enabled else None,
        ) as found,
    ):
        watch(found)
        if not crossing:
            found.room = min(found.room, limit)
        shown = _print_grids(found, as_json, limit)
        stats = found.stats
        complete, stopped = found.complete, found.stopped
    echo_stats(stats, quiet)
    _undecided_or_none(
        ws,
        "layout",
        shown,
        limit,
        complete,
        stopped,
        node_limit,
        timeout,
        lambda: no_layout(ws, [], crossing, " (the complete search found none)"),
    )


def _article(n: int) -> str:
    """'an' before numbers read with a vowel sound (8, 11, 18, 80-89, 800...)."""
    text = str(n)
    return "an" if text[0] == "8" or (len(text) in (2, 5) and text[:2] in ("11", "18")) else "a"
