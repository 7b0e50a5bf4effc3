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
import math
import re
import time
from typing import Optional

import click

from ..base.letters import upper_letter
from .common import progress_bar, strict_option, user_errors
from .output import emit, output_format_options

EXIT_NONE = 3
EXIT_STOPPED = 4
DEFAULT_FILL_BUDGET = 3.0  # fill's --budget, seconds
NODES_FILL_BUDGET = 60.0  # and with --nodes: a safety net, not the limit
_SIZE = re.compile(r"^\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*$")
_MAX_SIDE = 2000


#: Lists of at most this many words that the default layout cannot finish
#: are laid out again by the compact layout (about 0.1 s a pass at 100
#: words), in this many passes, and the board with more words is kept.
_RESCUE_WORDS, _RESCUE_TRIES = 100, 16


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
@_backend
@_quiet
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
        make_layout,
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
        board = make_layout(
            pool, width, height, symmetric=symmetric, seed=seed, tries=tries, backend=backend
        )
        if board.not_placed and size is None and not symmetric and len(pool) <= _RESCUE_WORDS:
            # a short list the breadth-first layout could not finish: the
            # compact layout places every word that can cross another
            dense = compact_layout(pool, seed=seed, tries=_RESCUE_TRIES)
            if len(dense.placed) > len(board.placed):
                board, rescued = dense, True
    t2 = time.perf_counter()
    if fmt == "json":
        _write(json.dumps(board.to_json(clues), indent=1), output)
    elif fmt in (None, "text"):
        _write(board.render(), output)
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


