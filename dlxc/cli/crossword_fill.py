"""``dlxc crossword fill``: fill a grid with blocks from a word list, by
the crossword engine's quality search (the default), by a count, or by
Algorithm C on the XCC model (``--xcc``), or the proved-best fill
(``--best``).  Exit status: 0 done, 3 no fill
exists, 4 stopped by ``--node-limit`` or ``--timeout``, 1 bad input, 2
usage error, 130 interrupted.
"""

from __future__ import annotations

import json
import time

import click

from ..base.errors import EXIT_NONE, EXIT_STOPPED
from .common import seed_option, strict_option, timeout_while_preparing, user_errors
from .options import (
    engine_option,
    node_limit_option,
    quiet_option,
    timeout_option,
    write_result,
)
from .output import emit, output_format_options

DEFAULT_FILL_BUDGET = 3.0  # fill's --budget, seconds
NODES_FILL_BUDGET = 60.0  # and with --nodes: a safety net, not the limit


def stats_option(text: str):
    """--stats: the grid's statistics and the American checks."""
    return click.option("--stats", "stats", is_flag=True, help=text)


def region_options(f):
    """--slots, --region and --ban: fill part of the grid, keep the rest."""
    f = click.option(
        "--ban",
        "bans",
        multiple=True,
        metavar="SLOT=WORD,...",
        help="Keep these words out of one slot (17A=ERNE,ETUI), or out of every "
        "slot without SLOT= (ERNE,ETUI); repeatable.",
    )(f)
    f = click.option(
        "--ban-file",
        "ban_files",
        multiple=True,
        metavar="FILE",
        help="Bans read from FILE, one --ban value a line (SLOT=WORD,... or WORD,...; "
        "# starts a comment line); repeatable.",
    )(f)
    f = click.option(
        "--region",
        "rectangles",
        multiple=True,
        metavar="R1,C1:R2,C2",
        help="Fill only the open squares of this rectangle (two opposite corners, "
        "rows and columns counted from 1: 1,1:5,5 is the top left 5x5) and keep "
        "every other letter of GRID; repeatable, and with --slots the squares add up.",
    )(f)
    f = click.option(
        "--slots",
        "slot_names",
        multiple=True,
        metavar="SLOT,...",
        help="Fill only these slots' squares (17A,5D or 17-Across) and keep every "
        "other letter of GRID; complete slots outside keep their words even when "
        "the list lacks them.",
    )(f)
    return f


