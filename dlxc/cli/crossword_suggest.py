"""``dlxc crossword suggest``: the words that fit one slot of a partial
grid, best score first, each proved to leave the rest of the grid fillable
or not (or unknown when the budget ends), with the number of fills it
leaves; the slots no word fits; and for a grid with no fill, a smallest set
of slots that blocks it.  Exit status: 0 answered, 4 stopped by
``--node-limit`` or ``--timeout`` before every word was decided (the answer
so far is printed), 1 bad input, 2 usage error, 130 interrupted (the answer
so far is printed).
"""

from __future__ import annotations

import json

import click

from ..base.errors import EXIT_STOPPED
from .common import progress_bar, strict_option, timeout_while_preparing, user_errors
from .options import engine_option, node_limit_option, quiet_option, timeout_option, write_result

DEFAULT_SUGGEST_BUDGET = 1.0  # seconds
MAX_TOP = 1000  # the words one request checks: models/crossword/suggest.py's MAX_TOP


@click.command(
    epilog="Each word is fillable (a fill of the whole grid with it was found; "
    "--format json carries it), unfillable (the search with it in the slot was "
    "exhausted: no fill exists) or unknown (the budget ended first); 'fills' is "
    "the number of fills it leaves, '>= N' where the count did not finish. Exit "
    "status: 0 answered, 4 stopped by --timeout or --node-limit before every "
    "word was decided (the answer so far is printed), 1 bad input, 2 usage "
    "error, 130 interrupted (the answer so far is printed)."
)
@click.argument("grid_file", metavar="GRID")
@click.option(
    "--slot",
    "slot_name",
    required=True,
    metavar="SLOT",
    help="The slot: its clue number and direction (17A, 17-Across, 17a, 5D, 5-Down).",
)
@click.option(
    "-w",
    "--words",
    "word_files",
    multiple=True,
    metavar="LIST",
    help="The word list, as 'dlxc crossword fill' reads it (default: dlxc's "
    "crossword list); given more than once, the lists stack.",
)
@click.option(
    "--min-score",
    type=int,
    default=None,
    metavar="N",
    help="Use only the words scored N or more, in the slot and in the fills.",
)
@click.option(
    "--allow-all",
    is_flag=True,
    help="Keep the words of dlxc's ban list, which are left out by default.",
)
@click.option(
    "--top",
    type=click.IntRange(min=0, max=MAX_TOP),
    default=50,
    show_default=True,
    metavar="N",
    help=f"List the N best-scored words that fit (at most {MAX_TOP}).",
)
@click.option(
    "--budget",
    type=click.FloatRange(min=0),
    default=DEFAULT_SUGGEST_BUDGET,
    show_default=True,
    metavar="SECONDS",
    help="Search this long (best-scored words first, then counts); the words "
    "left undecided are 'unknown'.  For a grid with no fill, the blocking set "
    "gets what is left and at least a quarter of it more.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one line a word; json: one object with every word, its fill "
    "(witness) and its count.",
)
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
@click.option("-o", "--output", default=None, metavar="FILE", help="Write the answer here.")
@timeout_option("Stop after this long (exit 4 when words are left undecided).")
@node_limit_option("Stop after N search nodes in all (exit 4 when words are left undecided).")
@engine_option
@quiet_option()
@strict_option
@user_errors
def suggest(
    grid_file,
    slot_name,
    word_files,
    min_score,
    allow_all,
    top,
    budget,
    fmt,
    as_json,
    output,
    timeout,
    node_limit,
    backend,
    quiet,
    strict: bool = False,
):
    """The words that fit SLOT of GRID (the grid 'dlxc crossword fill'
    reads), best score first, each marked fillable, unfillable or unknown
    with the number of fills it leaves."""
    import time

    from ..crossword.wordlist import fill_list
    from ..models.crossword.fill import read_grid
    from ..models.crossword.suggest import UNKNOWN, Suggester, find_slot, parse_slot_name

    t0 = time.perf_counter()
    try:
        parse_slot_name(slot_name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--slot") from None
    # the timeout counts from the start: it may come while the list is read
    with timeout_while_preparing(timeout, t0):
        grid = read_grid(grid_file)
        slot = find_slot(grid, slot_name)
        pool = fill_list(word_files, backend, strict=strict, allow_all=allow_all)
        sg = Suggester(grid, pool, min_score=min_score, backend=backend)
    t1 = time.perf_counter()
    if timeout is not None:
        timeout = max(0.0, timeout - (t1 - t0))  # the timeout counts from the start
    try:
        with progress_bar("suggesting", quiet, postfix="words checked") as bar:

            def progress(what: str, done: int, total: int) -> None:
                bar(done / total if total else 1.0)

            result = sg.suggest(
                slot,
                top=top,
                budget=budget,
                timeout=timeout,
                node_limit=node_limit,
                progress=progress,
            )
    finally:
        sg.close()
    if as_json or fmt == "json":
        write_result(json.dumps(result.to_json(), indent=1), output)
    else:
        head = f"{slot.name} ({slot.length} letters, {result.pattern})"
        if result.slot_complete:
            head += ": the slot is already filled in"
        lines = [head] if not quiet else []
        body = result.render()
        if not result.suggestions:
            body = "\n".join(["no word of the list fits"] + ([body] if body else []))
        write_result("\n".join(lines + [body]), output)
    undecided = sum(1 for s in result.suggestions if s.status == UNKNOWN)
    if not quiet:
        shown = len(result.suggestions)
        fills = {True: "has fills", False: "has no fill", None: "undecided"}[result.grid_fillable]
        more = f" ({result.fitting - shown} more not checked)" if result.fitting > shown else ""
        excl = (
            f"; left out as already in the grid: {', '.join(result.duplicates).upper()}"
            if result.duplicates
            else ""
        )
        stop = f"; stopped by the {result.stopped}" if result.stopped else ""
        click.echo(
            f"{result.fitting} words fit{more}, {result.words} in the list; "
            f"{shown - undecided} of {shown} decided, the grid {fills}{excl}; "
            f"read in {t1 - t0:.3f} s, searched in {result.seconds:.3f} s "
            f"({result.nodes} nodes){stop}.",
            err=True,
        )
    if result.stopped == "interrupt":
        raise KeyboardInterrupt
    if result.stopped in ("timeout", "node limit") and undecided:
        raise click.exceptions.Exit(EXIT_STOPPED)
