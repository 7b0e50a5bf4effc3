"""``dlxc wordsearch`` and ``dlxc wordrect``: the puzzle modelers on the
command line.

Each search ends with an outcome the user can act on, and its own exit
status: 0 a layout was found (or counted), 3 no layout exists (a complete
search, or a cheap argument, proved it; stderr says why when that can be
told), 4 the search stopped at ``--node-limit`` or ``--timeout`` before
deciding.  1 is bad input, 2 a usage error, 130 Ctrl-C, as for every dlxc
command (``dlxc.cli.solve.user_errors``).  Layouts, counts and models go to
stdout; statistics, reasons and warnings to stderr.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import time

import click

from ..xcc.dlxformat import write_dlx
from ..models.wordrect import WordRectangle
from ..xcc.search import SearchStopped
from ..models.wordsearch import (DIRECTION_SETS, LayoutSearch, NoLayout,
                                 WordSearch, parse_mask)
from ..models.words import load_word_list, read_entries
from .scale import (extra_lines, limit_flag, progress_bar, puzzle_count_options,
                    run_count, stop_reason)
from .solve import user_errors, watch

EXIT_FOUND = 0
EXIT_NONE = 3      # no layout exists: the complete search (or a cheap argument) proved it
EXIT_STOPPED = 4   # --node-limit or --timeout stopped the search before it decided

_OUTCOMES = ("Exit status: 0 a layout was found (or counted), 3 no layout exists (proved; "
             "stderr says why when that is cheap to tell), 4 stopped by --node-limit or "
             "--timeout before deciding (a count so far is printed and marked partial), "
             "1 bad input, 2 usage error, 130 interrupted.")

_SIZE = re.compile(r"^\s*(\d+)\s*[xX\u00d7]\s*(\d+)\s*$")
_MAX_SIDE = 1000


def _size(text: str, what: str) -> tuple[int, int]:
    m = _SIZE.match(text)
    if not m:
        raise click.BadParameter(f"{text!r} is not a size like 6x6 or 15x20", param_hint=what)
    rows, cols = int(m.group(1)), int(m.group(2))
    if not (1 <= rows <= _MAX_SIDE and 1 <= cols <= _MAX_SIDE):
        raise click.BadParameter(f"{text!r}: each side must be from 1 to {_MAX_SIDE}",
                                 param_hint=what)
    return rows, cols


_PLAIN = re.compile(r"[\w@%+=:,./-]+")


def _quote(text: str) -> str:
    """``text`` for a shell: as it is when it needs no quoting (letters of
    any script included), else in shlex's quotes."""
    return text if _PLAIN.fullmatch(text) else shlex.quote(text)


def _command_line(ctx: click.Context) -> str:
    """The command as it was given, in a canonical order (arguments, then
    the options that differ from their defaults)."""
    parts = ["dlxc", ctx.info_name]
    for param in ctx.command.params:
        value = ctx.params.get(param.name)
        if isinstance(param, click.Argument):
            parts += [_quote(str(v)) for v in (value if param.nargs != 1 else [value])]
            continue
        if value is None or value == param.default or value is False or value == ():
            continue
        flag = max(param.opts, key=len)
        if getattr(param, "is_flag", False):
            parts.append(flag)
        else:
            parts += [flag, _quote(str(value))]
    return " ".join(parts)


def _stats_line(stats, quiet: bool, note: str = "") -> None:
    if not quiet and stats is not None:
        click.echo(stats.summary() + note, err=True)
        for line in extra_lines(stats):  # processes, memo table
            click.echo(line, err=True)


def _limits(f):
    f = click.option("-q", "--quiet", is_flag=True,
                     help="No statistics on stderr (reasons and errors still go there).")(f)
    f = click.option("--backend", type=click.Choice(["c", "python"]), default=None,
                     help="The engine (default: C when built, else the Python mirror).")(f)
    f = click.option("--timeout", type=click.FloatRange(min=0), default=None,
                     metavar="SECONDS", help="Stop searching after this many seconds "
                     "(exit status 4 if undecided).")(f)
    f = click.option("--node-limit", type=click.IntRange(min=1), default=None,
                     metavar="N", help="Stop searching after N nodes of the search tree "
                     "(exit status 4 if undecided).")(f)
    return f