@click.command(
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
    "Given more than once, the lists stack: every word of each, scored by the FIRST "
    "list that holds it, as Crossfire and Ingrid rank their lists (your own words "
    'before the default list: -w mine.txt -w "$(dlxc example crossword-scored --path)"). '
    "Crossfire, Ingrid and XWord Info lists (WORD;score) and plain lists (Qxw's) read as they are.",
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
@seed_option(
    "Shuffle words of equal score and vary the order of candidates (0: the list's order).",
    default=0,
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
    "--best",
    "best",
    is_flag=True,
    help="Find the fill whose lowest word score is highest, then the highest mean "
    "score among those, and prove it (small grids; at a limit, the best found and "
    "the bound proved so far, exit 4).",
)
@click.option(
    "--xcc",
    is_flag=True,
    help="Search the XCC model (slots primary, cells colored by letter) with "
    "Algorithm C instead of the crossword engine.",
)
@region_options
@stats_option(
    "The fill's statistics and the American checks, as text on stderr "
    '(with --format json, also under "stats" in the document).'
)
@output_format_options
@timeout_option(
    "Stop the search after this long (exit 4); with --xcc the time counts "
    "from the start, building the model included."
)
@node_limit_option("Stop the search after N nodes (exit 4).")
@engine_option
@quiet_option()
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
    best,
    xcc,
    slot_names,
    rectangles,
    bans,
    ban_files,
    stats,
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
    shown to the solver, (.) a circled square, [HEART] a rebus square of
    several letters) from LIST."""
    from ..crossword.wordlist import fill_list
    from ..models.crossword.design import style_problems
    from ..models.crossword.fill import Filler, FillStopped, quality_fill, read_grid

    t0 = time.perf_counter()
    # --budget and --nodes steer the quality search, which --count and --xcc
    # do not make: say so up front rather than ignore them
    chooser = [
        name for name, v in (("--budget", budget), ("--nodes", node_budget)) if v is not None
    ]
    other = [name for name, v in (("--count", count), ("--xcc", xcc)) if v]
    if best and (chooser or other):
        raise click.UsageError(
            f"--best searches for the best fill on its own terms: leave out "
            f"{' and '.join(chooser + other)}."
        )
    if chooser and other:
        what = "counts every fill" if other[0] == "--count" else "takes Algorithm C's first fill"
        names = " and ".join(chooser)
        raise click.UsageError(
            f"{names} {'apply' if len(chooser) > 1 else 'applies'} to the search for the "
            f"best-scored fill, which {other[0]} does not make (it {what}): leave out "
            f"{names} or {other[0]}."
        )
    # with --best and --xcc the timeout counts from the start: it may come
    # while the list is read
    with timeout_while_preparing(timeout if best or xcc else None, t0):
        grid = read_grid(grid_file)
        for problem in style_problems(grid):
            click.echo(f"warning: {grid.source}: {problem} (American style)", err=True)
        pool = fill_list(word_files, backend, strict=strict, allow_all=allow_all)
        clues = None
        if clue_file is not None:
            from ..models.crossword.clues import read_clue_list

            clues = read_clue_list(clue_file, strict=strict).clues
    how = (fmt, output, paper, font, title, clues, stats)
    if stats and count:
        raise click.UsageError("--stats describes a fill, which --count does not print")
    regional = slot_names or rectangles or bans or ban_files
    if xcc and regional:
        raise click.UsageError(
            "--xcc fills the whole grid from the whole list: leave out --xcc, or "
            "--slots, --region and --ban"
        )
    if best and regional:
        raise click.UsageError(
            "--best proves the best fill of the whole grid: leave out --best, or "
            "--slots, --region and --ban"
        )
    if best:
        return _fill_best(grid, pool, min_score, how, timeout, node_limit, backend, quiet, t0)
    plan = None
    if regional:
        plan = _region_plan(grid, pool, min_score, slot_names, rectangles, bans, ban_files)
        pool, min_score, grid = plan.pool, None, plan.grid
    restrictions = plan.restrictions if plan else []
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
    filler = Filler(
        grid, pool, min_score=min_score, seed=seed, backend=backend, restrictions=restrictions
    )
    t1 = time.perf_counter()
    empty = filler.empty_slots()
    if empty:
        _no_candidates(plan.shown() if plan else grid, empty, count)
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
            write_result(str(n), output)
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
                restrictions=restrictions,
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
            sc = best.score
            shown = best.filled
            if plan is not None:
                shown = plan.filled(best.filled)
                sc = plan.score(best.filled)
            _print_fill(shown, how, sc)
            if not quiet and sc is not None:
                lowest = ", ".join(sc.lowest_words[:5]).upper()
                n_words = len(filler.pool) if plan is None else plan.list_size
                click.echo(
                    f"{len(grid.slots)} slots, {n_words} words; read and indexed "
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
            f"{len(grid.slots)} slots, {len(filler.pool) if plan is None else plan.list_size} "
            f"words; read and indexed in "
            f"{t1 - t0:.3f} s, searched in {time.perf_counter() - t1:.3f} s "
            f"({st['nodes']} nodes, {st['revisions']} revisions).",
            err=True,
        )


def _region_plan(grid, pool, min_score, slot_names, rectangles, bans, ban_files=()):
    """The engine's question for --slots, --region and --ban (the list
    less the words under ``min_score`` and those banned everywhere)."""
    from ..crossword.wordlist import without
    from ..models.crossword.region import parse_bans, plan, region_of

    names = [n for v in slot_names for n in v.split(",") if n.strip()]
    region = region_of(grid, names, rectangles)
    per_slot, everywhere = parse_bans(grid, bans, ban_files)
    if min_score is not None:
        pool = pool.filtered(i for i in range(len(pool)) if pool.scores[i] >= min_score)
    if everywhere:
        pool, _ = without(pool, everywhere)
    return plan(grid, pool, region=region, bans=per_slot)


def _no_candidates(grid, empty, count) -> None:
    def pattern(slot):
        return "".join(grid.show(grid.rows[r][c]) for r, c in slot.cells())

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


def _fill_best(grid, pool, min_score, how, timeout, node_limit, backend, quiet, t0) -> None:
    """``--best``: the proved-best fill (``best_fill``), or the best found
    and the bound proved when a limit ends the search (exit 4)."""
    from ..models.crossword.fill import Filler, best_fill

    with timeout_while_preparing(timeout, t0):  # the timeout still counts from the start
        probe = Filler(grid, pool, min_score=min_score, backend=backend)
        try:
            empty = probe.empty_slots()
        finally:
            probe.close()
    if empty:  # name the slots no word fits, as the other modes do
        _no_candidates(grid, empty, False)

    def progress(line: str) -> None:
        if not quiet:
            click.echo(f"best: {line}", err=True)

    if timeout is not None:
        timeout = max(0.0, timeout - (time.perf_counter() - t0))
    try:
        res = best_fill(
            grid,
            pool,
            min_score=min_score,
            node_limit=node_limit,
            timeout=timeout,
            backend=backend,
            progress=progress,
        )
    except KeyboardInterrupt as exc:
        so_far = getattr(exc, "best", None)
        if so_far is not None and so_far.filled is not None:
            _report_best(so_far, how, quiet, t0)
        raise
    _report_best(res, how, quiet, t0)


def _report_best(res, how, quiet, t0) -> None:
    """The fill of ``best_fill``'s result and what is proved of it; exit 3
    (no fill) or 4 (a limit ended it) where so."""
    took = f"{res.searches} searches, {res.nodes} nodes, {time.perf_counter() - t0:.3f} s"
    if res.filled is None:
        if res.complete:
            click.echo(f"No fill exists: the complete search proved it ({took}).", err=True)
            raise click.exceptions.Exit(EXIT_NONE)
        click.echo(f"The search stopped at its {res.stopped}, before it found a fill.", err=True)
        raise click.exceptions.Exit(EXIT_STOPPED)
    sc = res.score
    assert sc is not None  # a fill found has its score
    extra = {
        "proved": res.proved,
        "lowest_proved": res.lowest_proved,
        "lowest_bound": res.lowest_bound,
        "stopped": res.stopped,
    }
    _print_fill(res.filled, how, sc, extra)
    if res.proved:
        verdict = "proved optimal"
    elif res.lowest_proved:
        verdict = f"the lowest score is proved the highest; the mean is not proved ({res.stopped})"
    else:
        verdict = f"not proved ({res.stopped}): no fill's lowest score is above {res.lowest_bound}"
    if not quiet or not res.complete:
        lowest = ", ".join(sc.lowest_words[:5]).upper()
        click.echo(
            f"Best fill: lowest score {sc.lowest} ({lowest}), mean {sc.mean:.2f}; "
            f"{verdict} ({took}).",
            err=True,
        )
    if not res.complete and res.stopped != "interrupt":
        raise click.exceptions.Exit(EXIT_STOPPED)


def _print_fill(found, how, score=None, best=None) -> None:
    """The fill as text (the grid), as the fill's own JSON (grid and
    entries, with their clues when given, and its score when known), or as a
    page in any other format of ``dlxc.render``."""
    fmt, output, paper, font, title, clues, stats = how
    figures = None
    if stats:
        from ..models.crossword.stats import grid_stats

        figures = grid_stats(found.cells)
        click.echo(figures.text(), err=True)
    if fmt == "json":
        doc = found.to_json(clues)
        if figures is not None:
            doc["stats"] = figures.to_json()
        if score is not None:
            doc["score"] = {
                "mean": round(score.mean, 3),
                "lowest": score.lowest,
                "lowest_words": score.lowest_words,
            }
        if best is not None:
            doc["best"] = best
        write_result(json.dumps(doc, indent=1), output)
    elif fmt in (None, "text"):
        write_result(found.render(), output)
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
            write_result(str(n), how[1])
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