@crossword.command(
    epilog="Exit status: 0 a fill was found (or counted), 3 no fill exists, "
    "4 stopped by a limit, 1 bad input, 2 usage error, 130 interrupted."
)
@click.argument("grid_file", metavar="GRID")
@click.option(
    "-w",
    "--words",
    "word_files",
    multiple=True,
    metavar="LIST",
    help="The word list: one a line, word or word;score, UTF-8 (default: dlxc's "
    "crossword list: words, phrases and names scored 0-77 by word frequency). "
    "Given more than once, the lists stack: every word of each, scored by the last "
    "list that holds it (your own words over the default list: -w "
    '"$(dlxc example crossword-scored --path)" -w mine.txt).',
)
@click.option(
    "--min-score",
    type=int,
    default=None,
    metavar="N",
    help="Use only the words scored N or more (unscored words score 50).",
)
@click.option(
    "--allow-all",
    is_flag=True,
    help="Keep the words of dlxc's ban list (vulgar and offensive words), "
    "which are left out by default.",
)
@click.option(
    "--budget",
    type=click.FloatRange(min=0),
    default=None,
    metavar="SECONDS",
    help="Look this long for better-scored fills and keep the best (highest mean "
    "score counting no word above the list's top 5%, then highest lowest score); "
    "0: the first fill from the best-scored words.  [default: "
    f"{DEFAULT_FILL_BUDGET:g}; with --nodes, {NODES_FILL_BUDGET:g}, a safety net]",
)
@click.option(
    "--nodes",
    "node_budget",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Look for better-scored fills for N search nodes instead of --budget's "
    "seconds, so that the same --seed gives the same fill on any machine (in "
    "dlxc's benchmarks, 3 seconds were 50,000-75,000 nodes on a 15x15 or a 21x21).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    metavar="S",
    help="Shuffle words of equal score and vary the order of candidates (0: the list's order).",
)
@click.option(
    "--clues",
    "clue_file",
    default=None,
    metavar="FILE",
    help="Clues for the fill's entries, one a line: WORD;clue (carried into "
    "json, ipuz, puz, pdf and html; an entry without one shows its length).",
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
    word_files,
    min_score,
    allow_all,
    budget,
    node_budget,
    seed,
    clue_file,
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
    """Fill GRID ('#' a block, '.' an empty cell, a letter fixed, {a} a letter
    shown to the solver, (.) a circled square) from LIST."""
    from ..crossword.wordlist import (
        banned_words,
        default_word_list,
        read_word_list,
        stacked,
        without,
    )
    from ..models.crossword.design import style_problems
    from ..models.crossword.fill import Filler, FillStopped, quality_fill, read_grid

    t0 = time.perf_counter()
    # --budget and --nodes steer the quality search, which --count and --xcc
    # do not make: say so up front rather than ignore them
    chooser = [
        name for name, v in (("--budget", budget), ("--nodes", node_budget)) if v is not None
    ]
    other = [name for name, v in (("--count", count), ("--xcc", xcc)) if v]
    if chooser and other:
        what = "counts every fill" if other[0] == "--count" else "takes Algorithm C's first fill"
        names = " and ".join(chooser)
        raise click.UsageError(
            f"{names} {'apply' if len(chooser) > 1 else 'applies'} to the search for the "
            f"best-scored fill, which {other[0]} does not make (it {what}): leave out "
            f"{names} or {other[0]}."
        )
    grid = read_grid(grid_file)
    for problem in style_problems(grid):
        click.echo(f"warning: {grid.source}: {problem} (American style)", err=True)
    if not word_files:
        pool = default_word_list(backend=backend)
    else:
        pool = stacked(
            (read_word_list(path, backend=backend, strict=strict) for path in word_files),
            backend,
        )
    if not allow_all:
        pool, _banned = without(pool, banned_words())
    clues = None
    if clue_file is not None:
        from ..models.crossword.clues import read_clue_list

        clues = read_clue_list(clue_file, strict=strict).clues
    how = (fmt, output, paper, font, title, clues)
    if xcc:
        return _fill_xcc(
            grid,
            pool,
            min_score,
            count,
            how,
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
            filler.close()
            if budget is None:
                budget = DEFAULT_FILL_BUDGET if node_budget is None else NODES_FILL_BUDGET
            t2 = time.perf_counter()
            best = quality_fill(
                grid,
                filler.pool,
                budget=budget,
                seed=seed,
                node_limit=node_limit,
                timeout=timeout,
                backend=backend,
                node_budget=node_budget,
            )
            cut = budget if timeout is None else min(budget, timeout)
            if (
                node_budget is not None
                and cut > 0  # --budget 0: the first fill alone, whatever the nodes
                and best.filled is not None
                and best.nodes < node_budget
                and time.perf_counter() - t2 >= cut
            ):
                click.echo(
                    f"warning: the time ran out ({cut:g} s) after {best.nodes} of the "
                    f"{node_budget} nodes of --nodes: another machine may give another fill",
                    err=True,
                )
            if best.filled is None:
                click.echo(
                    f"No fill exists: the complete search proved it ({best.nodes} "
                    f"nodes, {time.perf_counter() - t1:.3f} s).",
                    err=True,
                )
                raise click.exceptions.Exit(EXIT_NONE)
            _print_fill(best.filled, how, best.score)
            sc = best.score
            if not quiet and sc is not None:
                lowest = ", ".join(sc.lowest_words[:5]).upper()
                click.echo(
                    f"{len(grid.slots)} slots, {len(filler.pool)} words; read and indexed "
                    f"in {t1 - t0:.3f} s, searched in {time.perf_counter() - t1:.3f} s "
                    f"({best.attempts} searches, {best.nodes} nodes). Score: mean "
                    f"{sc.mean:.1f}, lowest {sc.lowest} ({lowest}); "
                    f"words scored {best.threshold} or more.",
                    err=True,
                )
            return
    except FillStopped as exc:
        click.echo(f"{exc}, before it found a fill.", err=True)
        raise click.exceptions.Exit(EXIT_STOPPED) from None
    if not quiet:
        st = filler.stats()
        click.echo(
            f"{len(grid.slots)} slots, {len(filler.pool)} words; read and indexed in "
            f"{t1 - t0:.3f} s, searched in {time.perf_counter() - t1:.3f} s "
            f"({st['nodes']} nodes, {st['revisions']} revisions).",
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


def _print_fill(found, how, score=None) -> None:
    """The fill as text (the grid), as the fill's own JSON (grid and
    entries, with their clues when given, and its score when known), or as a
    page in any other format of ``dlxc.render``."""
    fmt, output, paper, font, title, clues = how
    if fmt == "json":
        doc = found.to_json(clues)
        if score is not None:
            doc["score"] = {
                "mean": round(score.mean, 3),
                "lowest": score.lowest,
                "lowest_words": score.lowest_words,
            }
        _write(json.dumps(doc, indent=1), output)
    elif fmt in (None, "text"):
        _write(found.render(), output)
    else:
        page = found.page(title=title or "Crossword", clues=clues)
        emit([page], fmt, output, paper=paper, font=font)


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


_GRID_SIZE = re.compile(r"^\s*(\d+)\s*(?:[xX\u00d7]\s*(\d+))?\s*$")


@crossword.command(
    epilog="The pattern keeps the American rules: 180-degree symmetry, every "
    "entry 3 letters or more (so every square checked), the open squares "
    "connected, at most 78 entries on a 15x15 and 140 on a 21x21. Exit status: "
    "0 done, 3 no pattern found, 1 bad input, 2 usage error."
)
@click.argument("size", metavar="WxH")
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    metavar="S",
    help="The pattern's seed: the same seed gives the same pattern.",
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
@_backend
@_quiet
@user_errors
def grid(size, seed, blocks, check, output, backend, quiet):
    """Design an American block pattern of WxH squares (15x15, 21x21 ...):
    rows of '#' (a block) and '.' (an open square), the grid format that
    'dlxc crossword fill' reads."""
    from ..base.errors import CrosswordError
    from ..crossword.wordlist import banned_words, default_word_list, without
    from ..models.crossword.design import check_blocks, design, entry_count
    from ..models.crossword.fill import FillStopped, Grid, quality_fill

    m = _GRID_SIZE.match(size)
    if not m:
        raise click.BadParameter(f"{size!r} is not a size like 15x15", param_hint="WxH")
    width = int(m.group(1))
    height = int(m.group(2) or m.group(1))
    if not (3 <= width <= 64 and 3 <= height <= 64):
        raise click.BadParameter(f"{size!r}: each side must be from 3 to 64", param_hint="WxH")
    check_blocks(width, height, blocks)
    t0 = time.perf_counter()
    small = width * height <= 15 * 15
    familiar = False
    try:
        if not check:
            g, drawn = design(width, height, seed, blocks=blocks, tries=40)
        else:
            pool, _ = without(default_word_list(backend=backend), banned_words())

            scores = dict(zip(pool.words, pool.scores))
            # large grids: the familiar patterns whose quality fill kept too
            # many weak entries, as (weak entries, draw, grid), the fallback
            near: list[tuple[int, int, Grid]] = []
            draws = 0

            def fills(min_score: Optional[int], nodes: int):
                # the words allowed, chosen once for every pattern drawn
                allowed = pool
                if min_score is not None:
                    allowed = pool.filtered(
                        i for i in range(len(pool)) if pool.scores[i] >= min_score
                    )

                def fillable(g) -> bool:
                    nonlocal draws
                    draws += 1
                    try:
                        res = quality_fill(
                            g,
                            allowed,
                            budget=0,
                            seed=1,
                            node_limit=nodes,
                            backend=backend,
                        )
                    except FillStopped:
                        return False
                    if res.filled is None:
                        return False
                    if small or min_score is None:
                        return True
                    weak = weak_entries(g)
                    if weak <= WELL_FILLED_WEAK:
                        return True
                    near.append((weak, draws, g))
                    return False

                return fillable

            def weak_entries(g) -> int:
                # how many entries scored under FAMILIAR_SCORE a quality fill
                # bounded by nodes, not time (so reproducible), keeps
                try:
                    res = quality_fill(
                        g,
                        pool,
                        budget=WELL_FILLED_SECONDS,
                        seed=1,
                        node_limit=WELL_FILLED_NODES,
                        node_budget=WELL_FILLED_NODES,
                        backend=backend,
                    )
                except FillStopped:
                    return len(g.slots)
                if res.filled is None:
                    return len(g.slots)
                return sum(scores[w] < FAMILIAR_SCORE for w in res.filled.words)

            found = None
            with progress_bar("designing", quiet, postfix="patterns drawn and checked") as bar:
                try:
                    found = design(
                        width,
                        height,
                        seed,
                        blocks=blocks,
                        fillable=fills(
                            FAMILIAR_SCORE, FAMILIAR_NODES if small else FAMILIAR_NODES_LARGE
                        ),
                        tries=FAMILIAR_TRIES if small else FAMILIAR_TRIES_LARGE,
                        progress=bar,
                    )
                    familiar = True
                except CrosswordError:
                    if near:  # the fewest weak entries, then the earliest draw
                        _, k, g = min(near)
                        found, familiar = (g, k), True
                if found is None:  # no pattern passed: the plain check
                    nodes = CHECK_NODES if small else CHECK_NODES_LARGE
                    found = design(
                        width,
                        height,
                        seed,
                        blocks=blocks,
                        fillable=fills(None, nodes),
                        tries=40,
                        progress=bar,
                    )
            g, drawn = found
    except CrosswordError as exc:
        click.echo(str(exc), err=True)
        raise click.exceptions.Exit(EXIT_NONE) from None
    _write("\n".join(g.rows), output)
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


CHECK_NODES = 60_000  # the fill check's node limit (a limit, not a timeout: reproducible)
# on grids larger than 15x15 a node costs more and a pattern that fills at all
# mostly fills within a few thousand nodes: a low limit moves on sooner
CHECK_NODES_LARGE = 10_000
# The check first asks more: a fill from the default list's familiar words (scored
# FAMILIAR_SCORE or more: met at least once in ten million words) within
# FAMILIAR_NODES nodes, for up to FAMILIAR_TRIES patterns (FAMILIAR_TRIES_LARGE on
# grids larger than 15x15, where fewer pass: about 1 21x21 in 12).  A
# pattern that passes is one whose quality fill scores well (the long,
# crossing-heavy patterns that force rare words fail it); the plain check is
# the fallback.
FAMILIAR_SCORE = 20
FAMILIAR_NODES = 10_000
FAMILIAR_TRIES = 12
FAMILIAR_TRIES_LARGE = 60
FAMILIAR_NODES_LARGE = 5_000
# On larger grids a familiar pattern must also keep at most WELL_FILLED_WEAK
# entries scored under FAMILIAR_SCORE in a quality fill of WELL_FILLED_NODES
# nodes (about 2 s), or the familiar pattern with the fewest is taken after
# FAMILIAR_TRIES_LARGE draws.  Of the familiar 21x21s drawn, about 4 in 10
# pass.  Measured with Spread the Wordlist, the fills of those that passed
# met the mark about twice as often as those of the others in a first
# measure, and no more often in a later one of eleven 21x21s
# (docs/performance.md): a weak preference at best.
WELL_FILLED_NODES = 30_000
WELL_FILLED_SECONDS = math.inf  # no time limit: the node budget ends the search
WELL_FILLED_WEAK = 3