def _direction_help() -> str:
    sets = "; ".join(f"{name} = {','.join(dirs)}" for name, dirs in DIRECTION_SETS.items()
                     if name not in ("forward", "hard"))
    return ("Allowed directions, comma-separated: E W S N SE SW NE NW, or a named set "
            f"({sets}; forward = easy, hard = all).")


# ---- dlxc wordsearch ----------------------------------------------------------------

@click.command(epilog=_OUTCOMES)
@click.argument("size", metavar="ROWSxCOLS")
@click.argument("words", nargs=-1, metavar="[WORD]...")
@click.option("-w", "--words", "word_file", default=None, metavar="FILE",
              help="Read words from FILE too ('-': standard input), one a line ('#' starts "
                   "a comment line).")
@click.option("-d", "--directions", default="all", show_default=True, metavar="SET",
              help=_direction_help())
@click.option("--mask", "mask_file", default=None, metavar="FILE",
              help="A picture of the grid, one line per row: '#' a square that is not a "
                   "cell, '.' a cell (spaces between squares are ignored).")
@click.option("--count", "count", is_flag=True, help="Print the number of layouts.")
@click.option("--limit", type=click.IntRange(min=1), default=None, metavar="N",
              help="Print the first N layouts as grids (the default is 1).")
@click.option("--seed", type=int, default=None, metavar="S",
              help="Make one puzzle from seed S: a random layout (drawn uniformly when the "
                   "layouts can be counted quickly), the empty cells filled with random "
                   "letters, each word found exactly once.")
@click.option("--dlx", "dlx", is_flag=True,
              help="Print the XCC model in Knuth's DLX format (DLX2 reads it) and stop.")
@click.option("--crossing", is_flag=True,
              help="Keep only layouts in which every word shares a cell with another "
                   "word (filtered from all layouts).")
@click.option("--filler", default=None, metavar="LETTERS",
              help="With --seed: the letters to fill empty cells with (default: the "
                   "letters of the words).")
@click.option("--answers", is_flag=True,
              help="With --seed: print the answer key after the puzzle.")
@click.option("--json", "as_json", is_flag=True,
              help="JSON: one object per layout and line, with the grid and every word's "
                   "row, col (from 0), direction and cells; with --count, the count.")
@puzzle_count_options
@_limits
@click.pass_context
@user_errors
def wordsearch(ctx, size, words, word_file, directions, mask_file, count, limit, seed, dlx,
               crossing, filler, answers, as_json, node_limit, timeout, backend, quiet,
               jobs, memo):
    """Hide WORDs in a grid of ROWSxCOLS cells: count the layouts, list
    them, or make a puzzle.

    A layout places every word once along an allowed direction, the letters
    agreeing where words share cells.  Words are Unicode letters, compared
    without case; spaces and hyphens in an entry are dropped.

    \b
    dlxc wordsearch 6x6 ABEL CANTOR GAUSS EULER --count
    dlxc wordsearch 4x4 ABEL LAND --directions E,W,S,N --crossing --limit 3
    dlxc wordsearch 15x15 --words puzzles/words/common20.txt --seed 7 --answers
    """
    rows, cols = _size(size, "ROWSxCOLS")
    modes = [m for m, on in (("--count", count), ("--dlx", dlx),
                             ("--limit", limit is not None), ("--seed", seed is not None))
             if on]
    if len(modes) > 1:
        raise click.UsageError(f"choose one of {' and '.join(modes)}")
    if (filler is not None or answers) and seed is None:
        raise click.UsageError("--filler and --answers go with --seed")
    _check_scale(count, jobs, memo)
    if crossing and memo:
        raise click.UsageError("--crossing checks every layout, which --memo does not visit; "
                               "drop one of them")
    if dlx and (crossing or as_json):
        raise click.UsageError("--dlx writes the XCC model; --crossing filters layouts "
                               "and --json formats them, so they do not go with it")
    entries, sources = list(words), [f"word {k + 1}" for k in range(len(words))]
    if word_file is not None:
        more, where = read_entries(word_file)
        entries += more
        sources += where
    if not entries:
        raise click.UsageError("give the words to hide (WORD... or --words FILE)")
    holes = None
    if mask_file is not None:
        with click.open_file(mask_file, encoding="utf-8") as f:
            text = f.read()
        _, _, holes = parse_mask(text, rows, cols,
                                 source="<stdin>" if mask_file == "-" else mask_file)
    ws = WordSearch(rows, cols, entries, directions, holes, sources=sources)

    if dlx:
        comment = "\n".join([
            _command_line(ctx),
            f"Word search in {_article(rows)} {rows}x{cols} grid"
            + (f" less {len(ws.holes)} squares" if ws.holes else "")
            + f", directions {','.join(ws.directions)}: {len(ws.words)} words.",
            "Primary items: the words. Secondary items: the cells row_col (from 0),",
            "colored by their letters. One option per placement of a word.",
            "Words: " + " ".join(ws.words),
        ])
        write_dlx(ws.problem, sys.stdout, comment=comment, knuth=True)
        return

    reasons = ws.obstacles()
    if reasons:
        _no_layout(ws, reasons, crossing)
    if seed is not None:
        _puzzle(ws, seed, filler, crossing, answers, as_json, node_limit, timeout, backend,
                quiet)
    elif count:
        _count_layouts(ws, crossing, as_json, node_limit, timeout, backend, quiet, jobs, memo)
    else:
        _list_layouts(ws, limit or 1, crossing, as_json, node_limit, timeout, backend, quiet)


def _no_layout(ws: WordSearch, reasons, crossing: bool, search_note: str = "") -> None:
    if reasons:
        click.echo("no layout exists: " + reasons[0], err=True)
        for why in reasons[1:]:
            click.echo("also: " + why, err=True)
    else:
        what = " in which every word crosses another" if crossing else ""
        click.echo(f"no layout{what} exists{search_note}", err=True)
        if not crossing and len(ws.words) > 1:
            core = ws.conflict(timeout=1.0)
            if core is not None and len(core) < len(ws.words):
                names = ", ".join(repr(w) for w in core)
                click.echo(f"the words {names} alone have no layout in this grid", err=True)
    raise click.exceptions.Exit(EXIT_NONE)


def _check_scale(count: bool, jobs: int, memo: bool) -> None:
    if (jobs != 1 or memo) and not count:
        raise click.UsageError("--jobs and --memo go with --count")


def _split_count(problem, jobs, memo, node_limit, timeout, backend, quiet, crossing=None):
    """A count shared by processes or memoized (``run_count``): its Stats
    and, when a limit stopped it, which one."""
    stats = run_count(problem, backend=backend, jobs=jobs, memo=memo, timeout=timeout,
                      node_limit=node_limit, quiet=quiet, label="counting", crossing=crossing)
    return stats, stop_reason(stats, timeout, node_limit)


def _count_layouts(ws, crossing, as_json, node_limit, timeout, backend, quiet, jobs, memo):
    if jobs != 1 or memo:
        stats, why = _split_count(ws.problem, jobs, memo, node_limit, timeout, backend, quiet,
                                  ws.cell_masks() if crossing else None)
        seen = stats.solutions
        n = seen if stats.crossing is None else stats.crossing
        complete = stats.complete
    else:
        with progress_bar("counting", quiet) as bar, \
                LayoutSearch(ws, crossing=crossing, backend=backend, node_limit=node_limit,
                             timeout=timeout) as found:
            watch(found.run.search)
            if bar.enabled:
                found.run.progress = bar
            n = found.count()
            stats, complete, why, seen = found.stats, found.complete, found.stopped, found.seen
    if as_json:
        click.echo(json.dumps({"layouts": n, "complete": complete, "crossing": crossing,
                               "nodes": stats.nodes, "updates": stats.updates,
                               "cleansings": stats.cleansings}))
    else:
        click.echo(n)
    note = f" {n} of the {seen} layouts cross." if crossing else ""
    _stats_line(stats, quiet, note)
    if not complete:
        click.echo(f"partial: stopped by {limit_flag(why, node_limit, timeout)} before "
                   "the search was complete; the count is of the layouts found so far",
                   err=True)
        raise click.exceptions.Exit(EXIT_STOPPED)
    if n == 0:
        _no_layout(ws, [], crossing, " (the complete search found none)")


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


def _list_layouts(ws, limit, crossing, as_json, node_limit, timeout, backend, quiet):
    with LayoutSearch(ws, crossing=crossing, backend=backend, node_limit=node_limit,
                      timeout=timeout) as found:
        watch(found.run.search)
        if not crossing:
            found.run.room = min(found.run.room, limit)
        shown = _print_grids(found, as_json, limit)
        stats = found.stats
        complete, stopped = found.complete, found.stopped
    _stats_line(stats, quiet)
    if shown:
        if stopped is not None and shown < limit:
            click.echo(f"note: stopped by {limit_flag(stopped, node_limit, timeout)} after "
                       f"{shown} of the {limit} layouts asked for", err=True)
        return
    if complete:
        _no_layout(ws, [], crossing, " (the complete search found none)")
    click.echo(f"undecided: stopped by {limit_flag(stopped, node_limit, timeout)} before a "
               "layout was found or ruled out", err=True)
    raise click.exceptions.Exit(EXIT_STOPPED)


def _puzzle(ws, seed, filler, crossing, answers, as_json, node_limit, timeout, backend, quiet):
    t0 = time.perf_counter()
    try:
        puzzle = ws.puzzle(seed, filler=filler, crossing=crossing, backend=backend,
                           node_limit=node_limit, timeout=timeout)
    except NoLayout as exc:
        if exc.reasons:
            _no_layout(ws, exc.reasons, crossing)
        click.echo(str(exc), err=True)
        raise click.exceptions.Exit(EXIT_NONE) from None
    except SearchStopped as exc:
        _stats_line(exc.stats, quiet)
        click.echo(f"undecided: {exc}", err=True)
        raise click.exceptions.Exit(EXIT_STOPPED) from None
    if as_json:
        click.echo(json.dumps(puzzle.to_json(), ensure_ascii=False))
    else:
        click.echo(puzzle.render())
        click.echo()
        click.echo("\n".join(puzzle.words))
        if answers:
            click.echo()
            click.echo(puzzle.answer_key())
    if not quiet:
        st = puzzle.stats
        how = ("drawn uniformly from all " f"{st.solutions} layouts" if puzzle.uniform else
               "found by a randomized search (too many layouts to draw uniformly)")
        click.echo(f"Puzzle from seed {seed}: layout {how}, {st.nodes} nodes, "
                   f"{puzzle.repairs} repairs, {time.perf_counter() - t0:.3f} s "
                   f"({st.backend} backend).", err=True)


def _article(n: int) -> str:
    """'an' before numbers read with a vowel sound (8, 11, 18, 80-89, 800...)."""
    text = str(n)
    return "an" if text[0] == "8" or (len(text) in (2, 5) and text[:2] in ("11", "18")) else "a"


# ---- dlxc wordrect ----------------------------------------------------------------

@click.command(epilog=_OUTCOMES.replace("a layout", "a rectangle").replace(
    "no layout", "no rectangle"))
@click.argument("size", metavar="MxN")
@click.option("-w", "--words", "word_file", required=True, metavar="FILE",
              help="The word list ('-': standard input), one word a line; entries that "
                   "are not purely letters are skipped (e.g. /usr/share/dict/words).")
@click.option("--lowercase", is_flag=True,
              help="Skip entries with an upper-case letter (the proper nouns of a "
                   "dictionary).")
@click.option("--distinct", is_flag=True, help="Use no word twice in one rectangle.")
@click.option("--count", "count", is_flag=True, help="Print the number of rectangles.")
@click.option("--limit", type=click.IntRange(min=1), default=None, metavar="N",
              help="Print the first N rectangles (the default is 1).")
@click.option("--dlx", "dlx", is_flag=True,
              help="Print the XCC model in Knuth's DLX format and stop.")
@click.option("--json", "as_json", is_flag=True,
              help="JSON: one object per rectangle and line (grid, across, down); with "
                   "--count, the count.")
@puzzle_count_options
@_limits
@click.pass_context
@user_errors
def wordrect(ctx, size, word_file, lowercase, distinct, count, limit, dlx, as_json,
             node_limit, timeout, backend, quiet, jobs, memo):
    """Fill an MxN rectangle so that every row is an N-letter word and
    every column an M-letter word of a list (Knuth's word rectangles).

    \b
    dlxc wordrect 3x3 --words puzzles/words/three-letter.txt --count
    dlxc wordrect 3x4 --words /usr/share/dict/words --lowercase --distinct --limit 5
    """
    rows, cols = _size(size, "MxN")
    modes = [m for m, on in (("--count", count), ("--dlx", dlx), ("--limit", limit is not None))
             if on]
    if len(modes) > 1:
        raise click.UsageError(f"choose one of {' and '.join(modes)}")
    if dlx and as_json:
        raise click.UsageError("--dlx writes the XCC model; --json does not go with it")
    _check_scale(count, jobs, memo)
    wl = load_word_list(word_file, lowercase_only=lowercase, lengths={rows, cols})
    wr = WordRectangle(rows, cols, wl, distinct=distinct)
    if not quiet:
        skipped = []
        if wl.skipped_not_letters:
            skipped.append(f"{wl.skipped_not_letters} not purely letters")
        if wl.skipped_case:
            skipped.append(f"{wl.skipped_case} with upper case")
        if wl.repeats:
            skipped.append(f"{wl.repeats} repeated")
        lengths = (f"{len(wr.across)} words of {cols} letters" if rows == cols else
                   f"{len(wr.across)} words of {cols} letters and {len(wr.down)} of {rows}")
        click.echo(f"{word_file}: {lengths}"
                   + (f" (skipped {', '.join(skipped)})" if skipped else ""), err=True)
    if dlx:
        comment = "\n".join([
            _command_line(ctx),
            f"Word rectangles {rows}x{cols}: primary items r0.. (rows) and c0.. (columns),",
            "secondary items row_col (cells, from 0) colored by their letters"
            + (", and one per word (--distinct)." if distinct else "."),
        ])
        write_dlx(wr.problem, sys.stdout, comment=comment, knuth=True)
        return
    reasons = wr.obstacles()
    if reasons:
        click.echo("no rectangle exists: " + "; ".join(reasons), err=True)
        raise click.exceptions.Exit(EXIT_NONE)
    if count and (jobs != 1 or memo):
        stats, stopped = _split_count(wr.problem, jobs, memo, node_limit, timeout, backend,
                                      quiet)
        n, complete = stats.solutions, stats.complete
    elif count:
        with progress_bar("counting", quiet) as bar, \
                wr.search(backend=backend, node_limit=node_limit, timeout=timeout) as run:
            watch(run.search)
            if bar.enabled:
                run.progress = bar
            n = run.count()
            stats, complete, stopped = run.stats, run.complete, run.stopped
    else:
        with wr.search(backend=backend, node_limit=node_limit, timeout=timeout) as run:
            watch(run.search)
            want = limit or 1
            run.room = min(run.room, want)
            shown = _print_grids(map(wr.rectangle, run), as_json, want)
            stats, complete, stopped = run.stats, run.complete, run.stopped
    if count:
        if as_json:
            click.echo(json.dumps({"rectangles": n, "complete": complete,
                                   "nodes": stats.nodes, "updates": stats.updates,
                                   "cleansings": stats.cleansings}))
        else:
            click.echo(n)
        shown = n
    _stats_line(stats, quiet)
    if count and not complete:
        click.echo(f"partial: stopped by {limit_flag(stopped, node_limit, timeout)} before the "
                   "search was complete; the count is of the rectangles found so far",
                   err=True)
        raise click.exceptions.Exit(EXIT_STOPPED)
    if shown:
        return
    if complete:
        click.echo("no rectangle exists (the complete search found none)", err=True)
        raise click.exceptions.Exit(EXIT_NONE)
    click.echo(f"undecided: stopped by {limit_flag(stopped, node_limit, timeout)} before a "
               "rectangle was found or ruled out", err=True)
    raise click.exceptions.Exit(EXIT_STOPPED)
